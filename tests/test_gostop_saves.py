"""Go-Stop saves that cannot lie (issue #20): a save the game could not have
written is refused, whole, with a reason, by the engine (GoStopState.from_json)
and by the table's resume (set aside as .bad, the player told); a save it did
write resumes, its hand's score screen included. Each mutation here was accepted
before (a card missing behind "partial", a result that crashed every resume,
hand sizes no turn order gives, a statistics mark from the future, ...).

The broad random mutations of every save are in test_saves_abuse.py; here the same
harness runs on Go-Stop saves taken at each kind of question and at a hand's end.
"""
import copy
import json
import os
import random

import pytest

from game.gostop import table as T
from game.gostop.ai import GoStopAI
from game.gostop.rules import GoStopState, NextHand, Options
from game.gostop.table_save import read_table
from tests.test_saves_abuse import check_resume, mutations, new_app

MUTATIONS = int(os.environ.get("GNERTS_SAVE_MUTATIONS", "120")) // 3


def round_trip(d):
    return json.loads(json.dumps(d))


def state_at(kind: str, seed: int = 1, players: int = 2) -> GoStopState:
    """A real game (computers on both sides) stopped at the first question of `kind`."""
    for s_ in range(seed, seed + 200):
        s = GoStopState.new(Options(players=players), s_)
        ai = GoStopAI("easy", random.Random(s_))
        for _ in range(400):
            q = s.question()
            if q.kind == kind:
                return s
            if q.kind == "hand_over":
                s.apply(NextHand())
            else:
                s.apply(ai.choose(s.view(q.seat)))
    raise AssertionError(f"no {kind} question found")


def refused(d, match=None):
    with pytest.raises(ValueError, match=match):
        GoStopState.from_json(round_trip(d))


# ----------------------------------------------------------------- the engine's state
def test_partial_no_longer_switches_off_the_whole_deck_count():
    d = state_at("play").to_json()
    d["stock"].pop()                       # a card missing...
    for flag in (True, 1, "yes"):
        d["partial"] = flag                # ...behind a flag that used to excuse it
        refused(d, "partial")
    d["partial"] = False
    refused(d, "deck")


def test_a_card_out_of_play_must_be_named_and_then_the_table_refuses_it():
    s = state_at("play")
    d = s.to_json()
    gone = d["stock"].pop()
    refused(d, "deck")
    d["out"] = [gone]                      # a constructed position: the deck accounted for
    loaded = GoStopState.from_json(round_trip(d))
    assert loaded.partial
    with pytest.raises(ValueError, match="every card"):
        read_table(round_trip({"state": d}))


@pytest.mark.parametrize("kind", ["play", "match_hand", "go_stop", "hand_over"])
def test_a_real_save_at_each_question_reads_back_the_same(kind):
    s = state_at(kind, players=3 if kind == "go_stop" else 2)
    d = round_trip(s.to_json())
    assert GoStopState.from_json(d).to_json() == d
    assert read_table(round_trip({"state": d})).state.to_json() == d


def moved_card(d, frm, to):
    d = copy.deepcopy(d)
    d["hands"][to].append(d["hands"][frm].pop())
    return d


def test_hand_sizes_the_turn_order_cannot_give_are_refused():
    d = state_at("play").to_json()
    refused(moved_card(d, 0, 1), "dealt|turn")      # 11 / 9 at the start of a turn
    e = copy.deepcopy(d)
    e["stock"].append(e["hands"][0].pop())
    e["stock"].append(e["hands"][1].pop())          # both hands smaller: then the wrong seat plays
    e["turn"] = 1 - e["turn"]
    refused(e, "turn")


def test_the_question_must_stand_on_its_cards():
    d = state_at("play").to_json()
    for phase in ("bomb", "shake", "match_hand", "match_stock", "go_stop"):
        e = dict(d, phase=phase)
        refused(e)
    e = dict(d, last_turn=not d["last_turn"])
    refused(e, "last turn")
    e = dict(d, last_turn=1)
    refused(e, "last_turn")
    g = state_at("go_stop", players=3).to_json()
    refused(dict(g, go_counts=[1] * 3, go_seq=[1, 2, 3], last_go=[99] * 3), "Go or Stop")
    refused(dict(g, phase="play"))


def test_chips_multiplier_and_counts_that_no_game_reaches_are_refused():
    d = state_at("play").to_json()
    refused(dict(d, chips=[5, 3]), "add up")
    refused(dict(d, multiplier=3), "power of 2")
    refused(dict(d, credits=[2, 0]), "bombs")
    refused(dict(d, go_counts=[1, 0]), "order")
    refused(dict(d, stacks={"3": 0}), "stack")
    for key, value in (("chips", [10 ** 30, -(10 ** 30)]), ("multiplier", 2 ** 64),
                       ("hand_no", 10 ** 30), ("go_counts", [10 ** 6, 0]), ("t_before", 99),
                       ("dealer", 5), ("turn", -1), ("hand_no", True), ("multiplier", 2.0)):
        refused(dict(d, **{key: value}), key)


def test_unknown_and_missing_fields_are_refused():
    d = state_at("play").to_json()
    refused(dict(d, cheat=1), "unknown")
    e = dict(d)
    del e["go_seq"]
    refused(e, "missing")


# ------------------------------------------------------------ the result of a hand
def over() -> dict:
    s = state_at("hand_over")
    assert s.result["winner"] is not None or s.result["nagari"]
    return s.to_json()


def with_result(d, **change):
    d = copy.deepcopy(d)
    d["result"].update(change)
    return d


def test_a_result_that_does_not_add_up_is_refused():
    d = over()
    refused(with_result(d, winner=7), "winner")
    refused(with_result(d, nagari="no"), "nagari")
    refused(with_result(d, lines=[[""]]), "lines")
    refused(with_result(d, points=10 ** 30), "points")
    refused(dict(d, result=None), "result")
    refused(dict(d, result={"winner": 0}), "result")
    live = state_at("play").to_json()
    refused(dict(live, result=d["result"]), "result")      # a record in the middle of a hand


def won() -> dict:
    for seed in range(1, 60):
        s = state_at("hand_over", seed=seed)
        if s.result["winner"] is not None and s.result["payments"]:
            return s.to_json()
    raise AssertionError("no won hand")


def test_payments_that_do_not_add_up_are_refused():
    d = won()
    w = d["result"]["winner"]
    p = d["result"]["payments"][0]

    def pay(**change):
        e = copy.deepcopy(d)
        e["result"]["payments"][0].update(change)
        return e
    refused(pay(total=p["total"] + 1), "total")
    refused(pay(loser=w), "loser")
    refused(pay(payer=w), "payer")
    refused(pay(doublings=[["", 2]]), "doubling")        # crashed the score screen
    refused(pay(doublings=[["free chips", 2]]), "doubling")
    refused(pay(doublings=[["bomb", 1]]), "doubling")
    refused(pay(base="7"), "base")
    refused(with_result(d, payments=d["result"]["payments"] * 2), "payments")
    refused(with_result(d, nagari=True), "nagari")


# ------------------------------------------------------------------ the table's save
def test_the_table_fields_are_checked():
    good = {"state": state_at("play").to_json(), "levels": ["normal"], "speed": "normal",
            "ai_rngs": [None], "history": ["  Hand 1: nagari (nobody paid)"], "log": ["x"],
            "wait": 0, "stats_hand": None}
    assert read_table(round_trip(good)).levels == ["normal"]
    bad = [dict(good, levels=["normal", "hard"]), dict(good, levels=["genius"]),
           dict(good, speed=3), dict(good, wait=10 ** 30), dict(good, wait=-1),
           dict(good, wait=True), dict(good, ai_rngs=[[3, [1.5] * 625, None]]),
           dict(good, ai_rngs=[None, None]), dict(good, history=[1, 2]),
           dict(good, log="x"), dict(good, history=["x"] * 500),
           dict(good, stats_hand=10 ** 30), dict(good, stats_hand=good["state"]["hand_no"]),
           dict(good, stats_hand=0), dict(good, cheat=True)]
    for d in bad:
        with pytest.raises(ValueError):
            read_table(round_trip(d))


def save_file(app, data):
    app.storage.write_json(T.SAVE_NAME, T.SAVE_KIND, T.SAVE_SCHEMA, round_trip(data))


def test_a_lying_save_is_set_aside_and_told(tmp_path):
    app = new_app(tmp_path)
    d = state_at("play").to_json()
    d["stock"].pop()
    d["partial"] = True
    for data in ({"state": d}, {"state": with_result(over(), lines=[[""]])}):
        save_file(app, data)
        assert check_resume(app, "gostop", T.SAVE_NAME, "lying save") == "refused"
    app.close()


def test_the_hand_score_shown_after_a_resume(tmp_path):
    """A save at a hand's end resumes onto its score screen, drawn, and plays on."""
    app = new_app(tmp_path)
    d = won()
    st = GoStopState.from_json(round_trip(d))
    save_file(app, {"state": d, "levels": ["normal"], "speed": "fast", "ai_rngs": [None],
                    "history": [], "log": [], "wait": 0, "stats_hand": st.hand_no})
    t = T.resume(app)
    assert t is not None
    app.push(t)
    for _ in range(100):
        app.run(max_frames=1)
        if isinstance(app.top, T.GoStopScoring):
            break
    assert isinstance(app.top, T.GoStopScoring)
    text = "\n".join(line for line, _ in app.top.lines)
    for p in st.result["payments"]:
        assert f"= {p.total} chips" in text
    app.run(max_frames=3)                  # drawn over the table
    assert app.stats.get("gostop", "hands_played") == 0   # counted before the save: not again
    app.apply(app.top.go_on())
    assert t.ctl.source.state.hand_no == st.hand_no + 1 and not app.internal_errors
    app.close()


@pytest.mark.parametrize("kind", ["match_hand", "go_stop", "hand_over"])
def test_mutations_of_saves_at_each_question_resume_or_are_set_aside(tmp_path, kind):
    st = state_at(kind, players=3 if kind == "go_stop" else 2)
    app = new_app(tmp_path)
    save_file(app, {"state": st.to_json(), "levels": ["normal"] * (st.n - 1), "speed": "normal",
                    "ai_rngs": [None] * (st.n - 1), "history": [], "log": [], "wait": 0,
                    "stats_hand": None})
    raw = (tmp_path / T.SAVE_NAME).read_bytes()
    rng = random.Random(f"gostop-{kind}")
    results = {"refused": 0, "resumed": 0}
    for what, data in mutations(raw, rng, MUTATIONS):
        (tmp_path / T.SAVE_NAME).write_bytes(data)
        results[check_resume(app, "gostop", T.SAVE_NAME, what)] += 1
    app.close()
    assert results["refused"] > MUTATIONS // 4
