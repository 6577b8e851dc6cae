"""What the Go-Stop table says aloud (GoStopSpeech, held by the table as `speech`), when the Speech
option is on: each note as it is written, the hand card under the cursor with the
table cards it would take, the table card of a match question, and on F11 where
things stand. In hot seat nothing of a hand is spoken unless its owner has the
keyboard and is the one asked (the same rule as the face-up hand: hand_visible)."""
from __future__ import annotations

from game.spoken import speakable
from game.words import counted

from .narrate import card_label, month_name
from .table_draw import FLIP, category_words, play_hint


def cards_words(cards) -> str:
    return ", ".join(card_label(c) for c in cards) or "none"


class GoStopSpeech:
    def __init__(self, table) -> None:
        self.table = table

    def spoken_focus(self) -> str:
        ph = self.table.keymap.human_phase()
        st = self.table.ctl.source.state
        if ph == "play":
            ents = self.table.keymap.entries()
            if not ents:
                return ""
            e = ents[self.table.sel % len(ents)]
            if e == FLIP:
                return "Turn up the stock only, a turn left to you by your bomb."
            return speakable(f"{card_label(e)}, {category_words(e)}. {play_hint(st, e, self.table.bottom)}")
        if ph == "match":
            c = st.choices[self.table.choice % len(st.choices)]
            return speakable(f"Take {card_label(c)}? {self.table.choice % len(st.choices) + 1} of "
                             f"{len(st.choices)}. Enter takes it.")
        return ""

    def spoken_detail(self) -> str | None:
        """Ctrl+F11: the hand month by month, with the table's cards of each month (only
        when the hand is face up: never another human's)."""
        if not self.table.hand_visible():
            return None
        st = self.table.ctl.source.state
        months: dict[int, list] = {}
        for c in st.hands[self.table.bottom]:
            months.setdefault(c.month, []).append(c)
        parts = []
        for m, cs in sorted(months.items()):
            on_table = sum(1 for c in st.table if c.month == m)
            head = month_name(m) if m else "bonus"
            parts.append(f"{head}: {', '.join(c.description if m else card_label(c) for c in cs)}"
                         + (f", {on_table} on the table" if m else ""))
        return (f"{self.whose(self.table.bottom)} hand by month. " + "; ".join(parts) + ".") if parts \
            else f"{self.whose(self.table.bottom)} hand is empty."

    def spoken_state(self) -> str:
        st = self.table.ctl.source.state
        me = self.table.bottom
        parts = []
        q = st.question()
        if q.kind == "hand_over":
            parts.append(f"Hand {st.hand_no} is over.")
        else:
            parts.append(f"Hand {st.hand_no}, {self.table.names[q.seat]} to play. "
                         f"Target {st.options.target_points}.")
        if self.table.hand_visible():
            parts.append(f"{self.whose(me)} hand: {cards_words(st.hands[me])}.")
        by_month: dict = {}
        for c in st.table:
            by_month.setdefault(c.month, []).append(c)
        table = "; ".join(cards_words(cs) + (" (a stack)" if m in st.stacks else "")
                          for m, cs in sorted(by_month.items()))
        parts.append(f"Table: {table or 'empty'}. Stock {counted(len(st.stock), 'card')}.")
        for s in range(st.n):
            bits = [counted(st.score(s), "point")]
            if st.go_counts[s]:
                bits.append(f"{st.go_counts[s]} Go")
            bits.append(f"{counted(len(st.hands[s]), 'card')} in hand")
            bits.append(f"chips {st.chips[s]:+d}")
            parts.append(f"{self.table.names[s]}: " + ", ".join(bits) + ".")
        return speakable(" ".join(parts))

    def whose(self, seat) -> str:
        return "Your" if self.table.names[seat] == "You" else f"{self.table.names[seat]}'s"
