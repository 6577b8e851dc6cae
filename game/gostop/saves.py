"""A Go-Stop state to JSON and back: the one path by which a saved state is read.

Every field is checked for its type and range, the cards of the whole deck are
accounted for (a constructed position names the cards it leaves out in "out";
nothing switches that count off), and the loaded state must pass the engine's
invariants (invariants.check_state: hand sizes against the turn order, the
question pending against its cards, the result against its payments). Anything
else is a ValueError with the reason. Pure: no pygame.

    state_to_json(state) -> dict
    state_from_json(cls, data) -> state     (rules.GoStopState.to_json/from_json)
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any, Protocol, TypeVar

from ..deals import check_optional_deal_no
from ..engine import is_int, read_guarded, rng_state_to_json
from .cards import Card, deck, parse_card
from .hand import MAX_CHIPS, MAX_FACTOR, Payment
from .invariants import PHASES, T_MODES, Checked, check_state
from .options import Options

SCHEMA = 1
KEYS = {"schema", "game", "options", "rng", "chips", "seed", "deal_no", "dealer", "hand_no",
        "multiplier", "out", "hands", "table", "stock", "captures", "go_counts", "last_go",
        "go_seq", "shakes", "bombs", "credits", "ppuks", "revealed", "stacks", "turn", "phase",
        "last_turn", "t_card", "t_mode", "t_pair", "t_before", "t_stock", "choices", "result"}
# "partial" was written by older versions: accepted only as false (a whole deck)
OLD_KEYS = {"partial"}
OPTIONAL = {"out", "ppuks"} | OLD_KEYS   # ppuks: saves before the variants had none
RESULT_KEYS = {"winner", "nagari", "chongtong", "points", "lines", "payments", "multiplier"}




class Saved(Checked, Protocol):
    """What a save holds of a Go-Stop state beyond what the checks read
    (rules.GoStopState: this module cannot import it, the rules import this module)."""
    rng: random.Random
    seed: int | None
    deal_no: int | None
    _sc: list[int | None]


SavedT = TypeVar("SavedT", bound=Saved)   # the state a save is read into (GoStopState)


def _names(cards: Iterable[Card]) -> list[str]:
    return [c.name for c in cards]


def state_to_json(s: Saved) -> dict[str, Any]:
    res = None
    if s.result is not None:
        res = dict(s.result)
        res["payments"] = [p.to_json() for p in res["payments"]]
    out = []
    if s.partial:
        in_play = set(s.all_cards())
        out = [c for c in deck(s.options.bonus_cards) if c not in in_play]
    return {
        "schema": SCHEMA, "game": "gostop", "options": s.options.to_json(),
        "rng": rng_state_to_json(s.rng), "chips": list(s.chips),
        "seed": s.seed, "deal_no": s.deal_no,
        "dealer": s.dealer, "hand_no": s.hand_no, "multiplier": s.multiplier,
        "out": _names(out),
        "hands": [_names(h) for h in s.hands], "table": _names(s.table),
        "stock": _names(s.stock), "captures": [_names(c) for c in s.captures],
        "go_counts": list(s.go_counts), "last_go": list(s.last_go),
        "go_seq": list(s.go_seq), "shakes": list(s.shakes), "bombs": list(s.bombs),
        "credits": list(s.credits), "ppuks": list(s.ppuks), "revealed": [_names(r) for r in s.revealed],
        "stacks": {str(k): v for k, v in s.stacks.items()},
        "turn": s.turn, "phase": s.phase, "last_turn": s.last_turn,
        "t_card": s.t_card.name if s.t_card else None, "t_mode": s.t_mode,
        "t_pair": s.t_pair.name if s.t_pair else None, "t_before": s.t_before,
        "t_stock": s.t_stock.name if s.t_stock else None,
        "choices": _names(s.choices), "result": res,
    }


def state_from_json(cls: Callable[[], SavedT], data: object) -> SavedT:
    """The state `cls()` (rules.GoStopState) saved in `data`; ValueError if damaged."""
    return read_guarded(lambda d: _read(cls, d), data, "Go-Stop save")


def _read(cls: Callable[[], SavedT], data: object) -> SavedT:
    d = _check_keys(data)
    s = cls()
    s.options = Options.from_json(d["options"])
    s.n = n = s.options.players
    s.rng = read_rng(d["rng"])
    s.seed = check_optional_deal_no(d["seed"])
    s.deal_no = check_optional_deal_no(d["deal_no"])
    s.dealer = _seat(d["dealer"], n, "dealer")
    s.hand_no = _int(d["hand_no"], 1, 10 ** 9, "hand_no")
    s.multiplier = _int(d["multiplier"], 1, MAX_FACTOR, "multiplier")
    _read_cards(s, d, n)
    _read_counts(s, d, n)
    _read_turn(s, d, n)
    s.result = read_result(d["result"], n)
    s._sc = [None] * n
    try:
        check_state(s)
    except AssertionError as e:
        raise ValueError(f"an impossible Go-Stop state: {e}") from None
    return s


def _check_keys(d: object) -> dict[str, Any]:
    """The save's object, its keys checked."""
    if not isinstance(d, dict) or d.get("game") != "gostop" or d.get("schema") != SCHEMA:
        raise ValueError("not a Go-Stop save of this version")
    missing = KEYS - OPTIONAL - set(d)
    unknown = set(d) - KEYS - OLD_KEYS
    if missing or unknown:
        raise ValueError(f"Go-Stop save: missing {sorted(missing)}, unknown {sorted(unknown)}")
    if "partial" in d and d["partial"] is not False:
        raise ValueError("a saved game holds the whole deck: 'partial' must be false")
    return d


# -- fields --------------------------------------------------------------------------------
def _int(v: object, lo: int, hi: int, what: str) -> int:
    if not is_int(v) or not lo <= v <= hi:
        raise ValueError(f"bad {what}: {v!r}")
    return v


def _seat(v: object, n: int, what: str) -> int:
    return _int(v, 0, n - 1, what)


def _bool(v: object, what: str) -> bool:
    if not isinstance(v, bool):
        raise ValueError(f"bad {what}: {v!r}")
    return v


def _ints(d: dict[str, Any], key: str, n: int, lo: int, hi: int) -> list[int]:
    v = d[key]
    if not isinstance(v, list) or len(v) != n:
        raise ValueError(f"bad {key}: one number per seat expected")
    return [_int(x, lo, hi, key) for x in v]


def _cards(v: object, what: str) -> list[Card]:
    if not isinstance(v, list) or len(v) > 60 or not all(isinstance(x, str) for x in v):
        raise ValueError(f"bad {what}: a list of card names expected")
    return [parse_card(x) for x in v]


def _per_seat(d: dict[str, Any], key: str, n: int) -> list[list[Card]]:
    v = d[key]
    if not isinstance(v, list) or len(v) != n:
        raise ValueError(f"bad {key}: one list per seat expected")
    return [_cards(x, key) for x in v]


def _card_or_none(v: object, what: str) -> Card | None:
    if v is None:
        return None
    if not isinstance(v, str):
        raise ValueError(f"bad {what}: {v!r}")
    return parse_card(v)


def read_rng(v: object) -> random.Random:
    """A random.Random from rng_state_to_json's output, every number checked."""
    if (not isinstance(v, list) or len(v) != 3 or not is_int(v[0])
            or not isinstance(v[1], list) or len(v[1]) != 625
            or not all(is_int(x) and 0 <= x < 2 ** 32 for x in v[1])
            or not (v[2] is None or isinstance(v[2], float))):
        raise ValueError("bad random state")
    rng = random.Random()
    rng.setstate((v[0], tuple(v[1]), v[2]))
    return rng


# -- parts of the state --------------------------------------------------------------------
def _read_cards(s: Saved, d: dict[str, Any], n: int) -> None:
    s.hands = _per_seat(d, "hands", n)
    s.captures = _per_seat(d, "captures", n)
    s.revealed = _per_seat(d, "revealed", n)
    s.table = _cards(d["table"], "table")
    s.stock = _cards(d["stock"], "stock")
    out = _cards(d.get("out", []), "out")
    s.partial = bool(out)
    in_play = s.all_cards()
    if sorted(in_play + out) != deck(s.options.bonus_cards):
        raise ValueError("the cards in play and out of play are not exactly one deck")
    stacks = d["stacks"]
    if not isinstance(stacks, dict):
        raise ValueError("bad stacks")
    s.stacks = {}
    for k, v in stacks.items():
        if not k.isdigit() or k != str(int(k)):
            raise ValueError(f"bad stack month {k!r}")
        s.stacks[_int(int(k), 1, 12, "stack month")] = _seat(v, n, "stack maker")


def _read_counts(s: Saved, d: dict[str, Any], n: int) -> None:
    s.chips = _ints(d, "chips", n, -MAX_CHIPS, MAX_CHIPS)
    s.go_counts = _ints(d, "go_counts", n, 0, 20)
    s.last_go = _ints(d, "last_go", n, 0, 1000)
    s.go_seq = _ints(d, "go_seq", n, 0, 100)
    s.shakes = _ints(d, "shakes", n, 0, 12)
    s.bombs = _ints(d, "bombs", n, 0, 12)
    s.credits = _ints(d, "credits", n, 0, 24)
    s.ppuks = _ints(d, "ppuks", n, 0, 12) if "ppuks" in d else [0] * n


def _read_turn(s: Saved, d: dict[str, Any], n: int) -> None:
    s.turn = _seat(d["turn"], n, "turn")
    if d["phase"] not in PHASES:
        raise ValueError(f"bad phase {d['phase']!r}")
    s.phase = d["phase"]
    s.last_turn = _bool(d["last_turn"], "last_turn")
    if d["t_mode"] not in T_MODES:
        raise ValueError(f"bad t_mode {d['t_mode']!r}")
    s.t_mode = d["t_mode"]
    s.t_card = _card_or_none(d["t_card"], "t_card")
    s.t_pair = _card_or_none(d["t_pair"], "t_pair")
    s.t_stock = _card_or_none(d["t_stock"], "t_stock")
    s.t_before = _int(d["t_before"], 0, 3, "t_before")
    s.choices = _cards(d["choices"], "choices")


def read_result(res: object, n: int) -> dict[str, Any] | None:
    """A settled hand's record (None while the hand is played); its consistency with
    the state (winner, payers, totals) is checked by check_state."""
    if res is None:
        return None
    if not isinstance(res, dict) or set(res) != RESULT_KEYS:
        raise ValueError("bad result: not the fields of a settled hand")
    winner = res["winner"]
    if winner is not None:
        _seat(winner, n, "winner")
    lines = res["lines"]
    if not isinstance(lines, list) or len(lines) > 40 or not all(
            isinstance(x, list) and len(x) == 2 and isinstance(x[0], str) and is_int(x[1])
            and 0 <= x[1] <= 1000 for x in lines):
        raise ValueError("bad result lines")
    pays = res["payments"]
    if not isinstance(pays, list) or len(pays) >= n:
        raise ValueError("bad result payments")
    return {"winner": winner, "nagari": _bool(res["nagari"], "nagari"),
            "chongtong": _bool(res["chongtong"], "chongtong"),
            "points": _int(res["points"], 0, 1000, "points"),
            "lines": [list(x) for x in lines],
            "payments": [Payment.from_json(p) for p in pays],
            "multiplier": _int(res["multiplier"], 1, MAX_FACTOR, "result multiplier")}
