"""Measurement only: how much does the public record of a Gin hand say about the
opponent's cards? The expert's model (game.gin.opponent_model) reads it with a few
multipliers; here the same record is read as well as we know how, slowly, and the
two are compared on what matters to the expert: which of its cards would meld for
him (the danger of each discard), ranked by each, against his real hand (AUC).

The careful reading: a Metropolis chain over his hand (one unknown card swapped for
an unseen one per step, started from a hand drawn from the model), each hand
weighted by the likelihood of his whole record in the hand (each upcard taken or
passed, each discard, each turn he did not go out) under a sound player who plays
as solid would with chance 1-eps. The likelihood walks the record backwards from
the hand: a discard goes back into his hand, a taken upcard comes out, and for a
draw from the Stock one drawn card is chosen by how well it explains that turn and
the one before (an unbiased estimate, so the chain is a pseudo-marginal one). The
same walk was game/gin/hand_filter.py (commit f4ac997), dropped from the expert
for its cost.

    python -m bench.gin_posterior --b solid --hands 60 --seed 7 --steps 3000

Measured 2026-11-23 against solid (whose play the likelihood knows, save eps),
at the expert's discards from his third discard on, 3,000 steps per decision
(about a second each), AUC of the danger read so / by the expert's model:
- eps 0.05, seeds 7 and 8, 60 hands each (2,783 and 2,750 cards): 0.822 / 0.790
  and 0.813 / 0.807;
- eps 0.005, 40 hands each (1,936 and 1,782 cards): 0.811 / 0.790 and 0.834 / 0.816.
His unknown cards right in a sampled hand: 39-40% read so, 33-34% drawn from the
model, 27-28% drawn at random. Told his hand, the danger ranks perfectly (AUC 1.0)
and the expert wins 71.9% of solid's hands instead of 57.1% (bench/gin_cheat.py);
the best reading we have gains 0.01-0.03 of AUC over the model: the record does not
hold the rest.
"""
from __future__ import annotations

import argparse
import random
from typing import NamedTuple

from bench.gin_baselines import solid_throw
from game.gin import melds as M
from game.gin.heuristic import REST3, _bits
from game.gin.rules import GinView

_mindw = M.min_deadwood_mask
_after = M.min_deadwood_after_discard_mask
_bit = M.card_bit


class Turn(NamedTuple):
    upcard: int     # the card on the pile when he drew (0: none)
    took: bool      # he took it (else he drew from the Stock, or only passed it)
    discard: int    # what he threw (0: an offer he passed, with no draw of his own)


def opponent_turns(view: GinView) -> list[Turn]:
    """His turns in this hand, oldest first, from the record in the view (on our
    turn). The upcard he faced is our discard before his turn, or the first upcard;
    an offer of the first upcard he passed without drawing has no discard."""
    mine, his = view.my_discards, view.opp_discards
    taken = set(view.opp_taken)
    he_first = len(his) > len(mine)
    first = view.first_upcard
    turns: list[Turn] = []
    if not he_first and first is not None and first in view.opp_passed:
        turns.append(Turn(_bit(first), False, 0))
    for k, d in enumerate(his):
        if he_first:
            up = mine[k - 1] if k else first
        else:
            up = mine[k] if k < len(mine) else None
        turns.append(Turn(_bit(up) if up is not None else 0, up is not None and up in taken, _bit(d)))
    return turns


def _throw_fit(h11: int, d: int, banned: int, kv: int, eps: float) -> float:
    """The chance of his discard d from h11 and of his not going out, under the model."""
    throw = solid_throw(h11, banned)
    f = 1.0 - eps if throw == d else eps / 10.0
    if _mindw(h11 ^ throw) <= kv:
        f *= eps                                    # he could have gone out, and did not
    return f


def _pass_fit(before: int, up: int, eps: float) -> float:
    """The chance he passed upcard `up` holding `before`."""
    return eps if _after(before | up) < _mindw(before) else 1.0 - eps


def history_weight(hand: int, turns: list[Turn], kv: int, eps: float, rng: random.Random) -> float:
    """An unbiased estimate of the likelihood of his turns if his hand is now `hand`
    (0.0 where the record rules it out). The taken upcard may not be thrown at once."""
    if any(hand & turn.discard for turn in turns):
        return 0.0                                  # what he threw is buried in the pile
    taken_before = []
    t = 0
    for turn in turns:
        taken_before.append(t)
        if turn.took:
            t |= turn.upcard
    w = 1.0
    known_fit = None          # this turn's throw fit, found by the turn after's look-ahead
    for k in range(len(turns) - 1, -1, -1):
        up, took, d = turns[k]
        if not d:                                   # an offer he passed, no draw
            if up and not hand & up:
                w *= _pass_fit(hand, up, eps)
            continue
        if hand & d:
            return 0.0
        h11 = hand | d
        if known_fit is None:
            w *= _throw_fit(h11, d, up if took else 0, kv, eps)
        known_fit = None
        if took:
            if not h11 & up:
                return 0.0
            hand = h11 ^ up
            w *= 1.0 - eps if _after(hand | up) < _mindw(hand) else eps
            continue
        if h11 & up:
            return 0.0
        # from the Stock: any of his 11 cards not known to have come from the pile,
        # chosen by how well it explains his pass of the upcard and his last throw
        prev = turns[k - 1] if k else None
        prev_d = prev.discard if prev is not None else 0
        prev_banned = prev.upcard if prev_d and prev.took else 0
        fits = []
        total = 0.0
        for _, s in _bits(h11 & ~taken_before[k]):
            before = h11 ^ s
            f = _pass_fit(before, up, eps) if up else 1.0
            g = None
            if prev_d:
                g = 0.0 if before & prev_d else _throw_fit(before | prev_d, prev_d, prev_banned, kv, eps)
                f *= g
            fits.append((f, s, g))
            total += f
        if total <= 0.0:
            return 0.0
        w *= total / len(fits)
        r = rng.random() * total
        pick = fits[-1]
        for fit in fits:
            r -= fit[0]
            if r <= 0.0:
                pick = fit
                break
        _, s, known_fit = pick
        hand = h11 ^ s
        if w < 1e-30:
            return 0.0
    return w


def chain(view: GinView, know, start: int, steps: int, eps: float, rng: random.Random) -> list[int]:
    """Hands drawn from the record's posterior: the last three quarters of a
    Metropolis chain of `steps` swaps, every fifth hand."""
    turns = opponent_turns(view)
    kv = view.knock_value
    pool = [b for _, b in _bits(know.unseen)]
    cur = start
    like = history_weight(cur, turns, kv, eps, rng)
    out = []
    for t in range(steps):
        held = [b for b in pool if cur & b and not know.opp_known & b]
        free = [b for b in pool if not cur & b]
        if not held or not free:
            break
        new = cur ^ rng.choice(held) ^ rng.choice(free)
        like_new = history_weight(new, turns, kv, eps, rng)
        if like <= 0.0 or rng.random() * like < like_new:
            cur, like = new, like_new
        if t >= steps // 4 and t % 5 == 0:
            out.append(cur)
    return out


def auc(scores: list, labels: list) -> float:
    """The chance a card that melds for him scores above one that does not (ties half)."""
    order = sorted(range(len(scores)), key=lambda k: scores[k])
    rank = [0.0] * len(scores)
    k = 0
    while k < len(order):               # average ranks over ties
        j = k
        while j + 1 < len(order) and scores[order[j + 1]] == scores[order[k]]:
            j += 1
        for m in range(k, j + 1):
            rank[order[m]] = (k + j) / 2 + 1
        k = j + 1
    pos = sum(labels)
    neg = len(labels) - pos
    if not pos or not neg:
        return 0.5
    return (sum(r for r, y in zip(rank, labels) if y) - pos * (pos + 1) / 2) / (pos * neg)


def _share(hands: list, his: int, n: int) -> float:
    """The mean share of his n unknown cards (mask his) in the hands."""
    return sum(bin(x & his).count("1") for x in hands) / len(hands) / n


def measure(opponent: str, hands: int, seed: int, steps: int, eps: float, min_discards: int = 3):
    """(model dangers, posterior dangers, labels, shares of his unknown cards right
    per sampled hand: [(posterior, model, random)]) at the expert's discards, from
    his min_discards-th discard on."""
    from bench.gin_baselines import player
    from game.gin import sim
    from game.gin.rules import GinGame
    rng = random.Random(seed)
    model, post, labels, right = [], [], [], []
    for k in range(hands):
        game = GinGame.new(seed * 100003 + k, first_dealer=k % 2)
        me = k % 2
        expert = sim._player("expert", seed * 7919 + 2 * k)
        ais = [None, None]
        ais[me] = expert
        ais[1 - me] = sim._player(player(opponent), seed * 7919 + 2 * k + 1)
        while game.phase not in ("hand_over", "game_over"):
            view = game.view(game.turn)
            if game.turn == me and view.phase == "discard" and len(view.opp_discards) >= min_discards:
                know = expert._knowledge(view)
                start = next(expert._sample_opponents(view, know, 1), None)
                n_unknown = view.opponent_hand_size - bin(know.opp_known).count("1")
                samples = chain(view, know, start, steps, eps, rng) if start and n_unknown > 0 else []
                if samples:
                    truth = M.cards_to_mask(game.hands[1 - me])
                    state = expert.rng.getstate()       # (the game goes on as it would)
                    drawn = list(expert._sample_opponents(view, know, 50))
                    expert.rng.setstate(state)
                    his = truth & ~know.opp_known
                    right.append((_share(samples, his, n_unknown), _share(drawn, his, n_unknown),
                                  n_unknown / bin(know.unseen).count("1")))
                    blocked = know.hand | know.pile
                    for i, _ in _bits(know.hand):
                        rests = [r for r in REST3[i] if not r & blocked]
                        model.append(expert._danger(i, know))
                        post.append(sum(any(r & x == r for r in rests) for x in samples) / len(samples))
                        labels.append(int(any(r & truth == r for r in REST3[i])))
            game.apply(ais[game.turn].choose(view))
    return model, post, labels, right


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.gin_posterior",
                                 description="The Gin record read slowly vs the expert's model.")
    ap.add_argument("--b", default="solid")
    ap.add_argument("--hands", type=int, default=60)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--steps", type=int, default=3000)
    ap.add_argument("--eps", type=float, default=0.05)
    args = ap.parse_args(argv)
    model, post, labels, right = measure(args.b, args.hands, args.seed, args.steps, args.eps)
    if not labels:
        print("no decisions measured")
        return 0
    print(f"{args.b}, {args.hands} hands, seed {args.seed}, {args.steps} steps, eps {args.eps}: "
          f"{len(labels)} cards at {len(right)} discards; AUC of the danger: model {auc(model, labels):.3f}, "
          f"posterior {auc(post, labels):.3f}; his unknown cards right per sampled hand: "
          + ", ".join(f"{name} {100 * sum(r[k] for r in right) / len(right):.1f}%"
                      for k, name in enumerate(("posterior", "model", "random"))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
