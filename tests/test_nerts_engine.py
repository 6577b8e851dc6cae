"""Nerts as a game.engine.Engine (rules.py's Game: rounds to a target, moves that name
their seat, queued until the table's clock Step applies them) and its options'
validation."""
import itertools
import json
import random

import pytest

from game.engine import Engine, IllegalMove, OptionError
from game.nerts import replay_codec
from game.nerts.moves import COLUMN, PILE, WASTE, Move, NextRound, Race, ScoreRound, Seated, Step
from game.nerts.rules import Game, NertsOptions, Round, new_engine
from game.nerts.view import GameView


def random_round(options, seed, limit=20000):
    """Random listed moves through the engine until its first round is over."""
    rng = random.Random(seed)
    g = new_engine(seed, options)
    for n in range(limit):
        if g.round.over:
            return g, n
        seat = rng.choice(g.to_move())
        events = g.apply(rng.choice(g.legal_moves(seat))) + g.apply(Step())
        json.dumps([(e.kind, e.seat, dict(e.data)) for e in events])   # JSON-able details
    raise AssertionError(f"not over after {limit} random moves")


@pytest.mark.parametrize("seats,flip_by_ones,move_runs",
                         list(itertools.product((2, 3, 4), (False, True), (False, True))))
def test_random_rounds_end_under_every_option(seats, flip_by_ones, move_runs):
    for seed in range(3):
        options = NertsOptions(seats=seats, flip_by_ones=flip_by_ones, move_runs=move_runs)
        g, _ = random_round(options, seed)
        g.check_invariants()
        assert g.round.end_reason in ("gnerts", "standstill")
        # between rounds every seat may score the round or deal the next
        assert g.to_move() == tuple(range(seats))
        assert all(g.legal_moves(s) == [ScoreRound(s), NextRound(s)] for s in range(seats))


def test_every_seat_moves_at_once_and_others_have_no_moves():
    g = new_engine(3, NertsOptions(seats=3))
    assert isinstance(g, Engine) and g.n_seats == 3 and g.to_move() == (0, 1, 2)
    assert g.legal_moves(3) == [] and g.legal_moves(-1) == [] and g.legal_moves("0") == []
    assert all(isinstance(m, Seated) and m.seat == 1 for m in g.legal_moves(1))
    before = json.dumps(g.to_json(), sort_keys=True)
    for bad in (Seated(3, Move.flip()), Move.flip(), NextRound(0), NextRound(7), "flip"):
        with pytest.raises(IllegalMove):
            g.apply(bad)
        assert json.dumps(g.to_json(), sort_keys=True) == before


def set_up(spec, **kw) -> Game:
    """A game whose round on is Round.setup(spec)."""
    g = Game(NertsOptions(seats=len(spec)))
    g.round = Round.setup(spec, options=g.options, **kw)
    return g


def test_apply_takes_the_listed_moves_and_the_tables_forms_and_nothing_else():
    spec = [{"pile": "KD AH", "columns": ["7S", "6D", "5C", "8H"], "waste": "9C"},
            {"pile": "KS QS", "columns": ["9D", "9S", "8C", "8S"]}]
    g = set_up(spec, rest="waste")
    listed = g.legal_moves(0)
    assert Seated(0, Move.to_scoring(PILE, foundation=0)) in listed and Seated(0, Move.turn()) in listed
    # the table's forms are listed too: "wherever it fits", and flip to turn the waste
    assert Seated(0, Move.to_scoring(PILE)) in listed and Seated(0, Move.flip()) in listed
    before = json.dumps(g.to_json(), sort_keys=True)
    for unlisted in (Move.to_scoring(PILE, foundation=3),        # an ace to a free place but the first
                     Move.to_column(COLUMN, 1, col=0, count=1),  # a whole column by its count
                     Move.to_column(WASTE, 0)):                   # 9C does not go on 7S
        assert Seated(0, unlisted) not in listed
        with pytest.raises(IllegalMove):
            g.apply(Seated(0, unlisted))
        assert json.dumps(g.to_json(), sort_keys=True) == before
    with pytest.raises(IllegalMove, match="does not go on"):
        g.apply(Seated(0, Move.to_column(WASTE, 0)))
    assert g.apply(Seated(0, Move.to_scoring(PILE, foundation=0))) == []    # queued for the step
    assert g.round.layouts[0].pile[-1].rank == 1 and g.round.pending
    events = g.apply(Step())
    assert [e.kind for e in events][:2] == ["card_moved", "foundation_started"]
    assert events[0].get("cards") == ["AH@0"] and events[0].get("move")["src"] == PILE
    assert g.round.step_no == 1 and not g.round.pending
    g.apply(Seated(0, Move.flip()))
    assert [e.kind for e in g.apply(Step())] == ["waste_turned"]      # flip turned the waste


def race_game() -> Game:
    """Both seats' Piles show a two of hearts, and one foundation, an ace of hearts,
    takes only one of them."""
    return set_up([{"pile": "KD 2H", "columns": ["7S", "6D", "5C", "8H"]},
                   {"pile": "KS 2H", "columns": ["9D", "9S", "8C", "8S"]}],
                  foundations=["AH@1"])


def test_moves_of_one_step_meet_in_a_fair_order_and_the_first_card_wins_the_foundation():
    winners = set()
    for seed in range(12):
        g = race_game()
        g.round.rng.seed(seed)
        for seat in (0, 1):
            g.apply(Seated(seat, Move.to_scoring(PILE, foundation=0)))
        events = g.apply(Step())
        assert events[0].kind == "race" and events[0].seats == (0, 1)
        moved = [e for e in events if e.kind == "card_moved"]
        refused = [e for e in events if e.kind == "refused"]
        assert len(moved) == 1 and len(refused) == 1 and moved[0].seat != refused[0].seat
        assert "Too late" in refused[0].reason and g.round.foundations[0][-1].rank == 2
        winners.add(moved[0].seat)
        # the same moves in the same step give the same round, whoever sent them first
        h = race_game()
        h.round.rng.seed(seed)
        for seat in (1, 0):
            h.apply(Seated(seat, Move.to_scoring(PILE, foundation=0)))
        h.apply(Step())
        assert h.round.to_json() == g.round.to_json()
        # and the card that lost is refused at once in the next step
        with pytest.raises(IllegalMove, match="Too late"):
            g.apply(Seated(refused[0].seat, Move.to_scoring(PILE, foundation=0)))
    assert winners == {0, 1}          # either seat may win a race: the order is drawn


def test_the_clock_moves_by_steps_jumps_ahead_and_never_back():
    g = new_engine(3)
    assert g.apply(Step()) == [] and g.round.step_no == 1
    g.apply(Step(40))
    assert g.round.step_no == 40
    g.apply(Seated(0, Move.flip()))
    assert [e.kind for e in g.apply(Step(40))] == ["flipped"] and g.round.step_no == 40
    before = json.dumps(g.to_json(), sort_keys=True)
    for bad in (Step(39), Step(True), Race((0,)), Race((0, 0)), Race((0, 5))):
        with pytest.raises(IllegalMove):
            g.apply(bad)
        assert json.dumps(g.to_json(), sort_keys=True) == before
    g.apply(Seated(1, Move.flip()))
    with pytest.raises(IllegalMove, match="queued"):
        g.apply(Race((0, 1)))               # a replay's race comes before its moves


def test_a_race_draws_the_order_as_the_step_does():
    a, b = race_game(), race_game()
    for seat in (0, 1):
        a.apply(Seated(seat, Move.flip()))
    a.apply(Step())
    b.apply(Race((0, 1)))
    assert a.round.rng.getstate() == b.round.rng.getstate()


def test_next_round_scores_the_round_and_deals_the_next_then_ends_the_game():
    # seat 0 plays its last Pile card: G'NERTS ends the round
    g = set_up([{"pile": "AH", "columns": ["7S", "6D", "5C", "8H"]},
                {"pile": "KS QS", "columns": ["9D", "9S", "8C", "8S"]}])
    g.apply(Seated(0, Move.to_scoring(PILE, foundation=0)))
    events = g.apply(Step())
    assert "gnerts" in [e.kind for e in events] and g.round.over and not g.is_over()
    assert g.scores() == [0, 0] and g.view(1).round.over
    for bad in (Seated(1, Move.flip()), Step()):
        with pytest.raises(IllegalMove):
            g.apply(bad)
    scores = g.round.side_scores()
    events = g.apply(NextRound(1))
    assert [e.kind for e in events] == ["round_scored", "round_dealt"]
    assert events[0].get("scores") == scores and g.scores() == scores and g.history == [scores]
    assert g.round_no == 2 and not g.round.over and g.to_move() == (0, 1)
    g.check_invariants()
    # a round that takes seat 0 past the target ends the game
    g = set_up([{"pile": "AH", "columns": ["7S", "6D", "5C", "8H"]},
                {"pile": "KS QS", "columns": ["9D", "9S", "8C", "8S"]}])
    g.apply(Seated(0, Move.to_scoring(PILE, foundation=0)))
    g.apply(Step())
    before = 100 - g.round.side_scores()[0]          # so that this round makes it 100
    g.history, g.totals = [[before, 0]], [before, 0]
    events = g.apply(NextRound())
    assert [e.kind for e in events] == ["round_scored", "game_over"] and events[1].seat == 0
    assert g.is_over() and g.winner == 0 and g.to_move() == () and g.legal_moves(0) == []
    with pytest.raises(IllegalMove, match="over"):
        g.apply(NextRound())
    g.check_invariants()


def test_between_rounds_as_the_table_leaves_it_next_round_deals():
    g = set_up([{"pile": "AH", "columns": ["7S", "6D", "5C", "8H"]},
                {"pile": "KS QS", "columns": ["9D", "9S", "8C", "8S"]}])
    g.apply(Seated(0, Move.to_scoring(PILE, foundation=0)))
    g.apply(Step())
    scores = g.round.side_scores()
    events = g.apply(ScoreRound())      # the table scores first, then shows the scores
    assert [e.kind for e in events] == ["round_scored"] and g.totals == scores
    assert g.round is None and g.legal_moves(0) == [NextRound(0)] and g.view(0).round is None
    with pytest.raises(IllegalMove, match="scored already"):
        g.apply(ScoreRound(0))
    assert [e.kind for e in g.apply(NextRound(0))] == ["round_dealt"]
    assert g.round is not None and g.round_no == 2


def test_the_view_holds_the_totals_and_the_seats_view_of_the_round():
    g = new_engine(5, NertsOptions(seats=3))
    v = g.view(2)
    assert isinstance(v, GameView) and v.totals == (0, 0, 0) and v.round == g.round.view(2)
    assert v.round_no == 1 and not v.over


def test_redeal_hidden_changes_only_face_down_cards():
    g = new_engine(8, NertsOptions(seats=3))
    rng = random.Random(1)
    changed = False
    for _ in range(20):
        other = g.redeal_hidden(0, rng)
        other.check_invariants()
        for s in range(3):
            assert other.view(s) == g.view(s)
            a, b = g.round.layouts[s], other.round.layouts[s]
            assert (a.pile[-1], a.columns, a.waste) == (b.pile[-1], b.columns, b.waste)
            changed |= a.stack != b.stack or a.pile != b.pile
    assert changed


def test_a_copy_shares_nothing():
    g = new_engine(4)
    twin = g.copy()
    twin.apply(Seated(0, Move.flip()))
    twin.apply(Step())
    assert g.round.layouts[0].waste == [] and twin.round.layouts[0].waste
    assert g.to_json() != twin.to_json() and g.copy().to_json() == g.to_json()
    twin = g.copy()
    twin.history.append([1, 2])
    twin.rng.random()
    assert g.history == [] and g.copy().to_json() == g.to_json()


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


def test_a_replay_records_the_round_on_of_the_engine():
    g = new_engine(6)
    assert replay_codec.recorded(g) is g.round
    g.round = None                       # between rounds, as the table leaves it
    with pytest.raises(ValueError, match="no round"):
        replay_codec.recorded(g)
