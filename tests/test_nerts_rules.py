"""Every rule of the Nerts sheet (/work/shared/rules/nerts.md), move by move."""
import json
from collections import Counter

import pytest

from game.cards import Card, full_deck
from game.engine import IllegalMove
from game.nerts.moves import COLUMN, FOUND, PILE, WASTE, Event, Move
from game.nerts.rules import (
    Game,
    NertsOptions,
    NextRound,
    Round,
    ScoreRound,
    card_token,
    fits_column,
    parse_token,
)
from tests import nerts_clock as clock


def C(text, deck=0):
    return parse_token(text, deck)


def snapshot(r: Round):
    return json.dumps(r.to_json(), sort_keys=True)


def refused(r: Round, seat: int, move: Move, reason_part: str = ""):
    """The move raises IllegalMove with a readable reason and changes nothing."""
    before = snapshot(r)
    with pytest.raises(IllegalMove) as ei:
        r.apply(seat, move)
    assert ei.value.reason
    assert reason_part.lower() in ei.value.reason.lower()
    assert snapshot(r) == before
    assert r.refusal(seat, move) == ei.value.reason
    assert not r.is_legal(seat, move)
    return ei.value.reason


def kinds(events):
    return [e.kind for e in events]


# --- the deal ---------------------------------------------------------------------------

@pytest.mark.parametrize("seats", [2, 3, 4])
def test_deal_layout(seats):
    r = Round(NertsOptions(seats=seats), seed=5)
    assert len(r.foundations) == 4 * seats and all(f == [] for f in r.foundations)
    for seat, lay in enumerate(r.layouts):
        assert len(lay.pile) == 13
        assert [len(c) for c in lay.columns] == [1, 1, 1, 1]
        assert len(lay.stack) == 35 and lay.waste == []
        assert sorted(lay.all_cards()) == sorted(full_deck(seat))
        assert all(c.deck == seat for c in lay.all_cards())
        v = r.view(seat)
        assert v.pile_top == lay.pile[-1] and v.pile_count == 13   # top face up
    r.check_invariants()
    assert snapshot(Round(NertsOptions(seats=seats), seed=5)) == snapshot(r)
    assert snapshot(Round(NertsOptions(seats=seats), seed=6)) != snapshot(r)


def test_options_from_the_sheet():
    o = NertsOptions()
    assert (o.seats, o.target, o.flip_by_ones, o.move_runs, o.pile_penalty, o.call_bonus) == (
        2, 100, False, False, 2, 0)
    for t in (100, 150, 500, 1000):
        NertsOptions(target=t)
    for bad in ({"target": 120}, {"seats": 0}, {"seats": 2, "pile_out_ends": False}, {"seats": 5},
                {"pile_penalty": 3}, {"call_bonus": -1}, {"flip_by_ones": 1}, {"target": True}):
        with pytest.raises(ValueError):
            NertsOptions(**bad)
    o = NertsOptions(seats=3, target=500, flip_by_ones=True, move_runs=True, pile_penalty=1,
                     call_bonus=5)
    assert NertsOptions.from_json(json.loads(json.dumps(o.to_json()))) == o
    with pytest.raises(ValueError):
        NertsOptions.from_json({"colour": 3})


def test_card_tokens_and_column_fit():
    c = Card(7, "H", 2)
    assert card_token(c) == "7H@2" and parse_token("7H@2") == c
    assert parse_token("7H", 3) == Card(7, "H", 3)
    for bad in ("7H@x", "ZZ", 7, "7H@12"):
        with pytest.raises(ValueError):
            parse_token(bad)
    assert fits_column(C("5H"), C("6S")) and fits_column(C("5C"), C("6D"))
    assert not fits_column(C("5H"), C("6D")) and not fits_column(C("5H"), C("7S"))
    assert not fits_column(C("6S"), C("5H"))


# --- the Scoring Area -----------------------------------------------------------------------

def test_pile_ace_starts_foundation_and_next_pile_card_turns_up():
    r = Round.setup([{"pile": "9C AH"}, {}])
    ev = r.apply(0, Move.to_scoring(PILE))
    assert kinds(ev) == ["card_moved", "foundation_started", "pile_turned"]
    assert ev[0].cards == (C("AH"),) and ev[0].dst == FOUND and ev[0].dst_index == 0
    assert ev[2].cards == (C("9C"),)
    assert r.foundations[0] == [C("AH")] and r.layouts[0].pile == [C("9C")]
    assert r.view(0).pile_top == C("9C")


def test_scoring_builds_up_in_suit_with_any_deck():
    r = Round.setup([{"pile": "9C 2H"}, {"pile": "9D 3H"}], ["AH@0"])
    r.apply(0, Move.to_scoring(PILE))
    r.apply(1, Move.to_scoring(PILE))                 # seat 1's 3H on seat 0's 2H
    assert r.foundations[0] == [C("AH"), C("2H"), C("3H", 1)]
    refused(r, 0, Move.to_scoring(PILE), "no place")  # 9C: no club foundation
    r2 = Round.setup([{"pile": "9C 2D"}, {}], ["AH@1"])
    refused(r2, 0, Move.to_scoring(PILE), "no place")  # 2D does not go on AH


def test_only_an_ace_starts_a_foundation_and_a_named_foundation_must_fit():
    r = Round.setup([{"pile": "9C 2H"}, {}], ["AH@1", "AS@1"])
    refused(r, 0, Move.to_scoring(PILE, foundation=2), "only an ace")
    refused(r, 0, Move.to_scoring(PILE, foundation=1), "build up in suit")
    refused(r, 0, Move.to_scoring(PILE, foundation=99), "no foundation")
    r.apply(0, Move.to_scoring(PILE, foundation=0))
    assert r.foundations[0][-1] == C("2H")
    r3 = Round.setup([{"pile": "9C AD"}, {}], ["AH@1"])
    refused(r3, 0, Move.to_scoring(PILE, foundation=0), "free place")
    ev = r3.apply(0, Move.to_scoring(PILE, foundation=5))    # an ace to a chosen free place
    assert ev[0].dst_index == 5 and r3.foundations[5] == [C("AD")]


def test_wherever_it_fits_and_find_foundation():
    r = Round.setup([{"pile": "9C 2S"}, {}], ["AH@1", "AS@1", "AS@0"])
    assert r.find_foundation(C("2S")) == 1           # the first fitting foundation
    assert r.find_foundation(C("AD")) == 3           # the first free place
    assert r.find_foundation(C("3S")) is None
    ev = r.apply(0, Move.to_scoring(PILE))
    assert ev[0].dst_index == 1
    assert r.find_foundation(C("2S", 1)) == 2


def test_waste_to_scoring_legal_and_illegal():
    r = Round.setup([{"pile": "9C", "waste": "AD 5S"}, {}])
    refused(r, 0, Move.to_scoring(WASTE), "no place")
    r.layouts[0].waste.reverse()          # AD on top now
    ev = r.apply(0, Move.to_scoring(WASTE))
    assert kinds(ev) == ["card_moved", "foundation_started"] and ev[0].src == WASTE
    assert r.layouts[0].waste == [C("5S")]           # the card below is now the top
    r.layouts[0].waste.clear()
    refused(r, 0, Move.to_scoring(WASTE), "waste is empty")


def test_column_top_to_scoring_and_king_completes():
    r = Round.setup([{"pile": "9C 8D", "columns": ["KH", "5S 4H", "3C", "2D"]}, {}],
                    ["AH@1 2H@1 3H@1", "AH@0 2H@0 3H@0 4H@1 5H@1 6H@1 7H@1 8H@1 9H@1 TH@1 JH@1 QH@1"])
    ev = r.apply(0, Move.to_scoring(COLUMN, col=1))       # 4H
    assert ev[0].src == COLUMN and ev[0].src_index == 1 and r.layouts[0].columns[1] == [C("5S")]
    refused(r, 0, Move.to_scoring(COLUMN, col=1), "no place")     # 5S
    ev = r.apply(0, Move.to_scoring(COLUMN, col=0, foundation=1))   # KH completes
    assert "foundation_done" in kinds(ev)
    # the emptied column is refilled from the Pile at once
    assert kinds(ev)[-2:] == ["column_refilled", "pile_turned"]
    assert r.layouts[0].columns[0] == [C("8D")] and r.layouts[0].pile == [C("9C")]


def test_a_card_in_the_scoring_area_never_comes_back():
    with pytest.raises(ValueError):
        Move("play", "found", None, "column", 0).check_shape()
    r = Round.setup([{"pile": "9C"}, {}], ["AH@0"])
    refused(r, 0, Move("play", "found", None, "column", 0), "bad source")
    assert all(m.src in (PILE, WASTE, COLUMN) for m in r.legal_moves(0) if m.kind == "play")


# --- the columns ---------------------------------------------------------------------------

def test_pile_to_column_builds_down_alternating():
    r = Round.setup([{"pile": "2C 5H", "columns": ["6S", "6D", "7C", "4S"]}, {}])
    refused(r, 0, Move.to_column(PILE, 1), "alternating")    # red on red
    refused(r, 0, Move.to_column(PILE, 2), "alternating")    # wrong rank
    refused(r, 0, Move.to_column(PILE, 3), "alternating")    # upward
    ev = r.apply(0, Move.to_column(PILE, 0))
    assert kinds(ev) == ["card_moved", "pile_turned"] and ev[0].dst == COLUMN
    assert r.layouts[0].columns[0] == [C("6S"), C("5H")]


def test_waste_to_column():
    r = Round.setup([{"pile": "2C", "columns": ["6S", "6D", "9C", "4S"], "waste": "KD 5D"}, {}])
    refused(r, 0, Move.to_column(WASTE, 1), "alternating")
    r.apply(0, Move.to_column(WASTE, 0))
    assert r.layouts[0].columns[0] == [C("6S"), C("5D")] and r.layouts[0].waste == [C("KD")]
    refused(r, 0, Move.to_column(WASTE, 2), "alternating")


def test_whole_column_onto_column_and_refill_from_pile():
    r = Round.setup([{"pile": "2C QD", "columns": ["8S 7H", "9H", "9C", "KS"]}, {}])
    refused(r, 0, Move.to_column(COLUMN, 2, col=0), "alternating")   # black 8 on black 9
    refused(r, 0, Move.to_column(COLUMN, 3, col=0), "alternating")   # 8 on a king
    refused(r, 0, Move.to_column(COLUMN, 0, col=0), "same column")
    ev = r.apply(0, Move.to_column(COLUMN, 1, col=0))
    assert ev[0].cards == (C("8S"), C("7H")) and ev[0].src_index == 0 and ev[0].dst_index == 1
    assert kinds(ev) == ["card_moved", "column_refilled", "pile_turned"]
    lay = r.layouts[0]
    assert lay.columns[1] == [C("9H"), C("8S"), C("7H")] and lay.columns[0] == [C("QD")]
    assert lay.pile == [C("2C")]


def test_columns_cannot_be_split_unless_move_runs():
    spec = [{"pile": "2C QD", "columns": ["9S 8H 7C", "9C", "KC", "KS"]}, {}]
    r = Round.setup(spec)
    refused(r, 0, Move.to_column(COLUMN, 1, col=0, count=2), "cannot be split")
    assert not any(m.count for m in r.legal_moves(0))
    r = Round.setup(spec, options=NertsOptions(move_runs=True))
    refused(r, 0, Move.to_column(COLUMN, 1, col=0, count=4), "only 3 cards")
    refused(r, 0, Move.to_column(COLUMN, 1, col=0, count=1), "alternating")   # 7C on 9C
    assert Move.to_column(COLUMN, 1, col=0, count=2) in r.legal_moves(0)
    ev = r.apply(0, Move.to_column(COLUMN, 1, col=0, count=2))               # 8H 7C on 9C
    assert ev[0].cards == (C("8H"), C("7C")) and kinds(ev) == ["card_moved"]
    assert r.layouts[0].columns[0] == [C("9S")]                 # not empty: no refill
    assert r.layouts[0].columns[1] == [C("9C"), C("8H"), C("7C")]
    refused(r, 0, Move.to_column(COLUMN, 2, col=0, count=2), "has only 1 card.")   # the singular


def test_runs_must_fit_and_whole_column_moves_too():
    spec = [{"pile": "2C QD", "columns": ["9S 8H 7C", "9D", "KC", "KS"]}, {}]
    r = Round.setup(spec, options=NertsOptions(move_runs=True))
    # 8H does not go on 9D (red on red); 9S (the whole column) does not fit 9D either
    refused(r, 0, Move.to_column(COLUMN, 1, col=0, count=2), "alternating")
    refused(r, 0, Move.to_column(COLUMN, 1, col=0), "alternating")


def test_empty_column_takes_only_the_pile():
    r = Round.setup([{"pile": "2C", "columns": ["", "6D", "9C", "4S"], "waste": "5S"}, {}],
                    rest="pile")
    refused(r, 0, Move.to_column(WASTE, 0), "only the pile")
    refused(r, 0, Move.to_scoring(COLUMN, col=0), "empty")


def test_last_pile_card_refilling_a_column_calls_gnerts():
    r = Round.setup([{"pile": "QD", "columns": ["AS", "6D", "9C", "4S"]}, {}], rest="stack")
    ev = r.apply(0, Move.to_scoring(COLUMN, col=0))
    assert kinds(ev)[-3:] == ["column_refilled", "gnerts", "round_over"]
    assert r.over and r.end_reason == "gnerts" and r.caller == 0
    assert r.layouts[0].columns[0] == [C("QD")]


# --- the Stack -------------------------------------------------------------------------------

def test_flip_three_keeps_their_order_third_on_top():
    r = Round.setup([{"pile": "2C", "stack": "4D 5D 6D 7D 8D"}, {}], rest="pile")
    ev = r.apply(0, Move.flip())
    assert kinds(ev) == ["flipped"] and ev[0].cards == (C("8D"), C("7D"), C("6D"))
    lay = r.layouts[0]
    assert lay.waste == [C("8D"), C("7D"), C("6D")] and lay.waste_top == C("6D")
    assert lay.stack == [C("4D"), C("5D")]
    r.apply(0, Move.flip())                      # only two left
    assert lay.waste[-2:] == [C("5D"), C("4D")] and lay.stack == []
    refused(r, 0, Move.to_scoring(WASTE), "no place")


def test_turning_the_waste_over_restores_the_order():
    stack = "3H 4D 5D 6D 7D 8D 9D"
    r = Round.setup([{"pile": "2C", "stack": stack}, {}], rest="pile")
    original = list(r.layouts[0].stack)
    refused(r, 0, Move.turn(), "flip the rest")
    while r.layouts[0].stack:
        r.apply(0, Move.flip())
    ev = r.apply(0, Move.turn())
    assert kinds(ev) == ["waste_turned"] and ev[0].value == 7
    assert r.layouts[0].stack == original and r.layouts[0].waste == []
    refused(r, 0, Move.turn(), "flip the rest")
    # flip on an empty Stack turns the waste over too (one key at the table)
    while r.layouts[0].stack:
        r.apply(0, Move.flip())
    assert kinds(r.apply(0, Move.flip())) == ["waste_turned"]
    assert r.layouts[0].stack == original


def test_playing_the_waste_top_reveals_the_one_below():
    r = Round.setup([{"pile": "2C", "stack": "4D AD 6D"}, {}], rest="pile")
    r.apply(0, Move.flip())
    assert r.layouts[0].waste_top == C("4D")
    refused(r, 0, Move.to_scoring(WASTE), "no place")
    r.layouts[0].waste[:] = [C("6D"), C("4D"), C("AD")]
    r.apply(0, Move.to_scoring(WASTE))
    assert r.layouts[0].waste_top == C("4D")


def test_flip_by_ones_option():
    r = Round.setup([{"pile": "2C", "stack": "4D 5D 6D"}, {}],
                    options=NertsOptions(flip_by_ones=True), rest="pile")
    ev = r.apply(0, Move.flip())
    assert ev[0].cards == (C("6D"),) and r.layouts[0].stack == [C("4D"), C("5D")]
    assert r.view(0).flip_count == 1


def test_empty_stack_and_waste_cannot_flip():
    r = Round.setup([{"pile": "2C"}, {}], rest="pile")
    refused(r, 0, Move.flip(), "empty")
    refused(r, 0, Move.turn(), "no waste")
    assert all(m.kind not in ("flip", "turn") for m in r.legal_moves(0))


def test_a_seat_touches_only_its_own_layout():
    r = Round.setup([{"pile": "2C 5H", "columns": ["KS", "KD", "KC", "KH"]},
                     {"pile": "3D 6S", "columns": ["QS", "QD", "QC", "QH"]}])
    # seat 0's 5H does not fit its own kings; seat 1's columns are out of reach:
    # destinations always mean the moving seat's own columns.
    refused(r, 0, Move.to_column(PILE, 0), "alternating")
    refused(r, 9, Move.flip(), "no seat")


# --- the real-time clock -------------------------------------------------------------------------

def test_submit_waits_for_step_and_step_advances_the_clock():
    r = Round.setup([{"pile": "9C AH"}, {}])
    clock.submit(r, 0, Move.to_scoring(PILE))
    assert r.foundations[0] == [] and r.step_no == 0
    ev = clock.step(r)
    assert r.step_no == 1 and r.foundations[0] == [C("AH")]
    assert kinds(ev) == ["card_moved", "foundation_started", "pile_turned"]
    assert clock.step(r) == [] and r.step_no == 2
    clock.step(r, 100)
    assert r.step_no == 100
    clock.submit(r, 0, Move.flip())
    assert clock.step(r, 100) != [] and r.step_no == 100     # the queue applied, no time passed
    with pytest.raises(IllegalMove, match="not before"):
        clock.step(r, 99)


def test_moves_of_one_seat_in_one_step_keep_their_order():
    r = Round.setup([{"pile": "9C 2H AH"}, {}])
    clock.submit(r, 0, Move.to_scoring(PILE))   # AH
    clock.submit(r, 0, Move.to_scoring(PILE))   # 2H (legal only after AH)
    ev = clock.step(r)
    assert "refused" not in kinds(ev) and r.foundations[0] == [C("AH"), C("2H")]


def _race(seed, order=(0, 1)):
    """Both seats play a 2H onto the only AH within one step."""
    r = Round.setup([{"pile": "9C 2H"}, {"pile": "9C 2H"}], ["AH@0"], seed=seed)
    for s in order:
        clock.submit(r, s, Move.to_scoring(PILE))
    return r, clock.step(r)


def test_conflict_on_one_foundation_first_stays_other_goes_back():
    r, ev = _race(1)
    moved = [e for e in ev if e.kind == "card_moved"]
    refusals = [e for e in ev if e.kind == "refused"]
    assert len(moved) == 1 and len(refusals) == 1
    winner, loser = moved[0].seat, refusals[0].seat
    assert {winner, loser} == {0, 1}
    assert "too late" in refusals[0].reason.lower()
    assert refusals[0].cards == (C("2H", loser),) and refusals[0].move == Move.to_scoring(PILE)
    assert r.layouts[loser].pile[-1] == C("2H", loser)          # the card stays where it was
    assert r.foundations[0][-1] == C("2H", winner)


def test_conflict_between_steps_goes_to_the_earlier_arrival():
    for first in (0, 1):
        r = Round.setup([{"pile": "9C 2H"}, {"pile": "9C 2H"}], ["AH@0"], seed=3)
        clock.submit(r, first, Move.to_scoring(PILE))
        clock.step(r)
        # the later card is refused at once: the engine's IllegalMove, nothing queued
        assert "too late" in clock.submit(r, 1 - first, Move.to_scoring(PILE)).lower()
        assert clock.step(r) == [] and r.foundations[0][-1].deck == first


def test_ties_inside_a_step_are_fair():
    wins = Counter()
    for seed in range(400):
        _, ev = _race(seed, order=(0, 1) if seed % 3 else (1, 0))
        wins[[e for e in ev if e.kind == "card_moved"][0].seat] += 1
    assert 150 <= wins[0] <= 250 and 150 <= wins[1] <= 250
    # and within one round the favoured seat changes from step to step
    r = Round.setup([{"pile": "9C"}, {"pile": "9C"}], ["AH@0"], seed=9, rest="none")
    firsts = []
    for rank in range(2, 12):
        for s in (0, 1):              # both seats hold the next heart on their Pile
            pile = r.layouts[s].pile
            del pile[1:]
            pile.append(Card(rank, "H", s))
            clock.submit(r, s, Move.to_scoring(PILE))
        ev = clock.step(r)
        firsts.append([e for e in ev if e.kind == "card_moved"][0].seat)
    assert set(firsts) == {0, 1}


def test_refused_in_step_for_a_move_no_longer_legal_and_at_once_for_any_illegal_one():
    r = Round.setup([{"pile": "9C 5H"}, {}])
    assert "no place" in clock.submit(r, 0, Move.to_scoring(PILE))
    assert clock.submit(r, 0, "nonsense") == "That is not a move."
    assert not r.pending
    r = Round.setup([{"pile": "9C", "waste": "KC AH"}, {}])
    clock.submit(r, 0, Move.to_scoring(WASTE))     # AH
    clock.submit(r, 0, Move.to_scoring(WASTE))     # AH again: legal when queued, KC's turn when applied
    ev = clock.step(r)
    assert kinds(ev)[-1] == "refused" and ev[-1].cards == (C("KC"),) and "no place" in ev[-1].reason


# --- standstill -------------------------------------------------------------------------------

def test_vote_refused_while_a_play_exists():
    r = Round.setup([{"pile": "9C AH"}, {}])
    reason = refused(r, 0, Move.vote(), "not a standstill")
    assert "AH" in reason
    assert Move.vote() not in r.legal_moves(0)


def _standstill_round():
    # neither seat can play anything anywhere: no aces reachable, nothing fits
    s0 = {"pile": "2C 3C 4C", "columns": ["KH", "KD", "QH", "QD"], "stack": "5C 6C 7C 8C",
          "waste": "9C TC"}
    s1 = {"pile": "2S 3S 4S", "columns": ["KH", "KD", "QH", "QD"], "stack": "5S 6S 7S 8S",
          "waste": "9S TS"}
    return Round.setup([s0, s1], rest="none")


def test_standstill_three_rotations_then_round_end():
    r = _standstill_round()
    ev = r.apply(0, Move.vote())
    assert kinds(ev) == ["vote"] and ev[0].value == 1 and r.votes == {0}
    refused(r, 0, Move.vote(), "already agreed")
    ev = r.apply(1, Move.vote())
    assert kinds(ev) == ["vote", "rotation"] and ev[1].value == 1
    lay = r.layouts[0]
    # the waste is turned back onto the Stack (the pass starts over: 9C TC 8C 7C 6C 5C
    # top first), then the top card goes to the bottom: TC 8C 7C 6C 5C 9C
    assert lay.waste == []
    assert lay.stack[::-1] == [C("TC"), C("8C"), C("7C"), C("6C"), C("5C"), C("9C")]
    assert r.votes == set() and r.rotations == 1
    for n in (2, 3):
        r.apply(1, Move.vote())
        ev = r.apply(0, Move.vote())
        assert kinds(ev) == ["vote", "rotation"] and ev[1].value == n
        assert not r.over
    r.apply(0, Move.vote())
    ev = r.apply(1, Move.vote())
    assert kinds(ev) == ["vote", "round_over"] and ev[1].reason == "standstill"
    assert r.over and r.end_reason == "standstill" and r.caller is None and r.rotations == 3
    refused(r, 0, Move.flip(), "round is over")
    assert r.legal_moves(0) == []


def test_a_play_clears_the_votes():
    r = _standstill_round()
    r.apply(0, Move.vote())
    r.layouts[1].waste.append(C("AS", 1))
    ev = r.apply(1, Move.to_scoring(WASTE))
    assert "votes_cleared" in kinds(ev) and r.votes == set()
    # flipping is not a play: a vote stays
    r.apply(0, Move.vote())
    r.apply(0, Move.flip())
    assert r.votes == {0}


def test_idle_flips_count_a_pass_without_play():
    r = Round.setup([{"pile": "2C", "columns": ["KH", "KD", "QH", "QD"],
                      "stack": "5C 6C 7C 8C 9C"}, {"pile": "AH"}], rest="none")
    r.apply(0, Move.flip())
    r.apply(0, Move.flip())
    assert r.view(0).idle_flips == 5
    r.apply(1, Move.to_scoring(PILE))          # the Scoring Area changed: look again
    assert r.view(0).idle_flips == 0


# --- G'NERTS and scoring ------------------------------------------------------------------

def test_gnerts_on_the_last_pile_card_freezes_play():
    r = Round.setup([{"pile": "AH", "columns": ["KH", "KD", "QH", "QD"]},
                     {"pile": "AS"}], rest="stack")
    clock.submit(r, 0, Move.to_scoring(PILE))
    clock.submit(r, 1, Move.to_scoring(PILE))
    ev = clock.step(r)
    ks = kinds(ev)
    assert "gnerts" in ks and "round_over" in ks
    assert r.over and r.end_reason == "gnerts"
    # whichever came first called; the other seat's move after the freeze is refused
    caller = [e for e in ev if e.kind == "gnerts"][0].seat
    assert r.caller == caller
    if ks[-1] == "refused":
        assert ev[-1].reason == "The round is over."
    refused(r, 0, Move.flip(), "round is over")


def test_gnerts_from_pile_to_column():
    r = Round.setup([{"pile": "5H", "columns": ["6S", "KD", "QH", "QD"]}, {}])
    ev = r.apply(0, Move.to_column(PILE, 0))
    assert kinds(ev) == ["card_moved", "gnerts", "round_over"] and r.caller == 0


def test_scoring_plus_one_minus_two_and_negative_totals():
    r = Round.setup([{"pile": "2C 3C 4C 5C 6C"}, {"pile": "2S"}],
                    ["AH@0 2H@1 3H@0", "AD@1", "AS@0"], rest="stack")
    det = r.score_details()
    assert det[0] == {"played": 3, "pile_left": 5, "penalty": 10, "bonus": 0, "total": -7}
    assert det[1] == {"played": 2, "pile_left": 1, "penalty": 2, "bonus": 0, "total": 0}
    assert r.scores() == [-7, 0]
    # the caller can score less than another seat
    r.layouts[1].pile[:] = []
    r.over, r.end_reason, r.caller = True, "gnerts", 1
    r.foundations[4] = [C("AC", 0)]
    assert r.scores() == [-6, 2]


def test_penalty_and_bonus_options():
    spec = [{"pile": "2C 3C 4C"}, {"pile": ""}]
    r = Round.setup(spec, ["AH@0"], options=NertsOptions(pile_penalty=1, call_bonus=10))
    r.over, r.end_reason, r.caller = True, "gnerts", 1
    assert r.scores() == [1 - 3, 10]


# --- the game ------------------------------------------------------------------------------

def finished_round(options, own_cards, pile_left):
    """A finished round where seat s has own_cards[s] aces..(in one suit) played and
    pile_left[s] cards in its Pile. Suits: seat s plays in suit 'CDHS'[s]."""
    layouts = []
    founds = []
    for s, n in enumerate(own_cards):
        suit = "CDHS"[s]
        founds.append(" ".join(f"{'A23456789TJQK'[k]}{suit}@{s}" for k in range(n)))
        layouts.append({"pile": " ".join(f"{'23456789TJQK'[k]}{'HSCD'[s]}"
                                         for k in range(pile_left[s]))})
    r = Round.setup(layouts, founds, options=options)
    r.over, r.end_reason = True, "standstill"
    return r


def test_game_to_target_with_tie_at_the_top_playing_another_round():
    o = NertsOptions(seats=3, target=100)
    g = Game(o, seed=1)
    g.apply(NextRound())
    r = g.round
    assert g.round_no == 1 and r.options.seats == 3
    for early in (ScoreRound(), NextRound()):
        with pytest.raises(IllegalMove, match="not over"):
            g.apply(early)                  # not over yet

    def score(round_):
        g.round = round_
        ev = g.apply(ScoreRound())
        return ev[0].get("scores"), ev[0].get("totals"), [e.kind for e in ev]
    scores, totals, ks = score(finished_round(o, [10, 3, 0], [0, 2, 6]))
    assert scores == [10, -1, -12] and totals == [10, -1, -12] and ks == ["round_scored"]
    assert not g.over
    g.totals = [95, 98, -12]
    g.history = [[95, 98, -12]]
    g.apply(NextRound())
    _, totals, _ = score(finished_round(o, [8, 5, 1], [0, 0, 0]))   # both pass 100 with 103: a tie
    assert totals == [103, 103, -11] and not g.over and g.winner is None
    g.apply(NextRound())
    _, _, ks = score(finished_round(o, [2, 3, 0], [1, 0, 0]))   # 103 vs 106: the higher total wins
    assert ks == ["round_scored", "game_over"] and g.winner == 1 and g.over
    with pytest.raises(IllegalMove):
        g.apply(NextRound())


def test_game_rounds_are_deterministic_for_a_seed():
    def first(seed):
        g = Game(seed=seed)
        g.apply(NextRound())
        return snapshot(g.round)
    assert first(42) == first(42) != first(43)


# --- views -------------------------------------------------------------------------------

def test_view_shows_only_own_layout_and_scoring_area():
    r = Round(NertsOptions(seats=3), seed=11)
    r.apply(0, Move.flip())
    v = r.view(0)
    lay = r.layouts[0]
    visible = {v.pile_top, *v.waste, *(c for col in v.columns for c in col),
               *(c for c in v.foundations if c)}
    hidden = set(lay.stack) | set(lay.pile[:-1])
    for other in r.layouts[1:]:
        hidden |= set(other.all_cards())

    def cards_in(obj, out):
        if isinstance(obj, Card):
            out.add(obj)
        elif isinstance(obj, (tuple, list, set, frozenset)):
            for x in obj:
                cards_in(x, out)
    exposed = set()
    for name in v.__slots__:
        cards_in(getattr(v, name), exposed)
    assert exposed == visible and not (exposed & hidden)
    assert v.stack_count == len(lay.stack) and v.pile_count == 13
    assert not hasattr(v, "layouts") and not hasattr(v, "rng")


# --- legal_moves ----------------------------------------------------------------------------

def test_legal_moves_are_all_legal_and_cover_the_plays():
    r = Round.setup([{"pile": "2C 5H", "columns": ["6S", "6C", "4S", "AD"],
                      "waste": "KD 2D", "stack": "3D"}, {}], ["AH@1"],
                    options=NertsOptions(move_runs=True))
    moves = r.legal_moves(0)
    for m in moves:
        assert r.is_legal(0, m), m
    assert Move.to_column(PILE, 0) in moves and Move.to_column(PILE, 1) in moves
    assert Move.to_scoring(COLUMN, col=3, foundation=1) in moves
    assert Move.flip() in moves and Move.vote() not in moves
    assert not r.is_legal(0, Move.to_scoring(WASTE))


def test_events_and_moves_print_readably():
    m = Move.to_column(COLUMN, 2, col=0, count=3)
    assert str(m) == "column 1 (3 cards) -> column 3"
    assert str(Move.to_scoring(PILE)) == "pile -> scoring area"
    e = Event("refused", 1, (C("2H"),), reason="Too late", move=Move.to_scoring(PILE))
    assert "Too late" in str(e) and "2H" in str(e)
    assert Move.from_json(json.loads(json.dumps(m.to_json()))) == m
    for bad in ({"kind": "jump"}, {"kind": "flip", "src": "pile"}, {"kind": "play", "src": "x"},
                {"kind": "play", "src": "column", "col": 7, "dst": "found"},
                {"kind": "play", "src": "pile", "dst": "column", "to": None},
                {"kind": "play", "src": "pile", "dst": "found", "count": 2}, "flip"):
        with pytest.raises(ValueError):
            Move.from_json(bad)
