"""Gnono at a network table (game/net/): a seat's view as JSON and back, the events
of one move reduced to what a seat may know, and the cards a seat cannot see (for the
privacy test). Cards travel as their tokens ("R7#1"), moves as the replay codec writes
them. The model for the other games' net codecs. No pygame here.

Who may know what: a hand is its owner's; the draw pile is nobody's. The cards of a
"drew" event are the drawer's; the hand shown by a "challenged" event is seen by the
challenger (the event's seat) and its owner (the target), as at one keyboard. Every
other seat learns the count only.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from game import engine
from game.engine import is_int
from game.gnono import replay_codec
from game.gnono.cards import Card
from game.gnono.moves import PHASES, Event, is_color
from game.gnono.options import GnonoOptions
from game.gnono.replay_codec import move_from_json, move_to_json
from game.gnono.rules import GnonoState
from game.gnono.saves import card
from game.gnono.view import GnonoView
from game.wire import as_listed, plain_wire

MAX_LIST = 108   # no hand, pile or count is larger than the deck
_LEGAL = 600     # a seat's legal moves: every card of a hand, wilds in five colours
_SEEN = 5000     # cards played this round (a card reshuffled and played again: twice)


def _tokens(cards: Iterable[Card]) -> list[str]:
    return [c.token for c in cards]


def view_to_json(view: GnonoView) -> dict[str, Any]:
    """engine.view(seat) as JSON."""
    return {
        "seat": view.seat, "n_players": view.n_players, "hand": _tokens(view.hand),
        "top": view.top.token, "color": view.color, "direction": view.direction,
        "current": view.current, "phase": view.phase, "counts": list(view.counts),
        "seen": _tokens(view.seen), "scores": list(view.scores), "dealer": view.dealer,
        "pending_draw": view.pending_draw,
        "drawn_card": view.drawn_card.token if view.drawn_card else None,
        "uno_window": view.uno_window, "uno_called": list(view.uno_called),
        "last_drew_on": list(view.last_drew_on), "wd4_seat": view.wd4_seat,
        "wd4_prev_color": view.wd4_prev_color, "draw_pile_size": view.draw_pile_size,
        "options": view.options.to_json(), "legal": [move_to_json(m) for m in view.legal],
        "wd4_record": [list(r) for r in view.wd4_record], "discards": _tokens(view.discards),
        "round_no": view.round_no,
    }


# -- reading: every field checked, ValueError naming the first that is wrong -----------
def _count(v: Any, what: str, lo: int = 0, hi: int = 10 ** 6) -> int:
    if not is_int(v) or not lo <= v <= hi:
        raise ValueError(f"bad {what}: {v!r}"[:80])
    return v


def _seat(v: Any, n: int, what: str) -> int:
    return _count(v, what, 0, n - 1)


def _seat_or_none(v: Any, n: int, what: str) -> int | None:
    return None if v is None else _seat(v, n, what)


def _list(v: Any, what: str, length: int | None = None, most: int = MAX_LIST) -> list[Any]:
    if not isinstance(v, list) or len(v) > most or (length is not None and len(v) != length):
        raise ValueError(f"bad {what}")
    return v


def _cards(v: Any, what: str, most: int = MAX_LIST) -> tuple[Card, ...]:
    return tuple(card(t) for t in _list(v, what, most=most))


def _color(v: Any, what: str) -> str:
    if is_color(v):
        return v
    raise ValueError(f"bad {what}: {v!r}"[:80])


def _color_or_none(v: Any, what: str) -> str | None:
    return None if v is None else _color(v, what)


_FIELDS = frozenset((
    "seat", "n_players", "hand", "top", "color", "direction", "current", "phase", "counts",
    "seen", "scores", "dealer", "pending_draw", "drawn_card", "uno_window", "uno_called",
    "last_drew_on", "wd4_seat", "wd4_prev_color", "draw_pile_size", "options", "legal",
    "wd4_record", "discards", "round_no"))


def view_from_json(data: Any) -> GnonoView:
    """A GnonoView from view_to_json's output; ValueError with the reason otherwise."""
    if not isinstance(data, dict) or set(data) != _FIELDS:
        raise ValueError("not a Gnono view")
    d = data
    n = _count(d["n_players"], "player count", 2, 10)
    if d["direction"] not in (1, -1) or not is_int(d["direction"]):
        raise ValueError("bad direction")
    if d["phase"] not in PHASES:
        raise ValueError("bad phase")
    uno_called = _list(d["uno_called"], "UNO! calls", n)
    if not all(isinstance(x, bool) for x in uno_called):
        raise ValueError("bad UNO! calls")
    try:
        legal = tuple(move_from_json(m) for m in _list(d["legal"], "legal moves", most=_LEGAL))
    except RecursionError:
        raise ValueError("bad legal moves") from None
    rows = (_list(r, "challenge record", 2) for r in _list(d["wd4_record"], "records", n))
    record = tuple((_count(g, "challenges"), _count(i, "challenges")) for g, i in rows)
    return GnonoView(
        seat=_seat(d["seat"], n, "seat"), n_players=n, hand=_cards(d["hand"], "hand"),
        top=card(d["top"]), color=_color(d["color"], "colour"), direction=d["direction"],
        current=_seat(d["current"], n, "seat to play"), phase=d["phase"],
        counts=tuple(_count(c, "card count", 0, MAX_LIST) for c in _list(d["counts"], "counts", n)),
        seen=_cards(d["seen"], "cards seen", _SEEN),
        scores=tuple(_count(s, "score") for s in _list(d["scores"], "scores", n)),
        dealer=_seat(d["dealer"], n, "dealer"),
        pending_draw=_count(d["pending_draw"], "pending draw", 0, MAX_LIST),
        drawn_card=card(d["drawn_card"]) if d["drawn_card"] is not None else None,
        uno_window=_seat_or_none(d["uno_window"], n, "UNO! window"),
        uno_called=tuple(uno_called),
        last_drew_on=tuple(_color_or_none(c, "draw record")
                           for c in _list(d["last_drew_on"], "draw record", n)),
        wd4_seat=_seat_or_none(d["wd4_seat"], n, "Wild Draw Four seat"),
        wd4_prev_color=_color_or_none(d["wd4_prev_color"], "colour before the Four"),
        draw_pile_size=_count(d["draw_pile_size"], "draw pile size", 0, MAX_LIST),
        options=GnonoOptions.from_json(d["options"]), legal=legal, wd4_record=record,
        discards=_cards(d["discards"], "discards"), round_no=_count(d["round_no"], "round", 1))


def _event_json(ev: Event, show_cards: bool) -> dict[str, Any]:
    d: dict[str, Any] = {"kind": ev.kind, "seat": ev.seat}
    if ev.card is not None:
        d["card"] = ev.card.token
    if ev.cards:
        d["cards"] = _tokens(ev.cards) if show_cards else []
    for name in ("count", "target", "color", "reason", "points", "guilty"):
        d[name] = getattr(ev, name)
    return d


def events_for(events: Sequence[engine.Event], seat: int) -> list[dict[str, Any]]:
    """The events of one apply() as JSON, each reduced to what `seat` may know (the
    events of Gnono's engine: its own Event type; TypeError for another)."""
    out = []
    for ev in events:
        if not isinstance(ev, Event):
            raise TypeError(f"not a Gnono event: {ev!r}")
        if ev.kind == "drew":
            shown = ev.seat == seat
        elif ev.kind == "challenged":
            shown = seat in (ev.seat, ev.target)
        else:
            shown = True
        out.append(_event_json(ev, shown))
    return out


def hidden_cards(engine: GnonoState, seat: int) -> set[str]:
    """The tokens of the cards `seat` cannot see now: the draw pile, the others' hands."""
    hidden = {c.token for c in engine.draw_pile}
    for s, hand in enumerate(engine.hands):
        if s != seat:
            hidden.update(c.token for c in hand)
    return hidden


_EVENT_KINDS = frozenset((
    "deal", "first_card", "wild_returned", "turn", "played", "color", "jump_in", "drew",
    "passed", "skipped", "reversed", "challenged", "uno", "caught", "reshuffled", "swapped",
    "hands_passed", "round_over", "game_over"))


def event_from_json(d: Any) -> Event:
    """One event of events_for's output (at a joiner's table, to narrate and play it
    back); ValueError with the reason for anything else."""
    if not isinstance(d, dict) or d.get("kind") not in _EVENT_KINDS:
        raise ValueError("not a Gnono event")
    seat, target = d.get("seat"), d.get("target")
    guilty = d.get("guilty")
    if not (seat is None or is_int(seat)) or not (target is None or is_int(target)) \
            or not (guilty is None or isinstance(guilty, bool)) or not isinstance(d.get("reason", ""), str):
        raise ValueError("bad event fields")
    return Event(d["kind"], seat, card(d["card"]) if d.get("card") is not None else None,
                 _cards(d.get("cards", []), "event cards"),
                 _count(d.get("count", 0), "event count", 0, MAX_LIST),
                 target, _color_or_none(d.get("color"), "event colour"), d.get("reason", "")[:80],
                 _count(d.get("points", 0), "points"), guilty)


def events_from_json(data: Any) -> list[Event]:
    """An update's events as Events; ValueError if one cannot be read."""
    return [event_from_json(d) for d in _list(data, "events", most=_SEEN)]


# moves on the wire: the replay codec's JSON (game/wire.py)
move_to_wire, move_from_wire = plain_wire(replay_codec)
listed_form = as_listed
