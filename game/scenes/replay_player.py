"""Playing a replay back on the game's own table: Space pauses, Left/Right step one
move (one clock step in Nerts), +/- change the speed (1/2x to 8x), F9 shows every
hand, Esc leaves.

The drawing is the game's: its GameSpec's replay_board(app, replay) makes an object
with
    show(engine, events, show_all) -> None   the state to draw (the events of the
                                             last step, for its note and highlights)
    draw(canvas) -> None                     the table as the game draws it (rows 0-27)
    describe(events) -> str                  a line on what the last step did
    move_seconds: float                      seconds between moves at 1x (turn games)
The status line and the key bar (rows 28 and 29) are this scene's.
"""
from __future__ import annotations

from typing import Any

import pygame

from game import palette as P
from game import ui
from game.games import BY_KEY
from game.keys import Binding, typed
from game.replays import Replay, ReplayCursor
from game.scene import Pop, Scene

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)


def board_for(app: Any, rep: Replay) -> Any:
    return BY_KEY[rep.game].parts.replay_board(app, rep)


def speed_text(speed: float) -> str:
    return "1/2x" if speed == 0.5 else f"{int(speed)}x"


class ReplayPlayer(Scene):
    title = "Replay"

    def __init__(self, app: Any, cursor: ReplayCursor, board: Any | None = None):
        super().__init__(app)
        self.cursor = cursor
        self.replay = cursor.replay
        self.board = board if board is not None else board_for(app, self.replay)
        self.speed_i = SPEEDS.index(1.0)
        self.paused = False
        self.show_all = False
        self.clock = 0.0          # seconds of playback since the current position
        self.changed = True
        self.line = "The deal."
        self._show()

    # the state ----------------------------------------------------------------------
    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_i]

    def _show(self) -> None:
        self.board.show(self.cursor.engine, self.cursor.events, self.show_all)
        if self.cursor.position == 0:
            self.line = "The deal."
        else:
            self.line = self.board.describe(self.cursor.events) or self.line
        if self.at_end:      # the result alone: the last move's line would crowd it out
            self.line = f"End: {self.replay.result}" if self.replay.result else "End."
        self.changed = True

    @property
    def at_end(self) -> bool:
        return self.cursor.position >= self.cursor.length

    def wait_seconds(self) -> float:
        """Seconds at 1x between the current position and the next one."""
        c = self.cursor
        if c.codec.BY_STEP:
            steps = c.step_of(c.position + 1) - c.step_of(c.position)
            return max(0.0, steps * c.codec.STEP_SECONDS)
        return self.board.move_seconds

    # keys ---------------------------------------------------------------------------
    def toggle_pause(self):
        if self.at_end:
            self.cursor.seek(0)      # Space at the end plays it again from the deal
            self.paused = False
        else:
            self.paused = not self.paused
        self.clock = 0.0
        self._show()

    def step(self, delta: int):
        self.paused = True
        moved = self.cursor.forward() if delta > 0 else self.cursor.back()
        if not moved:
            return False
        self.clock = 0.0
        self._show()

    def change_speed(self, delta: int):
        i = self.speed_i + delta
        if not 0 <= i < len(SPEEDS):
            return False
        self.speed_i = i
        self.changed = True

    def toggle_hands(self):
        self.show_all = not self.show_all
        self._show()

    def leave(self):
        return Pop(self)

    def bindings(self):
        return [Binding((pygame.K_SPACE,), "Pause / play", self.toggle_pause,
                        bar="Play" if self.paused or self.at_end else "Pause"),
                Binding((pygame.K_LEFT,), "Step back", lambda: self.step(-1), bar="Step",
                        bar_keys="\x1b\x1a"),
                Binding((pygame.K_RIGHT,), "Step forward", lambda: self.step(1)),
                Binding(typed("+") + (pygame.K_KP_PLUS,), "Faster", lambda: self.change_speed(1), bar="Speed",
                        bar_keys="+/-"),
                Binding(typed("-") + (pygame.K_KP_MINUS,), "Slower", lambda: self.change_speed(-1)),
                Binding((pygame.K_F9,), "Show every hand", self.toggle_hands,
                        bar="Hide hands" if self.show_all else "All hands"),
                *self.app_keys(""),
                Binding((pygame.K_ESCAPE, pygame.K_F8), "Leave the replay", self.leave, bar="Leave",
                        bar_keys="Esc")]

    def help_lines(self):
        return ["A replay plays the hand again, exactly as it was played.",
                "",
                "Space pauses and plays on (at the end: from the deal again).",
                "Left and Right step one move back or forward (one clock step in",
                "Nerts) and pause. + and - change the speed from 1/2x to 8x.",
                "F9 shows every hand face up, or only the recorded player's.",
                "Esc leaves the replay."]

    # the clock ----------------------------------------------------------------------
    def update(self, dt: float):
        if self.paused or self.at_end:
            return None
        self.clock += dt * self.speed
        # several positions may fall in one frame at 8x (a Nerts flurry)
        while not self.at_end and self.clock >= self.wait_seconds():
            self.clock -= self.wait_seconds()
            self.cursor.forward()
            self._show()
        return None

    def dirty(self) -> bool:
        return self.changed or not (self.paused or self.at_end)

    # drawing ------------------------------------------------------------------------
    def status(self) -> str:
        c = self.cursor
        state = "end" if self.at_end else "paused" if self.paused else "playing"
        what = "Step" if c.codec.BY_STEP else "Move"
        return (f"REPLAY {self.replay.label}  {what} {c.position}/{c.length}  "
                f"{speed_text(self.speed)}  {state}")

    def spoken_state(self) -> str | None:
        return self.line

    def draw(self, canvas):
        self.changed = False
        self.board.draw(canvas)
        ui.fill(canvas, 0, 28, 80, 1, P.BLACK)
        left = self.status()
        ui.text(canvas, 1, 28, left, P.YELLOW, P.BLACK)
        ui.text_cut(canvas, len(left) + 3, 28, self.line, P.WHITE, P.BLACK, 80 - len(left) - 4)
