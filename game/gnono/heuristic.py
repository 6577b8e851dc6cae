"""Gnono's heuristic computer players (game.gnono.ai lists the levels and makes
them). They see only a GnonoView, never the state.

`GnonoAI(difficulty, rng)` with difficulty "easy", "normal" or "hard" (the expert,
game/gnono/expert.py, is a determinized search built on it):
  choose(view)          the seat's move in its turn phase (play/draw, colour,
                        play-or-keep, challenge, 7-0 swap)
  jump_in(view)         a jump-in Play out of turn, or None (house rule)
  wants_to_call_uno / catch_target: what it would do given the view (no dice);
  call_chance / catch_chance: how likely it remembers / notices (by difficulty);
  would_call_uno / would_catch roll those chances with the AI's own rng.
Reaction times for catching and calling belong to the table; reaction_range
gives a suggestion in seconds.

`BaselineAI` is the yardstick: a random legal card (any the engine accepts, so it
may play an unlawful Wild Draw Four), draws only when it must, names the colour
it holds most, always calls "UNO!", never challenges or catches.
"""
from __future__ import annotations

import random

from game.gnono.cards import COLORS, DRAW_TWO, REVERSE, SKIP, Card, full_deck
from game.gnono.rules import (
    CHALLENGE,
    COLOR,
    DRAWN,
    PLAY,
    SWAP,
    CallUno,
    Catch,
    Challenge,
    ChooseColor,
    Draw,
    GnonoView,
    KeepDrawn,
    Play,
    PlayDrawn,
    SwapHands,
    card_matches,
)

HEURISTIC_LEVELS = ("easy", "normal", "hard")   # GnonoAI's; "expert" is ExpertAI (expert.py)

# per difficulty: chance of remembering "UNO!", of noticing a missed call,
# assumed share of Wild Draw Fours played unlawfully (hard's challenge model),
# reaction range in seconds (a hint for the table)
PROFILE = {
    "easy":   dict(call=0.70, catch=0.25, reaction=(1.2, 2.5)),
    "normal": dict(call=0.93, catch=0.60, reaction=(0.7, 1.5)),
    "hard":   dict(call=1.00, catch=0.95, reaction=(0.35, 0.8)),
    "expert": dict(call=1.00, catch=0.97, reaction=(0.3, 0.7)),
}

_DECK = tuple(full_deck())

# hard's card-choice weights (tuned with game.gnono.sim against "normal")
# (late = an opponent is down to two cards: dump points, wilds are worth 50 in hand)
HARD = dict(points=1 / 8, points_late=1 / 3, colour=1.2, lacked=2.0, wild=-8.0, wd4=-6.0,
            wild_late=12.0)


def wd4_lawful_in_view(view: GnonoView, card: Card | None = None) -> bool:
    """Would I be innocent if I played a Wild Draw Four now?"""
    if view.options.wd4_rule == "color":
        return not any(c.color == view.color for c in view.hand)
    return not any(c.color != "W" and card_matches(c, view.top, view.color) for c in view.hand)


def most_held_color(hand, exclude: Card | None = None) -> str:
    counts = dict.fromkeys(COLORS, 0)
    for c in hand:
        if c.color in counts and c != exclude:
            counts[c.color] += 1
    return max(COLORS, key=lambda col: counts[col])   # ties: first in RYGB


# Challenging gains about 9 cards' worth when right (4 not drawn, 4 for him, the turn)
# and costs 2 when wrong (6 drawn instead of 4), so it pays above about one in five
CHALLENGE_PAYS = 0.2


class GnonoAI:
    def __init__(self, difficulty: str = "normal", rng: random.Random | int | None = None):
        if difficulty not in HEURISTIC_LEVELS:
            raise ValueError(f"unknown difficulty {difficulty!r}")
        self.difficulty = difficulty
        self.rng = rng if isinstance(rng, random.Random) else random.Random(rng)
        p = PROFILE[difficulty]
        self.call_chance: float = p["call"]
        self.catch_chance: float = p["catch"]
        self.reaction_range: tuple[float, float] = p["reaction"]

    # ------------------------------------------------------------ the turn
    def choose(self, view: GnonoView):
        ph = view.phase
        me = view.seat
        if view.current != me:
            raise ValueError("not this seat's turn")
        if ph == PLAY:
            return self._choose_play(view)
        if ph == COLOR:
            return ChooseColor(me, self.choose_color(view))
        if ph == DRAWN:
            return self._choose_drawn(view)
        if ph == CHALLENGE:
            return self._choose_challenge(view)
        if ph == SWAP:
            return SwapHands(me, self._choose_swap(view))
        raise ValueError(f"nothing to choose in phase {ph!r}")

    def _playable(self, view: GnonoView) -> list[Card]:
        """Distinct cards I may put down now (my turn, phase play or stack)."""
        out, seen = [], set()
        for m in view.legal:
            if type(m) is Play and m.seat == view.seat and m.card not in seen:
                seen.add(m.card)
                out.append(m.card)
        return out

    def _play(self, view: GnonoView, card: Card):
        color = self.choose_color(view, card) if card.is_wild else None
        return Play(view.seat, card, color)

    def _choose_play(self, view: GnonoView):
        me = view.seat
        cards = self._playable(view)
        if view.pending_draw:
            # stacking: pass the penalty on if we can
            if cards and (self.difficulty != "easy" or self.rng.random() < 0.6):
                return self._play(view, cards[0])
            return Draw(me)
        if not cards:
            return Draw(me)
        d = self.difficulty
        if d == "easy":
            if self.rng.random() < 0.03:
                return Draw(me)       # sometimes draws for no good reason
            # a beginner: any card, but mostly not a wild while something else fits
            plain = [c for c in cards if not c.is_wild]
            pool = plain if plain and self.rng.random() < 0.7 else cards
            return self._play(view, self.rng.choice(pool))
        lawful = wd4_lawful_in_view(view)
        if d == "normal":
            cards = [c for c in cards if not c.is_wild_draw_four or lawful] or [None]
            if cards == [None]:
                return Draw(me)
            best = max(cards, key=lambda c: self._score_normal(view, c))
            return self._play(view, best)
        return self._choose_play_hard(view, cards, lawful)

    def _score_normal(self, view: GnonoView, c: Card) -> float:
        nxt = view.next_seat()
        threat = view.counts[nxt] <= 2
        s = c.points / 10.0
        if c.is_wild:
            s -= 10.0          # keep wilds for when nothing else fits
            if c.is_wild_draw_four and threat:
                s += 15.0
        elif threat and c.face in (DRAW_TWO, SKIP) or (threat and c.face == REVERSE
                                                       and view.n_players == 2):
            s += 6.0
        s += sum(1 for h in view.hand if h.color == c.color) * 0.3
        return s

    def _choose_play_hard(self, view: GnonoView, cards: list[Card], lawful: bool):
        me = view.seat
        hand = view.hand
        n = view.n_players
        nxt = view.next_seat()
        prev = view.next_seat(k=-1)
        opp_min = min(view.counts[s] for s in range(n) if s != me)
        threat_next = view.counts[nxt] <= 2
        colour_count = dict.fromkeys(COLORS, 0)
        for h in hand:
            if h.color in colour_count:
                colour_count[h.color] += 1
        plain = [c for c in cards if not c.is_wild]
        W = HARD
        best, best_s = None, -1e9
        for c in cards:
            if c.is_wild_draw_four and not lawful:
                continue                     # hard does not bluff
            if c.is_wild:
                s = W["wd4"] if c.is_wild_draw_four else W["wild"]   # keep wilds for need
                if len(hand) <= 2 or opp_min <= 2:
                    s += W["wild_late"]
                if c.is_wild_draw_four and (threat_next or view.counts[nxt] <= 3):
                    s += 14.0
                if not plain:
                    s += 8.0
            else:
                # shed points; go on in a colour I hold plenty of
                s = c.points * (W["points"] if opp_min > 2 else W["points_late"]) \
                    + (colour_count[c.color] - 1) * W["colour"]
                if view.last_drew_on[nxt] == c.color:
                    s += W["lacked"]         # the next player lacked it lately
                f = c.face
                if f == DRAW_TWO:
                    s += 9.0 if threat_next else (2.0 if n == 2 else 0.5)
                elif f == SKIP:
                    s += 7.0 if threat_next else (3.0 if n == 2 else 0.3)
                elif f == REVERSE:
                    if n == 2:
                        s += 7.0 if threat_next else 3.0
                    elif threat_next and view.counts[prev] > 2:
                        s += 6.0
                    elif view.counts[prev] <= 2 and not threat_next:
                        s -= 6.0             # would hand the turn to a seat about to win
            if s > best_s:
                best, best_s = c, s
        if best is None:
            return Draw(me)
        # (drawing to save a wild when only a wild fits was tried: it lost games)
        return self._play(view, best)

    def choose_color(self, view: GnonoView, wild: Card | None = None) -> str:
        """The colour to name for a Wild (being played, or just played)."""
        hand = [c for c in view.hand if c != wild]
        d = self.difficulty
        if d == "easy" and self.rng.random() < 0.25:
            return self.rng.choice(COLORS)
        if d != "hard":
            return most_held_color(hand)
        nxt = view.next_seat()
        score = {}
        for col in COLORS:
            mine = [c for c in hand if c.color == col]
            s = len(mine) * 2.0 + sum(c.points for c in mine) / 20.0
            if view.last_drew_on[nxt] == col:
                s += 1.5                     # the next player lacked it
            if view.counts[nxt] <= 2 and view.last_drew_on[nxt] == col:
                s += 2.0
            score[col] = s
        return max(COLORS, key=lambda col: score[col])

    def _choose_drawn(self, view: GnonoView):
        me = view.seat
        card = view.drawn_card
        keep_ok = any(type(m) is KeepDrawn for m in view.legal)
        if keep_ok and card is not None and card.is_wild_draw_four and self.difficulty != "easy" \
                    and not wd4_lawful_in_view(view):
            return KeepDrawn(me)
        color = self.choose_color(view, card) if card is not None and card.is_wild else None
        return PlayDrawn(me, color)

    def _choose_challenge(self, view: GnonoView):
        me = view.seat
        if view.options.stacking:
            for m in view.legal:
                if type(m) is Play and m.seat == me and self.difficulty != "easy":
                    return self._play(view, m.card)
        return Challenge(me, self.would_challenge(view))

    def guilt_probability(self, view: GnonoView) -> float:
        """Chance that the Wild Draw Four's player held a card that forbade it,
        judged from the cards I have not seen (my hand and the cards played are known)."""
        off = view.wd4_seat
        col = view.wd4_prev_color
        if off is None or col is None:
            return 0.0
        h = view.counts[off]
        unseen = _DECK
        known = set(view.hand)
        known.update(view.discards)     # reshuffled cards are back in play
        prev_top = view.seen[-2] if len(view.seen) >= 2 else None
        strict = view.options.wd4_rule == "gnono"
        total = bad = 0
        for c in unseen:
            if c in known:
                continue
            total += 1
            if c.color == col or (strict and prev_top is not None and c.color != "W"
                                  and prev_top.color != "W" and c.face == prev_top.face):
                bad += 1
        if total <= 0 or h <= 0:
            return 0.0
        p_none = 1.0
        for i in range(min(h, total)):
            p_none *= max(0.0, (total - bad - i)) / (total - i)
        if view.last_drew_on[off] == col:
            p_none = max(p_none, 0.75)     # it drew on that colour: likely lacks it
        return 1.0 - p_none

    def would_challenge(self, view: GnonoView) -> bool:
        d = self.difficulty
        if d == "easy":
            return self.rng.random() < 0.1
        if d == "normal":
            return self.guilt_probability(view) > 0.85
        return self.challenge_win_probability(view) > CHALLENGE_PAYS

    def challenge_win_probability(self, view: GnonoView) -> float:
        """The chance that a challenge of this Wild Draw Four wins: its player held a
        card that forbade it (guilt_probability, from the unseen cards) and played it
        all the same, as often as the public record says this player bluffs (caught
        and cleared challenges; prior one in four)."""
        g, i = view.wd4_record[view.wd4_seat] if view.wd4_record else (0, 0)
        bluffer = (g + 0.5) / (g + i + 2.0)
        return bluffer * self.guilt_probability(view)

    def _choose_swap(self, view: GnonoView) -> int:
        others = [s for s in range(view.n_players) if s != view.seat]
        if self.difficulty == "easy":
            return self.rng.choice(others)
        return min(others, key=lambda s: (view.counts[s], s))

    # ------------------------------------------------------------ out of turn
    def jump_in(self, view: GnonoView):
        if not view.options.jump_in:
            return None
        for m in view.legal:
            if type(m) is Play and m.seat == view.seat and view.current != view.seat:
                if self.difficulty == "easy" and self.rng.random() < 0.5:
                    return None
                return m
        return None

    def wants_to_call_uno(self, view: GnonoView) -> bool:
        """Would call "UNO!" now if it remembers (it is down to one card, uncalled)."""
        return view.uno_window == view.seat

    def would_call_uno(self, view: GnonoView) -> bool:
        return self.wants_to_call_uno(view) and self.rng.random() < self.call_chance

    def catch_target(self, view: GnonoView) -> int | None:
        """The seat it could catch for a missed "UNO!" right now."""
        w = view.uno_window
        if w is None or w == view.seat or view.uno_called[w]:
            return None
        return w

    def would_catch(self, view: GnonoView) -> int | None:
        t = self.catch_target(view)
        if t is None or self.rng.random() >= self.catch_chance:
            return None
        return t

    def catch_move(self, view: GnonoView):
        t = self.would_catch(view)
        return Catch(view.seat, t) if t is not None else None

    def call_move(self, view: GnonoView):
        return CallUno(view.seat) if self.would_call_uno(view) else None

    def reaction_time(self) -> float:
        lo, hi = self.reaction_range
        return self.rng.uniform(lo, hi)


class BaselineAI(GnonoAI):
    """Random legal card; draws only when it must; names the colour it holds most."""

    def __init__(self, difficulty: str = "baseline", rng=None):
        super().__init__("normal", rng)
        self.difficulty = "baseline"
        self.call_chance = 1.0
        self.catch_chance = 0.0

    def choose(self, view: GnonoView):
        me = view.seat
        if view.phase == PLAY:
            cards = self._playable(view)
            if not cards:
                return Draw(me)
            c = self.rng.choice(cards)
            return Play(me, c, most_held_color(view.hand, c) if c.is_wild else None)
        if view.phase == COLOR:
            return ChooseColor(me, most_held_color(view.hand))
        if view.phase == DRAWN:
            c = view.drawn_card
            return PlayDrawn(me, most_held_color(view.hand, c) if c.is_wild else None)
        if view.phase == CHALLENGE:
            return Challenge(me, False)
        if view.phase == SWAP:
            return SwapHands(me, self.rng.choice([s for s in range(view.n_players) if s != me]))
        raise ValueError(f"nothing to choose in phase {view.phase!r}")

    def jump_in(self, view):
        return None
