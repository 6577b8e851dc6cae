"""What one Go-Stop seat may see (`PlayerView`, built by `player_view`) and its
counterpart `redeal_hidden`: the same game with every card that seat cannot see
dealt anew, so that its view is unchanged. Pure: no pygame."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from .cards import Card, deck
from .moves import Move, Question
from .options import Options


class Viewed(Protocol):
    """What a view and a redeal read of a Go-Stop state (rules.GoStopState: this module
    cannot import it, the rules import this module)."""
    n: int
    options: Options
    phase: str
    turn: int
    dealer: int
    hand_no: int
    multiplier: int
    last_turn: bool
    hands: list[list[Card]]
    table: list[Card]
    stock: list[Card]
    captures: list[list[Card]]
    revealed: list[list[Card]]
    stacks: dict[int, int]
    go_counts: list[int]
    last_go: list[int]
    go_seq: list[int]
    shakes: list[int]
    bombs: list[int]
    credits: list[int]
    chips: list[int]
    ppuks: list[int]
    t_card: Card | None
    t_stock: Card | None
    result: dict[str, Any] | None

    def question(self) -> Question: ...

    def legal_moves(self, seat: int | None = None) -> list[Move]: ...

    def scores(self) -> list[int]: ...

    def copy(self: ViewedT, share_rng: bool = False) -> ViewedT: ...


ViewedT = TypeVar("ViewedT", bound=Viewed)   # the state itself (a copy or redeal is one too)


def player_view(s: Viewed, seat: int) -> PlayerView:
    """The view of `seat` of the state `s` (rules.GoStopState)."""
    q = s.question()
    t_card = s.t_card
    if q.seat != seat and q.kind in ("play", "bomb", "shake"):
        # the hand of the seat to move, or the card it is about to play, stays hidden
        q = Question(q.kind, q.seat, ())
        if q.kind != "play":
            t_card = None
    return PlayerView(
        seat=seat, players=s.n, options=s.options, hand=tuple(s.hands[seat]),
        table=tuple(s.table), captures=tuple(tuple(c) for c in s.captures),
        stock_size=len(s.stock), hand_sizes=tuple(len(h) for h in s.hands),
        scores=tuple(s.scores()), go_counts=tuple(s.go_counts),
        last_go_scores=tuple(s.last_go), go_seq=tuple(s.go_seq),
        shakes=tuple(s.shakes), bombs=tuple(s.bombs),
        bomb_credits=tuple(s.credits), revealed=tuple(tuple(r) for r in s.revealed),
        stacks=dict(s.stacks), turn=s.turn, dealer=s.dealer,
        question=q, legal=tuple(s.legal_moves()) if q.seat == seat else (),
        turn_card=t_card, stock_card=s.t_stock,
        chips=tuple(s.chips), multiplier=s.multiplier, hand_no=s.hand_no,
        last_turn=s.last_turn, target=s.options.target_points, result=s.result, ppuks=tuple(s.ppuks))


def redeal_hidden(s: ViewedT, seat: int, rng: random.Random) -> ViewedT:
    """A copy of the state `s` in which the cards `seat` cannot see (the other hands
    but their shown cards, and the stock) are dealt anew among those places, each
    keeping its size. While another seat is asked to bomb or shake, its cards of
    that month stay in its hand (the question stands on them; the view hides them
    the same) and it gets no fourth of it."""
    t = s.copy()
    keep = [set(r) for r in t.revealed]
    month = None
    if t.phase in ("bomb", "shake") and t.turn != seat:
        assert t.t_card is not None, "a bomb or shake question without its card"
        month = t.t_card.month
        keep[t.turn].update(c for c in t.hands[t.turn] if c.month == month)
    others = [o for o in range(t.n) if o != seat]
    pool = list(t.stock)
    for o in others:
        pool += [c for c in t.hands[o] if c not in keep[o]]
    rng.shuffle(pool)
    # the seat asked first (it must get no card of its month), then the others
    for o in sorted(others, key=lambda o: o != t.turn):
        kept = [c for c in t.hands[o] if c in keep[o]]
        k = len(t.hands[o]) - len(kept)
        fits = [c for c in pool if month is None or o != t.turn or c.month != month][:k]
        t.hands[o] = sorted(kept + fits)
        taken = set(fits)
        pool = [c for c in pool if c not in taken]
    t.stock = pool
    return t


# ------------------------------------------------------------------- the view
@dataclass(frozen=True)
class PlayerView:
    """All one seat may see: its own hand, everything face up, sizes and counts."""

    seat: int
    players: int
    options: Options
    hand: tuple[Card, ...]
    table: tuple[Card, ...]
    captures: tuple[tuple[Card, ...], ...]
    stock_size: int
    hand_sizes: tuple[int, ...]
    scores: tuple[int, ...]
    go_counts: tuple[int, ...]
    last_go_scores: tuple[int, ...]
    go_seq: tuple[int, ...]
    shakes: tuple[int, ...]
    bombs: tuple[int, ...]
    bomb_credits: tuple[int, ...]
    revealed: tuple[tuple[Card, ...], ...]  # cards other seats showed by shaking, still in their hands
    stacks: dict[int, int]   # month -> seat that made the ppuk stack on the table
    turn: int
    dealer: int
    question: Question
    legal: tuple[Move, ...]  # legal moves if the question is this seat's, else ()
    turn_card: Card | None   # the card played this turn (face up)
    stock_card: Card | None  # the stock card turned up this turn
    chips: tuple[int, ...]
    multiplier: int
    hand_no: int
    last_turn: bool
    target: int
    result: dict[str, Any] | None
    ppuks: tuple[int, ...] = ()  # ppuk made this hand per seat (the three-ppuk variant)

    def unseen(self) -> list[Card]:
        """Cards this seat cannot see: the other hands (less shown cards) and the stock."""
        seen = set(self.hand) | set(self.table)
        for c in self.captures:
            seen.update(c)
        for r in self.revealed:
            seen.update(r)
        return [c for c in deck(self.options.bonus_cards) if c not in seen]
