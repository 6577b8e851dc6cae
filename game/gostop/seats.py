"""Where the Go-Stop table's controller reads its state and sends its moves: a seat
source. The one table (table.py), its drawing and its key map serve local, hosted and
joined play alike; only the source differs:

    EngineSeats(state, hosting=None)   the engine at this program; hosted, a move of
                                       this table goes through the host, which tells the
                                       players (game/net/hosting.NetHosting)
    LinkSeats(link)                    the link to a host (game/net/remote_seat.RemoteSeat):
                                       the state is the seat's last view (state_of_view)
                                       and a move is sent; nothing is applied here, the
                                       host's next view is the truth

Each says `state` (None before a joiner's first view), `play(seat, move)` (the events
once applied, None once sent; IllegalMove with why when refused), `ready()` (a move
may be made now) and `joined`. state_of_view and the events' reading are here too:
what a joiner's table shows is made from what the host sends.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from game.engine import Details, Event, IllegalMove

from .cards import CARDS, Card
from .rules import GoStopState, NextHand
from .view import PlayerView


class EngineSeats:
    """The engine at this program (hosted: `hosting`, once attached, plays through it)."""
    joined = False

    def __init__(self, state: GoStopState, hosting: Any = None) -> None:
        self.state: GoStopState | None = state
        self.hosting = hosting
        self.host: Any = None        # the TableHost once attached: moves go through it

    def play(self, seat: int, move: Any) -> list[Event]:
        if self.host is None:
            assert self.state is not None
            return self.state.apply(move)
        if not self.host.started:
            raise IllegalMove("the players are not all at the table yet")
        if isinstance(move, NextHand):
            return self.host.table_move(move)      # the deal of the next hand is the table's own
        return self.host.local_move(seat, move)

    def ready(self) -> bool:
        return self.host is None or self.host.started


class LinkSeats:
    """The seat's link to a host: the state shown is its last view."""
    joined = True

    def __init__(self, link: Any) -> None:
        self.link = link
        self.view: PlayerView | None = None
        self.state: GoStopState | None = None

    def see(self, view: PlayerView) -> PlayerView | None:
        """The host's new view is the one shown; the view before it returned."""
        old, self.view, self.state = self.view, view, state_of_view(view)
        return old

    def play(self, seat: int, move: Any) -> None:
        v = self.view
        if v is None or move not in v.legal:
            raise IllegalMove("it is not your turn" if v is None or not v.legal else "not a move now")
        if not self.link.send(move):     # (keys pressed while one is in flight are held: joined.py)
            raise IllegalMove("the link to the host is down")

    def ready(self) -> bool:
        return self.view is not None and self.link.pending is None


# ------------------------------------------------------- a joiner's state, from its view
_BY_NAME = {c.name: c for c in CARDS}
# the events that show cards of their seat's hand: (kind, how many of its cards)
_FROM_HAND = {"play": 1, "bomb": 3, "shake": 3}


def state_of_view(view: PlayerView, in_hands: dict[int, list[Card]] | None = None,
                  avoid: Iterable[Card] = ()) -> GoStopState:
    """A GoStopState that shows what `view` shows; each hidden place is filled with
    unseen cards (`in_hands[seat]` first, then in deck order, `avoid` last): which
    ones tells nothing, they are drawn face down; the cards an update's events show
    from a hand are put in it, so the playback moves them from there."""
    v, s = view, GoStopState()
    n = v.players
    s.options, s.n, s.partial = v.options, n, True
    s.chips, s.dealer, s.hand_no, s.multiplier = list(v.chips), v.dealer, v.hand_no, v.multiplier
    s.table, s.captures = list(v.table), [list(c) for c in v.captures]
    s.go_counts, s.last_go, s.go_seq = list(v.go_counts), list(v.last_go_scores), list(v.go_seq)
    s.shakes, s.bombs, s.credits = list(v.shakes), list(v.bombs), list(v.bomb_credits)
    s.revealed, s.stacks, s.ppuks = [list(r) for r in v.revealed], dict(v.stacks), list(v.ppuks)
    s.turn, s.phase, s.last_turn = v.turn, v.question.kind, v.last_turn
    s.t_card, s.t_stock, s.result = v.turn_card, v.stock_card, v.result
    s.choices = list(v.question.cards) if s.phase in ("match_hand", "match_stock") else []
    s._sc = [None] * n
    unseen, late = v.unseen(), set(avoid)
    hidden = {o: max(0, v.hand_sizes[o] - len(v.revealed[o])) for o in range(n) if o != v.seat}
    wanted = {o: [c for c in (in_hands or {}).get(o, []) if c in unseen][:k] for o, k in hidden.items()}
    placed = {c for cs in wanted.values() for c in cs}
    pool = sorted((c for c in unseen if c not in placed), key=lambda c: c in late)
    s.hands = [list(v.hand) if o == v.seat else [] for o in range(n)]
    for o, k in hidden.items():
        need = k - len(wanted[o])
        s.hands[o] = sorted(list(v.revealed[o]) + wanted[o] + pool[:need])
        pool = pool[need:]
    s.stock = pool[:v.stock_size]    # (a constructed position may leave cards out)
    return s


def events_from_json(data: Sequence[Any]) -> list[Event]:
    """The events of an update (the codec's events_for) as the engine's events, their
    cards as cards again. ValueError for what is no such event (the host's messages
    are checked, but not the events' details: they only say what happened)."""
    out: list[Event] = []
    for e in data:
        if not (isinstance(e, dict) and isinstance(e.get("kind"), str) and isinstance(e.get("data"), dict)
                and (e.get("seat") is None or isinstance(e.get("seat"), int))):
            raise ValueError("not a Go-Stop event")
        details = dict(e["data"])
        cards = details.get("cards", [])
        if not isinstance(cards, list) or not all(isinstance(c, str) and c in _BY_NAME for c in cards):
            raise ValueError("not a Go-Stop event's cards")
        details["cards"] = [_BY_NAME[c] for c in cards]
        out.append(Details(e["kind"], e["seat"], details))
    return out


def hand_cards(events: Sequence[Event], me: int) -> dict[int, list[Card]]:
    """The cards other seats played from their hands in these events."""
    out: dict[int, list[Card]] = {}
    for e in events:
        k = _FROM_HAND.get(e.kind)
        if k and e.seat is not None and e.seat != me:
            seen = out.setdefault(e.seat, [])
            seen += [c for c in (e.get("cards") or [])[:e.get("hand_cards", k)] if c not in seen]
    return out


def named_cards(events: Sequence[Event]) -> set[Card]:
    return {c for e in events for c in e.get("cards") or []}
