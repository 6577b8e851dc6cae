"""The drill table's controller, without pygame: the Nerts table's controller
(controller.py: a human's keys to moves through the engine's apply, the notes, the
events) on a Drill (drill.py: a one-seat game, its engine) instead of a game of
rounds, with no computers and no saving.

It keeps the fields the shared parts read (the key handling `press`, `take_events`,
the notes, and the drawing in table_draw.py), so that the drill plays with the very
keys and picture of a Nerts table.
"""
from __future__ import annotations

from game.nerts.controller import SeatInfo, TableControl
from game.nerts.drill import Drill, time_text
from game.nerts.seat_play import SeatPlay
from game.spoken import cards_text
from game.words import counted

PROGRESS_EVERY = 5      # the voice says the progress every this many cards


class DrillControl(TableControl):
    def __init__(self, app, drill: Drill, seat: SeatInfo):
        # TableControl's own set-up deals a game's rounds and starts its computers:
        # a drill has neither, so its fields the shared parts read are set here
        SeatPlay.__init__(self, app)
        self.drill = drill
        self.game = drill.game          # its one-seat game: the keys' moves go to its apply
        self.seat_up([seat])
        self.levels = [seat.level]
        self.seed = drill.deal_no
        self.log: list = []
        self.key_frames: dict[int, list[int]] = {}
        self.latencies: list[int] = []
        self.read_frames: list[int] = []
        self.spoken_progress = 0

    def tick(self) -> tuple[list, bool]:
        """One step: (the drill's events, whether it has just finished)."""
        if self.note_steps:
            self.note_steps -= 1
        if self.phase != "play":
            return [], False
        events = self.drill.step()
        # the drill agrees to a standstill for the player: the rotation's note says it
        self.take_events([e for e in events if e.kind != "vote"])
        if self.drill.finished:
            self.phase = "done"
            for s in self.seats:
                s.selected = None
            self.app.sound("win" if self.drill.completed else "lose")
            return events, True
        self._say_progress()
        return events, False

    def _say_progress(self) -> None:
        """Every few cards of the goal, the voice says how far it is (not shown: the
        status line shows it all the time)."""
        reached = self.drill.reached
        if reached >= self.spoken_progress + PROGRESS_EVERY:
            self.spoken_progress = reached - reached % PROGRESS_EVERY
            self.app.say(f"{reached} of {self.drill.goal.target}, {time_text(self.drill.round.step_no)}")

    def round_over(self, sound: bool = True) -> None:
        """The round's end is the drill's: tick() turns it into the result."""

    def record_stats(self, *args, **kw) -> None:
        """A drill is no game: its records are in drill_records.py, not the statistics."""

    def save(self) -> bool:
        return True             # a drill is not saved: it is short, and played again

    def progress_text(self) -> str:
        d = self.drill
        what = "Pile" if d.goal.cards is None else "Cards"
        return f"{what} {d.reached}/{d.goal.target}"

    def spoken_state(self) -> str:
        d = self.drill
        lay = d.round.layouts[0]
        pile = f"top {cards_text(lay.pile[-1:])}" if lay.pile else "empty"
        waste = cards_text(lay.waste[-1:]) if lay.waste else "none"
        cols = "; ".join(f"column {i + 1}: {cards_text(c[-1:]) if c else 'empty'}"
                         for i, c in enumerate(lay.columns))
        return (f"{d.goal.label}: {d.reached} of {d.goal.target}, time {time_text(d.round.step_no)}. "
                f"Your Pile {counted(len(lay.pile), 'card')}, {pile}. Stack top {waste}, "
                f"{len(lay.stack)} in the Stack. {cols}.")

    def check_invariants(self) -> None:
        self.drill.round.check_invariants()
        assert self.phase in ("play", "done")
        assert (self.phase == "done") == self.drill.finished
        for s in self.seats:
            assert s.selected is None or self.phase == "play"

