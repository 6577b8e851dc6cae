"""The engine of Nerts (game/engine.py's protocol): a game of rounds until a side
reaches the target with the single highest total.

Its moves name their seat: `Seated(seat, move)` plays a listed move in the round on
(every seat may move at once: all are in `to_move()`), and once a round is over every
seat's one move is `NextRound(seat)`, which scores it and deals the next (or ends the
game). `apply(move)` returns the events in game/engine.py's Event type.

The round itself is game/nerts/round.py's `Round`, whose calls take the seat apart:
the table's clock (`submit`/`step`) and the computers' inner loops use it directly.
This module also names what the rest of the game imports from the rules (the moves'
places and kinds: game/nerts/moves.py).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from game.deals import is_deal_no, next_deal_no
from game.engine import Details, Event, IllegalMove, rng_state_to_json
from game.nerts.invariants import InvariantError
from game.nerts.moves import Move, NextRound, Seated
from game.nerts.options import TARGETS, NertsOptions
from game.nerts.piles import MAX_ROTATIONS, PILE_SIZE, Layout, SeatView, card_token, fits_column, parse_token
from game.nerts.round import Round
from game.nerts.saves import SCHEMA, check_game, game_winner, read_game

__all__ = [
    "NertsOptions", "Layout", "Round", "SeatView", "Game", "GameView", "Move", "Seated", "NextRound",
    "IllegalMove", "fits_column", "card_token", "parse_token", "TARGETS", "MAX_ROTATIONS",
    "PILE_SIZE", "new_engine",
]


def new_engine(seed: int, options: NertsOptions | None = None) -> Game:
    """A game with its first round dealt: the Engine of Nerts (see game/engine.py)."""
    game = Game(options, seed)
    game.start_round()
    return game


@dataclass(frozen=True, slots=True)
class GameView:
    """What a seat may see of the game: the totals so far and its view of the round
    on (None between rounds)."""
    seat: int
    round_no: int
    totals: tuple[int, ...]
    over: bool
    round: SeatView | None


class Game:
    """Rounds until a side reaches the target with the single highest total. A side
    is a seat, or a team of partners."""

    def __init__(self, options: NertsOptions | None = None, seed: int | None = None):
        self.options = options or NertsOptions()
        if self.options.seats < 2:
            raise ValueError("a game needs two seats or more (one seat is a drill)")
        self.seed = seed if is_deal_no(seed) else None   # the first round's deal number
        self.rng = random.Random(seed)                    # draws the later rounds' deal numbers
        self.totals = [0] * self.options.sides     # a total per seat, or per team
        self.history: list[list[int]] = []     # each finished round's scores
        self.round: Round | None = None
        self.over = False
        self.winner: int | None = None

    @property
    def round_no(self) -> int:
        """Number of the current round, 1-based (rounds finished + 1 while one is on)."""
        return len(self.history) + (1 if self.round is not None else 0)

    def start_round(self) -> Round:
        if self.over:
            raise IllegalMove("The game is over.")
        if self.round is not None:
            raise IllegalMove("A round is already being played.")
        deal_no = next_deal_no(self.rng, self.seed, first=not self.history)
        self.round = Round(self.options, seed=deal_no)
        return self.round

    def end_round(self) -> dict[str, Any]:
        """Score the finished current round; returns {scores, totals, over, winner}."""
        r = self.round
        if r is None or not r.over:
            raise IllegalMove("The round is not over yet.")
        scores = r.side_scores()
        self.history.append(scores)
        self.totals = [t + s for t, s in zip(self.totals, scores)]
        self.round = None
        self.winner = game_winner(self.totals, self.options.target)
        self.over = self.winner is not None
        return {"scores": scores, "totals": list(self.totals), "over": self.over,
                "winner": self.winner}

    # --- the Engine interface (game/engine.py) ------------------------------------------
    @property
    def n_seats(self) -> int:
        return self.options.seats

    def _between_rounds(self) -> bool:
        return self.round is None or self.round.over

    def to_move(self) -> tuple[int, ...]:
        """Every seat plays at once (a partner only while its share has a move); all
        of them between rounds (any may deal the next); none once the game is over."""
        rnd = self.round
        if self.over:
            return ()
        if rnd is None or rnd.over:
            return tuple(range(self.n_seats))
        return rnd.to_move()

    def legal_moves(self, seat: int) -> list[Any]:
        """The seat's listed moves in the round on (foundation plays name a foundation),
        or its NextRound between rounds; [] for no seat or a game over."""
        if self.over or not (isinstance(seat, int) and 0 <= seat < self.n_seats):
            return []
        rnd = self.round
        if rnd is None or rnd.over:
            return [NextRound(seat)]
        return [Seated(seat, m) for m in rnd.legal_moves(seat)]

    def apply(self, move: Any) -> list[Event]:
        """Carry out a move naming its seat: a listed `Seated` move of the round, or
        `NextRound` once it is over. IllegalMove and no change for anything else."""
        if isinstance(move, NextRound):
            return self._next_round(move.seat)
        if not isinstance(move, Seated):
            raise IllegalMove("That is not a Nerts move.")
        if self.over:
            raise IllegalMove("The game is over.")
        rnd, seat = self.round, move.seat
        if rnd is None or rnd.over:
            raise IllegalMove("The round is over.")
        if move.move not in rnd.legal_moves(seat):
            raise IllegalMove(rnd.refusal(seat, move.move)
                              or f"Name the place: {move.move} is not one of the listed moves.")
        return [e.to_engine() for e in rnd.apply(seat, move.move)]

    def _next_round(self, seat: int | None) -> list[Event]:
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < self.n_seats):
            raise IllegalMove(f"There is no seat {seat}.")
        if self.over:
            raise IllegalMove("The game is over.")
        if not self._between_rounds():
            raise IllegalMove("The round is not over yet.")
        events: list[Event] = []
        if self.round is not None:
            result = self.end_round()
            events.append(Details("round_scored", seat, {"scores": result["scores"],
                                                         "totals": result["totals"]}))
            if self.over:
                return events + [Details("game_over", self.winner, {"totals": result["totals"]})]
        rnd = self.start_round()
        return events + [Details("round_dealt", seat, {"round": self.round_no, "deal_no": rnd.deal_no})]

    def view(self, seat: int) -> GameView:
        return GameView(seat, self.round_no, tuple(self.totals), self.over,
                        None if self.round is None else self.round.view(seat))

    def is_over(self) -> bool:
        return self.over

    def scores(self) -> list[int]:
        """Each seat's total of the rounds scored (partners both have their team's)."""
        return [self.totals[self.options.side_of(s)] for s in range(self.n_seats)]

    def copy(self) -> Game:
        g = Game(self.options)
        g.seed, g.totals, g.history = self.seed, list(self.totals), [list(h) for h in self.history]
        g.rng.setstate(self.rng.getstate())
        g.round = None if self.round is None else self.round.copy()
        g.over, g.winner = self.over, self.winner
        return g

    def redeal_hidden(self, seat: int, rng: random.Random) -> Game:
        """A copy whose round on has its face-down cards dealt anew (Round.redeal_hidden)."""
        g = self.copy()
        if g.round is not None:
            g.round = g.round.redeal_hidden(seat, rng)
        return g

    def check_invariants(self) -> None:
        """InvariantError (a ValueError and an AssertionError) if the round is impossible
        or the totals, history and end disagree."""
        if self.round is not None:
            self.round.check_invariants()
        try:
            check_game(self)
        except ValueError as e:
            raise InvariantError(str(e)) from None
        sums = [sum(col) for col in zip(*self.history)] if self.history else [0] * self.options.sides
        if sums != self.totals:
            raise InvariantError("the totals are not the sums of the rounds")

    # --- JSON ---------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {"schema": SCHEMA, "options": self.options.to_json(), "seed": self.seed,
                "rng": rng_state_to_json(self.rng), "totals": list(self.totals),
                "history": [list(h) for h in self.history],
                "round": None if self.round is None else self.round.to_json(),
                "over": self.over, "winner": self.winner}

    @classmethod
    def from_json(cls, d: Any) -> Game:
        """The game back from to_json; ValueError with a reason if damaged."""
        game: Game = read_game(cls, Round, d)
        return game
