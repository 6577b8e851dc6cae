"""Keys as SDL sends them from a real keyboard, on four layouts (US, UK, German, French
AZERTY): for each character, the KEYDOWN (the layout's key code of the unshifted key,
Shift or AltGr, the physical scancode, and pygame's guess of the character: the
unshifted one, none, or the typed one) and then the TEXTINPUT with the character.
With text input off SDL sends no TEXTINPUT at all (a command key, not typing)."""
from __future__ import annotations

import pygame

from tests.helpers import text_event

SHIFT, ALTGR = pygame.KMOD_LSHIFT, pygame.KMOD_RALT
GUESSES = ("unshifted", "none", "typed")     # what KEYDOWN.unicode holds

# (key code, modifiers, scancode, the unshifted character) of the keys that differ
_US = {".": (pygame.K_PERIOD, 0, pygame.KSCAN_PERIOD, "."),
       ":": (pygame.K_SEMICOLON, SHIFT, pygame.KSCAN_SEMICOLON, ";"),
       "-": (pygame.K_MINUS, 0, pygame.KSCAN_MINUS, "-"),
       "'": (pygame.K_QUOTE, 0, pygame.KSCAN_APOSTROPHE, "'"),
       "[": (pygame.K_LEFTBRACKET, 0, pygame.KSCAN_LEFTBRACKET, "["),
       "]": (pygame.K_RIGHTBRACKET, 0, pygame.KSCAN_RIGHTBRACKET, "]"),
       "!": (pygame.K_1, SHIFT, pygame.KSCAN_1, "1")}
_UK = {**_US, "@": (pygame.K_QUOTE, SHIFT, pygame.KSCAN_APOSTROPHE, "'")}
_DE = {".": (pygame.K_PERIOD, 0, pygame.KSCAN_PERIOD, "."),
       ":": (pygame.K_PERIOD, SHIFT, pygame.KSCAN_PERIOD, "."),
       "-": (pygame.K_MINUS, 0, pygame.KSCAN_SLASH, "-"),      # where US "/" is: SDL names it "-"
       "'": (pygame.K_HASH, SHIFT, pygame.KSCAN_BACKSLASH, "#"),
       "[": (pygame.K_8, ALTGR, pygame.KSCAN_8, "8"),
       "]": (pygame.K_9, ALTGR, pygame.KSCAN_9, "9"),
       "ü": (0xFC, 0, pygame.KSCAN_LEFTBRACKET, "ü"),
       "z": (pygame.K_z, 0, pygame.KSCAN_Y, "z"), "y": (pygame.K_y, 0, pygame.KSCAN_Z, "y")}
_FR_ROW = "&é\"'(-è_çà"      # AZERTY's number row unshifted: digits are Shift+ (SDL: K_1..K_0)
_FR = {".": (pygame.K_SEMICOLON, SHIFT, pygame.KSCAN_COMMA, ";"),
       ":": (pygame.K_COLON, 0, pygame.KSCAN_PERIOD, ":"),
       "-": (pygame.K_6, 0, pygame.KSCAN_6, "-"),
       "'": (pygame.K_4, 0, pygame.KSCAN_4, "'"),
       "é": (pygame.K_2, 0, pygame.KSCAN_2, "é"),
       "[": (pygame.K_5, ALTGR, pygame.KSCAN_5, "("),
       "]": (pygame.K_MINUS, ALTGR, pygame.KSCAN_MINUS, ")"),
       "a": (pygame.K_a, 0, pygame.KSCAN_Q, "a"), "q": (pygame.K_q, 0, pygame.KSCAN_A, "q"),
       "z": (pygame.K_z, 0, pygame.KSCAN_W, "z"), "w": (pygame.K_w, 0, pygame.KSCAN_Z, "w"),
       "m": (pygame.K_m, 0, pygame.KSCAN_SEMICOLON, "m"),
       **{str((i + 1) % 10): (getattr(pygame, f"K_{(i + 1) % 10}"), SHIFT,
                              getattr(pygame, f"KSCAN_{(i + 1) % 10}"), c) for i, c in enumerate(_FR_ROW)}}
LAYOUTS = {"us": _US, "uk": _UK, "de": _DE, "fr": _FR}


def stroke(layout: str, ch: str) -> tuple[int, int, int, str]:
    """(key, mod, scancode, unshifted character) of `ch` on the layout."""
    table = LAYOUTS[layout]
    low = ch.lower()
    if ch in table:
        return table[ch]
    if low in table and ch.isupper():
        key, mod, scan, base = table[low]
        return key, mod | SHIFT, scan, base
    if ch.isdigit():
        return getattr(pygame, f"K_{ch}"), 0, getattr(pygame, f"KSCAN_{ch}"), ch
    if ch == " ":
        return pygame.K_SPACE, 0, pygame.KSCAN_SPACE, " "
    if low.isascii() and low.isalpha():
        return ord(low), SHIFT if ch.isupper() else 0, getattr(pygame, f"KSCAN_{low.upper()}"), low
    raise KeyError(f"{ch!r} is not on the {layout} table of these tests")


def key_events(layout: str, ch: str, guess: str = "unshifted") -> list[pygame.event.Event]:
    """The events of typing `ch`: KEYDOWN then TEXTINPUT."""
    key, mod, scan, base = stroke(layout, ch)
    unicode = {"unshifted": base, "none": "", "typed": ch}[guess]
    return [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, scancode=scan, unicode=unicode),
            text_event(ch)]


def type_on(app, layout: str, text: str, guess: str = "unshifted", frames: int = 1) -> None:
    """Post the events of typing `text` on the layout, then run frames."""
    for ch in text:
        for event in key_events(layout, ch, guess):
            pygame.event.post(event)
    app.run(max_frames=frames)
