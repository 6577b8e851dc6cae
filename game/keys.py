"""Key declarations: each scene lists the keys it accepts now, with a label.

A Binding matches pygame key constants (K_LEFT, K_F10, ...) or typed characters
("+", "y": letters match either case). Anything a scene does not bind is answered
by the App with the error beep, and nothing else happens.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

import pygame

KEY_NAMES = {
    pygame.K_LEFT: "\x1b", pygame.K_RIGHT: "\x1a", pygame.K_UP: "\x18", pygame.K_DOWN: "\x19",
    pygame.K_RETURN: "Enter", pygame.K_KP_ENTER: "Enter", pygame.K_ESCAPE: "Esc",
    pygame.K_SPACE: "Space", pygame.K_INSERT: "Ins", pygame.K_DELETE: "Del",
    pygame.K_PAGEUP: "PgUp", pygame.K_PAGEDOWN: "PgDn", pygame.K_TAB: "Tab",
    pygame.K_BACKSPACE: "Bksp", pygame.K_HOME: "Home", pygame.K_END: "End",
    pygame.K_KP_PLUS: "+", pygame.K_KP_MINUS: "-",
}


def key_name(key: int | str) -> str:
    """A short label for a key constant or character, as DOS manuals wrote them."""
    if isinstance(key, str):
        return "Space" if key == " " else key.upper()
    if key in KEY_NAMES:
        return KEY_NAMES[key]
    if pygame.K_F1 <= key <= pygame.K_F12:
        return f"F{key - pygame.K_F1 + 1}"
    return pygame.key.name(key).upper() or "?"


@dataclass
class Binding:
    keys: Sequence  # int key constants and/or one-character strings
    label: str
    action: Callable[[], object]
    show: bool = True  # listed on the F1 screen

    def matches(self, event: pygame.event.Event) -> bool:
        char = getattr(event, "unicode", "") or ""
        for k in self.keys:
            if isinstance(k, str):
                if char and char.lower() == k.lower():
                    return True
            elif event.key == k:
                return True
        return False

    @property
    def key_text(self) -> str:
        names = []
        for k in self.keys:
            name = key_name(k)
            if name not in names:
                names.append(name)
        return "/".join(names)


def find_binding(bindings: Sequence[Binding], event: pygame.event.Event) -> Binding | None:
    # exact key constants first, so that e.g. keypad "+" and typed "+" agree
    for b in bindings:
        if any(not isinstance(k, str) and event.key == k for k in b.keys):
            return b
    for b in bindings:
        if b.matches(event):
            return b
    return None


def is_alt_enter(event: pygame.event.Event) -> bool:
    return event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and bool(event.mod & pygame.KMOD_ALT)


def is_modifier_only(event: pygame.event.Event) -> bool:
    """Shift, Ctrl, Alt, the lock keys: these never beep on their own."""
    return event.key in (pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL,
                         pygame.K_LALT, pygame.K_RALT, pygame.K_LGUI, pygame.K_RGUI,
                         pygame.K_CAPSLOCK, pygame.K_NUMLOCK, pygame.K_SCROLLLOCK, pygame.K_MODE)
