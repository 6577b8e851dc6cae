"""Reference players for Gin Rummy strength figures (not levels offered at the table).

SimpleAI ("simple"): the public description of the EAAI reference player
(SimpleGinRummyPlayer): takes the upcard only if it then belongs to a meld, else
draws from the Stock; discards a highest-valued card not in a meld (ties broken by
its seeded random state); knocks as soon as it may; lays off all it can.

SolidAI ("solid"): a sound player who counts nothing: takes the upcard only if it
lowers its least deadwood (after its best discard), else draws from the Stock;
throws the card that leaves the least deadwood (the highest card among ties);
knocks as soon as it may; lays off all it can.

    python -m bench.gin_baselines --a expert --b solid --hands 3000
    python -m bench.gin_baselines --a expert --versus expert:w_knock=4.0 --b solid --hands 2000
(the second: both A players on the same single-hand deals, and the hands only one
of them won: a paired comparison that sees a small change far sooner)
"""
from __future__ import annotations

import argparse
import random

from bench.settings import parse_settings, with_settings
from game.gin import melds as M
from game.gin.ai import make_ai
from game.gin.rules import Discard, DrawStock, GinView, GoOut, LayDown, NextHand, Pass, TakeUpcard

ROUTINE = ("hand_over", "lay_down")


def routine(view: GinView):
    """The moves every reference player makes alike: deal the next hand, nothing when
    no move is listed, and lay down the least deadwood over melds and lay-offs."""
    if view.phase == "hand_over":
        return NextHand(view.seat)
    if not view.legal_moves:
        return None
    return LayDown(view.seat)


class SolidAI:
    level = "solid"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)     # unused: solid is deterministic

    def choose(self, view: GinView):
        if view.phase in ROUTINE or not view.legal_moves:
            return routine(view)
        seat, ph, legal = view.seat, view.phase, view.legal_moves
        hand = M.cards_to_mask(view.hand)
        if ph in ("offer", "draw"):
            can_take = any(isinstance(m, TakeUpcard) for m in legal)
            if view.stock_end:            # the upcard is offered only to go out
                return TakeUpcard(seat) if can_take else Pass(seat)
            decline = Pass(seat) if ph == "offer" else DrawStock(seat)
            if not can_take:
                return decline
            up = M.card_bit(view.pile[-1])
            banned = 0 if view.options.discard_taken_upcard else up
            with_up = hand | up
            after = min(M.min_deadwood_mask(with_up ^ b) for b in _bits(with_up & ~banned))
            return TakeUpcard(seat) if after < M.min_deadwood_mask(hand) else decline
        banned = 0
        if view.taken_upcard is not None and not view.options.discard_taken_upcard:
            banned = M.card_bit(view.taken_upcard)
        best = solid_throw(hand, banned)
        card = M.BIT_CARDS[best.bit_length() - 1]
        if M.min_deadwood_mask(hand ^ best) <= view.knock_value or \
                (view.knock_value == 0 and M.min_deadwood_mask(hand ^ best) == 0):
            return GoOut(seat, card)
        return Discard(seat, card)


class SimpleAI:
    level = "simple"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)     # breaks ties between equal throws

    def choose(self, view: GinView):
        if view.phase in ROUTINE or not view.legal_moves:
            return routine(view)          # its lay-offs: all it can
        seat, ph, legal = view.seat, view.phase, view.legal_moves
        hand = M.cards_to_mask(view.hand)
        if ph in ("offer", "draw"):
            decline = Pass(seat) if ph == "offer" or view.stock_end else DrawStock(seat)
            if not any(isinstance(m, TakeUpcard) for m in legal):
                return decline
            up = M.card_bit(view.pile[-1])
            if view.stock_end:            # offered only to go out: it goes out as soon as it may
                return TakeUpcard(seat)
            return TakeUpcard(seat) if in_a_meld(up, hand | up) else decline
        go = [m for m in legal if isinstance(m, GoOut) and m.discard is not None]
        if go:                            # out as soon as it may, with the least deadwood
            least = min(M.min_deadwood_mask(hand ^ M.card_bit(m.discard)) for m in go)
            best = [m.discard for m in go if M.min_deadwood_mask(hand ^ M.card_bit(m.discard)) == least]
            return GoOut(seat, self._highest(best))
        banned = 0
        if view.taken_upcard is not None and not view.options.discard_taken_upcard:
            banned = M.card_bit(view.taken_upcard)
        loose = M.best_melds_mask(hand)[1] & ~banned
        pool = M.mask_to_cards(loose or hand & ~banned)
        return Discard(seat, self._highest(pool))

    def _highest(self, cards) -> object:
        """A highest-valued card of `cards`, ties broken by the random state."""
        top = max(M.card_value(c) for c in cards)
        return self.rng.choice(sorted(c for c in cards if M.card_value(c) == top))


def in_a_meld(bit: int, hand: int) -> bool:
    """Whether the card `bit` is in some meld made of the cards of `hand`."""
    return any(m & bit and m & hand == m for m in M.ALL_MELDS)


def solid_throw(hand: int, banned: int = 0) -> int:
    """Solid's discard (a bit) from a hand mask: the least deadwood left, the highest
    card among ties (the higher suit among equal values)."""
    return min(_bits(hand & ~banned),
               key=lambda b: (M.min_deadwood_mask(hand ^ b), -M.BIT_VALUES[b.bit_length() - 1], -b))


REFERENCE = {"solid": SolidAI, "simple": SimpleAI}


def _bits(mask: int):
    while mask:
        low = mask & -mask
        mask ^= low
        yield low


def player(spec: str):
    """A level name, "solid", or a level with settings changed for an A/B run:
    "expert:w_feed=1,feed_samples=30" (attributes of the computer player);
    "told-all" / "told-danger": the expert told his hand (bench.gin_cheat, a ceiling)."""
    name, _, sets = spec.partition(":")
    if name in REFERENCE:
        base = REFERENCE[name]
    elif name.startswith("told-"):
        from bench.gin_cheat import CheatExpert
        parts = tuple(name[5:].split("+"))

        def base(seed):
            return CheatExpert(seed, parts)
    else:
        if not sets:
            return name

        def base(seed, name=name):
            return make_ai(name, seed)
    if not sets:
        return base
    # (ai.level stays: hard and the expert read it when they go out)
    make = with_settings(base, parse_settings(sets), name)
    make.level = spec
    return make


def single_hands(level_a, level_b, hands: int, seed: int) -> list:
    """Each hand a fresh deal (deal number from seed and the hand's number), A at
    seat 0 in even hands: [1 A won, 0 B won, None dead] per hand. Two players A
    met on the same list of deals can be compared hand by hand (paired)."""
    from game.gin import sim  # (only the command line plays matches)
    from game.gin.rules import GinGame
    out = []
    for k in range(hands):
        game = GinGame.new(seed * 100003 + k, first_dealer=k % 2)
        a_seat = k % 2
        ais = [None, None]
        ais[a_seat] = sim._player(level_a, seed * 7919 + 2 * k)
        ais[1 - a_seat] = sim._player(level_b, seed * 7919 + 2 * k + 1)
        sim.play_hand(game, ais)
        winner = game.records[-1].winner
        out.append(None if winner is None else int(winner == a_seat))
    return out


def paired(a1, a2, b, hands: int, seed: int) -> str:
    """A1 and A2 each against B on the same single-hand deals: both shares and the
    hands where only one of them won (the sign test of the difference)."""
    from bench.stats import wilson
    r1 = single_hands(player(a1), player(b), hands, seed)
    r2 = single_hands(player(a2), player(b), hands, seed)
    lines = []
    for name, r in ((a1, r1), (a2, r2)):
        dec = [x for x in r if x is not None]
        lo, hi = wilson(sum(dec), len(dec))
        lines.append(f"{name} vs {b}: {sum(dec)}/{len(dec)} = {100 * sum(dec) / max(1, len(dec)):.1f}% "
                     f"(95% CI {100 * lo:.1f}-{100 * hi:.1f})")
    only1 = sum(1 for x, y in zip(r1, r2) if x == 1 and y != 1)
    only2 = sum(1 for x, y in zip(r1, r2) if y == 1 and x != 1)
    n = only1 + only2
    z = (only2 - only1) / n ** 0.5 if n else 0.0
    lines.append(f"hands won by only one: {a1} {only1}, {a2} {only2} (z {z:+.2f})")
    return "\n".join(lines)


def main(argv=None) -> int:
    from game.gin import sim  # (only the command line plays matches)
    ap = argparse.ArgumentParser(prog="python -m bench.gin_baselines",
                                 description="A Gin level against the solid reference player.")
    ap.add_argument("--a", default="expert")
    ap.add_argument("--b", default="solid")
    ap.add_argument("--hands", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--versus", default=None,
                    help="a second A: both against B on the same single-hand deals (paired)")
    args = ap.parse_args(argv)
    if args.versus:
        print(paired(args.a, args.versus, args.b, args.hands, args.seed))
        return 0
    st = sim.play_match(player(args.a), player(args.b), args.hands, args.seed)
    from bench.stats import wilson
    lo, hi = wilson(st.wins[0], st.decided)
    print(st.summary() + f"; 95% CI {100 * lo:.1f}-{100 * hi:.1f}%")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
