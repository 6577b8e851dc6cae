"""The Gin expert: plays for points and games. When it may knock, the knock and the
same discard without it are played out in worlds sampled from its model of the
opponent's hand (game.gin.opponent_model; four times as many drawn, then resampled by
how well each explains what he did: game.gin.reading; the rest of the unseen cards is
the Stock) to the hand's end by fast policies (game.gin.playout: patient for its own seat, going
for gin until the Stock's last cards; sound for his), scored in points under the
game's rules and weighed by what they do to its chance of winning the game
(game.gin.match_equity): it waits for gin when the sampled future says so. The discard and the
upcard may be searched the same way (search_k, search_draw: off, they won fewer
games, also with its own play-out throws by the key's order, key_w, and a switch
only on a sure gain, switch_t); by default they are the hard player's key with the
model's chances (the upcard by its expected value over the Stock's live cards). It
decides from its seat's GinView alone; what was measured is in docs/gin-players.md.

Thinking in slices (for a table that must keep drawing frames):
    ai.start_choice(view)          # begin a decision
    move = ai.work(0.001)          # about 1 ms of thinking; None while not done
    ai.cancel()                    # drop an unfinished decision (state changed)
    ai.choose(view)                # the same decision, thought out at once
choose_iter(view) is the generator behind both: it yields None after each short
piece of work and returns the move; the random state it uses is noted at
start_choice, so cancel() and a fresh start give the same move.
"""
from __future__ import annotations

from game.gin import melds as M
from game.gin import opponent_model as OM
from game.gin import reading as RD
from game.gin.heuristic import BIT_VALUES, GinAI, _bits, _knock_discard, _Knowledge, _upcard
from game.gin.match_equity import MAX_TARGET, after_hand, equity
from game.gin.opponent_model import opponent_probabilities
from game.gin.options import GinOptions
from game.gin.playout import Rules, playout, score_out, throw
from game.gin.rules import Discard, GinView, GoOut, LayDown, NextHand, TakeUpcard
from game.thinking import SlicedThinking

_mindw = M.min_deadwood_mask
_after = M.min_deadwood_after_discard_mask
_bit = M.card_bit


class ExpertAI(SlicedThinking, GinAI):
    """The strongest level (see the module doc)."""

    def __init__(self, level: str = "expert", seed: int | None = None):
        super().__init__("hard", seed)
        self.level = "expert"
        # techniques, each measurable on its own (python -m bench.gin_baselines)
        self.use_model = True        # opponent model (else hard's: only taken cards known)
        self.draw_ev = True          # upcard vs Stock by expected value (else hard's margin)
        self.draw_margin = 1.0       # take when the upcard is better by more than this (games)
        self.w_knock = 3.0           # hard's 2.0: the race to go out weighs more (tuned)
        self.undercut_limit = 1.0    # wait (for gin) when P(undercut) is above this
        self.undercut_samples = 24
        # the search in points (module doc); search False: the key alone, knocking at once
        self.search = True
        self.worlds = 48             # opponent hands (and Stock orders) sampled per decision
        self.search_k = 1            # the key's best discards played out (1: only knock or not)
        self.close = 99.0            # ...those within this many key points of its best
        self.switch_t = 0.0          # ...another replaces the key's best only when its gain
        #                              over the same worlds is this many standard errors
        self.knock_t = 0.0           # play on only when that gains this many s.e. (< 0: knock only
        #                              when the knock gains -knock_t s.e.; 0: the higher mean)
        self.key_w = 0.0             # own play-out throws by the key (playout.key_throw; 0: greedy)
        self.my_knock = 0            # own play-outs knock with at most this deadwood (patience)...
        self.late = 6                # ...or with the knock value once the Stock is this low
        self.patience_turns = 20     # no waiting once it has thrown this many cards in a hand
        self.equity = True           # weigh points by the chance of winning the game
        equity(GinOptions().game_target)   # (made now, not in a slice of thinking: ~30 ms)
        self.w_danger = 8.0          # hard's 4.0: feeding his melds costs more (games, not hands)
        self.keep_margin = 0.0       # the key's best discard unless another gains more
        self.search_draw = False     # the upcard or the Stock played out too (else by the key)
        self.up_margin = 3.0         # ...taken when it gains more than this in the play-outs
        # the opponent model's multipliers (game.gin.opponent_model), per player to be tuned
        self.taken_near, self.discard_near, self.passed_near = OM.TAKEN_NEAR, OM.DISCARD_NEAR, OM.PASSED_NEAR
        self.discard_near_early, self.p_cap = OM.DISCARD_NEAR_EARLY, OM.CAP
        # his hand inferred from what he did (game.gin.reading): the worlds drawn
        # from infer x as many guesses by their likelihood (0: off); infer_p guesses
        # weighed for the per-card chances (0: off), blended with the model's by infer_blend
        self.infer = 4
        self.infer_p = 0
        self.infer_blend = 1.0
        self.infer_flat = False      # the guesses drawn uniformly (else from the model)
        self.infer_danger = False    # a discard's danger: the weighed guesses where it melds
        self.infer_weigh = False     # all infer x worlds searched, weighed (else resampled)
        self.factors = RD.Factors()

    # ---- choose, start_choice, work, cancel...: game.thinking.SlicedThinking ----
    def choose_iter(self, view: GinView):
        ph = view.phase
        seat = view.seat
        if ph == "hand_over":
            return NextHand(seat)
        if ph == "game_over" or not view.legal_moves:
            return None
        if ph == "lay_down":
            return LayDown(seat)
        know = self._knowledge(view)
        yield
        if self.infer_p and ph in ("offer", "draw", "discard"):
            yield from self._sharpen_iter(view, know)
        if ph == "draw" and self.search and self.search_draw and not view.stock_end:
            move = yield from self._search_draw_iter(view, know)
            return move
        if ph in ("offer", "draw"):
            move = yield from self._draw_iter(view, know)
            return move
        if ph == "discard":
            if self.search:
                move = yield from self._search_discard_iter(view, know)
                return move
            return self._discard(view, know)
        return view.legal_moves[0]

    # ---- knowledge ----
    def _knowledge(self, view: GinView) -> _Knowledge:
        know = _Knowledge(view, self.tracking, self.danger_late, self.outs_decay)
        if self.use_model:
            know.p_opp, know.opp_known, know.unseen = opponent_probabilities(
                view, know.hand, know.pile, self.taken_near, self.discard_near,
                self.discard_near_early, self.passed_near, self.p_cap)
        return know

    # ---- drawing ----
    def _draw_iter(self, view: GinView, know: _Knowledge):
        if not self.draw_ev:
            return self._draw(view, know)   # hard's draw (it settles the plain cases itself)
        move, decline, with_up, banned = self._unweighed_draw(view, know)
        if move is not None:
            return move
        hand = know.hand
        take = min(self._key_fast(with_up ^ b, know) for _, b in _bits(with_up & ~banned))
        # the Stock: each live card weighted by the chance it is not his
        p = know.p_opp
        total = weight = 0.0
        n = 0
        for i, b in _bits(know.unseen & ~hand):
            w = 1.0 - p[i]
            if w <= 0.0:
                continue
            h11 = hand | b
            total += w * self._greedy_key(h11, know)
            weight += w
            n += 1
            if n % 8 == 0:
                yield
        stock = total / weight if weight else self._key_fast(hand, know)
        return TakeUpcard(view.seat) if take < stock - self.draw_margin else decline

    def _unweighed_draw(self, view: GinView, know: _Knowledge):
        """(move, decline, the hand with the upcard, the bit that may not be thrown
        back): the move when the draw needs no weighing (the plain cases, or going out
        at once with the upcard), else None."""
        move, decline = self._plain_draw(view, know)
        if move is not None:
            return move, decline, 0, 0
        _, banned, with_up = _upcard(view, know.hand)
        if M.knock_discards_mask(with_up, view.knock_value) & ~banned:
            return TakeUpcard(view.seat), decline, with_up, banned
        return None, decline, with_up, banned

    def _greedy_key(self, h11: int, know: _Knowledge) -> float:
        """The key of an 11-card hand after its least-deadwood discard (the highest
        card among ties)."""
        target = _after(h11)
        best = None
        for i, b in _bits(h11):
            if _mindw(h11 ^ b) == target and (best is None or BIT_VALUES[i] >= BIT_VALUES[best[0]]):
                best = (i, b)
        return self._key_fast(h11 ^ best[1], know)

    # ---- sampling ----
    def _sample_opponents(self, view: GinView, know: _Knowledge, n: int, p=None):
        """n opponent hands (masks) drawn from the model (or from the chances p)."""
        p = know.p_opp if p is None else p
        n_unknown = view.opponent_hand_size - bin(know.opp_known).count("1")
        cards = [(i, b) for i, b in _bits(know.unseen) if p[i] > 0.0]
        if n_unknown < 0 or len(cards) < n_unknown:
            return
        rng = self.rng
        for _ in range(n):
            # weighted sampling without replacement (Efraimidis-Spirakis keys)
            keyed = sorted(((rng.random() ** (1.0 / p[i]), b) for i, b in cards), reverse=True)
            opp = know.opp_known
            for _, b in keyed[:n_unknown]:
                opp |= b
            yield opp

    # ---- knocking ----
    def _should_knock(self, view: GinView, know: _Knowledge, dw: int, after: int) -> bool:
        if dw == 0 or self.undercut_limit >= 1.0 or view.stock_size <= 4:
            return True
        return self._undercut_risk(view, know, dw) <= self.undercut_limit

    def _undercut_risk(self, view: GinView, know: _Knowledge, dw: int) -> float:
        """Share of opponent hands sampled from the model whose least deadwood is
        at most ours (lay-offs ignored: they only make it likelier)."""
        if view.opponent_hand_size <= bin(know.opp_known).count("1"):
            return 0.0
        hits = total = 0
        for opp in self._sample_opponents(view, know, self.undercut_samples):
            total += 1
            hits += _mindw(opp) <= dw
        return hits / total if total else 0.0

    # ---- the search in points ----
    def _worlds(self, view: GinView, know: _Knowledge):
        """[(his hand, the Stock top last)] sampled from the model; [] if the record
        does not add up (then the key decides alone). A generator: it yields between
        pieces of work (the return value is the list)."""
        out = []
        opps = self._sample_opponents(view, know, self.worlds)
        if self.infer:
            opps = yield from self._inferred_iter(view, know)
        for opp in opps:
            stock = [b for _, b in _bits(know.unseen & ~opp)]
            if len(stock) != view.stock_size:
                return []
            self.rng.shuffle(stock)
            out.append((opp, stock))
            if len(out) % 8 == 0:
                yield
        return out

    # ---- his hand inferred from what he did (game.gin.reading) ----
    def _guesses_iter(self, view: GinView, know: _Knowledge, n: int):
        """(hands, weights): n guesses at his hand weighed by how well they explain
        his turns (a generator: it yields between pieces of work)."""
        p = None
        if self.infer_flat:
            p = [0.0 if p_i >= 1.0 else 1.0 for p_i in know.p_opp]
        hands = []
        for opp in self._sample_opponents(view, know, n, p):
            hands.append(opp)
            if len(hands) % 8 == 0:
                yield
        turns = RD.his_turns(view)
        lws = []
        for h in hands:
            lws.append(RD.log_weight(h, turns, self.factors) if turns else 0.0)
            if len(lws) % 8 == 0:
                yield
        return hands, RD.normalised(lws)

    def _inferred_iter(self, view: GinView, know: _Knowledge):
        """self.worlds hands of his resampled by their likelihood (or, infer_weigh, all
        the guesses, their weights noted in know.world_w, adding up to their number)."""
        guesses = getattr(know, "guesses", None)
        if guesses is None:
            guesses = yield from self._guesses_iter(view, know, self.worlds * self.infer)
        if self.infer_weigh:
            know.world_w = [w * len(guesses[1]) for w in guesses[1]]
            return guesses[0]
        return RD.resample(guesses[0], guesses[1], self.worlds, self.rng)

    def _sharpen_iter(self, view: GinView, know: _Knowledge):
        """The model's per-card chances blended with those of the weighed guesses."""
        hands, ws = yield from self._guesses_iter(view, know, self.infer_p)
        if not hands:
            return
        know.guesses = (hands, ws)
        q = RD.card_chances(hands, ws)
        p = know.p_opp
        b = self.infer_blend
        for i, _ in _bits(know.unseen):
            p[i] = min(self.p_cap, b * q[i] + (1.0 - b) * p[i])

    def _danger(self, i: int, know: _Knowledge) -> float:
        guesses = getattr(know, "guesses", None)
        if not self.infer_danger or guesses is None:
            return super()._danger(i, know)
        return RD.meld_chance(i, guesses[0], guesses[1], know.hand | know.pile)

    def _utility(self, view: GinView):
        """Points for me -> their worth in the game: the chance (in %) of winning the
        first open game once the hand is scored (game.gin.match_equity); the points
        themselves where no game is open, equity is off or the target is too far."""
        g = next((g for g in view.games if g.winner is None), None)
        target = view.options.game_target
        if g is None or not self.equity or target > MAX_TARGET:
            return lambda pts: pts
        table = equity(target)
        mine, his = g.points[view.seat], g.points[1 - view.seat]
        return lambda pts: 100.0 * after_hand(table, target, mine, his, pts)

    def _search_draw_iter(self, view: GinView, know: _Knowledge):
        """The upcard or the Stock, each played out in the same worlds."""
        move, decline, with_up, banned = self._unweighed_draw(view, know)
        if move is not None:
            return move
        hand = know.hand
        worlds = yield from self._worlds(view, know)
        if not worlds:
            move = yield from self._draw_iter(view, know)
            return move
        take_b = min(_bits(with_up & ~banned),
                     key=lambda ib: (self._key_fast(with_up ^ ib[1], know), ib[0]))[1]
        rules = Rules(view.options, view.knock_value, view.doubled)
        u = self._utility(view)
        take = stock_total = 0.0
        kv, mine, late = rules.kv, self.my_knock, self.late
        for opp, stock in worlds:
            take += u(playout(with_up ^ take_b, opp, stock[:], take_b, False, rules, mine, late))
            s = stock[:]
            h11 = hand | s.pop()
            target = _after(h11)
            b = throw(h11, target)
            if target == 0 or target <= (min(mine, kv) if len(s) > late else kv):
                stock_total += u(score_out(h11 ^ b, opp, rules))
            else:
                stock_total += u(playout(h11 ^ b, opp, s, b, False, rules, mine, late))
            yield
        n = len(worlds)
        return TakeUpcard(view.seat) if take / n > stock_total / n + self.up_margin else decline

    def _search_discard_iter(self, view: GinView, know: _Knowledge):
        """The key's best discards and the knock, each played out in the same worlds."""
        seat = view.seat
        if GoOut(seat, None) in view.legal_moves:   # Big Gin
            return GoOut(seat, None)
        hand = know.hand
        banned, best = _knock_discard(view, hand)
        knock = None
        if best is not None:
            i, knock = best
            if _mindw(hand ^ knock) == 0 or view.stock_end or \
                    len(view.my_discards) >= self.patience_turns:   # (upcards traded round and round)
                return self._go_out(view, know, hand ^ knock, i)
        if self.search_k <= 1:
            if not knock:
                return self._discard(view, know)
            cands = [knock]                  # knock now, or the same discard and play on
        else:
            scores = self._discard_scores(hand, banned, know)
            cands = [b for k, _, b in scores[:self.search_k] if k <= scores[0][0] + self.close]
            if knock and knock not in cands:
                cands.append(knock)
        worlds = (yield from self._worlds(view, know)) if len(cands) > 1 or knock else []
        if not worlds:
            return self._discard(view, know)
        rules = Rules(view.options, view.knock_value, view.doubled)
        u = self._utility(view)
        mine, late, key_w = self.my_knock, self.late, self.key_w
        seen = M.FULL_MASK & ~(know.unseen | hand)      # the pile and his known cards
        weights = getattr(know, "world_w", None) or [1.0] * len(worlds)
        vals: list[list[float]] = [[] for _ in cands]     # each world's, weighed
        knock_vals: list[float] = []
        for (opp, stock), w in zip(worlds, weights):
            for k, b in enumerate(cands):
                vals[k].append(w * u(playout(hand ^ b, opp, stock[:], b, False, rules, mine, late,
                                             key_w, seen | b)))
            if knock:
                knock_vals.append(w * u(score_out(hand ^ knock, opp, rules)))
            yield
        totals = [sum(v) for v in vals]
        totals[0] += self.keep_margin * len(worlds)
        k = max(range(len(cands)), key=lambda k: (totals[k], -k))
        if k and not _clearly_better(vals[k], vals[0], self.switch_t):
            k = 0
        if knock and (_clearly_better(knock_vals, vals[k], -self.knock_t) if self.knock_t < 0 else
                      sum(knock_vals) >= totals[k] or not _clearly_better(vals[k], knock_vals, self.knock_t)):
            return self._go_out(view, know, hand ^ knock, knock.bit_length() - 1)
        return Discard(seat, M.BIT_CARDS[cands[k].bit_length() - 1])


def _clearly_better(a: list, b: list, t: float) -> bool:
    """Whether a's gain over b, world by world (the same worlds), is at least t
    standard errors of its mean (t 0: no test, True; the caller compares the means)."""
    if t <= 0.0:
        return True
    n = len(a)
    d = [x - y for x, y in zip(a, b)]
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / max(1, n - 1)
    return mean > 0.0 and mean * mean * n >= t * t * var
