"""Gnono rules engine: a whole game (rounds to the playout score) for 2 to 10 seats.

Pure and deterministic: no pygame, all randomness from the state's own
random.Random. `GnonoState.apply(move)` validates a move (raising IllegalMove
and leaving the state unchanged when the rules refuse it) and returns events.

Seats are 0..n-1; "left" (clockwise) is seat + 1. Phases:
  play        `current` plays a card or draws (with stacking on, a pending
              Draw Two / Wild Draw Four penalty limits the choice)
  color       `current` played a Wild without naming a colour: ChooseColor
  drawn       `current` drew a playable card: PlayDrawn or KeepDrawn
  challenge   `current` (the next player) decides whether to challenge the
              Wild Draw Four just played
  swap        7-0 house rule: `current` played a 7 and picks a seat (SwapHands)
  round_over  NextRound deals again;   game_over: nothing more
Independently, `uno_window` is the seat that just played down to one card
without calling "UNO!": anyone else may Catch it (two cards penalty), the seat
may still CallUno. The window closes when the next player acts, i.e. at the
next turn move (Play/Draw/...) that does not belong to the same turn.

Choices where the sheet is silent:
- A Wild Draw Four may always be put down (a bluff); whether it was lawful is
  judged on the hand at that moment and only matters if challenged. With the
  option wd4_challenge=False an unlawful one is refused instead.
- Challenge found guilty: the offender draws 4 and the challenger takes his turn
  normally (with stacking, fours stacked lawfully before still land on him).
  Not guilty: the challenger draws 4 + 2 and misses his turn.
- The last card of a round needs no colour; a last Draw Two / Wild Draw Four
  makes the next player draw (no challenge: with no cards left it is lawful).
- Stacking: a pending penalty can only be passed on with the same kind (+2 on
  +2, W+4 on W+4); Draw takes the whole pile of it and misses the turn.
- Jump-in: a coloured card identical to the top card, by any other seat, while
  the player on turn has not acted yet; play goes on from the jumper.
- 7-0: a 7 (not as last card) asks the player for a seat to swap hands with; a
  0 passes every hand to the next seat in the direction of play. Moving hands
  ends any UNO window.
"""
from __future__ import annotations

import random
from dataclasses import asdict, dataclass, fields

from game.deals import check_optional_deal_no, deal_rng, is_deal_no, next_deal_no
from game.engine import IllegalMove, read_guarded, rng_from_json, rng_state_to_json
from game.gnono.cards import (COLORS, DECK_SIZE, DRAW_TWO, REVERSE, SKIP,
                              WILD_DRAW_FOUR, Card, full_deck)

PLAY, COLOR, DRAWN, CHALLENGE, SWAP = "play", "color", "drawn", "challenge", "swap"
ROUND_OVER, GAME_OVER = "round_over", "game_over"
PHASES = (PLAY, COLOR, DRAWN, CHALLENGE, SWAP, ROUND_OVER, GAME_OVER)
WD4_RULES = ("color", "gnono")
SCHEMA_VERSION = 1
_FULL_DECK = tuple(full_deck())   # cards are immutable: one set of objects serves every deal


def is_color(value) -> bool:
    """One of the four colour letters ("" and "RY" are in the string COLORS, not colours)."""
    return isinstance(value, str) and len(value) == 1 and value in COLORS


# ---------------------------------------------------------------- options
@dataclass
class GnonoOptions:
    hand_size: int = 7                 # 7, or 11 as Gnono offers
    playout_score: int = 500
    draw_until_playable: bool = False  # False: draw one card
    wd4_rule: str = "color"            # "color": no card of the current colour;
    #                                    "gnono": no other playable card but Wilds
    wd4_challenge: bool = True         # False: an unlawful W+4 is simply refused
    stacking: bool = False             # house: +2 on +2, +4 on +4
    jump_in: bool = False              # house: play an identical card out of turn
    seven_zero: bool = False           # house: 7 swaps hands, 0 passes all hands

    def validate(self) -> None:
        if not isinstance(self.hand_size, int) or not 1 <= self.hand_size <= 20:
            raise ValueError(f"bad hand size {self.hand_size!r}")
        if not isinstance(self.playout_score, int) or self.playout_score < 1:
            raise ValueError(f"bad playout score {self.playout_score!r}")
        if self.wd4_rule not in WD4_RULES:
            raise ValueError(f"bad Wild Draw Four rule {self.wd4_rule!r}")
        for name in ("draw_until_playable", "wd4_challenge", "stacking", "jump_in",
                     "seven_zero"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"option {name} must be true or false")

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, d) -> "GnonoOptions":
        if not isinstance(d, dict):
            raise ValueError("options must be an object")
        names = {f.name for f in fields(cls)}
        unknown = set(d) - names
        if unknown:
            raise ValueError(f"unknown options {sorted(unknown)}")
        opts = cls(**d)
        opts.validate()
        return opts


# ---------------------------------------------------------------- moves
@dataclass(frozen=True, slots=True)
class Play:
    seat: int
    card: Card
    color: str | None = None   # a Wild's colour; None asks for ChooseColor later


@dataclass(frozen=True, slots=True)
class Draw:
    seat: int                  # draw one (or until playable), or take a stacked penalty


@dataclass(frozen=True, slots=True)
class PlayDrawn:
    seat: int
    color: str | None = None


@dataclass(frozen=True, slots=True)
class KeepDrawn:
    seat: int                  # keep the drawn card: play passes


@dataclass(frozen=True, slots=True)
class ChooseColor:
    seat: int
    color: str


@dataclass(frozen=True, slots=True)
class Challenge:
    seat: int
    challenge: bool            # False: accept the Wild Draw Four and draw


@dataclass(frozen=True, slots=True)
class CallUno:
    seat: int


@dataclass(frozen=True, slots=True)
class Catch:
    catcher: int
    target: int


@dataclass(frozen=True, slots=True)
class SwapHands:
    seat: int
    target: int


@dataclass(frozen=True, slots=True)
class NextRound:
    seat: int | None = None    # anyone may deal the next round


Move = Play | Draw | PlayDrawn | KeepDrawn | ChooseColor | Challenge | CallUno | Catch \
    | SwapHands | NextRound
TURN_MOVES = (Play, Draw, PlayDrawn, KeepDrawn, ChooseColor, Challenge, SwapHands)


def move_seat(move) -> int | None:
    """The seat making a move."""
    return move.catcher if isinstance(move, Catch) else move.seat


# ---------------------------------------------------------------- events
@dataclass(frozen=True, slots=True)
class Event:
    """What happened. kinds: deal, first_card, wild_returned, turn, played, color,
    jump_in, drew, passed, skipped, reversed, challenged, uno, caught, reshuffled, swapped,
    hands_passed, round_over, game_over.

    `cards` of a "drew" event (and of "challenged": the hand shown) are private
    to `seat` (to `target` for "challenged"); a table shows only the count to others.
    """
    kind: str
    seat: int | None = None
    card: Card | None = None
    cards: tuple[Card, ...] = ()
    count: int = 0
    target: int | None = None
    color: str | None = None
    reason: str = ""
    points: int = 0
    guilty: bool | None = None

    def as_dict(self) -> dict:
        d = {"kind": self.kind}
        for f in fields(self):
            v = getattr(self, f.name)
            if f.name == "kind" or v in (None, (), 0, ""):
                continue
            if isinstance(v, Card):
                v = str(v)
            elif f.name == "cards":
                v = [str(c) for c in v]
            d[f.name] = v
        return d


# ---------------------------------------------------------------- the view
@dataclass(frozen=True)
class GnonoView:
    """What one seat may see. Computer players get only this."""
    seat: int
    n_players: int
    hand: tuple[Card, ...]
    top: Card
    color: str
    direction: int
    current: int
    phase: str
    counts: tuple[int, ...]            # every seat's number of cards
    seen: tuple[Card, ...]             # cards played face up this round, in order (a card
    #                                    reshuffled and played again shows twice)
    scores: tuple[int, ...]
    dealer: int
    pending_draw: int                  # stacked penalty waiting (stacking option)
    drawn_card: Card | None            # the card I just drew (phase drawn, my turn)
    uno_window: int | None             # seat that may be caught right now
    uno_called: tuple[bool, ...]
    last_drew_on: tuple[str | None, ...]   # colour each seat last drew on (None once it plays)
    wd4_seat: int | None               # who played the Wild Draw Four being decided
    wd4_prev_color: str | None         # the colour before that Wild Draw Four
    draw_pile_size: int
    options: GnonoOptions
    legal: tuple = ()                  # my legal moves right now
    # per seat, this game: challenges of its Wild Draw Fours found (guilty, not guilty)
    wd4_record: tuple[tuple[int, int], ...] = ()
    discards: tuple[Card, ...] = ()    # the discard pile now, bottom to top (out of play)

    def next_seat(self, seat: int | None = None, k: int = 1) -> int:
        s = self.seat if seat is None else seat
        return (s + self.direction * k) % self.n_players

    def matches(self, card: Card) -> bool:
        return card_matches(card, self.top, self.color)


def card_matches(card: Card, top: Card, color: str) -> bool:
    """Matching by colour, number or symbol, or any Wild."""
    if card.color == "W" or card.color == color:
        return True
    return top.color != "W" and card.face == top.face


def card_points(cards) -> int:
    return sum(c.points for c in cards)


# ---------------------------------------------------------------- the state
class GnonoState:
    def __init__(self, n_players: int = 4, seed=None, options: GnonoOptions | None = None,
                 *, _blank: bool = False):
        if _blank:
            return
        if not isinstance(n_players, int) or not 2 <= n_players <= 10:
            raise ValueError("Gnono is for 2 to 10 players")
        self.options = options if options is not None else GnonoOptions()
        self.options.validate()
        if n_players * self.options.hand_size >= DECK_SIZE - 4:
            raise ValueError("not enough cards for that many players and that hand size")
        self.n = n_players
        self.seed = seed if is_deal_no(seed) else None   # the first round's deal number
        self.rng = random.Random(seed)   # the first dealer, then each later round's deal number
        self.scores = [0] * n_players
        self.round_no = 0
        self.dealer = self.rng.randrange(n_players)
        self.winner: int | None = None
        self.last_round: dict | None = None
        self.wd4_record = [[0, 0] for _ in range(n_players)]
        self.deal_events = self._deal_round()

    @classmethod
    def setup(cls, n_players: int, hands, top: str, *, draw: str = "", color: str | None = None,
              current: int = 0, dealer: int | None = None, direction: int = 1,
              options: GnonoOptions | None = None, seed=0, rest: str = "draw",
              scores=None) -> "GnonoState":
        """A constructed position (for tests, tutorials and puzzles).

        hands: one string of cards per seat ("R7 GS W"); top: the top discard;
        draw: cards on top of the draw pile, the first one drawn first. The other
        cards of the deck go shuffled under them (rest="draw") or under the top
        card of the discard pile (rest="discard", leaving the draw pile as given).
        Equal kinds get distinct copy indices automatically.
        """
        s = cls(n_players, seed, options)
        used: dict[str, int] = {}

        def take(text: str) -> list[Card]:
            out = []
            for t in text.split():
                kind = str(Card.parse(t))
                c = Card.parse(kind, used.get(kind, 0))
                used[kind] = c.copy + 1
                out.append(c)
            return out

        if len(hands) != n_players:
            raise ValueError("one hand per seat")
        s.hands = [take(h) for h in hands]
        top_card = take(top)[0]
        drawn = take(draw)
        taken = {top_card} | set(drawn)
        for h in s.hands:
            taken.update(h)
        others = [c for c in full_deck() if c not in taken]
        s.rng.shuffle(others)
        if rest == "draw":
            s.draw_pile = others + list(reversed(drawn))
            s.discard = [top_card]
        elif rest == "discard":
            s.draw_pile = list(reversed(drawn))
            s.discard = others + [top_card]
        else:
            raise ValueError("rest is 'draw' or 'discard'")
        s.seen = [top_card]
        s.color = color or (top_card.color if not top_card.is_wild else "R")
        s.direction = direction
        s.dealer = (current - direction) % n_players if dealer is None else dealer
        s.current = current
        s.phase = PLAY
        s.pending_draw, s.pending_face = 0, None
        s.drawn_card = None
        s.wd4 = None
        s.uno_window = None
        s.uno_called = [False] * n_players
        s.last_drew_on = [None] * n_players
        if scores is not None:
            s.scores = list(scores)
        s.deal_events = []
        return s

    # ------------------------------------------------------------ helpers
    def next_seat(self, seat: int, k: int = 1) -> int:
        return (seat + self.direction * k) % self.n

    @property
    def top(self) -> Card:
        return self.discard[-1]

    def matches(self, card: Card) -> bool:
        return card_matches(card, self.discard[-1], self.color)

    def wd4_lawful(self, seat: int, card: Card | None = None) -> bool:
        """May `seat` play a Wild Draw Four now under the chosen rule?"""
        hand = self.hands[seat]
        if self.options.wd4_rule == "color":
            return not any(c.color == self.color for c in hand)
        top = self.discard[-1]
        return not any(c.color != "W" and card_matches(c, top, self.color) for c in hand)

    def _start_turn(self, seat: int, ev: list) -> None:
        self.current = seat
        self.phase = PLAY
        self.drawn_card = None
        ev.append(Event("turn", seat))

    def _reshuffle(self, ev: list) -> bool:
        if len(self.discard) <= 1:
            return False
        rest = self.discard[:-1]
        self.discard = self.discard[-1:]
        self.round_rng.shuffle(rest)
        self.draw_pile = rest
        ev.append(Event("reshuffled", count=len(rest)))
        return True

    def _draw_one(self, ev: list) -> Card | None:
        if not self.draw_pile and not self._reshuffle(ev):
            return None
        return self.draw_pile.pop()

    def _draw(self, seat: int, k: int, ev: list, reason: str) -> list[Card]:
        got = []
        for _ in range(k):
            c = self._draw_one(ev)
            if c is None:
                break
            got.append(c)
        self.hands[seat].extend(got)
        if got:
            self.uno_called[seat] = False
            if self.uno_window == seat:
                self.uno_window = None
        ev.append(Event("drew", seat, cards=tuple(got), count=len(got), reason=reason))
        return got

    def _penalize_and_skip(self, victim: int, k: int, ev: list, reason: str) -> None:
        self._draw(victim, k, ev, reason)
        ev.append(Event("skipped", victim))
        self._start_turn(self.next_seat(victim), ev)

    # ------------------------------------------------------------ dealing
    def _deal_round(self) -> list:
        ev: list = []
        n = self.n
        self.round_no += 1
        # the round's deal number alone shuffles its deck and any reshuffle in it
        self.deal_no = next_deal_no(self.rng, self.seed, first=self.round_no == 1)
        self.round_rng = deal_rng(self.deal_no)
        deck = list(_FULL_DECK)
        self.round_rng.shuffle(deck)
        self.hands = [[] for _ in range(n)]
        self.direction = 1
        for _ in range(self.options.hand_size):
            for i in range(1, n + 1):
                self.hands[(self.dealer + i) % n].append(deck.pop())
        self.draw_pile = deck
        self.discard = []
        self.seen: list[Card] = []
        self.pending_draw = 0
        self.pending_face: str | None = None
        self.drawn_card: Card | None = None
        self.wd4: dict | None = None
        self.uno_window: int | None = None
        self.uno_called = [False] * n
        self.last_drew_on: list[str | None] = [None] * n
        self.turns = 0
        ev.append(Event("deal", self.dealer, count=self.options.hand_size))
        while True:
            card = self.draw_pile.pop()
            if not card.is_wild:
                break
            # a wild first card goes back into the pile, which is shuffled
            self.draw_pile.append(card)
            self.round_rng.shuffle(self.draw_pile)
            ev.append(Event("wild_returned", card=card))
        self.discard.append(card)
        self.seen.append(card)
        self.color = card.color
        ev.append(Event("first_card", self.dealer, card=card, color=card.color))
        first = self.next_seat(self.dealer)
        self.phase = PLAY
        if card.face == SKIP:
            ev.append(Event("skipped", first))
            self._start_turn(self.next_seat(first), ev)
        elif card.face == REVERSE:
            self.direction = -1
            ev.append(Event("reversed", self.dealer))
            self._start_turn(self.dealer, ev)
        elif card.face == DRAW_TWO:
            self._penalize_and_skip(first, 2, ev, "draw_two")
        else:
            self._start_turn(first, ev)
        return ev

    # ------------------------------------------------------------ legal moves
    def legal_moves(self, seat: int | None = None) -> list:
        """Every legal move (of `seat` only, if given)."""
        out: list = []
        ph = self.phase
        if ph == GAME_OVER:
            return out
        if ph == ROUND_OVER:
            return [NextRound(seat)] if seat is not None else [NextRound()]
        cur = self.current
        if seat is None or seat == cur:
            hand = self.hands[cur]
            if ph == PLAY:
                for c in hand:
                    if self._play_ok(cur, c):
                        out.extend(self._play_variants(cur, c))
                out.append(Draw(cur))
            elif ph == COLOR:
                out.extend(ChooseColor(cur, c) for c in COLORS)
            elif ph == DRAWN:
                c = self.drawn_card
                if c.is_wild:
                    out.append(PlayDrawn(cur))
                    out.extend(PlayDrawn(cur, col) for col in COLORS)
                else:
                    out.append(PlayDrawn(cur))
                if not self.options.draw_until_playable:
                    out.append(KeepDrawn(cur))
            elif ph == CHALLENGE:
                out.append(Challenge(cur, False))
                out.append(Challenge(cur, True))
                if self.options.stacking:
                    for c in hand:
                        if c.is_wild_draw_four:
                            out.extend(self._play_variants(cur, c))
            elif ph == SWAP:
                out.extend(SwapHands(cur, t) for t in range(self.n) if t != cur)
            if ph in (PLAY, DRAWN) and len(hand) == 2 and not self.uno_called[cur] \
                    and self.uno_window != cur:
                out.append(CallUno(cur))
        seats = range(self.n) if seat is None else (seat,)
        if self.options.jump_in and ph == PLAY and self.top.color != "W":
            for s in seats:
                if s == cur:
                    continue
                for c in self.hands[s]:
                    if c.same_kind(self.top):
                        out.append(Play(s, c))
        w = self.uno_window
        if w is not None:
            for s in seats:
                if s == w:
                    out.append(CallUno(s))
                else:
                    out.append(Catch(s, w))
        return out

    def _play_variants(self, seat: int, c: Card) -> list:
        if c.is_wild:
            return [Play(seat, c)] + [Play(seat, c, col) for col in COLORS]
        return [Play(seat, c)]

    def _play_ok(self, seat: int, c: Card) -> bool:
        """May the player on turn (phase play) put down `c`?"""
        if self.pending_draw:
            # stacking: only the same kind goes on (a stacked W+4 is not judged for
            # lawfulness, even with wd4_challenge off: the stack is its own rule)
            if self.pending_face == DRAW_TWO:
                return c.face == DRAW_TWO and c.color != "W"
            return c.is_wild_draw_four
        if not self.matches(c):
            return False
        if c.is_wild_draw_four and not self.options.wd4_challenge:
            return self.wd4_lawful(seat)
        return True

    def is_legal(self, move) -> bool:
        try:
            self._check(move)
        except IllegalMove:
            return False
        return True

    # ------------------------------------------------------------ validation
    def _seat_ok(self, seat) -> None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.n:
            raise IllegalMove(f"there is no seat {seat!r}")

    def _color_ok(self, card: Card, color) -> None:
        if card.is_wild:
            if color is not None and not is_color(color):
                raise IllegalMove(f"{color!r} is not a colour")
        elif color is not None:
            raise IllegalMove("only a Wild names a colour")

    def _check(self, m) -> None:
        ph = self.phase
        if isinstance(m, NextRound):
            if ph != ROUND_OVER:
                raise IllegalMove("the round is not over")
            if m.seat is not None:
                self._seat_ok(m.seat)
            return
        if ph in (ROUND_OVER, GAME_OVER):
            raise IllegalMove("the round is over" if ph == ROUND_OVER else "the game is over")
        if isinstance(m, Catch):
            self._seat_ok(m.catcher)
            self._seat_ok(m.target)
            if m.catcher == m.target:
                raise IllegalMove("you cannot catch yourself")
            if self.uno_window != m.target:
                raise IllegalMove("that player cannot be caught now")
            return
        if not isinstance(m, (Play, Draw, PlayDrawn, KeepDrawn, ChooseColor, Challenge,
                              CallUno, SwapHands)):
            raise IllegalMove(f"not a Gnono move: {m!r}")
        s = m.seat
        self._seat_ok(s)
        cur = self.current
        if isinstance(m, CallUno):
            if self.uno_window == s:
                return
            if s == cur and ph in (PLAY, DRAWN) and len(self.hands[s]) == 2 \
                    and not self.uno_called[s]:
                return
            raise IllegalMove("no reason to call UNO now")
        if isinstance(m, Play):
            if not isinstance(m.card, Card):
                raise IllegalMove("not a card")
            if m.card not in self.hands[s]:
                raise IllegalMove(f"{m.card} is not in that hand")
            self._color_ok(m.card, m.color)
            if s != cur:
                if not self.options.jump_in:
                    raise IllegalMove("it is not your turn")
                if ph != PLAY or self.top.color == "W" or not m.card.same_kind(self.top):
                    raise IllegalMove("you can jump in only with a card identical to the top card")
                return
            if ph == CHALLENGE:
                if self.options.stacking and m.card.is_wild_draw_four:
                    return
                raise IllegalMove("decide whether to challenge the Wild Draw Four")
            if ph != PLAY:
                raise IllegalMove(self._phase_reason())
            if not self._play_ok(s, m.card):
                if self.pending_draw:
                    raise IllegalMove(f"stack a {'Draw Two' if self.pending_face == DRAW_TWO else 'Wild Draw Four'} or draw")
                if m.card.is_wild_draw_four:
                    raise IllegalMove("you may play a Wild Draw Four only when you hold no card of the colour")
                raise IllegalMove(f"{m.card} does not match")
            return
        if s != cur:
            raise IllegalMove("it is not your turn")
        need = {Draw: PLAY, PlayDrawn: DRAWN, KeepDrawn: DRAWN, ChooseColor: COLOR,
                Challenge: CHALLENGE, SwapHands: SWAP}[type(m)]
        if ph != need:
            raise IllegalMove(self._phase_reason())
        if isinstance(m, PlayDrawn):
            self._color_ok(self.drawn_card, m.color)
        elif isinstance(m, KeepDrawn):
            if self.options.draw_until_playable:
                raise IllegalMove("you must play the card you drew")
        elif isinstance(m, ChooseColor):
            if not is_color(m.color):
                raise IllegalMove(f"{m.color!r} is not a colour")
        elif isinstance(m, Challenge):
            if not isinstance(m.challenge, bool):
                raise IllegalMove("challenge must be yes or no")
        elif isinstance(m, SwapHands):
            self._seat_ok(m.target)
            if m.target == s:
                raise IllegalMove("swap with another player")

    def _phase_reason(self) -> str:
        return {PLAY: "play a card or draw", COLOR: "choose a colour",
                DRAWN: "play the drawn card or keep it",
                CHALLENGE: "decide whether to challenge the Wild Draw Four",
                SWAP: "choose a player to swap hands with"}[self.phase]

    # ------------------------------------------------------------ apply
    def apply(self, move, check: bool = True) -> list[Event]:
        """Carry out a move; raise IllegalMove (state unchanged) if the rules refuse it.
        check=False skips that validation: for search rollouts whose moves are known legal."""
        if check:
            self._check(move)
        ev: list[Event] = []
        if isinstance(move, TURN_MOVES) and self.uno_window is not None:
            # the window closes when the next turn begins; the catchable player's
            # own colour / swap choice still belongs to the turn that opened it
            if not (move.seat == self.uno_window and self.phase in (COLOR, SWAP)):
                self.uno_window = None
        if isinstance(move, TURN_MOVES):
            self.turns += 1
        t = type(move)
        if t is Play:
            if move.seat != self.current:
                ev.append(Event("jump_in", move.seat, card=move.card, target=self.current))
                self.current = move.seat
                self.phase = PLAY
            self._play(move.seat, move.card, move.color, ev)
        elif t is Draw:
            self._do_draw(move.seat, ev)
        elif t is PlayDrawn:
            self._play(move.seat, self.drawn_card, move.color, ev)
        elif t is KeepDrawn:
            ev.append(Event("passed", move.seat, reason="kept"))
            self._start_turn(self.next_seat(move.seat), ev)
        elif t is ChooseColor:
            self.color = move.color
            ev.append(Event("color", move.seat, color=move.color))
            self._after_play(move.seat, self.top, ev)
        elif t is Challenge:
            self._challenge(move.seat, move.challenge, ev)
        elif t is SwapHands:
            a, b = move.seat, move.target
            self.hands[a], self.hands[b] = self.hands[b], self.hands[a]
            self.uno_called[a] = self.uno_called[b] = False
            self.uno_window = None
            ev.append(Event("swapped", a, target=b))
            self._start_turn(self.next_seat(a), ev)
        elif t is CallUno:
            self.uno_called[move.seat] = True
            if self.uno_window == move.seat:
                self.uno_window = None
            ev.append(Event("uno", move.seat))
        elif t is Catch:
            ev.append(Event("caught", move.catcher, target=move.target))
            self.uno_window = None
            self._draw(move.target, 2, ev, "uno_penalty")
        elif t is NextRound:
            self.dealer = (self.dealer + 1) % self.n
            ev.extend(self._deal_round())
        return ev

    def _play(self, seat: int, card: Card, color, ev: list) -> None:
        hand = self.hands[seat]
        if card.is_wild_draw_four:
            # guilt is judged on the hand as it was, before the card leaves it
            self.wd4 = {"seat": seat, "guilty": not self.wd4_lawful(seat),
                        "prev_color": self.color}
        hand.remove(card)
        self.discard.append(card)
        self.seen.append(card)
        self.last_drew_on[seat] = None
        self.drawn_card = None
        if not card.is_wild:
            self.color = card.color
        elif color is not None:
            self.color = color
        ev.append(Event("played", seat, card=card, color=color if card.is_wild else card.color))
        if not hand:
            self._round_won(seat, card, ev)
            return
        if len(hand) == 1 and not self.uno_called[seat]:
            self.uno_window = seat
        if card.is_wild and color is None:
            self.phase = COLOR
            self.current = seat
            return
        self._after_play(seat, card, ev)

    def _after_play(self, seat: int, card: Card, ev: list) -> None:
        """Carry out the card just played by `seat` and pass the turn."""
        face = card.face
        nxt = self.next_seat(seat)
        if card.color != "W" and face == DRAW_TWO:
            if self.options.stacking:
                self.pending_draw += 2
                self.pending_face = DRAW_TWO
                self._start_turn(nxt, ev)
            else:
                self._penalize_and_skip(nxt, 2, ev, "draw_two")
        elif card.is_wild_draw_four:
            if self.options.stacking:
                self.pending_draw += 4
                self.pending_face = WILD_DRAW_FOUR
            if self.options.wd4_challenge:
                self.current = nxt
                self.phase = CHALLENGE
                self.drawn_card = None
            elif self.options.stacking:
                self._start_turn(nxt, ev)
            else:
                self.wd4 = None
                self._penalize_and_skip(nxt, 4, ev, "wild_draw_four")
        elif card.color != "W" and face == SKIP:
            ev.append(Event("skipped", nxt))
            self._start_turn(self.next_seat(seat, 2), ev)
        elif card.color != "W" and face == REVERSE:
            self.direction = -self.direction
            ev.append(Event("reversed", seat))
            if self.n == 2:  # works like a Skip: the player plays again
                ev.append(Event("skipped", nxt))
                self._start_turn(seat, ev)
            else:
                self._start_turn(self.next_seat(seat), ev)
        elif self.options.seven_zero and face == "7" and card.color != "W":
            self.phase = SWAP
            self.current = seat
        elif self.options.seven_zero and face == "0" and card.color != "W":
            old = self.hands
            self.hands = [None] * self.n
            for s in range(self.n):
                self.hands[self.next_seat(s)] = old[s]
            self.uno_called = [False] * self.n
            self.uno_window = None
            ev.append(Event("hands_passed", seat, reason="cw" if self.direction == 1 else "ccw"))
            self._start_turn(nxt, ev)
        else:
            self._start_turn(nxt, ev)

    def _do_draw(self, seat: int, ev: list) -> None:
        if self.pending_draw:
            k, face = self.pending_draw, self.pending_face
            self.pending_draw, self.pending_face = 0, None
            self.wd4 = None
            self._penalize_and_skip(seat, k, ev,
                                    "draw_two" if face == DRAW_TWO else "wild_draw_four")
            return
        self.last_drew_on[seat] = self.color
        hand = self.hands[seat]
        got: list[Card] = []
        playable = None
        while True:
            c = self._draw_one(ev)
            if c is None:
                break
            got.append(c)
            hand.append(c)
            if self.matches(c) and not (c.is_wild_draw_four and not self.options.wd4_challenge
                                        and not self.wd4_lawful(seat)):
                playable = c
                break
            if not self.options.draw_until_playable:
                break
        if got:
            self.uno_called[seat] = False
        ev.append(Event("drew", seat, cards=tuple(got), count=len(got), reason="draw"))
        if playable is not None:
            self.phase = DRAWN
            self.drawn_card = playable
        else:
            ev.append(Event("passed", seat, reason="no_play"))
            self._start_turn(self.next_seat(seat), ev)

    def _challenge(self, seat: int, challenge: bool, ev: list) -> None:
        info = self.wd4
        self.wd4 = None
        total = self.pending_draw if self.options.stacking else 4
        self.pending_draw, self.pending_face = 0, None
        if not challenge:
            self._penalize_and_skip(seat, total, ev, "wild_draw_four")
            return
        offender = info["seat"]
        guilty = info["guilty"]
        self.wd4_record[offender][0 if guilty else 1] += 1
        ev.append(Event("challenged", seat, target=offender, guilty=guilty,
                        cards=tuple(self.hands[offender]), color=info["prev_color"]))
        if guilty:
            self._draw(offender, 4, ev, "challenge_lost")
            rest = total - 4   # earlier, lawful fours of a stack still count
            if rest > 0:
                self._penalize_and_skip(seat, rest, ev, "wild_draw_four")
            else:
                self._start_turn(seat, ev)
        else:
            self._penalize_and_skip(seat, total + 2, ev, "challenge_lost")

    def _round_won(self, seat: int, card: Card, ev: list) -> None:
        self.uno_window = None
        nxt = self.next_seat(seat)
        if card.color != "W" and card.face == DRAW_TWO:
            self._draw(nxt, self.pending_draw + 2, ev, "draw_two")
        elif card.is_wild_draw_four:
            self._draw(nxt, self.pending_draw + 4, ev, "wild_draw_four")
        self.pending_draw, self.pending_face = 0, None
        self.wd4 = None
        points = sum(card_points(h) for s, h in enumerate(self.hands) if s != seat)
        self.scores[seat] += points
        self.last_round = {"round": self.round_no, "winner": seat, "points": points,
                           "hands": [[str(c) for c in h] for h in self.hands]}
        ev.append(Event("round_over", seat, points=points))
        self.current = seat
        self.drawn_card = None
        if self.scores[seat] >= self.options.playout_score:
            self.phase = GAME_OVER
            self.winner = seat
            ev.append(Event("game_over", seat, points=self.scores[seat]))
        else:
            self.phase = ROUND_OVER

    # ------------------------------------------------------------ views
    def view(self, seat: int) -> GnonoView:
        w = self.wd4
        return GnonoView(
            seat=seat, n_players=self.n, hand=tuple(self.hands[seat]), top=self.discard[-1],
            color=self.color, direction=self.direction, current=self.current,
            phase=self.phase, counts=tuple(len(h) for h in self.hands),
            seen=tuple(self.seen), scores=tuple(self.scores), dealer=self.dealer,
            pending_draw=self.pending_draw,
            drawn_card=self.drawn_card if seat == self.current else None,
            uno_window=self.uno_window, uno_called=tuple(self.uno_called),
            last_drew_on=tuple(self.last_drew_on),
            wd4_seat=w["seat"] if w and self.phase == CHALLENGE else None,
            wd4_prev_color=w["prev_color"] if w and self.phase == CHALLENGE else None,
            draw_pile_size=len(self.draw_pile), options=self.options,
            legal=tuple(self.legal_moves(seat)),
            wd4_record=tuple((g, i) for g, i in self.wd4_record),
            discards=tuple(self.discard))

    def all_cards(self) -> list[Card]:
        """Every card of the deck wherever it is (for conservation checks)."""
        out = list(self.draw_pile) + list(self.discard)
        for h in self.hands:
            out.extend(h)
        return out

    # ------------------------------------------------------------ JSON
    def to_json(self) -> dict:
        tok = lambda cards: [c.token for c in cards]  # noqa: E731
        return {
            "schema": SCHEMA_VERSION, "game": "gnono", "n": self.n,
            "options": self.options.to_json(), "rng": rng_state_to_json(self.rng),
            "seed": self.seed, "deal_no": self.deal_no, "round_rng": rng_state_to_json(self.round_rng),
            "scores": list(self.scores), "round_no": self.round_no, "dealer": self.dealer,
            "winner": self.winner, "last_round": self.last_round,
            "hands": [tok(h) for h in self.hands], "draw_pile": tok(self.draw_pile),
            "discard": tok(self.discard), "seen": tok(self.seen), "color": self.color,
            "direction": self.direction, "current": self.current, "phase": self.phase,
            "pending_draw": self.pending_draw, "pending_face": self.pending_face,
            "drawn_card": self.drawn_card.token if self.drawn_card else None,
            "wd4": dict(self.wd4) if self.wd4 else None,
            "uno_window": self.uno_window, "uno_called": list(self.uno_called),
            "last_drew_on": list(self.last_drew_on), "turns": self.turns,
            "wd4_record": [list(r) for r in self.wd4_record],
        }

    @classmethod
    def from_json(cls, d) -> "GnonoState":
        return read_guarded(cls._from_json, d, "Gnono save")

    @classmethod
    def _from_json(cls, d) -> "GnonoState":
        if not isinstance(d, dict) or d.get("game") != "gnono":
            raise ValueError("not a Gnono save")
        if d.get("schema") != SCHEMA_VERSION:
            raise ValueError(f"unknown schema {d.get('schema')!r}")
        s = cls(_blank=True)
        n = d["n"]
        if not isinstance(n, int) or not 2 <= n <= 10:
            raise ValueError("bad player count")
        s.n = n
        s.options = GnonoOptions.from_json(d["options"])
        s.rng = rng_from_json(d["rng"])
        s.seed = check_optional_deal_no(d.get("seed"))
        s.deal_no = check_optional_deal_no(d.get("deal_no"))
        s.round_rng = (rng_from_json(d["round_rng"]) if d.get("round_rng") is not None
                       else deal_rng(s.deal_no or 0))

        def ints(v, length, lo=None, hi=None):
            if not isinstance(v, list) or len(v) != length or \
                    not all(isinstance(x, int) and not isinstance(x, bool) for x in v):
                raise ValueError("bad list of numbers")
            if lo is not None and not all(lo <= x <= hi for x in v):
                raise ValueError("number out of range")
            return list(v)

        def seat(v, allow_none=False):
            if v is None and allow_none:
                return None
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < n:
                raise ValueError(f"bad seat {v!r}")
            return v

        def cards(v):
            if not isinstance(v, list):
                raise ValueError("bad card list")
            return [Card.from_token(t) for t in v]

        s.scores = ints(d["scores"], n, 0, 10 ** 9)
        s.round_no = d["round_no"]
        if not isinstance(s.round_no, int) or s.round_no < 1:
            raise ValueError("bad round number")
        s.dealer = seat(d["dealer"])
        s.winner = seat(d["winner"], True)
        s.last_round = d["last_round"]
        if s.last_round is not None and not isinstance(s.last_round, dict):
            raise ValueError("bad last round record")
        if not isinstance(d["hands"], list) or len(d["hands"]) != n:
            raise ValueError("bad hands")
        s.hands = [cards(h) for h in d["hands"]]
        s.draw_pile = cards(d["draw_pile"])
        s.discard = cards(d["discard"])
        s.seen = cards(d["seen"])
        everything = s.all_cards()
        if len(everything) != DECK_SIZE or set(everything) != set(full_deck()):
            raise ValueError("the cards do not add up to one deck")
        if not s.discard:
            raise ValueError("empty discard pile")
        if not is_color(d["color"]):
            raise ValueError("bad colour")
        s.color = d["color"]
        if d["direction"] not in (1, -1):
            raise ValueError("bad direction")
        s.direction = d["direction"]
        s.current = seat(d["current"])
        if d["phase"] not in PHASES:
            raise ValueError("bad phase")
        s.phase = d["phase"]
        s.pending_draw = d["pending_draw"]
        if not isinstance(s.pending_draw, int) or s.pending_draw < 0:
            raise ValueError("bad pending draw")
        if d["pending_face"] not in (None, DRAW_TWO, WILD_DRAW_FOUR):
            raise ValueError("bad pending face")
        s.pending_face = d["pending_face"]
        s.drawn_card = Card.from_token(d["drawn_card"]) if d["drawn_card"] else None
        if s.phase == DRAWN and (s.drawn_card is None or s.drawn_card not in s.hands[s.current]):
            raise ValueError("drawn card missing")
        w = d["wd4"]
        if w is not None:
            if not isinstance(w, dict) or set(w) != {"seat", "guilty", "prev_color"} or \
                    not isinstance(w["guilty"], bool) or not is_color(w["prev_color"]):
                raise ValueError("bad Wild Draw Four record")
            seat(w["seat"])
            w = dict(w)
        if s.phase == CHALLENGE and w is None:
            raise ValueError("challenge without a Wild Draw Four")
        s.wd4 = w
        s.uno_window = seat(d["uno_window"], True)
        uc = d["uno_called"]
        if not isinstance(uc, list) or len(uc) != n or not all(isinstance(x, bool) for x in uc):
            raise ValueError("bad UNO calls")
        s.uno_called = list(uc)
        ld = d["last_drew_on"]
        if not isinstance(ld, list) or len(ld) != n or not all(x is None or is_color(x) for x in ld):
            raise ValueError("bad draw record")
        s.last_drew_on = list(ld)
        rec = d.get("wd4_record", [[0, 0]] * n)
        if not isinstance(rec, list) or len(rec) != n:
            raise ValueError("bad challenge record")
        s.wd4_record = [ints(r, 2, 0, 10 ** 6) for r in rec]
        s.turns = d["turns"]
        if not isinstance(s.turns, int) or s.turns < 0:
            raise ValueError("bad turn count")
        s.deal_events = []
        return s


def new_game(n_players: int = 4, seed=None, options: GnonoOptions | None = None) -> GnonoState:
    return GnonoState(n_players, seed, options)
