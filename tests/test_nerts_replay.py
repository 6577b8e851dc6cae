"""Nerts replays and deal challenges at the real table (#21): every move of every seat
recorded with its clock step reproduces the round to the same state (across a save
and resume too), a damaged recording in a save is dropped without blocking the game,
and a challenge made from a finished game deals the very same game."""
from __future__ import annotations

import json
import os

import pygame
import pytest

from game import challenges, replays
from game.clock import STEP
from game.games import CODECS
from game.nerts import replay_codec as nerts_codec
from game.nerts import table_save
from game.nerts.moves import COLUMN, PILE, WASTE, Move, Race
from game.nerts.rules import NertsOptions
from game.nerts.screens import NO_CHALLENGE, NertsScoring
from game.nerts.table import NertsTable, new_table, resume, start_challenge
from game.replay_store import ReplayStore
from game.scenes.overlays import TextBox
from tests.helpers import post_keys

SEATS4 = ["human", "instant", "instant", "instant"]    # "instant": a race in most steps
SAVED4 = ["human", "expert", "hard", "expert"]          # levels a save holds


def human_plays(table: NertsTable, step: int) -> None:
    """Slow humans: a key now and then (refusals beep), and every tenth step one of
    their legal moves through the controller, as the keys would queue it (a card to the
Scoring Area first, then any card, then a flip or a vote)."""
    ctl = table.ctl
    for seat in (s.index for s in ctl.seats if s.human):
        if step % 9 == 0:
            ctl.press(seat, "pile") and ctl.press(seat, "pile")   # the Pile's card to the Scoring Area
        if step % 10 == 0:
            legal = table.ctl.game.round.legal_moves(seat)
            choice = ([m for m in legal if m.dst == "found"] or [m for m in legal if m.kind == "play"]
                      or legal)
            if choice:
                ctl.try_move(seat, choice[step // 10 % len(choice)])


def play_until(table: NertsTable, done, limit: int = 40_000) -> None:
    for _ in range(limit):
        if done():
            return
        if table.ctl.phase == "play":
            human_plays(table, table.ctl.game.round.step_no)
        table.update(STEP)
    raise AssertionError("the table did not get there")


def finish_round(app, table: NertsTable):
    """Play the round to its end and through the scores; the finished round."""
    play_until(table, lambda: table.ctl.phase == "banner")
    rnd = table.ctl.game.round
    app.apply(table.show_scores())
    return rnd


def new_four(app, seed=11, levels=SEATS4, **opts) -> NertsTable:
    options = NertsOptions(seats=4, **opts)
    table = new_table(app, levels, options, seed=seed)
    app.push(table)
    return table


def check_replay_of(app, rep: replays.Replay, rnd) -> replays.ReplayCursor:
    """The replay is stored, verifies, and ends in the round's own state."""
    stored, bad = ReplayStore(app.storage, CODECS).entries("nerts")
    assert not bad and any(e.replay.final == rep.final for e in stored)
    cursor = replays.verify(replays.Replay.from_json(rep.to_json()), nerts_codec)
    cursor.seek(cursor.length)
    assert replays.digest(nerts_codec.recorded(cursor.engine)) == replays.digest(rnd)
    return cursor


def test_a_four_seat_round_is_recorded_move_for_move(app):
    table = new_four(app)
    rnd = finish_round(app, table)
    rep = table.ctl.last_replay
    assert rep is not None and rep.label == "Round 1" and rep.deal_no == table.ctl.seed
    assert [s.kind for s in rep.seats] == ["human", "computer", "computer", "computer"]
    assert rep.viewer == 0 and rep.scores == rnd.scores()
    moves = [nerts_codec.move_from_json(m) for _, _, m in rep.moves]
    assert any(isinstance(m, Race) for m in moves), "no step where seats raced"
    assert {seat for _, seat, m in rep.moves if not m.startswith("r")} >= {0, 1, 2, 3}
    cursor = check_replay_of(app, rep, rnd)
    assert cursor.length < len(rep.moves)        # positions are clock steps, not moves


def test_partners_and_the_next_round_are_recorded_too(app):
    table = new_four(app, seed=5, partners=True)
    first = finish_round(app, table)
    check_replay_of(app, table.ctl.last_replay, first)
    post_keys(pygame.K_RETURN)                   # the scores: on to round 2
    app.run(max_frames=1)
    assert table.ctl.game.round_no == 2 and table.ctl.phase == "play"
    second = finish_round(app, table)
    rep = table.ctl.last_replay
    assert rep.label == "Round 2" and rep.deal_no == second.deal_no != first.deal_no
    check_replay_of(app, rep, second)


def test_a_round_saved_and_resumed_mid_round_replays_whole(app):
    table = new_four(app, seed=23, levels=SAVED4)
    play_until(table, lambda: table.ctl.game.round.moves_applied > 60)
    before = len(table.ctl.recorder.replay.moves)
    app.apply(table.save_and_leave())
    again = resume(app)
    assert again is not None and again is not table
    assert len(again.ctl.recorder.replay.moves) == before
    app.push(again)
    rnd = finish_round(app, again)
    rep = again.ctl.last_replay
    assert len(rep.moves) > before
    check_replay_of(app, rep, rnd)


def test_a_damaged_recording_in_the_save_is_dropped_and_the_game_resumes(app):
    table = new_four(app, seed=29, levels=SAVED4)
    play_until(table, lambda: table.ctl.game.round.moves_applied > 20)
    data = table.to_json()
    for junk in ("x", {"format": 1}, {**data["replay"], "moves": [[0, 9, {"kind": "flip"}]]}):
        table_save.write(app.storage, {**data, "replay": junk, "challenge": "NRT-JUNK"})
        again = resume(app)
        assert again is not None and again.ctl.game.round.moves_applied == table.ctl.game.round.moves_applied
        assert again.ctl.recorder.replay is None and again.ctl.challenge is None
    table_save.write(app.storage, {k: v for k, v in data.items() if k not in ("replay", "challenge")})
    assert resume(app) is not None                    # a save from before replays


def finished_game(app, levels, seed=31) -> NertsTable:
    table = new_table(app, levels, NertsOptions(seats=len(levels), target=100), seed=seed)
    app.push(table)
    while True:
        finish_round(app, table)
        if table.ctl.game.over:
            break
        post_keys(pygame.K_RETURN)                   # the scores: the next round
        app.run(max_frames=1)
    assert isinstance(app.top, NertsScoring)
    return table


def test_c_on_the_end_screen_makes_a_challenge_of_the_same_game(app):
    table = finished_game(app, ["human", "easy", "hard"])
    beeps = app.beeps
    post_keys("c")
    app.run(max_frames=1)
    assert isinstance(app.top, TextBox) and app.beeps == beeps
    code = next(line for line in app.top.lines if line.startswith("NRT-"))
    ch = challenges.decode(code, [nerts_codec])
    assert ch.deal_no == table.ctl.seed and ch.seats == (None, "easy", "hard")
    assert ch.options == table.ctl.game.options.to_json() and ch.score == table.ctl.game.totals[0]
    assert challenges.read_code_file(app.storage, [nerts_codec.CHALLENGE_PREFIX]) == code


def test_c_with_two_humans_beeps_with_a_note(app):
    finished_game(app, ["human", "human", "easy"])
    box, beeps = app.top, app.beeps
    post_keys("c")
    app.run(max_frames=1)
    assert app.top is box and app.beeps == beeps + 1 and NO_CHALLENGE in box.notes


def test_a_challenge_deals_the_same_first_round_against_the_same_computers(app):
    options = NertsOptions(seats=3, flip_by_ones=True)
    original = new_table(app, ["expert", "human", "normal"], options, seed=424242)
    ch = challenges.Challenge("nerts", original.ctl.seed, options.to_json(), ("expert", None, "normal"),
                              55, "Anna")
    table = start_challenge(app, challenges.decode(challenges.encode(ch, nerts_codec), [nerts_codec]))
    assert table.ctl.game.round.to_json() == original.ctl.game.round.to_json()
    assert table.ctl.levels == original.ctl.levels and table.ctl.game.options == options
    for a, b in zip(table.ctl.seats, original.ctl.seats):
        assert (a.bot is None) == (b.bot is None)
        if a.bot is not None:
            assert a.bot.ai.to_json() == b.bot.ai.to_json()
    assert table.ctl.challenge == ch
    assert resume(app).ctl.challenge == ch            # kept in the table's save


def test_the_challenge_outcome_is_on_the_end_screen(app):
    ch = challenges.Challenge("nerts", 31, NertsOptions(seats=2).to_json(), (None, "hard"), -500, "Anna")
    table = start_challenge(app, ch)
    app.push(table)
    while not table.ctl.game.over:
        finish_round(app, table)
        if not table.ctl.game.over:
            post_keys(pygame.K_RETURN)
            app.run(max_frames=1)
    assert challenges.outcome(ch, table.ctl.game.totals[0], "You") in app.top.notes


def test_moves_are_short_texts_that_read_back_as_themselves():
    c = nerts_codec
    moves = [Move.flip(), Move.turn(), Move.vote(), Move.to_scoring(PILE),
             Move.to_scoring(WASTE, foundation=15),
             Move.to_scoring(COLUMN, col=3, foundation=0), Move.to_column(PILE, 2),
             Move.to_column(COLUMN, 1, col=0, count=12), Race((3, 0, 2)), Race((0, 1))]
    for m in moves:
        text = c.move_to_json(m)
        assert isinstance(text, str) and len(text) <= 8 and c.move_from_json(text) == m
    for junk in ("", "X", "p>", "p>c4", "c>s", "c1>c2x0", "r0", "r00", "r45", "p>s3x2", {"kind": "flip"}, 3):
        try:
            c.move_from_json(junk)
        except ValueError:
            continue
        raise AssertionError(f"{junk!r} read as a move")


def test_without_its_races_a_round_does_not_replay(app):
    table = new_four(app, seed=13)
    finish_round(app, table)
    rep = table.ctl.last_replay
    moves = [m for m in rep.moves if not m[2].startswith("r")]
    assert len(moves) < len(rep.moves)
    with pytest.raises(replays.ReplayError):
        replays.verify(replays.Replay(**{**rep.__dict__, "moves": moves}), nerts_codec)


def test_replays_recorded_before_moves_went_through_the_engine_still_verify():
    """Two 4-seat rounds (one of partners) recorded at the table by b8e4571, when the
    round queued every computer move and stepped itself: their races (seven name a
    seat none of whose moves was applied in that step) replay through Game.apply."""
    path = os.path.join(os.path.dirname(__file__), "data", "nerts-replays-b8e4571.json")
    with open(path) as f:
        recorded = [replays.Replay.from_json(d) for d in json.load(f)]
    assert len(recorded) == 2
    for rep in recorded:
        cursor = replays.verify(rep, nerts_codec)
        assert sum(isinstance(nerts_codec.move_from_json(m), Race) for _, _, m in rep.moves) > 100
        cursor.seek(cursor.length)
        assert nerts_codec.recorded(cursor.engine).over and "called G'NERTS" in rep.result
