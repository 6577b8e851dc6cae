"""Every game's replay codec (its GameSpec's replay_codec, see game/replays.py): random
play recorded move by move replays to the very same final state, every move's JSON
reads back as the same move, and a replay whose moves were changed is refused."""
from __future__ import annotations

import json
import random

import pytest

from game import replays
from game.engine import Engine
from game.games import BY_KEY
from tools.random_replay import random_replay

SEEDS = range(4)


def record_random(game: str, seed: int, moves: int = 400) -> tuple[replays.Replay, Engine]:
    return random_replay(game, seed, moves)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", list(BY_KEY))
def test_a_recorded_game_replays_to_the_same_state(game, seed):
    rep, engine = record_random(game, seed)
    assert rep.moves, "random play made no move"
    again = replays.Replay.from_json(json.loads(json.dumps(rep.to_json())))
    cursor = replays.verify(again, BY_KEY[game].parts.replay_codec)
    cursor.seek(cursor.length)
    assert replays.digest(cursor.engine) == replays.digest(engine)
    cursor.engine.check_invariants()


@pytest.mark.parametrize("game", list(BY_KEY))
def test_every_legal_move_reads_back_as_itself(game):
    c = BY_KEY[game].parts.replay_codec
    # the engine a replay plays on (Nerts: a game of one round), and the hand it records
    engine = c.engine_from_json(c.recorded(BY_KEY[game].parts.new_engine(3, None)).to_json())
    rng = random.Random(3)
    seen = 0
    for i in range(300):
        state = c.recorded(engine)
        if state.is_over():
            break
        seat = rng.choice(state.to_move())
        legal = state.legal_moves(seat)
        for m in legal:
            assert c.move_from_json(json.loads(json.dumps(c.move_to_json(m)))) == m
            seen += 1
        if legal:
            c.apply(engine, i, seat, rng.choice(legal))
    assert seen > 50


@pytest.mark.parametrize("game", list(BY_KEY))
def test_a_changed_move_is_refused_never_shown(game):
    rep, _ = record_random(game, 1)
    moves = list(rep.moves)
    # drop a move from the middle: the rest no longer fit, or the end differs
    del moves[len(moves) // 2]
    bad = replays.Replay(**{**rep.__dict__, "moves": moves})
    with pytest.raises(replays.ReplayError):
        replays.verify(bad, BY_KEY[game].parts.replay_codec)


@pytest.mark.parametrize("game", list(BY_KEY))
def test_damaged_moves_are_refused_with_a_message(game):
    rep, _ = record_random(game, 2)
    for junk in ({"t": "NoSuchMove"}, "x", [1, 2], None, {"t": 5}):
        moves = list(rep.moves)
        moves[0] = (moves[0][0], moves[0][1], junk)
        with pytest.raises(replays.ReplayError):
            codec = BY_KEY[game].parts.replay_codec
            replays.verify(replays.Replay(**{**rep.__dict__, "moves": moves}), codec)


@pytest.mark.parametrize("game", list(BY_KEY))
def test_the_codec_names_levels_and_options(game):
    c = BY_KEY[game].parts.replay_codec
    assert c.LEVELS and all(isinstance(x, str) for x in c.LEVELS)
    opts = c.default_options()
    assert c.options_from_json(json.loads(json.dumps(c.options_to_json(opts)))) == opts
    assert isinstance(c.VERSION, int) and isinstance(c.BY_STEP, bool)
