"""Gin saves that cannot lie (issue #20): the state reader refuses every field of the
wrong type or range, states inconsistent with their phase (hand sizes, a going-out
discard in mid-play, a lay-down with none), flags given as other values, huge numbers,
and result records (shown after a resume) that do not follow from the hand.
GNERTS_SAVE_MUTATIONS / GNERTS_SAVE_SEED set the random mutations per phase and their seed.
"""
import copy
import json
import os
import random

import pytest

from game.cards import Card
from game.gin.rules import Discard, DrawStock, GinGame, GinOptions, GoOut, LayDown, Pass, TakeUpcard
from tests.test_saves_abuse import ODD_VALUES, paths, set_at

C = Card.parse
MUTATIONS = int(os.environ.get("GNERTS_SAVE_MUTATIONS", "120"))
MUTATION_SEED = os.environ.get("GNERTS_SAVE_SEED", "0")


def deal(h0, h1, up, stock=None, dealer=1, **opts):
    return GinGame.from_deal([[C(x) for x in h0.split()], [C(x) for x in h1.split()]], C(up),
                             [C(x) for x in stock.split()] if stock else None, dealer,
                             GinOptions(**opts))


KNOCKER = "AS 2S 3S 4H 5H 6H 7C 7D 7H 9C"
OTHER = "KC KD QS JS 2C 3D 7S 3H 8D 9D"


def at_phase(phase: str) -> GinGame:
    """A real game in the given phase (seat 0 knocks in the hand when it goes out)."""
    g = deal(KNOCKER, OTHER, "KH", "2D 8S")
    if phase == "offer":
        return g
    g.apply(Pass(0))
    g.apply(Pass(1))
    if phase == "draw":
        return g
    g.apply(DrawStock(0))
    if phase == "discard":
        return g
    g.apply(GoOut(0, C("9C")))
    if phase == "lay_down":
        return g
    g.apply(LayDown(1))
    assert g.phase == "hand_over"
    return g


def saved(g) -> dict:
    return json.loads(json.dumps(g.to_json()))


def refused(d, match=None):
    with pytest.raises(ValueError, match=match):
        GinGame.from_json(d)


PHASES = ["offer", "draw", "discard", "lay_down", "hand_over"]


@pytest.mark.parametrize("phase", PHASES)
def test_a_real_save_reads_back_the_same_in_every_phase(phase):
    g = at_phase(phase)
    again = GinGame.from_json(saved(g))
    assert again.to_json() == g.to_json()


# --- issue #20: hand sizes against the phase ---------------------------------------------------
@pytest.mark.parametrize("phase,move", [("draw", (0, 1)), ("draw", (1, 0)), ("offer", (1, 0)),
                                        ("discard", (1, 0)), ("hand_over", (0, 1))])
def test_hands_of_the_wrong_size_for_the_phase_are_refused(phase, move):
    """11/9 (or 9/11, 12/9...): a card moved from one hand to the other."""
    d = saved(at_phase(phase))
    src, dst = move
    d["hands"][dst].append(d["hands"][src].pop())
    refused(d, "cards")


def test_eleven_and_eleven_is_refused():
    d = saved(at_phase("discard"))          # seat 0 holds 11
    d["hands"][1].append(d["stock"].pop())
    refused(d, "cards")


def test_twelve_and_nine_is_refused():
    d = saved(at_phase("discard"))
    d["hands"][0].append(d["hands"][1].pop())
    refused(d, "cards")


# --- issue #20: the going-out discard against the phase -------------------------------------------
@pytest.mark.parametrize("phase", ["draw", "discard"])
def test_a_going_out_discard_in_mid_play_is_refused(phase):
    d = saved(at_phase(phase))
    d["out_discard"] = d["stock"].pop(0)     # the card would vanish at the next going-out
    refused(d, "going-out|face-down")


def test_a_lay_down_with_no_going_out_discard_is_refused():
    d = saved(at_phase("lay_down"))
    d["stock"].append(d["out_discard"])
    d["out_discard"] = None                  # was a TypeError in _score_hand on Y
    refused(d)


def test_a_lay_down_whose_laid_cards_are_not_the_hand_is_refused():
    d = saved(at_phase("lay_down"))
    d["out_unmatched"] = []
    d["out_kind"] = "gin"
    refused(d, "laid-down")


# --- flags and types ------------------------------------------------------------------------------
@pytest.mark.parametrize("key,value", [("must_draw_stock", "yes"), ("stock_end", 1), ("doubled", 0),
                                       ("turn", True), ("dealer", 1.0), ("offer_stage", "0")])
def test_flags_and_seats_of_another_type_are_refused(key, value):
    d = saved(at_phase("draw"))
    d[key] = value
    refused(d)


@pytest.mark.parametrize("key,value", [("must_draw_stock", False), ("stock_end", True),
                                       ("doubled", True), ("knock_value", 3)])
def test_flags_that_do_not_match_the_state_are_refused(key, value):
    d = saved(at_phase("draw"))              # both passed: must draw from the Stock
    assert d[key] != value
    d[key] = value
    refused(d)


def test_the_offer_stage_must_match_who_is_offered_the_upcard():
    d = saved(at_phase("offer"))
    d["offer_stage"] = 1
    refused(d, "offered")


@pytest.mark.parametrize("path", [("hand_no",), ("wins", 0), ("games", 0, "points", 1),
                                  ("records", 0, "points"), ("records", 0, "hand_no"), ("seed",)])
def test_huge_numbers_are_refused(path):
    d = saved(at_phase("hand_over"))
    set_at(d, path, 10 ** 30)
    refused(d)


def test_an_unknown_key_or_a_missing_one_is_refused():
    d = saved(at_phase("draw"))
    d["partial"] = True                      # no key switches a check off
    refused(d, "partial")
    d = saved(at_phase("draw"))
    del d["passed"]
    refused(d, "passed")


# --- the result shown after a resume ---------------------------------------------------------------
@pytest.mark.parametrize("path,value", [
    (("records", 0, "points"), 99), (("records", 0, "how"), "gin"), (("records", 0, "how"), "underknock"),
    (("records", 0, "winner"), 1), (("records", 0, "winner"), None), (("records", 0, "deadwood", 1), 1),
    (("records", 0, "out_seat"), 1), (("records", 0, "games"), []), (("records", 0, "games"), [0, 1]),
    (("records", 0, "hand_no"), 2), (("records", 0, "doubled"), True), (("records", 0, "knock_value"), 9),
    (("games", 0, "points", 0), 0), (("games", 0, "boxes", 0), 2), (("games", 0, "winner"), 0),
    (("wins", 0), 0), (("dealer",), 1), (("phase",), "game_over"), (("hand_no",), 2),
])
def test_a_result_record_that_does_not_follow_from_the_hand_is_refused(path, value):
    d = saved(at_phase("hand_over"))
    before = d
    for p in path[:-1]:
        before = before[p]
    assert before[path[-1]] != value
    set_at(d, path, value)
    refused(d)


def test_a_record_missing_from_a_finished_hand_is_refused():
    d = saved(at_phase("hand_over"))
    d["records"] = []
    refused(d, "records")


def test_a_defence_that_is_not_the_defenders_hand_is_refused():
    d = saved(at_phase("hand_over"))
    d["def_unmatched"] = d["def_unmatched"][1:]
    refused(d)


# --- random mutations of real saves, every phase ------------------------------------------------
@pytest.mark.parametrize("phase", PHASES)
def test_every_mutated_state_is_refused_or_consistent(phase):
    """A mutated save either is refused with ValueError or reads as a state whose
    invariants hold and which plays on (a listed move is accepted)."""
    g = at_phase(phase)
    doc = saved(g)
    rng = random.Random(f"{phase}-{MUTATION_SEED}")
    places = paths(doc)
    outcome = {"refused": 0, "read": 0}
    for _ in range(MUTATIONS):
        d = copy.deepcopy(doc)
        path = rng.choice(places)
        if rng.random() < 0.2:
            set_at(d, path, None, delete=True)
        else:
            set_at(d, path, rng.choice(ODD_VALUES + [10 ** 6, 11, 2, "AS", ["AS"]]))
        try:
            got = GinGame.from_json(d)
        except ValueError:
            outcome["refused"] += 1
            continue
        outcome["read"] += 1
        got.check_invariants()
        for seat in got.to_move():
            for move in got.legal_moves(seat)[:3]:
                got.copy().apply(move)
    assert outcome["refused"] > MUTATIONS // 2, outcome


def test_a_game_played_to_its_end_reads_back_at_every_move():
    """Every state of a whole game (computers on both sides) is accepted and gives the
    same state back: the checks refuse nothing real."""
    from game.gin.ai import make_ai
    g = GinGame.new(seed=21, options=GinOptions(hollywood=True, oklahoma=True, game_target=60))
    ais = [make_ai("normal", 1), make_ai("hard", 2)]
    n = 0
    while not g.is_over():
        assert GinGame.from_json(saved(g)).to_json() == g.to_json()
        seat = g.to_move()[0]
        g.apply(ais[seat].choose(g.view(seat)))
        n += 1
    assert GinGame.from_json(saved(g)).to_json() == g.to_json() and n > 50


def test_moves_used_here_are_real():
    """The phases above are reached by legal moves (a guard on at_phase itself)."""
    g = at_phase("discard")
    assert g.phase == "discard" and g.turn == 0 and len(g.hands[0]) == 11
    assert TakeUpcard(1) not in g.legal_moves(1) and Discard(0, C("9C")) in g.legal_moves(0)


# --- the table's save (game/gin/table_save.py) ---------------------------------------------------
def _table_save(app, mutate):
    """Save a table at the player's first turn, change its file, resume it."""
    from game.gin import table as T
    from tests.test_gin_table import make_table
    t = make_table(app, KNOCKER, OTHER, "KH", "2D 8S")
    t.ctl.save()
    app.pop(t)
    path = os.path.join(app.save_dir, "gin.json")
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    mutate(doc["data"])
    with open(path, "w", encoding="utf-8") as f:
        json.dump(doc, f)
    return T.resume(app), path


@pytest.mark.parametrize("what,mutate", [
    ("session not the game's", lambda d: d["session"].__setitem__("oklahoma", True)),
    ("session flag not a flag", lambda d: d["session"].__setitem__("hollywood", 0)),
    ("a held card out of the discard phase", lambda d: d.__setitem__("picked", d["order"].pop())),
    ("show_cpu not a flag", lambda d: d.__setitem__("show_cpu", "yes")),
    ("an unknown key", lambda d: d.__setitem__("partial", True)),
    ("no computer random state key", lambda d: d.pop("ai_rng")),
    ("a bad computer random state", lambda d: d["ai_rng"][1].__setitem__(0, 2 ** 40)),
    ("a card twice in the order", lambda d: d["order"].append(d["order"][0])),
    ("a huge computer seed", lambda d: d.__setitem__("ai_seed", 10 ** 40)),
])
def test_a_table_save_that_lies_is_set_aside(app, what, mutate):
    table, path = _table_save(app, mutate)
    assert table is None, what
    assert os.path.exists(path + ".bad") and app.storage.take_problems()


def test_a_table_save_reads_back_and_a_finished_hand_shows_its_own_result(app):
    from game.gin import table as T
    table, _ = _table_save(app, lambda d: None)
    assert table is not None and table.ctl.mode == "play"
    g = at_phase("hand_over")
    t = T.GinTable(app, g, "Tester", "normal", 5, {"oklahoma": False, "hollywood": False, "name": "T"})
    t.ctl.save()
    again = T.resume(app)
    assert again.ctl.mode == "result" and again.ctl.game.records[-1] == g.records[-1]
    assert again.ctl.game.records[-1].how == "knock" and again.ctl.game.out_kind == "knock"
