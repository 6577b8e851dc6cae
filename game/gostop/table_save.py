"""The Go-Stop table's save (saves/gostop.json) and its one reader, without pygame.

The engine's state is read by saves.py (every field, the whole deck, the
invariants); here the table's own fields: the computers' levels and random
states, the pace, the waiting step, the hands' history and the log (what everyone
may read), the hot-seat names typed at set-up, and which
hand the statistics have counted; the hand's replay so far, the challenge the game
plays and the coach's uses in the hand. A game saved at the table holds every card in
play (a constructed position with cards left out is no saved game). Anything
else is a ValueError, and storage sets the file aside as .bad, but for the replay
and the challenge: a damaged one is dropped, and the game resumes without it.
"""
from __future__ import annotations

from dataclasses import dataclass

from game import challenges
from game.challenges import Challenge, ChallengeError
from game.engine import is_int
from game.storage import GAME_LOST

from . import replay_codec
from .rules import GoStopState
from .saves import read_rng
from .settings import LEVELS, NAME_LEN, PACE, SPEEDS

SAVE_NAME = "gostop.json"
SAVE_KIND = "gostop-game"
SAVE_SCHEMA = 1
KEYS = {"state", "levels", "speed", "ai_rngs", "history", "log", "wait", "stats_hand", "humans",
        "replay", "challenge", "coach", "names"}
KEEP_LINES = 50          # the history and log lines a save keeps
LINE_MAX = 1000          # characters of one line


@dataclass
class SavedTable:
    state: GoStopState
    levels: list
    speed: str
    ai_rngs: list        # a random.Random (or None) per computer seat, in seat order
    history: list
    log: list
    wait: int
    stats_hand: int | None
    humans: list         # the seats played at the keyboard (hot seat: more than seat 0)
    replay: object = None            # the hand's replay so far (Recorder.restore checks it)
    challenge: Challenge | None = None
    coach: int = 0                   # the coach's uses in this hand
    names: list | None = None        # hot seat: the names typed at set-up (an older save: none)


def load(storage) -> SavedTable | None:
    """The saved table, or None (no save, or a bad one the storage set aside and reported)."""
    return storage.read_json(SAVE_NAME, SAVE_KIND, SAVE_SCHEMA, read_table, GAME_LOST)


def table_json(ctl, log: list, ai_rngs: list) -> dict:
    """What the table saves: `ctl` is its controller.GoStopController."""
    return {"state": ctl.source.state.to_json(), "levels": ctl.levels, "speed": ctl.speed,
            "ai_rngs": ai_rngs, "history": ctl.history[-KEEP_LINES:],
            "log": log[-KEEP_LINES:], "wait": ctl.wait, "stats_hand": ctl.stats_hand,
            "humans": list(ctl.humans),
            "replay": None if ctl.recorder is None else ctl.recorder.to_json(),
            "challenge": None if ctl.challenge is None else challenges.encode(ctl.challenge, replay_codec),
            "coach": ctl.coach_hand, "names": ctl.typed_names}


def read_table(data) -> SavedTable:
    """The table's save read and checked; ValueError with the reason if not sound."""
    if not isinstance(data, dict) or "state" not in data or set(data) - KEYS:
        raise ValueError("not a Go-Stop table save")
    st = GoStopState.from_json(data["state"])
    if st.partial:
        raise ValueError("a saved game has every card in play")
    humans = data.get("humans", [0])
    if (not isinstance(humans, list) or not all(is_int(h) and 0 <= h < st.n for h in humans)
            or 0 not in humans or len(set(humans)) != len(humans)):
        raise ValueError("bad human seats")
    computers = st.n - len(humans)
    levels = data.get("levels", ["normal"] * computers)
    if not isinstance(levels, list) or len(levels) != computers or any(
            not isinstance(lv, str) or lv not in LEVELS for lv in levels):
        raise ValueError("bad computer levels")
    speed = data.get("speed", "normal")
    if not isinstance(speed, str) or speed not in SPEEDS:
        raise ValueError("bad speed")
    rngs = data.get("ai_rngs", [None] * computers)
    if not isinstance(rngs, list) or len(rngs) != computers:
        raise ValueError("bad computers' random states")
    wait = data.get("wait", 0)
    if not is_int(wait) or not 0 <= wait <= PACE[speed][1]:
        raise ValueError("bad wait")
    coach = data.get("coach", 0)
    names = data.get("names", [])
    if not isinstance(names, list) or len(names) > st.n or not all(
            isinstance(x, str) and len(x) <= NAME_LEN for x in names):
        raise ValueError("bad names")
    return SavedTable(st, levels, speed, [None if r is None else read_rng(r) for r in rngs],
                      _lines(data.get("history", []), "history"), _lines(data.get("log", []), "log"),
                      wait, _stats_hand(data.get("stats_hand"), st), sorted(humans),
                      data.get("replay"), _challenge(data.get("challenge"), st, humans),
                      coach if is_int(coach) and 0 <= coach <= 10 ** 6 else 0, names)


def _challenge(code, st: GoStopState, humans: list) -> Challenge | None:
    """The challenge of the save: dropped (None) if it is damaged or not this game's."""
    if not isinstance(code, str) or len(code) > 200:
        return None
    try:
        ch = challenges.decode(code, [replay_codec])
    except ChallengeError:
        return None
    ok = ch.game == "gostop" and len(ch.seats) == st.n and humans == [ch.human]
    return ch if ok else None


def _lines(v, what: str) -> list:
    if not isinstance(v, list) or len(v) > KEEP_LINES or not all(
            isinstance(x, str) and len(x) <= LINE_MAX for x in v):
        raise ValueError(f"bad {what}: lines of text expected")
    return list(v)


def _stats_hand(v, st: GoStopState) -> int | None:
    """The hand the statistics counted: an earlier one, or this one once settled."""
    if v is None:
        return None
    if not is_int(v) or not 1 <= v <= st.hand_no or (v == st.hand_no and not st.is_over()):
        raise ValueError("bad statistics mark")
    return v
