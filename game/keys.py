"""Key declarations: each scene lists the keys it accepts now, with a label.

A Binding matches pygame key constants (K_LEFT, K_F10, ...), typed characters
("y": letters match either case), and `Alt(key)` chords. A character that is not a
letter ("+", "-", "1") is a `Typed` key (`typed("+")` says so explicitly): the one
way to bind a typed character so that it works on any common layout (US, UK,
German, French AZERTY), whether the character arrives in event.unicode or only as
the key code. Anything a scene does not bind is answered by the App with
the error beep, and nothing else happens.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

KEY_NAMES = {
    pygame.K_LEFT: "\x1b", pygame.K_RIGHT: "\x1a", pygame.K_UP: "\x18", pygame.K_DOWN: "\x19",
    pygame.K_RETURN: "Enter", pygame.K_KP_ENTER: "Enter", pygame.K_ESCAPE: "Esc",
    pygame.K_SPACE: "Space", pygame.K_INSERT: "Ins", pygame.K_DELETE: "Del",
    pygame.K_PAGEUP: "PgUp", pygame.K_PAGEDOWN: "PgDn", pygame.K_TAB: "Tab",
    pygame.K_BACKSPACE: "Bksp", pygame.K_HOME: "Home", pygame.K_END: "End",
    pygame.K_KP_PLUS: "+", pygame.K_KP_MINUS: "-",
    **{getattr(pygame, f"K_KP{d}"): str(d) for d in range(10)},   # as on the key, not "[1]"
}


NO_SHIFT, SHIFT, ALWAYS = "no shift", "shift", "always"

# The keys that type a character, for when event.unicode does not say it: with text
# input off pygame makes unicode from the key code alone, so Shift+= arrives as "=".
# US and UK type "+" as Shift+=, German has a "+" key of its own (K_PLUS), French
# AZERTY types "+" as Shift+= too; "-" is K_MINUS on all four (AZERTY's 6 key says
# "-" in unicode). ALWAYS: the key means the character whatever unicode and Shift say
# (the keypad; the number row, which SDL reports as K_0..K_9 on every layout, AZERTY's
# unshifted "&é\"'(" included).
TYPED_KEYS: dict[str, tuple[tuple[int, str], ...]] = {
    "+": ((pygame.K_KP_PLUS, ALWAYS), (pygame.K_PLUS, NO_SHIFT), (pygame.K_EQUALS, SHIFT)),
    "-": ((pygame.K_KP_MINUS, ALWAYS), (pygame.K_MINUS, NO_SHIFT)),
    "*": ((pygame.K_KP_MULTIPLY, ALWAYS), (pygame.K_ASTERISK, NO_SHIFT)),
    "/": ((pygame.K_KP_DIVIDE, ALWAYS), (pygame.K_SLASH, NO_SHIFT)),
    "=": ((pygame.K_KP_EQUALS, ALWAYS), (pygame.K_EQUALS, NO_SHIFT)),
    **{str(d): ((getattr(pygame, f"K_KP{d}"), ALWAYS), (getattr(pygame, f"K_{d}"), ALWAYS))
       for d in range(10)},
}


def _base_char(code: int) -> str:
    """The character pygame makes of a key code alone (its unshifted ASCII)."""
    return chr(code) if 32 <= code < 127 else ""


@dataclass(frozen=True)
class Typed:
    """A typed character: the character in event.unicode, or a key that types it on a
    common layout (TYPED_KEYS) when unicode is empty or only the key code's own
    character (then Shift decides: Shift+= is "+"). Make these with typed()."""
    char: str

    def matches(self, event: pygame.event.Event) -> bool:
        mod = getattr(event, "mod", 0)
        if mod & pygame.KMOD_LALT or (mod & pygame.KMOD_CTRL and not mod & pygame.KMOD_RALT):
            return False   # a chord (Alt+1, Ctrl+=) is not typing; AltGr (right Alt) is
        char = getattr(event, "unicode", "") or ""
        if char == self.char:
            return True
        key = getattr(event, "key", None)
        shifted = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        for code, need in TYPED_KEYS.get(self.char, ()):
            if key != code:
                continue
            if need == ALWAYS:
                return True
            if shifted == (need == SHIFT) and char in ("", _base_char(code)):
                return True
        return False

    @property
    def name(self) -> str:
        return self.char


@dataclass(frozen=True)
class Alt:
    """Alt held with a key (Alt+1): a chord, tried before the plain key."""
    key: int

    def matches(self, event: pygame.event.Event) -> bool:
        return getattr(event, "key", None) == self.key and bool(getattr(event, "mod", 0) & pygame.KMOD_ALT)

    @property
    def name(self) -> str:
        return "Alt+" + key_name(self.key)


@dataclass(frozen=True)
class AnyKey:
    """"Press a key": any key that no other binding of the scene takes (tried last),
    but F1 and F2 (the App's keys and help boxes) and the keys in `but`."""
    but: tuple[int, ...] = ()

    def matches(self, event: pygame.event.Event) -> bool:
        key = getattr(event, "key", None)
        return key not in (pygame.K_F1, pygame.K_F2) and key not in self.but

    @property
    def name(self) -> str:
        return "Any key"


ANY_KEY = AnyKey()

KeySpec = int | str | Typed | Alt | AnyKey


def typed(*chars: str) -> tuple[Typed, ...]:
    """The keys of typed characters, for a Binding: `Binding(typed("+") + (K_INSERT,), ...)`."""
    return tuple(Typed(c) for c in chars)


def key_name(key: KeySpec) -> str:
    """A short label for a key constant or character, as DOS manuals wrote them."""
    if isinstance(key, (Typed, Alt, AnyKey)):
        return key.name
    if isinstance(key, str):
        return "Space" if key == " " else key.upper()
    if key in KEY_NAMES:
        return KEY_NAMES[key]
    if pygame.K_F1 <= key <= pygame.K_F12:
        return f"F{key - pygame.K_F1 + 1}"
    return pygame.key.name(key).upper() or "?"


@dataclass
class Binding:
    """A key the scene takes now: its keys, its label on the F1 box, its action. `bar`:
    its short label on the key bar (empty: only on the F1 box), `bar_keys` the keys as
    the bar writes them (default: all of them, "Esc/Enter")."""
    keys: Sequence[KeySpec]  # key constants, one-character strings, Typed, Alt, AnyKey
    label: str
    action: Callable[[], object]
    show: bool = True  # listed on the F1 screen
    bar: str = ""
    bar_keys: str = ""

    def matches(self, event: pygame.event.Event) -> bool:
        """The event is one of these keys (AnyKey aside: find_binding tries it last)."""
        char = getattr(event, "unicode", "") or ""
        for k in self.keys:
            if isinstance(k, AnyKey):
                continue
            if isinstance(k, (Typed, Alt)):
                if k.matches(event):
                    return True
            elif isinstance(k, str):
                if k.isalpha():            # letters: either case
                    if char and char.lower() == k.lower():
                        return True
                elif Typed(k).matches(event):   # "+", "-", digits: on any layout
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
    # chords first (Alt+1 is not 1), then exact key constants, so that e.g. keypad "+"
    # and typed "+" agree, then characters
    for b in bindings:
        if any(isinstance(k, Alt) and k.matches(event) for k in b.keys):
            return b
    for b in bindings:
        if any(isinstance(k, int) and event.key == k for k in b.keys):
            return b
    for b in bindings:
        if b.matches(event):
            return b
    for b in bindings:
        if any(isinstance(k, AnyKey) and k.matches(event) for k in b.keys):
            return b
    return None


def bar_items(bindings: Sequence[Binding]) -> list[tuple[str, str]]:
    """The key bar of these bindings: (keys, short label) of each that has a bar label,
    in their order, then "F1 Keys" unless one of them places F1 (app_keys)."""
    items = [(b.bar_keys or b.key_text, b.bar) for b in bindings if b.bar]
    if items and not any(pygame.K_F1 in b.keys for b in bindings if b.bar):
        items.append(("F1", "Keys"))
    return items


def _app_answers() -> bool:
    return False      # declined: the App answers the key (F1 the keys box, F2 the help)


def app_keys(help_bar: str = "") -> list[Binding]:
    """The App's own F1 (the keys box) and, with a bar label, F2 (the help) placed on a
    scene's key bar among its keys. Their actions decline, so the App answers them as
    on every screen; the F1 box lists them itself (show=False). Scene.app_keys offers
    F2 only where the scene has help."""
    out = [Binding((pygame.K_F1,), "These keys", _app_answers, show=False, bar="Keys")]
    if help_bar:
        out.append(Binding((pygame.K_F2,), "Help", _app_answers, show=False, bar=help_bar))
    return out


def is_alt_enter(event: pygame.event.Event) -> bool:
    return event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and bool(event.mod & pygame.KMOD_ALT)


def is_modifier_only(event: pygame.event.Event) -> bool:
    """Shift, Ctrl, Alt, the lock keys: these never beep on their own."""
    return event.key in (pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL,
                         pygame.K_LALT, pygame.K_RALT, pygame.K_LGUI, pygame.K_RGUI,
                         pygame.K_CAPSLOCK, pygame.K_NUMLOCK, pygame.K_SCROLLLOCK, pygame.K_MODE)
