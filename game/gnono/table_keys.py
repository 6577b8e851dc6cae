"""The human's keys at the Gnono table: choosing a card, playing, drawing, keeping the
drawn card, "UNO!" and catching, F4's scores; refused keys beep with the reason.
A mixin of GnonoTable."""
from __future__ import annotations

import pygame

from game import palette as P
from game.keys import Binding
from game.scene import Push
from game.scenes.overlays import TextBox

from .cards import COLOR_NAMES, Card
from .help_text import HELP
from .narrate import narrate
from .rules import DRAWN, PLAY, CallUno, Catch, Draw, KeepDrawn, Play, PlayDrawn


class TableKeys:
    """GnonoTable's keys."""

    def act(self, move) -> bool:
        """A human's move: applied, or refused with the beep and the reason (either way
        the key is answered, so the App must not beep again)."""
        self.apply(move, 0.5)
        return True

    def my_turn(self) -> bool:
        st = self.state
        return (self.viewer is not None and not self.stages and not self.asking
                and st.current == self.viewer and st.phase in (PLAY, DRAWN))

    def _sync_selection(self):
        cards = self.hand_cards(self.live())
        if not cards:
            self.sel = 0
            return
        if self.state.phase == DRAWN and self.state.current == self.bottom and self.state.drawn_card in cards:
            self.sel_card = self.state.drawn_card
        if self.sel_card in cards:
            self.sel = cards.index(self.sel_card)
        self.sel = max(0, min(self.sel, len(cards) - 1))
        self.sel_card = cards[self.sel]

    def move_sel(self, d):
        if self.viewer is None:
            return False
        if self.state.phase == DRAWN and self.my_turn():
            return self.refuse("Enter plays the card you drew, - keeps it.")
        cards = self.hand_cards()
        if not cards:
            return False
        self.sel = (self.sel + d) % len(cards)
        self.sel_card = cards[self.sel]

    def sel_end(self, last: bool):
        cards = self.hand_cards()
        if not cards or self.viewer is None:
            return False
        self.sel = len(cards) - 1 if last else 0
        self.sel_card = cards[self.sel]

    def selected(self) -> Card | None:
        cards = self.hand_cards()
        if not cards:
            return None
        self.sel = max(0, min(self.sel, len(cards) - 1))
        return cards[self.sel]

    def enter(self):
        st = self.state
        seat = self.viewer
        if seat is None or self.stages or self.asking:
            return False
        if st.current != seat:
            # jump in (house rule) with a card identical to the top card
            card = self.selected()
            if st.options.jump_in and card is not None and st.phase == PLAY:
                return self.act(Play(seat, card))
            return self.refuse("It is not your turn.")
        if st.phase == DRAWN:
            card = st.drawn_card
            if card.is_wild:
                return self.ask_colour(lambda c: self.apply(PlayDrawn(seat, c), 0.5))
            return self.act(PlayDrawn(seat))
        if st.phase != PLAY:
            return False
        card = self.selected()
        if card is None:
            return False
        if card.is_wild:
            probe = Play(seat, card, "R")
            if not st.is_legal(probe):
                return self.act(probe)   # refused by the engine: the beep and its reason
            return self.ask_colour(lambda c: self.apply(Play(seat, card, c), 0.5))
        return self.act(Play(seat, card))

    def playable(self, card) -> bool:
        """May the bottom seat lawfully play this card now (its turn, phase play)? A Wild
        Draw Four the rules allow only as a bluff (challenges on) is not playable here."""
        st = self.state
        if not st.is_legal(Play(self.bottom, card, "R" if card.is_wild else None)):
            return False
        return not (card.is_wild_draw_four and not st.pending_draw and not st.wd4_lawful(self.bottom))

    def card_verdict(self, card) -> str:
        """"playable", "does not match", or the bluff a Wild Draw Four would be."""
        if self.playable(card):
            return "playable"
        st = self.state
        if card.is_wild_draw_four and st.is_legal(Play(self.bottom, card, "R")):
            held = (COLOR_NAMES[st.color] if st.options.wd4_rule == "color"
                    else "another playable card")
            return f"a bluff (you hold {held}): it may be challenged"
        return "does not match"

    def draw_card(self):
        if not self.my_turn() or self.state.phase != PLAY:
            return False
        return self.act(Draw(self.viewer))

    def keep(self):
        if not self.my_turn() or self.state.phase != DRAWN:
            return False
        return self.act(KeepDrawn(self.viewer))

    def call_uno(self):
        if self.viewer is None or self.asking:
            return False
        m = CallUno(self.viewer)
        if not self.state.is_legal(m):
            return self.refuse("No reason to call \"UNO!\" now: call it with two cards in "
                               "hand on your turn, or right after playing the second-to-last.")
        # no playback: the call must not hold up the card that follows it
        for ev in self.ctl.apply(m):
            text, cue = narrate(ev, self.speaker, self.viewer)
            self.note(text, P.YELLOW)
            if cue:
                self.app.sound(cue)
        for stage in self.stages:
            stage.model.uno_called[self.viewer] = True
        return True

    def catch(self):
        if self.viewer is None or self.asking:
            return False
        w = self.state.uno_window
        if w is None or w == self.viewer:
            return self.refuse("Nobody to catch: every seat with one card called \"UNO!\".")
        return self.act(Catch(self.viewer, w))

    def show_scores(self):
        st = self.state
        lines = [f"Round {st.round_no}; the first to {st.options.playout_score} points wins.", ""]
        order = sorted(range(self.n), key=lambda s: -st.totals[s])
        for s in order:
            who = "human" if self.is_human(s) else f"computer, {self.kinds[s]}"
            lines.append(f"  {self.names[s]:<12} {st.totals[s]:5d}   ({who})")
        lines += ["", "Rounds played:"] + (self.history[-30:] or ["  none finished yet"])
        return Push(TextBox(self.app, "Scores", lines))


    def bindings(self):
        b = []
        if self.stages:
            b.append(Binding((pygame.K_SPACE,), "Hurry: show the turn's end", self.hurry))
        if self.viewer is not None:
            b += [Binding((pygame.K_LEFT,), "Choose a card", lambda: self.move_sel(-1)),
                  Binding((pygame.K_RIGHT,), "Choose a card", lambda: self.move_sel(1)),
                  Binding((pygame.K_HOME,), "First card", lambda: self.sel_end(False)),
                  Binding((pygame.K_END,), "Last card", lambda: self.sel_end(True))]
            if self.my_turn() or (self.state.options.jump_in and not self.stages):
                label = "Play the drawn card" if self.state.phase == DRAWN else "Play the chosen card"
                b.append(Binding((pygame.K_RETURN, pygame.K_KP_ENTER), label, self.enter))
            if self.my_turn() and self.state.phase == PLAY:
                b.append(Binding(("+", pygame.K_INSERT, pygame.K_KP_PLUS), "Draw a card", self.draw_card))
            if self.my_turn() and self.state.phase == DRAWN:
                b.append(Binding(("-", pygame.K_DELETE, pygame.K_KP_MINUS), "Keep the drawn card", self.keep))
            b += [Binding(("u",), "Call \"UNO!\"", self.call_uno),
                  Binding(("c",), "Catch a seat that forgot \"UNO!\"", self.catch),
                  Binding(("h",), "Coach: what the expert would do now, and why", self.ask_coach)]
        return b + self.table_bindings("Scores", self.show_scores)

    def help_lines(self):
        return HELP
