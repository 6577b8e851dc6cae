"""The 8x16 code page 437 bitmap font, read from sprites/font8x16.txt.

Text is a Python str: characters below 32 are the CP437 picture glyphs ("\\x03" is a
heart), other characters go through the cp437 codec ("═║░▒▓█" work, ASCII is itself),
the Unicode pictures of the low glyphs ("☺♥♦♣♠►◄↑↓→←▲▼⌂") are accepted too, and
anything else shows as "?". Colours are palette indices; bg=None is transparent.

Drawing is cached twice: coloured glyph surfaces per (code, fg, bg), and whole
rendered strings in an LRU, so a screen of unchanged text is one blit per string.
"""
from __future__ import annotations

from collections import OrderedDict

import pygame

from game.palette import PALETTE
from game.paths import asset_path

CELL_W = 8
CELL_H = 16
FONT_PATH = asset_path("sprites", "font8x16.txt")

# CP437 pictures for the control codes, and 0x7F.
_LOW_PICTURES = "\u0000☺☻♥♦♣♠•◘○◙♂♀♪♫☼►◄↕‼¶§▬↨↑↓→←∟↔▲▼"
_QUESTION = 0x3F
# A colour key no palette entry can collide with, also after 16-bit rounding.
_KEY = (254, 0, 254)
_STRING_CACHE_SIZE = 2048


def _build_char_map() -> dict[str, int]:
    table = {chr(c): c for c in range(32)}
    for code in range(32, 256):
        table[bytes([code]).decode("cp437")] = code
    for code, pic in enumerate(_LOW_PICTURES):
        if code:
            table[pic] = code
    table["⌂"] = 0x7F
    return table


CHAR_MAP = _build_char_map()


def encode(text: str) -> bytes:
    """The CP437 codes the font will draw for `text` (unknown characters -> '?')."""
    get = CHAR_MAP.get
    return bytes(get(ch, _QUESTION) for ch in text)


def text_width(text: str) -> int:
    """Width in pixels of `text` (every glyph is one 8-pixel cell)."""
    return len(text) * CELL_W


def load_glyph_rows(path: str = FONT_PATH) -> list[list[str]]:
    """The 256 glyphs as 16 rows of 8 '.'/'#' characters, from the font text file."""
    glyphs: list[list[str] | None] = [None] * 256
    with open(path, encoding="utf-8") as fh:
        lines = [ln.rstrip("\n") for ln in fh if not ln.startswith(";")]
    i = 0
    while i < len(lines):
        if not lines[i].strip():
            i += 1
            continue
        code = int(lines[i].split()[0], 16)
        rows = lines[i + 1:i + 1 + CELL_H]
        if len(rows) != CELL_H or any(len(r) != CELL_W or r.strip(".#") for r in rows):
            raise ValueError(f"glyph {code:#04x} in {path} is not 16 rows of 8 '.'/'#'")
        glyphs[code] = rows
        i += 1 + CELL_H
    missing = [c for c, g in enumerate(glyphs) if g is None]
    if missing:
        raise ValueError(f"{path} lacks glyphs {missing}")
    return glyphs  # type: ignore[return-value]


def _row_runs(row: str) -> list[tuple[int, int]]:
    """The runs of ink in one glyph row: (x, length) each."""
    runs = []
    x = 0
    while x < CELL_W:
        if row[x] == "#":
            start = x
            while x < CELL_W and row[x] == "#":
                x += 1
            runs.append((start, x - start))
        else:
            x += 1
    return runs


def _rgb(colour) -> tuple[int, int, int]:
    return PALETTE[colour] if isinstance(colour, int) else tuple(colour)


class Font:
    def __init__(self, path: str = FONT_PATH):
        self.rows = load_glyph_rows(path)
        # Horizontal runs of ink per glyph: (x, y, length), for fast colouring; found
        # when a glyph is first drawn (a title draws 50 of the 256: start-up time)
        self._runs: list[list[tuple[int, int, int]] | None] = [None] * 256
        self._glyphs: dict[tuple, pygame.Surface] = {}
        self._strings: OrderedDict[tuple, pygame.Surface] = OrderedDict()

    # -- single glyphs -------------------------------------------------------------
    def _ink(self, code: int) -> list[tuple[int, int, int]]:
        """The runs of ink of glyph `code`: (x, y, length) each; [] for a blank one."""
        runs = self._runs[code]
        if runs is None:
            runs = self._runs[code] = [(x, y, n) for y, row in enumerate(self.rows[code])
                                       for x, n in _row_runs(row)]
        return runs

    def glyph(self, code: int, fg: int, bg: int | None = None) -> pygame.Surface:
        """The 8x16 surface of CP437 `code` in palette colours (cached; do not draw on it)."""
        key = (code, fg, bg)
        surf = self._glyphs.get(key)
        if surf is None:
            surf = pygame.Surface((CELL_W, CELL_H))
            if bg is None:
                surf.fill(_KEY)
                surf.set_colorkey(_KEY, pygame.RLEACCEL)
            else:
                surf.fill(_rgb(bg))
            ink = _rgb(fg)
            for x, y, n in self._ink(code):
                surf.fill(ink, (x, y, n, 1))
            self._glyphs[key] = surf
        return surf

    # -- strings -------------------------------------------------------------------
    def render(self, text: str, fg: int, bg: int | None = None) -> pygame.Surface:
        """`text` on one line as a surface (LRU-cached; do not draw on it)."""
        key = (text, fg, bg)
        cache = self._strings
        surf = cache.get(key)
        if surf is not None:
            cache.move_to_end(key)
            return surf
        codes = encode(text)
        surf = pygame.Surface((max(1, len(codes)) * CELL_W, CELL_H))
        if bg is None:
            surf.fill(_KEY)
            surf.set_colorkey(_KEY, pygame.RLEACCEL)
        else:
            surf.fill(_rgb(bg))
        # Opaque glyphs when there is a background: plain copies, faster than keyed ones.
        glyph, ink = self.glyph, self._ink
        surf.fblits([(glyph(c, fg, bg), (i * CELL_W, 0)) for i, c in enumerate(codes) if ink(c)])
        cache[key] = surf
        if len(cache) > _STRING_CACHE_SIZE:
            cache.popitem(last=False)
        return surf

    def draw(self, surface: pygame.Surface, x: int, y: int, text: str, fg: int,
             bg: int | None = None) -> int:
        """Draw `text` with its top-left at pixel (x, y); returns the width drawn in pixels."""
        if not text:
            return 0
        surface.blit(self.render(text, fg, bg), (x, y))
        return len(text) * CELL_W

    def draw_cell(self, surface: pygame.Surface, col: int, row: int, text: str, fg: int,
                  bg: int | None = None) -> int:
        """Draw `text` at text cell (col, row) of the 80x30 grid; returns the width in pixels."""
        return self.draw(surface, col * CELL_W, row * CELL_H, text, fg, bg)

    @staticmethod
    def text_width(text: str) -> int:
        return len(text) * CELL_W


_FONT: Font | None = None


def get_font() -> Font:
    """The one shared Font (loaded on first use)."""
    global _FONT
    if _FONT is None:
        _FONT = Font()
    return _FONT
