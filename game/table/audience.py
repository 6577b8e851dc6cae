"""Messages that carry their audience, and the notes lines and F3 history of a table
filtered for the seat at the keyboard: hot-seat privacy by construction.

A `Message` has what everyone may read (`text`, None: nothing) and, for one `seat`
only, a `private` version (the cards that seat drew, the coach's answer to it). The
table says who reads now (`reader()`: the seat at the keyboard while its hand is
open, else None: nobody's secrets). What is drawn, kept in the F3 history and spoken
goes through `Notes`, which asks the reader each time: a secret shown while its seat
had the keyboard is gone from the screen as soon as the hand closes, and never
reaches the next player's history.

    notes = Notes(reader, say, ui.wrap)
    notes.add("Ann draws 1 card.", seat=0, private="You draw 1 card: Y9.")
    notes.add(None, seat=0, private="Coach: play the red 7.")
    notes.refusal("Not allowed: green 1 (G1) does not match.")   # the reader's only
    notes.lines()      # the last NOTE_ROWS wrapped lines, (text, colour), for the reader
    notes.history()    # the F3 history, for the reader
    notes.public()     # what a save keeps (never a secret)

No pygame here (the table gives its word-wrap, ui.wrap).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

ROWS = 3          # the notes lines at the foot of a table
WIDTH = 78        # their width in characters
KEEP = 400        # messages kept for the F3 history


@dataclass(frozen=True)
class Message:
    text: str | None              # for everyone (None: the others read nothing)
    colour: int | None = None     # None: the notes' colour of the options
    seat: int | None = None       # the one seat that reads `private` instead
    private: str | None = None

    def for_reader(self, reader: int | None) -> str | None:
        """What the seat at the keyboard (None: nobody's secrets) may read of it."""
        if self.private and self.seat is not None and reader == self.seat:
            return self.private
        return self.text


class Notes:
    def __init__(self, reader: Callable[[], int | None], say: Callable[[str], None],
                 wrap: Callable[[str, int], list[str]], rows: int = ROWS, width: int = WIDTH):
        self.reader, self.say, self.wrap = reader, say, wrap   # wrap: ui.wrap, where drawn
        self.rows, self.width = rows, width
        self.messages: list[Message] = []
        self.start = 0        # the notes lines show the messages from here on

    def add(self, text: str | None, colour: int | None = None, seat: int | None = None,
            private: str | None = None) -> None:
        """A message: shown in the notes, kept for F3 and spoken, each for the reader."""
        m = Message(text or None, colour, seat, private or None)
        if m.text is None and (m.private is None or m.seat is None):
            return
        self.messages.append(m)
        if len(self.messages) > KEEP:
            cut = KEEP // 4
            del self.messages[:cut]
            self.start = max(0, self.start - cut)
        shown = m.for_reader(self.reader())
        if shown:
            self.say(shown)

    def refusal(self, text: str, colour: int | None = None) -> None:
        """Why a key was refused: private to the seat at the keyboard (it may name a card
        of its hand, and nobody else was refused), public only while no hand is open."""
        reader = self.reader()
        if reader is None:
            self.add(text, colour)
        else:
            self.add(None, colour, seat=reader, private=text)

    def lines(self) -> list[tuple[str, int | None]]:
        """The notes lines for the reader now, newest last."""
        reader = self.reader()
        out: list[tuple[str, int | None]] = []
        for m in reversed(self.messages[self.start:]):
            text = m.for_reader(reader)
            if text:
                out[:0] = [(line, m.colour) for line in self.wrap(text, self.width)]
                if len(out) >= self.rows:
                    break
        return out[-self.rows:]

    def history(self) -> list[str]:
        """Every message the reader now may read, oldest first (F3)."""
        reader = self.reader()
        return [t for m in self.messages if (t := m.for_reader(reader))]

    def public(self) -> list[str]:
        """What everyone may read: a save keeps this."""
        return [m.text for m in self.messages if m.text]

    def clear_lines(self) -> None:
        """The notes lines start empty again (a new round); the history stays."""
        self.start = len(self.messages)

    def load(self, texts: list[str]) -> None:
        """A saved history (public lines), the notes lines empty."""
        self.messages = [Message(t) for t in texts if t]
        self.start = len(self.messages)
