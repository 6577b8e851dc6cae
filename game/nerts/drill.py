"""Nerts drills: timed practice against nobody, one seat on a deal number.

A drill is a one-seat game (game/nerts/rules.py's Game, its moves through its
`apply` as at a table) played one round, with a goal: clear the Pile, or play N
cards to the Scoring Area (the Pile emptying does not end that one:
`pile_out_ends=False`). Its time is the fixed clock's steps (STEP_HZ a second) from
the deal to the step that met the goal. At a standstill the Stack is rotated for the
player (there is nobody to agree with), as the rules allow three times; the next
standstill ends the drill, "not completed", with what was reached.

Pure and deterministic: no pygame; deal number N deals the cards seat 1 gets in the
first round of a Nerts game started on deal N.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.clock import STEP_HZ
from game.nerts.moves import Event, Move, NextRound, Seated, Step
from game.nerts.options import NertsOptions
from game.nerts.piles import PILE_SIZE
from game.nerts.round import Round
from game.nerts.rules import Game

CARD_GOALS = (10, 20, 30)


@dataclass(frozen=True)
class Goal:
    """Clear the Pile (cards None), or play `cards` cards to the Scoring Area."""
    cards: int | None = None

    def __post_init__(self):
        if self.cards is not None and self.cards not in CARD_GOALS:
            raise ValueError(f"a drill plays {CARD_GOALS} cards, not {self.cards!r}")

    @property
    def key(self) -> str:
        return "pile" if self.cards is None else f"cards{self.cards}"

    @property
    def label(self) -> str:
        return "Clear the Pile" if self.cards is None else f"{self.cards} cards to the Scoring Area"

    @property
    def short(self) -> str:
        """The label for the status line: "Clear the Pile", "20 cards"."""
        return "Clear the Pile" if self.cards is None else f"{self.cards} cards"

    @property
    def target(self) -> int:
        return PILE_SIZE if self.cards is None else self.cards


GOALS = (Goal(), *(Goal(n) for n in CARD_GOALS))


def goal_of(key: str) -> Goal:
    """The goal named by its key ("pile", "cards20"); ValueError if none is."""
    for g in GOALS:
        if g.key == key:
            return g
    raise ValueError(f"no drill {key!r}")


def variant_key(flip_by_ones: bool, move_runs: bool) -> str:
    """The rule options a drill was played with, as its records keep them apart."""
    return "".join(("+ones" if flip_by_ones else "", "+runs" if move_runs else ""))


def seconds(steps: int) -> float:
    return steps / STEP_HZ


def time_text(steps: int) -> str:
    """"1:05.3": minutes, seconds and tenths of the fixed clock's steps."""
    tenths = steps * 10 // STEP_HZ
    return f"{tenths // 600}:{tenths // 10 % 60:02d}.{tenths % 10}"


def cards_per_minute(cards: int, steps: int) -> float:
    """Cards to the Scoring Area per minute over `steps` (0 before any time passed)."""
    return round(cards * 60 * STEP_HZ / steps, 1) if steps > 0 else 0.0


class Drill:
    """One drill: submit the player's moves, step() on the clock until `finished`."""
    SEAT = 0

    def __init__(self, goal: Goal, deal_no: int, *, flip_by_ones: bool = False,
                 move_runs: bool = False):
        self.goal = goal
        self.deal_no = deal_no
        options = NertsOptions(seats=1, flip_by_ones=flip_by_ones, move_runs=move_runs,
                               pile_out_ends=goal.cards is None)
        self.game = Game(options, deal_no)
        self.game.apply(NextRound())           # deal number N deals the round
        self.finished = False
        self.completed = False

    @property
    def round(self) -> Round:
        rnd = self.game.round
        assert rnd is not None, "a drill's round is never scored"
        return rnd

    @property
    def key(self) -> str:
        """The records' name of this drill: its goal and its rule options."""
        o = self.round.options
        return self.goal.key + variant_key(o.flip_by_ones, o.move_runs)

    @property
    def cards(self) -> int:
        """Cards played to the Scoring Area."""
        return self.round.played_counts()[self.SEAT]

    @property
    def reached(self) -> int:
        """The goal's progress: Pile cards played, or cards to the Scoring Area (at most the target)."""
        if self.goal.cards is None:
            return PILE_SIZE - len(self.round.layouts[self.SEAT].pile)
        return min(self.cards, self.goal.cards)

    @property
    def cpm(self) -> float:
        return cards_per_minute(self.cards, self.round.step_no)

    def submit(self, move: Move) -> None:
        """Queue the player's move for this step (IllegalMove if it is not legal now)."""
        if not self.finished:
            self.game.apply(Seated(self.SEAT, move))

    def step(self) -> list[Event]:
        """One clock step: the queued moves, then the goal and the standstill looked at."""
        if self.finished:
            return []
        events = self.game.apply(Step())
        rnd = self.round
        if not rnd.over and rnd.standstill_block(self.SEAT) is None:
            # nobody to agree with: a standstill rotates the Stack (or ends the round) at once
            self.game.apply(Seated(self.SEAT, Move.vote()))
            events += self.game.apply(Step(rnd.step_no))
        if self.goal.cards is None:
            self.completed = self.round.end_reason == "gnerts"
        else:
            self.completed = self.cards >= self.goal.cards
        self.finished = self.completed or self.round.over
        return events

    def result(self) -> dict:
        """What the result screen and the records take: the goal, the deal, completed,
        steps, cards, cards per minute, how far the goal got."""
        return {"key": self.key, "label": self.goal.label, "deal": self.deal_no,
                "completed": self.completed, "steps": self.round.step_no, "cards": self.cards,
                "cpm": self.cpm, "reached": self.reached, "target": self.goal.target}
