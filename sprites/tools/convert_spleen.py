"""One-off: build sprites/font8x16.txt (all 256 code page 437 glyphs) from Spleen 8x16.

    python3 sprites/tools/convert_spleen.py [/usr/share/fonts/X11/misc/spleen-8x16.pcf.gz]

Spleen (BSD-2, licence in sprites/LICENSE-spleen.txt) gives most glyphs. Glyphs whose
header says `hand` in an existing font8x16.txt were drawn by hand for this project
(Spleen lacks them, or its shape is not the CP437 one) and are kept as they are.
Codes neither source has are written as `todo` blanks; tests refuse those.
"""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from pcf import load_pcf  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "font8x16.txt")
DEFAULT_PCF = "/usr/share/fonts/X11/misc/spleen-8x16.pcf.gz"

# CP437 shows graphics for the control codes; the cp437 codec maps them to controls.
LOW = "\u0000☺☻♥♦♣♠•◘○◙♂♀♪♫☼►◄↕‼¶§▬↨↑↓→←∟↔▲▼"


def cp437_char(code: int) -> str:
    if code < 32:
        return LOW[code]
    if code == 127:
        return "⌂"
    return bytes([code]).decode("cp437")


def read_font_file(path: str) -> dict[int, tuple[str, list[str]]]:
    """{code: (source, 16 rows)} from a font8x16.txt."""
    glyphs: dict[int, tuple[str, list[str]]] = {}
    with open(path, encoding="utf-8") as fh:
        lines = [ln.rstrip("\n") for ln in fh if not ln.startswith(";")]
    i = 0
    while i < len(lines):
        if not lines[i].strip():
            i += 1
            continue
        head = lines[i].split()
        code, source = int(head[0], 16), head[1]
        glyphs[code] = (source, lines[i + 1:i + 17])
        i += 17
    return glyphs


def main(argv: list[str]) -> None:
    pcf_path = argv[1] if len(argv) > 1 else DEFAULT_PCF
    w, h, spleen = load_pcf(pcf_path)
    assert (w, h) == (8, 16), (w, h)
    old = read_font_file(OUT) if os.path.exists(OUT) else {}
    out = [
        "; G'NERTS 8x16 font: the 256 glyphs of code page 437, '#' = ink.",
        "; Header: code, source (spleen = converted from Spleen 8x16 by",
        "; sprites/tools/convert_spleen.py, see LICENSE-spleen.txt; hand = drawn for",
        "; this project), the Unicode character. Then 16 rows of 8 pixels.",
    ]
    for code in range(256):
        ch = cp437_char(code)
        if code in old and old[code][0] == "hand":
            source, rows = old[code]
        elif ord(ch) in spleen and code != 0:
            source, rows = "spleen", spleen[ord(ch)]
        elif code in (0, 32, 255):
            source, rows = "hand", ["." * 8] * 16  # blank cells
        else:
            source, rows = "todo", ["." * 8] * 16
        shown = ch if ch.isprintable() and not ch.isspace() else "-"
        out.append(f"{code:#04x} {source} U+{ord(ch):04X} {shown}")
        out.extend(rows)
    with open(OUT, "w", encoding="utf-8") as fh:
        fh.write("\n".join(out) + "\n")
    todo = sum(1 for ln in out if " todo " in ln)
    print(f"wrote {OUT}: {todo} glyphs still to draw")


if __name__ == "__main__":
    main(sys.argv)
