"""Replays: every hand (or round) recorded as it is played, kept in the saves folder,
and played back move by move. No pygame here.

A replay holds the engine's state when the hand was dealt (its deal number, options
and the match so far are all in it), each seat's kind and level, and every move with
the clock step it was made on. Playing the moves again on that state gives the same
hand, card for card: the engines are deterministic. A replay also holds a digest of
the final state, so one that would not reproduce its game is refused with a message,
never shown wrong. Its details are the moves' own: the deal number is the start's, the
seats are as many as the start's, the result line and the scores are made from the
state the moves end in (the codec's outcome), when it is recorded and again when it is
checked. A replay of another codec VERSION is refused as "another version"; one whose
details or moves do not fit is refused as edited (see `check_details` and `verify`).

Each game has a codec module, game/<game>/replay_codec.py, that knows its engine's
JSON and its moves; its GameSpec names it (`replay_codec`), and the recorder, the
cursor and `verify` are given it (game/replay_moves.py has the parts most share):

    GAME: str          the game's key, as replays name it
    VERSION: int       bumped when a change of the rules would replay old records otherwise
    BY_STEP: bool      True (Nerts): playback positions are clock steps, not single moves
    engine_from_json(data) -> Engine            the engine a replay plays its moves
        on, from its start; ValueError if damaged
    recorded(engine) -> what a replay records of the game's engine (its start's
        JSON, its end's digest): the engine itself, or (Nerts, a replay a round)
        its round on
    move_to_json(move) -> JSON value
    move_from_json(data) -> move                ValueError if damaged
    apply(engine, step, seat, move) -> list[Event]   IllegalMove if refused
    seat_count(state) -> int  the seats of an engine's JSON, without building it
        (KeyError, TypeError or ValueError if damaged)
    outcome(start, final, names) -> (result line, scores seat by seat), from the
        start's JSON and the engine as the moves left it
    LEVELS: tuple[str, ...]  a computer seat's levels

A table records through a `Recorder`; the Replays screen lists them through
game/replay_store.py's `ReplayStore` and plays them through `ReplayCursor`.
"""
from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from game.engine import Event, IllegalMove, is_int
from game.storage import DAMAGE

FORMAT = 1            # the replay file's own layout
KIND = "replay"
KEEP_LAST = 20        # replays kept of each game, besides those the player marked
CHECKPOINT_EVERY = 16  # positions between the cursor's saved states


class ReplayError(ValueError):
    """A replay that cannot be shown; the message says why, for the player."""


class OtherVersion(ReplayError):
    """A replay recorded by another version of G'NERTS: kept, never shown."""


OTHER_VERSION = "this replay was recorded by another version of G'NERTS and cannot be shown"


def edited(what: str) -> ReplayError:
    """The refusal of a replay whose details or moves do not fit one another."""
    return ReplayError(f"this replay was edited ({what}): it cannot be shown")


def sha256_hex(text: str) -> str:
    """The SHA-256 of `text` (UTF-8) in hex: replays' fingerprints and the index's sums."""
    import hashlib  # lazy, as datetime below: OpenSSL's 2-5 ms are not start-up's (docs/performance.md)
    return hashlib.sha256(text.encode()).hexdigest()


def digest(engine: Any) -> str:
    """A short fingerprint of a whole engine state."""
    return sha256_hex(json.dumps(engine.to_json(), sort_keys=True, separators=(",", ":")))[:24]


def pack_state(state: dict) -> str:
    """An engine's JSON, compressed for the file (the random state alone is 7 KB of text)."""
    text = json.dumps(state, sort_keys=True, separators=(",", ":"))
    return base64.b64encode(zlib.compress(text.encode(), 9)).decode("ascii")


def unpack_state(blob: Any) -> dict:
    if not isinstance(blob, str):
        raise ReplayError("the replay's start is damaged")
    try:
        state = json.loads(zlib.decompress(base64.b64decode(blob, validate=True)).decode())
    except (ValueError, zlib.error) as exc:
        raise ReplayError(f"the replay's start is damaged ({exc.__class__.__name__})") from None
    if not isinstance(state, dict):
        raise ReplayError("the replay's start is damaged")
    return state


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str                 # "human" or "computer"
    level: str | None = None  # a computer's level

    def to_json(self) -> dict:
        return {"name": self.name, "kind": self.kind, "level": self.level}

    @classmethod
    def from_json(cls, d: Any) -> Seat:
        if not isinstance(d, dict) or set(d) != {"name", "kind", "level"}:
            raise ReplayError("a seat of the replay is damaged")
        name, kind, level = d["name"], d["kind"], d["level"]
        if not isinstance(name, str) or len(name) > 40 or kind not in ("human", "computer"):
            raise ReplayError("a seat of the replay is damaged")
        if not (level is None or isinstance(level, str) and len(level) <= 20):
            raise ReplayError("a seat's level in the replay is damaged")
        return cls(name, kind, level)

    def describe(self) -> str:
        return f"{self.name} ({self.level})" if self.kind == "computer" and self.level else self.name


@dataclass
class Replay:
    game: str
    version: int                  # the codec's VERSION when recorded
    when: str                     # ISO date and time of the deal, to the second
    label: str                    # "Hand 3", "Round 2"...
    deal_no: int | None
    seats: list[Seat]
    viewer: int                   # whose cards are face up in playback (F9 shows all)
    start: str                    # pack_state(engine.to_json()) when the hand was dealt
    moves: list[tuple[int, int, Any]]   # (clock step, seat, move as JSON)
    result: str = ""              # one line: who won, how
    scores: list[int] = field(default_factory=list)  # the hand's points, seat by seat
    final: str = ""               # digest() of the state after the last move
    kept: bool = False            # marked by the player: never pruned
    coached: int = 0              # times the player asked the coach in this hand

    def to_json(self) -> dict:
        return {"format": FORMAT, "game": self.game, "version": self.version, "when": self.when,
                "label": self.label, "deal_no": self.deal_no,
                "seats": [s.to_json() for s in self.seats], "viewer": self.viewer,
                "start": self.start, "moves": [list(m) for m in self.moves],
                "result": self.result, "scores": list(self.scores), "final": self.final,
                "kept": self.kept, "coached": self.coached}

    @classmethod
    def from_json(cls, d: Any) -> Replay:
        """The replay back from its JSON; ReplayError naming what is damaged. Whether
        its moves reproduce the game is checked by verify()."""
        if not isinstance(d, dict):
            raise ReplayError("not a replay")
        if d.get("format") != FORMAT:
            raise OtherVersion(OTHER_VERSION)
        keys = {"format", "game", "version", "when", "label", "deal_no", "seats", "viewer", "start",
                "moves", "result", "scores", "final", "kept", "coached"}
        if set(d) != keys:
            raise ReplayError("the replay's fields are damaged")
        game = d["game"]
        if not (isinstance(game, str) and game.isidentifier() and len(game) <= 20):
            raise ReplayError(f"not a replay of a G'NERTS game: {game!r}")
        seats = d["seats"]
        if not isinstance(seats, list) or not 2 <= len(seats) <= 10:
            raise ReplayError("the replay's seats are damaged")
        seats = [Seat.from_json(s) for s in seats]
        moves = d["moves"]
        if not isinstance(moves, list) or len(moves) > 200_000:
            raise ReplayError("the replay's moves are damaged")
        for m in moves:
            if (not isinstance(m, list) or len(m) != 3 or not is_int(m[0]) or not is_int(m[1])
                    or not 0 <= m[0] < 10 ** 9 or not 0 <= m[1] < len(seats)):
                raise ReplayError("a move of the replay is damaged")
        if any(b[0] < a[0] for a, b in zip(moves, moves[1:])):
            raise ReplayError("the replay's moves are out of order")
        checks = [(is_int(d["version"]), "version"), (_is_when(d["when"]), "date"),
                  (isinstance(d["label"], str) and len(d["label"]) <= 40, "label"),
                  (d["deal_no"] is None or is_int(d["deal_no"]) and d["deal_no"] >= 0, "deal number"),
                  (is_int(d["viewer"]) and 0 <= d["viewer"] < len(seats), "viewer"),
                  (isinstance(d["start"], str), "start"),
                  (isinstance(d["result"], str) and len(d["result"]) <= 200, "result"),
                  (isinstance(d["scores"], list) and all(is_int(x) for x in d["scores"]), "scores"),
                  (isinstance(d["final"], str) and len(d["final"]) <= 64, "final state"),
                  (isinstance(d["kept"], bool), "mark"),
                  (is_int(d["coached"]) and d["coached"] >= 0, "coach count")]
        for ok, what in checks:
            if not ok:
                raise ReplayError(f"the replay's {what} is damaged")
        return cls(game, d["version"], d["when"], d["label"], d["deal_no"], seats, d["viewer"],
                   d["start"], [tuple(m) for m in moves], d["result"], list(d["scores"]), d["final"],
                   d["kept"], d["coached"])

    def seats_text(self) -> str:
        return ", ".join(s.describe() for s in self.seats)


def _is_when(value: Any) -> bool:
    if not isinstance(value, str) or len(value) > 32:
        return False
    import datetime
    try:
        datetime.datetime.fromisoformat(value)
    except ValueError:
        return False
    return True


def now_text() -> str:
    import datetime
    return datetime.datetime.now().replace(microsecond=0).isoformat()


# recording ----------------------------------------------------------------------------

class Recorder:
    """What a table keeps while a hand is played: begin() when it is dealt, record()
    after each move the engine accepted, finish() when it is scored."""

    def __init__(self, codec: Any, seats: list[Seat], viewer: int = 0):
        self.game, self.seats, self.viewer = codec.GAME, list(seats), viewer
        self.codec = codec
        self.replay: Replay | None = None
        self.coached = 0

    @property
    def recording(self) -> bool:
        return self.replay is not None

    def begin(self, engine: Any, label: str) -> None:
        """A new hand, dealt: `engine` as it stands before its first move (its deal
        number is the one its state holds)."""
        state = self.codec.recorded(engine).to_json()
        self.replay = Replay(self.game, self.codec.VERSION, now_text(), label, state.get("deal_no"),
                             self.seats, self.viewer, pack_state(state), [])
        self.coached = 0

    def record(self, step: int, seat: int, move: Any) -> None:
        """A move the engine accepted (a no-op when no hand is being recorded)."""
        if self.replay is not None:
            self.replay.moves.append((step, seat, self.codec.move_to_json(move)))

    def coach_used(self) -> None:
        self.coached += 1

    def finish(self, engine: Any) -> Replay | None:
        """The hand's replay, complete, its result and scores made from `engine` as the
        hand ended (None if no hand was being recorded)."""
        rep, self.replay = self.replay, None
        if rep is None:
            return None
        result, scores = self.codec.outcome(unpack_state(rep.start), engine, [s.name for s in rep.seats])
        return replace(rep, result=result, scores=list(scores), final=digest(self.codec.recorded(engine)),
                       coached=self.coached)

    def to_json(self) -> dict | None:
        """A hand in progress, for the table's save (resumed games record on)."""
        return None if self.replay is None else {**self.replay.to_json(), "coached": self.coached}

    def restore(self, data: Any, now: Any = None, tell: Callable[[str], object] | None = None) -> None:
        """The hand in progress back from a save: kept only if it is whole (its start
        unpacks, its moves decode and play from it) and, given the engine `now` as saved,
        its moves lead there. A damaged or stale one is dropped, and `tell` says so (a
        replay is worth less than the game, which must resume whatever happens; the hand
        is then not recorded, never a failure when it ends)."""
        self.replay, self.coached = None, 0
        if data is None:
            return
        try:
            rep = Replay.from_json(data)
            if rep.game != self.game or rep.seats != self.seats:
                raise ReplayError("it is another table's")
            cursor = ReplayCursor(rep, self.codec)
            cursor.seek(cursor.length)
            if now is not None and digest(cursor.engine) != digest(self.codec.recorded(now)):
                raise ReplayError("its moves do not lead to the game as saved")
        except (ReplayError, ValueError, TypeError, KeyError, IndexError):
            if tell is not None:
                tell("The replay of the hand in progress was damaged in the save: it was dropped, and "
                     "the game goes on (this hand will not be in the replays).")
            return
        self.replay, self.coached = rep, rep.coached


# playback ------------------------------------------------------------------------------

def _decode_moves(rep: Replay, c: Any) -> list[tuple[int, int, Any]]:
    out = []
    for step, seat, data in rep.moves:
        try:
            out.append((step, seat, c.move_from_json(data)))
        except (ValueError, TypeError, KeyError, IndexError) as exc:
            raise ReplayError(f"a move of the replay is damaged ({exc})") from None
    return out


class ReplayCursor:
    """A replay's engine at any position: position 0 is the deal, position k the state
    after the k-th group of moves (one move; in Nerts every move of one clock step)."""

    def __init__(self, rep: Replay, c: Any):
        """`c`: the replay's game's codec (its GameSpec's replay_codec)."""
        if rep.game != c.GAME:
            raise ReplayError(f"not a replay of {c.GAME}: {rep.game!r}")
        if rep.version != c.VERSION:
            raise OtherVersion(OTHER_VERSION)
        self.replay, self.codec = rep, c
        self.start_state = unpack_state(rep.start)
        try:
            self._start = c.engine_from_json(self.start_state)
        except DAMAGE as exc:
            raise ReplayError(f"the replay's start is damaged ({exc})") from None
        check_details(rep, self.start_state, self._start.n_seats)
        moves = _decode_moves(rep, c)
        self.groups: list[list[tuple[int, int, Any]]] = []
        for m in moves:
            if c.BY_STEP and self.groups and self.groups[-1][0][0] == m[0]:
                self.groups[-1].append(m)
            else:
                self.groups.append([m])
        self._checkpoints: dict[int, Any] = {0: self._start.copy()}
        self.position = 0
        self.engine = self._start.copy()
        self.events: list[Event] = []

    @property
    def length(self) -> int:
        return len(self.groups)

    def step_of(self, position: int) -> int:
        """The clock step of a position (the step of its group's moves; 0 at the deal)."""
        return self.groups[position - 1][0][0] if position > 0 else 0

    def _apply_group(self, engine: Any, position: int) -> list[Event]:
        events: list[Event] = []
        for step, seat, move in self.groups[position]:
            try:
                events += self.codec.apply(engine, step, seat, move)
            except IllegalMove as exc:
                raise edited(f"its move {position + 1} is refused by the rules ({exc.reason})") from None
        return events

    def seek(self, position: int) -> None:
        """Go to a position (0..length); the events are those of its last group."""
        position = max(0, min(self.length, position))
        # from a checkpoint before the position (not at it): its last group's events are wanted
        base = max(p for p in self._checkpoints if p < position) if position > 0 else 0
        engine = self._checkpoints[base].copy()
        events: list[Event] = []
        for p in range(base, position):
            events = self._apply_group(engine, p)
            if (p + 1) % CHECKPOINT_EVERY == 0 and p + 1 not in self._checkpoints:
                self._checkpoints[p + 1] = engine.copy()
        self.engine, self.events, self.position = engine, events, position

    def forward(self) -> bool:
        if self.position >= self.length:
            return False
        self.events = self._apply_group(self.engine, self.position)
        self.position += 1
        if self.position % CHECKPOINT_EVERY == 0 and self.position not in self._checkpoints:
            self._checkpoints[self.position] = self.engine.copy()
        return True

    def back(self) -> bool:
        if self.position == 0:
            return False
        self.seek(self.position - 1)
        return True


def check_start(rep: Replay, c: Any) -> None:
    """check_details() without building the start's engine nor reading its moves (the
    replays' index, which checks every file it lists): ReplayError if they do not fit,
    or if the start is damaged. `c`: the replay's game's codec."""
    if rep.game != c.GAME:
        raise ReplayError(f"not a replay of {c.GAME}: {rep.game!r}")
    if rep.version != c.VERSION:
        raise OtherVersion(OTHER_VERSION)
    state = unpack_state(rep.start)
    try:
        n = c.seat_count(state)
    except (KeyError, TypeError, ValueError):
        raise ReplayError("the replay's start is damaged (its seats)") from None
    check_details(rep, state, n)


def check_details(rep: Replay, state: dict, n: int) -> None:
    """The replay's details that its start decides (the cheap checks, made before any
    move is played): as many seats as the deal has (n), its moves' seats among them, the
    deal number the start's, a level for each computer seat and none for a human's,
    and the viewer the first human's seat (0 with none). ReplayError saying it was
    edited if not. (Which level a computer played cannot be told from its moves.)"""
    if len(rep.seats) != n:
        raise edited(f"it names {len(rep.seats)} seats, its deal has {n}")
    if any(seat >= n for _, seat, _ in rep.moves):
        raise edited("a move names a seat not at the table")
    if rep.deal_no != state.get("deal_no"):
        raise edited("its deal number is not its deal's")
    if any((s.level is None) != (s.kind == "human") for s in rep.seats):
        raise edited("a human seat with a level, or a computer's without one")
    humans = [i for i, s in enumerate(rep.seats) if s.kind == "human"]
    if rep.viewer != (humans[0] if humans else 0):
        raise edited("its cards are shown from another seat than the player's")


def verify(rep: Replay, c: Any) -> ReplayCursor:
    """A cursor on the replay's deal once the whole replay has been played through and
    found to end in the recorded state, with the recorded result and scores (made
    again from that state); ReplayError (with the reason) if it does not. `c`: the
    replay's game's codec."""
    cur = ReplayCursor(rep, c)
    cur.seek(cur.length)
    if digest(cur.codec.recorded(cur.engine)) != rep.final:
        raise edited("its moves do not end in its recorded game")
    result, scores = cur.codec.outcome(cur.start_state, cur.engine, [s.name for s in rep.seats])
    if result != rep.result:
        raise edited("its result is not what its moves give")
    if list(scores) != rep.scores:
        raise edited("its scores are not what its moves give")
    cur.seek(0)
    return cur
