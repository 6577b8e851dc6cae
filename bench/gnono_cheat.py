"""Measurement only: the Gnono expert told the other seat's real hand (2 seats), to
see what reading is worth and where: `CheatExpert(rng, upto=k)` is told the hand
only while it holds at most k cards (None: always). It looks at the state the
bench's match loop last built a view of, so it lives here, never in game/.

    python -m bench.gnono_paired --new kw.cheat=2 --old   (as in gnono_paired)
"""
from __future__ import annotations

import random

from bench.peek import note_viewed
from game.gnono import rules
from game.gnono.expert import ExpertAI, unseen_cards

_last_state = note_viewed(rules.GnonoState)


class _TrueSampler:
    def __init__(self, hand, unseen):
        held = set(hand)
        self.hand = list(hand)
        self.rest = [c for c in unseen if c not in held]
        self.size = len(hand)
        self.unseen = unseen

    def sample(self, rng: random.Random):
        stock = list(self.rest)
        rng.shuffle(stock)
        return list(self.hand), stock


class _CheatReader:
    def __init__(self, reader, upto):
        self.reader, self.upto = reader, upto

    def __getattr__(self, name):
        return getattr(self.reader, name)

    def sampler(self, view, unseen):
        other = 1 - view.seat
        if self.upto is None or view.counts[other] <= self.upto:
            return _TrueSampler(_last_state[0].hands[other], unseen_cards(view))
        return self.reader.sampler(view, unseen)


class CheatExpert(ExpertAI):
    def __init__(self, rng=None, upto: int | None = None, **kw):
        super().__init__(rng, **kw)
        self.reader = _CheatReader(self.reader, upto)
