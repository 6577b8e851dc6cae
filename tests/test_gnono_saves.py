"""Gnono saves that cannot lie (issue #20), its options' one validation, the engine's
common interface beyond the conformance test, and the controller's pacing of a
computer that thinks in slices.

Each refused save here was accepted before: a phase-inconsistent state, a flag the
reader does not know, a huge number, or a last-round record that the scoring screen
shows after a resume (a bad one crashed that screen on every resume).
"""
import copy
import json
import random

import pytest

from game.engine import IllegalMove, OptionError
from game.gnono import table as T
from game.gnono.rules import (
    CHALLENGE,
    ROUND_OVER,
    Draw,
    GnonoOptions,
    GnonoState,
    Play,
    new_engine,
)
from game.gnono.screens import GnonoScoring
from game.gnono.table_save import SAVE_KIND, SAVE_NAME, SAVE_SCHEMA
from tests.gnono_helpers import card_in
from tests.test_saves_abuse import check_resume, new_app

NAMES = ["You", "Ada", "Bert", "Cleo"]


# --- options: one style of validation ----------------------------------------------------
@pytest.mark.parametrize("bad", [dict(hand_size=True), dict(hand_size=0), dict(hand_size=21),
                                 dict(hand_size=7.0), dict(playout_score=0),
                                 dict(playout_score=10 ** 9), dict(playout_score="500"),
                                 dict(wd4_rule="x"), dict(stacking=1), dict(jump_in=None),
                                 dict(seven_zero="yes"), dict(wd4_challenge=0)])
def test_nonsense_options_are_refused_with_their_name(bad):
    with pytest.raises(OptionError) as e:
        GnonoOptions(**bad)
    assert next(iter(bad)) in str(e.value)


def test_options_from_a_save_are_checked_the_same_way():
    assert GnonoOptions.from_json({"hand_size": 11}) == GnonoOptions(hand_size=11)
    for bad in ({"hand_size": 7, "bogus": 1}, {"playout_score": 10 ** 30}, {"hand_size": True}, []):
        with pytest.raises(OptionError):
            GnonoOptions.from_json(bad)
    d = GnonoState(3, 1).to_json()
    d["options"]["hand_size"] = True
    with pytest.raises(ValueError, match="hand_size"):
        GnonoState.from_json(d)


# --- the engine's save: phase, flags, huge values, the record ------------------------------
def saved(s: GnonoState) -> dict:
    return json.loads(json.dumps(s.to_json()))


def refused(d: dict, why: str | None = None):
    with pytest.raises(ValueError, match=why):
        GnonoState.from_json(d)


def mid_game() -> dict:
    s = GnonoState.setup(3, ["R1 R2 G3", "Y1 Y2 Y3", "B1 B2 B3"], "R5")
    return saved(s)


def round_over() -> GnonoState:
    s = GnonoState.setup(3, ["R1", "Y1 GS W", "B1 B+2"], "R5", scores=[10, 0, 0])
    s.apply(Play(0, card_in(s, 0, "R1")))
    assert s.phase == ROUND_OVER
    return s


def test_a_good_save_in_each_phase_reads_back_the_same():
    states = [GnonoState.setup(3, ["R1 R2 G3", "Y1 Y2 Y3", "B1 B2 B3"], "R5"), round_over()]
    s = GnonoState.setup(3, ["W+4 R2 G3", "Y1 Y2 Y3", "B1 B2 B3"], "R5")
    s.apply(Play(0, card_in(s, 0, "W+4"), "G"))
    states.append(s)
    assert s.phase == CHALLENGE
    for st in states:
        back = GnonoState.from_json(saved(st))
        assert back.to_json() == st.to_json()


@pytest.mark.parametrize("what,change", [
    ("a drawn card in phase play", lambda d: d.__setitem__("drawn_card", d["hands"][0][0])),
    ("a winner mid-game", lambda d: d.__setitem__("winner", 1)),
    ("a score at the playout mid-game", lambda d: d["scores"].__setitem__(1, 500)),
    ("cards to draw without stacking", lambda d: d.update(pending_draw=2, pending_face="+2")),
    ("a pending count without its card", lambda d: d.update(pending_draw=2)),
    ("an UNO window on a seat of three cards", lambda d: d.__setitem__("uno_window", 1)),
    ("a hand emptied mid-round", lambda d: (d["draw_pile"].extend(d["hands"][2]),
                                            d["hands"].__setitem__(2, []))),
    ("a challenge with no Wild Draw Four", lambda d: d.update(
        phase="challenge", wd4={"seat": 2, "guilty": False, "prev_color": "R"})),
    ("the round over but the player on turn holds cards", lambda d: d.update(phase="round_over")),
    ("the top card not the last seen", lambda d: d["seen"].append(d["hands"][1][0])),
])
def test_a_phase_inconsistent_save_is_refused(what, change):
    d = mid_game()
    change(d)
    refused(d)


def test_a_stacked_count_must_fit_its_card():
    s = GnonoState.setup(3, ["R+2 R1 G3", "Y1 Y2 Y3", "B1 B2 B3"], "R5",
                         options=GnonoOptions(stacking=True))
    s.apply(Play(0, card_in(s, 0, "R+2")))
    d = saved(s)
    assert d["pending_draw"] == 2
    GnonoState.from_json(d)
    for k in (3, 40):
        d["pending_draw"] = k
        refused(d)


@pytest.mark.parametrize("flag", ["partial", "check", "trusted"])
def test_no_field_switches_a_check_off(flag):
    d = mid_game()
    d[flag] = True
    refused(d, "unknown field")
    d = mid_game()
    d[flag] = True
    d["hands"][0].pop()          # a card missing: still refused
    refused(d)


@pytest.mark.parametrize("path", [("round_no",), ("turns",), ("scores", 0), ("pending_draw",),
                                  ("n",), ("wd4_record", 0, 0), ("options", "playout_score"),
                                  ("dealer",), ("uno_window",)])
def test_huge_numbers_are_refused(path):
    d = mid_game()
    node = d
    for p in path[:-1]:
        node = node[p]
    node[path[-1]] = 10 ** 30
    refused(d)


RECORD_DAMAGE = [
    ("a card that does not exist", lambda lr: lr["hands"][1].append("X9")),
    ("a card that is not a name", lambda lr: lr["hands"][1].append(7)),
    ("the winner out of range", lambda lr: lr.__setitem__("winner", 9)),
    ("the points wrong", lambda lr: lr.__setitem__("points", lr["points"] + 1)),
    ("the points as text", lambda lr: lr.__setitem__("points", str(lr["points"]))),
    ("another round", lambda lr: lr.__setitem__("round", 7)),
    ("hands that are not the hands left", lambda lr: lr["hands"][1].pop()),
    ("the winner holding cards", lambda lr: lr["hands"][0].append("R2")),
    ("a missing key", lambda lr: lr.pop("hands")),
    ("an extra key", lambda lr: lr.__setitem__("shown", True)),
]


@pytest.mark.parametrize("what,damage", RECORD_DAMAGE)
def test_a_damaged_last_round_record_is_refused(what, damage):
    d = saved(round_over())
    damage(d["last_round"])
    refused(d)


def test_a_round_over_without_its_record_is_refused():
    d = saved(round_over())
    d["last_round"] = None
    refused(d)
    d["last_round"] = []
    refused(d)


# --- the table's save: resumed, or set aside and told -------------------------------------
def table_save(app, st: GnonoState, kinds=("human", "normal", "normal")) -> dict:
    t = T.GnonoTable(app, st, list(kinds), NAMES[:st.n], "fast", seed=1)
    return json.loads(json.dumps(t.to_json()))


def write(app, data):
    assert app.storage.write_json(SAVE_NAME, SAVE_KIND, SAVE_SCHEMA, data)


def test_a_round_over_resumes_to_its_scoring_screen(tmp_path):
    app = new_app(tmp_path)
    write(app, table_save(app, round_over()))
    t = T.resume(app)
    assert t is not None
    app.push(t)
    for _ in range(300):
        if isinstance(app.top, GnonoScoring):
            break
        app.run(max_frames=1)
    assert isinstance(app.top, GnonoScoring) and app.top.winner == 0
    assert app.top.points == sum(c.points for h in app.top.hands for c in h)
    app.run(max_frames=2)
    assert not app.internal_errors
    app.close()


TABLE_DAMAGE = [
    ("a record the scoring screen cannot show",
     lambda d: d["state"]["last_round"]["hands"][1].append("X9")),
    ("a flag", lambda d: d.__setitem__("partial", True)),
    ("a history that is not lines", lambda d: d.__setitem__("history", {"a": 1})),
    ("a history line that is a number", lambda d: d.__setitem__("history", [5])),
    ("a huge history", lambda d: d.__setitem__("history", ["x"] * 10 ** 4)),
    ("a round counted that is not played yet", lambda d: d["clock"].__setitem__("stats_round", 9)),
    ("more computers' random states than computers",
     lambda d: d["ai_rngs"].append(d["ai_rngs"][0])),
    ("a name too long", lambda d: d["names"].__setitem__(1, "x" * 40)),
]


@pytest.mark.parametrize("what,damage", TABLE_DAMAGE)
def test_a_damaged_table_save_is_set_aside(tmp_path, what, damage):
    app = new_app(tmp_path)
    d = table_save(app, round_over())
    damage(d)
    write(app, d)
    assert check_resume(app, "gnono", SAVE_NAME, what) == "refused"
    app.close()


def test_a_timer_must_belong_to_the_window_it_watches(tmp_path):
    app = new_app(tmp_path)
    s = GnonoState.setup(3, ["Y1 Y2 Y3", "R7 R8", "B1 B2 B3"], "R5", current=1)
    s.apply(Play(1, card_in(s, 1, "R7")))
    assert s.uno_window == 1
    good = table_save(app, s)
    good["clock"].update(window=[1, s.turns, s.round_no], timers=[[30, "catch", 2, 1]])
    write(app, good)
    assert check_resume(app, "gnono", SAVE_NAME, "a computer's catch") == "resumed"
    for what, timer in (("a human's catch", [30, "catch", 0, 1]),
                        ("a catch of the wrong seat", [30, "catch", 2, 0]),
                        ("a call by another seat", [30, "call", 2, None]),
                        ("a timer an hour and more away", [10 ** 9, "catch", 2, 1])):
        d = copy.deepcopy(good)
        d["clock"]["timers"] = [timer]
        write(app, d)
        assert check_resume(app, "gnono", SAVE_NAME, what) == "refused", what
    app.close()


# --- the common interface ------------------------------------------------------------------
def test_apply_is_seat_checked_and_a_refused_move_changes_nothing():
    e = new_engine(3)
    seat = e.current
    other = (seat + 1) % e.n_seats
    before = json.dumps(e.to_json(), sort_keys=True)
    with pytest.raises(IllegalMove):
        e.apply(Draw(other))               # a seat not to move
    with pytest.raises(IllegalMove):
        e.apply("draw")                    # not a move at all
    assert json.dumps(e.to_json(), sort_keys=True) == before
    events = e.apply(Draw(seat))
    assert events and events[0].kind == "drew" and events[0].seat == seat
    assert e.legal_moves(99) == []


def test_redealing_hidden_cards_keeps_the_view_and_the_challenged_hand():
    s = GnonoState.setup(3, ["W+4 R2 G3", "Y1 Y2 Y3", "B1 B2 B3 B4"], "R5")
    s.apply(Play(0, card_in(s, 0, "W+4"), "G"))
    for seat in range(3):
        other = s.redeal_hidden(seat, random.Random(seat))
        other.check_invariants()
        assert other.view(seat) == s.view(seat)
        assert other.hands[0] == s.hands[0]   # its guilt was judged on this hand
    assert s.redeal_hidden(1, random.Random(5)).hands[2] != s.hands[2]


def test_check_invariants_finds_a_card_made_or_lost():
    s = GnonoState(3, 4)
    s.check_invariants()
    s.hands[0].append(s.hands[1][0])
    with pytest.raises(AssertionError, match="deck"):
        s.check_invariants()


# --- the controller: a computer that thinks in slices --------------------------------------
class SlowThinker:
    """A computer with start_choice/work that needs `pieces` calls of work() to choose."""

    def __init__(self, inner, pieces=5):
        self.inner, self.pieces = inner, pieces
        self.rng = inner.rng
        self.works = 0
        self._view = None

    def start_choice(self, view):
        self._view, self._left = view, self.pieces

    def work(self, budget_s):
        self.works += 1
        self._left -= 1
        return self.inner.choose(self._view) if self._left <= 0 else None

    def cancel(self):
        self._view = None

    def choose(self, view):
        raise AssertionError("a slow thinker is never asked to choose at once")

    def __getattr__(self, name):       # calls, catches, jump-ins: the inner computer's
        return getattr(self.inner, name)


def test_the_controller_gives_a_slow_thinker_its_slices_and_plays_its_move(app):
    st = GnonoState.setup(2, ["Y1 Y2 Y3", "R7 R8 G1"], "R5", current=1)
    t = T.GnonoTable(app, st, ["human", "normal"], NAMES[:2], "fast", seed=2)
    t.ctl.ais[1] = SlowThinker(t.ctl.ais[1], pieces=400)   # longer than the pause
    app.push(t)
    app.run(max_frames=100)
    assert t.ctl.state.current == 1 and t.ctl.state.turns == 0     # still thinking after its pause
    for _ in range(400):
        if t.ctl.state.turns:
            break
        app.run(max_frames=1)
    assert t.ctl.state.turns == 1 and t.ctl.ais[1].works == 400
    assert not app.internal_errors


# --- every option: the invariants hold and the save reads back, in random play ------------
@pytest.mark.parametrize("options", [
    dict(stacking=True, jump_in=True, seven_zero=True),
    dict(draw_until_playable=True, wd4_rule="gnono", wd4_challenge=False, stacking=True),
    dict(hand_size=11, wd4_challenge=False),
])
@pytest.mark.parametrize("seats", [2, 5])
def test_random_play_under_every_option_keeps_the_invariants(options, seats):
    rng = random.Random(seats)
    e = GnonoState(seats, seats, GnonoOptions(playout_score=100, **options))
    for n in range(20000):
        e.check_invariants()
        if e.is_over():
            break
        if n % 97 == 0:
            e = GnonoState.from_json(json.loads(json.dumps(e.to_json())))
        seat = rng.choice(e.to_move())
        e.apply(rng.choice(e.legal_moves(seat)))
    assert e.is_over()
