"""Constructed Gnono positions: GnonoState.setup (for tests, tutorials and puzzles),
and a position's hidden cards dealt anew (the Engine's redeal_hidden). No pygame here."""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

from game.gnono.cards import Card, full_deck
from game.gnono.moves import CHALLENGE, GAME_OVER, PLAY, ROUND_OVER
from game.gnono.options import GnonoOptions
from game.gnono.state_fields import StateFields

StateT = TypeVar("StateT", bound=StateFields)


def setup_position(cls: Callable[[int, int | None, GnonoOptions | None], StateT], n_players: int,
                   hands: Sequence[str], top: str, *, draw: str = "", color: str | None = None,
                   current: int = 0, dealer: int | None = None, direction: int = 1,
                   options: GnonoOptions | None = None, seed: int | None = 0, rest: str = "draw",
                   scores: Sequence[int] | None = None) -> StateT:
    """A constructed position of `cls` (GnonoState), `current` to play.

    hands: one string of cards per seat ("R7 GS W"); top: the top discard;
    draw: cards on top of the draw pile, the first one drawn first. The other
    cards of the deck go shuffled under them (rest="draw") or under the top
    card of the discard pile (rest="discard", leaving the draw pile as given).
    Equal kinds get distinct copy indices automatically.
    """
    s = cls(n_players, seed, options)
    used: dict[str, int] = {}

    def take(text: str) -> list[Card]:
        out = []
        for t in text.split():
            kind = str(Card.parse(t))
            c = Card.parse(kind, used.get(kind, 0))
            used[kind] = c.copy + 1
            out.append(c)
        return out

    if len(hands) != n_players:
        raise ValueError("one hand per seat")
    s.hands = [take(h) for h in hands]
    top_card = take(top)[0]
    drawn = take(draw)
    taken = {top_card} | set(drawn)
    for h in s.hands:
        taken.update(h)
    others = [c for c in full_deck() if c not in taken]
    s.rng.shuffle(others)
    if rest == "draw":
        s.draw_pile = others + list(reversed(drawn))
        s.discard = [top_card]
    elif rest == "discard":
        s.draw_pile = list(reversed(drawn))
        s.discard = others + [top_card]
    else:
        raise ValueError("rest is 'draw' or 'discard'")
    s.seen = [top_card]
    s.color = color or (top_card.color if not top_card.is_wild else "R")
    s.direction = direction
    s.dealer = (current - direction) % n_players if dealer is None else dealer
    s.current = current
    s.phase = PLAY
    s.pending_draw, s.pending_face = 0, None
    s.drawn_card = None
    s.wd4 = None
    s.uno_window = None
    s.uno_called = [False] * n_players
    s.last_drew_on = [None] * n_players
    if scores is not None:
        s.totals = list(scores)
    s.deal_events = []
    s.check_invariants()
    return s


def redeal_hidden(s: StateFields, seat: int, rng: random.Random) -> None:
    """Deal the cards `seat` cannot see anew in the state `s` (a copy), each place
    keeping its size: the other hands and the draw pile (all hands are face up once a
    round is over). A card drawn and not yet played, and the hand of a Wild Draw Four
    being decided (its guilt was judged on it), stay where they are."""
    places = [s.draw_pile]
    if s.phase not in (ROUND_OVER, GAME_OVER):
        fixed = {seat, s.wd4["seat"] if s.phase == CHALLENGE and s.wd4 is not None else seat}
        places += [h for other, h in enumerate(s.hands) if other not in fixed]
    keep = s.drawn_card if s.current != seat else None
    pool = [c for place in places for c in place if c != keep]
    rng.shuffle(pool)
    for place in places:
        k = sum(1 for c in place if c != keep)
        place[:] = ([keep] if keep in place else []) + [pool.pop() for _ in range(k)]
