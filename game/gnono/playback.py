"""How the Gnono table shows a move: the table as a `Model` (a snapshot moved on event
by event) and the `Stage`s of its playback (a card flying, a rest, a note and its
sound), and where each seat's cards lie on screen. A `Playback` is held by GnonoTable,
by the replay's table (replay_board.py) and by a joiner's table (seats.py) as
`playback`: it reads the seats and the game from its table's `ctl` (`ctl.state`: the
engine, or at a joiner's table the seat's view, whose other hands are unknown cards,
None, as many as each seat holds)."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game import palette as P

from .cards import Card, hand_order
from .narrate import narrate
from .rules import GnonoState
from .settings import PACE
from .table_layout import (
    CARD_H,
    CARD_W,
    DISCARD_RECT,
    DRAW_RECT,
    HAND_Y,
    HandView,
    fan_rects,
    seat_boxes,
    seat_target,
)
from .view import GnonoView


@dataclass
class Model:
    """What the table shows: a snapshot of the state, moved on event by event."""
    hands: list
    top: Card
    color: str
    direction: int
    current: int
    draw_size: int
    uno_called: list
    scores: list

    @classmethod
    def of(cls, st: GnonoState | GnonoView) -> Model:
        """The table as the engine holds it, or as one seat's view shows it (the other
        hands as unknown cards: None)."""
        if isinstance(st, GnonoView):
            hands = [list(st.hand) if s == st.seat else [None] * k for s, k in enumerate(st.counts)]
            return cls(hands, st.top, st.color, st.direction, st.current, st.draw_pile_size,
                       list(st.uno_called), list(st.scores))
        return cls([list(h) for h in st.hands], st.top, st.color, st.direction, st.current,
                   len(st.draw_pile), list(st.uno_called), list(st.totals))

    def copy(self) -> Model:
        return Model([list(h) for h in self.hands], self.top, self.color, self.direction,
                     self.current, self.draw_size, list(self.uno_called), list(self.scores))


@dataclass
class Stage:
    """One moment of a turn's playback: the table as `model`, maybe a card flying
    (card or None for a back, from Rect, to Rect), a note and a sound at its start."""
    model: Model
    steps: int
    moving: tuple | None = None
    note: str | None = None
    cue: str | None = None
    t: int = 0
    colour: int | None = None
    owner: int | None = None     # the seat that alone may read `secret`
    secret: str | None = None    # the note with that seat's private details (its drawn cards)


class Playback:
    """A table's playback of moves and its seats on screen. It reads of its `table`:
    the controller (ctl: seats, state, version), the seat at the keyboard (viewer),
    the hand's selection (sel, scroll), F9 (show_hands), the pace (speed), the stages
    being played (stages) and its notes (note)."""

    def __init__(self, table) -> None:
        self.table = table
        self._boxes_key: tuple | None = None
        self._boxes: dict = {}
        self._live: tuple | None = None

    def forget(self) -> None:
        """Drop the models and seat boxes kept (the keyboard changed hands)."""
        self._live = self._boxes_key = None

    # -- pace -------------------------------------------------------------------------
    @property
    def move_steps(self):
        return PACE[self.table.speed][0]

    @property
    def pause_steps(self):
        return PACE[self.table.speed][1]

    # -- who is where -----------------------------------------------------------------
    @property
    def bottom(self) -> int:
        t = self.table
        return t.viewer if t.viewer is not None else (t.ctl.humans[0] if t.ctl.humans else 0)

    def boxes(self):
        key = (self.table.ctl.n, self.bottom)
        if self._boxes_key != key:
            self._boxes_key = key
            self._boxes = seat_boxes(self.table.ctl.n, self.bottom)
        return self._boxes

    # -- the models -------------------------------------------------------------------
    def live(self) -> Model:
        """The table as the state is now (kept while no move is applied)."""
        version = self.table.ctl.version
        if self._live is None or self._live[0] != version:
            self._live = (version, Model.of(self.table.ctl.state))
        return self._live[1]

    def shown(self) -> Model:
        stages = self.table.stages
        return stages[0].model if stages else self.live()

    def hand_cards(self, model: Model | None = None) -> list[Card]:
        m = model or self.shown()
        return sorted(m.hands[self.bottom], key=hand_order)

    def hand_view(self, cards) -> HandView:
        t = self.table
        hv = HandView(len(cards), t.sel if cards else None, t.scroll)
        t.scroll = hv.first
        return hv

    def card_rect(self, model: Model, seat: int, card: Card | None) -> pygame.Rect:
        """Where a card of `seat` lies on screen (for a flight's start or end)."""
        if seat == self.bottom:
            cards = sorted(model.hands[seat], key=hand_order)
            hv = HandView(len(cards), None, self.table.scroll)
            if card is not None and card in cards:
                return hv.nearest(cards.index(card))
            return hv.nearest(max(0, len(cards) - 1)) if cards else pygame.Rect(300, HAND_Y, CARD_W, CARD_H)
        box = self.boxes()[seat]
        hand = model.hands[seat] if None in model.hands[seat] else sorted(model.hands[seat], key=hand_order)
        rects = fan_rects(box, len(hand), self.table.show_hands)
        if card is not None and card in hand and hand.index(card) < len(rects):
            return rects[hand.index(card)]
        return seat_target(box, len(hand))

    def build_stages(self, model: Model, events, scale: float = 1.0) -> list[Stage]:
        mv = max(1, int(self.move_steps * scale))
        rest = max(1, int(self.pause_steps * scale) // 2)
        out: list[Stage] = []
        m = model.copy()
        for ev in events:
            k = ev.kind
            s = ev.seat
            # the public line; a drawn card's name only in its drawer's secret (table_notes)
            text, cue = narrate(ev, self.table.speaker, None)
            if k == "played":
                c = ev.card
                src = self.card_rect(m, s, c)
                if c in m.hands[s]:
                    m.hands[s].remove(c)
                elif None in m.hands[s]:       # a hand this table cannot see
                    m.hands[s].remove(None)
                out.append(Stage(m, mv, moving=(c, src, DISCARD_RECT), note=text, cue=cue))
                m = m.copy()
                m.top = c
                m.color = (ev.color or m.color) if c.is_wild else c.color
                out.append(Stage(m, rest))
            elif k == "drew":
                if ev.count:
                    dst = self.card_rect(m, s, None)
                    out.append(Stage(m, mv, moving=(None, DRAW_RECT, dst), note=text, cue=cue,
                                     owner=s, secret=narrate(ev, self.table.speaker, s)[0]))
                    m = m.copy()
                    m.hands[s].extend(ev.cards or [None] * ev.count)   # (unseen: their count)
                    m.draw_size = max(0, m.draw_size - ev.count)
                    m.uno_called[s] = False
                    out.append(Stage(m, max(1, rest // 2)))
                else:
                    out.append(Stage(m, rest, note=text, cue=cue))
            elif k == "color":
                m = m.copy()
                m.color = ev.color
                out.append(Stage(m, rest, note=text, cue=cue))
            elif k == "reversed":
                m = m.copy()
                m.direction = -m.direction
                out.append(Stage(m, rest, note=text, cue=cue))
            elif k == "turn":
                m = m.copy()
                m.current = s
            elif k == "uno":
                m = m.copy()
                m.uno_called[s] = True
                out.append(Stage(m, rest, note=text, cue=cue, colour=P.YELLOW))
            elif k in ("swapped", "hands_passed", "deal", "first_card", "wild_returned"):
                m = Model.of(self.table.ctl.state) if k in ("deal", "first_card") else m.copy()
                if k == "swapped":
                    m.hands[s], m.hands[ev.target] = m.hands[ev.target], m.hands[s]
                elif k == "hands_passed":
                    old = m.hands
                    m.hands = [None] * self.table.ctl.n
                    for x in range(self.table.ctl.n):
                        m.hands[(x + m.direction) % self.table.ctl.n] = old[x]
                if None in m.hands[self.bottom]:    # a hand this table cannot see came to it
                    m = Model.of(self.table.ctl.state)
                out.append(Stage(m, rest * (2 if k == "deal" else 1), note=text, cue=cue))
            elif k in ("round_over", "game_over"):
                m = m.copy()
                m.scores = Model.of(self.table.ctl.state).scores
                out.append(Stage(m, rest * 2, note=text, cue=cue, colour=P.YELLOW))
            elif k in ("challenged", "caught"):
                out.append(Stage(m, rest * 2, note=text, cue=cue, colour=P.LIGHT_MAGENTA))
            elif text:
                out.append(Stage(m, rest, note=text, cue=cue))
        out.append(Stage(Model.of(self.table.ctl.state), 1))
        return out

    def advance(self) -> None:
        """A step of the first stage: its note and sound as it begins; the keys' chosen
        card follows the hand when the last stage ends."""
        t = self.table
        st = t.stages[0]
        if st.t == 0:
            if st.cue:
                t.app.sound(st.cue)
            if st.note:
                t.note(st.note, st.colour, st.owner, st.secret)
        st.t += 1
        if st.t >= st.steps:
            t.stages.pop(0)
            if not t.stages:
                t.keymap._sync_selection()

    def hurry(self):
        """Space during a playback: show its end at once (notes kept)."""
        t = self.table
        for st in t.stages:
            if st.t == 0 and st.note:
                t.note(st.note, st.colour, st.owner, st.secret)
        t.stages = []
        return True

