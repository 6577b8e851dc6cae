"""Typing into a text field as a real keyboard sends it, on any layout.

SDL tells a key (KEYDOWN: the key code of the unshifted key, and pygame's guess of
its character) apart from the text it types (TEXTINPUT: the character the layout
makes, Shift, AltGr and dead keys included: ":" from Shift+; on a US keyboard,
Shift+. on a German one, "." on a French one). Only TEXTINPUT says what was typed,
and SDL sends it only while text input is on. So: text input is on while the top
scene has a text field with the focus (Scene.typing()) and off elsewhere (a letter
is then a command, and no candidate window opens); while it is on, a key that makes
a character is held, and the TEXTINPUT after it types its character
(Scene.type_char). A character the field does not take goes to the scene's keys as
that key with that character ("+" on a port, Space on a list); a key that makes no
character (Backspace, the arrows, Tab, Enter, Esc, the F-keys, an Alt or Ctrl chord)
is a key as always. A held key with no text after it (a dead key waiting for the
next one) does nothing. An input method's candidate box (Japanese, Chinese, Korean)
opens just below the field being typed in (the scene's `field_at`, as drawn), in
the window's pixels.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

SDL_SCANCODE_MASK = 1 << 30   # key codes at or above it name keys, below it characters
KEYPAD_CHARS = frozenset([*(getattr(pygame, f"K_KP{d}") for d in range(10)), pygame.K_KP_PERIOD,
                          pygame.K_KP_PLUS, pygame.K_KP_MINUS, pygame.K_KP_MULTIPLY,
                          pygame.K_KP_DIVIDE, pygame.K_KP_EQUALS])


def makes_character(event: Any) -> bool:
    """Does this KEYDOWN type a character (so a TEXTINPUT follows it while text input
    is on)? Not a chord: Alt+R, Ctrl+C are keys; AltGr (right Alt, or Ctrl+Alt as
    Windows sends it) types "@" on a German layout."""
    mod = getattr(event, "mod", 0)
    if mod & pygame.KMOD_LALT or (mod & pygame.KMOD_CTRL and not mod & pygame.KMOD_RALT):
        return False
    key = getattr(event, "key", 0)
    char = getattr(event, "unicode", "") or ""
    if key in KEYPAD_CHARS:
        return bool(mod & pygame.KMOD_NUM) or (len(char) == 1 and char.isprintable())
    if 32 <= key < SDL_SCANCODE_MASK and key != pygame.K_DELETE:
        return True
    return len(char) == 1 and char.isprintable() and key < SDL_SCANCODE_MASK


class TextInput:
    """The App's typing: SDL's text input on while the top scene types, the held key,
    and where its text goes. `to_scene(scene, event)` is the App's way of giving a key
    to a scene (its bindings, else the beep); `beep()` the error answer; `to_window(rect)`
    a rectangle of the canvas where it shows in the window."""

    def __init__(self, top: Callable[[], Any], to_scene: Callable[[Any, Any], None],
                 beep: Callable[[], None], to_window: Callable[[pygame.Rect], pygame.Rect]):
        self.top = top                  # the top scene now
        self.to_scene = to_scene
        self.beep = beep
        self.to_window = to_window
        self.on = False                 # what SDL was last told
        self.rect: pygame.Rect | None = None   # the candidate box's place SDL was last told
        self.held: Any = None           # the last key, held for its text (None: it was a key)

    def sync(self) -> None:
        """Text input on exactly while the top scene has a text field with the focus,
        and the candidate box's place below that field."""
        scene = self.top()
        want = scene is not None and scene.typing()
        if want != self.on:
            self.on = want
            if want:
                pygame.key.start_text_input()
            else:
                pygame.key.stop_text_input()
                self.rect = None
        field = scene.field_at if want else None
        if field is not None:
            # a line under the field: the box opens below it, never over what is typed
            rect = self.to_window(pygame.Rect(field.x, field.bottom, field.w, 1))
            if rect != self.rect:
                self.rect = rect
                pygame.key.set_text_input_rect(rect)

    def hold(self, scene: Any, event: Any) -> bool:
        """A KEYDOWN: held (True) if it makes a character in a text field; its TEXTINPUT
        will say which. Otherwise it is a key, and text after it is not typed."""
        self.held = event if scene.typing() and makes_character(event) else None
        return self.held is not None

    def text(self, event: Any) -> None:
        """A TEXTINPUT: each character typed into the field, or given to the scene's keys
        as the held key with that character. Text not after a held key (the key that
        opened the field, an Alt chord) is not typing."""
        for ch in getattr(event, "text", ""):
            scene = self.top()
            if self.held is None or scene is None or not scene.typing():
                return
            if not ch.isprintable():
                continue
            typed = scene.type_char(ch)
            if typed is None:        # not a character of the field: the key it is
                held = self.held
                self.to_scene(scene, pygame.event.Event(pygame.KEYDOWN, key=held.key, mod=held.mod,
                                                        unicode=ch, scancode=getattr(held, "scancode", 0)))
            elif typed is False:     # the field is full
                self.beep()
