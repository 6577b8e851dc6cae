"""Go-Stop for network play: a seat's view (PlayerView) and the events of a move as
JSON, each reduced to what that seat may know, and the cards a seat cannot see.

Cards are written by their short names as the saves and replays write them ("1B",
"11D", "+2"); moves as the replay codec writes them. view_from_json checks every
field and raises ValueError (never another exception) for anything else. The other
hands stay hidden: the view already hides the card another seat is about to play
while it is asked to bomb or shake, and the events name a hand card only once it is
played or shown, except a chongtong's four cards, which the views never show (the
other seats hear of the chongtong, not of its month). No pygame here.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from game import net_fields as F
from game.engine import Event
from game.wire import as_listed, plain_wire

from . import replay_codec
from .cards import CARDS, Card
from .hand import MAX_CHIPS, MAX_FACTOR
from .invariants import PHASES
from .moves import Question
from .options import Options
from .rules import GoStopState
from .saves import read_result
from .view import PlayerView

HAND_NO_MAX = 10 ** 6

# each event kind, and the details a seat other than the event's may not read. A kind
# missing here is refused: a new event must be looked at before it travels.
_PUBLIC = ("redeal", "deal", "dealer_bonus", "nagari", "hand_over", "stop", "payment", "play",
           "choose", "go", "turn", "bomb", "shake", "capture", "ja_ppuk", "stack_capture", "flip",
           "bonus", "jjok", "ppuk", "ttadak", "place", "junk_taken", "sseul", "paid_at_once",
           "three_ppuk")
_WITHHELD: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(_PUBLIC, ()),
    "chongtong": ("cards",),         # four hand cards the views never show
}


# --- writing ---------------------------------------------------------------------

def _names(cards: Iterable[Card]) -> list[str]:
    return [c.name for c in cards]


def _card_or_none(card: Card | None) -> str | None:
    return None if card is None else card.name


def _plain(v: Any) -> Any:
    """An event's detail as JSON: cards by name, tuples as lists."""
    if isinstance(v, Card):
        return v.name
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if v is None or isinstance(v, (bool, int, str)):
        return v
    raise TypeError(f"a Go-Stop event detail with no JSON form: {v!r}")


def _result(res: dict[str, Any] | None) -> dict[str, Any] | None:
    if res is None:
        return None
    return {**res, "lines": [list(x) for x in res["lines"]],
            "payments": [p.to_json() for p in res["payments"]]}


def view_to_json(view: PlayerView) -> dict[str, Any]:
    """The view as JSON (json.dumps-able), every field of it."""
    v = view
    q = v.question
    return {
        "seat": v.seat, "players": v.players, "options": v.options.to_json(),
        "hand": _names(v.hand), "table": _names(v.table),
        "captures": [_names(c) for c in v.captures], "stock_size": v.stock_size,
        "hand_sizes": list(v.hand_sizes), "scores": list(v.scores),
        "go_counts": list(v.go_counts), "last_go_scores": list(v.last_go_scores),
        "go_seq": list(v.go_seq), "shakes": list(v.shakes), "bombs": list(v.bombs),
        "bomb_credits": list(v.bomb_credits), "revealed": [_names(r) for r in v.revealed],
        "stacks": {str(month): seat for month, seat in v.stacks.items()},
        "turn": v.turn, "dealer": v.dealer,
        "question": {"kind": q.kind, "seat": q.seat, "cards": _names(q.cards)},
        "legal": [replay_codec.move_to_json(m) for m in v.legal],
        "turn_card": _card_or_none(v.turn_card), "stock_card": _card_or_none(v.stock_card),
        "chips": list(v.chips), "multiplier": v.multiplier, "hand_no": v.hand_no,
        "last_turn": v.last_turn, "target": v.target, "result": _result(v.result),
        "ppuks": list(v.ppuks),
    }


def events_for(events: Sequence[Event], seat: int) -> list[dict[str, Any]]:
    """The events of one apply() as JSON, as `seat` may read them."""
    return F.events_for(events, seat, _WITHHELD, "Go-Stop", _plain)


def hidden_cards(engine: GoStopState, seat: int) -> set[str]:
    """The cards `seat` cannot see now: the stock and the other hands, less the cards
    their seats showed by shaking (view.redeal_hidden deals these anew, but for the
    cards of the month another seat is asked to bomb or shake with: hidden, and kept
    in that hand)."""
    s = engine
    hidden = set(s.stock)
    for o in range(s.n):
        if o != seat:
            shown = set(s.revealed[o])
            hidden.update(c for c in s.hands[o] if c not in shown)
    return {c.name for c in hidden}


# --- reading ---------------------------------------------------------------------

_BY_NAME = {c.name: c for c in CARDS}
_KEYS = ("seat", "players", "options", "hand", "table", "captures", "stock_size", "hand_sizes",
         "scores", "go_counts", "last_go_scores", "go_seq", "shakes", "bombs", "bomb_credits",
         "revealed", "stacks", "turn", "dealer", "question", "legal", "turn_card", "stock_card",
         "chips", "multiplier", "hand_no", "last_turn", "target", "result", "ppuks")
_DECK_SIZE = len(CARDS)


def _card(v: Any, what: str) -> Card:
    if not isinstance(v, str) or v not in _BY_NAME:
        raise ValueError(f"bad {what}: not a Hwatu card: {v!r:.20}")
    return _BY_NAME[v]


def _cards(v: Any, what: str) -> tuple[Card, ...]:
    return F.items(v, what, _card, _DECK_SIZE)


def _move(v: Any, what: str) -> Any:
    move = replay_codec.move_from_json(v)
    card = getattr(move, "card", None)
    if hasattr(move, "card") and not isinstance(card, Card):
        raise ValueError(f"bad {what}: a move's card")
    return move


class _Seats:
    """Readers of the fields that hold one value per seat."""

    def __init__(self, n: int):
        self.n = n

    def seat(self, v: Any, what: str) -> int:
        return F.number(v, 0, self.n - 1, what)

    def numbers(self, v: Any, what: str, lo: int, hi: int) -> tuple[int, ...]:
        got = F.items(v, what, lambda x, w: F.number(x, lo, hi, w), self.n)
        if len(got) != self.n:
            raise ValueError(f"bad {what}: one number per seat expected")
        return got

    def card_lists(self, v: Any, what: str) -> tuple[tuple[Card, ...], ...]:
        got = F.items(v, what, _cards, self.n)
        if len(got) != self.n:
            raise ValueError(f"bad {what}: one list per seat expected")
        return got


def _stacks(v: Any, seats: _Seats) -> dict[int, int]:
    if not isinstance(v, dict) or len(v) > 12:
        raise ValueError("bad stacks: a JSON object of months expected")
    out = {}
    for k, maker in v.items():
        if not (isinstance(k, str) and k.isdigit() and k == str(int(k)) and 1 <= int(k) <= 12):
            raise ValueError(f"bad stack month {k!r:.20}")
        out[int(k)] = seats.seat(maker, "stack maker")
    return out


def _question(v: Any, seats: _Seats) -> Question:
    d = F.fields(v, ("kind", "seat", "cards"), "question")
    return Question(F.one_of(d["kind"], PHASES, "question kind"), seats.seat(d["seat"], "question seat"),
                    _cards(d["cards"], "question cards"))


def _read(data: Any) -> PlayerView:
    d = F.fields(data, _KEYS, "Go-Stop view")
    options = F.options(d["options"], Options)
    n = F.number(d["players"], 2, 3, "players")
    if n != options.players:
        raise ValueError("bad players: not the options' count")
    S = _Seats(n)
    return PlayerView(
        seat=S.seat(d["seat"], "seat"), players=n, options=options,
        hand=_cards(d["hand"], "hand"), table=_cards(d["table"], "table"),
        captures=S.card_lists(d["captures"], "captures"),
        stock_size=F.number(d["stock_size"], 0, _DECK_SIZE, "stock size"),
        hand_sizes=S.numbers(d["hand_sizes"], "hand sizes", 0, _DECK_SIZE),
        scores=S.numbers(d["scores"], "scores", 0, 1000),
        go_counts=S.numbers(d["go_counts"], "go counts", 0, 20),
        last_go_scores=S.numbers(d["last_go_scores"], "last go scores", 0, 1000),
        go_seq=S.numbers(d["go_seq"], "go order", 0, 100),
        shakes=S.numbers(d["shakes"], "shakes", 0, 12), bombs=S.numbers(d["bombs"], "bombs", 0, 12),
        bomb_credits=S.numbers(d["bomb_credits"], "bomb credits", 0, 24),
        revealed=S.card_lists(d["revealed"], "revealed"), stacks=_stacks(d["stacks"], S),
        turn=S.seat(d["turn"], "turn"), dealer=S.seat(d["dealer"], "dealer"),
        question=_question(d["question"], S), legal=F.items(d["legal"], "legal moves", _move, _DECK_SIZE),
        turn_card=F.optional(d["turn_card"], "turn card", _card),
        stock_card=F.optional(d["stock_card"], "stock card", _card),
        chips=S.numbers(d["chips"], "chips", -MAX_CHIPS, MAX_CHIPS),
        multiplier=F.number(d["multiplier"], 1, MAX_FACTOR, "multiplier"),
        hand_no=F.number(d["hand_no"], 0, HAND_NO_MAX, "hand number"),
        last_turn=F.flag(d["last_turn"], "last turn"), target=F.number(d["target"], 1, 50, "target"),
        result=read_result(d["result"], n), ppuks=S.numbers(d["ppuks"], "ppuks", 0, 12),
    )


def view_from_json(data: Any) -> PlayerView:
    """The view back from view_to_json's JSON; ValueError with a reason for anything else."""
    return F.guarded(_read, data, "Go-Stop view")


# moves on the wire: the replay codec's JSON (game/wire.py)
move_to_wire, move_from_wire = plain_wire(replay_codec)
listed_form = as_listed
