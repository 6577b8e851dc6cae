"""A Gin game's state to JSON and back: the one way a save is written and read.

The reader checks every field for its type and range, refuses unknown and missing keys,
then runs the state's invariants (game/gin/invariants.py: every card once, sizes and
pending going-out consistent with the phase, the box score and the games' scores
consistent). Anything wrong is a ValueError naming it; there is no switch that turns
a check off. No pygame here.

    state_to_json(game) -> dict         state_from_json(GinGame, data) -> GinGame
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol, TypeVar

from game.cards import Card
from game.deals import check_optional_deal_no
from game.engine import is_int, read_guarded, rng_from_json, rng_state_to_json
from game.gin import invariants
from game.gin.invariants import Checked
from game.gin.options import GinOptions
from game.gin.scores import GameScore, HandRecord

SCHEMA = 1
KEYS = frozenset((
    "schema", "game", "options", "rng", "seed", "deal_no", "games", "wins", "records",
    "hand_no", "dealer", "hands", "stock", "pile", "phase", "turn", "offer_stage",
    "must_draw_stock", "stock_end", "taken_upcard", "first_upcard", "knock_value", "doubled",
    "taken", "discards", "passed", "out_seat", "out_kind", "out_discard", "out_melds",
    "out_unmatched", "def_melds", "def_layoffs", "def_unmatched"))




class Saved(Checked, Protocol):
    """What a save holds of a Gin game beyond what the checks read (rules.GinGame:
    this module cannot import it, the rules import this module)."""
    rng: random.Random
    n_games: int


SavedT = TypeVar("SavedT", bound=Saved)   # the game a save is read into (GinGame)
T = TypeVar("T")


def _cards_out(cards: Iterable[Card]) -> list[str]:
    return [str(c) for c in cards]


def _card_out(c: Card | None) -> str | None:
    return None if c is None else str(c)


def state_to_json(g: Saved) -> dict[str, Any]:
    return {
        "schema": SCHEMA, "game": "gin",
        "options": g.options.to_json(), "rng": rng_state_to_json(g.rng),
        "seed": g.seed, "deal_no": g.deal_no,
        "games": [x.to_json() for x in g.games], "wins": list(g.wins),
        "records": [r.to_json() for r in g.records],
        "hand_no": g.hand_no, "dealer": g.dealer,
        "hands": [_cards_out(h) for h in g.hands], "stock": _cards_out(g.stock),
        "pile": _cards_out(g.pile), "phase": g.phase, "turn": g.turn,
        "offer_stage": g.offer_stage, "must_draw_stock": g.must_draw_stock,
        "stock_end": g.stock_end, "taken_upcard": _card_out(g.taken_upcard),
        "first_upcard": _card_out(g.first_upcard), "knock_value": g.knock_value,
        "doubled": g.doubled,
        "taken": [_cards_out(x) for x in g.taken], "discards": [_cards_out(x) for x in g.discards],
        "passed": [_cards_out(x) for x in g.passed],
        "out_seat": g.out_seat, "out_kind": g.out_kind,
        "out_discard": _card_out(g.out_discard),
        "out_melds": [_cards_out(m) for m in g.out_melds],
        "out_unmatched": _cards_out(g.out_unmatched),
        "def_melds": [_cards_out(m) for m in g.def_melds],
        "def_layoffs": [[str(c), k] for c, k in g.def_layoffs],
        "def_unmatched": _cards_out(g.def_unmatched),
    }


def state_from_json(cls: Callable[..., SavedT], data: object) -> SavedT:
    """The game saved by state_to_json; ValueError with the reason if anything is wrong."""
    return read_guarded(lambda d: _read(cls, d), data, "gin save")


# --- field readers: each refuses what is not exactly its type -------------------------------

def card(v: object) -> Card:
    if not isinstance(v, str):
        raise ValueError(f"not a card: {v!r}")
    return Card.parse(v)


def card_or_none(v: object) -> Card | None:
    return None if v is None else card(v)


def cards(v: object, most: int = 52) -> list[Card]:
    if not isinstance(v, list) or len(v) > most:
        raise ValueError("a list of cards expected")
    return [card(x) for x in v]


def card_pair(v: object, most: int = 52) -> list[list[Card]]:
    """Two lists of cards, one per seat."""
    if not isinstance(v, list) or len(v) != 2:
        raise ValueError("two lists of cards expected")
    return [cards(x, most) for x in v]


def flag(v: object, what: str) -> bool:
    if not isinstance(v, bool):
        raise ValueError(f"{what} must be true or false")
    return v


def number(v: object, what: str, lo: int, hi: int) -> int:
    if not (is_int(v) and lo <= v <= hi):
        raise ValueError(f"bad {what}: {v!r}")
    return v


def choice(v: object, what: str, allowed: Sequence[T]) -> T:
    """The one of `allowed` that `v` is (equal and of its type: JSON true is no seat 1)."""
    for a in allowed:
        if v == a and type(v) is type(a):
            return a
    raise ValueError(f"bad {what}: {v!r}")


def melds(v: object) -> list[list[Card]]:
    if not isinstance(v, list) or len(v) > 4:
        raise ValueError("a list of at most four melds expected")
    return [cards(m, 10) for m in v]


def game_rng(v: object) -> random.Random:
    """A random.Random from its saved state: Mersenne Twister words of 32 bits and the
    position (larger numbers would be cut silently, and the save would not read back)."""
    if not (isinstance(v, list) and len(v) == 3 and v[0] == 3 and isinstance(v[1], list)
            and len(v[1]) == 625 and all(is_int(x) and 0 <= x < 2 ** 32 for x in v[1])
            and v[1][-1] <= 624
            and (v[2] is None or (isinstance(v[2], float) and math.isfinite(v[2])))):
        raise ValueError("bad random state")
    return rng_from_json(v)


# --- the reader -----------------------------------------------------------------------------

def _read(cls: Callable[..., SavedT], d: object) -> SavedT:
    if not isinstance(d, dict) or d.get("game") != "gin" or d.get("schema") != SCHEMA:
        raise ValueError(f"not a gin save of schema {SCHEMA}")
    if set(d) != KEYS:
        odd = sorted(set(d) ^ KEYS)
        raise ValueError(f"gin save: missing or unknown key {odd[0]!r}")
    g = cls(GinOptions.from_json(d["options"]), _deal=False)
    _read_match(g, d)
    _read_hand(g, d)
    _read_going_out(g, d)
    try:
        invariants.check(g)
    except AssertionError as e:
        raise ValueError(f"impossible gin state: {e}") from None
    return g


def _read_match(g: Saved, d: dict[str, Any]) -> None:
    """What lasts across hands: the random state, deal numbers, scores, box score."""
    g.rng = game_rng(d["rng"])
    g.seed = check_optional_deal_no(d["seed"])
    g.deal_no = check_optional_deal_no(d["deal_no"])
    if not (isinstance(d["games"], list) and len(d["games"]) == g.n_games):
        raise ValueError("wrong number of games for the Hollywood option")
    g.games = [GameScore.from_json(x) for x in d["games"]]
    g.wins = [number(x, "hands won", 0, 10 ** 6) for x in d["wins"]]
    if len(g.wins) != 2 or not isinstance(d["records"], list):
        raise ValueError("bad hands won or box score")
    g.records = [HandRecord.from_json(r) for r in d["records"]]
    g.hand_no = number(d["hand_no"], "hand number", 1, 10 ** 6)
    g.dealer = choice(d["dealer"], "dealer", (0, 1))


def _read_hand(g: Saved, d: dict[str, Any]) -> None:
    """The hand on the table: cards, phase, turn and the public record of play."""
    g.hands = card_pair(d["hands"], 11)
    g.stock = cards(d["stock"])
    g.pile = cards(d["pile"])
    g.phase = choice(d["phase"], "phase", invariants.PHASES)
    g.turn = choice(d["turn"], "turn", (0, 1))
    g.offer_stage = choice(d["offer_stage"], "offer stage", (0, 1))
    g.must_draw_stock = flag(d["must_draw_stock"], "must_draw_stock")
    g.stock_end = flag(d["stock_end"], "stock_end")
    g.taken_upcard = card_or_none(d["taken_upcard"])
    g.first_upcard = card(d["first_upcard"])
    g.knock_value = number(d["knock_value"], "knock value", 0, 10)
    g.doubled = flag(d["doubled"], "doubled")
    g.taken = card_pair(d["taken"], 200)
    g.discards = card_pair(d["discards"], 200)
    g.passed = card_pair(d["passed"], 200)


def _read_going_out(g: Saved, d: dict[str, Any]) -> None:
    """The cards laid down after a gin or a knock (empty before)."""
    g.out_seat = choice(d["out_seat"], "out seat", (None, 0, 1))
    g.out_kind = choice(d["out_kind"], "out kind", (None, "gin", "knock"))
    g.out_discard = card_or_none(d["out_discard"])
    g.out_melds = melds(d["out_melds"])
    g.out_unmatched = cards(d["out_unmatched"], 10)
    g.def_melds = melds(d["def_melds"])
    layoffs = d["def_layoffs"]
    if not isinstance(layoffs, list) or len(layoffs) > 10:
        raise ValueError("bad lay-offs")
    g.def_layoffs = [[card(c), number(k, "lay-off meld", 0, 3)] for c, k in layoffs]
    g.def_unmatched = cards(d["def_unmatched"], 10)
