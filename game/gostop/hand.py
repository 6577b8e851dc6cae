"""How a Go-Stop hand begins and ends: the deal (redeals, bonus cards on the table,
chongtong) or a constructed position, and the settling (Stop, nagari, the payments
with their doublings). The deal always records its events (state.deal_events).

`HandLifecycle` is a mixin of rules.GoStopState (its methods use the state's
fields); `Payment` is what one loser owes, as the result and the save keep it.
Pure: no pygame.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..deals import deal_rng, is_deal_no, next_deal_no
from ..engine import Details, Event, is_int
from . import scoring
from .cards import BRIGHT, deck, parse_card
from .options import Options

# the doublings a payment may name ("3 Go" and up match GO_DOUBLING)
DOUBLINGS = ("shaking", "bomb", "meong-tta", "nagari", "gwang-bak", "pi-bak")
GO_DOUBLING = re.compile(r"[1-9][0-9]? Go")
MAX_FACTOR = 2 ** 40
MAX_CHIPS = 10 ** 15     # far beyond any real payment; refuses huge numbers in a save
StateT = TypeVar("StateT", bound="HandLifecycle")


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
    def from_json(cls, d) -> Payment:
        """A payment from a save: every field a whole number in its range, each
        doubling a known one, the total what base, Go bonus and doublings make;
        ValueError otherwise. (Seats are checked against the state's seats.)"""
        if not isinstance(d, dict) or set(d) != {"loser", "payer", "base", "go_bonus",
                                                 "doublings", "total"}:
            raise ValueError("bad payment: not the six fields of a payment")
        for key, hi in (("loser", 2), ("payer", 2), ("base", 1000), ("go_bonus", 100),
                        ("total", MAX_CHIPS)):
            if not is_int(d[key]) or not 0 <= d[key] <= hi:
                raise ValueError(f"bad payment {key}: {d[key]!r}")
        dbl = d["doublings"]
        if not isinstance(dbl, list) or len(dbl) > 40:
            raise ValueError("bad payment doublings")
        doublings = []
        for x in dbl:
            if (not isinstance(x, list) or len(x) != 2 or not isinstance(x[0], str)
                    or not (x[0] in DOUBLINGS or GO_DOUBLING.fullmatch(x[0]))
                    or not is_int(x[1]) or not 2 <= x[1] <= MAX_FACTOR):
                raise ValueError(f"bad payment doubling {x!r}")
            doublings.append((x[0], x[1]))
        p = cls(d["loser"], d["payer"], d["base"], d["go_bonus"], doublings, d["total"])
        if p.total != p.due():
            raise ValueError(f"a payment's total {p.total} is not its {p.due()} chips")
        return p

    def due(self) -> int:
        """What base, Go bonus and doublings make."""
        total = self.base + self.go_bonus
        for _, f in self.doublings:
            total *= f
        return total


class HandLifecycle:
    """The deal (or a constructed position) and the settling of a hand (mixed into
    rules.GoStopState)."""

    # fields of the state that these methods set (rules.GoStopState declares them all)
    deal_no: int | None
    result: dict[str, Any] | None
    _sc: list[int | None]

    @classmethod
    def new(cls: type[StateT], options: Options | None = None, seed: int | None = None) -> StateT:
        """A session with its first hand dealt. The deal's events (a chongtong
        settles the hand at once) are in `state.deal_events`."""
        s = cls()
        s.options = options or Options()
        s.rng = random.Random(seed)
        s.seed = seed if is_deal_no(seed) else None
        s.n = s.options.players
        s.chips = [0] * s.n
        s.dealer = s.rng.randrange(s.n)   # the first dealer by lot
        ev: list = []
        s._deal(ev)
        s.deal_events = ev
        return s

    @classmethod
    def from_position(cls: type[StateT], hands, table, stock, *, captures=None, turn=0, dealer=None,
                      options: Options | None = None, seed=0, go_counts=None,
                      last_go_scores=None, shakes=None, bombs=None, bomb_credits=None,
                      stacks=None, chips=None, multiplier=1, revealed=None,
                      partial=True, go_seq=None, ppuks=None) -> StateT:
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
        s.ppuks = list(ppuks) if ppuks else [0] * n
        s.multiplier = multiplier
        s.hand_no = 1
        s._sc = [None] * n
        s._validate()
        s._start_turn(turn)
        return s

    # ------------------------------------------------------------------- deal
    def _deal(self, ev: list[Event] | None = None) -> list[Event]:
        ev = ev if ev is not None else []
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
                ev.append(Details("redeal", self.dealer, {"cards": []}))
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
        self.ppuks = [0] * n
        ev.append(Details("deal", self.dealer, {"cards": [], "hand_no": self.hand_no,
                                                "multiplier": self.multiplier}))
        if moved:
            ev.append(Details("dealer_bonus", self.dealer, {"cards": moved}))
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
        ev.append(Details("chongtong", seat, {"cards": cards4}))
        pays = []
        for loser in range(self.n):
            if loser == seat:
                continue
            dbl = [("nagari", self.multiplier)] if self.multiplier > 1 else []
            total = self.options.chongtong_points * self.multiplier
            pays.append(Payment(loser, loser, self.options.chongtong_points, 0, dbl, total))
        self._settle(seat, pays, "chongtong", ev, points=self.options.chongtong_points)

    # --------------------------------------------------------------- settling
    def _nagari(self, ev: list[Event] | None) -> None:
        if ev is not None:
            ev.append(Details("nagari", self.turn, {"cards": [], "multiplier": self.multiplier}))
        self.result = {"winner": None, "nagari": True, "chongtong": False, "points": 0,
                       "lines": [], "payments": [], "multiplier": self.multiplier}
        if self.options.nagari_doubles:
            self.multiplier *= 2
        self.phase = "hand_over"
        if ev is not None:
            ev.append(Details("hand_over", self.dealer, {"cards": [], "winner": None}))

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
            goers = [x for x in range(self.n) if x != winner and self.go_counts[x] > 0]
            if goers:
                payer = max(goers, key=lambda x: self.go_seq[x])
        pays = []
        for loser in range(self.n):
            if loser == winner:
                continue
            dbl = list(common)
            lc = self.captures[loser]
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
            pays.append(Payment(loser, loser if payer is None else payer, base, g, dbl, total))
        return pays

    def _stop(self, seat: int, ev: list[Event] | None, auto: bool = False) -> None:
        pts, lines, pays = self.payments_if_stop(seat)
        if ev is not None:
            ev.append(Details("stop", seat, {"cards": [], "score": pts, "go": self.go_counts[seat],
                                             "auto": auto}))
        self._settle(seat, pays, "stop", ev, points=pts, lines=lines)

    def _settle(self, winner, pays, how, ev, points, lines=()):
        for p in pays:
            self.chips[p.payer] -= p.total
            self.chips[winner] += p.total
            if ev is not None:
                ev.append(Details("payment", winner, {"cards": [], "from": p.payer, "loser": p.loser,
                                                      "chips": p.total, "lines": p.lines()}))
        self.result = {"winner": winner, "nagari": False, "chongtong": how == "chongtong",
                       "points": points, "lines": [list(x) for x in lines],
                       "payments": pays, "multiplier": self.multiplier}
        self.multiplier = 1
        self.phase = "hand_over"
        if ev is not None:
            ev.append(Details("hand_over", winner, {"cards": [], "winner": winner}))
