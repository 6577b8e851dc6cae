"""French playing cards in pixel art, drawn from the definitions in sprites/cards.txt.

Two sizes: "normal" (Gin: corner indices, pip layouts, court figures) and "small"
(Nerts: rank and suit in the top strip of TOP_STRIP pixels, so a column of cards
overlapped by that much still reads -- the rank alone by TOP_STRIP - 1; the suit again
under the rank, so a fan overlapped sideways by SIDE_STRIP pixels reads too; a big
suit symbol in the body). Both sizes have
odd widths and heights so symbols centre exactly. Only palette colours are used; the
rounded corners are transparent (colour key), so cards sit on any table colour.

    face(card, size="normal", face_color=WHITE) -> Surface      (cached)
    back(design=0, size="normal", color=BLUE) -> Surface        (cached, design 0..3)
    empty_slot(size="normal", color=LIGHT_GREY) -> Surface      (cached)
    draw_frame(surface, rect, color, width=2)                   (cursor / highlight)
    card_size(size) -> (w, h)
"""
from __future__ import annotations

from functools import cache, lru_cache

import pygame

from game.cards import Card
from game.palette import BLACK, BLUE, LIGHT_GREY, PALETTE, RED, WHITE, YELLOW
from game.paths import asset_path
from game.sprite_text import read_sections

SIZES = {"normal": (41, 57), "small": (29, 39)}
TOP_STRIP = 11  # small cards: rank and suit are all inside rows 0..TOP_STRIP-1
SIDE_STRIP = 10  # small cards: rank and suit are also inside columns 0..SIDE_STRIP-1
BACK_DESIGNS = 4
BACK_TILE = 24  # the period of every back design (6 and 8 divide it)
ART_PATH = asset_path("sprites", "cards.txt")
RANK_KEYS = "A23456789TJQK"
KEY = (254, 0, 254)  # transparent colour key, not a palette colour

# Court figure colours by suit: (robe, trim).
_COURT_COLOURS = {"H": (RED, YELLOW), "D": (RED, BLUE), "C": (BLUE, YELLOW), "S": (BLUE, RED)}


# -- the art file -----------------------------------------------------------------------
def load_art(path: str = ART_PATH) -> dict[tuple[str, str], list[str]]:
    """{(kind, name): rows} for every section of sprites/cards.txt."""
    return read_sections(path)


@lru_cache(maxsize=1)
def _art():
    return load_art()


def card_size(size: str = "normal") -> tuple[int, int]:
    return SIZES[size]


def suit_colour(suit: str) -> int:
    return RED if suit in "DH" else BLACK


# -- pixel helpers ----------------------------------------------------------------------
def _rgb(c):
    return PALETTE[c]


def _bits(surf, rows, x, y, colour, flip=False):
    """Draw '#' pixels of `rows` at (x, y) in `colour`; flip = turned 180 degrees."""
    if flip:
        rows = [r[::-1] for r in reversed(rows)]
    rgb = _rgb(colour)
    for dy, row in enumerate(rows):
        dx = 0
        n = len(row)
        while dx < n:
            if row[dx] == "#":
                start = dx
                while dx < n and row[dx] == "#":
                    dx += 1
                surf.fill(rgb, (x + start, y + dy, dx - start, 1))
            else:
                dx += 1


def _colour_art(surf, rows, x, y, codes, flip=False):
    """Draw colour-coded art: hex digit = palette index, letters via `codes`, '.' skipped."""
    if flip:
        rows = [r[::-1] for r in reversed(rows)]
    for dy, row in enumerate(rows):
        for dx, ch in enumerate(row):
            if ch == ".":
                continue
            c = codes[ch] if ch in codes else int(ch, 16)
            surf.set_at((x + dx, y + dy), _rgb(c))


def card_blank(w: int, h: int, fill: int, outline: int = BLACK) -> pygame.Surface:
    """A card blank: `fill` inside a 1-px `outline` with rounded corners (keyed out).
    Every card module (French, Gnono, Hwatu) starts its faces and backs from it."""
    s = pygame.Surface((w, h))
    s.fill(KEY)
    s.set_colorkey(KEY)
    o, f = _rgb(outline), _rgb(fill)
    s.fill(f, (1, 1, w - 2, h - 2))
    s.fill(o, (2, 0, w - 4, 1))
    s.fill(o, (2, h - 1, w - 4, 1))
    s.fill(o, (0, 2, 1, h - 4))
    s.fill(o, (w - 1, 2, 1, h - 4))
    for x, y in ((1, 1), (w - 2, 1), (1, h - 2), (w - 2, h - 2)):
        s.set_at((x, y), o)
    return s


# -- faces ------------------------------------------------------------------------------
def _rank_rows(rank: int):
    return _art()[("rank", RANK_KEYS[rank - 1])]


def _pip(kind: str, suit: str):
    return _art()[(kind, suit)]


# Pip layouts of the normal card: (column, centre row, turned) per pip. Columns are
# centre x offsets from the card's centre; rows are centre y.
_L, _C, _R = -6, 0, 6
_ROWS4 = (7, 21, 35, 49)
_ROWS3 = (7, 28, 49)


def _layout(rank: int):
    r4, r3 = _ROWS4, _ROWS3
    sides3 = [(c, y) for c in (_L, _R) for y in r3]
    sides4 = [(c, y) for c in (_L, _R) for y in r4]
    table = {
        2: [(_C, 7), (_C, 49)],
        3: [(_C, 7), (_C, 28), (_C, 49)],
        4: [(c, y) for c in (_L, _R) for y in (7, 49)],
        5: [(c, y) for c in (_L, _R) for y in (7, 49)] + [(_C, 28)],
        6: sides3,
        7: sides3 + [(_C, 17)],
        8: sides3 + [(_C, 17), (_C, 39)],
        9: sides4 + [(_C, 28)],
        10: sides4 + [(_C, 14), (_C, 42)],
    }
    return table[rank]


def _draw_index(s, rank, suit, x_centre, top, colour, flip=False):
    """Rank above a small suit, centred on x_centre, from row `top` (or turned 180)."""
    w, h = s.get_size()
    rank_rows, pip = _rank_rows(rank), _pip("pip7", suit)
    parts = [(rank_rows, top), (pip, top + len(rank_rows) + 2)]
    for rows, y in parts:
        x = x_centre - len(rows[0]) // 2
        if flip:
            _bits(s, rows, w - x - len(rows[0]), h - y - len(rows), colour, flip=True)
        else:
            _bits(s, rows, x, y, colour)


def _normal_face(rank, suit, face_color):
    w, h = SIZES["normal"]
    s = card_blank(w, h, face_color)
    ink = suit_colour(suit)
    _draw_index(s, rank, suit, 6, 3, ink)
    _draw_index(s, rank, suit, 6, 3, ink, flip=True)
    cx = w // 2
    if rank == 1:
        big = _pip("pip15", suit)
        _bits(s, big, cx - len(big[0]) // 2, h // 2 - len(big) // 2, ink)
    elif rank <= 10:
        pip = _pip("pip7", suit)
        pw, ph = len(pip[0]), len(pip)
        for col, cy in _layout(rank):
            _bits(s, pip, cx + col - pw // 2, cy - ph // 2, ink, flip=cy > h // 2)
    else:
        figure = _art()[("court", RANK_KEYS[rank - 1])]
        fw, fh = len(figure[0]), len(figure)
        robe, trim = _COURT_COLOURS[suit]
        codes = {"R": robe, "T": trim, "S": ink}
        fx, fy = cx - fw // 2, h // 2 - fh
        frame = pygame.Rect(fx - 1, fy - 1, fw + 2, 2 * fh + 3)
        pygame.draw.rect(s, _rgb(ink), frame, 1)
        _colour_art(s, figure, fx, fy, codes)
        s.fill(_rgb(trim), (fx, h // 2, fw, 1))  # the seam between the two halves
        _colour_art(s, figure, fx, h // 2 + 1, codes, flip=True)
    return s


def _small_face(rank, suit, face_color):
    w, h = SIZES["small"]
    s = card_blank(w, h, face_color)
    ink = suit_colour(suit)
    rank_rows, pip = _rank_rows(rank), _pip("pip7", suit)
    # rank and suit side by side in the top strip (columns overlapped downwards), and
    # the suit again under the rank so a fan overlapped sideways by 9-10 px reads too
    _bits(s, rank_rows, 2, 2, ink)
    _bits(s, pip, 2 + len(rank_rows[0]) + 2, 2, ink)
    _bits(s, pip, 2, TOP_STRIP + 1, ink)
    big = _pip("pip11", suit)
    bw, bh = len(big[0]), len(big)
    body_cy = (TOP_STRIP + h) // 2 + 1
    # the body symbol sits right of centre, clear of the index column on the left
    bx, by = (SIDE_STRIP + w) // 2 - bw // 2, body_cy - bh // 2
    if rank > 10:
        # courts: the big suit on a yellow panel framed in the robe colour
        robe, _trim = _COURT_COLOURS[suit]
        panel = pygame.Rect(bx - 2, by - 2, bw + 4, bh + 4)
        s.fill(_rgb(YELLOW), panel)
        pygame.draw.rect(s, _rgb(robe), panel, 1)
    _bits(s, big, bx, by, ink)
    return s


def _finished(s: pygame.Surface) -> pygame.Surface:
    """Run-length encode the colour key once drawing is done: tables blit hundreds of cards."""
    s.set_colorkey(KEY, pygame.RLEACCEL)
    return s


@cache
def _face(rank: int, suit: str, size: str, face_color: int) -> pygame.Surface:
    if size == "normal":
        return _finished(_normal_face(rank, suit, face_color))
    if size == "small":
        return _finished(_small_face(rank, suit, face_color))
    raise ValueError(f"unknown card size {size!r}")


def face(card: Card, size: str = "normal", face_color: int = WHITE) -> pygame.Surface:
    """The face of `card` (anything with .rank 1..13 and .suit in "CDHS"); cached, do not draw on it."""
    return _face(card.rank, card.suit, size, face_color)


# -- backs ------------------------------------------------------------------------------
def _partner(colour: int) -> int:
    """The bright/dark partner of a palette colour (BLUE <-> LIGHT_BLUE, ...)."""
    return colour ^ 8


def _back_pattern(design: int, x: int, y: int) -> bool:
    """True where the partner colour shows, at pattern pixel (x, y)."""
    if design == 0:  # diagonal lattice with a dot in every diamond
        return (x + y) % 6 == 0 or (x - y) % 6 == 0 or (x % 6 == 3 and y % 6 == 0)
    if design == 1:  # checks with a dot in the dark squares
        cell = (x // 3 + y // 3) % 2
        return cell == 0 or (x % 3 == 1 and y % 3 == 1)
    if design == 2:  # basket weave: 4x4 blocks of alternating stripes
        horizontal = (x // 4 + y // 4) % 2 == 0
        return (y % 2 == 0) if horizontal else (x % 2 == 0)
    # design 3: argyle diamonds with a dotted seam
    dx, dy = abs(x % 8 - 4), abs(y % 8 - 4)
    return dx + dy <= 2 or dx + dy == 4 and (x + y) % 2 == 0


@cache
def _back(design: int, size: str, color: int) -> pygame.Surface:
    if not 0 <= design < BACK_DESIGNS:
        raise ValueError(f"back design must be 0..{BACK_DESIGNS - 1}")
    w, h = SIZES[size]
    s = card_blank(w, h, WHITE)
    margin = 2 if size == "normal" else 2
    area = pygame.Rect(margin + 1, margin + 1, w - 2 * margin - 2, h - 2 * margin - 2)
    base, hi = _rgb(color), _rgb(_partner(color))
    # every design repeats every BACK_TILE pixels: one tile is drawn pixel by pixel and
    # laid over the area (a third of the pixels to compute: the title draws four backs)
    tile = pygame.Surface((BACK_TILE, BACK_TILE))
    tile.fill(base)
    for y in range(BACK_TILE):
        for x in range(BACK_TILE):
            if _back_pattern(design, x, y):
                tile.set_at((x, y), hi)
    # measured from the centre so every design is symmetric: area pixel (x, y) shows
    # pattern pixel (x - cx + 64, y - cy + 64)
    cx, cy = area.w // 2, area.h // 2
    inside = s.subsurface(area)
    x0, y0 = (cx - 64) % BACK_TILE - BACK_TILE, (cy - 64) % BACK_TILE - BACK_TILE
    inside.fblits([(tile, (x, y)) for y in range(y0, area.h, BACK_TILE)
                   for x in range(x0, area.w, BACK_TILE)])
    pygame.draw.rect(s, base, area, 1)
    if size == "normal":
        # a medallion in the middle: a white-rimmed diamond on the plain colour
        mx, my = w // 2, h // 2
        white = _rgb(WHITE)
        for dy in range(-9, 10):
            for dx in range(-9, 10):
                d = abs(dx) + abs(dy)
                if d <= 9:
                    c = base if d == 9 else white if d >= 7 else hi if d <= 3 else base
                    s.set_at((mx + dx, my + dy), c)
    return _finished(s)


def back(design: int = 0, size: str = "normal", color: int = BLUE) -> pygame.Surface:
    """A card back: pattern `design` 0..3 in palette colour `color` (cached)."""
    return _back(design, size, color)


# -- slots and frames -------------------------------------------------------------------
@cache
def empty_slot(size: str = "normal", color: int = LIGHT_GREY) -> pygame.Surface:
    """A dotted rounded outline for an empty pile; transparent inside."""
    w, h = SIZES[size]
    s = pygame.Surface((w, h))
    s.fill(KEY)
    s.set_colorkey(KEY)
    rgb = _rgb(color)
    for x in range(2, w - 2, 2):
        s.set_at((x, 0), rgb)
        s.set_at((w - 1 - x, h - 1), rgb)
    for y in range(2, h - 2, 2):
        s.set_at((0, y), rgb)
        s.set_at((w - 1, h - 1 - y), rgb)
    for x, y in ((1, 1), (w - 2, 1), (1, h - 2), (w - 2, h - 2)):
        s.set_at((x, y), rgb)
    return _finished(s)


def draw_frame(surface: pygame.Surface, rect: pygame.Rect | tuple, color: int, width: int = 2) -> None:
    """A cursor/highlight frame `width` px thick just outside `rect`, corners rounded."""
    r = pygame.Rect(rect).inflate(2 * width, 2 * width)
    rgb = _rgb(color)
    for i in range(width):
        inner = r.inflate(-2 * i, -2 * i)
        cut = 2 if i == 0 else 1
        surface.fill(rgb, (inner.x + cut, inner.y, inner.w - 2 * cut, 1))
        surface.fill(rgb, (inner.x + cut, inner.bottom - 1, inner.w - 2 * cut, 1))
        surface.fill(rgb, (inner.x, inner.y + cut, 1, inner.h - 2 * cut))
        surface.fill(rgb, (inner.right - 1, inner.y + cut, 1, inner.h - 2 * cut))
        if i == 0:
            for x, y in ((inner.x + 1, inner.y + 1), (inner.right - 2, inner.y + 1),
                         (inner.x + 1, inner.bottom - 2), (inner.right - 2, inner.bottom - 2)):
                surface.set_at((x, y), rgb)
