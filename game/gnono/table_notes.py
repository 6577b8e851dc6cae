"""What the Gnono table tells whom: the notes line, the F3 log and the voice, with the
privacy of hot seat. GnonoNarrator, held by GnonoTable (and a joiner's table) as
`narrator`; what it tells of the game it reads in the bottom seat's view.

A note may carry a secret: the same line with what only one seat may know (the cards
it drew, the coach's answer). The shared layer (game/table/audience.py) shows, logs
for F3 and speaks the secret only while that seat has the keyboard and its hand is
open (`reader`); everyone else reads the public line.
With several humans the bottom hand is open only on its owner's turn: while the
computers play, the screen is everybody's. When a human's turn begins, a line tells
him what came into (or left) his hand since his last turn, so computer turns that fly
past the three notes lines cannot change a hand unseen (F3 has the whole story).
"""
from __future__ import annotations

import re
from collections import Counter

from .cards import COLOR_NAMES, COLORS, FACE_NAMES, Card
from .rules import DRAWN, GAME_OVER, PLAY, ROUND_OVER

_CODE_IN_BRACKETS = re.compile(r" \((?:[RYGB](?:\d|S|R|\+2)|W\+4|W)\)")
_CODE = re.compile(r"(?<![\w+])(?:[RYGB](?:\d|S|R|\+2)|W\+4)(?![\w+])")


def spoken_cards(text: str) -> str:
    """A note as the voice says it: "red 7 (R7)" once, "B7 G3" as "blue 7, green 3"."""
    text = _CODE_IN_BRACKETS.sub("", text)
    return _CODE.sub(lambda m: Card.parse(m.group(0)).name, text)


class GnonoNarrator:
    """GnonoTable's notes, log and the privacy of the bottom hand."""

    def __init__(self, table) -> None:
        self.table = table

    def reader(self) -> int | None:
        """The seat whose secrets the notes, F3 and the voice may tell now."""
        return self.table.viewer if self.table.hand_open() else None

    def speak(self, text: str) -> None:
        self.table.app.say(spoken_cards(text))

    def announce_turn(self) -> None:
        """Say once when the viewer's turn begins (the title line shows it; the voice must)."""
        t = self.table
        st = t.seat_view()
        if t._turn_told or not t.hand_open():
            return
        t._turn_told = True     # until the turn passes (GnonoTable.update)
        who = "Your" if t.speaker.you(t.viewer) else f"{t.ctl.names[t.viewer]}, your"
        t.app.say(f"{who} turn. Top card {st.top.name}, colour {COLOR_NAMES[st.color]}.")

    # -- what changed my hand -------------------------------------------------------------
    def remember_hand(self, seat) -> None:
        """The hand of `seat` (the bottom seat) as its owner last saw it (after his own move)."""
        if seat is not None and self.table.is_human(seat):
            self.table.hand_seen[seat] = Counter(self.table.seat_view().hand)

    def tell_hand_changes(self) -> None:
        """At the start of the viewer's turn: what came into or left his hand since."""
        seat = self.table.viewer
        if seat is None or not self.table.hand_open():
            return
        now = Counter(self.table.seat_view().hand)
        seen = self.table.hand_seen.get(seat)
        self.table.hand_seen[seat] = now
        if seen is None or seen == now:
            return
        got, gone = sorted(map(str, (now - seen).elements())), sorted(map(str, (seen - now).elements()))
        parts = []
        if got:
            parts.append(f"{len(got)} new card{'s' if len(got) != 1 else ''}: {' '.join(got)}")
        if gone:
            parts.append(f"gone: {' '.join(gone)}")
        who = "your" if self.table.speaker.you(seat) else f"{self.table.ctl.names[seat]}'s"
        self.table.note(f"Since {who} last turn the hand changed.", seat=seat,
                  private=f"Since {who} last turn: {'; '.join(parts)} (F3: what happened).")

    # -- the voice (game.speech): the card under the cursor, F11 ----------------------------
    def spoken_focus(self) -> str:
        """The chosen card ("red 7, playable"), only while the hand is open to its owner."""
        if not self.table.hand_open() or self.table.stages:
            return ""   # nothing while a move is shown: its note must not be cut short
        st = self.table.seat_view()
        if st.phase == DRAWN and self.table.my_turn():
            keep = "" if st.options.draw_until_playable else ", minus keeps it"
            return f"You drew the {st.drawn_card.name}: Enter plays it{keep}."
        c = self.table.keymap.selected()
        if c is None:
            return ""
        if self.table.my_turn() and st.phase == PLAY:
            return f"{c.name}, {self.table.keymap.card_verdict(c)}"
        return c.name

    def spoken_intro(self) -> str:
        """Said when the table appears or is uncovered (it interrupts what was queued):
        the first time the notes so far, later only whose turn it is."""
        st, m = self.table.seat_view(), self.table.playback.shown()
        if st.phase in (ROUND_OVER, GAME_OVER):
            turn = "The round is over."
        elif m.current == self.table.viewer:
            turn = f"Your turn. Top card {m.top.name}, colour {COLOR_NAMES[m.color]}."
            self.table._turn_told = True
        else:
            turn = f"{self.table.ctl.names[m.current]}'s turn."
        if self.table._introduced:
            return turn.rstrip(".")   # the App puts the focus after it
        self.table._introduced = True
        return " ".join(["Gnono."] + [spoken_cards(x) for x in self.table.log[-3:]] + [turn]).rstrip(".")


    def spoken_detail(self) -> str | None:
        """Ctrl+F11: the hand colour by colour, then the wild cards (only when it is open)."""
        if self.table.viewer is None or not self.table.hand_open():
            return None
        cards = self.table.playback.hand_cards(self.table.playback.shown())
        parts = []
        for c in COLORS:
            faces = [FACE_NAMES.get(x.face, x.face) for x in cards if x.color == c]
            parts.append(f"{COLOR_NAMES[c]} {len(faces)}" + (": " + ", ".join(faces) if faces else ""))
        wilds = [x.name for x in cards if x.is_wild]
        if wilds:
            parts.append(f"wild {len(wilds)}: " + ", ".join(wilds))
        return "Your hand by colour. " + "; ".join(parts) + "."

    def spoken_state(self) -> str:
        """F11: the hand (the viewer's only, when open), the top card and the colour, each
        seat's cards, the scores, whose turn."""
        t = self.table
        st, m = t.seat_view(), t.playback.shown()
        parts = []
        if t.viewer is None:
            parts.append("You are watching.")
        elif t.hand_open():
            cards = t.playback.hand_cards(m)
            parts.append(f"Your hand, {len(cards)} cards: " + ", ".join(c.name for c in cards) + ".")
        else:
            parts.append(f"{t.ctl.names[t.viewer]}'s hand stays hidden until "
                         f"{t.ctl.names[t.viewer]}'s turn.")
        parts.append(f"Top card {m.top.name}, colour {COLOR_NAMES[m.color]}.")
        if st.pending_draw:
            parts.append(f"{st.pending_draw} cards to draw are waiting.")
        seats = [f"{t.ctl.names[s]} {len(m.hands[s])}" for s in range(t.ctl.n) if s != t.viewer]
        parts.append("Cards: " + ", ".join(seats) + ".")
        parts.append("Scores: " + ", ".join(f"{t.ctl.names[s]} {m.scores[s]}" for s in range(t.ctl.n))
                     + f". Playout {st.options.playout_score}.")
        if st.phase in (ROUND_OVER, GAME_OVER):
            parts.append("The round is over.")
        elif m.current == t.viewer:
            parts.append("Your turn.")
        else:
            parts.append(f"{t.ctl.names[m.current]}'s turn.")
        return " ".join(parts)
