"""The online variants of the rules sheet, each an option off by default (options.py):

  three_ppuk        a seat that makes its third ppuk (stack) in a hand wins the hand
                    at once: each opponent pays three_ppuk_points (times a nagari
                    multiplier), as a chongtong pays
  first_ppuk_paid   the hand's first ppuk, or a ttadak on the seat's own first turn,
                    is paid at once: first_paid_chips from each opponent
  bonus_steals      a bonus card played from hand also takes one junk from each opponent
  two_card_bomb     two cards of a month in hand with the other two on the table may
                    be played together as a bomb: the four are taken, one junk from
                    each opponent, the bomb doubles, and one later stock-only turn

`VariantRules` is a mixin of rules.GoStopState: the rules call these hooks at the
points where a variant changes the play; with every variant off they change nothing.
Pure: no pygame.
"""
from __future__ import annotations

from ..engine import Details
from .hand import Payment


class VariantRules:
    """The variants' part of the turn (mixed into rules.GoStopState)."""

    def _bomb_offered(self, in_hand: int, on_table: int) -> bool:
        """A bomb may be played: three in hand and the fourth on the table, or with
        the two-card bomb two in hand and two on the table."""
        return (in_hand == 3 and on_table == 1) or (
            in_hand == 2 and on_table == 2 and self.options.two_card_bomb)

    def _decline_bomb(self, ev) -> None:
        """No to a bomb: three in hand go on to the shaking question, two are played
        as one card."""
        m = self.t_card.month
        if sum(1 for c in self.hands[self.turn] if c.month == m) == 3:
            self.phase = "shake"
        else:
            self._play_hand_card(self.t_card, ev)

    def _bonus_played(self, seat, ev) -> None:
        """A bonus card played from hand (after it is captured)."""
        if self.options.bonus_steals:
            self._take_junk(seat, 1, "bonus", ev)

    def _first_turn(self, seat) -> bool:
        """The seat is in its own first turn of the hand (its hand card played)."""
        return self.options.hand_size - self.turns_left(seat) == 1

    def _ppuk_made(self, seat, ev) -> bool:
        """A ppuk was just made by `seat`: count it, pay the first one at once (option),
        and end the hand on the third (option). True if the hand is settled."""
        first = not any(self.ppuks)
        self.ppuks[seat] += 1
        o = self.options
        if o.three_ppuk and self.ppuks[seat] >= 3:
            self._three_ppuk(seat, ev)
            return True
        if o.first_ppuk_paid and first:
            self._pay_at_once(seat, "first ppuk", ev)
        return False

    def _ttadak_made(self, seat, ev) -> None:
        if self.options.first_ppuk_paid and self._first_turn(seat):
            self._pay_at_once(seat, "first-turn ttadak", ev)

    def _pay_at_once(self, seat, why: str, ev) -> None:
        chips = self.options.first_paid_chips
        for o in range(self.n):
            if o != seat:
                self.chips[o] -= chips
                self.chips[seat] += chips
                if ev is not None:
                    ev.append(Details("paid_at_once", seat, {"cards": [], "from": o,
                                                             "chips": chips, "reason": why}))

    def _three_ppuk(self, seat, ev) -> None:
        pts = self.options.three_ppuk_points
        if ev is not None:
            ev.append(Details("three_ppuk", seat, {"cards": []}))
        pays = []
        for o in range(self.n):
            if o != seat:
                dbl = [("nagari", self.multiplier)] if self.multiplier > 1 else []
                pays.append(Payment(o, o, pts, 0, dbl, pts * self.multiplier))
        self._settle(seat, pays, "three_ppuk", ev, points=pts, lines=[("three ppuk", pts)])
