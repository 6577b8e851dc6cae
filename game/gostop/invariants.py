"""What a Go-Stop state may be: `check_state(s)` raises AssertionError, naming the
broken promise, for a state no play can reach (a card made, lost or twice, hands
of sizes the turn order cannot give, a question without its cards, a result that
does not add up). The engine's check_invariants and every loaded save use it.

A constructed position (`partial`, from GoStopState.from_position) may leave cards
out, give any hand sizes and any chips; everything else is checked for it too.
Pure: no pygame.
"""
from __future__ import annotations

from typing import Any, Protocol

from .cards import Card, deck
from .hand import DOUBLINGS, GO_DOUBLING
from .view import Viewed

PHASES = ("play", "bomb", "shake", "match_hand", "match_stock", "go_stop", "hand_over")
T_MODES = ("none", "alone", "paired", "took")
# the phases in which the seat to move has not yet played its card this turn
BEFORE_THE_CARD = ("play", "bomb", "shake")


class Checked(Viewed, Protocol):
    """What the checks read of a Go-Stop state beyond its view (rules.GoStopState)."""
    partial: bool
    t_mode: str
    t_pair: Card | None
    t_before: int
    choices: list[Card]

    def all_cards(self) -> list[Card]: ...

    def score(self, seat: int) -> int: ...

    def turns_left(self, seat: int) -> int: ...

    def _bomb_offered(self, in_hand: int, on_table: int) -> bool: ...


def check_cards(s: Checked) -> None:
    """No card twice, only the deck's cards, all of them unless partial; shown
    cards still in their hands. ValueError (from_position uses it on every call)."""
    allc = s.all_cards()
    if len(set(allc)) != len(allc):
        raise ValueError("a card appears twice")
    want = set(deck(s.options.bonus_cards))
    if not s.partial and set(allc) != want:
        raise ValueError("the cards are not exactly one deck")
    if s.partial and not set(allc) <= want:
        raise ValueError("a card not of this deck")
    for seat, r in enumerate(s.revealed):
        if any(c not in s.hands[seat] for c in r):
            raise ValueError("a revealed card is not in its hand")


def check_state(s: Checked) -> None:
    n = s.n
    assert n == s.options.players, "seats and options disagree"
    for name in ("hands", "captures", "revealed", "chips", "go_counts", "last_go", "go_seq",
                 "shakes", "bombs", "credits", "ppuks"):
        assert len(getattr(s, name)) == n, f"{name}: not one per seat"
    try:
        check_cards(s)
    except ValueError as e:
        raise AssertionError(str(e)) from None
    assert 0 <= s.turn < n and 0 <= s.dealer < n, "whose turn or deal"
    assert s.phase in PHASES and s.t_mode in T_MODES, "unknown phase or turn mode"
    assert s.hand_no >= 1 and s.multiplier >= 1, "hand number or multiplier below 1"
    _check_counts(s)
    _check_stacks(s)
    _check_question(s)
    if not s.partial:
        assert sum(s.chips) == 0, "chips are won from the others: they add up to 0"
        assert s.multiplier & (s.multiplier - 1) == 0, "the multiplier doubles: a power of 2"
        _check_turn_order(s)
    assert (s.phase == "hand_over") == (s.result is not None), "a result, and only at a hand's end"
    if s.result is not None:
        check_result(s.result, s)


def _check_counts(s: Checked) -> None:
    for seat in range(s.n):
        assert s.go_counts[seat] >= 0 and s.shakes[seat] >= 0 and s.bombs[seat] >= 0, \
            "a count below 0"
        assert (s.go_counts[seat] > 0) == (s.go_seq[seat] > 0), "a Go without its order"
        assert 0 <= s.credits[seat] <= 2 * s.bombs[seat], "stock-only turns come from bombs"
        assert s.last_go[seat] >= 0, "a Go's score below 0"
        assert s.ppuks[seat] >= 0, "a ppuk count below 0"
    seqs = [g for g in s.go_seq if g]
    assert len(seqs) == len(set(seqs)), "two Go said at once"


def _check_stacks(s: Checked) -> None:
    for month, maker in s.stacks.items():
        assert 1 <= month <= 12 and 0 <= maker < s.n, "a stack of no month or no seat"
        assert sum(1 for c in s.table if c.month == month) == 3, "a stack is three cards"


def _check_question(s: Checked) -> None:
    """The question pending and the turn's cards agree."""
    ph, seat = s.phase, s.turn
    hand = s.hands[seat]
    if ph == "play":
        assert s.t_card is None and s.t_pair is None and s.t_stock is None and not s.choices, \
            "a turn not yet begun holds the cards of one under way"
        assert s.turns_left(seat) > 0, "the seat to play has nothing to play"
        others = sum(s.turns_left(o) for o in range(s.n) if o != seat)
        assert s.last_turn == (others == 0 and s.turns_left(seat) == 1), "last turn flag"
    elif ph in ("bomb", "shake"):
        c = s.t_card
        assert c is not None and c in hand and c.month != 0, "bomb or shake without its card"
        in_hand = sum(1 for h in hand if h.month == c.month)
        on_table = sum(1 for t in s.table if t.month == c.month)
        if ph == "bomb":
            assert s._bomb_offered(in_hand, on_table), "a bomb needs three and the fourth (or two and two)"
        else:
            assert in_hand == 3, "shaking without three"
    elif ph in ("match_hand", "match_stock"):
        c = s.t_card if ph == "match_hand" else s.t_stock
        assert c is not None and c in s.table, "the card to match is not on the table"
        assert len(s.choices) == 2 and len(set(s.choices)) == 2, "a match has two choices"
        assert all(x in s.table and x.month == c.month and x != c for x in s.choices), \
            "a match choice is not a table card of its month"
        assert s.t_mode == "paired" or ph == "match_stock", "a hand card's match without its pair"
    elif ph == "go_stop":
        pts = s.score(seat)
        assert pts >= s.options.target_points, "Go or Stop below the target"
        assert s.go_counts[seat] == 0 or pts > s.last_go[seat], "Go or Stop without a new point"
    if ph not in {"play", "hand_over"}:
        assert 0 <= s.t_before <= 3, "more than three cards of a month before the turn"


def _check_turn_order(s: Checked) -> None:
    """Hand sizes as the turn order gives them: from the dealer round the table,
    the seats that have played one turn more come first."""
    hs = s.options.hand_size
    order = [(s.dealer + i) % s.n for i in range(s.n)]
    taken = [hs - s.turns_left(seat) for seat in order]
    assert all(t >= 0 for t in taken), "a hand larger than dealt"
    low = min(taken)
    ahead = sum(1 for t in taken if t > low)
    assert max(taken) - low <= 1 and taken == [low + 1] * ahead + [low] * (s.n - ahead), \
        f"turns taken {taken} from the dealer do not follow the turn order"
    pos = order.index(s.turn)
    if s.phase in BEFORE_THE_CARD:
        assert ahead == pos, "the seat to move is not the next in turn"
    elif s.phase != "hand_over":
        assert ahead == (pos + 1) % s.n, "the seat asked is not the one that just played"


def check_result(res: dict[str, Any], s: Checked) -> None:
    """A settled hand's record: who won, how, and the payments that add up."""
    n = s.n
    assert isinstance(res, dict), "a result is a record"
    w = res.get("winner")
    pays = res.get("payments")
    assert isinstance(pays, list) and isinstance(res.get("lines"), list), "result lists"
    assert isinstance(res.get("multiplier"), int) and res["multiplier"] >= 1, "result multiplier"
    if w is None:
        assert res.get("nagari") is True and res.get("chongtong") is False, "no winner: a nagari"
        assert not pays and res.get("points") == 0 and not res["lines"], "a nagari pays nothing"
        return
    assert isinstance(w, int) and 0 <= w < n and res.get("nagari") is False, \
        "a winner, and then no nagari"
    assert isinstance(res.get("chongtong"), bool) and isinstance(res.get("points"), int), \
        "result chongtong or points"
    if res["chongtong"]:
        assert res["points"] == s.options.chongtong_points, "a chongtong pays its fixed points"
    assert sorted(p.loser for p in pays) == [o for o in range(n) if o != w], \
        "one payment from each loser"
    for p in pays:
        assert 0 <= p.payer < n and p.payer != w, "a payer must be a loser"
        assert p.total == p.due(), "a payment's total"
        for name, _factor in p.doublings:
            assert name in DOUBLINGS or GO_DOUBLING.fullmatch(name), f"doubling {name!r}"
    for line in res["lines"]:
        assert (isinstance(line, (list, tuple)) and len(line) == 2 and isinstance(line[0], str)
                and isinstance(line[1], int)), "a score line is a name and points"
