"""The hot-seat hand-over screen, one for every table (Gin, Gnono, Go-Stop).

It hides the whole table until the next player has the keyboard. Its keys are the
same everywhere: Enter (or Space) shows the next player's hand; F8 saves and leaves;
Esc asks whether to leave (the game is saved); F1 and F2 as everywhere (the table's
rules); any other key beeps (the App's rule). Nothing of anyone's hand shows here.

    HandOver(app, seat, name, ready, leave, save, help_lines)
      ready()  -> the table's take-over of the keyboard (after this screen is gone)
      leave()  -> the table's "save and leave" (a Pop of the table)
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game import palette as P
from game import ui
from game.keys import Binding
from game.scene import Pop, Push, Scene
from game.scenes.overlays import Question
from game.table.leaving import LEAVE_SAVED

READY_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class HandOver(Scene):
    title = "Pass the keyboard"

    def __init__(self, app: Any, seat: int, name: str, ready: Callable[[], Any], leave: Callable[[], Any],
                 save: Callable[[], Any], help_lines: Callable[[], list[str] | None]):
        super().__init__(app)
        self.seat, self.name = seat, name    # the seat that takes the keyboard
        self._ready, self._leave, self._save, self._help = ready, leave, save, help_lines

    def ready(self) -> Pop:
        return Pop(self, then=self._ready)

    def leave(self) -> Pop:
        return Pop(self, then=self._leave)

    def ask_leave(self) -> Push:
        return Push(Question(self.app, LEAVE_SAVED, self.leave,
                             title="Leave"))

    def bindings(self) -> list[Binding]:
        return [Binding(READY_KEYS, f"{self.name} is at the keyboard: show the hand", self.ready,
                        bar="Show my hand", bar_keys="Enter"),
                Binding((pygame.K_F8,), "Save and leave", self.leave, bar="Save and leave"),
                Binding((pygame.K_ESCAPE,), "Leave the game (saved)", self.ask_leave, bar="Leave"),
                *self.app_keys("Rules")]

    def help_lines(self) -> list[str] | None:
        return self._help()

    def save_state(self) -> None:
        self._save()

    def dirty(self) -> bool:
        return False    # still but for the blink, which the App redraws anyway

    def spoken_intro(self) -> str:
        return (f"Hot seat. Pass the keyboard to {self.name}. Everyone else: no peeking. "
                f"{self.name}: press Enter when ready.")

    def draw(self, canvas: pygame.Surface) -> None:
        canvas.fill(P.PALETTE[self.app.options["colour.table"]])
        ui.box(canvas, 14, 9, 52, 9, P.WHITE, P.BLUE, title="Hot seat")
        ui.center(canvas, 11, f"Pass the keyboard to {self.name}.", P.WHITE, P.BLUE, 14, 52)
        ui.center(canvas, 13, "Everyone else: no peeking!", P.LIGHT_CYAN, P.BLUE, 14, 52)
        ui.center(canvas, 15, f"{self.name}: press Enter when ready.",
                  P.YELLOW if self.app.blink else P.WHITE, P.BLUE, 14, 52)
