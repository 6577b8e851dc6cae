"""What the bottom lines say (issue 44, item 18): a toast ("Options saved.") never hides
the key bar of the box on top, and a replay paused after a move says whose move comes,
not that a player is at work."""
from __future__ import annotations

import pygame

from game import ui
from game.gin import replay_codec as gin_codec
from game.gin.ai import make_ai
from game.replays import verify
from game.scenes.overlays import Question
from game.scenes.replay_player import ReplayPlayer
from tests.gin_replay_helpers import new_table, play
from tests.helpers import post_keys


def drawn_rows(app, monkeypatch) -> dict[int, str]:
    """The text on each row of the next picture, as drawn (later text over earlier)."""
    rows: dict[int, list[str]] = {}

    def seen(event):
        if event[0] in ("text", "frame"):
            _, x, y, s = event
            line = rows.setdefault(y // 16, [" "] * 80)
            for i, ch in enumerate(s):
                if 0 <= x // 8 + i < 80:
                    line[x // 8 + i] = ch
    monkeypatch.setattr(ui, "observer", seen)
    app.redraw()
    app.run(max_frames=1)
    monkeypatch.setattr(ui, "observer", None)
    return {r: "".join(line) for r, line in rows.items()}


def test_a_toast_leaves_the_key_bar_of_the_box_on_top(menu_app, monkeypatch):
    menu_app.push(Question(menu_app, "New game?", lambda: None, title="New game"))
    menu_app.toast("Options saved.")
    rows = drawn_rows(menu_app, monkeypatch)
    assert "Y Yes" in rows[29] and "N No" in rows[29], rows[29]
    assert "Options saved." in rows[28]


def test_a_toast_takes_the_bottom_line_where_no_key_bar_is(app, monkeypatch):
    from game.scene import Scene
    app.push(Scene(app))
    app.toast("Screenshot saved.")
    assert "Screenshot saved." in drawn_rows(app, monkeypatch)[29]


def test_a_paused_gin_replay_says_whose_move_comes(app, monkeypatch):
    t = new_table(app, 42, level="hard")
    play(t, make_ai("normal", 42))
    app.storage.remove("gin.json")
    rep = t.ctl.recording.last_replay
    player = ReplayPlayer(app, verify(rep, gin_codec))
    app.replace(player)
    app.run(max_frames=1)
    viewer = rep.seats[rep.viewer].name
    for _ in range(80):                          # step by step to the viewer's first discard
        post_keys(pygame.K_RIGHT)
        app.run(max_frames=1)
        if player.line.startswith(f"{viewer} discards"):
            break
    assert player.paused and player.line.startswith(f"{viewer} discards"), player.line
    text = " ".join(drawn_rows(app, monkeypatch).values())
    assert "plays..." not in text and "to play" in text
