"""Gnono's net codec (game/gnono/net_codec.py), the model of the games' codecs: every
seat's view goes to JSON text and back equal, all through random games; a damaged
view is refused with a ValueError (never another exception); the events of a move
tell the drawn cards to the drawer only."""
from __future__ import annotations

import json
import random

import pytest

from game.engine import Details
from game.gnono import net_codec
from game.gnono.ai import make_ai
from game.gnono.rules import GnonoOptions, GnonoState


def positions(seed: int, options: GnonoOptions | None = None, moves: int = 400):
    """(state, events of the last move) along a game of random computers."""
    state = GnonoState(4, seed, options)
    ais = [make_ai("baseline", seed * 10 + s) for s in range(4)]
    events: list = []
    for _ in range(moves):
        yield state, events
        if state.is_over():
            return
        if state.phase == "round_over":
            events = state.apply(state.legal_moves(0)[0])
            continue
        events = state.apply(ais[state.current].choose(state.view(state.current)))


@pytest.mark.parametrize("seed", range(3))
def test_every_view_goes_to_json_text_and_back_equal(seed):
    options = GnonoOptions(stacking=seed == 1, jump_in=seed == 2, seven_zero=seed == 2)
    for state, _ in positions(seed, options):
        for seat in range(state.n):
            view = state.view(seat)
            text = json.dumps(net_codec.view_to_json(view))
            assert net_codec.view_from_json(json.loads(text)) == view


def damaged(rng: random.Random, data):
    """data with one value somewhere replaced by something else."""
    junk = [None, -1, 10 ** 9, "R7#1", "ZZ", [], {}, True, 1.5, ["W+4#9"], [0] * 200]
    if isinstance(data, dict) and data:
        key = rng.choice(list(data))
        out = dict(data)
        out[key] = damaged(rng, data[key]) if rng.random() < 0.5 else rng.choice(junk)
        return out
    if isinstance(data, list) and data:
        out = list(data)
        i = rng.randrange(len(out))
        out[i] = damaged(rng, out[i]) if rng.random() < 0.5 else rng.choice(junk)
        return out
    return rng.choice(junk)


def test_a_damaged_view_is_refused_with_a_reason():
    rng = random.Random(5)
    refused = 0
    for state, _ in positions(7, moves=60):
        good = net_codec.view_to_json(state.view(rng.randrange(4)))
        for _ in range(10):
            bad = damaged(rng, good)
            try:
                net_codec.view_from_json(bad)
            except ValueError as e:
                assert str(e)
                refused += 1
    assert refused > 300
    with pytest.raises(ValueError):
        net_codec.view_from_json(good | {"extra": 1})


def test_a_drawn_card_is_told_to_its_drawer_only():
    draws = 0
    for state, events in positions(3):
        for ev in events:
            if ev.kind != "drew":
                continue
            draws += 1
            for seat in range(state.n):
                (told,) = net_codec.events_for([ev], seat)
                assert told["count"] == len(ev.cards)
                assert told["cards"] == ([c.token for c in ev.cards] if seat == ev.seat else [])
    assert draws > 10


def test_only_gnonos_own_events_are_told():
    """The codec reads its engine's events by their fields: another game's event (the
    engine's Details, as Gin's) is a TypeError naming it, not a slip inside."""
    with pytest.raises(TypeError, match="not a Gnono event"):
        net_codec.events_for([Details("drew", 0, {"cards": []})], 1)
