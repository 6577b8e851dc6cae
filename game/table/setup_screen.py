"""A set-up screen, written once for the four games and the Nerts drills: lines of a
label and a value, Up/Down choose a line, Left/Right (or Space) change its value, a
name typed on a text line (Backspace deletes), the rules' presets stepped through
and saved under a name, and the lines drawn in a box. A game's screen says its lines
(`lines()`), its own keys (`own_bindings()`: Enter deals, D the drills...) and draws
the rest of its picture; the key bar comes from the bindings (Scene.key_bar).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game import palette as P
from game import ui
from game.keys import Binding
from game.option_pages import value_colour
from game.presets import PresetBook, apply_preset
from game.scene import Pop, Push, Scene
from game.scenes.overlays import NamePrompt

NAME_CHARS = " '-."      # besides letters and digits, what a name may hold


def name_char(ch: str) -> bool:
    return ch.isalnum() or ch in NAME_CHARS


@dataclass(frozen=True)
class TextField:
    """What typing on a line writes: read(), write(text), at most `limit` characters
    each accepted by `takes`; while `fresh()`, the first character typed replaces the
    text (a number shown but not typed yet)."""
    read: Callable[[], str]
    write: Callable[[str], object]
    limit: int
    takes: Callable[[str], bool] = name_char
    fresh: Callable[[], bool] = lambda: False


@dataclass(frozen=True)
class SetupLine:
    """One line: `key` names it (an option key or the screen's own word), `step(d)`
    changes its value to the next (+1) or previous (-1) choice; `text` is typed on it.
    The typing cursor blinks after the value of a text line the arrows do not change,
    after the label where `label_typed` (a seat: its kind by the arrows, its name typed
    in its label). `gap`: a rule above. `overruled`: its value unused now (another
    line's choice overrules it): dimmed, with no arrows, as the options program shows it."""
    key: str
    label: str
    value: str
    step: Callable[[int], object] | None = None
    text: TextField | None = None
    label_typed: bool = False
    gap: bool = False
    overruled: bool = False


def cycled(values: Sequence[Any], current: Any, d: int) -> Any:
    """The value d steps from `current` in `values`, round the end (from outside the
    list: the first forward, the last back)."""
    values = list(values)
    i = values.index(current) + d if current in values else (0 if d > 0 else -1)
    return values[i % len(values)]


class SetupScreen(Scene):
    """The base of the set-up screens: `index` is the chosen line; `notice` a line
    the screen shows until the next key that moves or changes."""
    line_bar = "Line"            # the key bar's word for Up/Down
    back_label = "Back to the menu"
    back_bar = "Menu"
    help_bar = "Help"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.index = 0
        self.notice = ""

    def dirty(self) -> bool:
        return False    # changes only on keys (and the blink), which redraw anyway

    # the lines --------------------------------------------------------------------------
    def lines(self) -> list[SetupLine]:
        raise NotImplementedError

    @property
    def line(self) -> SetupLine:
        lines = self.lines()
        self.index = min(self.index, len(lines) - 1)
        return lines[self.index]

    def move(self, d: int) -> None:
        self.index = (self.index + d) % len(self.lines())
        self.notice = ""

    def change(self, d: int) -> object:
        step = self.line.step
        if step is None:
            return False
        self.notice = ""
        result = step(d)
        self.index = min(self.index, len(self.lines()) - 1)
        return result

    def spoken_focus(self) -> str:
        line = self.line
        return f"{line.label}: {line.value or 'empty'}"

    # typing on a text line --------------------------------------------------------------
    def typing(self) -> bool:
        return self.line.text is not None

    def type_char(self, ch: str) -> bool | None:
        field = self.line.text
        if field is None or not field.takes(ch):
            return None
        text = "" if field.fresh() else field.read()
        if len(text) >= field.limit:
            return False
        field.write(text + ch)
        return True

    def backspace(self) -> bool | None:
        field = self.line.text
        if field is None or not field.read():
            return False
        field.write(field.read()[:-1])
        return None

    # presets ------------------------------------------------------------------------------
    def save_preset(self, book: PresetBook, name: str, rules: Mapping[str, Any]) -> str:
        """Write a preset of the player's own; what to tell the player (the beep if it
        failed: a shipped name, too many presets, a folder that cannot be written)."""
        try:
            ok = book.save(self.app.storage, name, rules)
        except ValueError as exc:
            self.app.error()
            return str(exc)
        if not ok:                  # the storage's notice says why
            self.app.error()
            return "The rules were not saved."
        return f"Rules saved as {name}."

    # the keys -----------------------------------------------------------------------------
    def own_bindings(self) -> list[Binding]:
        """The screen's own keys (Enter starts...), between the line keys and Esc."""
        return []

    def bindings(self) -> list[Binding]:
        line = self.line
        b = [Binding((pygame.K_UP,), "Previous line", lambda: self.move(-1), bar=self.line_bar,
                     bar_keys="\x18\x19"),
             Binding((pygame.K_DOWN,), "Next line", lambda: self.move(1))]
        if line.step is not None:
            b += [Binding((pygame.K_LEFT,), "Previous choice", lambda: self.change(-1), bar="Change",
                          bar_keys="\x1b\x1a"),
                  Binding((pygame.K_RIGHT, pygame.K_SPACE), "Next choice", lambda: self.change(1))]
        if line.text is not None:
            b.append(Binding((pygame.K_BACKSPACE,), "Delete a letter (type to write)", self.backspace,
                             bar="" if line.step else "Delete"))
        return (b + self.own_bindings() + self.app_keys(self.help_bar)
                + [Binding((pygame.K_ESCAPE,), self.back_label, lambda: Pop(self), bar=self.back_bar)])

    # the picture --------------------------------------------------------------------------
    def line_rows(self, top: int, step: int = 1) -> list[int]:
        """The row of each line from `top`, `step` apart, a row more above a gap."""
        rows, y = [], top
        for line in self.lines():
            y += line.gap
            rows.append(y)
            y += step
        return rows

    def draw_lines(self, canvas: Any, col: int, w: int, rows: Sequence[int], label_col: int,
                   value_col: int) -> None:
        """The lines inside a box at `col` `w` wide: the chosen one on cyan with its
        value between arrows (or the typing cursor), a rule above a gap."""
        for i, (line, y) in enumerate(zip(self.lines(), rows)):
            sel = i == self.index
            bg = P.CYAN if sel else P.BLUE
            ui.fill(canvas, col + 1, y, w - 2, 1, bg)
            cursor = "_" if sel and self.app.blink and line.text is not None else ""
            label = line.label + (cursor if line.label_typed else "")
            if line.step is None:
                shown = f"  {line.value}{cursor}"
            else:
                shown = f"\x11 {line.value} \x10" if sel and not line.overruled else f"  {line.value}  "
            ui.text(canvas, col + label_col, y, label, P.BLACK if sel else P.WHITE, bg)
            at = max(value_col, label_col + len(label) + 1)    # a long label (a port typed) pushes it
            ui.text(canvas, col + at, y, shown[:w - at - 1], value_colour(sel, line.overruled), bg)
            if sel and line.text is not None:      # the typed text and its cursor: the label or the value
                self.field_at = (ui.cell_rect(col + label_col, y, len(line.label) + 1) if line.label_typed
                                 else ui.cell_rect(col + at + 2, y, min(len(line.value) + 1, w - at - 3)))
            if line.gap:
                ui.text(canvas, col + 1, y - 1, "\u2500" * (w - 2), P.LIGHT_GREY, P.BLUE)


class RulePresets:
    """The rules' presets of a set-up screen whose game keeps its rules in the options
    (Gnono, Go-Stop): listed once (`listed`, and again after a save), the one the
    options hold now, the next one put on the options, and the rules shown saved under
    a name asked for (the screen's notice says how it went)."""

    def __init__(self, screen: SetupScreen, book: PresetBook, rule_keys: Sequence[str]):
        self.screen, self.book, self.rule_keys = screen, book, tuple(rule_keys)
        self.listed = book.listed(screen.app.storage)

    def now(self) -> str | None:
        """The preset whose rules the options hold now (a rule a preset does not name
        at its default), or None: custom rules."""
        options, defaults = self.screen.app.options, self.book.defaults()
        for name, values in self.listed.items():
            if all(options[k] == values.get(k, defaults[k]) for k in self.rule_keys):
                return name
        return None

    def step(self, d: int) -> None:
        apply_preset(self.screen.app.options, self.listed[cycled(list(self.listed), self.now(), d)])

    def line(self, key: str, custom: str, gap: bool = False) -> SetupLine:
        return SetupLine(key, "Rules", self.now() or custom, self.step, gap=gap)

    def ask_save(self) -> Push:
        def done(name: str) -> None:
            screen = self.screen
            options = screen.app.options
            screen.notice = screen.save_preset(self.book, name, {k: options[k] for k in self.rule_keys})
            self.listed = self.book.listed(screen.app.storage)
        return Push(NamePrompt(self.screen.app, "Save these rules as a preset named:", done))
