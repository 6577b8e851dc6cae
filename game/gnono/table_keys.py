"""The human's keys at the Gnono table: choosing a card, playing, drawing, keeping the
drawn card, "UNO!" and catching, F4's scores; refused keys beep with the reason.
GnonoKeys, held by GnonoTable (and a joiner's table, seats.py) as `keymap`: it
reads the game from the seat's view (`table.seat_view()`, its legal moves) and hands
its moves to `table.apply` (a joiner's table sends them to the host)."""
from __future__ import annotations

import pygame

from game.keys import Binding
from game.scene import Push
from game.scenes.overlays import TextBox

from .ai import LEVELS
from .cards import COLOR_NAMES, Card
from .heuristic import wd4_lawful_in_view
from .rules import DRAWN, PLAY, ROUND_OVER, CallUno, Catch, Draw, KeepDrawn, Play, PlayDrawn


class GnonoKeys:
    """GnonoTable's keys."""

    def __init__(self, table) -> None:
        self.table = table

    def act(self, move) -> bool:
        """A human's move: applied, or refused with the beep and the reason (either way
        the key is answered, so the App must not beep again)."""
        self.table.apply(move, 0.5)
        return True

    def _sync_selection(self):
        t = self.table
        cards = t.playback.hand_cards(t.playback.live())
        if not cards:
            t.sel = 0
            return
        st = t.seat_view()
        if st.phase == DRAWN and st.current == t.playback.bottom and st.drawn_card in cards:
            t.sel_card = st.drawn_card
        if t.sel_card in cards:
            t.sel = cards.index(t.sel_card)
        t.sel = max(0, min(t.sel, len(cards) - 1))
        t.sel_card = cards[t.sel]

    def move_sel(self, d):
        if self.table.viewer is None:
            return False
        if self.table.seat_view().phase == DRAWN and self.table.my_turn():
            return self.table.refuse("Enter plays the card you drew, - keeps it.")
        cards = self.table.playback.hand_cards()
        if not cards:
            return False
        self.table.sel = (self.table.sel + d) % len(cards)
        self.table.sel_card = cards[self.table.sel]

    def sel_end(self, last: bool):
        cards = self.table.playback.hand_cards()
        if not cards or self.table.viewer is None:
            return False
        self.table.sel = len(cards) - 1 if last else 0
        self.table.sel_card = cards[self.table.sel]

    def selected(self) -> Card | None:
        cards = self.table.playback.hand_cards()
        if not cards:
            return None
        self.table.sel = max(0, min(self.table.sel, len(cards) - 1))
        return cards[self.table.sel]

    def enter(self):
        st = self.table.seat_view()
        seat = self.table.viewer
        if seat is None or self.table.stages or self.table.asking:
            return False
        if st.current != seat:
            # jump in (house rule) with a card identical to the top card
            card = self.selected()
            if st.options.jump_in and card is not None and st.phase == PLAY:
                return self.act(Play(seat, card))
            return self.table.refuse("It is not your turn.")
        if st.phase == DRAWN:
            card = st.drawn_card
            if card.is_wild:
                return self.table.ask_colour(lambda c: self.table.apply(PlayDrawn(seat, c), 0.5))
            return self.act(PlayDrawn(seat))
        if st.phase != PLAY:
            return False
        card = self.selected()
        if card is None:
            return False
        if card.is_wild:
            probe = Play(seat, card, "R")
            if probe not in st.legal:
                return self.act(probe)   # refused by the engine: the beep and its reason
            return self.table.ask_colour(lambda c: self.table.apply(Play(seat, card, c), 0.5))
        return self.act(Play(seat, card))

    def playable(self, card) -> bool:
        """May the bottom seat lawfully play this card now (its turn, phase play)? A Wild
        Draw Four the rules allow only as a bluff (challenges on) is not playable here."""
        st = self.table.seat_view()
        if Play(self.table.playback.bottom, card, "R" if card.is_wild else None) not in st.legal:
            return False
        return not (card.is_wild_draw_four and not st.pending_draw and not wd4_lawful_in_view(st))

    def card_verdict(self, card) -> str:
        """"playable", "does not match", or the bluff a Wild Draw Four would be."""
        if self.playable(card):
            return "playable"
        st = self.table.seat_view()
        if card.is_wild_draw_four and Play(self.table.playback.bottom, card, "R") in st.legal:
            held = (COLOR_NAMES[st.color] if st.options.wd4_rule == "color"
                    else "another playable card")
            return f"a bluff (you hold {held}): it may be challenged"
        return "does not match"

    def draw_card(self):
        if not self.table.my_turn() or self.table.seat_view().phase != PLAY:
            return False
        return self.act(Draw(self.table.viewer))

    def keep(self):
        if not self.table.my_turn() or self.table.seat_view().phase != DRAWN:
            return False
        return self.act(KeepDrawn(self.table.viewer))

    def call_uno(self):
        if self.table.viewer is None or self.table.asking:
            return False
        m = CallUno(self.table.viewer)
        if m not in self.table.seat_view().legal:
            return self.table.refuse("No reason to call \"UNO!\" now: call it with two cards in "
                               "hand on your turn, or right after playing the second-to-last.")
        return self.table.call_uno(m)

    def catch(self):
        if self.table.viewer is None or self.table.asking:
            return False
        w = self.table.seat_view().uno_window
        if w is None or w == self.table.viewer:
            return self.table.refuse("Nobody to catch: every seat with one card called \"UNO!\".")
        return self.act(Catch(self.table.viewer, w))

    def show_scores(self):
        st = self.table.seat_view()
        lines = [f"Round {st.round_no}; the first to {st.options.playout_score} points wins.", ""]
        order = sorted(range(self.table.ctl.n), key=lambda s: -st.scores[s])
        for s in order:
            kind = self.table.ctl.kinds[s]     # (a joiner knows no level of the host's computers)
            who = "human" if self.table.is_human(s) else f"computer, {kind}" if kind in LEVELS else "computer"
            lines.append(f"  {self.table.ctl.names[s]:<12} {st.scores[s]:5d}   ({who})")
        lines += ["", "Rounds played:"] + (self.table.history[-30:] or ["  none finished yet"])
        return Push(TextBox(self.table.app, "Scores", lines))


    def bindings(self):
        """The keys of the moment; those a turn needs on the key bar, then F3 (computer
        turns fly past the notes lines), and F4 and F8 while there is room (F1 lists
        every key). Before a joiner's first view, the waiting screen's; a drawn card that
        did not play is held in sight until Enter; a joiner deals the next round with
        Enter."""
        t = self.table
        if t.ctl.state is None:
            return t.joined.waiting_bindings()
        b = self.turn_bindings()
        if t.held is not None and not t.stages:
            b.insert(0, Binding((pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE),
                                "Go on: your drawn card did not play, your turn has passed",
                                t.go_on, bar="Go on", bar_keys="Enter"))
        if t.link is not None and t.ctl.state.phase == ROUND_OVER:
            b.insert(0, Binding((pygame.K_RETURN, pygame.K_KP_ENTER), "Deal the next round",
                                t.deal_next, bar="Next round", bar_keys="Enter"))
        return b

    def turn_bindings(self):
        t = self.table
        st = t.seat_view()
        playing = t.my_turn() and st.phase == PLAY       # (my_turn: no playback under way)
        drawn = t.my_turn() and st.phase == DRAWN
        b = []
        if t.stages:
            b.append(Binding((pygame.K_SPACE,), "Hurry: show the turn's end", t.playback.hurry, bar="Hurry"))
        if t.viewer is not None:
            b += [Binding((pygame.K_LEFT,), "Choose a card", lambda: self.move_sel(-1),
                          bar="Card" if playing else "", bar_keys="\x1b\x1a"),
                  Binding((pygame.K_RIGHT,), "Choose a card", lambda: self.move_sel(1)),
                  Binding((pygame.K_HOME,), "First card", lambda: self.sel_end(False)),
                  Binding((pygame.K_END,), "Last card", lambda: self.sel_end(True))]
            if t.my_turn() or (st.options.jump_in and not t.stages):
                label = "Play the drawn card" if st.phase == DRAWN else "Play the chosen card"
                b.append(Binding((pygame.K_RETURN, pygame.K_KP_ENTER), label, self.enter,
                                 bar="Play" if playing else "Play it" if drawn else "", bar_keys="Enter"))
            if playing:
                b.append(Binding(("+", pygame.K_INSERT, pygame.K_KP_PLUS), "Draw a card", self.draw_card,
                                 bar="Draw", bar_keys="+"))
            if drawn:
                b.append(Binding(("-", pygame.K_DELETE, pygame.K_KP_MINUS), "Keep the drawn card", self.keep,
                                 bar="" if st.options.draw_until_playable else "Keep it", bar_keys="-"))
            catchable = st.uno_window is not None and st.uno_window != t.viewer
            b += [Binding(("u",), "Call \"UNO!\"", self.call_uno, bar="UNO!" if playing else ""),
                  Binding(("h",), "Coach: what the expert would do now, and why", t.coach.ask_coach,
                          bar="Coach" if t.coach.coach_ready() else ""),
                  Binding(("c",), "Catch a seat that forgot \"UNO!\"", self.catch,
                          bar="Catch" if catchable else "")]
        offered = sum(1 for x in b if x.bar)
        bars = {pygame.K_F3: "What happened" if offered < 6 else "Log", pygame.K_ESCAPE: "Leave"}
        if offered <= 2:
            bars.update({pygame.K_F4: "Scores", pygame.K_F8: "Save"})
        if t.link is None:
            return b + t.table_bindings("Scores", self.show_scores, bars)
        # a joiner's: F3's log, F1/F2, F4's scores and Esc (no saving, no computers' hands)
        return b + [Binding((pygame.K_F3,), "Log of the game", t.show_log, bar=bars.get(pygame.K_F3, "")),
                    *t.app_keys(""),
                    Binding((pygame.K_F4,), "Scores", self.show_scores, bar=bars.get(pygame.K_F4, "")),
                    Binding((pygame.K_ESCAPE,), "Leave the table (the host keeps your seat a while)",
                            t.leave, bar="Leave")]
