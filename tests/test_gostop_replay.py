"""Go-Stop replays at the real table: every hand recorded as it is played (keys for
the human, the computers thinking as usual), stored in the replays folder, verified
and ending in the table's own state, also across an F8 save and resume mid-hand; the
playback on the Go-Stop table through the replay player, F9 showing hidden hands."""
from __future__ import annotations

import json

import pygame
import pytest

from game import replays
from game.games import CODECS
from game.gostop import hwatu_art as art
from game.gostop import replay_codec as gostop_codec
from game.gostop import table as T
from game.gostop.replay_board import GoStopBoard, ReplayTable
from game.gostop.rules import GoStopState, Options
from game.gostop.screens import CoachedQuestion, GoStopBox, GoStopScoring
from game.gostop.table_save import SAVE_NAME
from game.replay_store import ReplayStore
from game.scenes.replay_player import ReplayPlayer
from tests.helpers import post_keys


def new_table(app, seed=11, players=2, level="normal"):
    st = GoStopState.new(Options(players=players), seed)
    t = T.GoStopTable(app, st, [level] * (players - 1), "fast", seed=seed)
    app.push(t)
    app.run(max_frames=1)
    return t


def drive(app, t, until, limit=20000):
    """Play at the table with keys until until() holds: Enter plays the chosen card
    or takes a match (and hurries a playback), Y answers bomb and shaking, S stops."""
    for _ in range(limit):
        if until():
            return
        top = app.top
        if isinstance(top, CoachedQuestion):
            post_keys("y")
        elif isinstance(top, GoStopBox):
            post_keys("s")
        elif top is t and (t.keymap.human_phase() is not None or t.ctl.stages):
            post_keys(pygame.K_RETURN)
        app.run(max_frames=1)
    raise AssertionError("the table never got there")


def stored(app) -> list[replays.Replay]:
    store = ReplayStore(app.storage, CODECS)
    entries, bad = store.entries("gostop")
    assert not bad
    return [store.load(e.name) for e in entries]


def assert_reproduces(rep: replays.Replay, st: GoStopState) -> None:
    cur = replays.verify(replays.Replay.from_json(json.loads(json.dumps(rep.to_json()))), gostop_codec)
    cur.seek(cur.length)
    assert replays.digest(cur.engine) == replays.digest(st)
    assert cur.engine.is_over()


def test_a_hand_played_at_the_table_is_stored_and_replays_to_its_state(app):
    t = new_table(app)
    drive(app, t, lambda: isinstance(app.top, GoStopScoring))
    st = t.ctl.source.state
    rep = t.last_replay
    assert rep is not None and [r.to_json() for r in stored(app)] == [rep.to_json()]
    assert rep.label == "Hand 1" and rep.deal_no == 11 and rep.viewer == 0
    assert [s.kind for s in rep.seats] == ["human", "computer"] and rep.seats[1].level == "normal"
    assert {seat for _, seat, _ in rep.moves} == {0, 1}   # the human's and the computer's
    assert sum(rep.scores) == 0 and rep.scores == [st.chips[0], st.chips[1]]
    assert rep.result.startswith("Hand 1:")
    assert_reproduces(rep, st)
    assert app.beeps == 0


def test_the_next_hand_is_a_replay_of_its_own(app):
    t = new_table(app, seed=4)
    drive(app, t, lambda: isinstance(app.top, GoStopScoring))
    post_keys(pygame.K_RETURN)        # deal the next hand
    app.run(max_frames=1)
    drive(app, t, lambda: isinstance(app.top, GoStopScoring) and t.ctl.source.state.hand_no == 2)
    first, second = sorted(stored(app), key=lambda r: r.label)
    assert (first.label, second.label) == ("Hand 1", "Hand 2")
    assert second.deal_no == t.ctl.source.state.deal_no != first.deal_no
    assert_reproduces(second, t.ctl.source.state)
    start = replays.unpack_state(second.start)
    chips = t.ctl.source.state.chips
    assert start["hand_no"] == 2 and start["chips"] == [c - s for c, s in zip(chips, second.scores)]


def test_a_hand_resumed_after_f8_is_recorded_whole(menu_app):
    app = menu_app
    t = new_table(app, seed=23)
    moves = lambda: len(t.ctl.recorder.replay.moves) if t.ctl.recorder.replay else 0  # noqa: E731
    drive(app, t, lambda: moves() >= 6 and t.keymap.human_phase() == "play" and not t.ctl.stages)
    before = t.ctl.recorder.replay.start
    post_keys(pygame.K_F8)
    app.run(max_frames=1)
    assert app.top is not t and app.storage.exists(SAVE_NAME)
    t2 = T.resume(app)
    assert t2 is not None and t2.ctl.recorder.replay.start == before
    app.push(t2)
    drive(app, t2, lambda: isinstance(app.top, GoStopScoring))
    rep = t2.last_replay
    assert rep.start == before and len(rep.moves) > 6
    assert_reproduces(rep, t2.ctl.source.state)


def test_a_chongtong_at_the_first_deal_is_a_replay_and_a_resume_does_not_store_it_again(menu_app):
    app = menu_app
    t = new_table(app, seed=14)            # deal 14: four of a month in one hand
    assert t.ctl.source.state.is_over() and t.ctl.source.state.result["chongtong"]
    rep = t.last_replay
    assert rep is not None and rep.moves == [] and [r.to_json() for r in stored(app)] == [rep.to_json()]
    assert_reproduces(rep, t.ctl.source.state)
    t.save()
    again = T.resume(app)
    assert again is not None and again.ctl.source.state.is_over() and len(stored(app)) == 1


def test_a_damaged_replay_in_the_save_is_dropped_and_the_game_resumes(menu_app):
    app = menu_app
    t = new_table(app, seed=23)
    drive(app, t, lambda: t.ctl.version >= 4 and t.keymap.human_phase() == "play" and not t.ctl.stages)
    data = t.to_json()
    data["replay"] = {**data["replay"], "moves": "not moves"}
    data["challenge"] = "GST-NOT-A-CODE"
    app.storage.write_json(SAVE_NAME, T.SAVE_KIND, T.SAVE_SCHEMA, data)
    t2 = T.resume(app)
    assert t2 is not None and t2.ctl.recorder.replay is None and t2.ctl.challenge is None
    assert any("replay of the hand in progress was damaged" in p for p in app.storage.take_problems())
    app.push(t2)
    drive(app, t2, lambda: isinstance(app.top, GoStopScoring))
    assert t2.last_replay is None and stored(app) == []   # the broken hand is not recorded
    post_keys(pygame.K_RETURN)
    app.run(max_frames=1)
    drive(app, t2, lambda: isinstance(app.top, GoStopScoring) and t2.ctl.source.state.hand_no == 2)
    assert_reproduces(t2.last_replay, t2.ctl.source.state)           # ...the next one is


def recorded_hand(app, seed=11, players=2):
    t = new_table(app, seed=seed, players=players)
    drive(app, t, lambda: isinstance(app.top, GoStopScoring))
    return t.last_replay


@pytest.mark.parametrize("players", [2, 3])
def test_a_replay_plays_to_its_end_on_the_table(app, players):
    rep = recorded_hand(app, seed=8, players=players)
    with open(app.storage.path(SAVE_NAME), "rb") as f:
        saved = f.read()
    player = ReplayPlayer(app, replays.verify(rep, gostop_codec))
    assert isinstance(player.board, GoStopBoard)
    app.push(player)
    player.change_speed(3)       # 8x
    for _ in range(20000):
        if player.at_end:
            break
        app.run(max_frames=1)    # each frame drawn (the overflow check is on)
    assert player.at_end and "End: Hand 1" in player.line
    assert replays.digest(player.board.table.ctl.source.state) == rep.final
    table = player.board.table
    assert table.told and not table.log   # told on screen, never logged or spoken
    with open(app.storage.path(SAVE_NAME), "rb") as f:
        assert f.read() == saved               # the playback saves nothing
    assert len(stored(app)) == 1               # ...and records nothing
    assert app.beeps == 0


def test_stepping_back_and_forth_tells_each_move(app):
    rep = recorded_hand(app, seed=3)
    player = ReplayPlayer(app, replays.verify(rep, gostop_codec))
    app.push(player)
    assert player.line == "The deal."
    player.step(1)
    first = player.line
    assert first and first != "The deal."
    player.step(1)
    player.step(-1)
    assert player.line == first and player.cursor.position == 1


def hand_pixels(canvas, table, seat):
    """The pixels of the last card of a top seat's hand, and its face drawn alone."""
    _model, lay = table.shown()
    rect = lay.hand_rects[seat][-1]
    card = table.ctl.source.state.hands[seat][-1]
    face = art.face(card, table.app.options["colour.face"])
    inner = pygame.Rect(4, 4, rect.w - 8, rect.h - 8)     # the corners are see-through
    got = pygame.image.tobytes(canvas.subsurface(inner.move(rect.topleft)), "RGB")
    return got, pygame.image.tobytes(face.subsurface(inner), "RGB")


def test_f9_shows_the_hidden_hands_in_a_replay(app):
    rep = recorded_hand(app, seed=8, players=3)
    player = ReplayPlayer(app, replays.verify(rep, gostop_codec))
    app.push(player)
    player.step(1)
    table = player.board.table
    assert isinstance(table, ReplayTable)
    for seat in (1, 2):
        app.run(max_frames=1)
        got, face = hand_pixels(app.canvas, table, seat)
        assert got != face                  # face down
    post_keys(pygame.K_F9)
    app.run(max_frames=1)
    assert player.show_all
    for seat in (1, 2):
        got, face = hand_pixels(app.canvas, table, seat)
        assert got == face                  # face up
    # the viewer's own hand is face up either way
    assert table.hand_visible() and table.bottom == rep.viewer == 0


def test_a_hot_seat_replay_shows_only_the_first_humans_hand(app):
    st = GoStopState.new(Options(players=2), 5)
    t = T.GoStopTable(app, st, [], "fast", seed=5, humans=(0, 1))
    rep = t.ctl.recorder.replay
    assert rep is not None and [s.kind for s in rep.seats] == ["human", "human"]
    board = GoStopBoard(app, rep)
    board.show(replays.ReplayCursor(rep, gostop_codec).engine, [], False)
    assert board.table.bottom == 0 and not board.table.view.shows_hand(1)
    board.show(board.table.ctl.source.state, [], True)
    assert board.table.view.shows_hand(1)
