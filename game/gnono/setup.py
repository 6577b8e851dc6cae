"""The set-up screen of a Gnono game: the number of seats (2 to 10), each a human or
a computer with its difficulty and a name, the rules (a preset: Official, House or the
player's own, F5 keeps the rules shown as one) and the computers' pace.
Changes are kept in the options (the Gnono pages show the same values). Enter deals."""
from __future__ import annotations

import pygame

from game import palette as P
from game import ui
from game.keys import Binding
from game.presets import apply_preset
from game.scene import Pop, Push, Replace, Scene
from game.scenes.overlays import NamePrompt

from . import card_art as art
from .cards import DECK_SIZE, parse_cards
from .help_text import HELP
from .settings import (
    BOOK,
    DEFAULT_NAMES,
    KIND_LABELS,
    KINDS,
    MAX_SEATS,
    NAME_LEN,
    PAGES,
    RULE_KEYS,
    rule_options,
    seat_setup,
)
from .table_save import SAVE_NAME

TABLE_KEYS = ("gnono.speed", "gnono.hints")
PRESET = "preset"   # the line of the rules' preset
SPECS = {o.key: o for page in PAGES for o in page.opts}


class GnonoSetup(Scene):
    title = "Gnono: set up the table"

    def __init__(self, app, new_table, seed=None):
        super().__init__(app)
        self.new_table = new_table   # (app, kinds, names, options, speed, seed) -> the table
        self.seed = seed
        self.index = 0
        self.notice = ""
        self.all_presets = BOOK.listed(app.storage)   # read once, not at each draw

    # the lines: (kind, key) -----------------------------------------------------------
    def lines(self):
        o = self.app.options
        out = [("seats", "gnono.seats")]
        out += [("seat", f"gnono.seat{i + 1}") for i in range(o["gnono.seats"])]
        out += [("preset", PRESET)] + [("rule", k) for k in RULE_KEYS + TABLE_KEYS]
        return out

    def _seat_no(self, key) -> int:
        return int(key[len("gnono.seat"):])

    def move(self, d):
        self.index = (self.index + d) % len(self.lines())
        self.notice = ""

    def change(self, d):
        self.notice = ""
        kind, key = self.lines()[self.index]
        o = self.app.options
        if kind == "preset":
            names = list(self.presets())
            cur = self.preset_now()
            i = names.index(cur) + d if cur in names else (0 if d > 0 else -1)
            apply_preset(o, self.presets()[names[i % len(names)]])
        else:
            o[key] = SPECS[key].step(o[key], d)
        self.index = min(self.index, len(self.lines()) - 1)

    # the presets --------------------------------------------------------------------
    def presets(self) -> dict:
        return self.all_presets

    def preset_now(self) -> str | None:
        """The preset whose rules the options hold now, or None (custom rules)."""
        o = self.app.options
        for name, values in self.presets().items():
            if all(o[k] == values.get(k, SPECS[k].default) for k in RULE_KEYS):
                return name
        return None

    def save_rules(self) -> Push:
        """F5: keep the rules now shown as a preset of the player's own."""
        def done(name):
            try:
                ok = BOOK.save(self.app.storage, name, {k: self.app.options[k] for k in RULE_KEYS})
            except ValueError as exc:   # a shipped name, too many presets
                self.app.error()
                self.notice = str(exc)
                return
            if not ok:                  # the storage's notice says why
                self.app.error()
                self.notice = "The rules were not saved."
                return
            self.all_presets = BOOK.listed(self.app.storage)
            self.notice = f"Rules saved as {name}."
        return Push(NamePrompt(self.app, "Save these rules as a preset named:", done))

    def line_text(self, kind, key) -> tuple[str, str]:
        """A line's label and value, as shown and spoken."""
        o = self.app.options
        if kind == "preset":
            return "Rules", self.preset_now() or "Custom"
        if kind == "seat":
            k = self._seat_no(key)
            return f"Seat {k}: {self.seat_name(k)}", KIND_LABELS[KINDS.index(o[key])]
        spec = SPECS[key]
        return spec.label, spec.text(o[key])

    def spoken_focus(self) -> str:
        label, value = self.line_text(*self.lines()[self.index])
        return f"{label}: {value}"

    def seat_name(self, k: int) -> str:
        """Seat k's name at the table (hot seat: "Player 2" for a human left at "You")."""
        return seat_setup(self.app.options)[1][k - 1]

    def _typed_name(self, k: int) -> str:
        """The name that typing goes on from: the one shown when it is a default."""
        raw = self.app.options[f"gnono.name{k}"]
        return self.seat_name(k) if raw.strip() in ("", DEFAULT_NAMES[k - 1]) else raw

    def type_char(self, ch) -> bool:
        kind, key = self.lines()[self.index]
        if kind != "seat":
            return False
        nk = f"gnono.name{self._seat_no(key)}"
        name = self._typed_name(self._seat_no(key))
        if len(name) >= NAME_LEN:
            return False
        self.app.options[nk] = name + ch
        return True

    def backspace(self):
        kind, key = self.lines()[self.index]
        if kind != "seat":
            return False
        nk = f"gnono.name{self._seat_no(key)}"
        name = self._typed_name(self._seat_no(key))
        if not name:
            return False
        self.app.options[nk] = name[:-1]

    def handle(self, event):
        ch = event.unicode or ""
        if len(ch) == 1 and (ch.isalnum() or ch in " '-.") and ch not in "+" \
                and self.lines()[self.index][0] == "seat":
            return self.type_char(ch)
        return super().handle(event)

    def start(self):
        o = self.app.options
        kinds, names = seat_setup(o)
        opts = rule_options(o)
        if len(kinds) * opts.hand_size >= DECK_SIZE - 4:
            self.notice = f"{opts.hand_size} cards each is too many for {len(kinds)} seats."
            self.app.error()
            return True
        self.app.save_options()
        self.app.storage.remove(SAVE_NAME)
        self.app.sound("shuffle")
        table = self.new_table(self.app, kinds, names, opts, o["gnono.speed"], seed=self.seed)
        table.save()
        return Replace(table)

    def bindings(self):
        return [Binding((pygame.K_UP,), "Previous line", lambda: self.move(-1)),
                Binding((pygame.K_DOWN,), "Next line", lambda: self.move(1)),
                Binding((pygame.K_LEFT,), "Previous choice", lambda: self.change(-1)),
                Binding((pygame.K_RIGHT, pygame.K_SPACE), "Next choice", lambda: self.change(1)),
                Binding((pygame.K_BACKSPACE,), "Delete a letter of the seat's name", self.backspace),
                Binding((pygame.K_RETURN, pygame.K_KP_ENTER), "Deal the cards", self.start),
                Binding((pygame.K_F5,), "Save the rules as a preset of your own", self.save_rules),
                Binding((pygame.K_ESCAPE,), "Back to the menu", lambda: Pop(self))]

    def help_lines(self):
        return ["SET-UP: Up/Down choose a line, Left/Right change it. On a seat's line, type "
                "to change its name (Backspace deletes). Each seat is a human or a computer "
                "(easy, normal or hard). With several humans the keyboard is passed round: "
                "a screen hides the hands between their turns. Enter deals.", ""] + HELP

    def key_bar(self):
        return [("\x18\x19", "Line"), ("\x1b\x1a", "Change"), ("Enter", "Deal"),
                ("F5", "Save rules"), ("F1", "Keys"), ("F2", "Help"), ("Esc", "Menu")]

    def draw(self, canvas):
        o = self.app.options
        canvas.fill(P.PALETTE[P.BLUE])
        ui.fill(canvas, 0, 0, 80, 1, P.LIGHT_GREY)
        ui.center(canvas, 0, "G'NERTS  -  Gnono: set up the table", P.BLACK, P.LIGHT_GREY)
        lines = self.lines()
        col, row, w = 4, 1, 52
        # every line has its row: a rule under the seats, the rules below a gap
        ys, y = [], row + 1
        for kind, _key in lines:
            if kind == "preset":
                y += 1
            ys.append(y)
            y += 1
        ui.box(canvas, col, row, w, y - row + 1, P.WHITE, P.BLUE, title="New game", double=False)
        for i, (kind, key) in enumerate(lines):
            sel = i == self.index
            bg = P.CYAN if sel else P.BLUE
            y = ys[i]
            ui.fill(canvas, col + 1, y, w - 2, 1, bg)
            label, value = self.line_text(kind, key)
            if kind == "seat" and sel and self.app.blink:
                label += "_"
            ui.text(canvas, col + 2, y, label[:24], P.BLACK if sel else P.WHITE, bg)
            shown = f"\x11 {value} \x10" if sel else f"  {value}  "
            ui.text(canvas, col + 26, y, shown[:w - 27], P.BLACK if sel else P.YELLOW, bg)
            if kind == "preset":
                ui.text(canvas, col + 1, y - 1, "\u2500" * (w - 2), P.LIGHT_GREY, P.BLUE)
        # a few cards, to say what the game looks like
        for i, c in enumerate(parse_cards("R7 YS GR B+2 W W+4")):
            canvas.blit(art.face(c, "normal"), (468 + (i % 3) * 46, 64 + (i // 3) * 64))
        tips = ["Type on a seat's", "line to rename it.", "", "Several humans:", "the keyboard is",
                "passed between", "their turns.", "", "Enter deals."]
        for i, t in enumerate(tips):
            ui.text(canvas, 59, 13 + i, t, P.LIGHT_CYAN, P.BLUE)
        if self.notice:
            ui.center(canvas, 28, self.notice, P.YELLOW if self.app.blink else P.WHITE, P.BLUE)
        n = o["gnono.seats"]
        humans = sum(1 for i in range(n) if o[f"gnono.seat{i + 1}"] == "human")
        if humans == 0:
            ui.text(canvas, 59, 23, "No human: you", P.YELLOW, P.BLUE)
            ui.text(canvas, 59, 24, "watch them play.", P.YELLOW, P.BLUE)


__all__ = ["GnonoSetup", "MAX_SEATS"]
