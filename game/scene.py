"""Scenes: handle(event), update(dt), draw(canvas); stacked by the App.

A scene declares the keys it accepts in its current state (`bindings()`); the
App beeps at any other key. The key bar is the top scene's (`key_bar()`, drawn by
the App after every scene): a scene covered by a box never shows its keys.
Overlays (help, questions) are non-opaque scenes pushed over a table: the App
draws from the lowest opaque scene up.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.keys import Binding, app_keys, bar_items, find_binding


# What a scene asks of the stack: returned from a key action (through handle) or from
# update; the App applies it in one place (App.apply). Scenes do not reach into the stack.
@dataclass(frozen=True)
class Push:
    scene: Any


@dataclass(frozen=True)
class Pop:
    scene: Any = None   # None: the top scene; else this one, wherever it is
    # called once the scene is off the stack (an answer's callback); may return a Transition
    then: Callable[[], Any] | None = None


@dataclass(frozen=True)
class Replace:
    scene: Any          # takes the place of the top scene
    # called once the scene is in place (a box over it); may return a Transition
    then: Callable[[], Any] | None = None


Transition = Push | Pop | Replace
TRANSITIONS = (Push, Pop, Replace)


class Scene:
    opaque = True           # False: the scenes below show through
    title = ""              # shown on the F1 keys box
    spoken_detail_name = "" # what Ctrl+F11 says here, on the F1 box ("your hand by suit")
    updates_when_covered = False  # covered by an overlay, a scene waits (a table pauses)

    def __init__(self, app: Any):
        self.app = app

    # the keys -------------------------------------------------------------
    def bindings(self) -> list[Binding]:
        """The keys this scene accepts right now, with their labels."""
        return []

    def handle(self, event: Any) -> bool | Transition:
        """A KEYDOWN event: True if it meant something (else the App beeps), or the
        Transition its action returned (which the App applies)."""
        b = find_binding(self.bindings(), event)
        if b is None:
            return False
        result = b.action()
        if isinstance(result, TRANSITIONS):
            return result
        return result is not False  # an action may refuse by returning False

    # where the focused text field was last drawn (canvas pixels, ui.cell_rect), set by a
    # typing scene's draw: an input method's candidate box opens just below it
    field_at: Any = None

    def typing(self) -> bool:
        """A text field has the focus: the keys that make a character type it (the App
        turns SDL's text input on and gives each character to type_char)."""
        return False

    def type_char(self, ch: str) -> bool | None:
        """One character typed into the field: True typed, False refused (the field is
        full: the beep), None not a character of this field (it goes to the bindings
        as its key, beeped if none takes it)."""
        return None

    def key_bar(self) -> list[tuple[str, str]] | None:
        """The bottom line's (keys, label) while this scene is on top, made from its
        bindings (those with a bar label, in their order; F1 last unless placed by
        app_keys), so the bar never offers a key that does nothing (None: no key bar)."""
        return bar_items(self.bindings()) or None

    def app_keys(self, help_bar: str = "Help") -> list[Binding]:
        """F1 and F2 (the App's) for a place on this scene's key bar; F2 only where
        the scene has help."""
        return app_keys(help_bar if self.help_lines() else "")

    def help_lines(self) -> list[str] | None:
        """The F2 help text of this scene (None: no help here)."""
        return None

    # the life -------------------------------------------------------------
    def update(self, dt: float) -> Transition | None:
        """One fixed step; may return a Transition for the App to apply."""
        return None

    def draw(self, canvas: Any) -> None:
        pass

    def dirty(self) -> bool:
        """May the picture have changed since the last draw for a reason the App does
        not see (a computer's move, a timer, an animation)? Keys, a change of scene,
        toasts and the blink redraw anyway. True by default (drawn every frame); a
        scene that only changes on keys and the blink says False and costs nothing
        while the player thinks. Tests check the promise (GNERTS_CHECK_DIRTY)."""
        return True

    # speech (game.speech): what the voice says of this scene -----------------------
    def spoken_intro(self) -> str:
        """Said when the scene appears (with the focus after it)."""
        return self.title

    def spoken_focus(self) -> str:
        """The item under the cursor, said whenever it changes."""
        return ""

    def spoken_state(self) -> str | None:
        """F11: where things stand (a table: your hand, the upcard, the scores)."""
        return None

    def spoken_detail(self) -> str | None:
        """Ctrl+F11: the hand sorted as the game sorts it (Gin by suit, Gnono by colour,
        Go-Stop by month), or the other layouts at a Nerts table (None: nothing here)."""
        return None

    def on_enter(self) -> None:
        """Pushed, or uncovered again."""

    def save_state(self) -> None:
        """The program is closing (window closed, Alt+F4): keep what must be kept."""
