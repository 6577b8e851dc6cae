"""What must hold of every Gin state (GinGame.check_invariants, and every loaded save):
each card exactly once, the sizes and records the phase implies, the going-out and the
defence consistent with the hands, the score records consistent with the options and
with each other (the games' scores are replayed from the box score). No pygame here.

`check(game)` raises AssertionError naming the first broken promise.
"""
from __future__ import annotations

import weakref
from collections import Counter
from collections.abc import Iterable
from operator import attrgetter
from typing import Protocol

from game.cards import Card, full_deck
from game.deals import is_deal_no
from game.gin import melds as M
from game.gin.copies import Dealt
from game.gin.options import GinOptions
from game.gin.scores import GINS, GameScore, HandRecord, enter_win, hand_points, next_dealer

PLAYING = ("offer", "draw", "discard")
OVER = ("hand_over", "game_over")
PHASES = PLAYING + ("lay_down",) + OVER
FACE = attrgetter("rank", "suit")
DECK = frozenset(map(FACE, full_deck()))


class Checked(Dealt, Protocol):
    """What the checks read of a Gin game beyond what copies.py deals (rules.GinGame)."""
    options: GinOptions
    seed: int | None
    games: list[GameScore]
    wins: list[int]
    records: list[HandRecord]
    hand_no: int
    dealer: int
    pile: list[Card]
    turn: int
    offer_stage: int
    must_draw_stock: bool
    stock_end: bool
    taken_upcard: Card | None
    first_upcard: Card | None
    knock_value: int
    doubled: bool
    discards: list[list[Card]]
    passed: list[list[Card]]
    out_kind: str | None
    out_melds: list[list[Card]]
    out_unmatched: list[Card]
    def_melds: list[list[Card]]
    def_layoffs: list[list[Card | int]]
    def_unmatched: list[Card]


def require(ok: bool, message: str) -> None:
    if not ok:
        raise AssertionError(message)


def check(g: Checked) -> None:
    _check_seats(g)
    _check_cards(g)
    _check_sizes(g)
    _check_flags(g)
    _check_going_out(g)
    _check_defence(g)
    _check_seen(g)
    _check_knock_value(g)
    _check_records(g)


def _check_seats(g: Checked) -> None:
    require(g.phase in PHASES, f"no such phase {g.phase!r}")
    require(g.dealer in (0, 1) and g.turn in (0, 1), "the dealer and the turn are seats 0 and 1")
    require(g.offer_stage in (0, 1), "the offer stage is 0 or 1")
    require(isinstance(g.hand_no, int) and g.hand_no >= 1, "a hand is dealt")
    require(g.seed is None or is_deal_no(g.seed), "the seed is a deal number")
    require(g.deal_no is None or is_deal_no(g.deal_no), "the deal number is a deal number")


def _faces(cards: Iterable[Card]) -> set[tuple[int, str]]:
    """The cards as (rank, suit) pairs: a set of them is built in C (a set of Cards
    calls the dataclass's hash in Python for each card, and this runs after every move)."""
    return set(map(FACE, cards))


def _check_cards(g: Checked) -> None:
    placed = g.hands[0] + g.hands[1] + g.stock + g.pile
    if g.out_discard is not None:
        placed.append(g.out_discard)
    require(len(placed) == 52 and _faces(placed) == DECK and all(c.deck == 0 for c in placed),
            "the cards do not add up to one deck, each card once")


def _check_sizes(g: Checked) -> None:
    sizes = [len(h) for h in g.hands]
    if g.phase == "discard":
        require(sizes[g.turn] == 11 and sizes[1 - g.turn] == 10,
                f"in the discard phase the seat to move holds 11 cards, the other 10: {sizes}")
    elif g.out_seat is not None and g.out_discard is None:   # Big Gin: no discard
        require(sizes[g.out_seat] == 11 and sizes[1 - g.out_seat] == 10, f"Big Gin holds 11: {sizes}")
    else:
        require(sizes == [10, 10], f"both hands hold 10 cards in phase {g.phase}: {sizes}")
    if g.phase == "offer":
        require(g.pile == [g.first_upcard] and len(g.stock) == 31, "the first upcard is offered")
        nd = 1 - g.dealer
        require(g.turn == (nd if g.offer_stage == 0 else g.dealer), "the upcard is offered in turn")
    require(g.first_upcard is not None, "a hand has a first upcard")


def _check_flags(g: Checked) -> None:
    require(not g.must_draw_stock or (g.phase == "draw" and g.pile == [g.first_upcard]),
            "'draw from the Stock' only right after both passed the first upcard")
    require(not g.stock_end or (g.phase != "offer" and len(g.stock) <= 2),
            "the end of the Stock only with two cards left")
    if g.phase == "draw":
        # the only draw before any discard is the one after both passed the first upcard
        require(g.must_draw_stock == (not g.discards[0] and not g.discards[1]),
                "'draw from the Stock' exactly when both passed the first upcard")
        require(g.stock_end == (len(g.stock) <= 2), "two cards left in the Stock: its end is reached")
    tu = g.taken_upcard
    require(tu is None or (g.phase == "discard" and tu in g.hands[g.turn] and bool(g.taken[g.turn])
                           and g.taken[g.turn][-1] == tu),
            "the upcard just taken is in the hand of the seat to discard")


def _check_going_out(g: Checked) -> None:
    gone = g.out_seat is not None
    big_gin = gone and g.out_discard is None
    require(gone == (g.out_kind is not None) and (gone or g.out_discard is None),
            "who went out, how and the face-down discard go together")
    require(not big_gin or (g.options.big_gin and g.out_kind == "gin"), "out with no discard: Big Gin")
    require(not gone or g.phase in ("lay_down",) + OVER, f"a going-out in phase {g.phase}")
    seat = g.out_seat
    if g.phase == "lay_down":
        require(seat is not None and g.turn == 1 - seat, "the defender lays down after a going-out")
    if seat is None:
        require(not (g.out_melds or g.out_unmatched), "melds laid down by nobody")
        return
    require(g.out_kind in ("gin", "knock"), "gin or knock")
    laid = [c for m in g.out_melds for c in m] + list(g.out_unmatched)
    require(Counter(laid) == Counter(g.hands[seat]), "the laid-down cards are the hand")
    require(all(M.is_meld(m) for m in g.out_melds), "a laid-down group is no meld")
    require((g.out_kind == "gin") == (not g.out_unmatched), "gin has no unmatched card")
    require(M.deadwood_value(g.out_unmatched) <= g.knock_value, "knocked with too many points")


def _check_defence(g: Checked) -> None:
    defended = bool(g.def_melds or g.def_layoffs or g.def_unmatched)
    if not (g.phase in OVER and g.out_seat is not None):
        require(not defended, f"a defence laid down in phase {g.phase} with nobody out")
        return
    de = 1 - g.out_seat
    require(all(isinstance(c, Card) for c, _ in g.def_layoffs), "a lay-off is a card and a meld")
    layoffs = [c for c, _ in g.def_layoffs if isinstance(c, Card)]
    laid = [c for m in g.def_melds for c in m] + layoffs + list(g.def_unmatched)
    require(Counter(laid) == Counter(g.hands[de]), "the defence is the defender's hand")
    require(all(M.is_meld(m) for m in g.def_melds), "a defender's group is no meld")
    require(g.out_kind == "knock" or not layoffs, "no lay-offs after gin")
    require(all(isinstance(k, int) and 0 <= k < len(g.out_melds) for _, k in g.def_layoffs),
            "a lay-off on no meld")
    require(not layoffs or M.layoff_plan(layoffs, g.out_melds) is not None,
            "a lay-off does not fit the knocker's melds")


def _first_upcard(g: Checked) -> Card:
    if g.first_upcard is None:
        raise AssertionError("a hand dealt with no first upcard")
    return g.first_upcard


def _check_seen(g: Checked) -> None:
    """The public record agrees with the cards: the pile is discards (and the first
    upcard), a discard is in the pile or was taken by the other seat, a card taken is
    held, discarded again, or the face-down discard."""
    pile = _faces(g.pile)
    discards = [_faces(x) for x in g.discards]
    require(pile <= discards[0] | discards[1] | _faces([_first_upcard(g)]),
            "a card in the pile that nobody discarded")
    out = _faces([g.out_discard] if g.out_discard is not None else [])
    for s in (0, 1):
        require(discards[s] <= pile | _faces(g.taken[1 - s]), "a discard neither in the pile nor taken")
        require(_faces(g.taken[s]) <= _faces(g.hands[s]) | discards[s] | out,
                "a card taken from the pile went nowhere")


def _check_knock_value(g: Checked) -> None:
    o = g.options
    up = _first_upcard(g)
    want = o.hand_knock_value(up), o.oklahoma and up.suit == "S"
    require((g.knock_value, g.doubled) == want, "the knock value and doubling follow the options")


def _check_records(g: Checked) -> None:
    over = g.phase in OVER
    require(len(g.records) == g.hand_no - (0 if over else 1),
            f"{len(g.records)} records for hand {g.hand_no} in phase {g.phase}")
    if g.records:
        require(g.dealer == next_dealer(g.records[-1]), "the last hand's winner deals")
    if over:
        _check_last_record(g, g.records[-1])
    require(len(g.games) == (3 if g.options.hollywood else 1), "one game, or Hollywood's three")
    match_over = all(not x.is_open for x in g.games)
    require(match_over == (g.phase == "game_over"), "the game is over when every game is won")
    _check_box_score(g)


class _Replay:
    """The box score checked so far, hand by hand, with the games' scores and the hands
    won it gives. Records are only ever appended, never changed once written: a game's
    next check goes on from where its last one stopped (a save read, a copy, or a box
    score cut short starts again from the first hand)."""

    def __init__(self, records: list[HandRecord], options: GinOptions):
        self.records, self.options = records, options
        self.n = 0
        self.last: HandRecord | None = None
        self.games = [GameScore() for _ in range(3 if options.hollywood else 1)]
        self.wins = [0, 0]

    def fits(self, records: list[HandRecord], options: GinOptions) -> bool:
        return (records is self.records and options is self.options and len(records) >= self.n
                and (self.n == 0 or records[self.n - 1] is self.last))

    def advance(self) -> str | None:
        """Check the records not checked yet; what is wrong with the first bad one, or None."""
        for k in range(self.n, len(self.records)):
            r = self.records[k]
            problem = self._problem(k, r)
            if problem:
                return problem
            self.n, self.last = k + 1, r
        return None

    def _problem(self, k: int, r: HandRecord) -> str | None:
        o = self.options
        try:
            r.check_shape()
        except ValueError as e:
            return str(e)
        if r.hand_no != k + 1:
            return "the box score is numbered from 1"
        if self.last is not None and r.dealer != next_dealer(self.last):
            return "the winner of a hand deals the next"
        if not o.oklahoma and (r.knock_value != o.hand_knock_value(None) or r.doubled):
            return "a hand's knock value does not follow the options"
        if r.winner is None:
            return None
        if r.out_seat is None:      # check_shape refused it already: said for the types
            return "a hand won with nobody out"
        kd, dd = r.deadwood[r.out_seat], r.deadwood[1 - r.out_seat]
        if kd > r.knock_value or (r.how == "knock" and dd <= kd) or (r.how == "underknock" and dd > kd):
            return "a hand's result does not follow its unplayable points"
        if r.points != hand_points(r.how, kd, dd, r.doubled, o):
            return "a hand's points do not follow its unplayable points"
        if not any(x.is_open for x in self.games):
            return "a hand won after the match was over"
        entered, _ = enter_win(self.games, self.wins, r.winner, r.points, o)
        if entered != r.games:
            return "a hand entered the wrong games"
        return None


_replays: weakref.WeakKeyDictionary[Checked, _Replay] = weakref.WeakKeyDictionary()


def _check_box_score(g: Checked) -> None:
    """Each hand's result, who dealt, and the games' scores and hands won replayed from
    the box score."""
    replay = _replays.get(g)
    if replay is None or not replay.fits(g.records, g.options):
        replay = _replays[g] = _Replay(g.records, g.options)
    problem = replay.advance()
    if problem:
        del _replays[g]
        raise AssertionError(problem)
    require(replay.games == g.games, "the games' scores do not follow from the box score")
    require(replay.wins == g.wins, "the hands won do not follow from the box score")


def _check_last_record(g: Checked, r: HandRecord) -> None:
    """The result shown at the end of the hand is this hand's."""
    require((r.knock_value, r.doubled) == (g.knock_value, g.doubled), "the result is this hand's")
    if g.out_seat is None:
        require(r.how == "dead", "a hand over with nobody out is dead")
        return
    require(r.out_seat == g.out_seat and (r.how in GINS) == (g.out_kind == "gin")
            and (r.how == "big_gin") == (g.out_discard is None), "the result names who went out and how")
    de = 1 - g.out_seat
    require(r.deadwood[g.out_seat] == M.deadwood_value(g.out_unmatched)
            and r.deadwood[de] == M.deadwood_value(g.def_unmatched), "the result's unplayable points")
