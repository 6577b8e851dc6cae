"""Gin hands recorded at the real table (issue #21): a hand played there is stored as a
replay that verifies and ends in the table's own state, also across an F8 save and
resume in the middle of the hand; F7 starts the recording again; a damaged recording
in a save is dropped and the game resumes."""
from __future__ import annotations

import json

import pygame
import pytest

from game import replays
from game.games import CODECS
from game.gin import replay_codec as gin_codec
from game.gin import table as T
from game.gin.ai import make_ai
from game.gin.rules import Discard
from game.replay_store import ReplayStore
from game.replays import digest, verify
from tests.gin_replay_helpers import new_table as table_on
from tests.gin_replay_helpers import play


def finished_replay_matches(t) -> replays.Replay:
    rep = t.ctl.recording.last_replay
    assert rep is not None and t.ctl.game.phase in ("hand_over", "game_over")
    cursor = verify(rep, gin_codec)                     # raises if it does not reproduce its hand
    cursor.seek(cursor.length)
    assert digest(cursor.engine) == digest(t.ctl.game) == rep.final
    return rep


@pytest.mark.parametrize("seed", [42, 7, 2024])
def test_a_hand_played_at_the_table_replays_to_the_tables_state(app, seed):
    t = table_on(app, seed, level="hard")
    play(t, make_ai("normal", seed))
    rep = finished_replay_matches(t)
    assert rep.label == "Hand 1" and rep.deal_no == seed and rep.viewer == 0
    assert rep.seats == [replays.Seat("Anna", "human"), replays.Seat("Computer", "computer", "hard")]
    assert {seat for _, seat, _ in rep.moves} == {0, 1}
    assert [step for step, _, _ in rep.moves] == list(range(len(rep.moves)))
    assert rep.result and sum(rep.scores) == t.ctl.game.records[-1].points
    names = [e.name for e in ReplayStore(app.storage, CODECS).entries("gin")[0]]
    assert len(names) == 1 and ReplayStore(app.storage, CODECS).load(names[0]) == rep


def test_the_next_hand_is_its_own_replay(app):
    t = table_on(app, 11)
    ai = make_ai("normal", 3)
    play(t, ai)
    first = finished_replay_matches(t)
    if t.ctl.game.phase == "game_over":
        pytest.fail("one hand ended the game at 100 points")
    t.ctl._next_hand()
    assert t.ctl.recording.recorder.replay.label == "Hand 2" and t.ctl.recording.recorder.replay.moves == []
    play(t, ai)
    second = finished_replay_matches(t)
    assert second.label == "Hand 2" and second.start != first.start
    assert len(ReplayStore(app.storage, CODECS).entries("gin")[0]) == 2


def test_f8_mid_hand_then_resume_records_on(app):
    t = table_on(app, 99)
    ai = make_ai("normal", 5)
    play(t, ai, moves=7)
    assert t.ctl.game.phase in ("draw", "discard") and len(t.ctl.recording.recorder.replay.moves) == 7
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F8, unicode="", mod=0))
    app.run(max_frames=2)
    assert t not in app.scenes and app.storage.exists(T.SAVE_NAME)
    r = T.resume(app)
    assert r.ctl.recording.recorder.replay is not None
    assert r.ctl.recording.recorder.replay.moves == t.ctl.recording.recorder.replay.moves
    assert r.ctl.recording.recorder.replay.start == t.ctl.recording.recorder.replay.start
    app.push(r)
    play(r, ai)
    rep = finished_replay_matches(r)
    assert len(rep.moves) > 7 and rep.moves[:7] == t.ctl.recording.recorder.replay.moves


def test_f7_throws_the_recording_away_with_the_hand(app):
    t = table_on(app, 5)
    play(t, make_ai("normal", 1), moves=4)
    assert len(t.ctl.recording.recorder.replay.moves) == 4
    assert t.ctl._redeal() is not False
    rec = t.ctl.recording.recorder.replay
    assert rec.moves == [] and rec.label == "Hand 1" and rec.deal_no == t.ctl.game.deal_no
    assert rec.start == replays.pack_state(t.ctl.game.to_json())
    play(t, make_ai("normal", 1))
    finished_replay_matches(t)


def _edit_save(app, change) -> None:
    path = app.storage.path(T.SAVE_NAME)
    with open(path) as f:
        doc = json.load(f)
    change(doc["data"])
    with open(path, "w") as f:
        json.dump(doc, f)


@pytest.mark.parametrize("damage", [
    lambda d: d.__setitem__("replay", {"moves": 5}),
    lambda d: d.__setitem__("replay", "nonsense"),
    lambda d: d["replay"]["moves"].pop(),                       # a move lost: not this game
    lambda d: d["replay"].__setitem__("start", "AAAA"),
    lambda d: d["replay"]["moves"][0][2].__setitem__("t", "Nothing"),
    lambda d: d.__setitem__("challenge", "GIN-0000-0000"),
])
def test_a_damaged_recording_in_the_save_is_dropped_and_the_game_resumes(app, damage):
    t = table_on(app, 77)
    play(t, make_ai("normal", 2), moves=5)
    t.ctl.save()
    _edit_save(app, damage)
    r = T.resume(app)
    assert r is not None and r.ctl.game.to_json() == t.ctl.game.to_json()
    assert r.ctl.challenge is None
    if r.ctl.recording.recorder.replay is not None:               # only the challenge was damaged
        assert r.ctl.recording.recorder.replay.moves == t.ctl.recording.recorder.replay.moves


def test_a_save_from_before_replays_resumes_without_a_recording(app):
    t = table_on(app, 78)
    play(t, make_ai("normal", 2), moves=3)
    t.ctl.save()
    _edit_save(app, lambda d: (d.pop("replay"), d.pop("challenge")))
    r = T.resume(app)
    assert r is not None and r.ctl.recording.recorder.replay is None and r.ctl.recording.last_replay is None
    app.push(r)
    play(r, make_ai("normal", 2))                    # the hand ends: nothing recorded, no error
    assert r.ctl.recording.last_replay is None


def test_a_move_made_around_the_table_drops_the_recording(app):
    """A move the table did not make (a test's direct engine move) cannot be replayed."""
    t = table_on(app, 8)
    play(t, make_ai("normal", 2), moves=2)
    g = t.ctl.game
    for _ in range(20):
        if g.turn == t.ctl.me and g.phase == "discard":
            break
        play(t, make_ai("normal", 2), moves=1)
    assert g.turn == t.ctl.me and g.phase == "discard"
    t.ctl._after_move(g.apply(Discard(t.ctl.me, t.ctl.order[0])))
    assert t.ctl.recording.recorder.replay is None
