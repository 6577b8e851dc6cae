"""Nerts as a game.engine.Engine (the round is the unit) and its options' validation."""
import itertools
import json
import random

import pytest

from game.engine import Engine, IllegalMove, OptionError
from game.nerts.moves import PILE, WASTE, Move
from game.nerts.rules import NertsOptions, Round, new_engine


def random_round(options, seed, limit=20000):
    rng = random.Random(seed)
    r = new_engine(seed, options)
    for n in range(limit):
        if r.is_over():
            return r, n
        seat = rng.choice(r.to_move())
        events = r.play(seat, rng.choice(r.legal_moves(seat)))
        json.dumps([(e.kind, e.seat, dict(e.data)) for e in events])   # JSON-able details
    raise AssertionError(f"not over after {limit} random moves")


@pytest.mark.parametrize("seats,flip_by_ones,move_runs",
                         list(itertools.product((2, 3, 4), (False, True), (False, True))))
def test_random_rounds_end_under_every_option(seats, flip_by_ones, move_runs):
    for seed in range(3):
        options = NertsOptions(seats=seats, flip_by_ones=flip_by_ones, move_runs=move_runs)
        r, _ = random_round(options, seed)
        r.check_invariants()
        assert r.to_move() == () and all(r.legal_moves(s) == [] for s in range(seats))
        assert r.end_reason in ("gnerts", "standstill")


def test_every_seat_moves_at_once_and_others_have_no_moves():
    r = new_engine(3, NertsOptions(seats=3))
    assert isinstance(r, Engine) and r.n_seats == 3 and r.to_move() == (0, 1, 2)
    assert r.legal_moves(3) == [] and r.legal_moves(-1) == [] and r.legal_moves("0") == []
    with pytest.raises(IllegalMove):
        r.play(3, Move.flip())


def test_play_takes_only_listed_forms_while_apply_takes_the_tables_shortcuts():
    spec = [{"pile": "KD AH", "columns": ["7S", "6D", "5C", "8H"], "waste": "9C"},
            {"pile": "KS QS", "columns": ["9D", "9S", "8C", "8S"]}]
    r = Round.setup(spec, rest="waste")
    listed = r.legal_moves(0)
    assert Move.to_scoring(PILE, foundation=0) in listed and Move.turn() in listed
    before = json.dumps(r.to_json(), sort_keys=True)
    for shortcut in (Move.to_scoring(PILE), Move.flip()):     # "wherever it fits"; flip = turn here
        assert shortcut not in listed
        with pytest.raises(IllegalMove):
            r.play(0, shortcut)
        assert json.dumps(r.to_json(), sort_keys=True) == before
    with pytest.raises(IllegalMove, match="does not go on"):
        r.play(0, Move.to_column(WASTE, 0))
    events = r.play(0, Move.to_scoring(PILE, foundation=0))
    assert [e.kind for e in events][:2] == ["card_moved", "foundation_started"]
    assert events[0].get("cards") == ["AH@0"] and events[0].get("move")["src"] == PILE
    assert [e.kind for e in r.copy().apply(0, Move.flip())] == ["waste_turned"]   # the table's way


def test_redeal_hidden_changes_only_face_down_cards():
    r = new_engine(8, NertsOptions(seats=3))
    rng = random.Random(1)
    changed = False
    for _ in range(20):
        other = r.redeal_hidden(0, rng)
        other.check_invariants()
        for s in range(3):
            assert other.view(s) == r.view(s)
            a, b = r.layouts[s], other.layouts[s]
            assert (a.pile[-1], a.columns, a.waste) == (b.pile[-1], b.columns, b.waste)
            changed |= a.stack != b.stack or a.pile != b.pile
    assert changed


def test_a_copy_shares_nothing():
    r = new_engine(4)
    twin = r.copy()
    twin.play(0, Move.flip())
    assert r.layouts[0].waste == [] and twin.layouts[0].waste
    assert r.to_json() != twin.to_json() and r.copy().to_json() == r.to_json()


# --- options ----------------------------------------------------------------------------------
@pytest.mark.parametrize("bad", [
    {"seats": 0}, {"seats": 5}, {"seats": True}, {"seats": 2.0}, {"target": 120}, {"target": True},
    {"flip_by_ones": 1}, {"move_runs": "yes"}, {"pile_penalty": 3}, {"pile_penalty": True},
    {"call_bonus": -1}, {"call_bonus": 101}, {"call_bonus": 10 ** 30}, {"call_bonus": None},
    {"pile_out_ends": 0},
])
def test_nonsense_options_are_refused_with_their_name(bad):
    (name, value), = bad.items()
    with pytest.raises(OptionError, match=f"option {name} "):
        NertsOptions(**bad)
    with pytest.raises(OptionError, match=f"option {name} "):
        NertsOptions.from_json({**NertsOptions().to_json(), **bad})


def test_options_json_refuses_unknown_keys_and_non_objects_and_fills_defaults():
    with pytest.raises(OptionError, match="unknown option colour"):
        NertsOptions.from_json({"colour": 3})
    with pytest.raises(OptionError):
        NertsOptions.from_json([2, 100])
    assert NertsOptions.from_json({"seats": 3}) == NertsOptions(seats=3)
