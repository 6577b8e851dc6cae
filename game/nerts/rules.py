"""The engine of Nerts (game/engine.py's protocol): a game of rounds until a side
reaches the target with the single highest total.

`apply(move)` is the one way a move is made, by the table, the drills, simulations,
the bench and replays alike; it returns the events in game/engine.py's Event type.
Real time enters as the table's clock:
- `Seated(seat, move)`: a listed move of the round on (every seat may move at once:
  all are in `to_move()`) is queued for the clock step on; a move not listed now is
  an IllegalMove at once (the state unchanged).
- `Step(to=None)`: the table's fixed-step loop ends the step: the queued moves are
  applied, the seats that raced in a fair order drawn from the round's random state
  (a `race` event names them); one that lost its race (another card got there first)
  is answered by a `refused` event. The same moves in the same steps give the same
  round, whoever sends them (the table's keys, its computers, a remote seat).
- `Race(seats)`: a replay's record of a raced step: the order is drawn again.
- Between rounds: `ScoreRound` scores the finished round (the table shows the
  scores), `NextRound` deals the next (scoring it first if need be) or ends the game.

The round itself is game/nerts/round.py's `Round`. A one-seat game is a drill's
engine (game/nerts/drill.py): its round is never scored, and no save holds one. This
module also names what the rest of the game imports from the rules.
"""
from __future__ import annotations

import random
from typing import Any

from game.deals import is_deal_no, next_deal_no
from game.engine import Details, Event, IllegalMove, is_int, rng_state_to_json
from game.nerts.invariants import InvariantError
from game.nerts.legal import listed_refusal, with_table_forms
from game.nerts.moves import (
    Move,
    NextRound,
    Race,
    ScoreRound,
    Seated,
    Step,
)
from game.nerts.options import TARGETS, NertsOptions
from game.nerts.piles import MAX_ROTATIONS, PILE_SIZE, Layout, card_token, fits_column, parse_token
from game.nerts.round import Round
from game.nerts.saves import SCHEMA, check_game, game_winner, read_game
from game.nerts.view import GameView

__all__ = [
    "NertsOptions", "Layout", "Round", "Game", "Move", "Seated", "NextRound",
    "ScoreRound", "Step", "Race",
    "IllegalMove", "fits_column", "card_token", "parse_token", "TARGETS", "MAX_ROTATIONS",
    "PILE_SIZE", "new_engine",
]


def new_engine(seed: int | None, options: NertsOptions | None = None, seats: int | None = None) -> Game:
    """A game with its first round dealt: the Engine of Nerts (see game/engine.py);
    options None: the defaults for `seats` seats (None: two; ValueError for a table
    Nerts is not played at). Options seat their own number (the caller compares
    n_seats)."""
    if seats is not None and seats < 2:        # (one seat is a drill's engine, never a game)
        raise ValueError(f"Nerts is played by 2 to 4, not {seats}")
    if options is None and seats is not None:
        options = NertsOptions(seats=seats)
    game = Game(options, seed)
    game.apply(NextRound())
    return game


class Game:
    """Rounds until a side reaches the target with the single highest total. A side
    is a seat, or a team of partners. (One seat: a drill's engine, one round.)"""

    def __init__(self, options: NertsOptions | None = None, seed: int | None = None):
        self.options = options or NertsOptions()
        self.seed = seed if is_deal_no(seed) else None   # the first round's deal number
        self.rng = random.Random(seed)                    # draws the later rounds' deal numbers
        self.totals = [0] * self.options.sides     # a total per seat, or per team
        self.history: list[list[int]] = []     # each finished round's scores
        self.round: Round | None = None
        self.over = False
        self.winner: int | None = None

    @classmethod
    def of_round(cls, rnd: Round) -> Game:
        """A game holding `rnd` and no round before it (a replay's engine), the same
        game for the same round."""
        game = cls(rnd.options, 0 if rnd.deal_no is None else rnd.deal_no)
        game.round = rnd
        return game

    @property
    def round_no(self) -> int:
        """Number of the current round, 1-based (rounds finished + 1 while one is on)."""
        return len(self.history) + (1 if self.round is not None else 0)

    def _start_round(self) -> Round:
        deal_no = next_deal_no(self.rng, self.seed, first=not self.history)
        self.round = Round(self.options, seed=deal_no)
        return self.round

    def _score_round(self, seat: int | None) -> list[Event]:
        """Score the finished round on: round_scored, and game_over if it ends the game."""
        r = self.round
        assert r is not None and r.over
        scores = r.side_scores()
        self.history.append(scores)
        self.totals = [t + s for t, s in zip(self.totals, scores)]
        self.round = None
        self.winner = game_winner(self.totals, self.options.target)
        self.over = self.winner is not None
        events: list[Event] = [Details("round_scored", seat, {"scores": scores, "totals": list(self.totals)})]
        if self.over:
            events.append(Details("game_over", self.winner, {"totals": list(self.totals)}))
        return events

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
        """The seat's listed moves in the round on (foundation plays name a foundation;
        then the table's forms: to the Scoring Area "wherever it fits", flip to turn
        the waste), or its moves between rounds; [] for no seat or a game over."""
        if self.over or not (isinstance(seat, int) and 0 <= seat < self.n_seats):
            return []
        rnd = self.round
        if rnd is None:
            return [NextRound(seat)]
        if rnd.over:
            return [ScoreRound(seat), NextRound(seat)]
        return [Seated(seat, m) for m in with_table_forms(rnd.legal_moves(seat))]

    def apply(self, move: Any) -> list[Event]:
        """Carry out a move (see the module docstring): a listed `Seated` move is
        queued for the step on ([] returned), `Step` applies the step's moves, `Race`
        draws a replayed race's order, `ScoreRound` and `NextRound` go between rounds.
        IllegalMove and no change for anything else."""
        if isinstance(move, (NextRound, ScoreRound)):
            return self._between_rounds_move(move)
        if self.over:
            raise IllegalMove("The game is over.")
        rnd = self.round
        if rnd is None or rnd.over:
            raise IllegalMove("The round is over.")
        if isinstance(move, Seated):
            reason = listed_refusal(rnd, move.seat, move.move)
            if reason is not None:
                raise IllegalMove(reason)
            rnd._queue(move.seat, move.move)
            return []
        if isinstance(move, Step):
            to = rnd.step_no + 1 if move.to is None else move.to
            if not is_int(to) or to < rnd.step_no:
                raise IllegalMove(f"The clock is at step {rnd.step_no}, not before.")
            return list(rnd._end_step(to))
        if isinstance(move, Race):
            seats = move.seats
            if (not isinstance(seats, tuple) or len(seats) < 2 or len(set(seats)) != len(seats)
                    or not all(is_int(s) and 0 <= s < self.n_seats for s in seats)):
                raise IllegalMove("A race is of two seats or more at the table.")
            if rnd.pending:
                raise IllegalMove("Moves are queued: a Step orders them.")
            rnd._draw_order(sorted(seats))
            return []
        raise IllegalMove("That is not a Nerts move.")

    def _between_rounds_move(self, move: NextRound | ScoreRound) -> list[Event]:
        seat = move.seat
        if seat is not None and not (is_int(seat) and 0 <= seat < self.n_seats):
            raise IllegalMove(f"There is no seat {seat}.")
        if self.over:
            raise IllegalMove("The game is over.")
        if not self._between_rounds():
            raise IllegalMove("The round is not over yet.")
        events: list[Event] = []
        if self.round is not None:
            events = self._score_round(seat)
        elif isinstance(move, ScoreRound):
            raise IllegalMove("The round is scored already.")
        if self.over or isinstance(move, ScoreRound):
            return events
        rnd = self._start_round()
        return events + [Details("round_dealt", seat, {"round": self.round_no, "deal_no": rnd.deal_no})]

    def view(self, seat: int) -> GameView:
        return GameView(seat, self.round_no, tuple(self.totals), self.over,
                        None if self.round is None else self.round.view(seat), self.options)

    def is_over(self) -> bool:
        return self.over

    def table_move(self) -> NextRound | None:
        """The table's own move now (game/engine.py): the next round dealt (the one
        finished scored first) between rounds; None otherwise."""
        return NextRound(None) if not self.over and self._between_rounds() else None

    # --- the clock (game/engine.py's Clocked) -------------------------------------------
    def clock_step(self) -> int:
        """The round's clock (0 between rounds)."""
        return 0 if self.round is None else self.round.step_no

    def clock_move(self, step: int) -> Step | None:
        """The Step that brings the round's clock to `step` and applies the moves queued
        (at the step on itself: at once, no time passing); None between rounds, for a
        step gone by, or at the step on with nothing queued."""
        rnd = self.round
        if rnd is None or rnd.over or step < rnd.step_no or (step == rnd.step_no and not rnd.pending):
            return None
        return Step(step)

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
