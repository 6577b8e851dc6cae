"""Reading the other seat's hand from its plays (2 seats), for the Gnono expert.

The hand is worth reading: told it, the expert's search wins far more rounds
(docs/gnono-players.md has the figures).

A `PlayReader` follows the round through the views its seat is shown (only those:
no hidden state) and notes what each play of the other seat says about its hand,
judged as a sane player plays (a card of the colour before one that switches
colour by number, a plain card before a Wild, a free action card before a number,
the highest number first):
  - it switched colour with a same-number card: it held no card of the old colour;
  - it played a Wild: no card of the old colour nor of the old number or symbol
    (and no plain Wild, if it played a Wild Draw Four);
  - it kept to the colour with a number: no action card of that colour, nor a
    higher number;
  - it drew and played the card drawn (one card played, its count unchanged), or
    drew on a colour and kept the card (the view's last_drew_on): nothing else
    fitted, a Wild neither.
Each note holds for the cards it had then; cards it has drawn since are free of it.
`HandSampler` deals that seat's hand from the unseen cards, keeping a card that
breaks a note only with chance LIE, so a player that does not play by these
habits (a human, the hard computer) only blurs the reading. With jump-ins or the
7-0 swaps on, a hand can change owner or a play come out of turn: only the draws
are read then.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from game.gnono.cards import DRAW_TWO, Card
from game.gnono.rules import ChooseColor, Draw, GnonoView, KeepDrawn, Play, PlayDrawn

LIE = 0.12            # weight of each card that breaks a note (a sane player rarely holds one)


@dataclass
class Note:
    """The other seat held no card with `color` / `face` (None: no such note), nor
    a Wild (`wild`) or a plain Wild (`plain_wild`), when it had `count` cards."""
    color: str | None
    face: str | None
    wild: bool
    plain_wild: bool
    count: int
    played_since: int = 0
    higher_of: str | None = None       # or no card of this colour worth more
    than: int = 0                      # ... than this many points (an action card: 20)

    def breaks(self, c: Card) -> bool:
        if c.color == "W":
            return self.wild or (self.plain_wild and not c.is_wild_draw_four)
        return c.color == self.color or (self.face is not None and c.face == self.face) \
            or (c.color == self.higher_of and c.points > self.than)


class PlayReader:
    """Notes on the other seat of a 2-seat round, from the seat's own views."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.seen_len = 0              # cards of view.seen already read
        self.seen_head: tuple = ()     # the first cards of seen (a new round starts afresh)
        self.my_colours: dict[int, str] = {}   # index in seen of my Wild -> colour named
        self.notes: list[Note] = []
        self.opp_after: int | None = None      # its count as my last move left it

    def update(self, view: GnonoView) -> None:
        """Read the plays since the last view (idempotent for the same view)."""
        seen = view.seen
        if view.n_players != 2 or view.options.jump_in or view.options.seven_zero:
            return
        head = tuple(seen[:2])
        if not self.seen_head or len(seen) < self.seen_len \
                or tuple(seen[:len(self.seen_head)]) != self.seen_head:
            self.reset()                  # a new round (or a game resumed)
            self.seen_head = head
            # the upcard is nobody's play; what follows is the other seat's only if
            # its cards and plays add up to a fresh deal (else: a game resumed, whose
            # plays cannot be told apart)
            fresh = view.counts[1 - view.seat] + len(seen) - 1 == view.options.hand_size
            self.seen_len = 1 if fresh else len(seen)
        other = 1 - view.seat
        theirs = [i for i in range(max(1, self.seen_len), len(seen)) if i not in self.my_colours]
        for i in theirs:
            self._read_play(seen, i, view.counts[other] + (len(seen) - 1 - i))
        if len(theirs) == 1 and self.opp_after == view.counts[other] and theirs[0] == len(seen) - 1:
            # one card played, its count unchanged: it drew, then played the card drawn,
            # so nothing it held fitted before (a Wild neither)
            i = theirs[0]
            prev = seen[i - 1]
            col = self.my_colours.get(i - 1) if prev.color == "W" else prev.color
            if col is not None:
                self.notes[-1:] = [Note(col, None if prev.color == "W" else prev.face, True,
                                        False, view.counts[other])]
        if theirs:
            self.opp_after = None
        self.seen_len = len(seen)
        self.seen_head = head

    def _read_play(self, seen, i: int, count_before: int) -> None:
        c, prev = seen[i], seen[i - 1]
        for n in self.notes:
            n.played_since += 1
        if prev.color == "W":
            col = self.my_colours.get(i - 1)
            face = None
        else:
            col, face = prev.color, prev.face
        if col is None:
            return
        if c.color == "W":
            self.notes.append(Note(col, face, False, c.is_wild_draw_four, count_before))
        elif c.color != col:
            self.notes.append(Note(col, None, False, False, count_before))
        elif not c.is_action:
            # kept to the colour with a number: a sane player plays its free card
            # (an action card) first, and sheds its highest number
            self.notes.append(Note(None, None, False, False, count_before,
                                   higher_of=col, than=c.points))

    def mine(self, view: GnonoView, move) -> None:
        """Note my own move (decided on `view`): a card I play is the next card of
        seen, and the colour I name for a Wild is what its player's next card faced."""
        if view.n_players != 2 or view.options.jump_in or view.options.seven_zero:
            return
        self.update(view)
        t = type(move)
        i = len(view.seen)
        self.opp_after = view.counts[1 - view.seat]
        if t is Play or t is PlayDrawn:
            card = move.card if t is Play else view.drawn_card
            self.my_colours[i] = move.color if card.color == "W" else card.color
            self.seen_len = i + 1
            self.opp_after += 4 if card.is_wild_draw_four else 2 if card.face == DRAW_TWO else 0
        elif t is ChooseColor:
            self.my_colours[i - 1] = move.color
        elif t is not Draw and t is not KeepDrawn:
            self.opp_after = None                  # a challenge: its count is not known

    def live_notes(self, view: GnonoView) -> list[tuple[Note, int]]:
        """(note, cards drawn since it was made) for the notes still telling something."""
        other = 1 - view.seat
        m = view.counts[other]
        out = []
        for n in self.notes:
            old = n.count - n.played_since      # cards of then still held (at most)
            new = max(0, m - old)
            if new < m:
                out.append((n, new))
        lacked = view.last_drew_on[other]
        if lacked is not None:
            out.append((Note(lacked, None, True, False, m), 0))
        return out

    def sampler(self, view: GnonoView, unseen: list[Card]) -> HandSampler:
        """What deals the other seat's hand now, by the notes."""
        return HandSampler(unseen, view.counts[1 - view.seat], self.live_notes(view))


class HandSampler:
    """Deals the other seat's hand from the unseen cards by the notes: cards in
    random order, one that breaks notes kept with chance LIE per note broken,
    unless that note still has room for a card drawn since; if too few are kept,
    the rest at random. Prepared once per decision, sampled once per world."""

    def __init__(self, unseen: list[Card], size: int, notes: list[tuple[Note, int]]):
        self.unseen = list(unseen)
        self.size = size
        self.room = [new for _, new in notes]
        # per unseen card (by position), the notes it breaks
        self.broken = {id(c): tuple(k for k, (n, _) in enumerate(notes) if n.breaks(c))
                       for c in self.unseen} if notes else {}

    def sample(self, rng: random.Random) -> tuple[list[Card], list[Card]]:
        """(the other seat's hand, the stock in random order)."""
        cards = list(self.unseen)
        rng.shuffle(cards)
        size = self.size
        if not self.broken:
            return cards[:size], cards[size:]
        room = list(self.room)
        hand, rest = [], []
        broken = self.broken
        i = 0
        while len(hand) < size and i < len(cards):
            c = cards[i]
            i += 1
            b = broken[id(c)]
            if b:
                tight = 0
                for k in b:
                    if room[k] <= 0:
                        tight += 1
                if tight and rng.random() >= LIE ** tight:
                    rest.append(c)
                    continue
                for k in b:
                    room[k] -= 1
            hand.append(c)
        if len(hand) < size:
            k = size - len(hand)
            hand.extend(rest[:k])
            rest = rest[k:]
        return hand, rest + cards[i:]
