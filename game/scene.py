"""Scenes: handle(event), update(dt), draw(canvas); stacked by the App.

A scene declares the keys it accepts in its current state (`bindings()`); the
App beeps at any other key. Overlays (help, questions) are non-opaque scenes
pushed over a table: the App draws from the lowest opaque scene up.
"""
from __future__ import annotations

from game.keys import Binding, find_binding


class Scene:
    opaque = True           # False: the scenes below show through
    title = ""              # shown on the F1 keys box
    updates_when_covered = False  # covered by an overlay, a scene waits (a table pauses)

    def __init__(self, app):
        self.app = app

    # the keys -------------------------------------------------------------
    def bindings(self) -> list[Binding]:
        """The keys this scene accepts right now, with their labels."""
        return []

    def handle(self, event) -> bool:
        """A KEYDOWN event; True if it meant something (else the App beeps)."""
        b = find_binding(self.bindings(), event)
        if b is None:
            return False
        result = b.action()
        return result is not False  # an action may refuse by returning False

    def help_lines(self) -> list[str] | None:
        """The F2 help text of this scene (None: no help here)."""
        return None

    # the life -------------------------------------------------------------
    def update(self, dt: float) -> None:
        pass

    def draw(self, canvas) -> None:
        pass

    def on_enter(self) -> None:
        """Pushed, or uncovered again."""

    def save_state(self) -> None:
        """The program is closing (window closed, Alt+F4): keep what must be kept."""
