"""The Go-Stop set-up screen: players, what sits at seats 2 and 3 (a computer's level
or a human: hot seat), the computers' pace and the rules' preset; Enter deals. The
table is made by the `new_table` it is given (table.start gives GoStopTable), so this
module does not import the table."""
from __future__ import annotations

import pygame

from game import palette as P
from game import ui
from game.deals import fresh_deal_no
from game.keys import Binding
from game.presets import apply_preset
from game.scene import Pop, Push, Replace, Scene
from game.scenes.overlays import NamePrompt

from . import hwatu_art as art
from .cards import parse_cards
from .help_text import HELP
from .narrate import seat_names
from .rules import GoStopState
from .settings import (
    BOOK,
    HUMAN_SEAT,
    NAME_LEN,
    RULE_KEYS,
    SEAT_KINDS,
    SEAT_LABELS,
    SPEEDS,
    rule_options,
    seat_kinds,
    typed_names,
)
from .table_save import SAVE_NAME

PRESET_ROW = "preset"
NAME_ROW = "name"        # a hot-seat name's line: typed, not chosen with the arrows


class GoStopSetup(Scene):
    """A short set-up: players, what sits at seats 2 and 3 (a computer's level or a
    human: hot seat), the computers' pace and the rules' preset (Standard, Traditional,
    Online or the player's own; S saves the rules as one). Enter deals."""
    title = "Go-Stop set-up"

    def __init__(self, app, new_table, seed=None):
        super().__init__(app)
        self.new_table = new_table   # GoStopTable's signature: (app, state, levels, speed, ...)
        self.seed = seed
        self.row = 0
        self.all_presets = BOOK.listed(app.storage)   # read once, not at each draw

    def items(self):
        """(option key, label, values, labels by value) of each line."""
        o = self.app.options
        three = o["gostop.players"] == 3
        kinds = dict(zip(SEAT_KINDS, SEAT_LABELS))
        humans = [s for s, k in enumerate(seat_kinds(o)) if k == HUMAN_SEAT]
        # "you" only where one human plays: in hot seat every seat is a player's
        players = {2: "2: seats 1 and 2", 3: "3: seats 1, 2, 3"} if len(humans) > 1 else \
            {2: "2: you and seat 2", 3: "3: you, seats 2, 3"}
        its = [("gostop.players", "Players", (2, 3), players),
               ("gostop.level1", "Seat 2" + (" (next)" if three else ""), SEAT_KINDS, kinds)]
        if three:
            its.append(("gostop.level2", "Seat 3", SEAT_KINDS, kinds))
        if len(humans) > 1:          # hot seat: each human's name, typed on its line
            its += [(f"gostop.name{s + 1}", f"Name, seat {s + 1}", NAME_ROW, None) for s in humans]
        its.append(("gostop.speed", "Computer turns", SPEEDS, None))
        names = list(self.presets())
        its.append((PRESET_ROW, "Rules", names, None))
        return its

    def presets(self) -> dict:
        return self.all_presets

    def preset_now(self) -> str | None:
        """The preset whose rules the options hold now, or None (custom rules)."""
        o = self.app.options
        for name, values in self.presets().items():
            if all(o[k] == v for k, v in values.items()):
                return name
        return None

    def value_text(self, key, names) -> str:
        if key == PRESET_ROW:
            return self.preset_now() or "Custom (see the Options)"
        if key.startswith("gostop.name"):
            o = self.app.options
            typed = typed_names(o, o["gostop.players"])
            humans = [s for s, k in enumerate(seat_kinds(o)) if k == HUMAN_SEAT]
            return seat_names(o["gostop.players"], humans, typed)[int(key[-1]) - 1]
        v = self.app.options[key]
        return names[v] if names else str(v).capitalize()

    def change(self, d):
        key, _label, values, _names = self.items()[self.row]
        if values == NAME_ROW:
            return False     # a name is typed, not chosen
        vals = list(values)
        if key == PRESET_ROW:
            cur = self.preset_now()
            i = vals.index(cur) + d if cur in vals else (0 if d > 0 else -1)
            apply_preset(self.app.options, self.presets()[vals[i % len(vals)]])
        else:
            cur = self.app.options[key]
            self.app.options[key] = vals[(vals.index(cur) + d) % len(vals)]
        self.row = min(self.row, len(self.items()) - 1)

    def move(self, d):
        self.row = (self.row + d) % len(self.items())

    def spoken_focus(self) -> str:
        key, label, _values, names = self.items()[self.row]
        return f"{label}: {self.value_text(key, names)}"

    def on_name_row(self) -> bool:
        return self.items()[self.row][2] == NAME_ROW

    def type_char(self, ch: str) -> bool:
        key = self.items()[self.row][0]
        name = self.app.options[key]
        if len(name) >= NAME_LEN:
            return False
        self.app.options[key] = name + ch
        return True

    def backspace(self):
        key = self.items()[self.row][0]
        if not self.on_name_row() or not self.app.options[key]:
            return False
        self.app.options[key] = self.app.options[key][:-1]

    def handle(self, event):
        ch = event.unicode or ""
        if self.on_name_row() and len(ch) == 1 and (ch.isalnum() or ch in " '-."):
            return self.type_char(ch)
        return super().handle(event)

    def save_rules(self) -> Push:
        """S: keep the rules now chosen as a preset of the player's own."""
        def done(name):
            try:
                ok = BOOK.save(self.app.storage, name,
                               {k: v for k, v in BOOK.values_of(self.app.options).items()
                                if k in RULE_KEYS})
            except ValueError as exc:   # a shipped name, too many presets
                self.app.error()
                self.app.toast(str(exc))
                return
            if not ok:                  # the storage's notice says why
                self.app.error()
                self.app.toast("The rules were not saved.")
                return
            self.all_presets = BOOK.listed(self.app.storage)
            self.app.toast(f"Rules saved as {name}.")
        return Push(NamePrompt(self.app, "Save these rules as a preset named:", done))

    def start(self):
        self.app.save_options()
        o = self.app.options
        n = o["gostop.players"]
        opts = rule_options(o, n)
        seed = fresh_deal_no() if self.seed is None else self.seed   # a random game has a number too
        st = GoStopState.new(opts, seed)
        kinds = seat_kinds(o, n)
        humans = [s for s, k in enumerate(kinds) if k == HUMAN_SEAT]
        levels = [k for k in kinds if k != HUMAN_SEAT]
        self.app.storage.remove(SAVE_NAME)
        table = self.new_table(self.app, st, levels, o["gostop.speed"], seed=seed, humans=humans,
                               names=typed_names(o, n) if len(humans) > 1 else None)
        table.save()
        return Replace(table)

    def bindings(self):
        return [Binding((pygame.K_UP,), "Previous line", lambda: self.move(-1)),
                Binding((pygame.K_DOWN,), "Next line", lambda: self.move(1)),
                Binding((pygame.K_LEFT,), "Change", lambda: self.change(-1)),
                Binding((pygame.K_RIGHT, pygame.K_SPACE), "Change", lambda: self.change(1)),
                Binding(("s",), "Save the rules as a preset of your own", self.save_rules),
                Binding((pygame.K_BACKSPACE,), "Delete a letter of the name", self.backspace),
                Binding((pygame.K_RETURN, pygame.K_KP_ENTER), "Deal", self.start),
                Binding((pygame.K_ESCAPE,), "Back to the menu", lambda: Pop(self))]

    def help_lines(self):
        return HELP

    def key_bar(self):
        keys = [("Type", "Name"), ("Bksp", "Delete")] if self.on_name_row() else \
            [("\x1b\x1a", "Change"), ("S", "Save rules")]
        return [("\x18\x19", "Line"), *keys, ("Enter", "Deal"), ("F2", "Rules"), ("Esc", "Back")]

    def draw(self, canvas):
        o = self.app.options
        canvas.fill(P.PALETTE[o["colour.table"]])
        ui.box(canvas, 14, 3, 52, 17, P.WHITE, P.BLUE, title="Go-Stop")
        items = self.items()
        step = 2 if len(items) <= 5 else 1     # hot seat's name lines: closer together
        for i, (key, label, values, names) in enumerate(items):
            sel, y = i == self.row, 5 + i * step
            fg, bg = (P.BLACK, P.CYAN) if sel else (P.WHITE, P.BLUE)
            ui.fill(canvas, 15, y, 50, 1, bg)
            ui.text(canvas, 17, y, f"{label:<16}", fg, bg)
            vt = self.value_text(key, names)[:28]
            shown = f"  {vt}{'_' if sel and self.app.blink else ''}" if values == NAME_ROW \
                else f"\x11 {vt} \x10"
            ui.text(canvas, 34, y, shown, P.YELLOW if not sel else P.RED, bg)
        n = o["gostop.players"]
        humans = sum(1 for k in seat_kinds(o, n) if k == HUMAN_SEAT)
        line = (f"Hot seat: {humans} humans at one keyboard." if humans > 1 else
                f"Target {o['gostop.target2'] if n == 2 else o['gostop.target3']} points; "
                "more rules in the Options.")
        ui.center(canvas, 16, line, P.LIGHT_CYAN, P.BLUE, 14, 52)
        ui.center(canvas, 18, "Enter deals the cards.", P.YELLOW, P.BLUE, 14, 52)
        # a few cards, to say what the game looks like
        for i, c in enumerate(parse_cards("1B 2A 3R 6R 9A 11D 12B +2")):
            canvas.blit(art.face(c, o["colour.face"]), (176 + i * 36, 336))
