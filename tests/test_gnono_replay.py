"""Gnono's replays at the real table: a round played there is stored as a replay that
verifies and ends in the table's own state (also across F8 and a resume mid-round),
a damaged recording in a save is dropped without blocking the resume, and the replay
plays back on the table's own drawing, F9 turning the hidden hands up."""
import json

import pygame

from game import replays
from game.games import CODECS
from game.gnono import replay_codec as gnono_codec
from game.gnono import table as T
from game.gnono.ai import make_ai
from game.gnono.rules import GnonoOptions
from game.gnono.screens import ChallengeBox, ColourBox, GnonoScoring, SeatChooser
from game.gnono.table_save import SAVE_KIND, SAVE_NAME, SAVE_SCHEMA
from game.replay_store import ReplayStore
from game.scenes.replay_player import ReplayPlayer
from game.table.handover import HandOver
from tests.helpers import post_keys, run_until

NAMES = ["You", "Ada", "Bert", "Cleo"]


def new_table(app, kinds=("human", "normal"), seed=7, **opts):
    t = T.new_table(app, list(kinds), NAMES[:len(kinds)], GnonoOptions(**opts), "fast", seed=seed)
    app.push(t)
    app.run(max_frames=1)
    return t


def play_on(app, t, stop, limit=40_000):
    """Play at the table: each human decision made by a computer's judgement through the
    table's own actions, question boxes answered with their keys, the playback hurried."""
    helper = make_ai("normal", 5)
    for _ in range(limit):
        if stop():
            return True
        top = app.top
        if isinstance(top, ChallengeBox):
            post_keys("n")
        elif isinstance(top, ColourBox):
            post_keys("r")
        elif isinstance(top, (SeatChooser, HandOver)):
            post_keys(pygame.K_RETURN)
        elif top is t and t.stages:
            t.playback.hurry()
        elif top is t and t.held is not None:
            post_keys(pygame.K_RETURN)          # a drawn card that passed, seen (hot seat)
        elif top is t and t.my_turn():
            t.apply(helper.choose(t.ctl.state.view(t.viewer)), 0.5)
        app.run(max_frames=1)
    return stop()


def stored(app) -> list[replays.Replay]:
    store = ReplayStore(app.storage, CODECS)
    entries, bad = store.entries("gnono")
    assert not bad
    return [store.load(e.name) for e in entries]


def ends_in(rep: replays.Replay, state) -> bool:
    cursor = replays.verify(rep, gnono_codec)
    cursor.seek(cursor.length)
    return replays.digest(cursor.engine) == replays.digest(state)


def test_a_round_at_the_table_is_stored_and_replays_to_the_tables_state(app):
    t = new_table(app)
    start = replays.pack_state(t.ctl.state.to_json())
    assert play_on(app, t, lambda: isinstance(app.top, GnonoScoring))
    (rep,) = stored(app)
    assert rep.label == "Round 1" and rep.deal_no == t.ctl.state.deal_no and rep.start == start
    assert rep.seats == [replays.Seat("You", "human"), replays.Seat("Ada", "computer", "normal")]
    assert rep.viewer == 0 and rep.moves and "went out" in rep.result
    assert sum(rep.scores) == t.ctl.state.last_round["points"]
    assert ends_in(rep, t.ctl.state)
    assert t.last_replay.to_json() == rep.to_json()
    # the next round is recorded on its own, from its deal
    post_keys(pygame.K_RETURN)
    app.run(max_frames=1)
    assert t.ctl.recorder.replay.label == "Round 2" and not t.ctl.recorder.replay.moves


def test_a_round_recorded_across_f8_and_a_resume(menu_app):
    app = menu_app
    t = new_table(app, kinds=("human", "hard", "easy"), seed=11)
    start = replays.pack_state(t.ctl.state.to_json())
    assert play_on(app, t, lambda: len(t.ctl.recorder.replay.moves) >= 12 and t.my_turn())
    before = len(t.ctl.recorder.replay.moves)
    post_keys(pygame.K_F8)
    app.run(max_frames=1)
    assert app.top is not t and app.storage.exists(SAVE_NAME)
    t2 = T.resume(app)
    app.push(t2)
    app.run(max_frames=1)
    assert len(t2.ctl.recorder.replay.moves) == before
    assert play_on(app, t2, lambda: isinstance(app.top, GnonoScoring))
    (rep,) = stored(app)
    assert rep.start == start and len(rep.moves) > before
    assert ends_in(rep, t2.ctl.state)


def test_a_damaged_recording_in_the_save_is_dropped_and_the_game_resumes(menu_app):
    app = menu_app
    t = new_table(app, seed=3)
    assert play_on(app, t, lambda: len(t.ctl.recorder.replay.moves) >= 6 and t.my_turn())
    post_keys(pygame.K_F8)
    app.run(max_frames=1)
    with open(app.storage.path(SAVE_NAME), encoding="utf-8") as f:
        saved = json.load(f)["data"]
    assert len(saved["replay"]["moves"]) >= 6
    for damage in ({"format": 1}, "junk", [], "moves"):
        data = json.loads(json.dumps(saved))
        if damage == "moves":     # well formed, but not the moves of this game
            data["replay"]["moves"] = data["replay"]["moves"][1:]
        else:
            data["replay"] = damage
        app.storage.write_json(SAVE_NAME, SAVE_KIND, SAVE_SCHEMA, data)
        t2 = T.resume(app)
        assert t2 is not None and t2.ctl.recorder.replay is None
        assert t2.ctl.state.to_json() == saved["state"]
    assert any("replay of the hand in progress was damaged" in p for p in app.storage.take_problems())
    app.push(t2)
    assert play_on(app, t2, lambda: isinstance(app.top, GnonoScoring))
    assert stored(app) == []          # the round's start was lost: no replay, no wrong one
    post_keys(pygame.K_RETURN)
    app.run(max_frames=1)
    assert t2.ctl.recorder.replay.label == "Round 2"


def test_the_replay_plays_back_on_the_table_and_f9_shows_every_hand(app):
    t = new_table(app, kinds=("human", "normal", "hard"), seed=21)
    assert play_on(app, t, lambda: isinstance(app.top, GnonoScoring))
    (rep,) = stored(app)
    player = ReplayPlayer(app, replays.verify(rep, gnono_codec))
    app.push(player)
    app.run(max_frames=1)
    board = player.board
    assert player.line == "The deal."
    post_keys(pygame.K_RIGHT)
    app.run(max_frames=1)
    assert player.cursor.position == 1 and player.line and player.line != "The deal."
    # a computer's box: its cards hidden, then face up with F9
    box = board.playback.boxes()[1]
    hidden = app.canvas.subsurface(box).copy()
    post_keys(pygame.K_F9)
    app.run(max_frames=1)
    assert board.show_hands and player.show_all
    shown = app.canvas.subsurface(box)
    assert any(hidden.get_at((x, y)) != shown.get_at((x, y))
               for x in range(0, box.w, 2) for y in range(0, box.h, 2))
    # played to the end at 8x, every frame drawn (the overflow check is on)
    post_keys(pygame.K_SPACE, "+", "+", "+")
    assert run_until(app, lambda: player.at_end, 20_000)
    assert "End: " + rep.result in player.line
    assert replays.digest(player.cursor.engine) == replays.digest(t.ctl.state)


def test_a_drawn_card_is_named_only_for_the_recorded_player_unless_f9(app):
    t = new_table(app, kinds=("human", "normal"), seed=5)
    assert play_on(app, t, lambda: isinstance(app.top, GnonoScoring))
    (rep,) = stored(app)
    cursor = replays.verify(rep, gnono_codec)
    board = ReplayPlayer(app, cursor).board
    told = {True: set(), False: set()}
    while cursor.forward():
        for show_all in (False, True):
            board.show(cursor.engine, cursor.events, show_all)
            for e in cursor.events:
                if e.kind == "drew" and e.get("cards"):
                    named = ": " in board.describe([e])
                    told[show_all].add((e.seat, named))
    assert (1, False) in told[False] and (1, True) not in told[False]
    assert (1, True) in told[True]


def test_the_replay_plays_each_move_through_the_tables_apply():
    """A replay step is the live table's apply(move): the same events, the same state."""
    from game.gnono import replay_codec
    from game.gnono.rules import GnonoState
    kinds = set()
    for seed in range(4):
        st = GnonoState(5, seed, GnonoOptions(seven_zero=True, stacking=True, jump_in=True))
        ais = [make_ai("easy", seed * 10 + s) for s in range(5)]
        for step in range(400):
            if st.phase in ("round_over", "game_over"):
                break
            move = ais[st.current].choose(st.view(st.current))
            twin = replay_codec.engine_from_json(st.to_json())
            replayed = replay_codec.apply(twin, step, st.current, replay_codec.move_from_json(
                replay_codec.move_to_json(move)))
            events = st.apply(move)
            assert replayed == events and twin.to_json() == st.to_json()
            kinds.update(ev.kind for ev in events)
    assert {"played", "drew", "turn", "swapped"} <= kinds
