"""The Gnono table's questions to the player at the keyboard: the colour after a Wild,
whether to challenge a Wild Draw Four (or stack on it, or catch a forgotten "UNO!"),
and whom to swap hands with after a 7. GnonoQuestions, held by GnonoTable and by a
joiner's table (remote_table.py) as `questions`: it reads the seat's view
(`table.seat_view()`) and answers with `table.apply`; what a challenge showed is the
table's to tell (`table.answer_challenge`: at once at one keyboard, when the host's
update comes at a network table)."""
from __future__ import annotations

from typing import Any

from game.scene import Push
from game.words import counted

from .cards import COLOR_NAMES
from .rules import CHALLENGE, Catch, Play, SwapHands
from .screens import ChallengeBox, ColourBox, SeatChooser


class GnonoQuestions:
    def __init__(self, table: Any) -> None:
        self.table = table

    def ask_colour(self, on_pick, cancel=True) -> Push:
        t = self.table
        t.asking = True

        def picked(c):
            t.asking = False
            return on_pick(c)

        def cancelled():
            t.asking = False

        hand = t.seat_view().hand if t.viewer is not None else []
        return Push(ColourBox(t.app, picked, cancelled if cancel else None, hand, t.coach.ask_coach))

    def ask_challenge(self) -> Push:
        t = self.table
        st = t.seat_view()
        seat = t.viewer
        names = t.ctl.names
        offender = st.wd4_seat if st.wd4_seat is not None else st.next_seat(seat, -1)
        prev = COLOR_NAMES[st.wd4_prev_color] if st.wd4_prev_color else "?"
        t.asking = True
        total = st.pending_draw if st.options.stacking else 4
        held = f"a {prev} card" if st.options.wd4_rule == "color" else "another playable card"
        text = [f"{names[offender]} played a Wild Draw Four on you "
                f"(the colour was {prev}, now {COLOR_NAMES[st.color]}).",
                f"Challenge?  Y: {names[offender]} shows the hand. Holding {held}, "
                f"{names[offender]} draws 4 and you play on; "
                f"if not, you draw {total + 2}.",
                f"N: you draw {total} and miss your turn."]
        # stacking: your own Wild Draw Four, or (mixed) a Draw Two of the colour named
        stackable = sorted({m.card for m in st.legal if type(m) is Play and m.seat == seat},
                           key=lambda c: not c.is_wild_draw_four)

        def answer(yes):
            t.asking = False
            if t.seat_view().phase != CHALLENGE:
                return None
            return t.answer_challenge(yes, offender, prev, total)

        def stack():
            t.asking = False
            card = stackable[0]
            if card.is_wild:
                return self.ask_colour(lambda c: t.apply(Play(seat, card, c), 0.5))
            t.apply(Play(seat, card), 0.5)
            return None

        def catchable():
            u = t.seat_view().uno_window
            return names[u] if u is not None and u != seat else None

        def catch():
            u = t.seat_view().uno_window
            return t.keymap.act(Catch(seat, u)) if u is not None and u != seat else False

        label = (f"stack your {stackable[0].name}" if stackable else "")
        return Push(ChallengeBox(t.app, text, lambda: answer(True), lambda: answer(False),
                                 stack if stackable else None, label, catchable, catch,
                                 t.coach.ask_coach))

    def ask_swap(self) -> Push:
        t = self.table
        t.asking = True
        seat = t.viewer
        counts = t.seat_view().counts

        def picked(target):
            t.asking = False
            t.apply(SwapHands(seat, target), 0.6)

        others = [s for s in range(t.ctl.n) if s != seat]
        return Push(SeatChooser(t.app, "A 7: swap hands with whom?",
                                [(s, f"{t.ctl.names[s]} ({counted(counts[s], 'card')})") for s in others],
                                picked, t.coach.ask_coach))
