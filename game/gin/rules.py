"""Gin Rummy as GIN! (1981) played it: a hand from the deal to its score, and the
game (or Hollywood's three games) around it. No pygame here.

Rules: the project's Gin rules sheet. Decisions where the sources leave room:
- The upcard just taken may not be discarded in the same turn, nor used as the
  going-out discard (GinOptions.discard_taken_upcard=True allows it).
- Oklahoma with a spade: only the points for unplayable cards are doubled (GIN!:
  "points awarded for unplayable cards are doubled"); the Gin and Underknock
  bonuses are not, unless GinOptions.oklahoma_double_bonuses. Game, Box and Blitz
  bonuses are never doubled (they belong to the game, not the hand).
- Blitz: the loser of a game won no hand (no box) in that game. In a plain game
  that is the same as "scored nothing at all" unless a bonus is set to 0.
- Gin is an arrangement with no unmatched card; a player may knock with a hand
  he could gin (his arrangement decides).
- End of the Stock: after a discard leaves two cards in the Stock, the next
  player may take the upcard only to go out. If no discard would let him go out
  with it, the hand ends dead at once; if it would, he may still Pass (dead hand).
- After gin the defender lays down his melds and may not lay off; the defender
  always submits a LayDown move (None = the best arrangement) so a human can
  mark his own groups.
- The going-out discard is put face down (as GIN! did): it is no part of the
  pile and views show it only when the hand is over.
- A dead hand (and a Redeal) scores nothing and the same dealer deals again.

Usage:
    g = GinGame.new(seed=7, options=GinOptions(hollywood=True))
    g.legal_moves(g.turn); events = g.apply(DrawStock(seat)); view = g.view(seat)
Moves: TakeUpcard, DrawStock, Pass, Discard, GoOut, LayDown, NextHand, Redeal.
GinGame is the game's game.engine.Engine itself (apply returns engine.Details
events, typed as the engine's Event; new_engine(seed) is a new one); its invariants
are game/gin/invariants.py, its save game/gin/saves.py, copies game/gin/copies.py,
the view game/gin/view.py, its options game/gin/options.py.
"""
from __future__ import annotations

import random
from bisect import insort
from collections.abc import Iterable, Sequence

from game.cards import Card, full_deck, position_in
from game.deals import DEAL_LIMIT, deal_rng, is_deal_no, next_deal_no
from game.engine import Details, Event, IllegalMove
from game.gin import copies, invariants, saves, seat_checks
from game.gin import melds as M

# the options, moves and score records live in their own modules; their names are
# this module's too (the computers, tables and tests import them from here)
from game.gin.invariants import PHASES  # noqa: F401
from game.gin.moves import Discard, DrawStock, GoOut, LayDown, Move, NextHand, Pass, Redeal, TakeUpcard  # noqa: F401
from game.gin.options import GinOptions
from game.gin.scores import HOW, GameScore, HandRecord, enter_win, hand_points  # noqa: F401
from game.gin.view import GinView

# --- the state ---------------------------------------------------------------

# groups of cards as a player marks them (GoOut's and LayDown's melds)
Melds = Sequence[Sequence[Card]]

# each seat's Discard move of a card
_DISCARDS: tuple[dict[Card, Discard], dict[Card, Discard]] = ({}, {})


def _cstr(cards: Iterable[Card]) -> list[str]:
    return [str(c) for c in cards]


class GinGame:
    """A whole game of Gin Rummy (or a Hollywood match of three games)
    between seats 0 and 1, with the current hand."""

    def __init__(self, options: GinOptions | None = None, seed: int | None = None,
                 first_dealer: int | None = None, _deal: bool = True):
        self.options = options or GinOptions()
        self.seed = seed if is_deal_no(seed) else None   # the first hand's deal number
        self.rng = random.Random(seed)   # the first dealer, then each later hand's deal number
        self.deal_no: int | None = None  # what shuffled the hand on the table
        self.n_games = 3 if self.options.hollywood else 1
        self.games: list[GameScore] = [GameScore() for _ in range(self.n_games)]
        self.wins = [0, 0]
        self.records: list[HandRecord] = []
        self.hand_no = 0
        self.dealer = self.rng.randrange(2) if first_dealer is None else int(first_dealer)
        # hand state (set by _deal_hand)
        self.hands: list[list[Card]] = [[], []]
        self.stock: list[Card] = []      # top is the end
        self.pile: list[Card] = []       # top is the end
        self.phase = "offer"
        self.turn = 0
        self.offer_stage = 0             # 0: non-dealer offered, 1: dealer offered
        self.must_draw_stock = False     # both passed the first upcard
        self.stock_end = False
        self.taken_upcard: Card | None = None
        self.first_upcard: Card | None = None
        self.knock_value = self.options.knock_value
        self.doubled = False
        self.taken: list[list[Card]] = [[], []]     # seen taken from the pile
        self.discards: list[list[Card]] = [[], []]
        self.passed: list[list[Card]] = [[], []]    # upcards declined
        self.out_seat: int | None = None
        self.out_kind: str | None = None
        self.out_discard: Card | None = None
        self.out_melds: list[list[Card]] = []
        self.out_unmatched: list[Card] = []
        self.def_melds: list[list[Card]] = []
        self.def_layoffs: list[list[Card | int]] = []    # [card, meld index]
        self.def_unmatched: list[Card] = []
        if _deal:
            self._deal_hand()

    @classmethod
    def new(cls, seed: int | None = None, options: GinOptions | None = None,
            first_dealer: int | None = None) -> GinGame:
        return cls(options, seed, first_dealer)

    def new_game(self) -> GinGame:
        """A fresh game (or Hollywood match) with the same options; its seed comes
        from this game's RNG, its first dealer is drawn at random again."""
        return GinGame(self.options, self.rng.randrange(DEAL_LIMIT))

    @classmethod
    def from_deal(cls, hands: Sequence[Sequence[Card]], upcard: Card,
                  stock_top_first: Sequence[Card] | None = None, dealer: int = 0,
                  options: GinOptions | None = None, seed: int = 0) -> GinGame:
        """A game whose first hand is dealt as given (tests, tutorials): two hands
        of 10, the upcard, and the Stock from its top card down (the remaining
        cards in deck order when None, or appended after the given ones)."""
        g = cls(options, seed, dealer)
        deck = list(hands[0]) + list(hands[1]) + [upcard]
        top = list(stock_top_first or [])
        rest = [c for c in full_deck() if c not in set(deck) | set(top)]
        g._deal_hand(deck_order=rest[::-1] + top[::-1] + [upcard] +
                     _interleave(hands, 1 - dealer)[::-1])
        g.hand_no = 1
        return g

    # ---- dealing ----
    def _deal_hand(self, deck_order: list[Card] | None = None, redeal: bool = False) -> list[Event]:
        deck = full_deck()
        self.deal_no = next_deal_no(self.rng, self.seed, first=self.hand_no == 0 and not redeal)
        deal_rng(self.deal_no).shuffle(deck)
        if deck_order is not None:
            deck = list(deck_order)
            if len(deck) != 52 or len(set(deck)) != 52:
                raise ValueError("a deal needs 52 different cards")
            self.deal_no = None
        self.hand_no += 1
        nd = 1 - self.dealer
        self.hands = [[], []]
        for k in range(20):
            self.hands[(nd + k) % 2].append(deck.pop())
        for h in self.hands:
            h.sort()
        up = deck.pop()
        self.pile = [up]
        self.stock = deck
        self.first_upcard = up
        self.phase = "offer"
        self.turn = nd
        self.offer_stage = 0
        self.must_draw_stock = False
        self.stock_end = False
        self.taken_upcard = None
        self.taken = [[], []]
        self.discards = [[], []]
        self.passed = [[], []]
        self.out_seat = self.out_kind = self.out_discard = None
        self.out_melds, self.out_unmatched = [], []
        self.def_melds, self.def_layoffs, self.def_unmatched = [], [], []
        self.knock_value = self.options.hand_knock_value(up)
        self.doubled = self.options.oklahoma and up.suit == "S"
        return [Details("deal", None, {"hand_no": self.hand_no, "dealer": self.dealer,
                                       "deal_no": self.deal_no, "upcard": str(up),
                                       "knock_value": self.knock_value, "doubled": self.doubled})]

    # ---- queries ----
    @property
    def upcard(self) -> Card | None:
        return self.pile[-1] if self.pile else None

    @property
    def match_over(self) -> bool:
        return all(not g.is_open for g in self.games)

    def totals(self) -> list[list[int]]:
        """[[seat0, seat1] per game] including bonuses."""
        return [[g.total(0), g.total(1)] for g in self.games]

    def _upcard_kept(self, card: Card) -> bool:
        """`card` is the upcard just taken, which may not be thrown again."""
        return seat_checks.upcard_kept(card, self.taken_upcard, self.options)

    def knock_discards(self, seat: int) -> list[Card]:
        """The discards with which `seat` may go out now (phase discard)."""
        if self.phase != "discard" or seat != self.turn:
            return []
        tu = None if self.options.discard_taken_upcard else self.taken_upcard
        return [c for c in M.knock_discards(self.hands[seat], self.knock_value)
                if tu is None or c != tu]

    def proposed_arrangement(self, seat: int, discard: Card) -> tuple[list[list[Card]], list[Card]]:
        """The least-deadwood arrangement of the hand without `discard`."""
        rest = [c for c in self.hands[seat] if c != discard]
        return M.best_melds(rest)

    def proposed_defense(self, seat: int) -> tuple[list[list[Card]], list[Card], list[Card]]:
        """(melds, layoffs, unmatched) with the least deadwood for the defender."""
        return seat_checks.defense(self.hands[seat], self.out_kind, self.out_melds)

    def _can_go_out_with_upcard(self, seat: int) -> bool:
        up = self.upcard
        if up is None:
            return False
        cards = self.hands[seat] + [up]
        if self.options.big_gin and M.min_deadwood(cards) == 0:
            return True
        for c in M.knock_discards(cards, self.knock_value):
            if c != up or self.options.discard_taken_upcard:
                return True
        return False

    def legal_moves(self, seat: int) -> list[Move]:
        ph = self.phase
        if ph == "game_over":
            return []
        if ph == "hand_over":
            return [NextHand(seat)]
        if seat != self.turn:
            return []
        out: list[Move] = []
        if ph == "offer":
            out = [TakeUpcard(seat), Pass(seat)]
        elif ph == "draw":
            if self.stock_end:
                out = [TakeUpcard(seat), Pass(seat)]   # dead if he could not go out
            else:
                out = [DrawStock(seat)]
                if not self.must_draw_stock:
                    out.insert(0, TakeUpcard(seat))
        elif ph == "discard":
            tu = None if self.options.discard_taken_upcard else self.taken_upcard
            if not self.stock_end:
                hand = self.hands[seat]
                made = _DISCARDS[seat]     # (moves are frozen: one per card serves every hand)
                out = [made.get(c) or made.setdefault(c, Discard(seat, c)) for c in hand]
                if tu is not None:
                    del out[position_in(hand, tu)]  # type: ignore[arg-type]  # tu: a card of the hand
            out += [GoOut(seat, c) for c in self.knock_discards(seat)]
            if self.options.big_gin and M.min_deadwood(self.hands[seat]) == 0:
                out.append(GoOut(seat, None))    # Big Gin: all 11 cards in groups
        elif ph == "lay_down":
            out = [LayDown(seat)]
        return out   # Redeal (F7) is always possible before going out; not listed

    # ---- the Engine interface (game/engine.py) ----
    n_seats = 2

    def to_move(self) -> tuple[int, ...]:
        """The seat to move; both at the end of a hand (either deals the next)."""
        if self.phase == "game_over":
            return ()
        return (0, 1) if self.phase == "hand_over" else (self.turn,)

    def is_over(self) -> bool:
        return self.phase == "game_over"

    def table_move(self) -> NextHand | None:
        """The table's own move now (game/engine.py): the next hand dealt between hands; None otherwise."""
        return NextHand(None) if self.phase == "hand_over" else None

    def scores(self) -> list[int]:
        """Each seat's points with bonuses, over all games (Hollywood's three added)."""
        return [sum(g.total(s) for g in self.games) for s in (0, 1)]

    # the Engine's other methods, each written in its own module
    copy = copies.copy_game                         # copies.py
    redeal_hidden = copies.redeal_hidden            # copies.py
    check_invariants = invariants.check             # invariants.py: AssertionError
    to_json = saves.state_to_json                   # saves.py

    @classmethod
    def from_json(cls, data: object) -> GinGame:
        """The game saved by to_json (saves.py); ValueError with the reason if damaged."""
        return saves.state_from_json(cls, data)

    # ---- moves ----
    def apply(self, move: Move) -> list[Event]:
        """Validate and play a move of the seat it names (NextHand(None): either seat;
        Redeal, the table's F7, never listed: either seat until someone goes out);
        IllegalMove leaves the state unchanged."""
        if isinstance(move, NextHand):
            return self._next_hand()
        seat = getattr(move, "seat", None)
        if seat not in (0, 1):
            raise IllegalMove("no such seat")
        if self.phase in ("hand_over", "game_over"):
            raise IllegalMove("the hand is over")
        if isinstance(move, Redeal):
            if self.phase not in ("offer", "draw", "discard"):
                raise IllegalMove("too late to redeal")
            return [Details("redeal", seat)] + self._deal_hand_no_count()
        if seat != self.turn:
            raise IllegalMove("it is not your turn")
        if isinstance(move, TakeUpcard):
            return self._take_upcard(seat)
        if isinstance(move, DrawStock):
            return self._draw_stock(seat)
        if isinstance(move, Pass):
            return self._pass(seat)
        if isinstance(move, Discard):
            return self._discard(seat, move.card)
        if isinstance(move, GoOut):
            return self._go_out(seat, move.discard, move.melds)
        if isinstance(move, LayDown):
            return self._lay_down(seat, move.melds, move.layoffs)
        raise IllegalMove("unknown move")

    def _deal_hand_no_count(self) -> list[Event]:
        self.hand_no -= 1
        return self._deal_hand(redeal=True)

    def _take_upcard(self, seat: int) -> list[Event]:
        if self.phase == "draw":
            if self.must_draw_stock:
                raise IllegalMove("both passed the first upcard: draw from the Stock")
            if self.stock_end and not self._can_go_out_with_upcard(seat):
                raise IllegalMove("only two cards left in the Stock: take the upcard only to go out")
        elif self.phase != "offer":
            raise IllegalMove("you have drawn already")
        card = self.pile.pop()
        insort(self.hands[seat], card)
        self.taken[seat].append(card)
        self.taken_upcard = card
        self.phase = "discard"
        return [Details("take_upcard", seat, {"card": str(card)})]

    def _draw_stock(self, seat: int) -> list[Event]:
        if self.phase == "offer":
            raise IllegalMove("take the upcard or pass")
        if self.phase != "draw":
            raise IllegalMove("you have drawn already")
        if self.stock_end:
            raise IllegalMove("only two cards left in the Stock: take the upcard to go out, or pass")
        card = self.stock.pop()
        if self.pile and not self.must_draw_stock:
            self.passed[seat].append(self.pile[-1])
        self.must_draw_stock = False
        insort(self.hands[seat], card)
        self.taken_upcard = None
        self.phase = "discard"
        # the card is for `seat` only: a table must not show the other seat's draw
        return [Details("draw_stock", seat, {"card": str(card), "stock": len(self.stock),
                                             "private_to": seat})]

    def _pass(self, seat: int) -> list[Event]:
        up = self.upcard
        if self.phase == "offer":
            self.passed[seat].append(up)  # type: ignore[arg-type]  # an offer has its upcard
            if self.offer_stage == 0:
                self.offer_stage = 1
                self.turn = self.dealer
                return [Details("pass", seat, {"card": str(up)})]
            self.phase = "draw"
            self.turn = 1 - self.dealer
            self.must_draw_stock = True
            return [Details("pass", seat, {"card": str(up)})]
        if self.phase == "draw" and self.stock_end:
            return [Details("pass", seat, {"card": str(up)})] + self._dead_hand()
        raise IllegalMove("you cannot pass now")

    def _discard(self, seat: int, card: Card) -> list[Event]:
        if self.phase != "discard":
            raise IllegalMove("draw a card first")
        if self.stock_end:
            raise IllegalMove("you took the upcard at the end of the Stock: you must go out")
        at = position_in(self.hands[seat], card)
        if at is None:
            raise IllegalMove("that card is not in your hand")
        if self._upcard_kept(card):
            raise IllegalMove("you may not discard the upcard you just took")
        del self.hands[seat][at]
        self.pile.append(card)
        self.discards[seat].append(card)
        self.taken_upcard = None
        self.turn = 1 - seat
        self.phase = "draw"
        ev: list[Event] = [Details("discard", seat, {"card": str(card)})]
        if len(self.stock) <= 2:
            self.stock_end = True
            ev.append(Details("stock_end", self.turn))
            if not self._can_go_out_with_upcard(self.turn):
                ev += self._dead_hand()
        return ev

    def check_go_out(self, seat: int, discard: Card | None, melds: Melds | None = None
                     ) -> tuple[list[list[Card]], list[Card]]:
        """Validate a go-out (raises IllegalMove); returns (melds, unmatched)."""
        if self.phase != "discard" or seat != self.turn:
            raise IllegalMove("you may go out only after drawing, in your turn")
        return seat_checks.go_out(self.hands[seat], discard, melds, taken_upcard=self.taken_upcard,
                                  options=self.options, knock_value=self.knock_value,
                                  first_upcard=self.first_upcard)  # type: ignore[arg-type]  # every deal sets it

    def _go_out(self, seat: int, discard: Card | None, melds: Melds | None) -> list[Event]:
        ms, un = self.check_go_out(seat, discard, melds)
        if discard is not None:
            self.hands[seat].remove(discard)
        self.out_discard = discard
        self.out_seat = seat
        self.out_kind = "knock" if un else "gin"
        self.out_melds, self.out_unmatched = ms, un
        self.taken_upcard = None
        self.phase = "lay_down"
        self.turn = 1 - seat
        return [Details(self.out_kind, seat, {"discard": discard and str(discard),
                                              "melds": [_cstr(m) for m in ms], "unmatched": _cstr(un),
                                              "deadwood": M.deadwood_value(un)})]

    def check_lay_down(self, seat: int, melds: Melds | None = None, layoffs: Iterable[Card] | None = None
                       ) -> tuple[list[list[Card]], list[tuple[Card, int]], list[Card]]:
        """Validate a defender's lay-down; returns (melds, layoff plan, unmatched)."""
        if self.phase != "lay_down" or seat != self.turn:
            raise IllegalMove("nothing to lay down now")
        return seat_checks.lay_down(self.hands[seat], melds, layoffs, out_kind=self.out_kind,
                                    out_melds=self.out_melds)

    def _lay_down(self, seat: int, melds: Melds | None, layoffs: Iterable[Card] | None) -> list[Event]:
        ms, plan, un = self.check_lay_down(seat, melds, layoffs)
        self.def_melds = ms
        self.def_layoffs = [[c, k] for c, k in plan]
        self.def_unmatched = un
        ev = [Details("lay_down", seat, {"melds": [_cstr(m) for m in ms],
                                         "layoffs": [[str(c), k] for c, k in plan],
                                         "unmatched": _cstr(un), "deadwood": M.deadwood_value(un)})]
        return ev + self._score_hand()

    # ---- scoring ----
    def _score_hand(self) -> list[Event]:
        ko: int = self.out_seat  # type: ignore[assignment]  # a hand is scored after someone went out
        de = 1 - ko
        kd = M.deadwood_value(self.out_unmatched)
        dd = M.deadwood_value(self.def_unmatched)
        if self.out_kind == "gin":
            winner, how = ko, "gin" if self.out_discard is not None else "big_gin"
        elif dd > kd:
            winner, how = ko, "knock"
        else:
            winner, how = de, "underknock"
        pts = hand_points(how, kd, dd, self.doubled, self.options)
        dw = [0, 0]
        dw[ko], dw[de] = kd, dd
        ev = [Details("hand_scored", None, {"winner": winner, "how": how, "points": pts})]
        entered, ev2 = self._enter_win(winner, pts)
        self.records.append(HandRecord(self.hand_no, self.dealer, winner, how, pts, entered,
                                       ko, self.knock_value, dw, self.doubled))
        self.dealer = winner
        self.phase = "game_over" if self.match_over else "hand_over"
        return ev + ev2

    def _enter_win(self, w: int, pts: int) -> tuple[list[int], list[Event]]:
        """Score a won hand in the games it enters (see scores.enter_win)."""
        return enter_win(self.games, self.wins, w, pts, self.options)

    def _dead_hand(self) -> list[Event]:
        self.records.append(HandRecord(self.hand_no, self.dealer, None, "dead", 0, [], None,
                                       self.knock_value, [0, 0], self.doubled))
        self.phase = "hand_over"
        self.stock_end = False
        return [Details("dead_hand", None, {"dealer": self.dealer})]

    def _next_hand(self) -> list[Event]:
        if self.phase != "hand_over":
            raise IllegalMove("the hand is not over" if self.phase != "game_over"
                              else "the game is over")
        return self._deal_hand()

    # ---- the view ----
    def view(self, seat: int) -> GinView:
        opp = 1 - seat
        over = self.phase in ("hand_over", "game_over")
        shown = self.phase == "lay_down" or (over and self.out_seat is not None)
        defense = None
        if over and self.out_seat is not None:
            defense = {"seat": 1 - self.out_seat,
                       "melds": tuple(tuple(m) for m in self.def_melds),
                       "layoffs": tuple((c, k) for c, k in self.def_layoffs),
                       "unmatched": tuple(self.def_unmatched)}
        return GinView(
            seat=seat, phase=self.phase, turn=self.turn, dealer=self.dealer,
            hand_no=self.hand_no, hand=tuple(sorted(self.hands[seat])), pile=tuple(self.pile),
            stock_size=len(self.stock), opponent_hand_size=len(self.hands[opp]),
            knock_value=self.knock_value, doubled=self.doubled,
            first_upcard=self.first_upcard,  # type: ignore[arg-type]  # every deal sets it
            stock_end=self.stock_end,
            taken_upcard=self.taken_upcard if self.turn == seat else None,
            my_taken=tuple(self.taken[seat]), opp_taken=tuple(self.taken[opp]),
            my_discards=tuple(self.discards[seat]), opp_discards=tuple(self.discards[opp]),
            opp_passed=tuple(self.passed[opp]),
            legal_moves=tuple(self.legal_moves(seat)), options=self.options,
            games=tuple(GameScore.from_json(g.to_json()) for g in self.games),
            wins=tuple(self.wins),
            out_seat=self.out_seat if shown else None,
            out_kind=self.out_kind if shown else None,
            out_melds=tuple(tuple(m) for m in self.out_melds) if shown else (),
            out_unmatched=tuple(self.out_unmatched) if shown else (),
            out_discard=self.out_discard if over else None,
            opp_hand=tuple(sorted(self.hands[opp])) if over else None,
            defense=defense,
            last_record=self.records[-1] if (over and self.records) else None,
        )


def _interleave(hands: Sequence[Sequence[Card]], first: int) -> list[Card]:
    """Deal order of two hands of 10, `first` seat receiving the first card."""
    if len(hands[0]) != 10 or len(hands[1]) != 10:
        raise ValueError("two hands of 10 cards expected")
    out: list[Card] = []
    for k in range(10):
        out.append(hands[first][k])
        out.append(hands[1 - first][k])
    return out


def new_engine(seed: int | None, options: GinOptions | None = None, seats: int | None = None) -> GinGame:
    """A new game on a deal number, as game.engine.Engine (tests/test_conformance.py);
    ValueError for a table of other than two (`seats`: None, the game's own)."""
    if seats not in (None, 2):
        raise ValueError(f"Gin Rummy is played by 2, not {seats}")
    return GinGame.new(seed=seed, options=options)


_CHECKED: type[invariants.Checked] = GinGame   # what copies.py and invariants.py read: mypy checks it
