"""Gnono card art: sizes, every kind distinct, readable left strip, palette only."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.gnono import card_art as art  # noqa: E402
from game.gnono.cards import COLORS, Card, full_deck  # noqa: E402
from game.palette import PALETTE  # noqa: E402

KINDS = sorted({(c.color, c.face) for c in full_deck()})
PALETTE_SET = set(PALETTE)


def pixels(surf, rect=None):
    key = surf.get_colorkey()
    key = tuple(key)[:3] if key else None
    if rect:
        surf = surf.subsurface(rect)
    raw = pygame.image.tobytes(surf, "RGB")
    return tuple(None if c == key else c for c in zip(raw[0::3], raw[1::3], raw[2::3]))


def test_glyph_file_loads_and_has_every_glyph():
    g = art.load_glyphs()
    for name in [f"big{d}" for d in range(10)] + [f"s{d}" for d in range(10)] + \
            ["bigplus", "reverse", "splus", "sskip", "srev", "sR", "sY", "sG", "sB", "sW"]:
        assert name in g, name


def test_sizes_fit_the_table():
    nw, nh = art.card_size("normal")
    sw, sh = art.card_size("small")
    assert nw * 14 < 640 and sw < nw and sh < nh
    assert art.LEFT_STRIP * 30 + nw < 640      # a hand of 30 fanned by the strip fits


@pytest.mark.parametrize("size", ["normal", "small"])
def test_every_kind_has_its_own_face_and_the_right_size(size):
    seen = set()
    for col, face in KINDS:
        s = art.face(Card(col, face), size)
        assert s.get_size() == art.card_size(size)
        seen.add(pixels(s))
    assert len(seen) == len(KINDS) == 54


@pytest.mark.parametrize("size", ["normal", "small"])
def test_the_left_strip_alone_tells_every_kind_apart(size):
    """A hand fanned by LEFT_STRIP pixels shows only that strip of each card."""
    _w, h = art.card_size(size)
    strips = {pixels(art.face(Card(c, f), size), (0, 0, art.LEFT_STRIP, h)) for c, f in KINDS}
    assert len(strips) == len(KINDS)


def test_copies_look_alike_and_faces_are_cached():
    a, b = Card.parse("R7", 0), Card.parse("R7", 1)
    assert art.face(a) is art.face(b)


def test_only_palette_colours():
    surfaces = [art.face(Card(c, f), size) for c, f in KINDS for size in ("normal", "small")]
    surfaces += [art.back("normal"), art.back("small"), art.sheet()]
    surfaces += [art.swatch(c) for c in COLORS] + [art.chip(Card(c, f)) for c, f in KINDS]
    for s in surfaces:
        assert {p for p in pixels(s) if p is not None} <= PALETTE_SET


def test_colour_letters_differ_between_colours():
    """Colour-blind help: the same number in two colours differs in the shape of its
    white index (the colour's letter), not only in hue."""
    white = PALETTE[15]

    def shape(surf):
        return tuple(p == white for p in pixels(surf, (0, 0, art.LEFT_STRIP, 24)))
    assert len({shape(art.face(Card(c, "7"))) for c in COLORS}) == 4
    assert len({shape(art.face(Card(c, "7"), "small")) for c in COLORS}) == 4


def test_backs_differ_from_faces_and_chips_are_distinct():
    assert pixels(art.back()) not in {pixels(art.face(Card(c, f))) for c, f in KINDS}
    assert len({pixels(art.chip(Card(c, f))) for c, f in KINDS}) == len(KINDS)
    assert art.chip(Card.parse("W")).get_size() == (art.CHIP_W, art.CHIP_H)
