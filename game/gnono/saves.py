"""A Gnono game state to JSON and back (GnonoState.to_json / from_json).

One path reads a save: every field is checked for its type and range as it is read,
then the whole state for consistency (check_invariants: the deck, the phase, the
scores, the last round's record); a save that fails either is refused with one
ValueError saying why. There is no field or flag that turns a check off.
No pygame here.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar, cast

from game.deals import check_optional_deal_no, deal_rng
from game.engine import is_int, read_guarded, rng_from_json, rng_state_to_json
from game.gnono.cards import DECK_SIZE, DRAW_TWO, WILD_DRAW_FOUR, Card, full_deck
from game.gnono.moves import PHASES, is_color
from game.gnono.options import GnonoOptions
from game.gnono.state_fields import StateFields, Wd4

SCHEMA_VERSION = 1
StateT = TypeVar("StateT", bound=StateFields)   # the state a save is read into (GnonoState)
MAX_COUNT = 10 ** 6   # rounds, turns, challenges: far more than any game reaches
BY_TOKEN = {c.token: c for c in full_deck()}   # "R7#1" -> the card
FIELDS = frozenset((
    "schema", "game", "n", "options", "rng", "seed", "deal_no", "round_rng", "scores",
    "round_no", "dealer", "winner", "last_round", "hands", "draw_pile", "discard", "seen",
    "color", "direction", "current", "phase", "pending_draw", "pending_face", "drawn_card",
    "wd4", "uno_window", "uno_called", "last_drew_on", "turns", "wd4_record"))


def _tokens(cards: Iterable[Card]) -> list[str]:
    return [c.token for c in cards]


def state_to_json(s: StateFields) -> dict[str, Any]:
    return {
        "schema": SCHEMA_VERSION, "game": "gnono", "n": s.n,
        "options": s.options.to_json(), "rng": rng_state_to_json(s.rng),
        "seed": s.seed, "deal_no": s.deal_no, "round_rng": rng_state_to_json(s.round_rng),
        "scores": list(s.totals), "round_no": s.round_no, "dealer": s.dealer,
        "winner": s.winner, "last_round": s.last_round,
        "hands": [_tokens(h) for h in s.hands], "draw_pile": _tokens(s.draw_pile),
        "discard": _tokens(s.discard), "seen": _tokens(s.seen), "color": s.color,
        "direction": s.direction, "current": s.current, "phase": s.phase,
        "pending_draw": s.pending_draw, "pending_face": s.pending_face,
        "drawn_card": s.drawn_card.token if s.drawn_card else None,
        "wd4": dict(s.wd4) if s.wd4 else None,
        "uno_window": s.uno_window, "uno_called": list(s.uno_called),
        "last_drew_on": list(s.last_drew_on), "turns": s.turns,
        "wd4_record": [list(r) for r in s.wd4_record],
    }


def state_from_json(cls: Callable[..., StateT], data: object) -> StateT:
    """A `cls` (GnonoState) from state_to_json's output; ValueError if the save is
    damaged or describes an impossible game."""
    return read_guarded(lambda d: _read(cls, d), data, "Gnono save")


def _read(cls: Callable[..., StateT], d: object) -> StateT:
    if not isinstance(d, dict) or d.get("game") != "gnono":
        raise ValueError("not a Gnono save")
    if d.get("schema") != SCHEMA_VERSION:
        raise ValueError(f"unknown schema {d.get('schema')!r}")
    unknown = sorted(set(d) - FIELDS, key=str)
    if unknown:
        raise ValueError(f"unknown field {unknown[0]!r} in a Gnono save")
    s = cls(_blank=True)
    _read_game(s, d)
    _read_cards(s, d)
    _read_turn(s, d)
    s.deal_events = []
    try:
        s.check_invariants()
    except AssertionError as e:
        raise ValueError(f"impossible Gnono game: {e}") from None
    return s


# -- small readers: each raises ValueError naming what is wrong --------------------------
def count(v: object, what: str, lo: int = 0, hi: int = MAX_COUNT) -> int:
    if not is_int(v) or not lo <= v <= hi:
        raise ValueError(f"bad {what}: {v!r}")
    return v


def seat(v: object, n: int, what: str = "seat") -> int:
    return count(v, what, 0, n - 1)


def seat_or_none(v: object, n: int, what: str) -> int | None:
    return None if v is None else seat(v, n, what)


def per_seat(v: object, n: int, what: str) -> list[Any]:
    if not isinstance(v, list) or len(v) != n:
        raise ValueError(f"bad {what}: one per seat")
    return list(v)


def card(token: object) -> Card:
    if not isinstance(token, str) or token not in BY_TOKEN:
        raise ValueError(f"not a Gnono card: {token!r}")
    return BY_TOKEN[token]


def cards(v: object, what: str) -> list[Card]:
    if not isinstance(v, list):
        raise ValueError(f"bad {what}")
    return [card(t) for t in v]


def _read_game(s: StateFields, d: dict[str, Any]) -> None:
    """The players, the rules, the random sources, the scores and the round."""
    s.n = n = count(d["n"], "player count", 2, 10)
    s.options = GnonoOptions.from_json(d["options"])
    if n * s.options.hand_size >= DECK_SIZE - 4:
        raise ValueError("not enough cards for that many players and that hand size")
    s.rng = rng_from_json(d["rng"])
    s.seed = check_optional_deal_no(d.get("seed"))
    s.deal_no = check_optional_deal_no(d.get("deal_no"))
    s.round_rng = (rng_from_json(d["round_rng"]) if d.get("round_rng") is not None
                   else deal_rng(s.deal_no or 0))
    s.totals = [count(x, "score") for x in per_seat(d["scores"], n, "scores")]
    s.round_no = count(d["round_no"], "round number", 1)
    s.dealer = seat(d["dealer"], n, "dealer")
    s.winner = seat_or_none(d["winner"], n, "winner")
    s.last_round = _read_last_round(d["last_round"])
    record = d.get("wd4_record", [[0, 0]] * n)   # saves before the record was kept
    s.wd4_record = [[count(x, "challenge count") for x in per_seat(r, 2, "challenge record")]
                    for r in per_seat(record, n, "challenge records")]
    s.turns = count(d["turns"], "turn count")


def _read_last_round(lr: object) -> dict[str, Any] | None:
    """The record of the last round shown on the scoring screen; its content is checked
    against the game by check_invariants."""
    if lr is None:
        return None
    if not isinstance(lr, dict) or set(lr) != {"round", "winner", "points", "hands"} \
            or not isinstance(lr["hands"], list) or not all(isinstance(h, list) for h in lr["hands"]):
        raise ValueError("bad last round record")
    return {"round": lr["round"], "winner": lr["winner"], "points": lr["points"],
            "hands": [list(h) for h in lr["hands"]]}


def _read_cards(s: StateFields, d: dict[str, Any]) -> None:
    s.hands = [cards(h, "hand") for h in per_seat(d["hands"], s.n, "hands")]
    s.draw_pile = cards(d["draw_pile"], "draw pile")
    s.discard = cards(d["discard"], "discard pile")
    s.seen = cards(d["seen"], "cards seen")
    s.color = d["color"]
    if not is_color(s.color):
        raise ValueError(f"bad colour {s.color!r}")


def _read_turn(s: StateFields, d: dict[str, Any]) -> None:
    """Whose turn, in which phase, with which question pending."""
    n = s.n
    if not is_int(d["direction"]) or d["direction"] not in (1, -1):
        raise ValueError("bad direction")
    s.direction = d["direction"]
    s.current = seat(d["current"], n, "seat to play")
    if d["phase"] not in PHASES:
        raise ValueError(f"bad phase {d['phase']!r}")
    s.phase = d["phase"]
    s.pending_draw = count(d["pending_draw"], "pending draw")
    if d["pending_face"] not in (None, DRAW_TWO, WILD_DRAW_FOUR):
        raise ValueError("bad pending face")
    s.pending_face = d["pending_face"]
    s.drawn_card = card(d["drawn_card"]) if d["drawn_card"] is not None else None
    w = d["wd4"]
    if w is not None and not (isinstance(w, dict) and set(w) == {"seat", "guilty", "prev_color"}
                              and isinstance(w["guilty"], bool) and is_color(w["prev_color"])):
        raise ValueError("bad Wild Draw Four record")
    s.wd4 = cast(Wd4, dict(w)) if w is not None else None
    if w is not None:
        seat(w["seat"], n, "Wild Draw Four seat")
    s.uno_window = seat_or_none(d["uno_window"], n, "UNO! window")
    s.uno_called = per_seat(d["uno_called"], n, "UNO! calls")
    if not all(isinstance(x, bool) for x in s.uno_called):
        raise ValueError("bad UNO! calls")
    s.last_drew_on = per_seat(d["last_drew_on"], n, "draw record")
    if not all(x is None or is_color(x) for x in s.last_drew_on):
        raise ValueError("bad draw record")
