"""Gnono cards in pixel art: palette colours only, drawn from sprites/gnono.txt
(digits, letters, arrows) and in code (the tilted oval, the Skip ring, the backs).

A face is the card's colour inside a white border, a white oval tilted to the
right with the big number or symbol in the card's colour (outlined in black), and
the index in the top-left corner: the number or symbol, and under it the colour's
letter (R Y G B, W for wilds) so a colour-blind player reads the colour too. 6 and 9
are underlined. Wilds are black with a four-colour oval; Wild Draw Four adds "+4".

Two sizes: "normal" (41x57: the hand, the discard pile) and "small" (29x39: the
other seats' hands and the scoring screen). The index sits in the left strip of
LEFT_STRIP pixels, so a hand fanned by that much still reads.

    face(card, size="normal") -> Surface        (cached; do not draw on it)
    back(size="normal", color=RED) -> Surface   (cached; the oval in `color`)
    swatch(color, w, h) -> Surface              (a colour's patch with its letter)
    card_size(size) -> (w, h);  COLOR_INK[letter] -> palette index
    sheet(columns=14) -> Surface                (every face and the backs, to look at)
"""
from __future__ import annotations

import math
import os
from functools import cache, lru_cache

import pygame

from game.card_art import KEY, card_blank, draw_frame, empty_slot  # noqa: F401  (frame, slot: for the table)
from game.palette import BLACK, GREEN, LIGHT_BLUE, LIGHT_GREY, PALETTE, RED, WHITE, YELLOW
from game.paths import asset_path
from game.sprite_text import read_sections

from .cards import COLORS, DRAW_TWO, REVERSE, SKIP, Card, full_deck

SIZES = {"normal": (41, 57), "small": (29, 39)}
LEFT_STRIP = 12          # the index (number and colour letter) lies in columns 0..11
COLOR_INK = {"R": RED, "Y": YELLOW, "G": GREEN, "B": LIGHT_BLUE}
# A dark partner for each colour: the outline of the big glyph on the white oval.
ART_PATH = asset_path("sprites", "gnono.txt")
WILD_QUADRANTS = ("R", "B", "G", "Y")  # top-left, top-right, bottom-right, bottom-left


# -- the glyph file -----------------------------------------------------------------------
def load_glyphs(path: str = ART_PATH) -> dict[str, list[str]]:
    """{name: rows} of every `glyph NAME` section."""
    return {name: rows for (_, name), rows in read_sections(path, {"glyph"}, "#.").items()}


@lru_cache(maxsize=1)
def _glyphs():
    return load_glyphs()


def _rgb(c):
    return PALETTE[c]


def card_size(size: str = "normal") -> tuple[int, int]:
    return SIZES[size]


# -- pixel helpers --------------------------------------------------------------------------
def _mask(rows, flip=False):
    """The set of (x, y) ink pixels of glyph rows (turned 180 degrees if flip)."""
    h, w = len(rows), len(rows[0])
    out = set()
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch == "#":
                out.add((w - 1 - x, h - 1 - y) if flip else (x, y))
    return out


def _paint(surf, pixels, x, y, ink, outline=BLACK):
    """Ink pixels at (x, y) with a 1-px outline round them (8 neighbours)."""
    if outline is not None:
        o = _rgb(outline)
        ring = {(px + dx, py + dy) for px, py in pixels
                for dx in (-1, 0, 1) for dy in (-1, 0, 1)} - pixels
        for px, py in ring:
            surf.set_at((x + px, y + py), o)
    c = _rgb(ink)
    for px, py in pixels:
        surf.set_at((x + px, y + py), c)


def _size_of(pixels):
    if not pixels:
        return 0, 0
    return max(p[0] for p in pixels) + 1, max(p[1] for p in pixels) + 1


def _row_of(*parts, gap=1):
    """Glyph masks side by side (bottoms aligned, centred vertically)."""
    sizes = [_size_of(p) for p in parts]
    h = max(s[1] for s in sizes)
    out, x = set(), 0
    for p, (w, ph) in zip(parts, sizes):
        dy = (h - ph) // 2
        out |= {(px + x, py + dy) for px, py in p}
        x += w + gap
    return out


def _g(name):
    return _mask(_glyphs()[name])


def _skip_ring(r_out: float, r_in: float):
    """The Skip sign: a ring with a slash from bottom-left to top-right."""
    n = int(math.ceil(r_out)) * 2 + 1
    c = n // 2
    out = set()
    for y in range(n):
        for x in range(n):
            dx, dy = x - c, y - c
            d = math.hypot(dx, dy)
            if r_in <= d <= r_out or (d < r_in and abs(dx + dy) <= 1):
                out.add((x, y))
    return out


def _big_glyph(card, size="normal"):
    """The centre symbol's ink pixels."""
    f = card.face
    plus = _g("bigplus" if size == "normal" else "splus")
    if card.is_wild_draw_four:
        return _row_of(plus, _g("big4"))
    if card.is_wild:
        return set()
    if f == SKIP:
        return _skip_ring(7.6, 5.3)
    if f == REVERSE:
        return _g("reverse")
    if f == DRAW_TWO:
        return _row_of(plus, _g("big2"))
    glyph = _g(f"big{f}")
    if f in "69":   # underlined, as the real cards do
        glyph |= {(x, 14) for x in range(1, 8)}
    return glyph


def _small_glyph(card):
    """The corner index's ink pixels."""
    f = card.face
    if card.is_wild_draw_four:
        return _row_of(_g("splus"), _g("s4"))
    if card.is_wild:
        return set()   # the four-colour chip is drawn in its place
    if f == SKIP:
        return _g("sskip")
    if f == REVERSE:
        return _g("srev")
    if f == DRAW_TWO:
        return _row_of(_g("splus"), _g("s2"))
    glyph = _g(f"s{f}")
    if f in "69":
        glyph |= {(x, 8) for x in range(0, 5)}
    return glyph


# -- card blanks ----------------------------------------------------------------------------
def _oval(surf, cx, cy, a, b, colour_at, tilt=0.45):
    """A filled oval tilted to the right; colour_at(dx, dy) picks each pixel's colour."""
    ct, st = math.cos(tilt), math.sin(tilt)
    r = int(max(a, b)) + 1
    for dy in range(-r, r + 1):
        for dx in range(-r, r + 1):
            u = dx * ct + dy * st
            v = -dx * st + dy * ct
            if (u / a) ** 2 + (v / b) ** 2 <= 1.0:
                c = colour_at(dx, dy)
                if c is not None:
                    surf.set_at((cx + dx, cy + dy), _rgb(c))


def _wild_colour(dx, dy):
    if dy < 0:
        return COLOR_INK[WILD_QUADRANTS[0] if dx < 0 else WILD_QUADRANTS[1]]
    return COLOR_INK[WILD_QUADRANTS[3] if dx < 0 else WILD_QUADRANTS[2]]


def _wild_chip(surf, x, y, n=7):
    """A small four-colour square with a black rim: the wild's corner index."""
    pygame.draw.rect(surf, _rgb(BLACK), (x - 1, y - 1, n + 2, n + 2))
    h = n // 2
    for i, col in enumerate(WILD_QUADRANTS):
        qx = x + (h + 1 if i in (1, 2) else 0)
        qy = y + (h + 1 if i in (2, 3) else 0)
        surf.fill(_rgb(COLOR_INK[col]), (qx, qy, h, h))


def _index(surf, card, x, y, flip=False):
    """The corner: the number or symbol, the colour's letter under it."""
    w, h = surf.get_size()
    letter = _g("sW" if card.is_wild else "s" + card.color)
    top = _small_glyph(card)
    if card.is_wild and not card.is_wild_draw_four:
        tw, th = 7, 7
    else:
        tw, th = _size_of(top)
    lw, lh = _size_of(letter)
    parts = [("top", x, y, tw, th)]
    if not flip:   # a letter turned over misleads (W reads M): the top corner only
        parts.append(("letter", x, y + 10, lw, lh))
    for what, px, py, pw, ph in parts:
        if flip:
            px, py = w - px - pw, h - py - ph
        if what == "top":
            if card.is_wild and not card.is_wild_draw_four:
                _wild_chip(surf, px, py)
            else:
                _paint(surf, _mask_flip(top, tw, th) if flip else top, px, py, WHITE)
        else:
            _paint(surf, _mask_flip(letter, lw, lh) if flip else letter, px, py, WHITE)


def _mask_flip(pixels, w, h):
    return {(w - 1 - x, h - 1 - y) for x, y in pixels}


# -- faces ----------------------------------------------------------------------------------
def _draw_face(card, size):
    w, h = SIZES[size]
    s = card_blank(w, h, WHITE)
    body = BLACK if card.is_wild else COLOR_INK[card.color]
    border = 2 if size == "normal" else 1
    inner = pygame.Rect(1 + border, 1 + border, w - 2 - 2 * border, h - 2 - 2 * border)
    s.fill(_rgb(body), inner)
    # round the body's corners a little
    for cx, cy in ((inner.left, inner.top), (inner.right - 1, inner.top),
                   (inner.left, inner.bottom - 1), (inner.right - 1, inner.bottom - 1)):
        s.set_at((cx, cy), _rgb(WHITE))
    if size == "normal":
        cx, cy, a, b = w // 2, h // 2, 12.5, 21.5
    else:
        cx, cy, a, b = w // 2 + 2, h // 2 + 2, 7.5, 13.5
    if card.is_wild:
        _oval(s, cx, cy, a, b, _wild_colour)
    else:
        _oval(s, cx, cy, a + 1, b + 1, lambda dx, dy: BLACK if card.color == "Y" else None)
        _oval(s, cx, cy, a, b, lambda dx, dy: WHITE)
    big = _big_glyph(card, size)
    if big:
        gw, gh = _size_of(big)
        ink = WHITE if card.is_wild else body
        gx, gy = cx - gw // 2, cy - gh // 2
        if card.face == SKIP and not card.is_wild:
            # outlined outside only: a black rim round the ring, the inside left white
            pygame.draw.circle(s, _rgb(BLACK), (gx + gw // 2, gy + gh // 2), gw // 2 + 1)
            pygame.draw.circle(s, _rgb(WHITE), (gx + gw // 2, gy + gh // 2), gw // 2 - 1)
            _paint(s, big, gx, gy, ink, outline=None)
        else:
            _paint(s, big, gx, gy, ink)
    _index(s, card, 3 if size == "small" else 4, 3 if size == "small" else 4)
    if size == "normal":
        _index(s, card, 4, 4, flip=True)
    s.set_colorkey(KEY, pygame.RLEACCEL)
    return s


@cache
def _face(color: str, face_: str, size: str) -> pygame.Surface:
    if size not in SIZES:
        raise ValueError(f"unknown card size {size!r}")
    return _draw_face(Card(color, face_), size)


def face(card, size: str = "normal") -> pygame.Surface:
    """The face of a Gnono card (copies look alike); cached, do not draw on it."""
    return _face(card.color, card.face, size)


# -- backs ----------------------------------------------------------------------------------
@cache
def back(size: str = "normal", color: int = RED) -> pygame.Surface:
    """The back: black, a white rim, an oval in `color` with GNONO across it in yellow."""
    w, h = SIZES[size]
    s = card_blank(w, h, WHITE)
    border = 2 if size == "normal" else 1
    inner = pygame.Rect(1 + border, 1 + border, w - 2 - 2 * border, h - 2 - 2 * border)
    s.fill(_rgb(BLACK), inner)
    cx, cy = w // 2, h // 2
    if size == "normal":
        a, b = 13.5, 22.5
    else:
        a, b = 9.5, 15.5
    _oval(s, cx, cy, a + 1, b + 1, lambda dx, dy: WHITE)
    _oval(s, cx, cy, a, b, lambda dx, dy: color)
    if size == "normal":
        word = _row_of(*(_g("b" + ch) for ch in "GNONO"))
    else:
        word = _g("bG")
    ww, wh = _size_of(word)
    _paint(s, word, cx - ww // 2, cy - wh // 2, YELLOW)
    s.set_colorkey(KEY, pygame.RLEACCEL)
    return s


# -- the current colour's patch -------------------------------------------------------------
@cache
def swatch(color: str, w: int = 32, h: int = 32) -> pygame.Surface:
    """A patch of the colour with its letter big in the middle (the current colour)."""
    s = pygame.Surface((w, h))
    s.fill(_rgb(BLACK))
    s.fill(_rgb(WHITE), (1, 1, w - 2, h - 2))
    s.fill(_rgb(COLOR_INK[color]), (3, 3, w - 6, h - 6))
    letter = _g("s" + color)
    big = {(x * 2 + dx, y * 2 + dy) for x, y in letter for dx in (0, 1) for dy in (0, 1)}
    lw, lh = _size_of(big)
    _paint(s, big, (w - lw) // 2, (h - lh) // 2, WHITE)
    return s


# -- chips: a card in one text row ----------------------------------------------------------
CHIP_W, CHIP_H = 15, 16


@cache
def _chip(color: str, face_: str) -> pygame.Surface:
    card = Card(color, face_)
    s = pygame.Surface((CHIP_W, CHIP_H))
    s.fill(KEY)
    s.set_colorkey(KEY)
    body = BLACK if card.is_wild else COLOR_INK[color]
    s.fill(_rgb(WHITE), (0, 1, CHIP_W - 1, CHIP_H - 2))
    s.fill(_rgb(body), (1, 2, CHIP_W - 3, CHIP_H - 4))
    if card.is_wild and not card.is_wild_draw_four:
        _wild_chip(s, 3, 4)
    else:
        g = _small_glyph(card)
        gw, gh = _size_of(g)
        _paint(s, g, (CHIP_W - 1 - gw) // 2, (CHIP_H - gh) // 2, WHITE)
    s.set_colorkey(KEY, pygame.RLEACCEL)
    return s


def chip(card) -> pygame.Surface:
    """A card as a 15x16 chip (a text row high): its colour, its number or symbol."""
    return _chip(card.color, card.face)


# -- the sheet ----------------------------------------------------------------------------
def sheet(columns: int = 14, bg: int = GREEN) -> pygame.Surface:
    """Every distinct face in both sizes, then the backs: for looking at the art."""
    kinds = []
    for c in full_deck():
        if c.copy == 0 and (c.color, c.face) not in kinds:
            kinds.append((c.color, c.face))
    pad = 4
    nw, nh = SIZES["normal"]
    sw, sh = SIZES["small"]
    rows = -(-len(kinds) // columns)
    width = pad + columns * (nw + pad)
    height = pad + rows * (nh + pad) + rows * (sh + pad) + nh + 2 * pad
    s = pygame.Surface((width, height))
    s.fill(_rgb(bg))
    y = pad
    for r in range(rows):
        chunk = kinds[r * columns:(r + 1) * columns]
        for i, (col, f) in enumerate(chunk):
            s.blit(face(Card(col, f), "normal"), (pad + i * (nw + pad), y))
        y += nh + pad
    for r in range(rows):
        chunk = kinds[r * columns:(r + 1) * columns]
        for i, (col, f) in enumerate(chunk):
            s.blit(face(Card(col, f), "small"), (pad + i * (nw + pad), y))
        y += sh + pad
    x = pad
    for size in ("normal", "small"):
        s.blit(back(size), (x, y))
        x += SIZES[size][0] + pad
    for c in COLORS:
        s.blit(swatch(c), (x, y))
        x += 32 + pad
    s.blit(empty_slot("normal", LIGHT_GREY), (x, y))
    x += SIZES["normal"][0] + pad
    for i, (col, f) in enumerate(kinds):
        s.blit(chip(Card(col, f)), (x + (i % 14) * (CHIP_W + 1), y + (i // 14) * (CHIP_H + 1)))
    return s


__all__ = ["SIZES", "LEFT_STRIP", "COLOR_INK", "card_size", "face", "back", "swatch",
           "sheet", "chip", "CHIP_W", "CHIP_H", "draw_frame", "empty_slot"]


if __name__ == "__main__":   # python3 -m game.gnono.card_art [out.png]: the sheet, doubled
    import sys
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.init()
    pygame.display.set_mode((1, 1))
    out = sys.argv[1] if len(sys.argv) > 1 else "gnono-sheet.png"
    sh = sheet()
    pygame.image.save(pygame.transform.scale(sh, (sh.get_width() * 2, sh.get_height() * 2)), out)
    print(out)
