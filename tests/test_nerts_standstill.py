"""The seed's standstill: nobody can play any card from Pile, Stock or Stack."""
from game.cards import Card
from game.nerts.ai import NertsAI
from game.nerts.moves import WASTE, Move
from game.nerts.rules import NertsOptions, Round
from game.nerts.standstill import pass_tops


def C(text, deck=0):
    return Card.parse(text, deck)


STUCK_1 = {"pile": "2S 3S 4S", "columns": ["KH", "KD", "QH", "QD"], "stack": "5S 6S 7S 8S",
           "waste": "9S TS"}


def round_with(seat0, **opts):
    return Round.setup([seat0, STUCK_1], options=NertsOptions(**opts), rest="none")


def test_pass_tops_follow_the_flips_by_threes_and_by_ones():
    stack = [C(t) for t in ["5C", "6C", "7C", "8C", "9C"]]        # 9C on top
    waste = [C("2C"), C("3C")]
    # this pass: 3C now, then 7C (9C 8C 7C), then 5C; after the turn: the whole pass
    # 2C 3C 9C 8C 7C 6C 5C by threes shows 9C, 6C, 5C
    assert pass_tops(stack, waste, 3) == [C("3C"), C("7C"), C("5C"), C("9C"), C("6C"), C("5C")]
    assert set(pass_tops(stack, waste, 1)) == set(stack) | set(waste)
    assert pass_tops([], [], 3) == []


def test_a_stack_card_that_fits_a_column_is_not_a_standstill():
    # JC deep in the Stack fits the red queens: the seat is not stuck
    r = round_with({"pile": "2C 3C 4C", "columns": ["KH", "KD", "QH", "QD"],
                    "stack": "JC 5C 6C", "waste": "9C TC"})
    reason = r.refusal(0, Move.vote())
    assert reason is not None and "Stack" in reason
    assert Move.vote() not in r.legal_moves(0)
    before = r.to_json()
    assert r.refusal(0, Move.vote()) and r.to_json() == before
    # seat 1 is stuck: its vote is legal
    assert Move.vote() in r.legal_moves(1)
    r.apply(1, Move.vote())
    assert r.votes == {1}


def test_a_stack_card_out_of_reach_of_the_flips_does_not_count():
    # by threes the pass shows 5C, 8C and the last card: 6C and 7C (which fit nothing
    # anyway) and a JC at position 2 of a 3-card pass... here JC is never a top
    r = round_with({"pile": "2C 3C 4C", "columns": ["KH", "KD", "QH", "QD"],
                    "stack": "5C JC 6C 7C 8C 9C"})
    tops = pass_tops(r.layouts[0].stack, r.layouts[0].waste, 3)
    assert C("JC") not in tops
    assert r.refusal(0, Move.vote()) is None
    # flipping by ones reaches it
    r1 = round_with({"pile": "2C 3C 4C", "columns": ["KH", "KD", "QH", "QD"],
                     "stack": "5C JC 6C 7C 8C 9C"}, flip_by_ones=True)
    assert "Stack" in r1.refusal(0, Move.vote())


def test_a_column_that_can_move_is_not_a_standstill():
    r = round_with({"pile": "2C 3C 4C", "columns": ["KH", "QC", "5S", "QD"], "stack": "9C"})
    assert "column 2 can still move" in r.refusal(0, Move.vote())


def test_a_run_shuttled_between_two_columns_does_not_block_but_a_useful_one_does():
    stuck = {"pile": "2C 3C 4C", "columns": ["KH 6S", "7D", "QH", "QS 7H"], "stack": "9C"}
    # 6S sits on KH: moving it to the 7D uncovers KH, of no use: a standstill
    r = round_with(stuck, move_runs=True)
    assert r.refusal(0, Move.vote()) is None
    # 6C on QS under 7H? a run 7H from column 4 would uncover QS, and the Pile's JH fits
    # it: that move counts
    useful = {"pile": "2C JH", "columns": ["KH", "8S", "QH", "QS 7H"], "stack": "9C"}
    r2 = round_with(useful, move_runs=True)
    assert "column 4 can still move" in r2.refusal(0, Move.vote())


def test_the_pile_and_column_tops_block_as_before():
    r = round_with({"pile": "2C AC", "columns": ["KH", "KD", "QH", "QD"], "stack": "9C"})
    assert "AC" in r.refusal(0, Move.vote())
    r = round_with({"pile": "2C 3C", "columns": ["KH", "KD", "QH", "AD"], "stack": "9C"})
    assert "AD" in r.refusal(0, Move.vote())


def test_the_computer_plays_a_stuck_stack_card_to_a_column_before_it_agrees():
    r = round_with({"pile": "2C 3C 4C", "columns": ["KH", "KD", "QH", "QD"],
                    "stack": "JC 5C 6C 7C"})
    ai = NertsAI("instant", 1)
    kinds = []
    for _ in range(20):
        m, kind = ai.decide(r.view(0))
        if m is None:
            break
        kinds.append((kind, m))
        r.apply(0, m)            # every move it makes is legal: apply() raises otherwise
        if kind == "vote":
            break
    played = [m for k, m in kinds if k == "column"]
    assert played and played[0] == Move.to_column(WASTE, 2)       # JC onto the QH
    assert kinds[-1][0] == "vote" and r.votes == {0}
    assert r.layouts[0].columns[2][-1] == C("JC")


def test_computers_alone_reach_the_end_of_a_stuck_round():
    from game.nerts.rules import Game
    from game.nerts.sim import make_players, run_round  # only this test needs the runner
    r = round_with({"pile": "2C 3C 4C", "columns": ["KH", "KD", "QH", "QD"],
                    "stack": "JC 5C 6C 7C", "waste": "9C"})
    out = run_round(Game.of_round(r), make_players(["instant", "instant"], 3), max_steps=100_000)
    assert r.over and r.end_reason == "standstill" and out is not None
    assert r.layouts[0].columns[2][-1] == C("JC")
