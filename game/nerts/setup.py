"""The set-up screen of a Nerts game: seats (2-4), each a human or a computer with its
difficulty, the target and the rule options; Enter starts. The choices start from the
options, and a started game keeps them there: the next game is set up the same way."""
from __future__ import annotations

from collections.abc import Callable

import pygame

from game import palette as P
from game import ui
from game.keys import Binding
from game.nerts import settings as S
from game.nerts.drill_setup import drill_setup
from game.nerts.rules import TARGETS, NertsOptions
from game.nerts.table_keys import key_lines
from game.scene import Push
from game.table.host_setup import HOST_HELP, HostChoice, seat_words
from game.table.setup_screen import SetupLine, SetupScreen, cycled

# the humans' keys under the choices, two lines a seat ({}: the key)
SETUP_LABELS = ({"pile": "Pile {}", "columns": "Columns {}", "flip": "Flip {}", "waste": "Waste {}"},
                {"found": "Scoring Area {} (or the source twice)", "vote": "Agree {}", "cancel": "Cancel {}"})


class SetupScene(SetupScreen):
    title = "Nerts: set up the table"

    def __init__(self, app, seed: int | None, new_table: Callable):
        """new_table(app, levels, options, seed=...) makes the table (game/nerts/table.py,
        which imports this module: passed in, so that the two do not import each other)."""
        super().__init__(app)
        self.new_table = new_table
        o = app.options
        self.seed = seed
        self.seats = o["nerts.seats"]
        self.levels = [o[f"nerts.seat{i + 1}"] for i in range(4)]
        self.rules = {"target": o["nerts.target"], "flip_by_ones": o["nerts.flip_by_ones"],
                      "move_runs": o["nerts.move_runs"], "pile_penalty": o["nerts.pile_penalty"],
                      "call_bonus": o["nerts.call_bonus"], "partners": o["nerts.partners"]}
        self.host = HostChoice(app, "nerts")

    # the lines ----------------------------------------------------------------------------
    def lines(self) -> list[SetupLine]:
        out = [SetupLine("seats", "Seats at the table", str(self.seats), self._seats)]
        for i in range(self.seats):
            lv = self.levels[i]
            if self.host.is_remote(i, self.seats):
                out.append(self.host.remote_line(f"seat{i + 1}", f"Seat {i + 1}"))
                continue
            out.append(SetupLine(f"seat{i + 1}", f"Seat {i + 1}", S.LEVEL_LABELS[S.LEVEL_CHOICES.index(lv)],
                                 lambda d, i=i: self._level(i, d)))
        r = self.rules
        out += [
            self._rule("target", "Play to", TARGETS, f"{r['target']} points"),
            self._rule("flip_by_ones", "Flip the Stack", (False, True),
                       "by ones" if r["flip_by_ones"] else "by threes"),
            self._rule("move_runs", "Move runs", (False, True),
                       "on" if r["move_runs"] else "off (whole columns)"),
            self._rule("pile_penalty", "Pile penalty", (2, 1), f"-{r['pile_penalty']} a card"),
            self._rule("call_bonus", "Bonus for G'NERTS", (0, 5, 10, 20), str(r["call_bonus"])),
        ]
        if self.seats == 4:
            out.insert(5, self._rule("partners", "Partnerships", (False, True),
                                     "seats 1+2 v 3+4" if r["partners"] else "off (each alone)"))
        return out + self.host.lines(self.seats)

    def _seats(self, d):
        self.seats = (self.seats - 2 + d) % 3 + 2
        self._fix_humans()

    def _level(self, i, d):
        k = (S.LEVEL_CHOICES.index(self.levels[i]) + d) % len(S.LEVEL_CHOICES)
        self.levels[i] = S.LEVEL_CHOICES[k]
        if self.levels[:self.seats].count("human") > S.MAX_HUMANS:
            # skip over "human" when two seats are human already
            k = (k + d) % len(S.LEVEL_CHOICES)
            self.levels[i] = S.LEVEL_CHOICES[k]
            self.notice = "At most two humans share the keyboard."

    def _fix_humans(self):
        while self.levels[:self.seats].count("human") > S.MAX_HUMANS:
            i = max(j for j in range(self.seats) if self.levels[j] == "human")
            self.levels[i] = "normal"

    def _rule(self, key, label, values, shown) -> SetupLine:
        def step(d):
            self.rules[key] = cycled(values, self.rules[key], d)
        return SetupLine(key, label, shown, step)

    # keys -----------------------------------------------------------------------------------

    def remember(self) -> None:
        """The choices become the options' values: the next set-up starts from them."""
        o = self.app.options
        o["nerts.seats"] = self.seats
        for i, lv in enumerate(self.levels):
            o[f"nerts.seat{i + 1}"] = lv
        for key, value in self.rules.items():
            o[f"nerts.{key}"] = value
        self.app.save_options()

    def table_levels(self) -> list[str]:
        """Each seat's level at the table: a seat played over the network is no human
        at this keyboard (its level is the computer's that stands in for its player)."""
        remote = self.host.remote(self.seats)
        return ["normal" if i in remote and lv == "human" else lv
                for i, lv in enumerate(self.levels[:self.seats])]

    def start(self):
        levels = self.table_levels()
        rules = dict(self.rules, partners=self.rules["partners"] and self.seats == 4)
        options = NertsOptions(seats=self.seats, **rules)
        self.remember()
        self.app.sound("shuffle")
        remote = self.host.remote(self.seats)
        computers = [lv for i, lv in enumerate(levels) if lv != "human" and i not in remote]

        def make(**hosting):
            return self.new_table(self.app, levels, options, seed=self.seed, **hosting)
        return self.host.open(self, self.seats, make, seat_words(levels),
                              level=computers[0] if computers else "normal")

    def drills(self) -> Push:
        """D: the drills, with this screen's flip and runs rules."""
        return Push(drill_setup(self.app, flip_by_ones=self.rules["flip_by_ones"],
                                move_runs=self.rules["move_runs"]))

    def own_bindings(self):
        return [Binding((pygame.K_RETURN, pygame.K_KP_ENTER), "Start the game", self.start, bar="Start"),
                Binding(("d",), "Drills: timed practice alone", self.drills, bar="Drills")]

    def help_lines(self):
        return ["Choose how many seats play (2 to 4) and who sits at each: a human, or a "
                "computer player - easy waits many seconds a move and overlooks plays, "
                "expert plays a card about every half second.",
                "With 4 seats, Partnerships makes two teams: seats 1 and 2 share a layout, "
                "seat 1 works the Pile and the columns, seat 2 the Stack and the waste; "
                "seats 3 and 4 likewise. A team scores together.",
                "Two humans share the keyboard: the first plays with the left-hand keys, "
                "the second with the right-hand keys (see the Options to change them).",
                "Enter starts the game; Esc goes back to the menu.",
                "D opens the drills: timed practice alone on a deal (clear the Pile, or "
                "10, 20 or 30 cards to the Scoring Area), with records of your best times.",
                HOST_HELP + " Open seats, and a player who drops, are played by a computer at "
                "the level of the table's first computer seat (Normal if none)."]

    def draw(self, canvas):
        canvas.fill(P.PALETTE[P.BLUE])
        ui.fill(canvas, 0, 0, 80, 1, P.LIGHT_GREY)
        ui.center(canvas, 0, "G'NERTS  -  Nerts: set up the table", P.BLACK, P.LIGHT_GREY)
        lines = self.lines()
        col, row, w = 12, 3, 56
        ui.box(canvas, col, row, w, len(lines) + 4, P.WHITE, P.BLUE, title="New game", double=False)
        self.draw_lines(canvas, col, w, self.line_rows(row + 2), 3, 25)
        # the humans' keys
        clusters, problems = S.clusters_checked(self.app.options)
        humans = [i for i, lv in enumerate(self.table_levels()) if lv == "human"]
        y = row + len(lines) + 5
        if not humans:
            ui.center(canvas, y, "No human seat: you watch the computers play.", P.LIGHT_CYAN, P.BLUE)
        roles = NertsOptions(seats=self.seats, partners=self.rules["partners"] and self.seats == 4)
        for h, seat in enumerate(humans):      # (a partner has only the keys of its share)
            role = roles.role_of(seat)
            ui.text(canvas, 6, y + 2 * h, f"Seat {seat + 1} keys:", P.YELLOW, P.BLUE)
            for row, labels in enumerate(SETUP_LABELS):
                shown = [label.format(key) for key, label in key_lines(clusters[h], role, labels)]
                ui.text(canvas, 22, y + 2 * h + row, "  ".join(shown), P.WHITE, P.BLUE)
        if len(humans) == 1:
            flip = ", Space flip" if roles.may_flip(humans[0]) else ""
            ui.text(canvas, 22, y + 2, "or \x1b\x1a + Enter, \x18 Scoring Area" + flip, P.LIGHT_CYAN, P.BLUE)
        ui.center(canvas, 24, "D: Drills - practise alone against the clock, with best times kept",
                  P.LIGHT_GREEN, P.BLUE)
        if problems:
            ui.center(canvas, 26, "Keys clash in the options: the default keys are used.",
                      P.LIGHT_RED, P.BLUE)
        if self.notice:
            ui.center(canvas, 27, self.notice, P.YELLOW if self.app.blink else P.WHITE, P.BLUE)
