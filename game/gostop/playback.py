"""A Go-Stop move's events played back: `build_stages` turns them into `Stage`s
(model.py), each a moment on the table with a card moving from one place to its
next (rects from table_layout.Layout), cards framed, and the note and sound of the
event (narrate.py)."""
from __future__ import annotations

import pygame

from game.engine import Event

from .model import Model, Stage
from .narrate import Speaker, narrate
from .table_layout import Layout


def build_stages(state, speaker: Speaker, pace: tuple[int, int], model: Model,
                 events: list[Event], pace_scale: float = 1.0, bottom: int = 0) -> list[Stage]:
    """The stages of `events`, from the table as `model` before them to `state` after;
    `pace` is (steps of a card's move, steps of the pause after it); `bottom` the seat
    shown at the bottom."""
    n = state.n
    mv = max(1, int(pace[0] * pace_scale))
    pause = max(1, int(pace[1] * pace_scale))
    out: list[Stage] = []
    m = model.copy()

    def rest(mm, note, cue, special=False, marks=()):
        out.append(Stage(mm, pause * (2 if special else 1), marks=frozenset(marks), note=note, cue=cue))

    def land(before, c, src, seat, note, cue):
        """Card `c` moves from rect `src` to its place (a bonus card to the seat's
        captures, else the table), then rests framed; returns the model after."""
        after = before.copy()
        (after.captures[seat] if c.month == 0 else after.table).append(c)
        dst = Layout(after, bottom, n).rect_of(c)
        out.append(Stage(before, mv, moving=(c, src, dst), note=note, cue=cue))
        rest(after, None, None, marks=[c])
        return after

    for ev in events:
        k = ev.kind
        seat = ev.seat
        cs = list(ev.get("cards") or [])
        text, cue, special = narrate(ev, speaker)
        if k == "deal":
            m = Model.of(state)
            rest(m, text, cue, True)
        elif k == "play" and cs:
            c = cs[0]
            src_layout = Layout(m, bottom, n)
            hand = m.hands[seat]
            src = src_layout.hand_slot(seat, hand.index(c) if c in hand else 0)
            if c in hand:
                hand.remove(c)
            m = land(m, c, src, seat, text, cue)
        elif k == "flip":
            c = cs[0]
            src = pygame.Rect(Layout(m, bottom, n).stock_rect)
            m.stock = max(0, m.stock - 1)
            m = land(m, c, src, seat, text, cue)
        elif k == "bomb":
            m = m.copy()
            for c in cs:
                if c in m.hands[seat]:
                    m.hands[seat].remove(c)
                    m.table.append(c)
            rest(m, text, cue, True, marks=cs)
        elif k in ("capture", "bonus"):
            m = m.copy()
            moved = False
            for c in cs:
                if c in m.captures[seat]:
                    continue
                moved = True
                if c in m.table:
                    m.table.remove(c)
                elif c in m.hands[seat]:
                    m.hands[seat].remove(c)
                else:
                    m.stock = max(0, m.stock - 1)   # a bonus left under the last card
                m.captures[seat].append(c)
            if moved or k == "bonus":
                rest(m, text, cue, marks=cs)
        elif k == "junk_taken":
            m = m.copy()
            giver = ev.get("from")
            for c in cs:
                if c in m.captures[giver]:
                    m.captures[giver].remove(c)
                m.captures[seat].append(c)
            rest(m, text, cue, True, marks=cs)
        elif k in ("turn", "place", "hand_over", "payment"):
            if k == "place":
                continue
            if k == "hand_over" and text:
                rest(m, text, cue)
        elif text:
            rest(m, text, cue, special, marks=cs if k in ("ppuk", "shake", "chongtong") else ())
    out.append(Stage(Model.of(state), 1))
    return out
