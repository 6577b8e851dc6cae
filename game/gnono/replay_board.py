"""A Gnono round played back on the real table (the contract of
game/scenes/replay_player.py): the table's own drawing (a GnonoView, a Playback's
seats) around the replay cursor's engine, in a mode with no keys, no computers
thinking, no saving, no statistics and no voice of its own (the replay scene speaks
its line). The recorded player's cards are face up at the bottom, the others hidden
unless show_all (F9); the notes say what the last move did, as the table's do.

    board(app, replay) -> ReplayTable
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game import ui
from game.clock import STEP_HZ
from game.replays import Replay
from game.scenes.turn_table import NOTE_ROWS

from .narrate import Speaker, narrate
from .playback import Playback
from .rules import GnonoState
from .settings import PACE
from .table_draw import GnonoView
from .view import GnonoView as GnonoSeatView

NOTES_SHOWN = NOTE_ROWS[:2]    # the replay scene's status line covers the last notes row


@dataclass
class ReplaySeats:
    """What the playback and the view read of a table's controller (`ctl`): the seats
    and the state shown."""
    names: list
    kinds: list
    state: GnonoState | None = None
    version: int = 0      # positions shown: the playback's live model is kept for one

    @property
    def n(self) -> int:
        return len(self.names)

    @property
    def humans(self) -> list[int]:
        return [i for i, k in enumerate(self.kinds) if k == "human"]


class ReplayTable:
    """The Gnono table's picture of a replay's position (drawn by the table's GnonoView,
    its seats placed by a Playback, as at the table)."""
    replaying = True
    speed = "normal"
    held = None          # (no drawn card waits for a key in a replay)
    move_seconds = sum(PACE["normal"]) / STEP_HZ   # a computer's move and pause at the table

    def __init__(self, app: Any, replay: Replay):
        self.app = app
        self.ctl = ReplaySeats([s.name for s in replay.seats],
                               ["human" if s.kind == "human" else (s.level or "comp") for s in replay.seats])
        self.viewer = replay.viewer
        self.speaker = Speaker(self.ctl.names)
        self.playback = Playback(self)
        self.view = GnonoView(self)
        self.show_hands = False
        self.stages: list = []
        self.sel = self.scroll = 0
        self.lines: list[str] = []
        self._view: tuple[tuple[int, int], GnonoSeatView] | None = None

    # -- the replay scene's calls --------------------------------------------------------
    def show(self, engine: Any, events: list, show_all: bool) -> None:
        self.ctl.state = engine
        self.ctl.version += 1
        self.show_hands = show_all
        self.lines = self.narration(events)

    def describe(self, events: list) -> str:
        return " ".join(self.narration(events))

    def narration(self, events: list) -> list[str]:
        """The notes of a step: a drawn card's name for its drawer when its hand is
        shown (the recorded player's, or every hand with F9)."""
        out = []
        for ev in events:
            seen = ev.seat if self.show_hands or ev.seat == self.viewer else None
            text, _cue = narrate(ev, self.speaker, seen)
            if text:
                out.append(text)
        return out

    def draw(self, canvas) -> None:
        self.view.draw(canvas)

    # -- what the view asks of a table -------------------------------------------------
    def is_human(self, seat: int) -> bool:
        return self.ctl.kinds[seat] == "human"

    def seat_view(self) -> GnonoSeatView:
        """The bottom seat's view of the position shown."""
        key = (self.ctl.version, self.playback.bottom)
        if self._view is None or self._view[0] != key:
            assert self.ctl.state is not None
            self._view = (key, self.ctl.state.view(self.playback.bottom))
        return self._view[1]

    def deal_no(self) -> int | None:
        return self.ctl.state.deal_no if self.ctl.state is not None else None

    def seat_missing(self, seat: int) -> bool:
        return False

    def hand_open(self) -> bool:
        return True

    def my_turn(self) -> bool:
        return False     # no keys: nothing is chosen or marked playable

    def draw_notes(self, canvas) -> None:
        lines = [ln for text in self.lines for ln in ui.wrap(text, 78)][-len(NOTES_SHOWN):]
        for row, line in zip(NOTES_SHOWN, lines):
            ui.text(canvas, 1, row, line, self.app.options["colour.notes"])


def board(app: Any, replay: Replay) -> ReplayTable:
    return ReplayTable(app, replay)
