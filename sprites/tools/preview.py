"""Render preview PNGs of the font and the cards to look at them.

    SDL_VIDEODRIVER=dummy python3 sprites/tools/preview.py [outdir]   (default /tmp)

Writes preview_font.png (256 glyphs, 32x8, x2), preview_cards.png (52 faces in both
sizes, the backs, empty slots, frames, a Nerts-style overlapped column), and
preview_table.png (a mock 640x480 screen at x1 to judge the real size).
"""
from __future__ import annotations

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

import pygame  # noqa: E402

from game.font import CELL_H, CELL_W, get_font  # noqa: E402
from game.palette import BLACK, BLUE, DARK_GREY, LIGHT_GREY, PALETTE, WHITE, YELLOW  # noqa: E402


def font_sheet() -> pygame.Surface:
    f = get_font()
    pad = 2
    sheet = pygame.Surface((32 * (CELL_W + pad) + pad, 8 * (CELL_H + pad) + pad + 3 * CELL_H))
    sheet.fill(PALETTE[DARK_GREY])
    for code in range(256):
        col, row = code % 32, code // 32
        sheet.blit(f.glyph(code, WHITE, BLUE), (pad + col * (CELL_W + pad), pad + row * (CELL_H + pad)))
    y = 8 * (CELL_H + pad) + pad
    f.draw(sheet, 0, y, "╔══╦══╗┌──┬──┐ ░░▒▒▓▓██ \x03\x04\x05\x06 Hello, G'NERTS! 10\x03 Q\x06", YELLOW, BLUE)
    f.draw(sheet, 0, y + 16, "╠══╬══╣├──┼──┤ ▄▄▀▀▌▐ \x18\x19\x1a\x1b \x10\x11 \x1e\x1f ☺☻ αßΓπΣσµτΦΘΩδ∞",
           WHITE, BLACK)
    f.draw(sheet, 0, y + 32, "╚══╩══╝└──┴──┘ The quick brown fox jumps over the lazy dog", LIGHT_GREY, BLACK)
    return pygame.transform.scale_by(sheet, 2)


def main(outdir: str = "/tmp") -> None:
    pygame.image.save(font_sheet(), os.path.join(outdir, "preview_font.png"))
    try:
        from game import card_art  # noqa: F401
    except ImportError:
        return
    import preview_cards  # noqa: E402
    preview_cards.main(outdir)


if __name__ == "__main__":
    main(*sys.argv[1:])
