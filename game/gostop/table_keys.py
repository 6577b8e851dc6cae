"""The key map of the Go-Stop table (GoStopKeys, held by table.GoStopTable as `keymap`): choosing
and playing a hand card, choosing between two table cards, F4's chips, and the
keys each state accepts, with their labels for the key bar."""
from __future__ import annotations

import pygame

from game.keys import Binding
from game.scene import Push
from game.scenes.overlays import TextBox

from .rules import ChooseMatch, FlipStock, PlayCard
from .table_draw import FLIP


class GoStopKeys:
    def __init__(self, table) -> None:
        self.table = table

    def entries(self):
        """The hand entries to choose from: hand cards, and FLIP with bomb credits."""
        hand = list(self.table.ctl.state.hands[self.table.bottom])
        if self.table.ctl.state.credits[self.table.bottom] > 0 and self.table.ctl.state.stock:
            hand.append(FLIP)
        return hand

    def clamp_selection(self):
        k = len(self.entries())
        if k and not 0 <= self.table.sel < k:
            self.table.sel = max(0, min(self.table.sel, k - 1))

    def human_phase(self):
        """'play', 'match' or None: what the human's keys do now."""
        ctl = self.table.ctl
        if ctl.stages or ctl.asking or ctl.scoring_open or ctl.passing:
            return None
        q = ctl.state.question()
        if q.seat != ctl.viewer:
            return None
        if q.kind == "play":
            return "play"
        if q.kind in ("match_hand", "match_stock"):
            return "match"
        return None

    def move_sel(self, d):
        ph = self.human_phase()
        if ph == "play":
            k = len(self.entries())
            if k == 0:
                return False
            self.table.sel = (self.table.sel + d) % k
        elif ph == "match":
            self.table.choice = (self.table.choice + d) % len(self.table.ctl.state.choices)
        else:
            return False

    def sel_end(self, last: bool):
        """Home/End: the first or last card of the hand (or of the table cards to take)."""
        ph = self.human_phase()
        k = len(self.entries()) if ph == "play" else len(self.table.ctl.state.choices) if ph == "match" else 0
        if k == 0:
            return False
        if ph == "play":
            self.table.sel = k - 1 if last else 0
        else:
            self.table.choice = k - 1 if last else 0

    def enter(self):
        ph = self.human_phase()
        if ph == "play":
            ents = self.entries()
            if not ents:
                return False
            e = ents[self.table.sel % len(ents)]
            self.table.choice = 0
            return self.table.apply(FlipStock() if e == FLIP else PlayCard(e), pace_scale=0.6)
        if ph == "match":
            c = self.table.ctl.state.choices[self.table.choice % len(self.table.ctl.state.choices)]
            self.table.choice = 0
            return self.table.apply(ChooseMatch(c), pace_scale=0.6)
        return False

    def show_chips(self) -> Push:
        lines = ["Chips won and lost since the start:", ""]
        for s in range(self.table.ctl.n):
            lines.append(f"  {self.table.names[s]:<12} {self.table.ctl.state.chips[s]:+6d}")
        if self.table.ctl.state.multiplier > 1:
            lines += ["", f"The next payment is multiplied by {self.table.ctl.state.multiplier} (nagari)."]
        lines += ["", "Hands played:"] + (self.table.ctl.history[-30:] or ["  none finished yet"])
        return Push(TextBox(self.table.app, "Chips", lines))

    def bindings(self):
        b = []
        ph = self.human_phase()
        if self.table.ctl.stages:
            b.append(Binding((pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE),
                             "Hurry: show the turn's end", self.table.hurry))
        elif ph == "play":
            b += [Binding((pygame.K_LEFT,), "Choose a hand card", lambda: self.move_sel(-1)),
                  Binding((pygame.K_RIGHT,), "Choose a hand card", lambda: self.move_sel(1)),
                  Binding((pygame.K_HOME,), "The first hand card", lambda: self.sel_end(False)),
                  Binding((pygame.K_END,), "The last hand card", lambda: self.sel_end(True)),
                  Binding((pygame.K_RETURN, pygame.K_KP_ENTER), "Play the chosen card", self.enter)]
        elif ph == "match":
            b += [Binding((pygame.K_LEFT,), "Choose a table card", lambda: self.move_sel(-1)),
                  Binding((pygame.K_RIGHT,), "Choose a table card", lambda: self.move_sel(1)),
                  Binding((pygame.K_HOME,), "The first table card", lambda: self.sel_end(False)),
                  Binding((pygame.K_END,), "The last table card", lambda: self.sel_end(True)),
                  Binding((pygame.K_RETURN, pygame.K_KP_ENTER), "Take the chosen card", self.enter)]
        b.append(Binding(("h",), "Coach: what the strongest computer would do", self.table.coach.ask_coach))
        return b + self.table.table_bindings("Chips", self.show_chips)

    def key_items(self):
        ph = self.human_phase()
        if self.table.ctl.stages:
            items = [("Enter", "Hurry")]
        elif ph == "play":
            items = [("\x1b\x1a", "Choose"), ("Enter", "Play"), ("H", "Coach")]
        elif ph == "match":
            items = [("\x1b\x1a", "Choose"), ("Enter", "Take it"), ("H", "Coach")]
        else:
            items = []
        # F2 (the rules) and F3 are in the F1 box: the bar keeps what a turn needs
        return items + [("F1", "Keys"), ("F4", "Chips"), ("F8", "Save"), ("F9", "Hands"), ("Esc", "Leave")]

