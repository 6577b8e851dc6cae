"""The Gnono table's save (saves/gnono.json): the game state, the seats, the pace, the
computers' random states, the history and log lines and the table's clock, and the
one path that reads it back. Every field is checked (type, range, consistency with
the game: the seats, whose keyboard, the UNO window's timers); the state itself is
checked by game.gnono.saves. The round being recorded for the replays is passed on
as it is: the controller keeps it only if it leads to the saved state, and drops it
otherwise (a replay is worth less than the game). No pygame here."""
from __future__ import annotations

from dataclasses import dataclass

from game import challenges
from game.clock import STEP_HZ
from game.engine import is_int, read_guarded, rng_from_json
from game.storage import GAME_LOST

from . import replay_codec
from .ai import LEVELS
from .controller import HUMAN
from .rules import GnonoState
from .settings import KINDS, SPEEDS

SAVE_NAME = "gnono.json"
SAVE_KIND = "gnono-game"
SAVE_SCHEMA = 1
KEEP_LINES = 50               # history and log lines kept in a save
MAX_STEPS = 3600 * STEP_HZ    # an hour: longer than any pause or timer
MAX_NAME = 16
FIELDS = {"state", "kinds", "names", "speed", "ai_rngs", "viewer", "history", "log", "clock",
          "replay", "coach", "challenge"}
MAX_COUNT = 10 ** 6
CLOCK_FIELDS = {"wait", "hold", "window", "timers", "stats_round"}


@dataclass
class SavedTable:
    state: GnonoState
    kinds: list
    names: list
    speed: str
    ai_rngs: list
    viewer: int | None
    history: list
    log: list
    clock: dict | None
    replay: object = None                        # the round being recorded (unchecked here)
    coach: tuple[int, int] = (0, 0)              # the coach's hints: this round, this game
    challenge: challenges.Challenge | None = None  # the deal challenge being played


def load(storage) -> SavedTable | None:
    """The saved table, or None (no save, or a bad one the storage set aside and reported)."""
    return storage.read_json(SAVE_NAME, SAVE_KIND, SAVE_SCHEMA, read_table, GAME_LOST)


def table_json(table, now: int) -> dict:
    """What a save keeps of the table `table` (a GnonoTable) at app step `now`."""
    ctl = table.ctl
    return {"state": ctl.state.to_json(), "kinds": ctl.kinds, "names": ctl.names,
            "speed": table.speed, "ai_rngs": table.ai_rng_states(), "viewer": table.viewer,
            "history": table.history[-KEEP_LINES:], "log": table.messages.public()[-KEEP_LINES:],
            "clock": ctl.clock_json(now), "replay": ctl.recorder.to_json(),
            "coach": [ctl.coach_round, ctl.coach_game],
            "challenge": challenges.encode(table.challenge, replay_codec) if table.challenge else None}


def read_table(data) -> SavedTable:
    """The save's content, every field checked; ValueError says what is wrong."""
    return read_guarded(_read_table, data, "Gnono game")


def _read_table(data) -> SavedTable:
    if not isinstance(data, dict):
        raise ValueError("not a Gnono game")
    unknown = sorted(set(data) - FIELDS, key=str)
    if unknown:
        raise ValueError(f"unknown field {unknown[0]!r} in a Gnono game")
    st = GnonoState.from_json(data["state"])
    kinds, names = data["kinds"], data["names"]
    # any computer level: a challenge's code may name one the set-up screen does not offer
    if not isinstance(kinds, list) or len(kinds) != st.n or \
            any(k not in KINDS and k not in LEVELS for k in kinds):
        raise ValueError("bad seats")
    if not isinstance(names, list) or len(names) != st.n or \
            not all(isinstance(x, str) and 0 < len(x) <= MAX_NAME for x in names):
        raise ValueError("bad names")
    speed = data.get("speed", "normal")
    if speed not in SPEEDS:
        raise ValueError("bad speed")
    viewer = data.get("viewer")
    if viewer is not None and (not is_int(viewer) or not 0 <= viewer < st.n
                               or kinds[viewer] != HUMAN):
        raise ValueError("bad viewer")
    rngs = data.get("ai_rngs") or []
    computers = sum(1 for k in kinds if k != HUMAN)
    if not isinstance(rngs, list) or len(rngs) > computers:
        raise ValueError("bad computers' random states")
    return SavedTable(st, kinds, names, speed,
                      [rng_from_json(r) if r is not None else None for r in rngs], viewer,
                      lines(data.get("history"), "history"), lines(data.get("log"), "log"),
                      read_clock(data.get("clock"), st, kinds), data.get("replay"),
                      read_coach(data.get("coach")), read_challenge(data.get("challenge"), kinds))


def read_coach(v) -> tuple[int, int]:
    if v is None:
        return (0, 0)
    if not (isinstance(v, list) and len(v) == 2 and all(is_int(x) and 0 <= x <= MAX_COUNT for x in v)
            and v[0] <= v[1]):
        raise ValueError("bad coach counts")
    return (v[0], v[1])


def read_challenge(code, kinds) -> challenges.Challenge | None:
    """The challenge being played: its code, for these very seats."""
    if code is None:
        return None
    if not isinstance(code, str) or len(code) > 200:
        raise ValueError("bad challenge")
    ch = challenges.decode(code, [replay_codec])   # a ChallengeError is a ValueError: the reason
    if ch.game != "gnono" or [HUMAN if lvl is None else lvl for lvl in ch.seats] != kinds:
        raise ValueError("a challenge of other seats")
    return ch


def lines(v, what: str) -> list[str]:
    if v is None:
        return []
    if not isinstance(v, list) or len(v) > KEEP_LINES or not all(isinstance(x, str) for x in v):
        raise ValueError(f"bad {what}")
    return list(v)


def steps(v) -> int:
    if not is_int(v) or not 0 <= v <= MAX_STEPS:
        raise ValueError(f"bad timer {v!r}")
    return v


def read_clock(clock, st: GnonoState, kinds) -> dict | None:
    """The table's clock (GnonoController.clock_json): its pauses, the UNO window it
    watches and that window's calls and catches, all of seats at this table."""
    if clock is None:
        return None
    if not isinstance(clock, dict) or set(clock) != CLOCK_FIELDS:
        raise ValueError("bad table clock")
    stats_round = clock["stats_round"]
    if stats_round is not None and (not is_int(stats_round) or not 1 <= stats_round <= st.round_no):
        raise ValueError("bad round counted in the statistics")
    steps(clock["wait"])
    steps(clock["hold"])
    w = clock["window"]
    if w is not None and not (isinstance(w, list) and len(w) == 3 and all(is_int(x) for x in w)
                              and 0 <= w[0] < st.n):
        raise ValueError("bad UNO window")
    timers = clock["timers"]
    if not isinstance(timers, list) or (timers and w is None):
        raise ValueError("bad timers")
    for t in timers:
        read_timer(t, w, kinds)
    return clock


def read_timer(t, window, kinds) -> None:
    """A scheduled "UNO!" call by the window's seat, or a computer's catch of it."""
    if not (isinstance(t, list) and len(t) == 4 and t[1] in ("call", "catch")):
        raise ValueError("bad timer")
    steps(t[0])
    seat, target = t[2], t[3]
    if not is_int(seat) or not 0 <= seat < len(kinds) or kinds[seat] == HUMAN:
        raise ValueError("bad timer")
    if t[1] == "call":
        ok = seat == window[0] and target is None
    else:
        ok = seat != window[0] and is_int(target) and target == window[0]
    if not ok:
        raise ValueError("bad timer")
