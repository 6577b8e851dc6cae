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
from game.table.host_setup import HOST_HELP, HostChoice, seat_words
from game.table.setup_screen import RulePresets, SetupLine, SetupScreen, TextField, cycled

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


class GoStopSetup(SetupScreen):
    """A short set-up: players, what sits at seats 2 and 3 (a computer's level or a
    human: hot seat), the computers' pace and the rules' preset (Standard, Traditional,
    Online or the player's own; S saves the rules as one). Enter deals."""
    title = "Go-Stop set-up"
    back_bar = "Back"
    help_bar = "Rules"

    def __init__(self, app, new_table, seed=None):
        super().__init__(app)
        self.new_table = new_table   # GoStopTable's signature: (app, state, levels, speed, ...)
        self.seed = seed
        self.presets = RulePresets(self, BOOK, RULE_KEYS)
        self.host = HostChoice(app, "gostop")

    def kinds(self, n: int) -> list[str]:
        """What sits at each seat here: a seat played over the network is no human at
        this keyboard (a computer's level: the table neither plays nor asks it)."""
        return ["normal" if self.host.is_remote(s, n) and k == HUMAN_SEAT else k
                for s, k in enumerate(seat_kinds(self.app.options, n))]

    def lines(self) -> list[SetupLine]:
        o = self.app.options
        n = o["gostop.players"]
        kinds = dict(zip(SEAT_KINDS, SEAT_LABELS))
        humans = [s for s, k in enumerate(self.kinds(n)) if k == HUMAN_SEAT]
        # "you" only where one human plays: in hot seat every seat is a player's
        players = {2: "2: seats 1 and 2", 3: "3: seats 1, 2, 3"} if len(humans) > 1 else \
            {2: "2: you and seat 2", 3: "3: you, seats 2, 3"}
        out = [self._choice("gostop.players", "Players", (2, 3), players[n])]
        for s, label in ((1, "Seat 2" + (" (next)" if n == 3 else "")), (2, "Seat 3"))[:n - 1]:
            key = f"gostop.level{s}"
            out.append(self.host.remote_line(key, label) if self.host.is_remote(s, n) else
                       self._choice(key, label, SEAT_KINDS, kinds[o[key]]))
        if len(humans) > 1:          # hot seat: each human's name, typed on its line
            shown = seat_names(n, humans, typed_names(o, n))
            out += [SetupLine(f"gostop.name{s + 1}", f"Name, seat {s + 1}", shown[s],
                              text=self._name_field(f"gostop.name{s + 1}")) for s in humans]
        speed = str(o["gostop.speed"]).capitalize()
        out.append(self._choice("gostop.speed", "Computer turns", SPEEDS, speed))
        out.append(self.presets.line(PRESET_ROW, "Custom (see the Options)"))
        return out + self.host.lines(n)

    def _choice(self, key, label, values, shown) -> SetupLine:
        def step(d):
            self.app.options[key] = cycled(values, self.app.options[key], d)
        return SetupLine(key, label, shown, step)

    def _name_field(self, key) -> TextField:
        return TextField(lambda: self.app.options[key],
                         lambda name: self.app.options.__setitem__(key, name), NAME_LEN)

    def start(self):
        self.app.save_options()
        o = self.app.options
        n = o["gostop.players"]
        opts = rule_options(o, n)
        seed = fresh_deal_no() if self.seed is None else self.seed   # a random game has a number too
        st = GoStopState.new(opts, seed)
        kinds = self.kinds(n)
        humans = [s for s, k in enumerate(kinds) if k == HUMAN_SEAT]
        levels = [k for k in kinds if k != HUMAN_SEAT]
        self.app.storage.remove(SAVE_NAME)

        def make(**hosting):
            table = self.new_table(self.app, st, levels, o["gostop.speed"], seed=seed, humans=humans,
                                   names=typed_names(o, n) if len(humans) > 1 else None, **hosting)
            if not hosting:
                table.save()       # (a hosted table saves once play starts)
            return table
        return self.host.open(self, n, make, seat_words(kinds, dict(zip(SEAT_KINDS, SEAT_LABELS))))

    def own_bindings(self):
        save = [] if self.line.text else [
            Binding(("s",), "Save the rules as a preset of your own", self.presets.ask_save,
                    bar="Save rules")]
        return save + [Binding((pygame.K_RETURN, pygame.K_KP_ENTER), "Deal", self.start, bar="Deal")]

    def help_lines(self):
        return HELP + ["", HOST_HELP]

    def draw(self, canvas):
        o = self.app.options
        canvas.fill(P.PALETTE[o["colour.table"]])
        ui.box(canvas, 14, 3, 52, 17, P.WHITE, P.BLUE, title="Go-Stop")
        rows = self.line_rows(5)     # one spacing, whatever lines the seats add
        self.draw_lines(canvas, 14, 52, rows, 3, 20)
        n = o["gostop.players"]
        humans = sum(1 for k in self.kinds(n) if k == HUMAN_SEAT)
        line = (f"Hot seat: {humans} humans at one keyboard." if humans > 1 else
                f"Target {o['gostop.target2'] if n == 2 else o['gostop.target3']} points; "
                "more rules in the Options.")
        ui.center(canvas, 16, line, P.LIGHT_CYAN, P.BLUE, 14, 52)
        ui.center(canvas, 18, self.notice or "Enter deals the cards.", P.YELLOW, P.BLUE, 14, 52)
        # a few cards, to say what the game looks like
        for i, c in enumerate(parse_cards("1B 2A 3R 6R 9A 11D 12B +2")):
            canvas.blit(art.face(c, o["colour.face"]), (176 + i * 36, 336))
