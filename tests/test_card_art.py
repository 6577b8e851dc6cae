"""Card pixel art: sizes, distinctness, palette-only colours, readable small-card strip."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import card_art  # noqa: E402
from game.card_art import BACK_DESIGNS, TOP_STRIP, back, card_size, draw_frame, empty_slot, face  # noqa: E402
from game.cards import Card, full_deck  # noqa: E402
from game.palette import BLACK, BLUE, GREEN, LIGHT_GREY, PALETTE, RED, WHITE, YELLOW  # noqa: E402

SIZES = ("normal", "small")
PALETTE_SET = set(PALETTE)


def pixels(surf, rect=None):
    """The visible RGB pixels of a surface (colour-keyed ones as None), row by row."""
    key = surf.get_colorkey()
    key = tuple(key)[:3] if key else None
    if rect:
        surf = surf.subsurface(rect)
    raw = pygame.image.tobytes(surf, "RGB")
    triples = zip(raw[0::3], raw[1::3], raw[2::3])
    return tuple(None if c == key else c for c in triples)


def test_sizes_fit_the_tables():
    nw, nh = card_size("normal")
    sw, sh = card_size("small")
    assert 38 <= nw <= 44 and 54 <= nh <= 60
    assert 11 * nw + 10 * 4 < 640  # a Gin hand of 11 side by side, with gaps
    assert sw < nw and sh < nh
    # a Nerts column: 13 overlapped cards plus one whole, in well under half the height
    assert 12 * TOP_STRIP + sh < 240
    with pytest.raises(KeyError):
        card_size("huge")


@pytest.mark.parametrize("size", SIZES)
def test_all_faces_have_the_right_size_and_are_distinct(size):
    seen = set()
    for card in full_deck():
        s = face(card, size)
        assert s.get_size() == card_size(size)
        seen.add(pixels(s))
    assert len(seen) == 52


def test_small_cards_differ_within_the_top_strip():
    """Overlapped Nerts columns show only the top strip: it alone must tell cards apart."""
    w, _ = card_size("small")
    strips = {pixels(face(c, "small"), (0, 0, w, TOP_STRIP)) for c in full_deck()}
    assert len(strips) == 52
    # the rank alone is whole one row less overlapped
    ranks = {pixels(face(c, "small"), (0, 0, w, TOP_STRIP - 1)) for c in full_deck() if c.suit == "S"}
    assert len(ranks) == 13


def test_small_cards_differ_within_the_side_strip():
    """A waste fanned sideways shows only the left columns of the cards under the top."""
    _, h = card_size("small")
    strips = {pixels(face(c, "small"), (0, 0, card_art.SIDE_STRIP, h)) for c in full_deck()}
    assert len(strips) == 52


@pytest.mark.parametrize("size", SIZES)
def test_only_palette_colours_and_suit_colours(size):
    for card in full_deck():
        s = face(card, size)
        colours = set(pixels(s)) - {None}
        assert colours <= PALETTE_SET, card
        if card.rank <= 10:  # number cards: face, outline and suit ink only
            ink = PALETTE[RED] if card.is_red else PALETTE[BLACK]
            assert colours == {PALETTE[WHITE], PALETTE[BLACK], ink}, card


def test_rounded_corners_are_transparent_and_outline_is_dark():
    for size in SIZES:
        s = face(Card(5, "H"), size)
        w, h = s.get_size()
        key = tuple(s.get_colorkey())[:3]
        for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
            assert tuple(s.get_at(corner))[:3] == key
        assert tuple(s.get_at((w // 2, 0)))[:3] == PALETTE[BLACK]
        assert tuple(s.get_at((0, h // 2)))[:3] == PALETTE[BLACK]


def test_face_colour_is_a_parameter_and_faces_are_cached():
    a = face(Card(7, "S"), "normal")
    assert face(Card(7, "S", deck=3), "normal") is a  # the deck does not change the art
    grey = face(Card(7, "S"), "normal", face_color=LIGHT_GREY)
    assert PALETTE[LIGHT_GREY] in set(pixels(grey)) and PALETTE[WHITE] not in set(pixels(grey))


@pytest.mark.parametrize("size", SIZES)
def test_four_distinct_backs_in_the_chosen_colour(size):
    designs = set()
    for d in range(BACK_DESIGNS):
        s = back(d, size, BLUE)
        assert s.get_size() == card_size(size)
        px = pixels(s)
        assert set(px) - {None} <= PALETTE_SET
        assert PALETTE[BLUE] in px
        designs.add(px)
        assert pixels(back(d, size, GREEN)) != px  # the colour is a parameter
        assert back(d, size, BLUE) is s
    assert len(designs) == BACK_DESIGNS
    with pytest.raises(ValueError):
        back(BACK_DESIGNS, size)



@pytest.mark.parametrize("size", SIZES)
def test_a_back_shows_its_design_measured_from_the_centre(size):
    """Inside its plain one-pixel frame a back is its design's pattern, pixel for pixel,
    measured from the centre (the pattern is laid as tiles: this holds them to it)."""
    w, h = card_size(size)
    area = pygame.Rect(3, 3, w - 6, h - 6)
    cx, cy = area.w // 2, area.h // 2
    for d in range(BACK_DESIGNS):
        s = back(d, size, BLUE)
        for y in range(1, area.h - 1):
            for x in range(1, area.w - 1):
                if size == "normal" and abs(area.x + x - w // 2) + abs(area.y + y - h // 2) <= 9:
                    continue   # the medallion
                hi = card_art._back_pattern(d, x - cx + 64, y - cy + 64)
                want = PALETTE[card_art._partner(BLUE) if hi else BLUE]
                assert tuple(s.get_at((area.x + x, area.y + y)))[:3] == want, (d, x, y)

def test_empty_slot_is_a_hollow_outline():
    for size in SIZES:
        s = empty_slot(size, LIGHT_GREY)
        w, h = s.get_size()
        assert (w, h) == card_size(size)
        assert set(pixels(s)) == {None, PALETTE[LIGHT_GREY]}
        assert pixels(s, (2, 2, w - 4, h - 4)) == (None,) * ((w - 4) * (h - 4))


def test_draw_frame_surrounds_the_rect():
    surf = pygame.Surface((100, 100))
    surf.fill(PALETTE[GREEN])
    rect = pygame.Rect(30, 20, *card_size("small"))
    draw_frame(surf, rect, YELLOW)
    yellow = PALETTE[YELLOW]
    assert tuple(surf.get_at((rect.centerx, rect.top - 1)))[:3] == yellow
    assert tuple(surf.get_at((rect.centerx, rect.bottom)))[:3] == yellow
    assert tuple(surf.get_at((rect.left - 2, rect.centery)))[:3] == yellow
    assert tuple(surf.get_at((rect.right + 1, rect.centery)))[:3] == yellow
    # nothing inside the rect, nothing beyond the frame
    assert tuple(surf.get_at(rect.center))[:3] == PALETTE[GREEN]
    assert tuple(surf.get_at((rect.left - 3, rect.centery)))[:3] == PALETTE[GREEN]


def test_art_file_sections_are_complete():
    art = card_art.load_art()
    for r in card_art.RANK_KEYS:
        assert ("rank", r) in art
    for s in "CDHS":
        for kind in ("pip7", "pip11", "pip15"):
            assert ("pip", s) != (kind, s) and (kind, s) in art
    for r in "JQK":
        assert len(art[("court", r)]) * 2 + 1 < card_size("normal")[1]
