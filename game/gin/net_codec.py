"""Gin Rummy for network play: a seat's view (GinView) and the events of a move as
JSON, each reduced to what that seat may know, and the cards a seat cannot see.

Cards are written as the saves and replays write them ("7H", "TS"); moves as the
replay codec writes them. view_from_json checks every field and raises ValueError
(never another exception) for anything else. What a seat may not learn from the
events: the card the other seat drew from the Stock, and the going-out discard,
laid face down until the hand is over. No pygame here.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from game import net_fields as F
from game.cards import Card, full_deck
from game.engine import Event
from game.gin import moves as M
from game.gin import replay_codec
from game.gin.invariants import PHASES
from game.gin.options import GinOptions
from game.gin.rules import GinGame
from game.gin.scores import GameScore, HandRecord
from game.gin.view import GinView
from game.wire import plain_wire

SEATS = 2
HAND_NO_MAX = 10 ** 6
OUT_KINDS = ("gin", "knock")

# each event kind, and the details the seat that did not make it may not read (none:
# every seat reads it all). A kind missing here is refused: a new event must be
# looked at before it travels.
_WITHHELD: dict[str, tuple[str, ...]] = {
    "deal": ("deal_no",), "redeal": (), "take_upcard": (), "pass": (), "discard": (), "stock_end": (),
    "dead_hand": (), "lay_down": (), "hand_scored": (), "game_won": (),
    "draw_stock": ("card",),         # the other seat's card from the Stock
    "gin": ("discard",), "knock": ("discard",),   # the going-out discard lies face down
}


# --- writing ---------------------------------------------------------------------

def _cards(cards: Iterable[Card]) -> list[str]:
    return [str(c) for c in cards]


def _groups(groups: Iterable[Iterable[Card]]) -> list[list[str]]:
    return [_cards(g) for g in groups]


def _card_or_none(card: Card | None) -> str | None:
    return None if card is None else str(card)


def view_to_json(view: GinView) -> dict[str, Any]:
    """The view as JSON (json.dumps-able), every field of it."""
    v = view
    defense = None
    if v.defense is not None:
        defense = {"seat": v.defense["seat"], "melds": _groups(v.defense["melds"]),
                   "layoffs": [[str(c), k] for c, k in v.defense["layoffs"]],
                   "unmatched": _cards(v.defense["unmatched"])}
    return {
        "seat": v.seat, "phase": v.phase, "turn": v.turn, "dealer": v.dealer,
        "hand_no": v.hand_no, "hand": _cards(v.hand), "pile": _cards(v.pile),
        "stock_size": v.stock_size, "opponent_hand_size": v.opponent_hand_size,
        "knock_value": v.knock_value, "doubled": v.doubled,
        "first_upcard": str(v.first_upcard), "stock_end": v.stock_end,
        "taken_upcard": _card_or_none(v.taken_upcard),
        "my_taken": _cards(v.my_taken), "opp_taken": _cards(v.opp_taken),
        "my_discards": _cards(v.my_discards), "opp_discards": _cards(v.opp_discards),
        "opp_passed": _cards(v.opp_passed),
        "legal_moves": [replay_codec.move_to_json(m) for m in v.legal_moves],
        "options": v.options.to_json(),
        "games": [g.to_json() for g in v.games], "wins": list(v.wins),
        "out_seat": v.out_seat, "out_kind": v.out_kind,
        "out_melds": _groups(v.out_melds), "out_unmatched": _cards(v.out_unmatched),
        "out_discard": _card_or_none(v.out_discard),
        "opp_hand": None if v.opp_hand is None else _cards(v.opp_hand),
        "defense": defense,
        "last_record": None if v.last_record is None else v.last_record.to_json(),
    }


def events_for(events: Sequence[Event], seat: int) -> list[dict[str, Any]]:
    """The events of one apply() as JSON, as `seat` may read them."""
    return F.events_for(events, seat, _WITHHELD, "Gin")


def hidden_cards(engine: GinGame, seat: int) -> set[str]:
    """The cards `seat` cannot see now: the Stock; the other hand while it is hidden,
    less the cards seen taken from the pile; the face-down going-out discard until
    the hand is over (copies.redeal_hidden deals these anew)."""
    g, opp = engine, 1 - seat
    hidden = set(g.stock)
    if g.phase in ("offer", "draw", "discard") or (g.phase == "lay_down" and g.out_seat == seat):
        seen = set(g.taken[opp])
        hidden.update(c for c in g.hands[opp] if c not in seen)
    if g.phase == "lay_down" and g.out_seat == opp and g.out_discard is not None \
            and g.out_discard not in g.taken[opp]:
        hidden.add(g.out_discard)
    return {str(c) for c in hidden}


# --- reading ---------------------------------------------------------------------

_DECK = {str(c): c for c in full_deck()}
_KEYS = ("seat", "phase", "turn", "dealer", "hand_no", "hand", "pile", "stock_size",
         "opponent_hand_size", "knock_value", "doubled", "first_upcard", "stock_end",
         "taken_upcard", "my_taken", "opp_taken", "my_discards", "opp_discards", "opp_passed",
         "legal_moves", "options", "games", "wins", "out_seat", "out_kind", "out_melds",
         "out_unmatched", "out_discard", "opp_hand", "defense", "last_record")


def _card(v: Any, what: str) -> Card:
    if not isinstance(v, str) or v not in _DECK:
        raise ValueError(f"bad {what}: not a card: {v!r:.20}")
    return _DECK[v]


def _cards_in(v: Any, what: str, most: int = 52) -> tuple[Card, ...]:
    return F.items(v, what, _card, most)


def _melds(v: Any, what: str) -> tuple[tuple[Card, ...], ...]:
    return F.items(v, what, lambda g, w: _cards_in(g, w, 11), 11)


def _seat(v: Any, what: str) -> int:
    return F.number(v, 0, SEATS - 1, what)


def _is_cards(v: Any) -> bool:
    return isinstance(v, tuple) and all(isinstance(c, Card) for c in v)


def _move(v: Any, what: str) -> M.Move:
    """A legal move as the replay codec reads it, its values of the right types."""
    move: M.Move = replay_codec.move_from_json(v)
    seat = getattr(move, "seat", None)
    if seat is not None and not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < SEATS):
        raise ValueError(f"bad {what}: seat {seat!r:.20}")
    card = getattr(move, "card", getattr(move, "discard", None))
    if (isinstance(move, M.Discard) or card is not None) and not isinstance(card, Card):
        raise ValueError(f"bad {what}: a move's card")
    melds, layoffs = getattr(move, "melds", None), getattr(move, "layoffs", None)
    if melds is not None and not (isinstance(melds, tuple) and all(_is_cards(g) for g in melds)):
        raise ValueError(f"bad {what}: a move's groups")
    if layoffs is not None and not _is_cards(layoffs):
        raise ValueError(f"bad {what}: a move's lay-offs")
    return move


def _defense(v: Any, what: str) -> dict[str, Any]:
    d = F.fields(v, ("seat", "melds", "layoffs", "unmatched"), what)

    def layoff(x: Any, w: str) -> tuple[Card, int]:
        if not isinstance(x, list) or len(x) != 2:
            raise ValueError(f"bad {w}: [card, group] expected")
        return _card(x[0], w), F.number(x[1], 0, 10, w)
    return {"seat": _seat(d["seat"], what + " seat"), "melds": _melds(d["melds"], what + " melds"),
            "layoffs": F.items(d["layoffs"], what + " layoffs", layoff, 11),
            "unmatched": _cards_in(d["unmatched"], what + " unmatched", 11)}


def _read(data: Any) -> GinView:
    d = F.fields(data, _KEYS, "Gin view")
    seat = _seat(d["seat"], "seat")
    opp_hand = d["opp_hand"]
    return GinView(
        seat=seat, phase=F.one_of(d["phase"], PHASES, "phase"), turn=_seat(d["turn"], "turn"),
        dealer=_seat(d["dealer"], "dealer"), hand_no=F.number(d["hand_no"], 0, HAND_NO_MAX, "hand number"),
        hand=_cards_in(d["hand"], "hand", 11), pile=_cards_in(d["pile"], "pile"),
        stock_size=F.number(d["stock_size"], 0, 52, "stock size"),
        opponent_hand_size=F.number(d["opponent_hand_size"], 0, 11, "opponent's hand size"),
        knock_value=F.number(d["knock_value"], 0, 10, "knock value"),
        doubled=F.flag(d["doubled"], "doubled"), first_upcard=_card(d["first_upcard"], "first upcard"),
        stock_end=F.flag(d["stock_end"], "stock end"),
        taken_upcard=F.optional(d["taken_upcard"], "taken upcard", _card),
        my_taken=_cards_in(d["my_taken"], "cards taken"), opp_taken=_cards_in(d["opp_taken"], "cards taken"),
        my_discards=_cards_in(d["my_discards"], "discards"),
        opp_discards=_cards_in(d["opp_discards"], "discards"),
        opp_passed=_cards_in(d["opp_passed"], "upcards passed"),
        legal_moves=F.items(d["legal_moves"], "legal moves", _move, 64),
        options=F.options(d["options"], GinOptions),
        games=F.items(d["games"], "games", lambda g, w: GameScore.from_json(F.fields(
            g, ("points", "boxes", "winner", "game_bonus", "box_bonus", "blitz_bonus"), w)), 3),
        wins=F.items(d["wins"], "wins", lambda x, w: F.number(x, 0, HAND_NO_MAX, w), SEATS),
        out_seat=F.optional(d["out_seat"], "out seat", _seat),
        out_kind=F.optional(d["out_kind"], "out kind", lambda x, w: F.one_of(x, OUT_KINDS, w)),
        out_melds=_melds(d["out_melds"], "melds laid down"),
        out_unmatched=_cards_in(d["out_unmatched"], "cards laid down", 11),
        out_discard=F.optional(d["out_discard"], "going-out discard", _card),
        opp_hand=None if opp_hand is None else _cards_in(opp_hand, "opponent's hand", 11),
        defense=F.optional(d["defense"], "defense", _defense),
        last_record=F.optional(d["last_record"], "hand record", lambda r, w: HandRecord.from_json(F.fields(
            r, ("hand_no", "dealer", "winner", "how", "points", "games", "out_seat", "knock_value",
                "deadwood", "doubled"), w))),
    )


def view_from_json(data: Any) -> GinView:
    """The view back from view_to_json's JSON; ValueError with a reason for anything else."""
    return F.guarded(_read, data, "Gin view")


# moves on the wire: the replay codec's JSON (game/wire.py) -------------------------------
move_to_wire, move_from_wire = plain_wire(replay_codec)


def listed_form(move: M.Move) -> M.Move:
    """The form in which the engine lists `move`: going out and laying down name the
    groups the player marked, where the listed move leaves them to the engine (its best
    arrangement); the engine checks the groups given when it applies them."""
    if isinstance(move, M.GoOut):
        return replace(move, melds=None)
    if isinstance(move, M.LayDown):
        return replace(move, melds=None, layoffs=None)
    return move
