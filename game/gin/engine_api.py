"""The game.engine.Engine interface of GinGame (game/gin/rules.py): the seats to move,
a seat-checked play() with engine.Event results, scores, copies, invariants and the
JSON save. GinGame's own methods (apply, legal_moves, view) are the rules; these
are the common shape every game offers on top of them. No pygame here.
"""
from __future__ import annotations

import random

from game.engine import Details, Event, IllegalMove
from game.gin import copies, invariants, saves
from game.gin.moves import NextHand, Redeal


class EngineMethods:
    """Mixed into GinGame; uses its phase, turn, games, apply()."""

    # ---- the Engine interface (game/engine.py) ----
    n_seats = 2

    def to_move(self) -> tuple[int, ...]:
        """The seat to move; both at the end of a hand (either deals the next)."""
        if self.phase == "game_over":
            return ()
        return (0, 1) if self.phase == "hand_over" else (self.turn,)

    def play(self, seat: int, move) -> list[Event]:
        """apply() for `seat`: a move naming another seat is refused. Redeal (the
        table's F7, never listed) stays open to either seat until someone goes out."""
        if getattr(move, "seat", seat) != seat and not (isinstance(move, NextHand) and move.seat is None):
            raise IllegalMove("that move is not this seat's")
        if not isinstance(move, Redeal) and seat not in self.to_move():
            raise IllegalMove("it is not your turn")
        return [Details(ev["kind"], ev.get("seat"),
                        {k: v for k, v in ev.items() if k not in ("kind", "seat")})
                for ev in self.apply(move)]

    def is_over(self) -> bool:
        return self.phase == "game_over"

    def scores(self) -> list[int]:
        """Each seat's points with bonuses, over all games (Hollywood's three added)."""
        return [sum(g.total(s) for g in self.games) for s in (0, 1)]

    def copy(self) -> EngineMethods:
        return copies.copy_game(self)

    def redeal_hidden(self, seat: int, rng: random.Random) -> EngineMethods:
        return copies.redeal_hidden(self, seat, rng)

    def check_invariants(self) -> None:
        """AssertionError naming the broken promise (see game/gin/invariants.py)."""
        invariants.check(self)

    # ---- JSON (game/gin/saves.py) ----
    def to_json(self) -> dict:
        return saves.state_to_json(self)

    @classmethod
    def from_json(cls, d: dict) -> EngineMethods:
        """The saved game, every field and invariant checked (ValueError if not)."""
        return saves.state_from_json(cls, d)
