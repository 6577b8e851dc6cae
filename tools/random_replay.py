"""A replay of random legal play, recorded through the game's codec: for the tests of
the replay codecs and for the gallery's replay pictures, through the game's spec."""
from __future__ import annotations

import random
from typing import Any

from game import replays
from game.games import BY_KEY


def random_replay(game: str, seed: int, moves: int = 400, human: bool = False) -> tuple[replays.Replay, Any]:
    """Random legal play from a new engine (cut at `moves`), recorded: the replay and
    the engine as it ended (the codec's moves, through its apply). human: seat 0 is a
    human's, the others computers' at the strongest level (else every seat a computer
    at "normal")."""
    rec, engine = random_recording(game, seed, moves, human)
    return rec.finish(engine), engine


def random_recording(game: str, seed: int, moves: int = 400,
                     human: bool = False) -> tuple[replays.Recorder, Any]:
    """The recorder of that play, not finished (a hand in progress, as a save holds
    it), and the engine."""
    spec = BY_KEY[game]
    c = spec.parts.replay_codec
    # the engine a replay plays on, from the start it records (Nerts: a game of one round)
    engine = c.engine_from_json(c.recorded(spec.parts.new_engine(seed, None)).to_json())
    seats = [replays.Seat("Player", "human") if human and i == 0 else
             replays.Seat(f"Computer {i}", "computer", c.LEVELS[-1] if human else "normal")
             for i in range(engine.n_seats)]
    rec = replays.Recorder(c, seats)
    rec.begin(engine, "Hand 1")
    rng = random.Random(seed)
    for i in range(moves):
        state = c.recorded(engine)       # the hand (Nerts: the round) the moves are of
        if state.is_over():
            break
        seat = rng.choice(state.to_move())
        legal = state.legal_moves(seat)
        if legal:
            move = rng.choice(legal)
            c.apply(engine, i, seat, move)
            rec.record(i, seat, move)
    return rec, engine
