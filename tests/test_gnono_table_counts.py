"""The counts on the Gnono table read cleanly at every size the game reaches: the draw
pile's count (one 108-card deck: up to 106 cards with two players holding one card
each) stays a word and a number, inside its place under the pile, at every table size."""
import dataclasses

import pytest

from game import ui
from game.gnono import table as T
from game.gnono.rules import GnonoState
from game.gnono.table_layout import DISCARD_RECT, DRAW_RECT, seat_boxes

NAMES = ["You", "Ada", "Bert", "Cleo", "Dmitri", "Edna", "Femi", "Gus", "Hana", "Ivo"]


def drawn_texts(app, t, monkeypatch, draw_size):
    """What the table writes (x, y, text) with its shown draw pile at draw_size cards."""
    written: list[tuple[int, int, str]] = []
    real = ui.text_px

    def watch(canvas, x, y, text, *a, **k):
        written.append((x, y, str(text)))
        return real(canvas, x, y, text, *a, **k)
    m = dataclasses.replace(t.playback.shown(), draw_size=draw_size)
    monkeypatch.setattr(t.playback, "shown", lambda: m)
    monkeypatch.setattr(ui, "text_px", watch)
    with ui.overflow_check(True):
        t.draw(app.canvas)
    monkeypatch.undo()
    return written


@pytest.mark.parametrize("n", [2, 6, 10])
def test_the_draw_count_reads_as_a_word_and_a_number_under_the_pile(app, monkeypatch, n):
    hands = ["R1"] + [f"Y{i}" for i in range(1, n)]
    st = GnonoState.setup(n, hands, "R5", seed=1)
    t = T.GnonoTable(app, st, ["human"] + ["normal"] * (n - 1), NAMES[:n], "fast", seed=1)
    app.push(t)
    app.run(max_frames=1)
    assert t.playback.shown().draw_size == 108 - n - 1
    others = list(seat_boxes(n, 0).values())
    for size in (0, 7, 99, 108 - n - 1, 106):
        labels = [(x, y, s) for x, y, s in drawn_texts(app, t, monkeypatch, size) if s.startswith("Draw")]
        assert [s for _, _, s in labels] == [f"Draw {size}"]
        x, y, s = labels[0]
        span = ui.pygame.Rect(x, y, 8 * len(s), 16)
        frame = DISCARD_RECT.inflate(8, 8)
        assert DRAW_RECT.centerx - 32 <= span.left and span.right <= frame.left
        assert DRAW_RECT.bottom < span.top and span.bottom <= DRAW_RECT.bottom + 20
        assert abs(span.centerx - DRAW_RECT.centerx) <= 4          # centred on the pile
        assert not any(span.colliderect(r) for r in others)
    assert not app.internal_errors
