"""Dealing a Gnono round: the deal number, the hands, the first card (a Wild goes
back into the pile) and what it does to the first player. No pygame here."""
from __future__ import annotations

from game.deals import deal_rng, next_deal_no
from game.gnono.cards import DRAW_TWO, REVERSE, SKIP, full_deck
from game.gnono.moves import PLAY, Event
from game.gnono.state_fields import StateFields

_FULL_DECK = tuple(full_deck())   # cards are immutable: one set of objects serves every deal


def deal_round(s: StateFields) -> list[Event]:
    """Deal the next round of the game `s` (a GnonoState): its events."""
    ev: list[Event] = []
    n = s.n
    s.round_no += 1
    # the round's deal number alone shuffles its deck and any reshuffle in it
    s.deal_no = next_deal_no(s.rng, s.seed, first=s.round_no == 1)
    s.round_rng = deal_rng(s.deal_no)
    deck = list(_FULL_DECK)
    s.round_rng.shuffle(deck)
    s.hands = [[] for _ in range(n)]
    s.direction = 1
    for _ in range(s.options.hand_size):
        for i in range(1, n + 1):
            s.hands[(s.dealer + i) % n].append(deck.pop())
    s.draw_pile = deck
    s.discard = []
    s.seen = []
    s.pending_draw = 0
    s.pending_face = None
    s.drawn_card = None
    s.wd4 = None
    s.uno_window = None
    s.uno_called = [False] * n
    s.last_drew_on = [None] * n
    s.turns = 0
    ev.append(Event("deal", s.dealer, count=s.options.hand_size))
    while True:
        card = s.draw_pile.pop()
        if not card.is_wild:
            break
        # a wild first card goes back into the pile, which is shuffled
        s.draw_pile.append(card)
        s.round_rng.shuffle(s.draw_pile)
        ev.append(Event("wild_returned", card=card))
    s.discard.append(card)
    s.seen.append(card)
    s.color = card.color
    ev.append(Event("first_card", s.dealer, card=card, color=card.color))
    first = s.next_seat(s.dealer)
    s.phase = PLAY
    if card.face == SKIP:
        ev.append(Event("skipped", first))
        s._start_turn(s.next_seat(first), ev)
    elif card.face == REVERSE:
        s.direction = -1
        ev.append(Event("reversed", s.dealer))
        s._start_turn(s.dealer, ev)
    elif card.face == DRAW_TWO:
        s._penalize_and_skip(first, 2, ev, "draw_two")
    else:
        s._start_turn(first, ev)
    return ev
