"""Go-Stop rules engine (Hwatu cards, 2 or 3 players), pure and deterministic.

One `GoStopState` holds a whole session: chips over several hands, the dealer,
the nagari multiplier and the hand in play. The hand advances through explicit
pending questions (`state.pending` / `state.question()`), each answered by one
move:

  "play"         PlayCard(card) for a hand card, or FlipStock() (bomb credit)
  "bomb"         Bomb(yes)       three of a month in hand, the fourth on the table
  "shake"        Shake(yes)      first play from three of a month (heundeum)
  "match_hand"   ChooseMatch(c)  the hand card matches two different table cards
  "match_stock"  ChooseMatch(c)  the same for the stock card
  "go_stop"      GoStop(go)
  "hand_over"    NextHand()      the hand is settled (see state.result)

`apply(move)` validates (IllegalMove, state unchanged) and returns events:
dicts with a "kind" and usually "seat" and "cards" (Card objects). Kinds:
deal, redeal, dealer_bonus, turn, play, flip, place, capture, bonus, bomb,
shake, ppuk, stack_capture, ja_ppuk, jjok, ttadak, sseul, junk_taken,
choose, go, stop, chongtong, nagari, payment, hand_over.

Seats are 0..players-1; play passes from seat s to seat s+1 (to the right).
The stock's top is the end of the internal list; `from_position` takes it top first.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field, fields

from ..deals import check_optional_deal_no, deal_rng, is_deal_no, next_deal_no
from ..engine import IllegalMove, read_guarded, rng_from_json, rng_state_to_json
from . import scoring
from .cards import BRIGHT, CARDS, Card, deck, parse_card

SCHEMA = 1

PHASES = ("play", "bomb", "shake", "match_hand", "match_stock", "go_stop", "hand_over")


# --------------------------------------------------------------------- options
@dataclass(frozen=True)
class Options:
    """Rule options; defaults are the rules sheet's."""

    players: int = 2
    target: int | None = None        # None: 7 with two players (option 5), 3 with three
    bonus_cards: int = 2             # 0..3 (values 2, 3, 2)
    chongtong_points: int = 10       # four of a month in hand at the deal
    go_doubling_from: int = 3        # from this many Go, x2 per Go (3 Go x2, 4 Go x4)
    pibak_under: int | None = None   # None: pi-bak below 8 junk (two), 6 (three)
    gwang_bak: bool = True
    pi_bak: bool = True
    meong_tta: bool = True
    meong_tta_animals: int = 7
    go_bak: bool = True
    shaking_doubles: bool = True
    bomb_doubles: bool = True
    nagari_doubles: bool = True      # a nagari doubles the next hand's payment

    def __post_init__(self):
        if self.players not in (2, 3):
            raise ValueError("Go-Stop is for 2 or 3 players")
        if self.target is not None and not (1 <= self.target <= 50):
            raise ValueError("bad target")
        if not 0 <= self.bonus_cards <= 3:
            raise ValueError("bonus_cards must be 0..3")
        if not 1 <= self.chongtong_points <= 100:
            raise ValueError("bad chongtong_points")
        if not 1 <= self.go_doubling_from <= 20:
            raise ValueError("bad go_doubling_from")
        if self.pibak_under is not None and not 1 <= self.pibak_under <= 30:
            raise ValueError("bad pibak_under")

    @property
    def target_points(self) -> int:
        if self.target is not None:
            return self.target
        return 7 if self.players == 2 else 3

    @property
    def pibak_limit(self) -> int:
        if self.pibak_under is not None:
            return self.pibak_under
        return 8 if self.players == 2 else 6

    @property
    def hand_size(self) -> int:
        return 10 if self.players == 2 else 7

    @property
    def table_size(self) -> int:
        return 8 if self.players == 2 else 6

    def to_json(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_json(cls, d) -> "Options":
        if not isinstance(d, dict):
            raise ValueError("options must be an object")
        known = {f.name: f for f in fields(cls)}
        kw = {}
        for k, v in d.items():
            if k not in known:
                raise ValueError(f"unknown option {k!r}")
            if v is not None and not isinstance(v, (int, bool)):
                raise ValueError(f"bad option value {k}={v!r}")
            kw[k] = v
        try:
            return cls(**kw)
        except TypeError as e:
            raise ValueError(str(e)) from None


# ----------------------------------------------------------------------- moves
@dataclass(frozen=True)
class PlayCard:
    card: Card


@dataclass(frozen=True)
class FlipStock:
    """Play no hand card and only turn up the stock (after a bomb, twice)."""


@dataclass(frozen=True)
class ChooseMatch:
    card: Card


@dataclass(frozen=True)
class Shake:
    yes: bool


@dataclass(frozen=True)
class Bomb:
    yes: bool


@dataclass(frozen=True)
class GoStop:
    go: bool


@dataclass(frozen=True)
class NextHand:
    pass


_PLAY = {c: PlayCard(c) for c in CARDS}
_CHOOSE = {c: ChooseMatch(c) for c in CARDS}
_FLIP = FlipStock()
_YES_NO = {"bomb": (Bomb(True), Bomb(False)), "shake": (Shake(True), Shake(False)),
           "go_stop": (GoStop(True), GoStop(False))}
_NEXT = NextHand()


@dataclass(frozen=True)
class Question:
    """What the game waits for: `kind` (a phase), whose answer, and the card(s)
    concerned (the played card for bomb/shake, the candidates for a match)."""

    kind: str
    seat: int
    cards: tuple = ()


# -------------------------------------------------------------------- payments
@dataclass
class Payment:
    """What one loser owes the winner. `payer` differs from `loser` under go-bak."""

    loser: int
    payer: int
    base: int                  # the winner's points
    go_bonus: int              # +1 per Go
    doublings: list = field(default_factory=list)   # [(name, factor)]
    total: int = 0

    def lines(self) -> list:
        out = [("base score", self.base)]
        if self.go_bonus:
            out.append(("go bonus", self.go_bonus))
        out += [(name, f"x{f}") for name, f in self.doublings]
        if self.payer != self.loser:
            out.append(("go-bak: paid by seat", self.payer))
        out.append(("total chips", self.total))
        return out

    def to_json(self) -> dict:
        return {"loser": self.loser, "payer": self.payer, "base": self.base,
                "go_bonus": self.go_bonus, "doublings": [[n, f] for n, f in self.doublings],
                "total": self.total}

    @classmethod
    def from_json(cls, d) -> "Payment":
        try:
            return cls(int(d["loser"]), int(d["payer"]), int(d["base"]), int(d["go_bonus"]),
                       [(str(n), int(f)) for n, f in d["doublings"]], int(d["total"]))
        except (KeyError, TypeError, ValueError) as e:
            raise ValueError(f"bad payment: {e}") from None


def _cheapest_junk(cards: list, need: int) -> list:
    """The junk a giver surrenders: the cheapest set worth `need` junk (ordinary
    before double), or all his junk if it is worth less."""
    junk = sorted((c for c in cards if c.category in ("junk", "double", "bonus")),
                  key=lambda c: (c.value, c.id))
    if not junk:
        return []
    if need == 1:
        return [junk[0]]
    best = None
    n = len(junk)
    for i in range(n):
        if junk[i].value >= need:
            cand = [junk[i]]
            key = (junk[i].value, -1)
            if best is None or key < best[0]:
                best = (key, cand)
            break
    for i in range(n):
        for j in range(i + 1, n):
            v = junk[i].value + junk[j].value
            if v >= need:
                key = (v, -2)
                if best is None or key < best[0]:
                    best = (key, [junk[i], junk[j]])
                break
    if best is None:
        return junk[:need]  # worth less than needed: everything (at most need-1 cards)
    return best[1]


def _equivalent(a: Card, b: Card) -> bool:
    """Two table cards between which the choice cannot matter."""
    return a.category == b.category and a.value == b.value and a.category in ("junk", "double")


# ----------------------------------------------------------------------- state
class GoStopState:
    """A Go-Stop session. Build with `new(options, seed)` (deals the first hand)
    or `from_position(...)` (a constructed position, for tests and the AI)."""

    def __init__(self):
        self.options = Options()
        self.rng = random.Random(0)  # the first dealer, then each later hand's deal number
        self.seed = None             # the first hand's deal number
        self.deal_no = None          # what shuffled the hand on the table (redeals included)
        self.n = 2
        self.chips = [0, 0]
        self.dealer = 0
        self.hand_no = 0
        self.multiplier = 1          # this hand's payment multiplier (nagari)
        self.partial = False         # a constructed position without the full deck
        self.hands: list = [[], []]
        self.table: list = []
        self.stock: list = []        # top card at the end
        self.captures: list = [[], []]
        self.go_counts = [0, 0]
        self.last_go = [0, 0]        # score at each seat's last Go
        self.go_seq = [0, 0]         # order of the last Go (go-bak in 3-player)
        self.shakes = [0, 0]
        self.bombs = [0, 0]
        self.credits = [0, 0]        # stock-only turns left after a bomb
        self.revealed: list = [[], []]  # shown by shaking, still in hand
        self.stacks: dict = {}       # month -> seat that made the ppuk stack
        self.turn = 0
        self.phase = "play"
        self.last_turn = False
        # the turn in progress
        self.t_card = None           # hand card (or its substitute) being played
        self.t_mode = "none"         # none / alone / paired / took
        self.t_pair = None
        self.t_before = 0
        self.t_stock = None
        self.choices: list = []
        self.result: dict | None = None   # the settled hand
        self._sc: list = [None, None]     # cached scores per seat (None: stale)
        self.deal_events: list = []       # events of the latest deal; not saved

    # ------------------------------------------------------------ construction
    @classmethod
    def new(cls, options: Options | None = None, seed: int | None = None) -> "GoStopState":
        """A session with its first hand dealt. The deal's events (a chongtong
        settles the hand at once) are in `state.deal_events`."""
        s = cls()
        s.options = options or Options()
        s.rng = random.Random(seed)
        s.seed = seed if is_deal_no(seed) else None
        s.n = s.options.players
        s.chips = [0] * s.n
        s.dealer = s.rng.randrange(s.n)   # the first dealer by lot
        s._deal()
        return s

    @classmethod
    def from_position(cls, hands, table, stock, *, captures=None, turn=0, dealer=None,
                      options: Options | None = None, seed=0, go_counts=None,
                      last_go_scores=None, shakes=None, bombs=None, bomb_credits=None,
                      stacks=None, chips=None, multiplier=1, revealed=None,
                      partial=True, go_seq=None) -> "GoStopState":
        """A hand at the start of `turn`'s turn from given cards (Card lists or
        strings like "1B 1R"). `stock` is listed top first. With partial=True
        (default) the position may leave cards out; no card may appear twice."""
        def cl(x):
            if x is None:
                return []
            if isinstance(x, str):
                return [parse_card(t) for t in x.split()]
            return [parse_card(c) if isinstance(c, str) else c for c in x]

        n = len(hands)
        opts = options or Options(players=n)
        if opts.players != n:
            opts = Options(**{**opts.to_json(), "players": n})
        s = cls()
        s.options, s.n, s.partial = opts, n, partial
        s.rng = random.Random(seed)
        s.hands = [cl(h) for h in hands]
        s.table = cl(table)
        s.stock = list(reversed(cl(stock)))
        s.captures = [cl(c) for c in captures] if captures else [[] for _ in range(n)]
        s.chips = list(chips) if chips else [0] * n
        s.dealer = turn if dealer is None else dealer
        s.turn = turn
        s.go_counts = list(go_counts) if go_counts else [0] * n
        s.last_go = list(last_go_scores) if last_go_scores else [0] * n
        s.go_seq = (list(go_seq) if go_seq else
                    [i + 1 if g else 0 for i, g in enumerate(s.go_counts)])
        s.shakes = list(shakes) if shakes else [0] * n
        s.bombs = list(bombs) if bombs else [0] * n
        s.credits = list(bomb_credits) if bomb_credits else [0] * n
        s.revealed = [cl(r) for r in revealed] if revealed else [[] for _ in range(n)]
        s.stacks = {int(k): int(v) for k, v in (stacks or {}).items()}
        s.multiplier = multiplier
        s.hand_no = 1
        s._sc = [None] * n
        s._validate()
        s._start_turn(turn)
        return s

    def copy(self, share_rng: bool = False) -> "GoStopState":
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
        s.revealed = [r[:] for r in self.revealed]
        s.stacks = dict(self.stacks)
        return s

    # ---------------------------------------------------------------- queries
    def question(self) -> Question:
        if self.phase == "play":
            return Question("play", self.turn, tuple(self.hands[self.turn]))
        if self.phase in ("bomb", "shake"):
            return Question(self.phase, self.turn, (self.t_card,))
        if self.phase in ("match_hand", "match_stock"):
            return Question(self.phase, self.turn, tuple(self.choices))
        if self.phase == "go_stop":
            return Question("go_stop", self.turn, ())
        return Question("hand_over", self.turn, ())

    @property
    def pending(self) -> Question:
        return self.question()

    def legal_moves(self) -> list:
        ph = self.phase
        if ph == "play":
            seat = self.turn
            moves = [_PLAY[c] for c in self.hands[seat]]
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

    def scores(self) -> list:
        return [self.score(i) for i in range(self.n)]

    def breakdown(self, seat: int) -> scoring.Breakdown:
        return scoring.breakdown(self.captures[seat])

    @property
    def target(self) -> int:
        return self.options.target_points

    @property
    def hand_over(self) -> bool:
        return self.phase == "hand_over"

    def turns_left(self, seat: int) -> int:
        return len(self.hands[seat]) + self.credits[seat]

    def all_cards(self) -> list:
        out = [c for h in self.hands for c in h] + self.table + self.stock
        for c in self.captures:
            out += c
        return out

    # ---------------------------------------------------------------- applying
    def apply(self, move, check: bool = True) -> list:
        """Apply the answer to the pending question. check=False skips the
        legality test (AI rollouts that only pick from legal_moves())."""
        if check and move not in self.legal_moves():
            raise IllegalMove(self._why_illegal(move))
        ev: list = []
        ph = self.phase
        if ph == "play":
            if isinstance(move, FlipStock):
                self.credits[self.turn] -= 1
                ev.append({"kind": "play", "seat": self.turn, "cards": [], "stock_only": True})
                self.t_mode = "none"
                self._flip_stock(ev)
            else:
                self._on_play(move.card, ev)
        elif ph == "bomb":
            if move.yes:
                self._bomb(ev)
            else:
                self.phase = "shake"
        elif ph == "shake":
            if move.yes:
                self._shake(ev)
            self._play_hand_card(self.t_card, ev)
        elif ph == "match_hand":
            self.t_pair = move.card
            ev.append({"kind": "choose", "seat": self.turn, "cards": [move.card], "for": "hand"})
            self._flip_stock(ev)
        elif ph == "match_stock":
            s, t = self.t_stock, move.card
            ev.append({"kind": "choose", "seat": self.turn, "cards": [t], "for": "stock"})
            self._capture(self.turn, [s, t], ev)
            self._end_turn(ev)
        elif ph == "go_stop":
            if move.go:
                seat = self.turn
                self.go_counts[seat] += 1
                self.last_go[seat] = self.score(seat)
                self.go_seq[seat] = max(self.go_seq) + 1
                ev.append({"kind": "go", "seat": seat, "cards": [], "count": self.go_counts[seat],
                           "score": self.last_go[seat]})
                self._next_turn(ev)
            else:
                self._stop(self.turn, ev)
        else:  # hand_over
            self._deal(ev)
        return ev

    def _why_illegal(self, move) -> str:
        ph = self.phase
        want = {"play": "a card from hand", "bomb": "bomb: yes or no", "shake": "shake: yes or no",
                "match_hand": "which table card to take", "match_stock": "which table card to take",
                "go_stop": "Go or Stop", "hand_over": "the next hand"}[ph]
        if ph == "play" and isinstance(move, PlayCard):
            return f"{move.card} is not in your hand"
        if ph == "play" and isinstance(move, FlipStock):
            return "you have no stock-only turn left"
        if ph.startswith("match") and isinstance(move, ChooseMatch):
            return f"{move.card} is not one of the matching table cards"
        return f"the game waits for {want}"

    # ------------------------------------------------------------------- deal
    def _deal(self, ev=None):
        ev = ev if ev is not None else []
        self.deal_events = ev   # the events of the latest deal (new() returns none)
        if self.result is not None:
            w = self.result.get("winner")
            if w is not None:
                self.dealer = w
        self.result = None
        self.hand_no += 1
        o = self.options
        n = self.n
        self.partial = False
        self.deal_no = next_deal_no(self.rng, self.seed, first=self.hand_no == 1)
        shuffler = deal_rng(self.deal_no)
        while True:
            cards = deck(o.bonus_cards)
            shuffler.shuffle(cards)
            hs, ts = o.hand_size, o.table_size
            order = [(self.dealer + i) % n for i in range(n)]
            self.hands = [[] for _ in range(n)]
            pos = 0
            for seat in order:
                self.hands[seat] = sorted(cards[pos:pos + hs])
                pos += hs
            self.table = cards[pos:pos + ts]
            self.stock = cards[pos + ts:]
            self.captures = [[] for _ in range(n)]
            self._sc = [None] * n
            moved = []
            while any(c.month == 0 for c in self.table):
                for i, c in enumerate(self.table):
                    if c.month == 0:
                        moved.append(c)
                        self.captures[self.dealer].append(c)
                        self._sc[self.dealer] = None
                        self.table[i] = self.stock.pop()
            months = [0] * 13
            for c in self.table:
                months[c.month] += 1
            if max(months) == 4:
                ev.append({"kind": "redeal", "seat": self.dealer, "cards": []})
                continue
            break
        self.go_counts = [0] * n
        self.last_go = [0] * n
        self.go_seq = [0] * n
        self.shakes = [0] * n
        self.bombs = [0] * n
        self.credits = [0] * n
        self.revealed = [[] for _ in range(n)]
        self.stacks = {}
        ev.append({"kind": "deal", "seat": self.dealer, "cards": [], "hand_no": self.hand_no,
                   "multiplier": self.multiplier})
        if moved:
            ev.append({"kind": "dealer_bonus", "seat": self.dealer, "cards": moved})
        # four of a month in one hand: chongtong (the dealer's side checked first)
        for seat in order:
            m = [0] * 13
            for c in self.hands[seat]:
                m[c.month] += 1
            for month in range(1, 13):
                if m[month] == 4:
                    self._chongtong(seat, month, ev)
                    return ev
        self._start_turn(self.dealer, ev)
        return ev

    def _chongtong(self, seat, month, ev):
        cards4 = [c for c in self.hands[seat] if c.month == month]
        ev.append({"kind": "chongtong", "seat": seat, "cards": cards4})
        pays = []
        for l in range(self.n):
            if l == seat:
                continue
            dbl = [("nagari", self.multiplier)] if self.multiplier > 1 else []
            total = self.options.chongtong_points * self.multiplier
            pays.append(Payment(l, l, self.options.chongtong_points, 0, dbl, total))
        self._settle(seat, pays, "chongtong", ev, points=self.options.chongtong_points)

    # ------------------------------------------------------------------- turn
    def _start_turn(self, seat, ev=None):
        self.turn = seat
        self.phase = "play"
        self.t_card = self.t_pair = self.t_stock = None
        self.t_mode = "none"
        self.t_before = 0
        self.choices = []
        others = sum(self.turns_left(s) for s in range(self.n) if s != seat)
        self.last_turn = others == 0 and self.turns_left(seat) == 1
        if ev is not None:
            ev.append({"kind": "turn", "seat": seat, "cards": []})

    def _on_play(self, card, ev):
        seat = self.turn
        if card.month == 0:   # bonus: captured; a stock card is turned as its substitute
            self.hands[seat].remove(card)
            ev.append({"kind": "play", "seat": seat, "cards": [card]})
            self._take_bonus(seat, card, ev)
            sub = self._turn_up(ev, "substitute")
            if sub is None:
                self._end_turn(ev)
                return
            self._play_hand_card(sub, ev, from_hand=False)
            return
        m = card.month
        in_hand = sum(1 for c in self.hands[seat] if c.month == m)
        on_table = sum(1 for c in self.table if c.month == m)
        self.t_card = card
        if in_hand == 3 and on_table == 1:
            self.phase = "bomb"
        elif in_hand == 3:
            self.phase = "shake"
        else:
            self._play_hand_card(card, ev)

    def _bomb(self, ev):
        seat = self.turn
        m = self.t_card.month
        three = [c for c in self.hands[seat] if c.month == m]
        for c in three:
            self.hands[seat].remove(c)
        self._drop_revealed(seat, three)
        fourth = [c for c in self.table if c.month == m]
        self.bombs[seat] += 1
        self.credits[seat] += 2
        ev.append({"kind": "bomb", "seat": seat, "cards": three + fourth})
        self._capture(seat, three + fourth, ev)
        self._take_junk(seat, 1, "bomb", ev)
        self.t_mode = "none"
        self.t_card = None
        self._flip_stock(ev)

    def _shake(self, ev):
        seat = self.turn
        m = self.t_card.month
        three = [c for c in self.hands[seat] if c.month == m]
        self.shakes[seat] += 1
        self.revealed[seat] += [c for c in three if c is not self.t_card]
        ev.append({"kind": "shake", "seat": seat, "cards": three})

    def _drop_revealed(self, seat, cards):
        if self.revealed[seat]:
            self.revealed[seat] = [c for c in self.revealed[seat] if c not in cards]

    def _play_hand_card(self, card, ev, from_hand=True):
        seat = self.turn
        if from_hand:
            self.hands[seat].remove(card)
            self._drop_revealed(seat, (card,))
            ev.append({"kind": "play", "seat": seat, "cards": [card]})
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

    def _take_stack(self, seat, month, four, ev):
        for c in four:
            if c in self.table:
                self.table.remove(c)
        self.captures[seat].extend(four)
        self._sc[seat] = None
        owner = self.stacks.pop(month, None)
        ev.append({"kind": "capture", "seat": seat, "cards": four})
        if owner is not None:
            kind = "ja_ppuk" if owner == seat else "stack_capture"
            ev.append({"kind": kind, "seat": seat, "cards": four, "maker": owner})
            self._take_junk(seat, 2 if owner == seat else 1, kind, ev)

    def _turn_up(self, ev, why):
        """Turn up stock cards until one is not a bonus (bonus cards are captured)."""
        seat = self.turn
        while self.stock:
            s = self.stock.pop()
            ev.append({"kind": "flip", "seat": seat, "cards": [s], "for": why})
            if s.month == 0:
                self._take_bonus(seat, s, ev)
                continue
            return s
        return None

    def _take_bonus(self, seat, card, ev):
        self.captures[seat].append(card)
        self._sc[seat] = None
        ev.append({"kind": "bonus", "seat": seat, "cards": [card]})

    def _flip_stock(self, ev):
        seat = self.turn
        self.phase = "play"
        s = self._turn_up(ev, "stock")
        h, mode = self.t_card, self.t_mode
        if s is None:
            if mode == "paired":
                self._capture(seat, [h, self.t_pair], ev)
            self._end_turn(ev)
            return
        self.t_stock = s
        if h is not None and s.month == h.month:
            if mode == "alone":
                self.table.remove(h)
                if not self.last_turn:   # on the last turn the cards must match: no jjok
                    ev.append({"kind": "jjok", "seat": seat, "cards": [h, s]})
                self._capture(seat, [h, s], ev)
                if not self.last_turn:
                    self._take_junk(seat, 1, "jjok", ev)
                self._end_turn(ev)
                return
            if mode == "paired":
                if self.t_before == 1:
                    self.table.append(s)
                    self.stacks[s.month] = seat
                    ev.append({"kind": "ppuk", "seat": seat,
                               "cards": [c for c in self.table if c.month == s.month]})
                else:
                    four = [c for c in self.table if c.month == s.month] + [s]
                    if not self.last_turn:
                        ev.append({"kind": "ttadak", "seat": seat, "cards": four})
                    self._capture(seat, four, ev)
                    if not self.last_turn:
                        self._take_junk(seat, 1, "ttadak", ev)
                self._end_turn(ev)
                return
        if mode == "paired":
            self._capture(seat, [h, self.t_pair], ev)
        same = [c for c in self.table if c.month == s.month]
        if not same:
            self.table.append(s)
            ev.append({"kind": "place", "seat": seat, "cards": [s]})
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

    def _capture(self, seat, cards, ev):
        tb = self.table
        for c in cards:
            if c in tb:
                tb.remove(c)
        self.captures[seat].extend(cards)
        self._sc[seat] = None
        ev.append({"kind": "capture", "seat": seat, "cards": list(cards)})

    def _take_junk(self, seat, need, reason, ev):
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
            ev.append({"kind": "junk_taken", "seat": seat, "from": o, "cards": give, "reason": reason})

    def _end_turn(self, ev):
        seat = self.turn
        self.phase = "play"
        self.choices = []
        if not self.table and not self.last_turn:
            ev.append({"kind": "sseul", "seat": seat, "cards": []})
            self._take_junk(seat, 1, "sseul", ev)
        if self.last_turn and self.stock:
            # only bonus cards can be left under the last card: the player turns them up
            while self.stock:
                self._take_bonus(seat, self.stock.pop(), ev)
        pts = self.score(seat)
        g = self.go_counts[seat]
        if pts >= self.target and (g == 0 or pts > self.last_go[seat]):
            if self._hand_done():
                self._stop(seat, ev, auto=True)
            else:
                self.phase = "go_stop"
            return
        if self._hand_done():
            self._nagari(ev)
            return
        self._next_turn(ev)

    def _hand_done(self) -> bool:
        return all(self.turns_left(s) == 0 for s in range(self.n)) or (
            not self.stock and not any(self.hands))

    def _next_turn(self, ev):
        nxt = (self.turn + 1) % self.n
        for _ in range(self.n):
            if self.turns_left(nxt) > 0:
                break
            nxt = (nxt + 1) % self.n
        self._start_turn(nxt, ev)

    # --------------------------------------------------------------- settling
    def _nagari(self, ev):
        ev.append({"kind": "nagari", "seat": self.turn, "cards": [], "multiplier": self.multiplier})
        self.result = {"winner": None, "nagari": True, "chongtong": False, "points": 0,
                       "lines": [], "payments": [], "multiplier": self.multiplier}
        if self.options.nagari_doubles:
            self.multiplier *= 2
        self.phase = "hand_over"
        ev.append({"kind": "hand_over", "seat": self.dealer, "cards": [], "winner": None})

    def payments_if_stop(self, winner: int) -> tuple:
        """(points, lines, [Payment]) that `winner` would be paid by stopping now."""
        cards = self.captures[winner]
        roles = [None]
        if any(c.month == 9 and c.category == "animal" for c in cards):
            roles = [scoring.SAKE_ANIMAL, scoring.SAKE_JUNK]
        best = None
        for role in roles:
            bd = scoring.breakdown(cards, role) if role else scoring.breakdown(cards)
            pays = self._payments(winner, bd)
            tot = sum(p.total for p in pays)
            if best is None or tot > best[0]:
                best = (tot, bd, pays)
        _, bd, pays = best
        return bd.total, list(bd.lines), pays

    def _payments(self, winner, bd) -> list:
        o = self.options
        g = self.go_counts[winner]
        base = bd.total
        common = []
        if g >= o.go_doubling_from:
            common.append((f"{g} Go", 2 ** (g - o.go_doubling_from + 1)))
        if o.shaking_doubles:
            common += [("shaking", 2)] * self.shakes[winner]
        if o.bomb_doubles:
            common += [("bomb", 2)] * self.bombs[winner]
        if o.meong_tta and bd.counts.animals >= o.meong_tta_animals:
            common.append(("meong-tta", 2))
        if self.multiplier > 1:
            common.append(("nagari", self.multiplier))
        bright_pts = bd.bright_points
        junk_pts = bd.junk_points
        payer = None
        if o.go_bak:
            goers = [l for l in range(self.n) if l != winner and self.go_counts[l] > 0]
            if goers:
                payer = max(goers, key=lambda l: self.go_seq[l])
        pays = []
        for l in range(self.n):
            if l == winner:
                continue
            dbl = list(common)
            lc = self.captures[l]
            if o.gwang_bak and bright_pts > 0 and not any(c.category == BRIGHT for c in lc):
                dbl.append(("gwang-bak", 2))
            if o.pi_bak and junk_pts > 0:
                lj = max(scoring.junk_count(lc, scoring.SAKE_ANIMAL),
                         scoring.junk_count(lc, scoring.SAKE_JUNK))
                if 1 <= lj < o.pibak_limit:
                    dbl.append(("pi-bak", 2))
            total = base + g
            for _, f in dbl:
                total *= f
            pays.append(Payment(l, l if payer is None else payer, base, g, dbl, total))
        return pays

    def _stop(self, seat, ev, auto=False):
        pts, lines, pays = self.payments_if_stop(seat)
        ev.append({"kind": "stop", "seat": seat, "cards": [], "score": pts, "auto": auto})
        self._settle(seat, pays, "stop", ev, points=pts, lines=lines)

    def _settle(self, winner, pays, how, ev, points, lines=()):
        for p in pays:
            self.chips[p.payer] -= p.total
            self.chips[winner] += p.total
            ev.append({"kind": "payment", "seat": winner, "cards": [], "from": p.payer,
                       "loser": p.loser, "chips": p.total, "lines": p.lines()})
        self.result = {"winner": winner, "nagari": False, "chongtong": how == "chongtong",
                       "points": points, "lines": [list(x) for x in lines],
                       "payments": pays, "multiplier": self.multiplier}
        self.multiplier = 1
        self.phase = "hand_over"
        ev.append({"kind": "hand_over", "seat": winner, "cards": [], "winner": winner})

    # ---------------------------------------------------------------- view
    def view(self, seat: int) -> "PlayerView":
        q = self.question()
        t_card = self.t_card
        if q.seat != seat and q.kind in ("play", "bomb", "shake"):
            # the hand of the seat to move, or the card it is about to play, stays hidden
            q = Question(q.kind, q.seat, ())
            if q.kind != "play":
                t_card = None
        return PlayerView(
            seat=seat, players=self.n, options=self.options, hand=tuple(self.hands[seat]),
            table=tuple(self.table), captures=tuple(tuple(c) for c in self.captures),
            stock_size=len(self.stock), hand_sizes=tuple(len(h) for h in self.hands),
            scores=tuple(self.scores()), go_counts=tuple(self.go_counts),
            last_go_scores=tuple(self.last_go), go_seq=tuple(self.go_seq),
            shakes=tuple(self.shakes), bombs=tuple(self.bombs),
            bomb_credits=tuple(self.credits), revealed=tuple(tuple(r) for r in self.revealed),
            stacks=dict(self.stacks), turn=self.turn, dealer=self.dealer,
            question=q, legal=tuple(self.legal_moves()) if q.seat == seat else (),
            turn_card=t_card, stock_card=self.t_stock,
            chips=tuple(self.chips), multiplier=self.multiplier, hand_no=self.hand_no,
            last_turn=self.last_turn, target=self.target, result=self.result)

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> dict:
        nm = lambda cs: [c.name for c in cs]  # noqa: E731
        res = None
        if self.result is not None:
            res = dict(self.result)
            res["payments"] = [p.to_json() for p in res["payments"]]
        return {
            "schema": SCHEMA, "game": "gostop", "options": self.options.to_json(),
            "rng": rng_state_to_json(self.rng), "chips": list(self.chips),
            "seed": self.seed, "deal_no": self.deal_no,
            "dealer": self.dealer, "hand_no": self.hand_no, "multiplier": self.multiplier,
            "partial": self.partial,
            "hands": [nm(h) for h in self.hands], "table": nm(self.table),
            "stock": nm(self.stock), "captures": [nm(c) for c in self.captures],
            "go_counts": list(self.go_counts), "last_go": list(self.last_go),
            "go_seq": list(self.go_seq), "shakes": list(self.shakes), "bombs": list(self.bombs),
            "credits": list(self.credits), "revealed": [nm(r) for r in self.revealed],
            "stacks": {str(k): v for k, v in self.stacks.items()},
            "turn": self.turn, "phase": self.phase, "last_turn": self.last_turn,
            "t_card": self.t_card.name if self.t_card else None, "t_mode": self.t_mode,
            "t_pair": self.t_pair.name if self.t_pair else None, "t_before": self.t_before,
            "t_stock": self.t_stock.name if self.t_stock else None,
            "choices": nm(self.choices), "result": res,
        }

    @classmethod
    def from_json(cls, d) -> "GoStopState":
        return read_guarded(cls._from_json, d, "Go-Stop save")

    @classmethod
    def _from_json(cls, d) -> "GoStopState":
        if not isinstance(d, dict) or d.get("game") != "gostop" or d.get("schema") != SCHEMA:
            raise ValueError("not a Go-Stop save of this version")
        s = cls()
        s.options = Options.from_json(d["options"])
        s.n = n = s.options.players
        s.rng = rng_from_json(d["rng"])
        s.seed = check_optional_deal_no(d.get("seed"))
        s.deal_no = check_optional_deal_no(d.get("deal_no"))

        def ints(key, lo=-10**9, hi=10**9):
            v = d[key]
            if not isinstance(v, list) or len(v) != n or not all(
                    isinstance(x, int) and not isinstance(x, bool) and lo <= x <= hi for x in v):
                raise ValueError(f"bad {key}")
            return list(v)

        def cards_(v):
            if not isinstance(v, list):
                raise ValueError("card list expected")
            return [parse_card(x) for x in v]

        def card_or_none(v):
            return None if v is None else parse_card(v)

        def seat(v):
            if not isinstance(v, int) or not 0 <= v < n:
                raise ValueError("bad seat")
            return v

        s.chips = ints("chips")
        s.dealer = seat(d["dealer"])
        s.hand_no = int(d["hand_no"])
        s.multiplier = int(d["multiplier"])
        if s.multiplier < 1:
            raise ValueError("bad multiplier")
        s.partial = bool(d["partial"])
        if len(d["hands"]) != n or len(d["captures"]) != n or len(d["revealed"]) != n:
            raise ValueError("wrong number of seats")
        s.hands = [cards_(h) for h in d["hands"]]
        s.table = cards_(d["table"])
        s.stock = cards_(d["stock"])
        s.captures = [cards_(c) for c in d["captures"]]
        s._sc = [None] * n
        s.go_counts = ints("go_counts", 0, 100)
        s.last_go = ints("last_go", 0, 1000)
        s.go_seq = ints("go_seq", 0, 10**6)
        s.shakes = ints("shakes", 0, 12)
        s.bombs = ints("bombs", 0, 12)
        s.credits = ints("credits", 0, 24)
        s.revealed = [cards_(r) for r in d["revealed"]]
        s.stacks = {int(k): seat(v) for k, v in d["stacks"].items()}
        if any(not 1 <= k <= 12 for k in s.stacks):
            raise ValueError("bad stack month")
        s.turn = seat(d["turn"])
        if d["phase"] not in PHASES:
            raise ValueError("bad phase")
        s.phase = d["phase"]
        s.last_turn = bool(d["last_turn"])
        s.t_card = card_or_none(d["t_card"])
        if d["t_mode"] not in ("none", "alone", "paired", "took"):
            raise ValueError("bad t_mode")
        s.t_mode = d["t_mode"]
        s.t_pair = card_or_none(d["t_pair"])
        s.t_before = int(d["t_before"])
        s.t_stock = card_or_none(d["t_stock"])
        s.choices = cards_(d["choices"])
        res = d["result"]
        if res is not None:
            res = dict(res)
            res["payments"] = [Payment.from_json(p) for p in res["payments"]]
        s.result = res
        s._validate()
        if s.phase in ("match_hand", "match_stock") and len(s.choices) != 2:
            raise ValueError("a match question needs two choices")
        if s.phase in ("bomb", "shake") and (s.t_card is None or s.t_card not in s.hands[s.turn]):
            raise ValueError("bomb/shake question without its card in hand")
        if s.phase in ("match_hand", "match_stock") and any(x not in s.table for x in s.choices):
            raise ValueError("a match choice is not on the table")
        if s.phase == "match_stock" and s.t_stock not in s.table:
            raise ValueError("the stock card being matched is not on the table")
        if s.phase == "play" and not s.legal_moves():
            raise ValueError("the seat to play has nothing to play")
        if s.phase == "hand_over" and s.result is None:
            raise ValueError("a finished hand without its result")
        return s

    def _validate(self):
        allc = self.all_cards()
        if len(set(allc)) != len(allc):
            raise ValueError("a card appears twice")
        if not self.partial:
            want = set(deck(self.options.bonus_cards))
            if set(allc) != want:
                raise ValueError("the cards are not exactly one deck")
        for seat, r in enumerate(self.revealed):
            if any(c not in self.hands[seat] for c in r):
                raise ValueError("a revealed card is not in its hand")


# ------------------------------------------------------------------- the view
@dataclass(frozen=True)
class PlayerView:
    """All one seat may see: its own hand, everything face up, sizes and counts."""

    seat: int
    players: int
    options: Options
    hand: tuple
    table: tuple
    captures: tuple
    stock_size: int
    hand_sizes: tuple
    scores: tuple
    go_counts: tuple
    last_go_scores: tuple
    go_seq: tuple
    shakes: tuple
    bombs: tuple
    bomb_credits: tuple
    revealed: tuple          # cards other seats showed by shaking, still in their hands
    stacks: dict             # month -> seat that made the ppuk stack on the table
    turn: int
    dealer: int
    question: Question
    legal: tuple             # legal moves if the question is this seat's, else ()
    turn_card: Card | None   # the card played this turn (face up)
    stock_card: Card | None  # the stock card turned up this turn
    chips: tuple
    multiplier: int
    hand_no: int
    last_turn: bool
    target: int
    result: dict | None

    def unseen(self) -> list:
        """Cards this seat cannot see: the other hands (less shown cards) and the stock."""
        seen = set(self.hand) | set(self.table)
        for c in self.captures:
            seen.update(c)
        for r in self.revealed:
            seen.update(r)
        return [c for c in deck(self.options.bonus_cards) if c not in seen]


# ------------------------------------------------------------- event wording
_EVENT_WORDS = {
    "ppuk": "ppuk! a stack of three", "stack_capture": "takes the stack",
    "ja_ppuk": "ja-ppuk! takes back his own stack", "jjok": "jjok!", "ttadak": "ttadak!",
    "sseul": "sseul! the table is swept", "bomb": "bomb!", "shake": "shakes",
    "bonus": "takes a bonus card", "nagari": "nagari: nobody wins, next hand pays double",
    "chongtong": "chongtong! four of a month", "dealer_bonus": "dealer takes the bonus card",
    "redeal": "four of a month on the table: redeal",
}


def describe(ev: dict, names=None) -> str:
    """A short log line for an event; `names` maps seats to player names."""
    def who(s):
        if names is not None and 0 <= s < len(names):
            return names[s]
        return f"seat {s}"
    k = ev["kind"]
    seat = ev.get("seat", -1)
    cs = " ".join(c.name for c in ev.get("cards", ()))
    if k == "junk_taken":
        return f"{who(seat)} takes {cs} from {who(ev['from'])} ({ev['reason'].replace('_', '-')})"
    if k == "go":
        return f"{who(seat)}: Go! ({ev['count']})"
    if k == "stop":
        return f"{who(seat)}: Stop with {ev['score']} points"
    if k == "payment":
        return f"{who(ev['from'])} pays {who(seat)} {ev['chips']} chips"
    if k == "hand_over":
        return "hand over" if ev.get("winner") is None else f"{who(seat)} wins the hand"
    if k in _EVENT_WORDS:
        return f"{who(seat)}: {_EVENT_WORDS[k]} {cs}".rstrip()
    return f"{who(seat)}: {k} {cs}".rstrip()
