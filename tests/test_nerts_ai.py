"""Nerts computer players: priorities, the clock, standstill votes, levels."""
import random

import pytest

from game.nerts.ai import LEVELS, NertsAI
from game.nerts.moves import COLUMN, PILE, WASTE, Move
from game.nerts.rules import NertsOptions, Round
from game.nerts.sim import play_round, win_shares
from tests import nerts_clock as clock


def decide(spec, foundations=(), level="instant", options=None, seat=0, prepare=None):
    r = Round.setup(spec, list(foundations), options=options)
    if prepare:
        prepare(r)
    return NertsAI(level, random.Random(1)).decide(r.view(seat))


OTHER = {}


def test_pile_to_scoring_comes_first():
    spec = [{"pile": "9C AH", "columns": ["AS", "5D", "6C", "7H"], "waste": "AD"}, OTHER]
    assert decide(spec) == (Move.to_scoring(PILE), "score")


def test_columns_and_waste_to_scoring_before_pile_to_column():
    spec = [{"pile": "9C 4H", "columns": ["5S", "8D 7S", "AC", "KH"], "waste": "AD"}, OTHER]
    # AC empties column 2 (the Pile refills it): it goes before the waste's AD
    assert decide(spec) == (Move.to_scoring(COLUMN, col=2), "score")
    spec = [{"pile": "9C 4H", "columns": ["5S", "8D 7S", "QC", "KH"], "waste": "AD"}, OTHER]
    assert decide(spec) == (Move.to_scoring(WASTE), "score")


def test_pile_to_column_before_column_moves_and_flips():
    spec = [{"pile": "9C 4H", "columns": ["5S", "8D", "7S", "KH"], "stack": "2C"}, OTHER]
    assert decide(spec) == (Move.to_column(PILE, 0), "column")


def test_column_onto_column_to_free_a_space():
    spec = [{"pile": "9C 2C", "columns": ["5S", "8D", "7S", "KH"], "stack": "3C"}, OTHER]
    assert decide(spec) == (Move.to_column(COLUMN, 1, col=2), "column")


def test_runs_that_uncover_a_scoring_card_with_the_option():
    spec = [{"pile": "9C 2C", "columns": ["AD 8S 7H", "9H", "KS", "KH"], "stack": "3C"}, OTHER]
    assert decide(spec, options=NertsOptions(move_runs=True)) == (
        Move.to_column(COLUMN, 1, col=0, count=2), "column")
    # without the option it does not try to split; it flips
    assert decide(spec) == (Move.flip(), "flip")


def test_waste_to_column_only_when_it_helps():
    # 5D fits on 6S, but nothing follows: flip instead
    spec = [{"pile": "9C 2C", "columns": ["6S", "KD", "KS", "KH"], "waste": "5D",
             "stack": "3C"}, OTHER]
    assert decide(spec) == (Move.flip(), "flip")
    # the Pile's 4C can follow onto the 5D: play it
    spec[0]["pile"] = "9C 4C"
    assert decide(spec) == (Move.to_column(WASTE, 0), "column")
    # or the card under it goes to the Scoring Area
    spec = [{"pile": "9C 2C", "columns": ["6S", "KD", "KS", "KH"], "waste": "AH 5D",
             "stack": "3C"}, OTHER]
    assert decide(spec) == (Move.to_column(WASTE, 0), "column")


def test_turns_the_waste_over_when_the_stack_is_empty():
    spec = [{"pile": "9C 2C", "columns": ["6S", "KD", "KS", "KH"], "waste": "5C 8C"}, OTHER]
    r = Round.setup(spec, rest="pile")
    m, kind = NertsAI("instant", 1).decide(r.view(0))
    assert m == Move.flip() and kind == "flip"
    assert r.apply(0, m)[0].kind == "waste_turned"


def test_votes_after_a_whole_pass_without_a_play_then_waits():
    spec = [{"pile": "2C 3C", "columns": ["KH", "KD", "QH", "QD"], "stack": "5C 6C 7C 8C"},
            {"pile": "2S", "columns": ["KH", "KD", "QH", "QD"]}]
    r = Round.setup(spec, rest="none")
    ai = NertsAI("instant", 1)
    seen = []
    for _ in range(10):
        m, kind = ai.decide(r.view(0))
        seen.append(kind)
        if m is None:
            break
        r.apply(0, m)
    # 3 cards, then the last one: the whole Stack seen without a play -> agree, then wait
    assert seen == ["flip", "flip", "vote", "wait"]
    assert r.votes == {0}


def test_poll_follows_the_clock():
    spec = [{"pile": "9C AH", "columns": ["5S", "5D", "6C", "7H"]}, OTHER]
    r = Round.setup(spec)
    ai = NertsAI("expert", random.Random(3))
    assert ai.poll(0, lambda: r.view(0)) is None          # decided; the hand is moving
    assert ai.pending == Move.to_scoring(PILE)
    motion = ai.next_step
    lv = LEVELS["expert"]
    lo = (lv.play[0] - lv.play[1]) * lv.race * 120
    hi = (lv.play[0] + lv.play[1]) * lv.race * 120
    assert lo - 1 <= motion <= hi + 1
    assert ai.poll(motion - 1, lambda: pytest.fail("must not look while moving")) is None
    assert ai.poll(motion, lambda: pytest.fail("no look needed")) == Move.to_scoring(PILE)
    assert ai.next_step > motion                          # the next reaction timer runs
    # steps per second scales the delays
    slow = NertsAI("expert", random.Random(3), steps_per_second=60)
    slow.poll(0, r.view(0))
    assert abs(slow.next_step * 2 - motion) <= 2


def test_instant_moves_every_step_and_levels_validate():
    r = Round(NertsOptions(), 1)
    ai = NertsAI("instant", 1)
    for step in range(5):
        assert ai.poll(step, r.view(0)) is not None
    with pytest.raises(ValueError):
        NertsAI("godlike")
    with pytest.raises(ValueError):
        NertsAI("easy", steps_per_second=0)


def test_slower_levels_overlook_plays_sometimes():
    spec = [{"pile": "9C 2C", "columns": ["5S", "KD", "KS", "AH"], "stack": "3C"}, OTHER]
    r = Round.setup(spec)
    v = r.view(0)
    def misses(level):
        ai = NertsAI(level, random.Random(5))
        return sum(ai.decide(v)[1] == "flip" for _ in range(400))
    assert misses("expert") == 0
    assert 60 <= misses("easy") <= 180      # about 30%
    assert misses("normal") < misses("easy")


def test_reaction_times_by_level():
    # mean seconds per card play (scan + motion) decrease with the level
    per_play = {name: lv.scan[0] + lv.play[0] for name, lv in LEVELS.items()}
    assert per_play["easy"] > per_play["normal"] > per_play["hard"] > per_play["expert"]
    assert 5 <= per_play["easy"] <= 10 and 0.4 <= per_play["expert"] <= 1.0
    assert per_play["instant"] == 0


def test_ai_only_gets_a_view_and_is_deterministic():
    a = play_round(["hard", "normal", "expert"], seed=12)
    b = play_round(["hard", "normal", "expert"], seed=12)
    assert a == b and a["end"] in ("gnerts", "standstill")


def test_each_level_beats_the_one_below_head_to_head():
    # a small sample on the real clock; bench/ and the report use many more rounds
    shares = win_shares(("easy", "normal", "hard", "expert"), rounds=24, seed=3)
    for (hi, lo), r in shares.items():
        assert r["share"] > 0.5 and r["margin"] > 0, (hi, lo, r)


def test_player_json_round_trip_mid_round_has_the_same_future():
    import json

    from game.nerts.rules import Game
    from game.nerts.sim import make_players, run_round
    r = Round(NertsOptions(seats=2), 8)
    players = make_players(["expert", "normal"], 8)
    for _ in range(3000):                        # on the clock, part of the way
        for s, p in enumerate(players):
            m = p.poll(r.step_no, lambda s=s: r.view(s))
            if m is not None:
                clock.submit(r, s, m)
        clock.step(r)
    assert not r.over
    r2 = Round.from_json(json.loads(json.dumps(r.to_json())))
    p2 = [NertsAI.from_json(json.loads(json.dumps(p.to_json()))) for p in players]
    a, b = run_round(Game.of_round(r), players), run_round(Game.of_round(r2), p2)
    assert a == b and r.to_json() == r2.to_json()
    with pytest.raises(ValueError):
        NertsAI.from_json({"level": "expert"})
    ai = NertsAI("hard", 1)
    ai.poll(0, Round(NertsOptions(), 1).view(0))
    ai.reset(50)
    assert ai.pending is None and ai.next_step == 50
