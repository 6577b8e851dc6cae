"""What one seat may see of a Nerts game (the computer players get only this): its
SeatView of the round on (its own layout, the tops of the Scoring Area, the counts
of the others' piles, its side's cards in the Scoring Area) and the GameView of the
game of rounds, with its rules. Pure: no pygame.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.cards import Card
from game.nerts.options import NertsOptions


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    seats: int
    step: int
    pile_count: int
    pile_top: Card | None
    columns: tuple[tuple[Card, ...], ...]
    stack_count: int
    waste: tuple[Card, ...]               # the seat's own face-up waste; top is last
    foundations: tuple[Card | None, ...]  # top card of each foundation slot (None = free)
    votes: frozenset[int]                 # sides that agreed to a standstill rotation
    rotations: int
    idle_flips: int       # cards this seat flipped since its last play or any scoring
    flip_count: int       # 3, or 1 with "flip by ones"
    move_runs: bool
    over: bool
    side: int = 0         # whose layout this is: the seat, or its team with partners
    role: str = "all"     # "all", or a partner's share: "pile" (and columns) or "stack"
    played: int = 0       # this side's cards in the Scoring Area (the round's score lies open)
    caller: int | None = None   # once over: the side that called G'NERTS (None: a standstill)

    @property
    def waste_top(self) -> Card | None:
        return self.waste[-1] if self.waste else None


@dataclass(frozen=True, slots=True)
class GameView:
    """What a seat may see of the game: the totals so far and its view of the round
    on (None between rounds)."""
    seat: int
    round_no: int
    totals: tuple[int, ...]
    over: bool
    round: SeatView | None
    options: NertsOptions | None = None   # the game's rules (a joiner's table draws by them)
