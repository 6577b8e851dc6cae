"""Computer players for Nerts, on the App's fixed clock.

A player sees only a SeatView (its own layout and the tops of the Scoring Area).
It works like a person at the table:
  scan   - a reaction timer runs; when it runs out the player looks at its layout
           and picks a move by the sheet's priorities (this is the only moment it
           computes anything, so a step where it is "thinking" costs one comparison);
  motion - the hand moves: a card play takes `play` seconds (a race to the Scoring
           Area a little less at the levels that race), a flip `flip` seconds; then
           the move is submitted. Meanwhile someone else may take the foundation:
           the engine refuses the move and the player looks again.
Slower levels also miss a visible play now and then (`miss`), like people do.

Priorities (the rules sheet): Pile to the Scoring Area; column tops and the waste to
the Scoring Area; Pile to a column; column onto column when it frees a space for the
Pile; waste to a column only when it helps; flip. A player agrees to a standstill
rotation when it has gone through its whole Stack without a play and no card of its
Stack fits anywhere (after such a pass it plays any waste card that fits a column).

Why the levels have the pace they have, and what was measured: docs/nerts-players.md.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from game.cards import Card
from game.engine import rng_from_json, rng_state_to_json
from game.nerts.moves import COLUMN, NUM_COLUMNS, PILE, WASTE, Move
from game.nerts.partner_ai import decide_partner
from game.nerts.piles import fits_column
from game.nerts.standstill import card_fits, pass_tops
from game.nerts.view import SeatView

__all__ = ["Level", "LEVELS", "LEVEL_NAMES", "NertsAI"]


@dataclass(frozen=True)
class Level:
    """Timings in seconds as (mean, spread): each delay is uniform in mean +- spread."""
    scan: tuple[float, float]      # look at the layout before deciding
    play: tuple[float, float]      # move a card (to a column or the Scoring Area)
    flip: tuple[float, float]      # flip the Stack / turn the waste
    miss: float                    # chance to overlook each possible play
    race: float = 1.0              # factor on `play` for a card going to the Scoring Area
    idle: float = 0.5              # how often a player that agreed to rotate looks again


LEVELS: dict[str, Level] = {
    # about 7 s a card play and 2.5 s a flip; overlooks a third of its chances
    "easy": Level(scan=(1.6, 0.5), play=(5.0, 2.0), flip=(0.8, 0.3), miss=0.30),
    # about 3 s a card play
    "normal": Level(scan=(0.8, 0.25), play=(2.2, 0.8), flip=(0.45, 0.15), miss=0.15),
    # about 1.4 s a card play, races a little for the Scoring Area
    "hard": Level(scan=(0.45, 0.12), play=(1.0, 0.3), flip=(0.25, 0.08), miss=0.05,
                  race=0.85),
    # about 0.55 s a card play, never overlooks a play, races hard
    "expert": Level(scan=(0.25, 0.06), play=(0.35, 0.1), flip=(0.12, 0.04), miss=0.0,
                    race=0.75),
    # no delay at all: one move per step, for tests and tuning
    "instant": Level(scan=(0, 0), play=(0, 0), flip=(0, 0), miss=0.0, idle=0.0),
}
LEVEL_NAMES = tuple(LEVELS)


class NertsAI:
    """A computer player for one seat. Deterministic for its seed and the views it gets.

    Drive it once per step:  move = ai.poll(round.step_no, lambda: round.view(seat))
    and submit the move if it is not None. `next_step` says when the player next wants
    to be polled: a headless runner may jump the clock straight there.
    """

    def __init__(self, level: str = "normal", rng: random.Random | int | None = None,
                 steps_per_second: int = 120):
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; one of {', '.join(LEVELS)}")
        if not isinstance(rng, random.Random):
            rng = random.Random(rng)
        if steps_per_second <= 0:
            raise ValueError("steps_per_second must be positive")
        self.name = level
        self.level = LEVELS[level]
        self.rng = rng
        self.sps = steps_per_second
        self.next_step = 0
        self.pending: Move | None = None
        self.decisions = 0

    def reset(self, step: int = 0) -> None:
        """Forget a move in hand and look again at `step` (a new round, a resumed one)."""
        self.next_step = step
        self.pending = None

    def to_json(self) -> dict:
        return {"level": self.name, "sps": self.sps, "rng": rng_state_to_json(self.rng),
                "next_step": self.next_step, "decisions": self.decisions,
                "pending": None if self.pending is None else self.pending.to_json()}

    @classmethod
    def from_json(cls, d) -> NertsAI:
        try:
            ai = cls(d["level"], rng_from_json(d["rng"]), d["sps"])
            nxt, dec = d["next_step"], d["decisions"]
            if not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0
                       for x in (nxt, dec)):
                raise ValueError("bad next_step or decisions")
            ai.next_step, ai.decisions = nxt, dec
            ai.pending = None if d["pending"] is None else Move.from_json(d["pending"])
            return ai
        except ValueError:
            raise
        except (KeyError, TypeError, IndexError) as e:
            raise ValueError(f"bad Nerts player: {e!r}") from None

    # --- the clock ----------------------------------------------------------------------
    def _steps(self, timing: tuple[float, float]) -> int:
        mean, spread = timing
        if mean <= 0:
            return 1
        seconds = mean + self.rng.uniform(-spread, spread) if spread else mean
        return max(1, round(seconds * self.sps))

    def poll(self, step: int, view) -> Move | None:
        """Called each step; `view` is a SeatView or a callable making one (called only
        when the player actually looks). Returns a move to submit now, or None."""
        if step < self.next_step:
            return None
        if self.pending is not None:
            move, self.pending = self.pending, None
            self.next_step = step + self._steps(self.level.scan)
            return move
        if callable(view):
            view = view()
        if view.over:
            self.next_step = step + 1_000_000_000
            return None
        move, kind = self.decide(view)
        self.decisions += 1
        lv = self.level
        if move is None:
            self.next_step = step + max(1, round(lv.idle * self.sps))
            return None
        if kind == "flip":
            motion = lv.flip
        elif kind == "vote":
            motion = (0, 0)
        elif kind == "score":
            motion = (lv.play[0] * lv.race, lv.play[1] * lv.race)
        else:
            motion = lv.play
        if motion[0] <= 0:
            self.next_step = step + self._steps(lv.scan)
            return move
        self.pending = move
        self.next_step = step + self._steps(motion)
        return None

    # --- choosing a move ----------------------------------------------------------------
    def decide(self, v: SeatView) -> tuple[Move | None, str]:
        """The move this player makes now and its kind ("score", "column", "flip",
        "vote"), or (None, "wait") when it has agreed to rotate and waits."""
        tops = {(c.suit, c.rank) for c in v.foundations if c is not None}
        free_slot = any(c is None for c in v.foundations)

        def scores(card: Card) -> bool:
            return (free_slot if card.rank == 1 else (card.suit, card.rank - 1) in tops)

        miss = self.level.miss
        rng = self.rng

        def seen() -> bool:
            return miss <= 0 or rng.random() >= miss

        if v.role != "all":       # a partnership: its share of the layout only
            return decide_partner(self, v, scores, seen)

        cols = v.columns
        pile = v.pile_top
        waste = v.waste_top
        any_play = False        # a play exists, overlooked or not (for the vote)

        # 1. Pile to the Scoring Area
        if pile is not None and scores(pile):
            any_play = True
            if seen():
                return Move.to_scoring(PILE), "score"
        # 2. column tops (those that empty a column first: the Pile refills it) and waste
        col_order = sorted((i for i in range(NUM_COLUMNS) if cols[i]),
                           key=lambda i: (len(cols[i]) > 1, cols[i][-1].rank))
        for i in col_order:
            if scores(cols[i][-1]):
                any_play = True
                if seen():
                    return Move.to_scoring(COLUMN, col=i), "score"
        if waste is not None and scores(waste):
            any_play = True
            if seen():
                return Move.to_scoring(WASTE), "score"
        # 3. Pile to a column
        if pile is not None:
            for j in range(NUM_COLUMNS):
                if cols[j] and fits_column(pile, cols[j][-1]):
                    any_play = True
                    if seen():
                        return Move.to_column(PILE, j), "column"
        # 4. column onto column when it frees a space for the Pile (or, with "move
        #    runs", uncovers a card for the Scoring Area or for the Pile)
        if v.pile_count:
            m = self._column_move(v, scores)
            any_play = any_play or m is not None
            if m is not None and seen():
                return m, "column"
        # 5. waste to a column when it helps
        if waste is not None:
            m = self._helpful_waste(v, scores)
            if m is not None and seen():
                return m, "column"
        # 6. a whole pass through the Stack without a play: a standstill needs every
        #    Stack card stuck too (the seed), so play the waste top onto any column it
        #    fits; agree to rotate once the Stack is through and no card of it fits
        if not any_play:
            if v.side in v.votes:
                return None, "wait"
            if v.idle_flips >= v.stack_count + len(v.waste):
                if waste is not None:
                    for j in range(NUM_COLUMNS):
                        if cols[j] and fits_column(waste, cols[j][-1]):
                            return Move.to_column(WASTE, j), "column"
                if not v.stack_count and not any(
                        card_fits(c, cols, scores) for c in pass_tops((), v.waste, v.flip_count)):
                    return Move.vote(), "vote"
        # 7. flip (on an empty Stack this turns the waste over)
        if v.stack_count or v.waste:
            return Move.flip(), "flip"
        return None, "wait"

    def _column_move(self, v: SeatView, scores) -> Move | None:
        cols = v.columns
        for i in range(NUM_COLUMNS):
            src = cols[i]
            if not src:
                continue
            for j in range(NUM_COLUMNS):
                if j != i and cols[j] and fits_column(src[0], cols[j][-1]):
                    return Move.to_column(COLUMN, j, col=i)
        if not v.move_runs:
            return None
        pile = v.pile_top
        for i in range(NUM_COLUMNS):
            src = cols[i]
            for k in range(1, len(src)):
                under = src[k - 1]
                if not (scores(under) or (pile is not None and fits_column(pile, under))):
                    continue
                for j in range(NUM_COLUMNS):
                    if j != i and cols[j] and fits_column(src[k], cols[j][-1]):
                        return Move.to_column(COLUMN, j, col=i, count=len(src) - k)
        return None

    def _helpful_waste(self, v: SeatView, scores) -> Move | None:
        """Waste onto a column only if the Pile or a whole column can follow onto it,
        or the card it uncovers goes to the Scoring Area."""
        w = v.waste[-1]
        cols = v.columns
        below = v.waste[-2] if len(v.waste) > 1 else None
        for j in range(NUM_COLUMNS):
            if not (cols[j] and fits_column(w, cols[j][-1])):
                continue
            pile = v.pile_top
            if pile is not None and fits_column(pile, w):
                return Move.to_column(WASTE, j)
            if below is not None and scores(below):
                return Move.to_column(WASTE, j)
            for i in range(NUM_COLUMNS):
                if i != j and cols[i] and fits_column(cols[i][0], w):
                    return Move.to_column(WASTE, j)
        return None
