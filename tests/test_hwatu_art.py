"""Hwatu card art: every face drawn, palette colours only, faces tell cards apart."""
import pygame
import pytest

from game.gostop import hwatu_art as H
from game.gostop.cards import CARDS, MONTH_CARDS
from game.palette import PALETTE, WHITE


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.init()
    yield


def pixels(surf):
    w, h = surf.get_size()
    key = surf.get_colorkey()
    out = []
    for y in range(h):
        for x in range(w):
            c = tuple(surf.get_at((x, y)))[:3]
            if key is not None and c == tuple(key)[:3]:
                continue
            out.append(c)
    return out


def test_sprites_load_and_have_even_rows():
    sprites = H.load_sprites()
    for name in ("bright", "crane", "curtain", "phoenix", "rainman", "warbler", "cuckoo", "bridge",
                 "butterflies", "boar", "geese", "sake", "deer", "swallow", "dx", "dplus"):
        assert name in sprites
    for d in range(10):
        assert len(sprites[f"d{d}"]) == 5
    for rows in sprites.values():
        assert len({len(r) for r in rows}) == 1


def test_every_face_is_a_portrait_card_in_palette_colours():
    allowed = {tuple(c) for c in PALETTE}
    for c in CARDS:
        s = H.face(c)
        assert s.get_size() == (H.CARD_W, H.CARD_H)
        assert H.CARD_H * 2 == H.CARD_W * 3
        assert set(pixels(s)) <= allowed, c
    assert set(pixels(H.back())) <= allowed
    assert set(pixels(H.mini_back())) <= allowed


def test_faces_are_cached_and_distinct_between_categories():
    assert H.face(CARDS[0]) is H.face(CARDS[0])
    seen = {}
    for c in CARDS:
        key = bytes(pygame.image.tobytes(H.face(c), "RGB"))
        seen.setdefault(key, []).append(c)
    # only a month's plain junk cards, or two bonus cards of one value, may look alike
    for same in seen.values():
        if len(same) > 1:
            assert len({(c.category, c.month, c.value) for c in same}) == 1, same
            assert same[0].category in ("junk", "bonus")


def test_each_month_has_its_own_plant():
    junk = {}
    for c in MONTH_CARDS:
        if c.category in ("junk", "double") and c.month not in junk:
            junk[c.month] = bytes(pygame.image.tobytes(H.face(c), "RGB"))
    assert len(set(junk.values())) == 12


def test_face_colour_option_changes_the_face():
    c = CARDS[2]
    assert H.face(c, WHITE) is not H.face(c, 7)


def test_sheet_holds_every_face_and_the_back():
    s = H.sheet(columns=10)
    cols, rows = 10, -(-(len(CARDS) + 1) // 10)
    assert s.get_width() >= cols * H.CARD_W and s.get_height() >= rows * H.CARD_H
