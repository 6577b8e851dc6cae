"""Invariants of the Gnono engine under random play (hypothesis), and JSON saves."""
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import IllegalMove
from game.gnono.cards import COLORS, full_deck
from game.gnono.rules import (
    GAME_OVER,
    ROUND_OVER,
    CallUno,
    Catch,
    Challenge,
    ChooseColor,
    Draw,
    GnonoOptions,
    GnonoState,
    KeepDrawn,
    NextRound,
    Play,
    PlayDrawn,
    SwapHands,
    move_seat,
)
from tests.gnono_helpers import DECK, conserved

DECK_CARDS = full_deck()

options_st = st.builds(
    GnonoOptions,
    hand_size=st.sampled_from([7, 11]),
    playout_score=st.sampled_from([60, 150, 500]),
    draw_until_playable=st.booleans(),
    wd4_rule=st.sampled_from(["color", "gnono"]),
    wd4_challenge=st.booleans(),
    stacking=st.booleans(),
    jump_in=st.booleans(),
    seven_zero=st.booleans(),
)


def random_move(r: random.Random, n: int):
    """Any move at all, mostly illegal ones."""
    seat = r.randrange(-1, n + 1)
    k = r.randrange(10)
    color = r.choice(list(COLORS) + [None, "X"])
    if k == 0:
        return Play(seat, r.choice(DECK_CARDS), color)
    if k == 1:
        return Draw(seat)
    if k == 2:
        return PlayDrawn(seat, color)
    if k == 3:
        return KeepDrawn(seat)
    if k == 4:
        return ChooseColor(seat, color)
    if k == 5:
        return Challenge(seat, r.random() < 0.5)
    if k == 6:
        return CallUno(seat)
    if k == 7:
        return Catch(seat, r.randrange(n))
    if k == 8:
        return SwapHands(seat, r.randrange(n))
    return NextRound()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(2, 10), seed=st.integers(0, 2 ** 32), options=options_st)
def test_random_play_keeps_every_card_once_and_only_legal_moves_apply(n, seed, options):
    if n * options.hand_size >= 104:
        options.hand_size = 7
    s = GnonoState(n, seed, options)
    r = random.Random(seed)
    conserved(s)
    for _step in range(400):
        if s.phase == GAME_OVER:
            break
        if r.random() < 0.35:
            m = random_move(r, n)
        else:
            m = r.choice(s.legal_moves())
        seat = move_seat(m)
        if seat is None:                      # NextRound(): anyone
            listed = m in s.legal_moves()
        else:
            listed = 0 <= seat < n and m in s.legal_moves(seat)
        assert s.is_legal(m) == listed, (m, s.phase)
        before = s.to_json()
        try:
            s.apply(m)
            applied = True
        except IllegalMove as e:
            applied = False
            assert e.reason
            assert s.to_json() == before          # a refused move changes nothing
        assert applied == listed, (m, s.phase)
        if applied:
            conserved(s)
            assert all(len(set(h)) == len(h) for h in s.hands)
            assert s.phase in ("play", "color", "drawn", "challenge", "swap",
                               ROUND_OVER, GAME_OVER)


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 10), seed=st.integers(0, 2 ** 32), cut=st.integers(0, 300),
       options=options_st)
def test_json_round_trip_mid_round_plays_on_identically(n, seed, cut, options):
    if n * options.hand_size >= 104:
        options.hand_size = 7
    s = GnonoState(n, seed, options)
    r = random.Random(seed)
    for _ in range(cut):
        if s.phase == GAME_OVER:
            break
        s.apply(r.choice(s.legal_moves()))
    data = json.loads(json.dumps(s.to_json()))
    t = GnonoState.from_json(data)
    assert t.to_json() == s.to_json()
    r1, r2 = random.Random(seed + 1), random.Random(seed + 1)
    for _ in range(200):
        if s.phase == GAME_OVER:
            break
        m1 = r1.choice(s.legal_moves())
        m2 = r2.choice(t.legal_moves())
        assert m1 == m2
        assert s.apply(m1) == t.apply(m2)
    assert s.to_json() == t.to_json()


def _midround():
    s = GnonoState(4, 9)
    r = random.Random(3)
    for _ in range(25):
        s.apply(r.choice(s.legal_moves()))
    return s.to_json()


@pytest.mark.parametrize("breakit", [
    lambda d: d["hands"][0].append(d["draw_pile"][0]),                 # a card twice
    lambda d: d["draw_pile"].pop(),                                    # a card lost
    lambda d: d.__setitem__("phase", "dancing"),
    lambda d: d.__setitem__("current", 9),
    lambda d: d.__setitem__("color", "W"),
    lambda d: d.__setitem__("direction", 2),
    lambda d: d.__setitem__("n", 1),
    lambda d: d["options"].__setitem__("wd4_rule", "none"),
    lambda d: d["options"].__setitem__("bogus", 1),
    lambda d: d.__setitem__("hands", d["hands"][:3]),
    lambda d: d["hands"][1].__setitem__(0, "R7#5"),
    lambda d: d.__setitem__("schema", 99),
    lambda d: d.pop("rng"),
    lambda d: d.__setitem__("uno_called", [1, 0, 0, 0]),
    lambda d: d.__setitem__("scores", [0, 0, -5, 0]),
])
def test_from_json_rejects_bad_data(breakit):
    d = _midround()
    GnonoState.from_json(json.loads(json.dumps(d)))
    breakit(d)
    with pytest.raises(ValueError):
        GnonoState.from_json(d)


def test_from_json_rejects_non_dict():
    for bad in (None, [], "x", {"game": "gin"}):
        with pytest.raises(ValueError):
            GnonoState.from_json(bad)


def test_same_seed_same_game():
    a, b = GnonoState(5, 77), GnonoState(5, 77)
    assert a.to_json() == b.to_json()
    assert sorted(c.token for c in a.all_cards()) == DECK
