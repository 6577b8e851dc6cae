"""Gnono's plug-in to the save-abuse harness (tests/test_saves_abuse.py): saves that
are well-formed JSON of the right types but describe an impossible game (a phase
with the wrong question pending, a winner mid-game, a score past the playout, a
last-round record the scoring screen cannot show), and checks on any resumed table."""
import copy
import json

from game import replays
from game.gnono import replay_codec as gnono_codec
from game.gnono.invariants import parse_shown
from game.gnono.screens import GnonoScoring


def _state_changes(st: dict):
    """(what, change of the state's JSON): each makes the game impossible."""
    yield "a winner mid-game", lambda s: s.__setitem__("winner", 0)
    yield "a score at the playout", lambda s: s["scores"].__setitem__(0, s["options"]["playout_score"])
    yield "cards to draw without stacking", lambda s: s.update(pending_draw=4, pending_face="+4")
    yield "a drawn card outside its phase", lambda s: s.update(
        drawn_card=s["hands"][s["current"]][0], phase="play")
    yield "the round over mid-round", lambda s: s.__setitem__("phase", "round_over")
    yield "a challenge with nothing to challenge", lambda s: s.update(phase="challenge", wd4=None)
    yield "an empty hand mid-round", lambda s: (s["draw_pile"].extend(s["hands"][1]),
                                                s["hands"].__setitem__(1, []))
    yield "the top card not the last seen", lambda s: s["seen"].append(s["hands"][0][0])
    yield "a record of a card that does not exist", lambda s: s.__setitem__(
        "last_round", {"round": s["round_no"] - 1, "winner": 0, "points": 0, "hands": [["X9"]]})
    yield "a record of a round to come", lambda s: s.__setitem__(
        "last_round", {"round": s["round_no"] + 1, "winner": 0, "points": 0,
                       "hands": [[] for _ in s["hands"]]})


def _table_changes(data: dict):
    yield "a round counted before it is played", lambda d: d["clock"].__setitem__(
        "stats_round", d["state"]["round_no"] + 1)
    yield "a history of numbers", lambda d: d.__setitem__("history", [1, 2])
    yield "a computer at the keyboard", lambda d: d.__setitem__(
        "viewer", next(i for i, k in enumerate(d["kinds"]) if k != "human"))
    yield "a recording that is not one", lambda d: d.__setitem__("replay", [5])
    yield "a recording missing its first move", lambda d: d["replay"] and d["replay"].__setitem__(
        "moves", d["replay"]["moves"][1:])
    yield "coach counts of nonsense", lambda d: d.__setitem__("coach", [-1, "x"])
    yield "a mistyped challenge", lambda d: d.__setitem__("challenge", "GNO-0000-0000")


def MUTATIONS(doc, rng):
    data = doc["data"]
    for what, change in _state_changes(data["state"]):
        d = copy.deepcopy(doc)
        change(d["data"]["state"])
        yield f"gnono: {what}", json.dumps(d).encode()
    for what, change in _table_changes(data):
        d = copy.deepcopy(doc)
        change(d["data"])
        yield f"gnono: {what}", json.dumps(d).encode()


def check(table, what):
    """A resumed table is a possible game whose scoring screen can be shown."""
    table.check_invariants()
    st = table.ctl.state
    if st.last_round is not None:
        for hand in st.last_round["hands"]:
            parse_shown(hand)
    if st.phase in ("round_over", "game_over"):
        GnonoScoring(table.app, table)
    assert all(isinstance(line, str) for line in table.history), what
    rep = table.ctl.recorder.replay      # a round recorded on only if it leads here
    if rep is not None:
        cursor = replays.ReplayCursor(rep, gnono_codec)
        cursor.seek(cursor.length)
        assert replays.digest(cursor.engine) == replays.digest(st), what
