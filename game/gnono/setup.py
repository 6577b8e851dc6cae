"""The set-up screen of a Gnono game: the number of seats (2 to 10), each a human or
a computer with its difficulty and a name, the rules (a preset: Official, House or the
player's own, F5 keeps the rules shown as one) and the computers' pace.
Changes are kept in the options (the Gnono pages show the same values). Enter deals."""
from __future__ import annotations

import pygame

from game import palette as P
from game import ui
from game.keys import Binding
from game.table.host_setup import HOST_HELP, HostChoice, seat_words
from game.table.setup_screen import RulePresets, SetupLine, SetupScreen, TextField

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


class GnonoSetup(SetupScreen):
    title = "Gnono: set up the table"

    def __init__(self, app, new_table, seed=None):
        super().__init__(app)
        self.new_table = new_table   # (app, kinds, names, options, speed, seed) -> the table
        self.seed = seed
        self.presets = RulePresets(self, BOOK, RULE_KEYS)
        self.host = HostChoice(app, "gnono")

    # the lines ----------------------------------------------------------------------
    def lines(self) -> list[SetupLine]:
        o = self.app.options
        n = o["gnono.seats"]
        out = [self._option_line("gnono.seats")]
        for k in range(1, n + 1):
            key = f"gnono.seat{k}"
            if self.host.is_remote(k - 1, n):
                out.append(self.host.remote_line(key, f"Seat {k}"))
                continue
            out.append(SetupLine(key, f"Seat {k}: {self.seat_name(k)}", KIND_LABELS[KINDS.index(o[key])],
                                 lambda d, key=key: self._step(key, d), self._name_field(k),
                                 label_typed=True))
        out.append(self.presets.line(PRESET, "Custom", gap=True))
        return out + [self._option_line(k) for k in RULE_KEYS + TABLE_KEYS] + self.host.lines(n)

    def _option_line(self, key) -> SetupLine:
        spec = SPECS[key]
        return SetupLine(key, spec.label, spec.text(self.app.options[key]), lambda d: self._step(key, d))

    def _step(self, key, d):
        self.app.options[key] = SPECS[key].step(self.app.options[key], d)

    def _name_field(self, k: int) -> TextField:
        return TextField(lambda: self._typed_name(k),
                         lambda name: self.app.options.__setitem__(f"gnono.name{k}", name), NAME_LEN)

    def seat_name(self, k: int) -> str:
        """Seat k's name at the table (hot seat: "Player 2" for a human left at "You")."""
        o = self.app.options
        return seat_setup(o, self.host.remote(o["gnono.seats"]))[1][k - 1]

    def _typed_name(self, k: int) -> str:
        """The name that typing goes on from: the one shown when it is a default."""
        raw = self.app.options[f"gnono.name{k}"]
        return self.seat_name(k) if raw.strip() in ("", DEFAULT_NAMES[k - 1]) else raw

    def start(self):
        o = self.app.options
        kinds, names = seat_setup(o, self.host.remote(o["gnono.seats"]))
        opts = rule_options(o)
        if len(kinds) * opts.hand_size >= DECK_SIZE - 4:
            self.notice = f"{opts.hand_size} cards each is too many for {len(kinds)} seats."
            self.app.error()
            return True
        self.app.save_options()
        self.app.storage.remove(SAVE_NAME)
        self.app.sound("shuffle")

        def make(**hosting):
            table = self.new_table(self.app, kinds, names, opts, o["gnono.speed"], seed=self.seed, **hosting)
            if not hosting:
                table.save()       # (a hosted table saves once play starts)
            return table
        return self.host.open(self, len(kinds), make, seat_words(kinds))

    def own_bindings(self):
        return [Binding((pygame.K_RETURN, pygame.K_KP_ENTER), "Deal the cards", self.start, bar="Deal"),
                Binding((pygame.K_F5,), "Save the rules as a preset of your own", self.presets.ask_save,
                        bar="Save rules")]

    def help_lines(self):
        return ["SET-UP: Up/Down choose a line, Left/Right change it. On a seat's line, type "
                "to change its name (Backspace deletes). Each seat is a human or a computer "
                "(easy, normal or hard). With several humans the keyboard is passed round: "
                "a screen hides the hands between their turns. Enter deals.", "", HOST_HELP, ""] + HELP

    def draw(self, canvas):
        o = self.app.options
        canvas.fill(P.PALETTE[P.BLUE])
        ui.fill(canvas, 0, 0, 80, 1, P.LIGHT_GREY)
        ui.center(canvas, 0, "G'NERTS  -  Gnono: set up the table", P.BLACK, P.LIGHT_GREY)
        col, row, w = 4, 1, 52
        rows = self.line_rows(row + 1)      # every line has its row, the rules below a gap
        ui.box(canvas, col, row, w, rows[-1] - row + 2, P.WHITE, P.BLUE, title="New game", double=False)
        self.draw_lines(canvas, col, w, rows, 2, 26)
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
