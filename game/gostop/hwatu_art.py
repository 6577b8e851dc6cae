"""Hwatu cards in pixel art: portrait 2:3 (32x48), palette colours only.

Every face is the month's plant drawn with pygame primitives over the face colour
(so the plant's colour and shape say the month), a white corner tag with the
month number, and the category on top of that:
  bright      a red disk with a white "光"-like mark in the top right corner,
              and its emblem (crane, curtain, moon, phoenix, rain man)
  animal      its animal or object (sprites/hwatu.txt)
  ribbon      a hanging ribbon: red poem (with black writing), blue, grass
              (green) or rain (grey with light blue streaks)
  double      a red "x2" box in the bottom right corner
  bonus       a yellow card with a big "+2"/"+3"
Backs are dark red, as traditional Hwatu backs are.

    face(card, face_color=WHITE) -> Surface     (cached; do not draw on it)
    back(color=RED) -> Surface                 (cached)
    mini_back(color=RED) -> Surface            (12x18, for counts of hidden hands)
    draw_frame(surface, rect, color, width=2)  (cursor / highlight, from card_art)
    sheet(face_color=WHITE, columns=10) -> Surface  every card face, for looking at
"""
from __future__ import annotations

import math
import os
from functools import cache, lru_cache

import pygame

from game.card_art import (
    card_blank,
    draw_frame,  # noqa: F401  (re-exported for the table)
)
from game.palette import (
    BLACK,
    BLUE,
    BROWN,
    DARK_GREY,
    GREEN,
    LIGHT_BLUE,
    LIGHT_GREEN,
    LIGHT_GREY,
    LIGHT_MAGENTA,
    LIGHT_RED,
    MAGENTA,
    PALETTE,
    RED,
    WHITE,
    YELLOW,
)
from game.paths import asset_path
from game.sprite_text import read_sections

from .cards import ANIMAL, BONUS, BRIGHT, CARDS, DOUBLE, GRASS, RAIN, RIBBON
from .cards import BLUE as RIB_BLUE
from .cards import RED as RIB_RED

CARD_W, CARD_H = 32, 48
MINI_W, MINI_H = 12, 18
ART_PATH = asset_path("sprites", "hwatu.txt")


# -- the sprite file ------------------------------------------------------------------
def load_sprites(path: str = ART_PATH) -> dict[str, list[str]]:
    """{name: rows} of every "sprite NAME" section; short rows are padded with '.'."""
    sections = read_sections(path, {"sprite"}, ".#0123456789abcdef", pad=True)
    return {name: rows for (_, name), rows in sections.items()}


@lru_cache(maxsize=1)
def _sprites():
    return load_sprites()


def _rgb(c):
    return PALETTE[c]


def _blit_sprite(surf, name, x, y, ink=BLACK, flip=False):
    """Draw sprite `name` at (x, y): '#' in `ink`, hex digits in their palette colour."""
    rows = _sprites()[name]
    for dy, row in enumerate(rows):
        if flip:
            row = row[::-1]
        for dx, ch in enumerate(row):
            if ch == ".":
                continue
            c = ink if ch == "#" else int(ch, 16)
            surf.set_at((x + dx, y + dy), _rgb(c))


def _size(name):
    rows = _sprites()[name]
    return len(rows[0]), len(rows)


def _number(surf, n, x, y, ink, scale=1):
    """Digits of the 3x5 font (with 'x' and '+' as "x"/"+" in the text)."""
    for ch in str(n):
        key = {"x": "dx", "+": "dplus"}.get(ch, f"d{ch}")
        rows = _sprites()[key]
        for dy, row in enumerate(rows):
            for dx, c in enumerate(row):
                if c == "#":
                    surf.fill(_rgb(ink), (x + dx * scale, y + dy * scale, scale, scale))
        x += 4 * scale
    return x


# -- card blanks ----------------------------------------------------------------------
# -- the twelve plants (drawn inside the 1-px outline) ----------------------------------
def _circle(s, colour, centre, r, width=0):
    pygame.draw.circle(s, _rgb(colour), centre, r, width)


def _line(s, colour, a, b, width=1):
    pygame.draw.line(s, _rgb(colour), a, b, width)


def _blossom(s, x, y, petal, centre=YELLOW):
    """A five-pixel flower: petals round a coloured heart."""
    _circle(s, petal, (x, y), 2)
    s.set_at((x, y), _rgb(centre))


def _pine(s, card):
    _line(s, BROWN, (6, 46), (16, 20), 3)
    _line(s, BROWN, (13, 28), (25, 22), 2)
    for cx, cy, w in ((15, 19, 20), (24, 24, 12), (9, 30, 14), (18, 36, 16)):
        pygame.draw.ellipse(s, _rgb(GREEN), (cx - w // 2, cy - 3, w, 7))
        pygame.draw.ellipse(s, _rgb(BLACK), (cx - w // 2, cy - 3, w, 7), 1)
        for k in range(-w // 2 + 2, w // 2 - 1, 2):
            s.set_at((cx + k, cy - 2), _rgb(LIGHT_GREEN))


def _plum(s, card):
    _line(s, BLACK, (2, 40), (14, 22), 2)
    _line(s, BLACK, (14, 22), (29, 12), 2)
    _line(s, BLACK, (14, 22), (12, 8), 1)
    for x, y in ((6, 35), (12, 25), (19, 18), (26, 13), (12, 11), (20, 27), (8, 17), (24, 22)):
        _blossom(s, x, y, RED)


def _cherry(s, card):
    _line(s, BROWN, (1, 12), (28, 4), 2)
    for x, y in ((4, 14), (9, 10), (15, 13), (21, 8), (26, 12), (6, 20), (12, 18),
                 (19, 17), (25, 19), (10, 25), (17, 23), (23, 26), (5, 28), (14, 30)):
        _blossom(s, x, y, LIGHT_MAGENTA, WHITE)


def _wisteria(s, card):
    """Black bush clover: black strands of leaves hanging from the top, red berries."""
    _line(s, BLACK, (1, 2), (30, 2), 1)
    for x, length in ((4, 28), (11, 36), (18, 24), (25, 38)):
        _line(s, BLACK, (x, 2), (x, 2 + length), 1)
        for y in range(5, 2 + length, 4):
            s.fill(_rgb(BLACK), (x - 3 + 4 * ((y // 4) % 2), y, 3, 2))
        _circle(s, RED, (x, 3 + length), 1)


def _orchid(s, card):
    for x0 in (4, 9, 15, 21, 26):
        _line(s, GREEN, (x0, 46), (x0 + (3 if x0 < 16 else -3), 18), 1)
    for x, y in ((7, 16), (16, 11), (25, 17), (12, 24), (21, 26)):
        pygame.draw.polygon(s, _rgb(BLUE), [(x, y - 4), (x + 3, y), (x, y + 3), (x - 3, y)])
        s.set_at((x, y), _rgb(LIGHT_BLUE))
        s.set_at((x, y - 2), _rgb(LIGHT_BLUE))


def _peony(s, card):
    for cx, cy in ((6, 30), (25, 31), (15, 38)):
        pygame.draw.ellipse(s, _rgb(GREEN), (cx - 6, cy - 3, 12, 7))
        _line(s, BLACK, (cx - 5, cy), (cx + 5, cy), 1)
    _circle(s, RED, (16, 18), 9)
    _circle(s, LIGHT_RED, (16, 18), 6)
    _circle(s, RED, (16, 18), 3)
    _circle(s, MAGENTA, (16, 18), 9, 1)


def _redclover(s, card):
    for x0, bend in ((3, 14), (11, 12), (19, 10)):
        pts = [(x0 + int(bend * math.sin(t / 10)), 2 + t * 4) for t in range(11)]
        pygame.draw.lines(s, _rgb(BROWN), False, pts, 1)
        for i, (x, y) in enumerate(pts[1:]):
            s.fill(_rgb(RED if i % 2 else MAGENTA), (x + 1, y, 2, 2))
            s.fill(_rgb(RED if i % 2 == 0 else MAGENTA), (x - 2, y + 1, 2, 2))


def _pampas(s, card):
    """A black hill under the sky (red for the moon card), white grass tips."""
    if card.category == BRIGHT:
        s.fill(_rgb(RED), (1, 1, 30, 26))
    pygame.draw.ellipse(s, _rgb(BLACK), (-14, 24, 60, 44))
    for x in range(3, 30, 4):
        _line(s, WHITE, (x, 28 + (x % 3)), (x + 2, 24 + (x % 5)), 1)


def _chrysanthemum(s, card):
    for cx, cy in ((7, 36), (24, 36)):
        pygame.draw.ellipse(s, _rgb(GREEN), (cx - 6, cy - 3, 12, 7))
    _line(s, GREEN, (16, 46), (16, 22), 1)
    _circle(s, YELLOW, (16, 17), 8)
    for a in range(0, 360, 30):
        x = 16 + int(round(8 * math.cos(math.radians(a))))
        y = 17 + int(round(8 * math.sin(math.radians(a))))
        s.set_at((x, y), _rgb(BROWN))
    _circle(s, RED, (16, 17), 3)


def _maple_leaf(s, x, y, colour):
    pts = [(x, y - 4), (x + 1, y - 1), (x + 4, y - 2), (x + 2, y + 1), (x + 3, y + 3),
           (x, y + 2), (x - 3, y + 3), (x - 2, y + 1), (x - 4, y - 2), (x - 1, y - 1)]
    pygame.draw.polygon(s, _rgb(colour), pts)


def _maple(s, card):
    _line(s, BROWN, (1, 8), (30, 20), 1)
    _line(s, BROWN, (12, 12), (8, 30), 1)
    for i, (x, y) in enumerate(((5, 8), (14, 7), (23, 12), (28, 22), (17, 18), (8, 18),
                                (6, 28), (13, 31), (22, 27), (27, 33))):
        _maple_leaf(s, x, y, RED if i % 3 else LIGHT_RED)


def _paulownia(s, card):
    """Yellow ground, broad black leaves, a magenta flower stalk."""
    s.fill(_rgb(YELLOW), (1, 26, 30, 20))
    for cx, cy in ((8, 32), (23, 32), (15, 40)):
        pygame.draw.ellipse(s, _rgb(BLACK), (cx - 8, cy - 5, 16, 10))
        _line(s, DARK_GREY, (cx - 5, cy), (cx + 5, cy), 1)
    _line(s, BLACK, (16, 26), (16, 8), 1)
    for y in range(8, 24, 3):
        s.fill(_rgb(MAGENTA), (13, y, 3, 2))
        s.fill(_rgb(MAGENTA), (17, y + 1, 3, 2))


def _rain(s, card):
    """Rain: dark sky, green willow strands, rain streaks."""
    s.fill(_rgb(DARK_GREY), (1, 1, 30, 46))
    for x in range(2, 31, 5):
        for y in range(3 + x % 4, 45, 7):
            _line(s, LIGHT_GREY, (x, y), (x - 1, y + 3), 1)
    for x0 in (6, 14, 23):
        pts = [(x0 + int(4 * math.sin(t / 3)), t * 3) for t in range(1, 12)]
        pygame.draw.lines(s, _rgb(LIGHT_GREEN), False, pts, 1)
        for x, y in pts[::2]:
            s.set_at((x + 1, y), _rgb(GREEN))
    if card.category == DOUBLE:   # the thunder drum of the December double junk
        _circle(s, RED, (14, 28), 7)
        _circle(s, BLACK, (14, 28), 7, 1)
        _circle(s, YELLOW, (14, 28), 2)


_PLANTS = {1: _pine, 2: _plum, 3: _cherry, 4: _wisteria, 5: _orchid, 6: _peony,
           7: _redclover, 8: _pampas, 9: _chrysanthemum, 10: _maple, 11: _paulownia, 12: _rain}

# The sprite of each bright and animal, by month.
_BRIGHT_SPRITE = {1: "crane", 3: "curtain", 11: "phoenix", 12: "rainman"}
_ANIMAL_SPRITE = {2: "warbler", 4: "cuckoo", 5: "bridge", 6: "butterflies", 7: "boar",
                  8: "geese", 9: "sake", 10: "deer", 12: "swallow"}
_RIBBON_COLOURS = {RIB_RED: (RED, BLACK), RIB_BLUE: (BLUE, LIGHT_BLUE), GRASS: (GREEN, LIGHT_GREEN),
                   RAIN: (LIGHT_GREY, BLUE)}


def _ribbon(s, card):
    body, mark = _RIBBON_COLOURS[card.ribbon]
    pts = [(9, 9), (18, 9), (22, 42), (16, 44), (13, 42)]
    pygame.draw.polygon(s, _rgb(body), pts)
    pygame.draw.polygon(s, _rgb(BLACK), pts, 1)
    _line(s, BLACK, (8, 9), (19, 9), 1)
    if card.ribbon == RIB_RED:
        # the poem: three little black glyphs down the ribbon ("hong-dan")
        for i, y in enumerate((14, 22, 30)):
            x = 13 + (y - 12) // 8
            s.fill(_rgb(BLACK), (x, y, 3, 1))
            s.fill(_rgb(BLACK), (x + 1, y + 1, 1, 3))
            s.fill(_rgb(BLACK), (x, y + 3 + i % 2, 3, 1))
    elif card.ribbon == RAIN:
        for y in range(13, 40, 5):
            _line(s, mark, (12 + (y - 9) // 8, y), (14 + (y - 9) // 8, y + 2), 1)
    else:
        for y in range(14, 40, 6):
            x = 12 + (y - 9) // 8
            s.fill(_rgb(mark), (x, y, 5, 1))


def _moon(s):
    _circle(s, YELLOW, (16, 14), 9)
    _circle(s, WHITE, (16, 14), 7)


def _tag(s, month):
    """The corner tag: the month number in a white box, for newcomers."""
    w = 9 if month >= 10 else 5
    s.fill(_rgb(WHITE), (1, 1, w + 1, 8))
    _line(s, BLACK, (1, 8), (w + 1, 8), 1)
    _line(s, BLACK, (w + 2, 1), (w + 2, 8), 1)
    _number(s, month, 2, 2, BLACK)


def _bright_mark(s):
    _circle(s, RED, (25, 6), 6)
    _circle(s, YELLOW, (25, 6), 6, 1)
    _blit_sprite(s, "bright", 22, 3, WHITE)


def _double_mark(s):
    s.fill(_rgb(RED), (19, 1, 12, 9))
    pygame.draw.rect(s, _rgb(YELLOW), (19, 1, 12, 9), 1)
    _number(s, "x2", 21, 3, WHITE)


def _bottom(s, name):
    w, h = _size(name)
    _blit_sprite(s, name, (CARD_W - w) // 2, CARD_H - 2 - h)


def _bonus_face(card, face_color):
    s = card_blank(CARD_W, CARD_H, YELLOW)
    pygame.draw.rect(s, _rgb(RED), (3, 3, CARD_W - 6, CARD_H - 6), 1)
    for i in range(5):  # a star
        a = math.radians(-90 + i * 72)
        _line(s, RED, (16, 14), (16 + int(7 * math.cos(a)), 14 + int(7 * math.sin(a))), 2)
    _circle(s, WHITE, (16, 14), 2)
    _number(s, f"+{card.value}", 5, 26, RED, scale=3)
    return s


@cache
def _face(card_id: int, face_color: int) -> pygame.Surface:
    card = CARDS[card_id]
    if card.category == BONUS:
        return _bonus_face(card, face_color)
    s = card_blank(CARD_W, CARD_H, face_color)
    clip = s.get_clip()
    s.set_clip(pygame.Rect(1, 1, CARD_W - 2, CARD_H - 2))
    _PLANTS[card.month](s, card)
    cat = card.category
    if cat == BRIGHT:
        if card.month == 8:
            _moon(s)
        else:
            if card.month == 1:   # the crane under the red sun
                _circle(s, RED, (21, 25), 7)
            _bottom(s, _BRIGHT_SPRITE[card.month])
    elif cat == ANIMAL and card.month == 8:   # the geese fly in a yellow sky
        s.fill(_rgb(YELLOW), (1, 9, 30, 17))
        _blit_sprite(s, "geese", 8, 11)
    elif cat == ANIMAL:
        _bottom(s, _ANIMAL_SPRITE[card.month])
    elif cat == RIBBON:
        _ribbon(s, card)
    s.set_clip(clip)
    _tag(s, card.month)
    if cat == BRIGHT:
        _bright_mark(s)
    elif cat == DOUBLE:
        _double_mark(s)
    # the outline again, over anything drawn to the edge
    o = _rgb(BLACK)
    s.fill(o, (2, 0, CARD_W - 4, 1))
    s.fill(o, (2, CARD_H - 1, CARD_W - 4, 1))
    s.fill(o, (0, 2, 1, CARD_H - 4))
    s.fill(o, (CARD_W - 1, 2, 1, CARD_H - 4))
    return s


def face(card, face_color: int = WHITE) -> pygame.Surface:
    """The face of a Hwatu card (cached; do not draw on it)."""
    return _face(card.id, face_color)


@cache
def back(color: int = RED) -> pygame.Surface:
    """A card back: the traditional dark red with a lighter lattice."""
    s = card_blank(CARD_W, CARD_H, color)
    hi = _rgb(color ^ 8)
    for y in range(3, CARD_H - 3):
        for x in range(3, CARD_W - 3):
            if (x + y) % 6 == 0 or (x - y) % 6 == 0:
                s.set_at((x, y), hi)
    pygame.draw.rect(s, hi, (2, 2, CARD_W - 4, CARD_H - 4), 1)
    return s


@cache
def mini_back(color: int = RED) -> pygame.Surface:
    s = card_blank(MINI_W, MINI_H, color)
    pygame.draw.rect(s, _rgb(color ^ 8), (2, 2, MINI_W - 4, MINI_H - 4), 1)
    return s


def sheet(face_color: int = WHITE, columns: int = 10, bg: int = GREEN) -> pygame.Surface:
    """Every card face (and the back) on one surface, months in rows of four."""
    pad = 4
    cards = list(CARDS) + [None]
    rows = -(-len(cards) // columns)
    s = pygame.Surface((pad + columns * (CARD_W + pad), pad + rows * (CARD_H + pad)))
    s.fill(_rgb(bg))
    for i, c in enumerate(cards):
        x = pad + (i % columns) * (CARD_W + pad)
        y = pad + (i // columns) * (CARD_H + pad)
        s.blit(back() if c is None else face(c, face_color), (x, y))
    return s


def main(argv=None) -> int:
    """python -m game.gostop.hwatu_art [OUT.png] [--scale N]: save the sheet of faces."""
    import argparse
    p = argparse.ArgumentParser(description="Save a sheet of every Hwatu card face as a PNG.")
    p.add_argument("out", nargs="?", default="hwatu-sheet.png")
    p.add_argument("--scale", type=int, default=3, help="whole-number zoom (default 3)")
    p.add_argument("--columns", type=int, default=8)
    a = p.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.init()
    s = sheet(columns=a.columns)
    pygame.image.save(pygame.transform.scale_by(s, max(1, a.scale)), a.out)
    print(f"{a.out}: {len(CARDS)} faces and the back")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
