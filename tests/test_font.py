"""The CP437 bitmap font: complete, distinct where it matters, and drawing correctly."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import time  # noqa: E402

import pygame  # noqa: E402

from game import font as fontmod  # noqa: E402
from game.font import CELL_H, CELL_W, encode, get_font, load_glyph_rows, text_width  # noqa: E402
from game.palette import BLACK, BLUE, PALETTE, WHITE, YELLOW  # noqa: E402

SUITS = [0x03, 0x04, 0x05, 0x06]
BOX = list(range(0xB0, 0xE0))


def ink(rows):
    return sum(r.count("#") for r in rows)


def test_all_256_glyphs_are_16_rows_of_8():
    rows = load_glyph_rows()
    assert len(rows) == 256
    for code, g in enumerate(rows):
        assert len(g) == CELL_H, code
        assert all(len(r) == CELL_W and set(r) <= {".", "#"} for r in g), code


def test_no_glyph_left_to_draw_and_only_blanks_are_empty():
    with open(fontmod.FONT_PATH, encoding="utf-8") as fh:
        assert " todo " not in fh.read()
    rows = load_glyph_rows()
    blank = {code for code, g in enumerate(rows) if ink(g) == 0}
    assert blank == {0x00, 0x20, 0xFF}


def test_suits_and_box_glyphs_are_drawn_and_distinct():
    rows = load_glyph_rows()
    wanted = SUITS + BOX + list(range(0x01, 0x20)) + [0x7F]
    for code in wanted:
        assert ink(rows[code]) > 4, hex(code)
    shapes = {code: tuple(rows[code]) for code in wanted}
    assert len(set(shapes.values())) == len(shapes)


def test_box_lines_reach_the_cell_edges_they_join():
    rows = load_glyph_rows()
    # single and double lines: horizontal ones touch both side edges,
    # vertical ones touch top and bottom.
    for code in (0xC4, 0xCD, 0xC5, 0xCE, 0xD8, 0xD7):
        g = rows[code]
        assert any(r[0] == "#" for r in g) and any(r[-1] == "#" for r in g), hex(code)
    for code in (0xB3, 0xBA, 0xC5, 0xCE, 0xD8, 0xD7):
        g = rows[code]
        assert "#" in g[0] and "#" in g[-1], hex(code)
    # the vertical of a single line continues across the seam at the same columns
    assert rows[0xB3][0] == rows[0xB3][-1] == rows[0xC5][0] == rows[0xC2][-1]
    assert rows[0xBA][0] == rows[0xBA][-1] == rows[0xCE][0] == rows[0xCB][-1]
    assert rows[0xDB] == ["#" * 8] * 16


def test_text_maps_through_cp437():
    assert encode("AZ az") == b"AZ az"
    assert encode("\x03\x04\x05\x06") == bytes(SUITS)
    assert encode("♥♦♣♠") == bytes(SUITS)
    assert encode("═║░▒▓█") == bytes([0xCD, 0xBA, 0xB0, 0xB1, 0xB2, 0xDB])
    assert encode("☺→←↑↓▲▼►◄⌂") == bytes([1, 0x1A, 0x1B, 0x18, 0x19, 0x1E, 0x1F, 0x10, 0x11, 0x7F])
    assert encode("€中") == b"??"


def test_draw_returns_width_and_puts_pixels_where_the_glyph_says():
    f = get_font()
    surf = pygame.Surface((200, 40))
    surf.fill(PALETTE[BLACK])
    assert f.draw(surf, 3, 5, "Hi!", WHITE) == 24 == text_width("Hi!")
    assert f.draw(surf, 0, 0, "", WHITE) == 0
    rows = load_glyph_rows()
    for y in range(CELL_H):
        for x in range(CELL_W):
            want = PALETTE[WHITE] if rows[ord("H")][y][x] == "#" else PALETTE[BLACK]
            assert tuple(surf.get_at((3 + x, 5 + y)))[:3] == want
    assert f.draw_cell(surf, 2, 1, "\x03", YELLOW, BLUE) == 8
    got = {tuple(surf.get_at((16 + x, 16 + y)))[:3] for x in range(8) for y in range(16)}
    assert got == {PALETTE[YELLOW], PALETTE[BLUE]}


def test_transparent_background_keeps_what_was_there():
    f = get_font()
    surf = pygame.Surface((8, 16))
    surf.fill(PALETTE[BLUE])
    f.draw(surf, 0, 0, ".", WHITE)
    colours = {tuple(surf.get_at((x, y)))[:3] for x in range(8) for y in range(16)}
    assert colours == {PALETTE[BLUE], PALETTE[WHITE]}


def test_glyphs_are_cached_and_sized():
    f = get_font()
    assert get_font() is f
    g = f.glyph(0x41, WHITE, BLUE)
    assert g.get_size() == (CELL_W, CELL_H)
    assert f.glyph(0x41, WHITE, BLUE) is g


def test_a_screen_of_text_draws_fast():
    f = get_font()
    screen = pygame.Surface((640, 480))
    lines = [f"{i:02d} \x03\x04\x05\x06 ══ ░▒▓█ The quick brown fox jumps " + "x" * 44 for i in range(30)]
    for row, line in enumerate(lines):  # warm the caches
        f.draw_cell(screen, 0, row, line, WHITE, BLUE)
    best = 1.0
    for _ in range(20):  # best of 20: the test machine may be busy
        t = time.perf_counter()
        for row, line in enumerate(lines):
            f.draw_cell(screen, 0, row, line, WHITE, BLUE)
        best = min(best, time.perf_counter() - t)
    assert best < 0.001, best
