"""A save's in-progress replay with one bit flipped (issue 44, item 23): the replay is
checked when the save is read (the shared Recorder.restore, for all four games): a
damaged one is dropped and told, and the game plays on to the hand's end without an
internal error (before, Go-Stop's save resumed and the hand's end failed with "the
replay's start is damaged")."""
from __future__ import annotations

import base64

import pytest

from game import replays
from game.games import BY_KEY
from game.gostop import table as T
from game.gostop.screens import GoStopScoring
from game.gostop.table_save import SAVE_NAME
from tests.test_gostop_replay import drive, new_table, stored
from tools.random_replay import random_recording


def flipped(blob: str, byte: int = 12, bit: int = 2) -> str:
    raw = bytearray(base64.b64decode(blob))
    raw[byte % len(raw)] ^= 1 << bit
    return base64.b64encode(bytes(raw)).decode("ascii")


def in_progress(game: str, seed: int = 5, moves: int = 6):
    """A hand recorded a few moves in, as a table's save holds it, its engine and seats."""
    rec, engine = random_recording(game, seed, moves)
    return rec.to_json(), engine, rec.seats


@pytest.mark.parametrize("game", list(BY_KEY))
@pytest.mark.parametrize("where", ["start", "move"])
def test_every_games_recorder_drops_a_flipped_replay_and_tells(game, where):
    data, engine, seats = in_progress(game)
    c = BY_KEY[game].parts.replay_codec
    # Nerts' clock runs between the moves: its table checks the round's number, not the state
    now = None if BY_KEY[game].parts.replay_codec.BY_STEP else engine
    told: list[str] = []
    whole = replays.Recorder(c, seats)
    whole.restore(data, now, told.append)
    assert whole.replay is not None and told == []          # the undamaged one is kept
    if where == "start":
        data = {**data, "start": flipped(data["start"])}
    else:
        data = {**data, "moves": data["moves"][1:]}          # a move lost: not this game's hand
    rec = replays.Recorder(c, seats)
    rec.restore(data, now, told.append)
    assert rec.replay is None and rec.finish(engine) is None
    assert len(told) == 1 and "replay of the hand in progress was damaged" in told[0], told


def test_a_go_stop_save_with_a_flipped_bit_in_its_replay_plays_on_to_the_hands_end(menu_app):
    app = menu_app
    t = new_table(app, seed=23)
    drive(app, t, lambda: t.ctl.version >= 4 and t.keymap.human_phase() == "play" and not t.ctl.stages)
    data = t.to_json()
    data["replay"] = {**data["replay"], "start": flipped(data["replay"]["start"])}
    app.storage.write_json(SAVE_NAME, T.SAVE_KIND, T.SAVE_SCHEMA, data)
    t2 = T.resume(app)
    assert t2 is not None and t2.ctl.recorder.replay is None
    told = app.storage.take_problems()
    assert any("replay of the hand in progress was damaged" in p for p in told), told
    app.push(t2)
    drive(app, t2, lambda: isinstance(app.top, GoStopScoring))   # errors raise under tests
    assert app.internal_errors == [] and t2.last_replay is None and stored(app) == []
