"""Default codecs for a game of plain parts, so that a new game needs only its rules
and a spec (docs/adding-a-game.md): its moves and its views frozen dataclasses of
plain values (numbers, strings, booleans, None and tuples of them; a view's `legal`
a tuple of moves), its engine's to_json/from_json the whole game, its options a
RuleOptions. The four shipped games have codecs of their own (their cards, their
privacy); these are the shared defaults. No pygame here.

    moves = DataclassMoves(MOVE_CLASSES, {})                     (game/replay_moves.py)
    replay_codec = PlainReplayCodec("key", Engine, moves, levels, "KEY", 9, Options)
    net_codec = PlainNetCodec(replay_codec, moves, View)

A plain game's events carry only what every seat may know (the net codec sends each
seat every event whole): a card dealt face down is in the views, never in an event.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from typing import Any, Protocol

from game.engine import Engine, Event, RuleOptions, read_guarded
from game.replay_moves import DataclassMoves, apply_move, whole_engine
from game.wire import as_listed, plain_wire


class EngineType(Protocol):
    def from_json(self, data: dict[str, Any]) -> Engine: ...


class PlainReplayCodec:
    """A replay codec (game/replays.py) for a game whose replay holds the whole engine.
    The outcome: each seat's score, and the leader named (a tie said so)."""
    BY_STEP = False

    def __init__(self, game: str, engine_type: EngineType, moves: DataclassMoves,
                 levels: Sequence[str], challenge_prefix: str, challenge_id: int,
                 options_type: type[RuleOptions], version: int = 1):
        self.GAME, self.VERSION, self.LEVELS = game, version, tuple(levels)
        self.CHALLENGE_PREFIX, self.CHALLENGE_ID = challenge_prefix, challenge_id
        self.engine_type, self.moves, self.options_type = engine_type, moves, options_type
        self.recorded, self.apply = whole_engine, apply_move

    def engine_from_json(self, data: Any) -> Engine:
        return read_guarded(self.engine_type.from_json, data, f"{self.GAME} state")

    def move_to_json(self, move: Any) -> Any:
        return self.moves.to_json(move)

    def move_from_json(self, data: Any) -> Any:
        return self.moves.from_json(data)

    def seat_count(self, state: Any) -> int:
        return self.engine_from_json(state).n_seats

    def outcome(self, start: Any, final: Engine, names: list[str]) -> tuple[str, list[int]]:
        scores = final.scores()
        best = max(scores)
        leaders = [names[i] for i, s in enumerate(scores) if s == best]
        result = f"{leaders[0]} leads with {best}" if len(leaders) == 1 else f"Tied at {best}"
        return result, scores

    def default_options(self) -> RuleOptions:
        return self.options_type()

    def options_to_json(self, options: RuleOptions) -> dict[str, Any]:
        return options.to_json()

    def options_from_json(self, data: Any) -> RuleOptions:
        return self.options_type.from_json(data)


class PlainNetCodec:
    """A net codec (game/gamespec.py's NetCodec) for views that are dataclasses of
    plain values, their `legal` moves written as the replay codec writes them, and
    events whole (a plain game's events are public)."""

    def __init__(self, replay_codec: PlainReplayCodec, moves: DataclassMoves, view_type: type):
        self.moves, self.view_type = moves, view_type
        self.move_to_wire, self.move_from_wire = plain_wire(replay_codec)
        self.listed_form = as_listed
        self._names = tuple(f.name for f in fields(view_type))

    def view_to_json(self, view: Any) -> dict[str, Any]:
        return {name: ([self.moves.to_json(m) for m in view.legal] if name == "legal"
                       else _plain(getattr(view, name))) for name in self._names}

    def view_from_json(self, data: Any) -> Any:
        """The view back; ValueError for anything else."""
        if not isinstance(data, dict) or set(data) != set(self._names):
            raise ValueError("not a view of this game")

        def read(d: dict[str, Any]) -> Any:
            return self.view_type(**{k: (tuple(self.moves.from_json(m) for m in v) if k == "legal"
                                         else _tuples(v)) for k, v in d.items()})
        return read_guarded(read, data, "view")

    def events_for(self, events: list[Event], seat: int) -> list[dict[str, Any]]:
        return [{"kind": e.kind, "seat": e.seat, "data": _plain(dict(e.data))} for e in events]


def _plain(v: Any) -> Any:
    if isinstance(v, (tuple, list)):
        return [_plain(x) for x in v]
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in v.items()}
    if v is None or isinstance(v, (bool, int, str)):
        return v
    raise TypeError(f"not a plain value: {v!r}")


def _tuples(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_tuples(x) for x in v)
    if v is None or isinstance(v, (bool, int, str)):
        return v
    raise ValueError(f"not a plain value: {v!r}")
