"""The Gnono expert: determinized Monte Carlo search over the seat's own view.

For each decision with more than one sensible answer (which card, the colour for a
Wild, play or keep a drawn card) it deals the cards it has not seen at random into
the other hands and the stock (on 2 seats by what the other seat's plays said of
its hand, game.gnono.reading; on more seats a seat that drew on a colour rarely gets
that colour or Wilds), plays every candidate on in each such world with a fast rule
policy for every seat (common random numbers) for HORIZON turns per two seats, and
scores the end by an estimate of the chance to win the round (turn_value). The
candidates come in the rule policy's order; the expert leaves the first only for one
that beats it, world by world, by more than MARGIN_Z standard errors. It never bluffs
a Wild Draw Four; challenges, stacking, 7-0 swaps and jump-ins are the hard player's
judgement (GnonoAI), and it calls and catches "UNO!" as PROFILE["expert"] says.
What each idea was worth, with its figures: docs/gnono-players.md.

The search uses only the view and the AI's own random state: the same view and
random state give the same move whatever the hidden cards are. It thinks in slices
(game/thinking.py): start_choice(view), then work(budget_s) until it returns the
move (one piece of work is one rollout); finish() runs it to the end at once,
cancel() drops it and puts the random state back, choose(view) is start_choice +
finish. Only the turn's decision thinks; jump_in, would_call_uno, would_catch,
call_move and catch_move answer at once. A decision makes at most max_rollouts * 2 /
seats rollouts; most turns have one candidate or none and cost nothing.
"""
from __future__ import annotations

import math
import random

from game.gnono import moves as M
from game.gnono.cards import ACTION_FACES, COLORS, DRAW_TWO, NUMBER_FACES, WILD_DRAW_FOUR, Card, full_deck
from game.gnono.heuristic import PROFILE, GnonoAI, most_held_color, wd4_lawful_in_view
from game.gnono.reading import HandSampler, PlayReader
from game.gnono.rules import (
    Challenge,
    ChooseColor,
    Draw,
    GnonoState,
    GnonoView,
    KeepDrawn,
    Play,
    PlayDrawn,
    SwapHands,
)
from game.thinking import SlicedThinking

_DECK = tuple(full_deck())
SAMPLES = 64              # worlds per decision (every candidate is played out in each)
MAX_ROLLOUTS = 256        # fewer worlds when there are many candidates (the time bound)
ROLLOUT_MOVES = 400       # a round still running after this many moves counts as a draw
HORIZON = 4               # turns played out per two seats before the estimate (None: to the end)
MARGIN_Z = 0.5            # standard errors a candidate must beat the rule choice by
LACKED_KEEP = 0.15        # chance a card of a colour a seat drew on is left in its hand


# ------------------------------------------------------------------ rollouts
def _most_held(hand) -> str:
    counts = [0, 0, 0, 0]
    for c in hand:
        i = COLORS.find(c.color)
        if i >= 0:
            counts[i] += 1
    return COLORS[counts.index(max(counts))]


# a coloured face's weight in rule_rank: action cards first, then high numbers
_FACE_RANK = {f: 70 if f in ACTION_FACES else int(f) for f in NUMBER_FACES + ACTION_FACES}


def rule_rank(c: Card, top: Card, color: str) -> int:
    """The rule policy's order of playable cards (0: not playable): the current
    colour (action cards, then high numbers), the same number or symbol, Wilds last."""
    col = c.color
    if col == color:
        return 300 + _FACE_RANK[c.face]
    if col == "W":
        return 100 if c.face == WILD_DRAW_FOUR else 101
    if c.face == top.face and top.color != "W":
        return 200 + _FACE_RANK[c.face]
    return 0


def rollout_move(s: GnonoState):
    """The rule policy's move for the seat on turn, on the full (sampled) state."""
    cur = s.current
    ph = s.phase
    hand = s.hands[cur]
    if ph == M.PLAY:
        if s.pending_draw:
            for c in hand:
                if (c.is_wild_draw_four if s.pending_face == WILD_DRAW_FOUR
                        else c.face == DRAW_TWO and c.color != "W"):
                    return Play(cur, c, _most_held(hand) if c.is_wild else None)
            return Draw(cur)
        top, color = s.discard[-1], s.color
        best, best_r = None, 0
        for c in hand:
            r = rule_rank(c, top, color)
            if r > best_r:
                best, best_r = c, r
        if best is None:
            return Draw(cur)
        return Play(cur, best, _most_held([c for c in hand if c is not best]) if best.is_wild else None)
    if ph == M.COLOR:
        return ChooseColor(cur, _most_held(hand))
    if ph == M.DRAWN:
        c = s.drawn_card
        return PlayDrawn(cur, _most_held([h for h in hand if h is not c]) if c.is_wild else None)
    if ph == M.CHALLENGE:
        return Challenge(cur, False)
    if ph == M.SWAP:
        return SwapHands(cur, min((t for t in range(s.n) if t != cur),
                                  key=lambda t: len(s.hands[t])))
    raise ValueError(f"no rollout move in phase {ph!r}")


# P(the seat on turn wins the round) on 2 seats, logistic in value_features, fit by
# bench.gnono_fit_value (its figures: docs/gnono-players.md)
_VF = (0.894, -0.805, 0.636, 3.055, -2.905, 0.257, -0.344, 0.054, -0.597, 0.085, -0.131,
       0.255, -0.231, -0.362, 0.243, -0.782)


def value_features(s: GnonoState) -> tuple[float, ...]:
    """What the richer estimate weighs (2 seats), the seat on turn first: the log of
    each hand's size, Wilds held (as a share and a count), how many of its cards
    fit now (at most 3) and whether none does, action cards, colours held, and the
    share of the other hand in the current colour."""
    cur = s.current
    me, other = s.hands[cur], s.hands[1 - cur]
    a, b = len(me), len(other)
    top, color = s.discard[-1], s.color
    face = top.face if top.color != "W" else None
    wa, ka, na, in_a, face_a = _tally(me, color, face)
    wb, kb, nb_cols, nb, _ = _tally(other, color, face)
    fit = in_a + face_a
    return (1.0, math.log(a), math.log(b), wa / a, wb / b, wa, wb, min(fit, 3),
            1.0 if fit + wa == 0 else 0.0, ka / a, kb / b, ka, kb, na, nb_cols, nb / b)


def _tally(hand, color: str, face) -> tuple[int, int, int, int, int]:
    """(Wilds, action cards, colours held, cards of `color`, other cards of `face`)."""
    wilds = actions = in_colour = of_face = 0
    colours = set()
    for c in hand:
        col = c.color
        if col == "W":
            wilds += 1
            continue
        colours.add(col)
        if c.is_action:
            actions += 1
        if col == color:
            in_colour += 1
        elif c.face == face:
            of_face += 1
    return wilds, actions, len(colours), in_colour, of_face


def turn_value(s: GnonoState, seat: int) -> float:
    """Estimated chance that `seat` wins the round: on 2 seats the _VF fit; on
    more, each seat's share of cards**-0.7 (an earlier 2-seat fit's weight of hand size)."""
    if s.n != 2:
        w = [len(h) ** -0.7 for h in s.hands]
        return w[seat] / sum(w)
    z = sum(w * f for w, f in zip(_VF, value_features(s)))
    p = 1.0 / (1.0 + math.exp(-z))
    return p if s.current == seat else 1.0 - p


def rollout(s: GnonoState, seat: int, turns: int | None = None) -> float:
    """Play on with the rule policy: 1 if `seat` wins the round, else 0; with
    `turns`, stop after that many turns begin and estimate instead (turn_value)."""
    for _ in range(ROLLOUT_MOVES):
        ph = s.phase
        if ph in (M.ROUND_OVER, M.GAME_OVER):
            return 1.0 if s.current == seat else 0.0
        if turns is not None and ph == M.PLAY and not s.pending_draw:
            if turns <= 0:
                return turn_value(s, seat)
            turns -= 1
        s.apply(rollout_move(s), check=False)
    return 1.0 / s.n


# ------------------------------------------------------------------ worlds
def unseen_cards(view: GnonoView) -> list[Card]:
    """The cards this seat has not seen: not in its hand, not in the discard pile."""
    known = set(view.hand)
    known.update(view.discards)
    return [c for c in _DECK if c not in known]


def deal_hidden(view: GnonoView, rng: random.Random,
                sampler: HandSampler | None = None) -> tuple[list[list[Card]], list[Card]]:
    """Other hands (by their sizes) and the stock, dealt from the unseen cards.
    On 2 seats with a `sampler`, the other hand is dealt by what its plays said
    (game.gnono.reading). Otherwise a seat that drew on a colour (and has not
    played since) is dealt a card of that colour or a Wild only with chance LACKED_KEEP."""
    if sampler is not None and view.n_players == 2:
        hand, stock = sampler.sample(rng)
        hands: list[list[Card]] = [[], []]
        hands[view.seat] = list(view.hand)
        hands[1 - view.seat] = hand
        return hands, stock
    cards = unseen_cards(view)
    rng.shuffle(cards)
    others = [s for s in range(view.n_players) if s != view.seat]
    if sum(view.counts[s] for s in others) + view.draw_pile_size != len(cards):
        raise ValueError("the view's card counts do not add up")
    hands: list[list[Card]] = [[] for _ in range(view.n_players)]
    hands[view.seat] = list(view.hand)
    # constrained seats first, so they can pass over the colour they lacked
    others.sort(key=lambda s: view.last_drew_on[s] is None)
    for s in others:
        lacked = view.last_drew_on[s]
        need = view.counts[s]
        hand = hands[s]
        if lacked is None:
            hand.extend(cards[-need:] if need else ())
            del cards[len(cards) - need:]
            continue
        i = len(cards) - 1
        while len(hand) < need and i >= 0:
            c = cards[i]
            if c.color not in (lacked, "W") or rng.random() < LACKED_KEEP:
                hand.append(cards.pop(i))
            i -= 1
        while len(hand) < need:            # not enough others: take what is left
            hand.append(cards.pop())
    return hands, cards


def world(view: GnonoView, hands, stock, seed: int) -> GnonoState:
    """A full state consistent with the view, with the given hidden cards."""
    s = GnonoState(_blank=True)
    n = view.n_players
    s.n = n
    s.options = view.options
    s.rng = random.Random(seed)
    s.round_rng = random.Random(seed)
    s.seed = s.deal_no = None
    s.totals = list(view.scores)
    s.round_no = 1
    s.dealer = view.dealer
    s.winner = None
    s.last_round = None
    s.wd4_record = [list(r) for r in view.wd4_record] or [[0, 0] for _ in range(n)]
    s.hands = [list(h) for h in hands]
    s.draw_pile = list(stock)
    s.discard = list(view.discards)
    s.seen = list(view.seen)
    s.color = view.color
    s.direction = view.direction
    s.current = view.current
    s.phase = view.phase
    s.pending_draw = view.pending_draw
    s.pending_face = None
    if view.pending_draw:
        s.pending_face = WILD_DRAW_FOUR if view.top.is_wild_draw_four else DRAW_TWO
    s.drawn_card = view.drawn_card
    s.wd4 = None
    if view.phase == M.CHALLENGE and view.wd4_seat is not None:
        s.wd4 = {"seat": view.wd4_seat, "prev_color": view.wd4_prev_color,
                 "guilty": any(c.color == view.wd4_prev_color for c in hands[view.wd4_seat])}
    s.uno_window = view.uno_window
    s.uno_called = list(view.uno_called)
    s.last_drew_on = list(view.last_drew_on)
    s.turns = 0
    s.deal_events = []
    return s


# ------------------------------------------------------------------ the player
class ExpertAI(SlicedThinking, GnonoAI):
    """Determinized search (see the module docstring)."""

    def __init__(self, rng: random.Random | int | None = None, samples: int = SAMPLES,
                 max_rollouts: int = MAX_ROLLOUTS, margin_z: float = MARGIN_Z,
                 horizon: int | None = HORIZON):
        super().__init__("hard", rng)
        self.difficulty = "expert"
        p = PROFILE["expert"]
        self.call_chance, self.catch_chance = p["call"], p["catch"]
        self.reaction_range = p["reaction"]
        self.samples = samples
        self.max_rollouts = max_rollouts
        self.margin_z = margin_z
        self.horizon = horizon
        self.last_rollouts = 0
        self.reader = PlayReader()     # what the other seat's plays said (2 seats)

    # -- entry points (choose, start_choice, work, finish...: game.thinking.SlicedThinking)
    @staticmethod
    def check_view(view: GnonoView) -> None:
        if view.current != view.seat:
            raise ValueError("not this seat's turn")

    # -- the decision
    def candidates(self, view: GnonoView) -> list:
        """The moves worth searching, in the rule policy's order (empty: none to search)."""
        me = view.seat
        ph = view.phase
        if ph == M.PLAY and not view.pending_draw:
            lawful = wd4_lawful_in_view(view)
            cards, kinds = [], set()
            for m in view.legal:
                if type(m) is Play and m.seat == me and str(m.card) not in kinds:
                    if m.card.is_wild_draw_four and not lawful:
                        continue                      # the expert does not bluff
                    kinds.add(str(m.card))
                    cards.append(m.card)
            cards.sort(key=lambda c: -rule_rank(c, view.top, view.color))
            out = []
            for c in cards:
                if c.is_wild:
                    out.extend(Play(me, c, col) for col in self._colours(view, c))
                else:
                    out.append(Play(me, c))
            if out and all(c.is_wild for c in cards):
                out.append(Draw(me))                  # keep the Wild for later?
            return out
        if ph == M.COLOR:
            return [ChooseColor(me, col) for col in self._colours(view, None)]
        if ph == M.DRAWN:
            c = view.drawn_card
            keep = any(type(m) is KeepDrawn for m in view.legal)
            if c.is_wild_draw_four and not wd4_lawful_in_view(view):
                return [KeepDrawn(me)] if keep else [PlayDrawn(me, self.choose_color(view, c))]
            plays = ([PlayDrawn(me, col) for col in self._colours(view, c)] if c.is_wild
                     else [PlayDrawn(me)])
            return plays + ([KeepDrawn(me)] if keep else [])
        return []

    def _colours(self, view: GnonoView, wild: Card | None) -> list[str]:
        """Colours worth naming: those held (most first), else the hard player's pick."""
        counts = dict.fromkeys(COLORS, 0)
        for c in view.hand:
            if c.color in counts and c != wild:
                counts[c.color] += 1
        held = sorted((col for col in COLORS if counts[col]), key=lambda col: -counts[col])
        return held or [GnonoAI.choose_color(self, view, wild)]

    def choose_color(self, view: GnonoView, wild: Card | None = None) -> str:
        hand = [c for c in view.hand if c != wild]
        return most_held_color(hand)

    def choose_iter(self, view: GnonoView):
        """The decision as a generator: yields after each rollout, returns the move."""
        self.reader.update(view)
        move = yield from self._decide(view)
        self.reader.mine(view, move)
        return move

    def _decide(self, view: GnonoView):
        cands = self.candidates(view)
        if len(cands) == 0:
            return GnonoAI.choose(self, view)
        if len(cands) == 1:
            return cands[0]
        # a rollout's length grows with the seats: keep the decision's time bounded
        budget = self.max_rollouts * 2 // max(2, view.n_players)
        worlds = max(2, min(self.samples, budget // len(cands)))
        seat = view.seat
        # per world, each candidate's result minus the rule choice's (cands[0])
        diffs = [[] for _ in cands]
        sampler = None
        if view.n_players == 2:
            sampler = self.reader.sampler(view, unseen_cards(view))
            if sampler.size + view.draw_pile_size != len(sampler.unseen):
                raise ValueError("the view's card counts do not add up")
        yield None          # (short pieces keep a table's frames short: the set-up,
        for _ in range(worlds):     # each deal and each rollout are pieces of their own)
            hands, stock = deal_hidden(view, self.rng, sampler)
            seed = self.rng.getrandbits(32)
            yield None
            base = 0.0
            for i, mv in enumerate(cands):
                s = world(view, hands, stock, seed)
                s.apply(mv, check=False)
                v = rollout(s, seat, None if self.horizon is None
                            else self.horizon * view.n_players // 2)
                if i == 0:
                    base = v
                else:
                    diffs[i].append(v - base)
                yield None
        self.last_rollouts = worlds * len(cands)
        # leave the rule choice only for a candidate clearly better in these worlds
        # (pure argmax over few rollouts is mostly noise: docs/gnono-players.md)
        best, best_score = 0, 0.0
        for i in range(1, len(cands)):
            d = diffs[i]
            mean = sum(d) / worlds
            var = sum((x - mean) ** 2 for x in d) / max(1, worlds - 1)
            score = mean - self.margin_z * (var / worlds) ** 0.5
            if score > best_score:
                best, best_score = i, score
        return cands[best]
