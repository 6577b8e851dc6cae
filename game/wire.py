"""The default wire form of a game's moves for its net codec (game/gamespec.py's
NetCodec): a move is its replay codec's JSON, and the engine lists a move in the form
it is sent. A game whose moves travel otherwise (Nerts' seated moves, Gin's marked
groups) writes its own. No pygame here.

    move_to_wire, move_from_wire = plain_wire(replay_codec)     # in a net_codec.py
    listed_form = as_listed
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol


class MovesAsJson(Protocol):
    def move_to_json(self, move: Any) -> Any: ...
    def move_from_json(self, data: Any) -> Any: ...


def plain_wire(codec: MovesAsJson) -> tuple[Callable[[Any], Any], Callable[[int, Any], Any]]:
    """move_to_wire and move_from_wire(seat, data) as the codec's JSON (the move names
    its seat itself)."""
    def move_from_wire(seat: int, data: Any) -> Any:
        return codec.move_from_json(data)
    return codec.move_to_json, move_from_wire


def as_listed(move: Any) -> Any:
    """A move is listed by the engine in the form it is sent."""
    return move
