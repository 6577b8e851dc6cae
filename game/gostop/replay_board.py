"""A Go-Stop replay on the real table (see game/scenes/replay_player.py): the table
drawing of the game itself, around the cursor's engine, in a mode with no keys, no
computer thinking, no saving, no statistics and no speech. The recorded viewer (the
first human seat) sits at the bottom with the hand face up; the other hands are face
down unless F9 shows them all. The cards the last move moved are framed and its
events are told in the notes as the table tells them.
"""
from __future__ import annotations

from typing import Any

from game import ui
from game.replays import Replay

from .model import Model, Stage
from .narrate import Speaker, narrate
from .rules import GoStopState
from .settings import LEVELS
from .table import GoStopTable
from .table_draw import GoStopView
from .table_keys import GoStopKeys

NOTE_ROWS = (24, 25, 26, 27)   # the hint rows and the notes (the player draws row 28)
MARKED = ("play", "flip", "capture", "bonus", "choose", "bomb", "shake", "junk_taken")
UNTOLD = ("turn", "place", "payment")   # as the table's playback (playback.py) leaves them


class ReplayKeys(GoStopKeys):
    def human_phase(self):
        return None     # nothing is played here


class ReplayView(GoStopView):
    def shows_hand(self, seat: int) -> bool:
        return self.table.show_hands     # F9: every hand, the humans' too

    def _draw_help_rows(self, canvas, txt):
        pass


class ReplayTable(GoStopTable):
    """The Go-Stop table showing a replay's position: nothing is played here."""
    view_class = ReplayView
    keys_class = ReplayKeys

    def __init__(self, app: Any, engine: GoStopState, replay: Replay):
        humans = [i for i, s in enumerate(replay.seats) if s.kind == "human"]
        levels = [s.level if s.level in LEVELS else "normal"
                  for s in replay.seats if s.kind == "computer"]
        self.told: list[tuple[str, int]] = []   # the notes of the step shown
        super().__init__(app, engine, levels, humans=humans or [0])
        self.names = [s.name for s in replay.seats]
        self.speaker = Speaker(self.names)
        self.ctl.take_over(replay.viewer if replay.viewer in self.ctl.humans else self.ctl.humans[0])
        self.told = []

    def start_recording(self, dealt_now: bool = True) -> None:
        pass   # a replay records nothing

    def note(self, text, colour=None):
        if text:   # told on screen, never spoken, never logged
            self.told.append((text, self.app.options["colour.notes"] if colour is None else colour))

    def save(self):
        return False

    def hand_visible(self) -> bool:
        return True

    def draw_notes(self, canvas):
        text = " ".join(t for t, _ in self.told)
        lines = ui.wrap(text, 78)[-len(NOTE_ROWS):] if text else []
        colour = self.told[-1][1] if self.told else None
        for row, line in zip(NOTE_ROWS, lines):
            ui.text(canvas, 1, row, line, colour)


class GoStopBoard:
    """board(app, replay) of the replay player's contract."""
    move_seconds = 1.5

    def __init__(self, app: Any, replay: Replay):
        self.app, self.replay = app, replay
        self.table: ReplayTable | None = None

    def show(self, engine: GoStopState, events: list, show_all: bool) -> None:
        if self.table is None:
            self.table = ReplayTable(self.app, engine, self.replay)
        t = self.table
        t.ctl.source.state = engine
        t.ctl.version += 1
        t.show_hands = show_all
        t.told = []
        if not events:
            t.note(f"Hand {engine.hand_no}: {t.speaker.verb(engine.dealer, 'deal')} and "
                   f"play{'' if t.speaker.you(engine.dealer) else 's'} first. "
                   f"Target {engine.options.target_points} points.")
        marks = set()
        for ev in events:
            if ev.kind not in UNTOLD:
                t.note(narrate(ev, t.speaker)[0])
            if ev.kind in MARKED:
                marks.update(ev.get("cards") or ())
        # one still stage: the position, with the cards of the last move framed
        t.ctl.stages = [Stage(Model.of(engine), 1, marks=frozenset(marks))]

    def draw(self, canvas: Any) -> None:
        self.table.draw(canvas)

    def describe(self, events: list) -> str:
        t = self.table
        texts = [narrate(ev, t.speaker)[0] for ev in events if ev.kind not in UNTOLD]
        return next((x for x in texts if x), "")


def board(app: Any, replay: Replay) -> GoStopBoard:
    return GoStopBoard(app, replay)
