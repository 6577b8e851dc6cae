"""Go-Stop rules engine (Hwatu cards, 2 or 3 players), pure and deterministic.

One `GoStopState` holds a session: chips over several hands, the dealer, the
nagari multiplier and the hand in play. The hand advances through pending
questions (`state.question()`), each answered by one move (moves.py):

  "play"         PlayCard(card) for a hand card, or FlipStock() (bomb credit)
  "bomb"         Bomb(yes)       three of a month in hand, the fourth on the table
  "shake"        Shake(yes)      first play from three of a month (heundeum)
  "match_hand"   ChooseMatch(c)  the hand card matches two different table cards
  "match_stock"  ChooseMatch(c)  the same for the stock card
  "go_stop"      GoStop(go)
  "hand_over"    NextHand()      the hand is settled (see state.result)

`apply(move)` validates (IllegalMove, state unchanged) and returns events, each a
game.engine.Details with a kind, usually a seat, and "cards" (Card objects). Kinds: deal, redeal,
dealer_bonus, turn, play, flip, place, capture, bonus, bomb, shake, ppuk,
stack_capture, ja_ppuk, jjok, ttadak, sseul, junk_taken, choose, go, stop,
chongtong, nagari, payment, hand_over; with the variants (variants.py) also
three_ppuk and paid_at_once.

GoStopState is the game's game.engine.Engine itself, whose unit is one hand:
`is_over()` once the hand is settled (no seat to move), and `apply(NextHand())`
deals the next (a session has no end). Moves name no seat: each answers the one
pending question, of the seat to move. Seats are 0..players-1; play passes from seat s to
s+1. The stock's top is the end of its list. The deal (and a constructed
position) and the settling are in hand.py, the view in view.py, the JSON in
saves.py, the invariants in invariants.py.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..engine import Details, Event, IllegalMove
from . import scoring
from .cards import Card

# the names other modules import from the rules stay importable from here (noqa)
from .hand import HandLifecycle, Payment  # noqa: F401
from .invariants import PHASES, Checked, check_cards, check_state  # noqa: F401
from .moves import (  # noqa: F401
    _CHOOSE,
    _FLIP,
    _NEXT,
    _PLAY,
    _YES_NO,
    Bomb,
    ChooseMatch,
    FlipStock,
    GoStop,
    Move,
    NextHand,
    PlayCard,
    Question,
    Shake,
    why_illegal,
)
from .options import Options
from .saves import SCHEMA, state_from_json, state_to_json  # noqa: F401
from .variants import VariantRules
from .view import PlayerView, player_view, redeal_hidden  # noqa: F401

# the junk a giver surrenders (scoring.py); the old name stays for the tests
_cheapest_junk = scoring.cheapest_junk


def _equivalent(a: Card, b: Card) -> bool:
    """Two table cards between which the choice cannot matter."""
    return a.category == b.category and a.value == b.value and a.category in ("junk", "double")


# ----------------------------------------------------------------------- state
class GoStopState(HandLifecycle, VariantRules):
    """A Go-Stop session. Build with `new(options, seed)` (deals the first hand) or
    `from_position(...)` (a constructed position, for tests and the AI): both in hand.py."""

    def __init__(self) -> None:
        self.options = Options()
        self.rng = random.Random(0)  # the first dealer, then each later hand's deal number
        self.seed: int | None = None  # the first hand's deal number
        self.deal_no: int | None = None  # what shuffled the hand on the table (redeals included)
        self.n = 2
        self.chips = [0, 0]
        self.dealer = 0
        self.hand_no = 0
        self.multiplier = 1          # this hand's payment multiplier (nagari)
        self.partial = False         # a constructed position without the full deck
        self.hands: list[list[Card]] = [[], []]
        self.table: list[Card] = []
        self.stock: list[Card] = []  # top card at the end
        self.captures: list[list[Card]] = [[], []]
        self.go_counts = [0, 0]
        self.last_go = [0, 0]        # score at each seat's last Go
        self.go_seq = [0, 0]         # order of the last Go (go-bak in 3-player)
        self.shakes = [0, 0]
        self.bombs = [0, 0]
        self.credits = [0, 0]        # stock-only turns left after a bomb
        self.revealed: list[list[Card]] = [[], []]  # shown by shaking, still in hand
        self.stacks: dict[int, int] = {}  # month -> seat that made the ppuk stack
        self.ppuks = [0, 0]          # ppuk made this hand per seat (variants.py)
        self.turn = 0
        self.phase = "play"
        self.last_turn = False
        # the turn in progress
        self.t_card: Card | None = None  # hand card (or its substitute) being played
        self.t_mode = "none"         # none / alone / paired / took
        self.t_pair: Card | None = None
        self.t_before = 0
        self.t_stock: Card | None = None
        self.choices: list[Card] = []
        self.result: dict[str, Any] | None = None   # the settled hand
        self._sc: list[int | None] = [None, None]     # cached scores per seat (None: stale)
        self.deal_events: list[Event] = []       # events of the latest deal (new(), NextHand); not saved

    def copy(self, share_rng: bool = False) -> GoStopState:
        """An independent copy. share_rng=True keeps the same Random object
        (cheaper; for AI rollouts that never deal another hand)."""
        s = GoStopState.__new__(GoStopState)
        s.__dict__.update(self.__dict__)
        if not share_rng:
            r = random.Random()
            r.setstate(self.rng.getstate())
            s.rng = r
        s.chips = self.chips[:]
        s.hands = [h[:] for h in self.hands]
        s.table = self.table[:]
        s.stock = self.stock[:]
        s.captures = [c[:] for c in self.captures]
        s._sc = self._sc[:]
        s.go_counts = self.go_counts[:]
        s.last_go = self.last_go[:]
        s.go_seq = self.go_seq[:]
        s.shakes = self.shakes[:]
        s.bombs = self.bombs[:]
        s.credits = self.credits[:]
        s.choices = self.choices[:]
        s.ppuks = self.ppuks[:]
        s.revealed = [r[:] for r in self.revealed]
        s.stacks = dict(self.stacks)
        return s

    # ---------------------------------------------------------------- queries
    def question(self) -> Question:
        if self.phase == "play":
            return Question("play", self.turn, tuple(self.hands[self.turn]))
        if self.phase in ("bomb", "shake"):
            # in these phases t_card is the card played (mypy cannot tie a field to the phase)
            return Question(self.phase, self.turn, (self.t_card,))  # type: ignore[arg-type]
        if self.phase in ("match_hand", "match_stock"):
            return Question(self.phase, self.turn, tuple(self.choices))
        if self.phase == "go_stop":
            return Question("go_stop", self.turn, ())
        return Question("hand_over", self.turn, ())

    @property
    def pending(self) -> Question:
        return self.question()

    def legal_moves(self, seat: int | None = None) -> list[Move]:
        """The answers to the pending question (NextHand() once the hand is over);
        with a seat, [] unless that seat is to move (the Engine's form)."""
        if seat is not None and seat not in self.to_move():
            return []
        ph = self.phase
        if ph == "play":
            seat = self.turn
            moves: list[Move] = [_PLAY[c] for c in self.hands[seat]]
            if self.credits[seat] > 0 and self.stock:
                moves.append(_FLIP)
            return moves
        if ph in _YES_NO:
            return list(_YES_NO[ph])
        if ph in ("match_hand", "match_stock"):
            return [_CHOOSE[c] for c in self.choices]
        return [_NEXT]

    def score(self, seat: int) -> int:
        """Points of a seat's capture area (Go bonuses not included)."""
        v = self._sc[seat]
        if v is None:
            v = self._sc[seat] = scoring.score(self.captures[seat])
        return v

    def scores(self) -> list[int]:
        return [self.score(i) for i in range(self.n)]

    def breakdown(self, seat: int) -> scoring.Breakdown:
        return scoring.breakdown(self.captures[seat])

    @property
    def hand_over(self) -> bool:
        return self.phase == "hand_over"

    def turns_left(self, seat: int) -> int:
        return len(self.hands[seat]) + self.credits[seat]

    def all_cards(self) -> list[Card]:
        out = [c for h in self.hands for c in h] + self.table + self.stock
        for c in self.captures:
            out += c
        return out

    # ------------------------------------------------ the Engine (game/engine.py)
    @property
    def n_seats(self) -> int:
        return self.n

    def to_move(self) -> tuple[int, ...]:
        return () if self.phase == "hand_over" else (self.turn,)

    def is_over(self) -> bool:
        """The hand is settled (see result); apply(NextHand()) deals the next one."""
        return self.phase == "hand_over"

    def table_move(self) -> NextHand | None:
        """The table's own move now (game/engine.py): the next hand dealt once one is
        settled; None otherwise."""
        return NextHand() if self.phase == "hand_over" else None

    # the Engine's other methods, each written in its own module
    view = player_view                          # view.py
    redeal_hidden = redeal_hidden               # view.py
    to_json = state_to_json                     # saves.py
    check_invariants = check_state              # invariants.py
    _validate = check_cards                     # from_position's check of the cards

    @classmethod
    def from_json(cls, data: object) -> GoStopState:
        """The state saved by to_json (saves.py: every field checked); ValueError if damaged."""
        return state_from_json(cls, data)

    # ---------------------------------------------------------------- applying
    def apply(self, move: Move, check: bool = True) -> list[Event]:
        """Apply the answer of the seat to move to the pending question (NextHand()
        deals the next hand once this one is settled) and return its events; a move
        not legal now is an IllegalMove and changes nothing. check=False is a search
        rollout's apply (its moves are known legal): no legality test, and no events
        recorded (it returns [])."""
        if check and move not in self.legal_moves():
            raise IllegalMove(self._why_illegal(move))
        ev: list[Event] | None = [] if check else None   # every event site skips a None
        ph = self.phase
        # The phase says which Move this is (legal_moves checked it, or a rollout's move is
        # known legal); mypy cannot tie a value to the phase, and a cast would cost a call.
        answer: Any = move
        if ph == "play":
            if isinstance(move, FlipStock):
                self.credits[self.turn] -= 1
                if ev is not None:
                    ev.append(Details("play", self.turn, {"cards": [], "stock_only": True}))
                self.t_mode = "none"
                self._flip_stock(ev)
            else:
                self._on_play(answer.card, ev)
        elif ph == "bomb":
            if answer.yes:
                self._bomb(ev)
            else:
                self._decline_bomb(ev)
        elif ph == "shake":
            if answer.yes:
                self._shake(ev)
            self._play_hand_card(self.t_card, ev)  # type: ignore[arg-type]  # the card played
        elif ph == "match_hand":
            self.t_pair = answer.card
            if ev is not None:
                ev.append(Details("choose", self.turn, {"cards": [answer.card], "for": "hand"}))
            self._flip_stock(ev)
        elif ph == "match_stock":
            s, t = self.t_stock, answer.card
            if ev is not None:
                ev.append(Details("choose", self.turn, {"cards": [t], "for": "stock"}))
            self._capture(self.turn, [s, t], ev)  # type: ignore[list-item]  # s: the stock card turned
            self._end_turn(ev)
        elif ph == "go_stop":
            if answer.go:
                seat = self.turn
                self.go_counts[seat] += 1
                self.last_go[seat] = self.score(seat)
                self.go_seq[seat] = max(self.go_seq) + 1
                if ev is not None:
                    ev.append(Details("go", seat, {"cards": [], "count": self.go_counts[seat],
                                                   "score": self.last_go[seat]}))
                self._next_turn(ev)
            else:
                self._stop(self.turn, ev)
        else:  # hand_over
            self._deal(ev)
        if ev is None:
            return []
        if ph == "hand_over":
            self.deal_events = ev
        return ev

    def _why_illegal(self, move: object) -> str:
        return why_illegal(self.phase, move)

    # ------------------------------------------------------------------- turn
    def _start_turn(self, seat: int, ev: list[Event] | None = None) -> None:
        self.turn = seat
        self.phase = "play"
        self.t_card = self.t_pair = self.t_stock = None
        self.t_mode = "none"
        self.t_before = 0
        self.choices = []
        # his last turn: one turn left to him and none to anybody else
        self.last_turn = (len(self.hands[seat]) + self.credits[seat] == 1
                          and sum(map(len, self.hands)) + sum(self.credits) == 1)
        if ev is not None:
            ev.append(Details("turn", seat, {"cards": []}))

    def _on_play(self, card: Card, ev: list[Event] | None) -> None:
        seat = self.turn
        if card.month == 0:   # bonus: captured; a stock card is turned as its substitute
            self.hands[seat].remove(card)
            if ev is not None:
                ev.append(Details("play", seat, {"cards": [card]}))
            self._take_bonus(seat, card, ev)
            self._bonus_played(seat, ev)
            sub = self._turn_up(ev, "substitute")
            if sub is None:
                self._end_turn(ev)
                return
            self._play_hand_card(sub, ev, from_hand=False)
            return
        m = card.month
        in_hand = [c.month for c in self.hands[seat]].count(m)
        on_table = [c.month for c in self.table].count(m)
        self.t_card = card
        if self._bomb_offered(in_hand, on_table):
            self.phase = "bomb"
        elif in_hand == 3:
            self.phase = "shake"
        else:
            self._play_hand_card(card, ev)

    def _bomb(self, ev: list[Event] | None) -> None:
        seat = self.turn
        m = self.t_card.month  # type: ignore[union-attr]  # this phase's card played
        three = [c for c in self.hands[seat] if c.month == m]
        for c in three:
            self.hands[seat].remove(c)
        self._drop_revealed(seat, three)
        fourth = [c for c in self.table if c.month == m]
        self.bombs[seat] += 1
        self.credits[seat] += len(three) - 1   # two skips, one for a two-card bomb
        if ev is not None:
            ev.append(Details("bomb", seat, {"cards": three + fourth, "hand_cards": len(three)}))
        self._capture(seat, three + fourth, ev)
        self._take_junk(seat, 1, "bomb", ev)
        self.t_mode = "none"
        self.t_card = None
        self._flip_stock(ev)

    def _shake(self, ev: list[Event] | None) -> None:
        seat = self.turn
        m = self.t_card.month  # type: ignore[union-attr]  # this phase's card played
        three = [c for c in self.hands[seat] if c.month == m]
        self.shakes[seat] += 1
        self.revealed[seat] += [c for c in three if c is not self.t_card]
        if ev is not None:
            ev.append(Details("shake", seat, {"cards": three}))

    def _drop_revealed(self, seat: int, cards: Sequence[Card]) -> None:
        if self.revealed[seat]:
            self.revealed[seat] = [c for c in self.revealed[seat] if c not in cards]

    def _play_hand_card(self, card: Card, ev: list[Event] | None, from_hand: bool = True) -> None:
        seat = self.turn
        if from_hand:
            self.hands[seat].remove(card)
            self._drop_revealed(seat, (card,))
            if ev is not None:
                ev.append(Details("play", seat, {"cards": [card]}))
        self.t_card = card
        m = card.month
        same = [c for c in self.table if c.month == m]
        self.t_before = len(same)
        if not same:
            self.table.append(card)
            self.t_mode = "alone"
        elif len(same) == 3:
            self.t_mode = "took"
            self._take_stack(seat, m, same + [card], ev)
        else:
            self.table.append(card)
            self.t_mode = "paired"
            if len(same) == 1 or _equivalent(same[0], same[1]):
                self.t_pair = same[0]
            else:
                self.choices = same
                self.phase = "match_hand"
                return
        self._flip_stock(ev)

    def _take_stack(self, seat: int, month: int, four: list[Card], ev: list[Event] | None) -> None:
        for c in four:
            if c in self.table:
                self.table.remove(c)
        self.captures[seat].extend(four)
        self._sc[seat] = None
        owner = self.stacks.pop(month, None)
        if ev is not None:
            ev.append(Details("capture", seat, {"cards": four}))
        if owner is not None:
            kind = "ja_ppuk" if owner == seat else "stack_capture"
            if ev is not None:
                ev.append(Details(kind, seat, {"cards": four, "maker": owner}))
            self._take_junk(seat, 2 if owner == seat else 1, kind, ev)

    def _turn_up(self, ev: list[Event] | None, why: str) -> Card | None:
        """Turn up stock cards until one is not a bonus (bonus cards are captured)."""
        seat = self.turn
        while self.stock:
            s = self.stock.pop()
            if ev is not None:
                ev.append(Details("flip", seat, {"cards": [s], "for": why}))
            if s.month == 0:
                self._take_bonus(seat, s, ev)
                continue
            return s
        return None

    def _take_bonus(self, seat: int, card: Card, ev: list[Event] | None) -> None:
        self.captures[seat].append(card)
        self._sc[seat] = None
        if ev is not None:
            ev.append(Details("bonus", seat, {"cards": [card]}))

    def _flip_stock(self, ev: list[Event] | None) -> None:
        seat = self.turn
        self.phase = "play"
        s = self._turn_up(ev, "stock")
        h, mode = self.t_card, self.t_mode
        if s is None:
            if mode == "paired":
                self._capture(seat, [h, self.t_pair], ev)  # type: ignore[list-item]  # paired: both cards set
            self._end_turn(ev)
            return
        self.t_stock = s
        if h is not None and s.month == h.month:
            if mode == "alone":
                self.table.remove(h)
                if ev is not None and not self.last_turn:   # on the last turn the cards must match: no jjok
                    ev.append(Details("jjok", seat, {"cards": [h, s]}))
                self._capture(seat, [h, s], ev)
                if not self.last_turn:
                    self._take_junk(seat, 1, "jjok", ev)
                self._end_turn(ev)
                return
            if mode == "paired":
                if self.t_before == 1:
                    self.table.append(s)
                    self.stacks[s.month] = seat
                    if ev is not None:
                        ev.append(Details("ppuk", seat,
                                          {"cards": [c for c in self.table if c.month == s.month]}))
                    if self._ppuk_made(seat, ev):
                        return
                else:
                    four = [c for c in self.table if c.month == s.month] + [s]
                    if ev is not None and not self.last_turn:
                        ev.append(Details("ttadak", seat, {"cards": four}))
                    self._capture(seat, four, ev)
                    if not self.last_turn:
                        self._take_junk(seat, 1, "ttadak", ev)
                        self._ttadak_made(seat, ev)
                self._end_turn(ev)
                return
        if mode == "paired":
            self._capture(seat, [h, self.t_pair], ev)  # type: ignore[list-item]  # paired: both cards set
        same = [c for c in self.table if c.month == s.month]
        if not same:
            self.table.append(s)
            if ev is not None:
                ev.append(Details("place", seat, {"cards": [s]}))
        elif len(same) == 1:
            self._capture(seat, [s, same[0]], ev)
        elif len(same) == 2:
            if _equivalent(same[0], same[1]):
                self._capture(seat, [s, same[0]], ev)
            else:
                self.table.append(s)   # lies on the table while the player chooses
                self.choices = same
                self.phase = "match_stock"
                return
        else:
            self._take_stack(seat, s.month, same + [s], ev)
        self._end_turn(ev)

    def _capture(self, seat: int, cards: list[Card], ev: list[Event] | None) -> None:
        tb = self.table
        for c in cards:
            if c in tb:
                tb.remove(c)
        self.captures[seat].extend(cards)
        self._sc[seat] = None
        if ev is not None:
            ev.append(Details("capture", seat, {"cards": list(cards)}))

    def _take_junk(self, seat: int, need: int, reason: str, ev: list[Event] | None) -> None:
        for o in range(self.n):
            if o == seat:
                continue
            give = _cheapest_junk(self.captures[o], need)
            if not give:
                continue
            for c in give:
                self.captures[o].remove(c)
            self.captures[seat].extend(give)
            self._sc[seat] = self._sc[o] = None
            if ev is not None:
                ev.append(Details("junk_taken", seat, {"from": o, "cards": give, "reason": reason}))

    def _end_turn(self, ev: list[Event] | None) -> None:
        seat = self.turn
        self.phase = "play"
        self.choices = []
        if not self.table and not self.last_turn:
            if ev is not None:
                ev.append(Details("sseul", seat, {"cards": []}))
            self._take_junk(seat, 1, "sseul", ev)
        if self.last_turn and self.stock:
            # only bonus cards can be left under the last card: the player turns them up
            while self.stock:
                self._take_bonus(seat, self.stock.pop(), ev)
        pts = self.score(seat)
        g = self.go_counts[seat]
        if pts >= self.options.target_points and (g == 0 or pts > self.last_go[seat]):
            # with no turn left a Go could only end in go-bak or nagari: he stops
            if self._hand_done() or self.turns_left(seat) == 0:
                self._stop(seat, ev, auto=True)
            else:
                self.phase = "go_stop"
            return
        if self._hand_done():
            self._nagari(ev)
            return
        self._next_turn(ev)

    def _hand_done(self) -> bool:
        # no turn left to anybody, or nothing left to play from hand or stock
        return not any(self.hands) and (not self.stock or not any(self.credits))

    def _next_turn(self, ev: list[Event] | None) -> None:
        nxt = (self.turn + 1) % self.n
        for _ in range(self.n):
            if self.turns_left(nxt) > 0:
                break
            nxt = (nxt + 1) % self.n
        self._start_turn(nxt, ev)


def new_engine(seed: int | None, options: Options | dict[str, Any] | None = None,
               seats: int | None = None) -> GoStopState:
    """A Go-Stop session dealt from `seed` (game/engine.py's entry point); options
    an Options, its JSON form or None (the defaults for `seats` players, None: two;
    OptionError, a ValueError, for a table Go-Stop is not played at). Options seat
    their own number (the caller compares n_seats)."""
    if options is not None and not isinstance(options, Options):
        options = Options.from_json(options)
    if options is None and seats is not None:
        options = Options(players=seats)
    return GoStopState.new(options, seed)


_CHECKED: type[Checked] = GoStopState   # the state is what view.py and invariants.py read: mypy checks it
