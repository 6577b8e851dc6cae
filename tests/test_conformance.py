"""One conformance test for every game's engine (in the spirit of OpenSpiel's random
simulation test): each game's spec offers new_engine(seed, options=None, seats=None),
whose state class implements game.engine.Engine itself (apply(move) and the rest,
no wrapper), and random play from many seeds must keep every promise of that
interface (tests/sixth_game runs a game that lives only in the tests through it too):
- invariants hold after every move, and the game ends;
- to_json -> JSON text -> from_json gives the same state, at random points, and the
  restored state plays on the same as the original;
- every listed move is accepted, a move not listed is refused, and a refused move
  changes nothing;
- a seat's view is unchanged when the cards it cannot see are dealt anew;
- the table's own move (table_move) is one the engine accepts.
A real-time game (a Clocked engine: Nerts) plays on the table's clock: a seat's move
is queued and the clock's move applies the step's moves, now and then those of several
seats at once (a race).
"""
from __future__ import annotations

import importlib
import json
import random

import pytest

from game.engine import Clocked, Engine, Event, IllegalMove
from game.games import BY_KEY

GAMES = ["nerts", "gin", "gnono", "gostop"]
SEEDS = range(12)
# the most moves a random game may take before it must be over (one row per game)
MAX_MOVES = {
    "nerts": 30000,  # random games to 100 points: 2,000 to 5,000 moves (6 to 10 rounds)
    "gin": 100000,  # random play seldom goes out (most hands end dead): seed 0 takes ~55,000
    "gnono": 40000,  # random 4-seat games to 500 points: up to ~17,000 moves
    "gostop": 6000,
}


def new_engine(game: str, seed: int, options=None) -> Engine:
    return BY_KEY[game].parts.new_engine(seed, options)


# each game's variants and presets besides its defaults: (game, name, options as a dict)
VARIANTS = [("nerts", "partners", {"seats": 4, "partners": True}),
            # Gin's presets (game/gin/settings.py PRESETS as GinOptions) and its other variants
            ("gin", "GIN! 1981", {}),
            ("gin", "Tournament", {"game_target": 150, "big_gin": True, "big_gin_bonus": 31}),
            ("gin", "Oklahoma, ace 1", {"oklahoma": True, "oklahoma_ace_one": True})]


def variant_options(game: str, name: str | None):
    """The rules module's options for a variant of VARIANTS (None: the defaults)."""
    if name is None:
        return None
    values = next(v for g, n, v in VARIANTS if (g, n) == (game, name))
    return type(BY_KEY[game].parts.replay_codec.default_options())(**values)


def clock(game: str, engine, move, rng: random.Random) -> list:
    """The table's clock after a move: a real-time engine queues a seat's move for the
    step on, and the clock's move to the next step (most of the time at once, now and
    then after more moves of more seats) applies the step's moves. The turn games
    have no clock."""
    if isinstance(engine, Clocked) and engine.clock_move(engine.clock_step()) is not None \
            and rng.random() < 0.7:
        return engine.apply(engine.clock_move(engine.clock_step() + 1))
    return []


def snapshot(engine) -> str:
    return json.dumps(engine.to_json(), sort_keys=True)


def round_trip(engine):
    return type(engine).from_json(json.loads(json.dumps(engine.to_json())))


@pytest.mark.parametrize("game", GAMES)
def test_the_engine_implements_the_interface(game):
    engine = new_engine(game, 1)
    assert isinstance(engine, Engine)
    assert engine.n_seats >= 2 and engine.to_move() and not engine.is_over()
    assert len(engine.scores()) == engine.n_seats


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game, variant", [(g, None) for g in GAMES] + [(g, n) for g, n, _ in VARIANTS])
def test_random_play_keeps_every_promise(game, variant, seed):
    play_randomly(game, seed, variant_options(game, variant))


def play_randomly(game: str, seed: int, options=None, max_moves: int | None = None) -> None:
    """Random play from a seed to the end, checking every promise on the way (`game`:
    a key of the games registered)."""
    max_moves = max_moves or MAX_MOVES[game]
    rng = random.Random(seed)
    engine = new_engine(game, seed, options)
    seen_moves: list = []
    heavy = 120   # the costly checks (JSON, redeals, every move) at most this often a game

    def now(p: float) -> bool:
        nonlocal heavy
        if heavy <= 0 or rng.random() >= p:
            return False
        heavy -= 1
        return True

    for _ in range(max_moves):
        engine.check_invariants()
        deal = engine.table_move()
        if deal is not None and now(0.05):   # the table's move is accepted (on a copy)
            engine.copy().apply(deal)
        if engine.is_over():
            break
        movers = engine.to_move()
        if not movers:          # between hands, only the table moves: it deals
            assert deal is not None, "a game not over has a seat to move, or the table has"
            engine.apply(deal)
            continue
        for seat in range(engine.n_seats):
            if seat not in movers:
                assert engine.legal_moves(seat) == []
        seat = rng.choice(movers)
        moves = engine.legal_moves(seat)
        assert moves, f"seat {seat} is to move but has no legal move"

        if now(0.05):   # JSON round trip at a random point
            restored = round_trip(engine)
            assert snapshot(restored) == snapshot(engine)
            restored.check_invariants()
            engine = restored

        if now(0.05):   # the view hides what it must
            for s in range(engine.n_seats):
                other = engine.redeal_hidden(s, random.Random(rng.random()))
                other.check_invariants()
                assert other.view(s) == engine.view(s), f"seat {s}'s view shows hidden cards"

        if now(0.1):    # a move listed for no seat is refused and changes nothing
            listed = [m for s in movers for m in engine.legal_moves(s)]   # (Nerts: all at once)
            stale = [m for m in seen_moves if m not in listed]
            if stale:
                before = snapshot(engine)
                with pytest.raises(IllegalMove):
                    engine.apply(rng.choice(stale))
                assert snapshot(engine) == before

        if now(0.05):   # every listed move is accepted (on copies)
            for m in moves:
                engine.copy().apply(m)

        move = rng.choice(moves)
        seen_moves.append(move)
        if len(seen_moves) > 200:
            del seen_moves[:100]
        events = engine.apply(move) + clock(game, engine, move, rng)
        assert isinstance(events, list) and all(isinstance(e, Event) for e in events)
    else:
        pytest.fail(f"{game} seed {seed}: not over after {max_moves} random moves")
    engine.check_invariants()
    assert engine.to_move() == () or list(engine.to_move()) == []
    assert len(engine.scores()) == engine.n_seats


# each shipped preset of a game whose settings offer preset_rules(name): its engine options
PRESET_CASES = [(g, name) for g in GAMES
                for name in getattr(importlib.import_module(f"game.{g}.settings"), "PRESETS", {})
                if hasattr(importlib.import_module(f"game.{g}.settings"), "preset_rules")]


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("game,preset", PRESET_CASES)
def test_random_play_keeps_every_promise_with_each_preset(game, preset, seed):
    options = importlib.import_module(f"game.{game}.settings").preset_rules(preset)
    play_randomly(game, seed, options)


@pytest.mark.parametrize("game", GAMES)
def test_a_copy_is_independent_and_plays_the_same(game):
    rng = random.Random(7)
    engine = new_engine(game, 7)
    for _ in range(20):
        if engine.is_over():
            break
        seat = rng.choice(engine.to_move())
        move = rng.choice(engine.legal_moves(seat))
        engine.apply(move)
        clock(game, engine, move, rng)
    twin, before = engine.copy(), snapshot(engine)
    restored = round_trip(engine)
    for _ in range(30):
        if twin.is_over():
            break
        seat = rng.choice(twin.to_move())
        move = rng.choice(twin.legal_moves(seat))
        assert [e.kind for e in twin.apply(move)] == [e.kind for e in restored.apply(move)]
        when = rng.random()         # the same clock for both
        assert ([e.kind for e in clock(game, twin, move, random.Random(when))]
                == [e.kind for e in clock(game, restored, move, random.Random(when))])
        assert snapshot(twin) == snapshot(restored)
    assert snapshot(engine) == before
