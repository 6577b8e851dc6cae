"""Nerts drills: the one-seat round with a goal (game/nerts/drill.py) and its records
(game/nerts/drill_records.py)."""
import json
import os

import pytest

from game.clock import STEP_HZ
from game.engine import OptionError
from game.nerts.drill import GOALS, Drill, Goal, cards_per_minute, goal_of, time_text
from game.nerts.drill_records import FILE, DrillRecords
from game.nerts.invariants import InvariantError
from game.nerts.moves import COLUMN, PILE, Move
from game.nerts.rules import Game, NertsOptions, Round
from game.storage import Storage

HEARTS_TO_8 = ["AH 2H 3H 4H 5H 6H 7H 8H"]


def drill_at(goal: Goal, layout: dict, foundations=(), rest="stack") -> Drill:
    """A drill on a chosen position (its deal number is 0)."""
    d = Drill(goal, 0)
    d.game.round = Round.setup([layout], list(foundations), options=d.round.options, rest=rest)
    return d


# --- the engine's allowance: one seat is a drill ------------------------------------------
def test_one_seat_is_a_drill_never_a_saved_game():
    NertsOptions(seats=1)
    NertsOptions(seats=1, pile_out_ends=False)
    with pytest.raises(OptionError):
        NertsOptions(seats=2, pile_out_ends=False)      # only a drill plays on past its Pile
    d = Drill(Goal(), 5)
    assert d.game.n_seats == 1 and d.game.round is d.round   # a drill's engine: a one-seat game
    save = d.game.to_json()
    with pytest.raises(ValueError, match="drill"):
        Game.from_json(save)                  # never saved as a game
    save = Game(NertsOptions(seats=2), seed=5).to_json()
    save["options"]["seats"] = 1
    with pytest.raises(ValueError):
        Game.from_json(save)                  # a game saved with one seat is refused


def test_an_empty_pile_outside_a_drill_to_n_cards_breaks_the_invariants():
    r = Round.setup([{"pile": "", "columns": ["2S", "3S", "4S", "5S"]}], options=NertsOptions(seats=1))
    with pytest.raises(InvariantError):
        r.check_invariants()
    r = Round.setup([{"pile": "", "columns": ["2S", "3S", "4S", "5S"]}],
                    options=NertsOptions(seats=1, pile_out_ends=False))
    r.check_invariants()


# --- goals --------------------------------------------------------------------------------
def test_goals_and_their_names():
    assert [g.key for g in GOALS] == ["pile", "cards10", "cards20", "cards30"]
    assert goal_of("cards20") == Goal(20) and goal_of("pile").target == 13
    with pytest.raises(ValueError):
        Goal(15)
    with pytest.raises(ValueError):
        goal_of("cards15")
    assert Drill(Goal(), 3, flip_by_ones=True, move_runs=True).key == "pile+ones+runs"
    assert Drill(Goal(10), 3).key == "cards10"


def test_clearing_the_pile_completes_the_drill_with_its_time_in_steps():
    d = drill_at(Goal(), {"pile": "2H AH", "columns": ["7S", "6D", "9C", "8H"]})
    for _ in range(50):                      # half a second with no move
        d.step()
    d.submit(Move.to_scoring(PILE))
    d.step()
    assert not d.finished and d.reached == 12 and d.cards == 1      # 13 less the one left
    d.submit(Move.to_scoring(PILE))
    events = d.step()
    assert [e.kind for e in events if e.kind in ("gnerts", "round_over")] == ["gnerts", "round_over"]
    assert d.finished and d.completed and d.round.step_no == 52 and d.reached == 13
    d.round.check_invariants()
    r = d.result()
    assert (r["completed"], r["steps"], r["cards"], r["key"]) == (True, 52, 2, "pile")
    assert r["cpm"] == cards_per_minute(2, 52)
    d.submit(Move.flip())                    # a finished drill takes nothing more
    assert d.step() == [] and d.round.step_no == 52 and not d.round.pending


def test_a_drill_to_n_cards_plays_on_past_its_empty_pile():
    d = drill_at(Goal(10), {"pile": "9H", "columns": ["TH", "7S", "6D", "KC"]}, HEARTS_TO_8)
    assert d.cards == 8 and d.reached == 8
    d.submit(Move.to_scoring(PILE))
    events = d.step()
    assert "pile_emptied" in [e.kind for e in events]
    assert not d.round.over and not d.finished and d.cards == 9
    d.round.check_invariants()
    d.submit(Move.to_scoring(COLUMN, col=0))
    d.step()
    assert d.finished and d.completed and d.cards == 10 and d.round.step_no == 2
    assert not d.round.over                  # the goal ends the drill, not the round's rules
    d.round.check_invariants()


def test_a_standstill_rotates_the_stack_for_the_player_then_ends_the_drill_not_completed():
    # nothing plays: no ace out, no column fits another, no Stack
    d = drill_at(Goal(20), {"pile": "2C", "columns": ["2D", "2S", "2H", "4C"]}, rest="none")
    kinds = []
    for _ in range(3):
        kinds += [e.kind for e in d.step()]
        assert not d.finished
    assert kinds.count("rotation") == 3 and d.round.rotations == 3
    d.step()
    assert d.finished and not d.completed and d.round.end_reason == "standstill"
    r = d.result()
    assert (r["completed"], r["reached"], r["target"], r["steps"]) == (False, 0, 20, 4)


def test_the_vote_key_is_refused_when_there_is_no_standstill():
    d = drill_at(Goal(), {"pile": "2H AH", "columns": ["7S", "6D", "9C", "8H"]})
    assert d.round.refusal(0, Move.vote()).startswith("Not a standstill")


def test_a_deal_number_deals_the_same_drill_and_seat_1_of_a_game_on_that_deal():
    a, b, c = Drill(Goal(), 4242), Drill(Goal(), 4242), Drill(Goal(), 4243)
    assert a.round.to_json() == b.round.to_json() != c.round.to_json()
    game_round = Round(NertsOptions(seats=2), seed=4242)
    assert a.round.layouts[0] == game_round.layouts[0]
    for d in (a, b):                          # the same keys give the same drill
        for step in range(600):
            if step % 20 == 0:
                moves = d.round.legal_moves(0)
                if moves:
                    d.submit(moves[step // 20 % len(moves)])
            d.step()
    assert a.result() == b.result() and a.round.to_json() == b.round.to_json()
    a.round.check_invariants()


def test_time_and_cards_per_minute():
    assert time_text(0) == "0:00.0"
    assert time_text(65 * STEP_HZ + STEP_HZ * 3 // 10) == "1:05.3"
    assert cards_per_minute(10, 10 * STEP_HZ) == 60.0
    assert cards_per_minute(3, 0) == 0.0


# --- records ------------------------------------------------------------------------------
def result(steps, completed=True, deal=7, key="pile", cards=13):
    return {"key": key, "deal": deal, "steps": steps, "completed": completed, "cards": cards,
            "cpm": cards_per_minute(cards, steps), "label": "", "reached": 13, "target": 13}


@pytest.fixture
def storage(tmp_path):
    return Storage(str(tmp_path))


def test_records_keep_the_best_and_update_it_only_when_better(storage):
    rec = DrillRecords(storage)
    first = rec.add(result(6000))
    assert first.best_time and first.deal_best_time and first.previous_steps is None
    slower = rec.add(result(7000))
    assert not slower.best_time and not slower.deal_best_time and slower.previous_steps == 6000
    faster = rec.add(result(5000))
    assert faster.best_time and faster.previous_steps == 6000 and faster.previous_deal_steps == 6000
    other_deal = rec.add(result(5500, deal=8))
    assert not other_deal.best_time and other_deal.deal_best_time
    failed = rec.add(result(100, completed=False))
    assert not failed.best_time and failed.previous_steps == 5000
    d = DrillRecords(storage).drill("pile")          # kept on disk
    assert (d["runs"], d["completed"]) == (5, 4)
    assert d["best"] == {"steps": 5000, "cpm": cards_per_minute(13, 5000), "deal": 7}
    assert DrillRecords(storage).deal_best("pile", 8)["steps"] == 5500
    assert DrillRecords(storage).deal_best("pile", 9) is None
    assert DrillRecords(storage).drill("cards10") is None


def test_best_cards_a_minute_is_kept_apart_from_the_best_time(storage):
    rec = DrillRecords(storage)
    rec.add(result(6000, cards=13))
    news = rec.add(result(6600, cards=20))        # slower, but more cards a minute
    assert not news.best_time and news.best_cpm and news.previous_cpm == cards_per_minute(13, 6000)
    best = DrillRecords(storage).drill("pile")["best"]
    assert best["steps"] == 6000 and best["cpm"] == cards_per_minute(20, 6600)


@pytest.mark.parametrize("damage", [
    "not json at all", json.dumps({"kind": "nerts-drills", "schema": 1, "data": []}),
    json.dumps({"kind": "nerts-drills", "schema": 1, "data": {"pile": {
        "runs": 1, "completed": 1, "best": {"steps": -5, "cpm": 1.0, "deal": 3},
        "deals": {"3": {"steps": -5, "cpm": 1.0}}}}}),
    json.dumps({"kind": "nerts-drills", "schema": 1, "data": {"pile": {
        "runs": 1, "completed": 2, "best": None, "deals": {}}}}),
])
def test_a_damaged_records_file_is_set_aside_and_the_records_start_empty(storage, damage):
    os.makedirs(storage.dir, exist_ok=True)
    with open(storage.path(FILE), "w") as f:
        f.write(damage)
    rec = DrillRecords(storage)
    assert rec.data == {}
    assert os.path.exists(storage.path(FILE + ".bad")) and not os.path.exists(storage.path(FILE))
    assert any(FILE in p for p in storage.take_problems())
    rec.add(result(6000))
    assert DrillRecords(storage).drill("pile")["best"]["steps"] == 6000


def test_the_result_lines_say_the_bests_without_saying_one_twice(storage):
    from game.nerts.drill_screens import result_lines
    rec = DrillRecords(storage)
    first = result_lines(result(6000), rec.add(result(6000)))
    assert first == [f"Done in 0:50.0!  {cards_per_minute(13, 6000):.1f} cards a minute.", "New best!"]
    better = result_lines(result(5000), rec.add(result(5000)))
    assert "New best! (the best was 0:50.0)" in better and len(better) == 3   # and the cards a minute
    new_deal = result_lines(result(5500, deal=9), rec.add(result(5500, deal=9)))
    assert new_deal[1:] == ["Your first time on this deal.", "Best of this drill: 0:41.6."]
    deal_best = result_lines(result(5200, deal=9), rec.add(result(5200, deal=9)))
    assert deal_best[1:] == ["A new best on this deal (was 0:45.8).", "Best of this drill: 0:41.6."]
    failed = result_lines(result(300, completed=False), rec.add(result(300, completed=False)))
    assert failed[0].startswith("Not completed") and failed[-1] == "Best of this drill: 0:41.6."
