"""The rule options of a Nerts game, validated one way (game.engine's RuleOptions).

Pure: no pygame. The rules (game/nerts/rules.py) re-export these names.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.engine import SWITCH, Choice, IntRange, OptionError, RuleOptions
from game.nerts.moves import COLUMN, FLIP, PILE, PLAY, TURN, WASTE, Move

TARGETS = (100, 150, 500, 1000)


SPEC = {
    "seats": IntRange(1, 4),      # 1: a drill, never a game (Game refuses it)
    "target": Choice(TARGETS),
    "flip_by_ones": SWITCH,
    "move_runs": SWITCH,
    "pile_penalty": Choice((2, 1)),
    "call_bonus": IntRange(0, 100),
    "partners": SWITCH,
    "pile_out_ends": SWITCH,
}


@dataclass(frozen=True)
class NertsOptions(RuleOptions, spec=SPEC):
    seats: int = 2
    target: int = 100            # 100, 150, 500 or 1000
    flip_by_ones: bool = False   # flip the Stack one card at a time instead of three
    move_runs: bool = False      # any top part of a column may move, not only whole columns
    pile_penalty: int = 2        # points lost per card left in the Pile (2 or 1)
    call_bonus: int = 0          # bonus for calling G'NERTS
    partners: bool = False       # 4 seats as 2 teams, partners sharing one layout
    pile_out_ends: bool = True   # an empty Pile ends the round (False: a drill to N cards)

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.partners and self.seats != 4:
            raise OptionError("partnerships are played with 4 seats")
        # one seat is a drill (game/nerts/drill.py): only a drill plays on past an empty Pile
        if not self.pile_out_ends and self.seats != 1:
            raise OptionError("only a drill (one seat) plays on after its Pile is empty")

    # --- partnerships: seats 0 and 1 share layout (side) 0, seats 2 and 3 side 1; the
    #     even seat works the Pile and the columns, the odd seat the Stack and waste ---
    @property
    def sides(self) -> int:
        """How many layouts (and decks) are on the table: a side is a seat or a team."""
        return 2 if self.partners else self.seats

    def side_of(self, seat: int) -> int:
        return seat // 2 if self.partners else seat

    def role_of(self, seat: int) -> str:
        """ "all" (no partner), "pile" (Pile and columns) or "stack" (Stack and waste)."""
        if not self.partners:
            return "all"
        return "pile" if seat % 2 == 0 else "stack"

    def may_flip(self, seat: int) -> bool:
        """Does this seat flip the Stack (not a partner who works the Pile)?"""
        return self.role_of(seat) != "pile"

    def partner_of(self, seat: int) -> int | None:
        return seat ^ 1 if self.partners else None

    def seats_of(self, side: int) -> tuple[int, ...]:
        return (2 * side, 2 * side + 1) if self.partners else (side,)

    def role_refusal(self, seat: int, move: Move) -> str | None:
        """Why this seat's role does not make this move (None: it may)."""
        role = self.role_of(seat)
        if role == "all" or move.kind not in (PLAY, FLIP, TURN):
            return None
        stack_move = move.kind != PLAY or move.src == WASTE
        if role == "pile" and stack_move:
            return "Your partner works the Stack and the waste."
        if role == "stack" and not stack_move and move.src in (PILE, COLUMN):
            return "Your partner works the Pile and the columns."
        return None

    @property
    def flip_count(self) -> int:
        return 1 if self.flip_by_ones else 3

