"""The set-up screen of a Gnono game: the number of seats (2 to 10), each a human or
a computer with its difficulty and a name, the rules and the computers' pace.
Changes are kept in the options (the Gnono pages show the same values). Enter deals."""
from __future__ import annotations

import pygame

from game import palette as P
from game import ui
from game.keys import Binding
from game.scene import Pop, Replace, Scene

from . import card_art as art
from .cards import DECK_SIZE, parse_cards
from .help_text import HELP
from .settings import KIND_LABELS, KINDS, MAX_SEATS, NAME_LEN, PAGES, rule_options, seat_setup
from .table_save import SAVE_NAME

RULE_KEYS = ("gnono.hand_size", "gnono.playout", "gnono.draw_until", "gnono.wd4_rule",
             "gnono.wd4_challenge", "gnono.stacking", "gnono.jump_in", "gnono.seven_zero",
             "gnono.speed", "gnono.hints")
SPECS = {o.key: o for page in PAGES for o in page.opts}


class GnonoSetup(Scene):
    title = "Gnono: set up the table"

    def __init__(self, app, new_table, seed=None):
        super().__init__(app)
        self.new_table = new_table   # (app, kinds, names, options, speed, seed) -> the table
        self.seed = seed
        self.index = 0
        self.notice = ""

    # the lines: (kind, key) -----------------------------------------------------------
    def lines(self):
        o = self.app.options
        out = [("seats", "gnono.seats")]
        out += [("seat", f"gnono.seat{i + 1}") for i in range(o["gnono.seats"])]
        out += [("rule", k) for k in RULE_KEYS]
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
        o[key] = SPECS[key].step(o[key], d)
        self.index = min(self.index, len(self.lines()) - 1)

    def type_char(self, ch) -> bool:
        kind, key = self.lines()[self.index]
        if kind != "seat":
            return False
        nk = f"gnono.name{self._seat_no(key)}"
        name = self.app.options[nk]
        if len(name) >= NAME_LEN:
            return False
        self.app.options[nk] = name + ch
        return True

    def backspace(self):
        kind, key = self.lines()[self.index]
        if kind != "seat":
            return False
        nk = f"gnono.name{self._seat_no(key)}"
        if not self.app.options[nk]:
            return False
        self.app.options[nk] = self.app.options[nk][:-1]

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
                Binding((pygame.K_ESCAPE,), "Back to the menu", lambda: Pop(self))]

    def help_lines(self):
        return ["SET-UP: Up/Down choose a line, Left/Right change it. On a seat's line, type "
                "to change its name (Backspace deletes). Each seat is a human or a computer "
                "(easy, normal or hard). With several humans the keyboard is passed round: "
                "a screen hides the hands between their turns. Enter deals.", ""] + HELP

    def draw(self, canvas):
        o = self.app.options
        canvas.fill(P.PALETTE[P.BLUE])
        ui.fill(canvas, 0, 0, 80, 1, P.LIGHT_GREY)
        ui.center(canvas, 0, "G'NERTS  -  Gnono: set up the table", P.BLACK, P.LIGHT_GREY)
        lines = self.lines()
        col, row, w = 4, 1, 52
        ui.box(canvas, col, row, w, len(lines) + 4, P.WHITE, P.BLUE, title="New game", double=False)
        for i, (kind, key) in enumerate(lines):
            sel = i == self.index
            bg = P.CYAN if sel else P.BLUE
            y = row + 2 + i
            ui.fill(canvas, col + 1, y, w - 2, 1, bg)
            spec = SPECS[key]
            if kind == "seat":
                k = self._seat_no(key)
                name = o[f"gnono.name{k}"]
                label = f"Seat {k}: {name}" + ("_" if sel and self.app.blink else "")
                value = KIND_LABELS[KINDS.index(o[key])]
            else:
                label, value = spec.label, spec.text(o[key])
            ui.text(canvas, col + 2, y, label[:25], P.BLACK if sel else P.WHITE, bg)
            shown = f"\x11 {value} \x10" if sel else f"  {value}  "
            ui.text(canvas, col + 26, y, shown, P.BLACK if sel else P.YELLOW, bg)
            if kind == "rule" and key == RULE_KEYS[0]:
                ui.text(canvas, col + 1, y - 1, "─" * (w - 2), P.LIGHT_GREY, P.BLUE)
        # a few cards, to say what the game looks like
        for i, c in enumerate(parse_cards("R7 YS GR B+2 W W+4")):
            canvas.blit(art.face(c, "normal"), (468 + (i % 3) * 46, 64 + (i // 3) * 64))
        tips = ["Type on a seat's", "line to rename it.", "", "Several humans:", "the keyboard is",
                "passed between", "their turns.", "", "Enter deals."]
        for i, t in enumerate(tips):
            ui.text(canvas, 59, 13 + i, t, P.LIGHT_CYAN, P.BLUE)
        if self.notice:
            ui.center(canvas, 27, self.notice, P.YELLOW if self.app.blink else P.WHITE, P.BLUE)
        n = o["gnono.seats"]
        humans = sum(1 for i in range(n) if o[f"gnono.seat{i + 1}"] == "human")
        if humans == 0:
            ui.text(canvas, 59, 23, "No human: you", P.YELLOW, P.BLUE)
            ui.text(canvas, 59, 24, "watch them play.", P.YELLOW, P.BLUE)
        ui.key_bar(canvas, [("\x18\x19", "Line"), ("\x1b\x1a", "Change"), ("Enter", "Deal"),
                            ("F1", "Keys"), ("F2", "Help"), ("Esc", "Menu")])


__all__ = ["GnonoSetup", "MAX_SEATS"]
