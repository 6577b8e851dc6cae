"""The heuristic Gin players: easy, normal and hard (GinAI) and the benchmark's
yardstick (BaselineAI), by bitmask evaluation of hands; the levels are described in
game/gin/ai.py, which is where players are made (make_ai)."""
from __future__ import annotations

import random

from game.gin import melds as M
from game.gin.rules import Discard, DrawStock, GinView, GoOut, LayDown, NextHand, Pass, TakeUpcard

LEVELS = ("easy", "normal", "hard", "expert")   # weakest first; ai.make_ai makes each

BIT_VALUES = M.BIT_VALUES
_bit = M.card_bit
_mask = M.cards_to_mask
_mindw = M.min_deadwood_mask
_after_discard = M.min_deadwood_after_discard_mask


def _build_rest3():
    """For each card: the masks of the other two cards of every 3-card meld
    containing it (every meld containing a card contains such a 3-card one)."""
    rest = [[] for _ in range(52)]
    for m in M.ALL_MELDS:
        if bin(m).count("1") != 3:
            continue
        x = m
        while x:
            low = x & -x
            x ^= low
            rest[low.bit_length() - 1].append(m ^ low)
    return tuple(tuple(r) for r in rest)


REST3 = _build_rest3()
_RANK_MASK = tuple(sum(1 << (s * 13 + r) for s in range(4)) for r in range(13))


def _upcard(view: GinView, hand: int) -> tuple[int, int, int]:
    """The upcard offered to `hand`: (its bit, the bit that may not be thrown back
    at once, 0 where the house allows it, the hand with it)."""
    ub = _bit(view.pile[-1])
    return ub, 0 if view.options.discard_taken_upcard else ub, hand | ub


def _knock_discard(view: GinView, hand: int) -> tuple[int, tuple[int, int] | None]:
    """(banned, knock) for an 11-card hand: the bit that may not be thrown now (the
    upcard just taken, unless the house allows it; else 0), and the discard that goes
    out with the least deadwood, the lowest card among ties, as (index, bit), or None."""
    banned = 0
    if view.taken_upcard is not None and not view.options.discard_taken_upcard:
        banned = _bit(view.taken_upcard)
    outs = M.knock_discards_mask(hand, view.knock_value) & ~banned
    if not outs:
        return banned, None
    return banned, min(_bits(outs), key=lambda ib: (_mindw(hand ^ ib[1]), ib[0]))


def _bits(mask: int):
    while mask:
        low = mask & -mask
        mask ^= low
        yield low.bit_length() - 1, low


def _near_mask(mask: int) -> int:
    """Cards related to `mask`: same rank, or same suit within two ranks."""
    out = 0
    for i, _ in _bits(mask):
        s, r = divmod(i, 13)
        out |= _RANK_MASK[r]
        for dr in (-2, -1, 1, 2):
            if 0 <= r + dr < 13:
                out |= 1 << (s * 13 + r + dr)
    return out & ~mask


_NEAR = tuple(_near_mask(1 << i) for i in range(52))
# a pair or a two-card run: same rank, or same suit one rank apart
_PARTNERS = tuple(_RANK_MASK[i % 13] & ~(1 << i)
                  | (1 << (i - 1) if i % 13 > 0 else 0) | (1 << (i + 1) if i % 13 < 12 else 0)
                  for i in range(52))


class _Knowledge:
    """What a seat knows of the cards, as masks and per-card probabilities."""

    def __init__(self, view: GinView, tracking: str, late_factor: float = 0.0,
                 outs_decay: float = 0.0):
        self.hand = _mask(view.hand)
        self.pile = _mask(view.pile)
        taken = _mask(set(view.opp_taken))
        if tracking in ("none", "memoryless"):
            # no card counting: of the pile only the upcard is remembered
            self.pile = _mask(view.pile[-1:])
        self.opp_known = taken & ~self.pile & ~self.hand
        seen = self.hand | self.pile | self.opp_known
        self.unseen = M.FULL_MASK & ~seen
        n_unseen = max(1, bin(self.unseen).count("1"))
        n_opp_unknown = max(0, view.opponent_hand_size - bin(self.opp_known).count("1"))
        base = min(0.95, n_opp_unknown / n_unseen)
        p = [0.0] * 52
        for i, _ in _bits(self.unseen):
            p[i] = base
        for i, _ in _bits(self.opp_known):
            p[i] = 1.0
        if tracking == "full":
            # what he threw or passed he does not collect; what he took, he does
            cold = _near_mask(_mask(set(view.opp_discards) | set(view.opp_passed)))
            hot = _near_mask(self.opp_known)
            for i, b in _bits(self.unseen & (cold | hot)):
                f = 1.0
                if b & cold:
                    f *= 0.6
                if b & hot:
                    f *= 1.8
                p[i] = min(0.95, base * f)
        self.p_opp = p
        near = 0
        for i, _ in _bits(self.hand | (_bit(view.pile[-1]) if view.pile else 0)):
            near |= _NEAR[i]
        self.near = near        # the only cards that can meld with (part of) the hand
        self.kv = view.knock_value
        # 1 at the deal, growing as the Stock runs down (the opponent nears a knock)
        self.late = 1.0 + late_factor * max(0, 31 - view.stock_size) / 10.0
        # combinations are worth less as the Stock runs down (fewer draws left)
        self.outs_scale = 1.0 - outs_decay * max(0, 31 - view.stock_size) / 31.0


class GinAI:
    """A computer opponent; deterministic for a seed."""

    def __init__(self, level: str = "normal", seed: int | None = None):
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; one of {LEVELS}")
        self.level = level
        self.rng = random.Random(seed)
        # Weights are in deadwood points. Tuned by computer-vs-computer runs
        # (python -m game.gin.sim); see the module doc for what each level does.
        self.lookahead = False     # one-step expected deadwood (costly; measured no gain)
        self.top_k = 4
        self.wait_for_gin = False  # hard's late waiting (measured: fewer hands won)
        self.danger_late = 0.0     # how much more a feeding discard costs late in the hand
        self.outs_decay = 0.0      # how much less outs are worth late in the hand
        self.lapse = 0.0           # share of discards that are the 2nd or 3rd best
        # the beginner's habits (easy only)
        self.knock_limit = None    # knocks only with at most this deadwood (None: knock value)
        self.miss_knock = 0.0      # chance of not seeing that it may knock
        self.slip = 0.0            # chance of throwing any unmatched card
        self.keep_partials = False # holds pairs and two-card runs, however high
        if level == "easy":
            self.w_out, self.w_danger, self.tracking, self.take_margin = 0.0, 0.0, "none", 0
            self.w_knock = 0.0
            self.knock_limit, self.miss_knock, self.slip, self.keep_partials = 4, 0.25, 0.4, True
        elif level == "normal":
            self.w_out, self.w_danger, self.tracking, self.take_margin = 0.5, 2.0, "memoryless", 0.5
            self.w_knock = 0.0
            self.lapse = 0.3
        else:
            self.w_out, self.w_danger, self.tracking, self.take_margin = 1.2, 4.0, "taken", 2.0
            self.w_knock = 2.0

    # ---- entry point ----
    def choose(self, view: GinView):
        ph = view.phase
        seat = view.seat
        if ph in ("hand_over",):
            return NextHand(seat)
        if ph == "game_over" or not view.legal_moves:
            return None
        if ph == "lay_down":
            return LayDown(seat)        # the least deadwood, with the best lay-offs
        know = _Knowledge(view, self.tracking, self.danger_late, self.outs_decay)
        if ph in ("offer", "draw"):
            return self._draw(view, know)
        if ph == "discard":
            return self._discard(view, know)
        return view.legal_moves[0]

    # ---- evaluation ----
    def _outs(self, hand: int, know: _Knowledge) -> float:
        """Weighted count of cards still to come from the Stock that meld with `hand`."""
        live = know.unseen & ~hand & know.near
        p = know.p_opp
        total = 0.0
        while live:
            low = live & -live
            live ^= low
            i = low.bit_length() - 1
            for r in REST3[i]:
                if r & hand == r:
                    total += 1.0 - p[i]
                    break
        return total

    def _knock_outs(self, hand: int, know: _Knowledge) -> float:
        """Weighted count of live cards after which the hand could go out (knock
        or gin) with its best discard: how close the race is to being won."""
        dw = _mindw(hand)
        kv = know.kv
        if dw > kv + 30:                    # one card cannot bring it down that far
            return 0.0
        _, dead = M.best_melds_mask(hand)
        maxdead = max((BIT_VALUES[i] for i, _ in _bits(dead)), default=0)
        live = know.unseen & ~hand
        p = know.p_opp
        total = 0.0
        swap_limit = kv - dw + maxdead       # a card of at most this value swapped in
        while live:
            low = live & -live
            live ^= low
            i = low.bit_length() - 1
            ok = BIT_VALUES[i] <= swap_limit
            if not ok and low & know.near:
                for r in REST3[i]:
                    if r & hand == r:
                        ok = _after_discard(hand | low) <= kv
                        break
            if ok:
                total += 1.0 - p[i]
        return total

    def _danger(self, i: int, know: _Knowledge) -> float:
        """Chance that the opponent can meld card i (bit index) if it is thrown."""
        blocked = know.hand | know.pile
        p = know.p_opp
        miss = 1.0
        for r in REST3[i]:
            if r & blocked:
                continue
            q = 1.0
            for j, _ in _bits(r):
                q *= p[j]
            miss *= 1.0 - q
        return 1.0 - miss

    def _expected_after_draw(self, hand: int, know: _Knowledge) -> float:
        """Expected least deadwood after one more card from the Stock and the
        best discard: a one-step look-ahead over the live cards."""
        dw = _mindw(hand)
        live = know.unseen & ~hand
        p = know.p_opp
        # the highest unmatched card: any lower card drawn may replace it
        _, dead = M.best_melds_mask(hand)
        maxdead = max((BIT_VALUES[i] for i, _ in _bits(dead)), default=0)
        weight = 0.0
        gain = 0.0
        while live:
            low = live & -live
            live ^= low
            i = low.bit_length() - 1
            w = 1.0 - p[i]
            if w <= 0.0:
                continue
            weight += w
            g = maxdead - BIT_VALUES[i]
            for r in REST3[i]:
                if r & hand == r:          # it melds: the best discard after it
                    g = dw - _after_discard(hand | low)
                    break
            if g > 0:
                gain += w * g
        return dw - gain / weight if weight else float(dw)

    def _key_fast(self, hand: int, know: _Knowledge) -> float:
        k = float(_mindw(hand))
        if self.w_out:
            k -= self.w_out * know.outs_scale * self._outs(hand, know)
        if self.w_knock:
            k -= self.w_knock * self._knock_outs(hand, know)
        return k

    def _key(self, hand: int, know: _Knowledge) -> float:
        """How good a 10-card hand is (lower is better), in deadwood points."""
        if self.lookahead:
            e = self._expected_after_draw(hand, know)
            return e - self.w_out * self._outs(hand, know) if self.w_out else e
        return self._key_fast(hand, know)

    def _best_keys(self, hands: list, know: _Knowledge, extra=None) -> list:
        """[(key, hand)] best first; with the look-ahead only the few best by the
        fast key get the full evaluation (it costs ~20x more)."""
        extra = extra or {}
        fast = sorted((self._key_fast(h, know) + extra.get(h, 0.0), h) for h in hands)
        if not self.lookahead:
            return fast
        top = fast[:self.top_k]
        full = sorted((self._key(h, know) + extra.get(h, 0.0), h) for _, h in top)
        return full + fast[self.top_k:]

    def _discard_scores(self, hand: int, banned: int, know: _Knowledge):
        """[(score, bit index, bit)] for each legal discard, best first."""
        extra = {}
        idx = {}
        for i, b in _bits(hand & ~banned):
            idx[hand ^ b] = (i, b)
            if self.w_danger and self.tracking != "none":
                extra[hand ^ b] = self.w_danger * know.late * self._danger(i, know)
        return [(k, idx[h][0], idx[h][1]) for k, h in self._best_keys(list(idx), know, extra)]

    # ---- drawing ----
    def _plain_draw(self, view: GinView, know: _Knowledge):
        """(move, decline): the draw that needs no weighing, else (None, decline). No
        upcard to take; the Stock's end (the upcard is offered only when it lets us go
        out); never one's own discard back (it also keeps a hand from going round in
        circles when the taken upcard may be thrown again)."""
        seat = view.seat
        decline = Pass(seat) if view.phase == "offer" or view.stock_end else DrawStock(seat)
        if not any(isinstance(m, TakeUpcard) for m in view.legal_moves):
            return decline, decline
        if view.stock_end:
            return TakeUpcard(seat), decline
        if view.pile[-1] in view.my_discards:
            _, banned, with_up = _upcard(view, know.hand)
            if not M.knock_discards_mask(with_up, view.knock_value) & ~banned:
                return decline, decline
        return None, decline

    def _draw(self, view: GinView, know: _Knowledge):
        seat = view.seat
        move, decline = self._plain_draw(view, know)
        if move is not None:
            return move
        hand = know.hand
        kv = view.knock_value
        ub, banned, with_up = _upcard(view, hand)
        # does the upcard meld?
        dw_now = _mindw(hand)
        melds_up = _mindw(with_up) < dw_now + BIT_VALUES[ub.bit_length() - 1]
        if self.level == "easy":
            if melds_up and ub & M.melded_cards_mask(with_up):
                return TakeUpcard(seat)
            return decline
        # going out at once with it?
        if M.knock_discards_mask(with_up, kv) & ~banned:
            return TakeUpcard(seat)
        best_take = self._best_keys([with_up ^ b for _, b in _bits(hand)], know)[0][0]
        now = self._key(hand, know)
        if best_take < now - self.take_margin:
            return TakeUpcard(seat)
        return decline

    # ---- discarding and going out ----
    def _discard(self, view: GinView, know: _Knowledge):
        seat = view.seat
        if GoOut(seat, None) in view.legal_moves:   # Big Gin: all eleven in groups, the bigger bonus
            return GoOut(seat, None)
        hand = know.hand
        banned, best = _knock_discard(view, hand)
        if best is not None:
            dw = _mindw(hand ^ best[1])
            if dw == 0 or view.stock_end or self._should_knock(view, know, dw, hand ^ best[1]):
                return self._go_out(view, know, hand ^ best[1], best[0])
        if self.level == "easy":
            return Discard(seat, M.BIT_CARDS[self._beginner_discard(hand, banned)])
        scores = self._discard_scores(hand, banned, know)
        if self.lapse and len(scores) > 1 and self.rng.random() < self.lapse:
            # a lapse of attention: one of the next best discards instead
            return Discard(seat, M.BIT_CARDS[self.rng.choice(scores[1:3])[1]])
        return Discard(seat, M.BIT_CARDS[scores[0][1]])

    def _beginner_discard(self, hand: int, banned: int) -> int:
        """The bit index easy throws: its highest unmatched card, blind to what the
        opponent collects; with keep_partials it holds on to pairs and two-card runs
        whatever their value; now and then (slip) any unmatched card."""
        _, dead = M.best_melds_mask(hand)
        dead &= ~banned
        if not dead:                  # all melded: break the meld that costs least
            return min((i for i, _ in _bits(hand & ~banned)),
                       key=lambda i: (_mindw(hand ^ (1 << i)), -BIT_VALUES[i]))
        if self.slip and self.rng.random() < self.slip:
            return self.rng.choice([i for i, _ in _bits(dead)])
        pool = dead
        if self.keep_partials:
            loose = 0
            for i, b in _bits(dead):
                if not _PARTNERS[i] & (hand ^ b):
                    loose |= b
            pool = loose or dead
        return max((BIT_VALUES[i], i) for i, _ in _bits(pool))[1]

    def _should_knock(self, view: GinView, know: _Knowledge, dw: int, after: int) -> bool:
        if self.knock_limit is not None and dw > self.knock_limit:
            return False
        if self.miss_knock and self.rng.random() < self.miss_knock:
            return False
        if not self.wait_for_gin:
            return True
        turns = len(view.opp_discards)
        # a rough expectation of the opponent's deadwood after his lay-offs
        est = 58 - 4.0 * turns - 6 * bin(know.opp_known).count("1")
        if dw <= 2 or view.stock_size <= 4:
            return True
        if est >= dw + 12:
            return True
        # late and risky: wait for gin if gin is in reach
        outs = self._outs(after, know)
        return outs < 3

    def _go_out(self, view: GinView, know: _Knowledge, after: int, discard_i: int):
        seat = view.seat
        card = M.BIT_CARDS[discard_i]
        if self.level not in ("hard", "expert") or _mindw(after) == 0:
            return GoOut(seat, card)
        arr = self._least_exposed(after, know)
        melds = tuple(tuple(M.sort_meld(M.mask_to_cards(m))) for m in arr)
        return GoOut(seat, card, melds)

    def _least_exposed(self, hand: int, know: _Knowledge):
        """Among the least-deadwood arrangements, the one the opponent can lay
        off on least (counting unseen cards that would fit)."""
        target = _mindw(hand)
        best = None
        for arr in _arrangements(hand, target, 24):
            expo = 0.0
            for m in arr:
                expo += _exposure(m, know)
            if best is None or expo < best[0]:
                best = (expo, arr)
        return best[1]


def _exposure(meld: int, know: _Knowledge) -> float:
    """Expected number of opponent cards that lay off on this meld."""
    cards = list(_bits(meld))
    i0 = cards[0][0]
    p = know.p_opp
    if all(i % 13 == i0 % 13 for i, _ in cards):          # a set
        if len(cards) == 4:
            return 0.0
        missing = _RANK_MASK[i0 % 13] & ~meld
        return p[missing.bit_length() - 1]
    lo, hi = cards[0][0], cards[-1][0]
    e = 0.0
    if lo % 13 > 0:
        e += p[lo - 1]
    if hi % 13 < 12:
        e += p[hi + 1]
    return e


def _arrangements(hand: int, target: int, limit: int):
    """Meld-mask lists reaching deadwood `target` (up to `limit` of them)."""
    out = []

    def rec(mask, acc, dead_val):
        if len(out) >= limit:
            return
        if dead_val + _mindw(mask) > target:
            return
        if not mask:
            out.append(list(acc))
            return
        low = mask & -mask
        i = low.bit_length() - 1
        for m in M._RUNS_FROM[i]:
            if m & mask != m:
                break
            acc.append(m)
            rec(mask ^ m, acc, dead_val)
            acc.pop()
        for m in M._SETS_FROM[i]:
            if m & mask == m:
                acc.append(m)
                rec(mask ^ m, acc, dead_val)
                acc.pop()
        rec(mask ^ low, acc, dead_val + BIT_VALUES[i])

    rec(hand, [], 0)
    return out


class BaselineAI:
    """The benchmark's yardstick (see the module doc)."""

    level = "baseline"

    def __init__(self, level: str = "baseline", seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, view: GinView):
        seat = view.seat
        ph = view.phase
        legal = view.legal_moves
        if ph == "hand_over":
            return NextHand(seat)
        if not legal:
            return None
        if ph == "lay_down":
            return LayDown(seat)
        if ph in ("offer", "draw"):
            can_take = any(isinstance(m, TakeUpcard) for m in legal)
            if view.stock_end:
                return TakeUpcard(seat) if can_take else Pass(seat)
            decline = Pass(seat) if ph == "offer" else DrawStock(seat)
            if can_take and self.rng.random() < 0.5:
                return TakeUpcard(seat)
            if ph == "draw" and not any(isinstance(m, DrawStock) for m in legal):
                return TakeUpcard(seat)
            return decline
        # discard phase
        go = [m for m in legal if isinstance(m, GoOut)]
        hand = _mask(view.hand)
        if go:
            best = min(go, key=lambda m: (_mindw(hand ^ _bit(m.discard)), m.discard))
            return best
        banned = 0
        if view.taken_upcard is not None and not view.options.discard_taken_upcard:
            banned = _bit(view.taken_upcard)
        _, dead = M.best_melds_mask(hand)
        cand = [(BIT_VALUES[i], i) for i, _ in _bits(dead & ~banned)]
        if cand:
            return Discard(seat, M.BIT_CARDS[max(cand)[1]])
        best = min((i for i, _ in _bits(hand & ~banned)),
                   key=lambda i: (_mindw(hand ^ (1 << i)), -BIT_VALUES[i]))
        return Discard(seat, M.BIT_CARDS[best])

