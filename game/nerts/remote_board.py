"""A joiner's Nerts table as the table's drawing (table_draw.py) and keys
(key_moves.press) read it, made only from what the host sent this seat: its
GameView (with the game's rules) and every side's face-up layout (the codec's
layouts_from_json). They read a game and its round as they read the engine's Game
and Round; nothing here plays a move.

Face-down cards are not known at a joiner's program: the cards under a Pile's top
and a Stack are placeholders (None), counted and drawn as backs, never face up. A
foundation is known by its top card; each side's cards in the Scoring Area come with
its layout (SeatView.played). No pygame here.
"""
from __future__ import annotations

from typing import Any

from game.cards import Card
from game.nerts.moves import NUM_COLUMNS
from game.nerts.options import NertsOptions
from game.nerts.saves import game_winner
from game.nerts.view import GameView, SeatView


class ViewLayout:
    """One side's layout as the drawing reads a Layout: pile and stack bottom-up (the
    hidden cards None), columns and waste face up."""

    def __init__(self, pile: list[Card | None], columns: list[list[Card]], stack: list[None],
                 waste: list[Card]):
        self.pile, self.columns, self.stack, self.waste = pile, columns, stack, waste

    @classmethod
    def of(cls, v: SeatView | None) -> ViewLayout:
        if v is None:                # (a side the host did not describe: drawn empty)
            return cls([], [[] for _ in range(NUM_COLUMNS)], [], [])
        pile: list[Card | None] = [None] * max(0, v.pile_count - 1)
        if v.pile_top is not None:
            pile.append(v.pile_top)
        return cls(pile, [list(c) for c in v.columns], [None] * v.stack_count, list(v.waste))


class ViewRound:
    """The round on, as this seat was shown it: every layout, the foundations' tops,
    the standstill's votes and rotations, its end."""
    deal_no = None                   # (the deal number would tell the hidden cards)

    def __init__(self, options: NertsOptions, own: SeatView, layouts: tuple[SeatView, ...]):
        self.options = options
        by_side: dict[int, SeatView] = {lay.side: lay for lay in layouts}
        by_side[own.side] = own      # the seat's own view is the truth of its layout
        sides = range(options.sides)
        self.layouts = [ViewLayout.of(by_side.get(side)) for side in sides]
        self._played = [by_side[side].played if side in by_side else 0 for side in sides]
        self.foundations: list[list[Card]] = [[] if c is None else [c] for c in own.foundations]
        self.votes, self.rotations = set(own.votes), own.rotations
        self.step_no, self.over, self.caller = own.step, own.over, own.caller
        self.end_reason = None if not own.over else "gnerts" if own.caller is not None else "standstill"

    def layout_of(self, seat: int) -> ViewLayout:
        return self.layouts[self.options.side_of(seat)]

    def played_counts(self) -> list[int]:
        return list(self._played)

    def side_scores(self) -> list[int]:
        return [d["total"] for d in self.score_details()]

    def score_details(self) -> list[dict[str, int]]:
        """Per side, as Round.score_details: played, pile left, penalty, bonus, total."""
        o = self.options
        out = []
        for side, played in enumerate(self._played):
            left = len(self.layouts[side].pile)
            bonus = o.call_bonus if self.caller == side else 0
            out.append({"played": played, "pile_left": left, "penalty": left * o.pile_penalty,
                        "bonus": bonus, "total": played - left * o.pile_penalty + bonus})
        return out


class ViewGame:
    """The game of rounds as this seat was shown it: rules, round number, totals, the
    round on (None between rounds) and, once over, the winner."""

    def __init__(self, view: GameView, layouts: Any):
        if view.options is None:
            raise ValueError("a Nerts view without the game's rules")
        self.options = view.options
        self.round_no, self.totals, self.over = view.round_no, list(view.totals), view.over
        self.winner = game_winner(self.totals, self.options.target) if view.over else None
        self.round = None if view.round is None else ViewRound(self.options, view.round, tuple(layouts or ()))
