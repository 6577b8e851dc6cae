"""The scene of a table on the clock, where every seat may move at once (Nerts, its
drills): the real-time counterpart of turn_table.py's TurnTable, in the shared table
layer. The game's table holds its controller, drawing and key map as objects."""
from __future__ import annotations

from typing import Any

import pygame

from game.scene import Scene


def is_plain(event) -> bool:
    """A key without Ctrl or Alt (those belong to the App: Alt+F4, Ctrl+...)."""
    return not (event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT))


class RealTimeTable(Scene):
    """A table on the clock as a scene (Nerts' game and drill): a player's key is
    found by its code (`_key_map`: key -> (seat, action)) before the bindings; the arrows
    move `cursor` over `cursor_places` of `arrow_seat`; each step ticks the controller
    (`ctl`) and animates the drawing (`drawing`), and `tick_due()` follows a tick that
    says so (the round's scores, the drill's result)."""
    ctl: Any
    drawing: Any
    _key_map: dict[int, tuple[int, str]]
    arrow_seat: int | None
    cursor: int
    cursor_places: tuple[str, ...]

    def update(self, dt):
        self.drawing.tick()
        events, due = self.ctl.tick()
        self.drawing.animate(events)
        return self.tick_due() if due else None

    def tick_due(self):
        raise NotImplementedError

    def handle(self, event):
        hit = self._key_map.get(event.key)
        if hit is not None and self.ctl.phase == "play" and is_plain(event):
            return self.ctl.press(*hit) is not False
        return super().handle(event)

    def move_cursor(self, delta: int) -> None:
        self.cursor = (self.cursor + delta) % len(self.cursor_places)

    def enter(self):
        return self.ctl.press(self.arrow_seat, self.cursor_places[self.cursor])

    def check_invariants(self) -> None:
        self.ctl.check_invariants()

    def spoken_state(self) -> str:
        return self.ctl.spoken_state()

    def draw(self, canvas) -> None:
        self.drawing.draw(canvas)
