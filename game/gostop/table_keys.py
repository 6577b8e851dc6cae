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
        st = self.table.ctl.source.state
        if st is None:        # a joiner before the host's first view
            return []
        hand = list(st.hands[self.table.bottom])
        if st.credits[self.table.bottom] > 0 and st.stock:
            hand.append(FLIP)
        return hand

    def clamp_selection(self):
        k = len(self.entries())
        if k and not 0 <= self.table.sel < k:
            self.table.sel = max(0, min(self.table.sel, k - 1))

    def human_phase(self):
        """'play', 'match' or None: what the human's keys do now."""
        ctl = self.table.ctl
        if ctl.stages or ctl.asking or ctl.scoring_open or ctl.passing or ctl.source.state is None:
            return None
        if not ctl.source.ready():
            return None        # a hosted game waits for its players; a joiner's move is on its way
        q = ctl.source.state.question()
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
            self.table.choice = (self.table.choice + d) % len(self.table.ctl.source.state.choices)
        else:
            return False

    def sel_end(self, last: bool):
        """Home/End: the first or last card of the hand (or of the table cards to take)."""
        ph = self.human_phase()
        choices = self.table.ctl.source.state.choices
        k = len(self.entries()) if ph == "play" else len(choices) if ph == "match" else 0
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
            choices = self.table.ctl.source.state.choices
            c = choices[self.table.choice % len(choices)]
            self.table.choice = 0
            return self.table.apply(ChooseMatch(c), pace_scale=0.6)
        return False

    def show_chips(self) -> Push:
        lines = ["Chips won and lost since the start:", ""]
        st = self.table.ctl.source.state
        for s in range(self.table.ctl.n):
            lines.append(f"  {self.table.names[s]:<12} {st.chips[s]:+6d}")
        if st.multiplier > 1:
            lines += ["", f"The next payment is multiplied by {st.multiplier} (nagari)."]
        lines += ["", "Hands played:"] + (self.table.ctl.history[-30:] or ["  none finished yet"])
        return Push(TextBox(self.table.app, "Chips", lines))

    def bindings(self):
        """The keys of the moment, those a turn needs on the key bar (F2, the rules, and
        F3 are in the F1 box)."""
        if self.table.ctl.source.state is None:        # a joiner: nothing to play nor count yet
            return self.table.joined.waiting_bindings()
        b = []
        ph = self.human_phase()
        if self.table.ctl.stages:
            b.append(Binding((pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE),
                             "Hurry: show the turn's end", self.table.hurry, bar="Hurry", bar_keys="Enter"))
        elif ph is not None:
            what, verb, bar = (("hand card", "Play", "Play") if ph == "play" else
                               ("table card", "Take", "Take it"))
            b += [Binding((pygame.K_LEFT,), f"Choose a {what}", lambda: self.move_sel(-1), bar="Choose",
                          bar_keys="\x1b\x1a"),
                  Binding((pygame.K_RIGHT,), f"Choose a {what}", lambda: self.move_sel(1)),
                  Binding((pygame.K_HOME,), f"The first {what}", lambda: self.sel_end(False)),
                  Binding((pygame.K_END,), f"The last {what}", lambda: self.sel_end(True)),
                  Binding((pygame.K_RETURN, pygame.K_KP_ENTER), f"{verb} the chosen card", self.enter,
                          bar=bar, bar_keys="Enter")]
        b.append(Binding(("h",), "Coach: what the strongest computer would do", self.table.coach.ask_coach,
                         bar="Coach" if ph is not None else ""))
        return b + self.table.table_bindings("Chips", self.show_chips, {
            pygame.K_F4: "Chips", pygame.K_F8: "Save", pygame.K_F9: "Hands", pygame.K_ESCAPE: "Leave"})

