"""Nerts for network play: a seat's view (GameView, with its SeatView of the round on)
and the events of a move as JSON, each reduced to what that seat may know, and the
cards a seat cannot see.

Cards are written as the saves and replays write them ("7H@2": the seven of hearts
of seat 2's deck). view_from_json checks every field and raises ValueError (never
another exception) for anything else. What nobody sees in Nerts is face down: the
cards under the top of every Nerts pile and every Stack, in its order; the round's
events name only cards that land face up (and another seat's refused move is not
told). No pygame here.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from game import net_fields as F
from game.cards import Card, full_deck
from game.engine import Event
from game.nerts import replay_codec
from game.nerts.moves import NUM_COLUMNS, Move, NextRound, Seated
from game.nerts.moves import Event as RoundEvent
from game.nerts.options import NertsOptions
from game.nerts.piles import MAX_ROTATIONS, card_token
from game.nerts.rules import Game
from game.nerts.view import GameView, SeatView
from game.wire import as_listed

MAX_SEATS = 4                 # game/nerts/options.py: seats from 1 (a drill) to 4
MAX_DECK = 13 * 4
ROLES = ("all", "pile", "stack")
STEP_MAX = 10 ** 9
TOTAL_MAX = 10 ** 6

# each event kind, and the details a seat other than the event's may not read. A kind
# missing here is refused: a new event must be looked at before it travels.
_PUBLIC = ("card_moved", "foundation_started", "foundation_done", "pile_turned", "column_refilled",
           "flipped", "waste_turned", "gnerts", "pile_emptied", "vote", "votes_cleared", "rotation",
           "round_over", "round_scored", "game_over", "round_dealt")
_WITHHELD: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(_PUBLIC, ()),
    "refused": ("move", "reason"),   # another seat's refusal is its own business
}


# --- writing ---------------------------------------------------------------------

def _tokens(cards: Iterable[Card]) -> list[str]:
    return [card_token(c) for c in cards]


def _round_to_json(r: SeatView) -> dict[str, Any]:
    return {
        "seat": r.seat, "seats": r.seats, "step": r.step, "pile_count": r.pile_count,
        "pile_top": None if r.pile_top is None else card_token(r.pile_top),
        "columns": [_tokens(c) for c in r.columns], "stack_count": r.stack_count,
        "waste": _tokens(r.waste),
        "foundations": [None if c is None else card_token(c) for c in r.foundations],
        "votes": sorted(r.votes), "rotations": r.rotations, "idle_flips": r.idle_flips,
        "flip_count": r.flip_count, "move_runs": r.move_runs, "over": r.over,
        "side": r.side, "role": r.role, "played": r.played, "caller": r.caller,
    }


def view_to_json(view: GameView) -> dict[str, Any]:
    """The view as JSON (json.dumps-able), every field of it."""
    return {"seat": view.seat, "round_no": view.round_no, "totals": list(view.totals),
            "over": view.over, "round": None if view.round is None else _round_to_json(view.round),
            "options": None if view.options is None else view.options.to_json()}


def layouts_to_json(engine: Game) -> list[dict[str, Any]]:
    """Every layout on the table as its side's first seat sees it, for a client to draw
    the other seats' layouts (Nerts' face-up cards lie open to all; the views show a
    seat its own only); [] between rounds."""
    rnd = engine.round
    if rnd is None:
        return []
    return [_round_to_json(rnd.view(engine.options.seats_of(side)[0])) for side in range(rnd.options.sides)]


# the details no seat is sent: a deal number deals its round again, every hidden card told
_SECRET = {"round_dealt": "deal_no"}


def events_for(events: Sequence[Event], seat: int) -> list[dict[str, Any]]:
    """The events of one apply() as JSON (their cards already tokens), as `seat` may
    read them."""
    out = F.events_for(events, seat, _WITHHELD, "Nerts")
    for e in out:
        if e["kind"] in _SECRET:
            e["data"].pop(_SECRET[e["kind"]], None)
    return out


def hidden_cards(engine: Game, seat: int) -> set[str]:
    """The cards no seat sees now (Round.redeal_hidden deals them anew): under the top
    of each Nerts pile, and each Stack. Face-up cards lie open on the table for all."""
    rnd = engine.round
    if rnd is None:
        return set()
    return {card_token(c) for lay in rnd.layouts for c in lay.pile[:-1] + lay.stack}


# --- reading ---------------------------------------------------------------------

_TOKENS = {card_token(c): c for deck in range(MAX_SEATS) for c in full_deck(deck)}
_KEYS = ("seat", "round_no", "totals", "over", "round", "options")
_ROUND_KEYS = ("seat", "seats", "step", "pile_count", "pile_top", "columns", "stack_count", "waste",
               "foundations", "votes", "rotations", "idle_flips", "flip_count", "move_runs", "over",
               "side", "role", "played", "caller")


def _card(v: Any, what: str) -> Card:
    if not isinstance(v, str) or v not in _TOKENS:
        raise ValueError(f"bad {what}: not a card token: {v!r:.20}")
    return _TOKENS[v]


def _cards(v: Any, what: str) -> tuple[Card, ...]:
    return F.items(v, what, _card, MAX_DECK)


def _round(v: Any, what: str) -> SeatView:
    d = F.fields(v, _ROUND_KEYS, what)
    seats = F.number(d["seats"], 1, MAX_SEATS, "seats")
    columns = F.items(d["columns"], "columns", _cards, NUM_COLUMNS)
    if len(columns) != NUM_COLUMNS:
        raise ValueError(f"bad columns: {NUM_COLUMNS} expected")
    foundations = F.items(d["foundations"], "foundations",
                          lambda c, w: F.optional(c, w, _card), 4 * MAX_SEATS)
    votes = F.items(d["votes"], "votes", lambda x, w: F.number(x, 0, MAX_SEATS - 1, w), MAX_SEATS)
    if len(set(votes)) != len(votes):
        raise ValueError("bad votes: a side twice")
    return SeatView(
        seat=F.number(d["seat"], 0, seats - 1, "seat"), seats=seats,
        step=F.number(d["step"], 0, STEP_MAX, "step"),
        pile_count=F.number(d["pile_count"], 0, MAX_DECK, "pile count"),
        pile_top=F.optional(d["pile_top"], "pile top", _card), columns=columns,
        stack_count=F.number(d["stack_count"], 0, MAX_DECK, "stack count"),
        waste=_cards(d["waste"], "waste"), foundations=foundations, votes=frozenset(votes),
        rotations=F.number(d["rotations"], 0, MAX_ROTATIONS, "rotations"),
        idle_flips=F.number(d["idle_flips"], 0, STEP_MAX, "idle flips"),
        flip_count=F.one_of(d["flip_count"], (1, 3), "flip count"),
        move_runs=F.flag(d["move_runs"], "move runs"), over=F.flag(d["over"], "round over"),
        side=F.number(d["side"], 0, seats - 1, "side"), role=F.one_of(d["role"], ROLES, "role"),
        played=F.number(d["played"], 0, MAX_DECK, "played"),
        caller=F.optional(d["caller"], "caller", lambda x, w: F.number(x, 0, seats - 1, w)))


def _read(data: Any) -> GameView:
    d = F.fields(data, _KEYS, "Nerts view")
    rnd = F.optional(d["round"], "round", _round)
    seat = F.number(d["seat"], 0, MAX_SEATS - 1, "seat")
    if rnd is not None and rnd.seat != seat:
        raise ValueError("bad round: another seat's view")
    return GameView(seat=seat, round_no=F.number(d["round_no"], 0, TOTAL_MAX, "round number"),
                    totals=F.items(d["totals"], "totals",
                                   lambda x, w: F.number(x, -TOTAL_MAX, TOTAL_MAX, w), MAX_SEATS),
                    over=F.flag(d["over"], "over"), round=rnd,
                    options=F.optional(d["options"], "options", lambda x, w: F.options(x, NertsOptions, w)))


def layouts_from_json(data: Any) -> tuple[SeatView, ...]:
    """The layouts back from layouts_to_json's JSON; ValueError with a reason otherwise."""
    def read(d: Any) -> tuple[SeatView, ...]:
        layouts = F.items(d, "layouts", _round, MAX_SEATS)
        if any(lay.side != side for side, lay in enumerate(layouts)):
            raise ValueError("bad layouts: one a side, in order")
        return layouts
    return F.guarded(read, data, "Nerts layouts")


def view_from_json(data: Any) -> GameView:
    """The view back from view_to_json's JSON; ValueError with a reason for anything else."""
    return F.guarded(_read, data, "Nerts view")


_EVENT_DETAILS = ("src", "src_index", "dst", "dst_index", "value")
_PLACES = ("pile", "stack", "waste", "column", "found")


def _detail(name: str, v: Any) -> Any:
    if name in ("src", "dst"):
        return F.one_of(v, _PLACES, name)
    return F.number(v, 0, STEP_MAX, name)


def event_from_json(data: Any) -> RoundEvent | None:
    """A round's event back from events_for's JSON, as the table's animations read it
    (its cards, places and count; not its move); None for the game's own events
    (round_scored, round_dealt, game_over); ValueError with a reason otherwise."""
    def read(d: Any) -> RoundEvent | None:
        if not isinstance(d, dict) or set(d) != {"kind", "seat", "data"}:
            raise ValueError("bad event: kind, seat and data expected")
        kind = F.one_of(d["kind"], _PUBLIC, "event kind")
        if kind in ("round_scored", "round_dealt", "game_over"):
            return None
        data = d["data"]
        if not isinstance(data, dict):
            raise ValueError("bad event data")
        seat = F.optional(d["seat"], "seat", lambda x, w: F.number(x, 0, MAX_SEATS - 1, w))
        details = {k: _detail(k, data[k]) for k in _EVENT_DETAILS if data.get(k) is not None}
        return RoundEvent(kind, seat, _cards(data.get("cards", []), "cards"), **details)
    return F.guarded(read, data, "Nerts event")


# moves on the wire ---------------------------------------------------------------------
# A seat's move of the round travels bare (the host seats it: Seated(seat, move)); the
# deal of the next round as NEXT_ROUND (a replay holds one round: its codec has none).
NEXT_ROUND = "N"


def move_to_wire(move: Any) -> Any:
    if isinstance(move, NextRound):
        return NEXT_ROUND
    return replay_codec.move_to_json(move.move if isinstance(move, Seated) else move)


def move_from_wire(seat: int, data: Any) -> Any:
    if data == NEXT_ROUND:
        return NextRound(seat)
    move = replay_codec.move_from_json(data)
    if not isinstance(move, Move):    # a Race is the table's record of a step, no seat's move
        raise ValueError("not a seat's move of Nerts")
    return Seated(seat, move)


listed_form = as_listed
