"""Computer players for Go-Stop. They receive only a PlayerView.

Levels:
  easy    half the time a random card, else the normal choice; random shakes;
          says Go now and then without looking at the risk.
  greedy  the baseline: captures the most valuable card it can, always stops.
  normal  values captures in context (brights, birds, ribbon sets, junk, and
          what opponents are close to completing), avoids leaving cards for
          opponents, weighs Go against the go-bak risk.
  hard    determinized Monte Carlo: samples the unseen cards into the other
          hands and the stock. A card: each of the normal player's best six is
          played out to the hand's end with a fast policy in each sample and
          judged by its chips (with endgame_cards lowered, the cards before are
          played on for one round and the position evaluated); half way through
          the samples only the better three go on (successive halving). The
          average is blended with the normal player's value. Go or Stop: the
          hand is played out after a Go (every seat then goes by the normal
          player's margins), the average chips against the sure payment of
          stopping, less an allowance. Bounded by a think time (default 30 ms),
          or by a rollout count (deterministic for a seed; the table's way).
          What each idea was worth, with its figures: docs/gostop-players.md.

Thinking can be spread over many frames: `start_choice(view)`, then `work(budget_s)`
until it returns the move (the table gives it a slice of each update step);
`choose(view)` runs the same computation (`choose_iter`) to its end at once, so both
give the same move for the same view and random state.
"""
from __future__ import annotations

import random
import time

from game.thinking import SlicedThinking

from . import scoring
from .cards import ANIMAL, BLUE, BRIGHT, CARDS, GRASS, RED, RIBBON
from .rules import Bomb, ChooseMatch, FlipStock, GoStop, GoStopState, NextHand, PlayCard, PlayerView, Shake

LEVELS = ("easy", "greedy", "normal", "hard")


def make_ai(level: str, rng: random.Random | int | None = None, **kw) -> GoStopAI:
    """A computer player of the given level (see GoStopAI for the keywords)."""
    return GoStopAI(level, rng, **kw)


def _base_value(c) -> float:
    cat = c.category
    if cat == BRIGHT:
        return 12.0 if c.month == 12 else 20.0
    if cat == ANIMAL:
        if c.month in (2, 4, 8):
            return 12.0
        return 9.0 if c.month == 9 else 7.0
    if cat == RIBBON:
        return 4.0 if c.month == 12 else 7.0
    if cat == "double":
        return 6.0
    if cat == "bonus":
        return 3.0 * c.value
    return 3.0


BASE = [_base_value(c) for c in CARDS]   # by card id
VALUE_PER_POINT = 10.0   # heuristic value units per point (a bright pair ~ 3 points)


class _Need:
    """How far a capture area is from each combination (small, fast counts)."""

    __slots__ = ("brights", "birds", "red", "blue", "grass", "animals", "ribbons", "junk")

    def __init__(self, cards):
        self.brights = self.birds = self.red = self.blue = self.grass = 0
        self.animals = self.ribbons = self.junk = 0
        for c in cards:
            cat = c.category
            if cat == BRIGHT:
                self.brights += 1
            elif cat == ANIMAL:
                self.animals += 1
                if c.month in (2, 4, 8):
                    self.birds += 1
            elif cat == RIBBON:
                self.ribbons += 1
                r = c.ribbon
                if r == RED:
                    self.red += 1
                elif r == BLUE:
                    self.blue += 1
                elif r == GRASS:
                    self.grass += 1
            else:
                self.junk += c.value

    def set_count(self, ribbon):
        return self.red if ribbon == RED else self.blue if ribbon == BLUE else \
            self.grass if ribbon == GRASS else 0


def context_value(c, me: _Need, opps) -> float:
    """What capturing card c is worth to a player with counts `me`, counting
    what it denies opponents with counts `opps`."""
    v = BASE[c.id]
    cat = c.category
    if cat == BRIGHT:
        v += 4 * me.brights
        if any(o.brights >= 2 for o in opps):
            v += 8
    elif cat == ANIMAL:
        if c.month in (2, 4, 8):
            v += 25 if me.birds == 2 else 6 * me.birds
            if any(o.birds == 2 for o in opps):
                v += 15
        if me.animals >= 4:
            v += 4
    elif cat == RIBBON:
        k = me.set_count(c.ribbon)
        if c.ribbon != "rain":
            v += 20 if k == 2 else 5 * k
            if any(o.set_count(c.ribbon) == 2 for o in opps):
                v += 12
        if me.ribbons >= 4:
            v += 4
    else:
        if me.junk >= 7:
            v += 1.5 * c.value
        if any(1 <= o.junk < 8 for o in opps):
            v += 0.5 * c.value
    return v


# ----------------------------------------------------------- the fast policy
_PLAY = {c: PlayCard(c) for c in CARDS}   # the moves of rollouts, made once
_CHOOSE = {c: ChooseMatch(c) for c in CARDS}
_FLIP, _BOMB, _SHAKE = FlipStock(), Bomb(True), Shake(True)
_GO, _STOP, _NEXT = GoStop(True), GoStop(False), NextHand()


def rollout_move(s: GoStopState):
    """A quick greedy answer for any seat, on the full state (rollouts only)."""
    ph = s.phase
    if ph == "play":
        hand = s.hands[s.turn]
        if not hand:
            return _FLIP
        # per month on the table: how many cards, the best one's value, their sum
        count, top, total = [0] * 13, [0.0] * 13, [0.0] * 13
        for t in s.table:
            m, v = t.month, BASE[t.id]
            count[m] += 1
            total[m] += v
            if v > top[m]:  # noqa: PLR1730 (a call to max() is slower in this inner loop)
                top[m] = v
        best, bv = None, -1e9
        for c in hand:
            m = c.month
            if m == 0:
                v = 30.0
            elif count[m] == 0:
                v = -BASE[c.id]
            elif count[m] == 3:
                v = BASE[c.id] + total[m] + 10
            else:
                v = BASE[c.id] + top[m]
            if v > bv:
                best, bv = c, v
        return _PLAY[best]
    if ph == "bomb":
        return _BOMB
    if ph == "shake":
        return _SHAKE
    if ph in ("match_hand", "match_stock"):
        return _CHOOSE[max(s.choices, key=lambda t: BASE[t.id])]
    if ph == "go_stop":
        # the normal player's rule (the opponent to beat) without its threat count
        # (what it was worth: docs/gostop-players.md)
        seat = s.turn
        if s.turns_left(seat) < 3:
            return _STOP
        margin = (3 if s.n == 2 else 2) + (2 if s.go_counts[seat] >= 2 else 0)
        opp = max(s.score(o) for o in range(s.n) if o != seat)
        return _GO if opp <= s.options.target_points - margin else _STOP
    return _NEXT


def potential(cards, points: int | None = None) -> float:
    """Points of a capture area plus partial credit for combinations on the way
    (in points); the hard player's evaluation of a position. `points`: the area's
    score when the caller has it (the state caches it)."""
    k = _Need(cards)
    p = float(scoring.score(cards) if points is None else points)
    p += (0.0, 0.4, 1.2)[min(k.brights, 2)] if k.brights < 3 else 0.0
    p += (0.0, 0.6, 2.0, 0.0)[k.birds]
    for x in (k.red, k.blue, k.grass):
        p += (0.0, 0.3, 1.0, 0.0)[x]
    p += 0.15 * min(k.animals, 4) + 0.15 * min(k.ribbons, 4) + 0.08 * min(k.junk, 9)
    return p


def evaluate(s: GoStopState, seat: int, chips_before: int) -> float:
    """The hard player's value of a (possibly unfinished) hand for `seat`."""
    if s.phase == "hand_over":
        return 1.5 * (s.chips[seat] - chips_before)
    mine = potential(s.captures[seat], s.score(seat)) + s.go_counts[seat]
    other = max(potential(s.captures[o], s.score(o)) + s.go_counts[o]
                for o in range(s.n) if o != seat)
    return mine - other


TO_THE_END = 99   # a look-ahead of more plays than any hand has


def short_rollout(s: GoStopState, seat: int, plays: int, before: int) -> float:
    """Play on with rollout_move for `plays` more hand plays, then evaluate
    (`before`: seat's chips when the decision began)."""
    while s.phase != "hand_over":
        if s.phase == "play":
            if plays <= 0:
                break
            plays -= 1
        s.apply(rollout_move(s), check=False)
    return evaluate(s, seat, before)


class _Dealer:
    """Deals a view's unseen cards again and again (one determinization a deal):
    the position is built and checked once, each deal is a copy with new hidden
    cards (cheaper than building the position from the view for each sample)."""

    def __init__(self, view: PlayerView):
        self.seat = view.seat
        self.unseen = view.unseen()
        self.shown = [list(r) for r in view.revealed]
        self.hidden = [view.hand_sizes[o] - len(self.shown[o]) if o != view.seat else 0
                       for o in range(view.players)]
        pos = sum(self.hidden)
        stock = self.unseen[pos:pos + view.stock_size]
        if len(stock) != view.stock_size:
            raise ValueError("view does not add up to a deck")
        # a constructed (partial) position leaves cards out of play: the surplus is ignored
        hands, at = [], 0
        for o, k in enumerate(self.hidden):
            hands.append(list(view.hand) if o == view.seat else self.shown[o] + self.unseen[at:at + k])
            at += k
        self.base = GoStopState.from_position(
            hands, list(view.table), stock, captures=[list(c) for c in view.captures],
            turn=view.turn, dealer=view.dealer, options=view.options,
            go_counts=view.go_counts, last_go_scores=view.last_go_scores,
            go_seq=view.go_seq, shakes=view.shakes, bombs=view.bombs,
            bomb_credits=view.bomb_credits, stacks=view.stacks, multiplier=view.multiplier,
            revealed=self.shown, partial=pos + view.stock_size != len(self.unseen),
            ppuks=view.ppuks or None)   # the three-ppuk variant counts them
        self.stock_size = view.stock_size

    def deal(self, rng: random.Random) -> GoStopState:
        """A new determinization (it shares the random object of the base)."""
        cards = self.unseen[:]
        rng.shuffle(cards)
        s = self.base.copy(share_rng=True)
        pos = 0
        for o, k in enumerate(self.hidden):
            if o != self.seat:
                s.hands[o] = self.shown[o] + cards[pos:pos + k]
                pos += k
        s.stock = list(reversed(cards[pos:pos + self.stock_size]))
        return s


# -------------------------------------------------------------- the players
class GoStopAI(SlicedThinking):
    """A computer player. `choose(view)` answers the view's pending question."""

    def __init__(self, level: str = "normal", rng: random.Random | int | None = None,
                 think_ms: float = 30.0, rollouts: int | None = None):
        if level not in LEVELS:
            raise ValueError(f"level must be one of {LEVELS}")
        self.level = level
        self.rng = rng if isinstance(rng, random.Random) else random.Random(rng)
        self.think_ms = think_ms
        self.rollouts = rollouts   # a count makes hard deterministic for a seed
        self.last_rollouts = 0     # how many determinizations the last hard decision used
        self.horizon = 1           # rounds a hard play decision looks ahead
        self.candidates = 6        # the normal player's best moves a hard play looks ahead on
        self.mc_weight = 0.5       # weight of the look-ahead against the heuristic (tuned)
        # chips a Go may look worse than Stop in the rollouts and still be said: they play
        # my later turns greedily, worse than I will (tuned with normal's card play against
        # normal, 6,000 hands each: 0, 2, 4, 6, 9 gave +3.44, +3.58, +3.76, +3.81, +3.61)
        self.go_allowance = 4.0
        # when the hands hold this many cards in all or fewer, a card is judged by playing
        # the hand out to its end (chips, not the evaluation's points), else by the
        # evaluation `horizon` rounds ahead: 21 is every card of the 2- and 3-player
        # deals (20 and 21 cards in the hands)
        self.endgame_cards = 21
        self.endgame_weight = 0.25  # mc_weight for a look-ahead to the hand's end (tuned)
        # successive halving: the second half of the samples goes to the better half of
        # the candidates (a quarter fewer rollouts, the same strength)
        self.halving = True

    # -- entry points (choose, start_choice, work, cancel...: game.thinking.SlicedThinking)
    @staticmethod
    def check_view(view):
        q = view.question
        if q.seat != view.seat or not view.legal:
            raise ValueError("no question for this seat")

    def choose_iter(self, view: PlayerView):
        """The choice as a generator: yields None after each short piece of work
        (a rollout or a part of one, well under a millisecond or two) and returns
        the move. Only the hard level's look-ahead yields at all."""
        self.check_view(view)
        q = view.question
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        kind = q.kind
        lvl = self.level
        if kind == "play":
            if lvl == "greedy":
                return self._greedy_play(view)
            if lvl == "easy" and self.rng.random() < 0.5:
                return self.rng.choice(legal)
            if lvl == "hard":
                return (yield from self._mc_play(view))
            return self._normal_play(view)
        if kind in ("match_hand", "match_stock"):
            if lvl == "greedy":
                return ChooseMatch(max(q.cards, key=lambda t: BASE[t.id]))
            if lvl == "easy" and self.rng.random() < 0.5:
                return self.rng.choice(legal)
            me, opps = self._needs(view)
            return ChooseMatch(max(q.cards, key=lambda t: context_value(t, me, opps)))
        if kind in ("bomb", "shake"):
            if lvl == "easy":
                return legal[0] if self.rng.random() < 0.5 else legal[1]
            return legal[0]   # yes: both double the payment and cost nothing
        if kind == "go_stop":
            if lvl == "greedy":
                return GoStop(False)
            if lvl == "easy":
                return GoStop(self._turns_left(view) >= 2 and self.rng.random() < 0.3)
            if lvl == "hard":
                return (yield from self._mc_go(view))
            return GoStop(self._normal_go(view))
        return legal[0]

    # -- helpers on the view
    @staticmethod
    def _turns_left(view) -> int:
        return len(view.hand) + view.bomb_credits[view.seat]

    @staticmethod
    def _needs(view):
        me = _Need(view.captures[view.seat])
        opps = [_Need(view.captures[o]) for o in range(view.players) if o != view.seat]
        return me, opps

    def _greedy_play(self, view):
        tbl = {}
        for t in view.table:
            tbl.setdefault(t.month, []).append(t)
        best, bv = None, None
        for c in view.hand:
            # the most valuable table card it can capture; else its cheapest card
            if c.month == 0:
                key = (1, BASE[c.id], 0.0)
            elif tbl.get(c.month):
                key = (1, max(BASE[t.id] for t in tbl[c.month]), -BASE[c.id])
            else:
                key = (0, -BASE[c.id], 0.0)
            if bv is None or key > bv:
                best, bv = c, key
        return PlayCard(best)

    def play_values(self, view) -> dict:
        """The normal player's value of each legal play move."""
        me, opps = self._needs(view)
        unseen = view.unseen()
        n_unseen = max(1, len(unseen))
        unseen_by_month = [0] * 13
        for c in unseen:
            unseen_by_month[c.month] += 1
        mine_by_month = [0] * 13
        for c in view.hand:
            mine_by_month[c.month] += 1
        tbl = {}
        for t in view.table:
            tbl.setdefault(t.month, []).append(t)
        out = {}
        for mv in view.legal:
            if isinstance(mv, FlipStock):
                out[mv] = -2.0
                continue
            c = mv.card
            m = c.month
            if m == 0:
                out[mv] = 3.0 * c.value + 8
                continue
            T = tbl.get(m, [])
            mine = context_value(c, me, opps)
            opp_v = max((context_value(c, o, [me]) for o in opps), default=0)
            if not T:
                # left on the table: an opponent may take it (unless nobody else can)
                risk = 0.7 if unseen_by_month[m] else 0.0
                jjok = 4.0 * unseen_by_month[m] / n_unseen
                v = -opp_v * risk + jjok
                if mine_by_month[m] >= 2:
                    v += 0.3 * mine   # I can take it back myself
            elif len(T) == 3:
                v = mine + sum(context_value(t, me, opps) for t in T) + 8
                if m in view.stacks:
                    v += 10
            else:
                tv = max(context_value(t, me, opps) for t in T)
                v = mine + tv
                if len(T) == 1:
                    v -= (mine + tv) * unseen_by_month[m] / n_unseen   # ppuk risk
                if mine_by_month[m] == 2 and len(T) == 1 and unseen_by_month[m] == 0:
                    v -= 3   # the other card of the month is safe in hand: no hurry
            out[mv] = v
        return out

    def _normal_play(self, view):
        vals = self.play_values(view)
        return max(view.legal, key=lambda mv: vals[mv])

    def _normal_go(self, view) -> bool:
        seat = view.seat
        left = self._turns_left(view)
        if left <= 1:
            return False
        target = view.target
        opp_scores = [view.scores[o] for o in range(view.players) if o != seat]
        opp_max = max(opp_scores)
        # margins tuned in normal-vs-normal runs (2 players: 3 beat 4 and 5)
        margin = 3 if view.players == 2 else 2
        if view.go_counts[seat] >= 2:
            margin += 2
        threats = 0
        for o in range(view.players):
            if o == seat:
                continue
            k = _Need(view.captures[o])
            threats += (k.brights >= 2) + (k.birds == 2) + (k.red == 2) + (k.blue == 2) + \
                (k.grass == 2) + (k.junk >= 8) + (k.animals >= 4) + (k.ribbons >= 4)
        return left >= 3 and opp_max <= target - margin and threats <= 3

    # -- hard: determinized Monte Carlo
    def determinize(self, view, rng: random.Random) -> GoStopState:
        """A full state consistent with the view: unseen cards dealt at random
        into the other hands and the stock (cards shown by shaking stay put)."""
        return _Dealer(view).deal(rng)

    def _budget(self):
        """(rollout count, think seconds or None)."""
        if self.rollouts is not None:
            return self.rollouts, None
        return 10**9, self.think_ms / 1000.0

    @staticmethod
    def _out_of_time(limit, n, busy) -> bool:
        """Stop when another round of samples would not end within the think time
        (`busy`: seconds of thinking so far, pauses between pieces of work not
        counted; at least two rounds are always made)."""
        if limit is None or n < 2:
            return False
        return busy + busy / n > limit

    def _mc_play(self, view):
        """Generator (see choose_iter): yields after each candidate's rollout."""
        t0 = time.perf_counter()
        vals = self.play_values(view)
        cands = sorted(view.legal, key=lambda mv: -vals[mv])[:self.candidates]
        if len(cands) == 1:
            return cands[0]
        count, limit = self._budget()
        busy = 0.0
        totals = dict.fromkeys(cands, 0.0)
        dealer = _Dealer(view)
        to_end = sum(view.hand_sizes) <= self.endgame_cards
        plays = TO_THE_END if to_end else self.horizon * view.players
        # the look-ahead refines the heuristic rather than replacing it: a few
        # samples are too noisy to stand alone (measured: pure look-ahead lost)
        w = self.endgame_weight if to_end else self.mc_weight

        def value(mv):
            return vals[mv] / VALUE_PER_POINT + w * totals[mv] / n
        live = cands
        halved = not self.halving
        n = 0
        while n < count:
            det = dealer.deal(self.rng)
            for mv in live:
                s = det.copy(share_rng=True)
                before = s.chips[view.seat]
                s.apply(mv, check=False)
                # the rest of this turn, the others' replies and my next turn (or to the end)
                totals[mv] += short_rollout(s, view.seat, plays, before)
                busy += time.perf_counter() - t0
                yield
                t0 = time.perf_counter()
            n += 1
            if self._out_of_time(limit, n, busy):
                break
            if not halved and (n >= count // 2 if limit is None else busy > limit / 2):
                # half the samples spent: the rest go to the better half of the candidates
                halved = True
                live = sorted(live, key=value, reverse=True)[:(len(live) + 1) // 2]
        self.last_rollouts = n
        return max(live, key=value)

    ROLLOUT_SLICE = 6   # moves of a full rollout between two yields of _mc_go

    def _mc_go(self, view):
        """Generator (see choose_iter): yields every few moves of each rollout."""
        if self._turns_left(view) <= 1:
            return GoStop(False)
        t0 = time.perf_counter()
        dealer = _Dealer(view)
        stop_value = sum(p.total for p in dealer.base.payments_if_stop(view.seat)[2])
        count, limit = self._budget()
        busy = 0.0
        total = 0.0
        n = 0
        seat = view.seat
        while n < count:
            s = dealer.deal(self.rng)
            # the question is go_stop: the determinized state starts a turn, so
            # recreate "after Go" by hand: one more Go, then the next seat plays
            s.go_counts[seat] += 1
            s.last_go[seat] = view.scores[seat]
            s.go_seq[seat] = max(s.go_seq) + 1
            s._next_turn(None)
            before = s.chips[seat]
            k = 0
            while s.phase != "hand_over":   # rollout(s, seat), in slices
                s.apply(rollout_move(s), check=False)
                k += 1
                if k % self.ROLLOUT_SLICE == 0:
                    busy += time.perf_counter() - t0
                    yield
                    t0 = time.perf_counter()
            total += s.chips[seat] - before
            n += 1
            busy += time.perf_counter() - t0
            yield
            t0 = time.perf_counter()
            if self._out_of_time(limit, n, busy):
                break
        self.last_rollouts = n
        return GoStop(total / n > stop_value - self.go_allowance)
