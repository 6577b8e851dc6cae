"""The screen at the end of a hand or round over a turn table (Gnono, Go-Stop), written
once: Enter goes on, C makes a deal challenge where one is offered, F8 saves and
leaves, Esc asks first (the table's leave_text: a hosted table names who is dropped);
F2 is the table's rules, and closing the program saves the table. The key bar comes
from these bindings. A game's screen says what it shows, what going on does (`go_on`)
and how its challenge is made (`challenge`).
"""
from __future__ import annotations

from typing import Any

import pygame

from game.keys import Binding
from game.scene import Pop, Push, Scene
from game.scenes.overlays import Question


class RoundEnd(Scene):
    go_on_keys: tuple[int, ...] = (pygame.K_RETURN, pygame.K_KP_ENTER)
    go_on_label = "Go on"        # the F1 box's words for Enter
    go_on_bar = "Go on"          # the key bar's

    def __init__(self, app: Any, table: Any):
        super().__init__(app)
        self.table = table

    def go_on(self) -> Any:
        raise NotImplementedError

    def challenge(self) -> Any:
        raise NotImplementedError

    def offers_challenge(self) -> bool:
        return True

    def may_leave(self) -> bool:
        """Are F8 and Esc offered (not once the game is over: Enter leaves)?"""
        return True

    def leave(self) -> Pop:
        return Pop(self, then=self.table.leave)    # this screen, then the table (saved)

    def ask_leave(self) -> Push:
        return Push(Question(self.app, self.table.leave_text(), self.leave, title="Leave"))

    def bindings(self) -> list[Binding]:
        b = [Binding(self.go_on_keys, self.go_on_label, self.go_on, bar=self.go_on_bar, bar_keys="Enter")]
        if self.offers_challenge():
            b.append(Binding(("c",), "Challenge: a code to beat your score on this deal", self.challenge,
                             bar="Challenge"))
        if self.may_leave():
            b += [Binding((pygame.K_F8,), "Save and leave", self.leave, bar="Save and leave"),
                  Binding((pygame.K_ESCAPE,), "Leave the game (saved)", self.ask_leave, bar="Leave")]
        return b

    def help_lines(self) -> list[str]:
        return list(self.table.help_lines())

    def save_state(self) -> None:
        self.table.save()
