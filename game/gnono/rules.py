"""Gnono rules engine: a whole game (rounds to the playout score) for 2 to 10 seats.
Pure and deterministic: no pygame, all randomness from the state's own random.Random.
`GnonoState` is the game's game.engine.Engine itself: `apply(move)` validates a move
(each names its seat; IllegalMove and the state unchanged when the rules refuse it)
and returns Gnono's events (game.engine.Event). Seats are 0..n-1; "left"
(clockwise) is seat + 1. The phases, the UNO window and the choices made where the
rules sheet is silent: see game.gnono.moves.
"""
from __future__ import annotations

import copy
import random
from typing import Any

from game.deals import is_deal_no
from game.engine import IllegalMove
from game.gnono import positions
from game.gnono.cards import COLORS, DECK_SIZE, DRAW_TWO, REVERSE, SKIP, WILD_DRAW_FOUR, Card
from game.gnono.dealing import deal_round
from game.gnono.invariants import check_state, is_seat
from game.gnono.move_checks import check_move, drawn_playable, stacks_on

# named here too: the computers, the table and the tests import them from the rules
from game.gnono.moves import (  # noqa: F401
    ALL_MOVES,
    CHALLENGE,
    COLOR,
    DRAWN,
    GAME_OVER,
    PHASES,
    PLAY,
    ROUND_OVER,
    SWAP,
    TURN_MOVES,
    CallUno,
    Catch,
    Challenge,
    ChooseColor,
    Draw,
    Event,
    KeepDrawn,
    Move,
    NextRound,
    Play,
    PlayDrawn,
    SwapHands,
    is_color,
    move_seat,
)
from game.gnono.options import GnonoOptions
from game.gnono.saves import state_from_json, state_to_json
from game.gnono.state_fields import StateFields
from game.gnono.view import GnonoView, card_matches, card_points  # noqa: F401


# ---------------------------------------------------------------- the state
class GnonoState(StateFields):
    """The whole game: its fields and the helpers that only read them are in
    game/gnono/state_fields.py."""

    def __init__(self, n_players: int = 4, seed: int | None = None, options: GnonoOptions | None = None,
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
        self.totals = [0] * n_players
        self.round_no = 0
        self.dealer = self.rng.randrange(n_players)
        self.winner = None
        self.last_round = None
        self.wd4_record = [[0, 0] for _ in range(n_players)]
        self.deal_events = self._deal_round()

    @property
    def n_seats(self) -> int:
        return self.n

    def is_over(self) -> bool:
        return self.phase == GAME_OVER

    def table_move(self) -> NextRound | None:
        """The table's own move now (game/engine.py): the next round dealt between rounds; None otherwise."""
        return NextRound(None) if self.phase == ROUND_OVER else None

    def scores(self) -> list[int]:
        """Each seat's points so far this game."""
        return list(self.totals)

    # a constructed position (for tests, tutorials and puzzles): see game.gnono.positions
    setup: classmethod[GnonoState, ..., GnonoState] = classmethod(positions.setup_position)

    def _start_turn(self, seat: int, ev: list[Event]) -> None:
        self.current = seat
        self.phase = PLAY
        self.drawn_card = None
        ev.append(Event("turn", seat))

    def _reshuffle(self, ev: list[Event]) -> bool:
        if len(self.discard) <= 1:
            return False
        rest = self.discard[:-1]
        self.discard = self.discard[-1:]
        self.round_rng.shuffle(rest)
        self.draw_pile = rest
        ev.append(Event("reshuffled", count=len(rest)))
        return True

    def _draw_one(self, ev: list[Event]) -> Card | None:
        if not self.draw_pile and not self._reshuffle(ev):
            return None
        return self.draw_pile.pop()

    def _draw(self, seat: int, k: int, ev: list[Event], reason: str) -> list[Card]:
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

    def _penalize_and_skip(self, victim: int, k: int, ev: list[Event], reason: str) -> None:
        self._draw(victim, k, ev, reason)
        ev.append(Event("skipped", victim))
        self._start_turn(self.next_seat(victim), ev)

    # ------------------------------------------------------------ dealing, checking moves
    _deal_round = deal_round   # game.gnono.dealing
    _check = check_move        # game.gnono.move_checks

    # ------------------------------------------------------------ legal moves
    def legal_moves(self, seat: int | None = None) -> list[Move]:
        """Every legal move (of `seat` only, if given; [] for no seat of this game)."""
        out: list[Move] = []
        ph = self.phase
        if ph == GAME_OVER or (seat is not None and not is_seat(seat, self.n)):
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
                drawn = self.drawn_card
                if drawn.is_wild:  # type: ignore[union-attr]  # the drawn phase has its card
                    out.append(PlayDrawn(cur))
                    out.extend(PlayDrawn(cur, col) for col in COLORS)
                else:
                    out.append(PlayDrawn(cur))
                if not self.options.draw_until_playable:
                    out.append(KeepDrawn(cur))
            elif ph == CHALLENGE:
                out.append(Challenge(cur, False))
                out.append(Challenge(cur, True))
                for c in hand:
                    if stacks_on(self, c, WILD_DRAW_FOUR):
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

    def to_move(self) -> tuple[int, ...]:
        """The player on turn, and any seat that may call "UNO!", catch, jump in or deal."""
        return tuple(s for s in range(self.n) if self.legal_moves(s))

    def _play_variants(self, seat: int, c: Card) -> list[Play]:
        if c.is_wild:
            return [Play(seat, c)] + [Play(seat, c, col) for col in COLORS]
        return [Play(seat, c)]

    def _play_ok(self, seat: int, c: Card) -> bool:
        """May the player on turn (phase play) put down `c`?"""
        if self.pending_draw:
            # a pending draw has its face
            return stacks_on(self, c, self.pending_face)  # type: ignore[arg-type]  # game.gnono.move_checks
        if not self.matches(c):
            return False
        if c.is_wild_draw_four and not self.options.wd4_challenge:
            return self.wd4_lawful(seat)
        return True

    def is_legal(self, move: Move) -> bool:
        try:
            self._check(move)
        except IllegalMove:
            return False
        return True

    # ------------------------------------------------------------ apply
    def apply(self, move: Move, check: bool = True) -> list[Event]:
        """Carry out a move; raise IllegalMove (state unchanged) if the rules refuse it.
        check=False skips that validation: for search rollouts whose moves are known legal."""
        if check:
            self._check(move)
        ev: list[Event] = []
        # the window closes when the next turn begins; the catchable player's own
        # colour / swap choice still belongs to the turn that opened it
        if isinstance(move, TURN_MOVES) and self.uno_window is not None \
                and not (move.seat == self.uno_window and self.phase in (COLOR, SWAP)):
            self.uno_window = None
        if isinstance(move, TURN_MOVES):
            self.turns += 1
        t = type(move)
        # The branches go by t, the type read once: mypy narrows only `type(move) is X`,
        # which would call type() again per branch on the computers' hot path.
        move_: Any = move
        if t is Play:
            if move_.seat != self.current:
                ev.append(Event("jump_in", move_.seat, card=move_.card, target=self.current))
                self.current = move_.seat
                self.phase = PLAY
            self._play(move_.seat, move_.card, move_.color, ev)
        elif t is Draw:
            self._do_draw(move_.seat, ev)
        elif t is PlayDrawn:
            self._play(move_.seat, self.drawn_card, move_.color, ev)  # type: ignore[arg-type]  # phase drawn
        elif t is KeepDrawn:
            ev.append(Event("passed", move_.seat, reason="kept"))
            self._start_turn(self.next_seat(move_.seat), ev)
        elif t is ChooseColor:
            self.color = move_.color
            ev.append(Event("color", move_.seat, color=move_.color))
            self._after_play(move_.seat, self.top, ev)
        elif t is Challenge:
            self._challenge(move_.seat, move_.challenge, ev)
        elif t is SwapHands:
            a, b = move_.seat, move_.target
            self.hands[a], self.hands[b] = self.hands[b], self.hands[a]
            self.uno_called[a] = self.uno_called[b] = False
            self.uno_window = None
            ev.append(Event("swapped", a, target=b))
            self._start_turn(self.next_seat(a), ev)
        elif t is CallUno:
            self.uno_called[move_.seat] = True
            if self.uno_window == move_.seat:
                self.uno_window = None
            ev.append(Event("uno", move_.seat))
        elif t is Catch:
            ev.append(Event("caught", move_.catcher, target=move_.target))
            self.uno_window = None
            self._draw(move_.target, 2, ev, "uno_penalty")
        elif t is NextRound:
            self.dealer = (self.dealer + 1) % self.n
            ev.extend(self._deal_round())
        return ev

    def _play(self, seat: int, card: Card, color: str | None, ev: list[Event]) -> None:
        hand = self.hands[seat]
        if card.is_wild_draw_four:
            # guilt is judged on the hand as it was, before the card leaves it
            self.wd4 = {"seat": seat, "guilty": not self.wd4_lawful(seat),
                        "prev_color": self.color}
        elif self.phase == CHALLENGE:
            self.wd4 = None   # a Draw Two stacked on it (mixed stacking): the Four stands
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

    def _after_play(self, seat: int, card: Card, ev: list[Event]) -> None:
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
            old = self.hands   # each hand passes to the next seat: seat t gets its previous seat's
            self.hands = [old[self.next_seat(t, -1)] for t in range(self.n)]
            self.uno_called = [False] * self.n
            self.uno_window = None
            ev.append(Event("hands_passed", seat, reason="cw" if self.direction == 1 else "ccw"))
            self._start_turn(nxt, ev)
        else:
            self._start_turn(nxt, ev)

    def _do_draw(self, seat: int, ev: list[Event]) -> None:
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
        playable: Card | None = None
        while True:
            c = self._draw_one(ev)
            if c is None:
                break
            got.append(c)
            hand.append(c)
            if drawn_playable(self, seat, c):
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

    def _challenge(self, seat: int, challenge: bool, ev: list[Event]) -> None:
        info = self.wd4
        self.wd4 = None
        total = self.pending_draw if self.options.stacking else 4
        self.pending_draw, self.pending_face = 0, None
        if not challenge:
            self._penalize_and_skip(seat, total, ev, "wild_draw_four")
            return
        offender = info["seat"]  # type: ignore[index]  # a challenge follows a Wild Draw Four
        guilty = info["guilty"]  # type: ignore[index]  # (see above)
        self.wd4_record[offender][0 if guilty else 1] += 1
        ev.append(Event("challenged", seat, target=offender, guilty=guilty,
                        cards=tuple(self.hands[offender]), color=info["prev_color"]))  # type: ignore[index]  # (see above)
        if guilty:
            self._draw(offender, 4, ev, "challenge_lost")
            rest = total - 4   # earlier, lawful fours of a stack still count
            if rest > 0:
                self._penalize_and_skip(seat, rest, ev, "wild_draw_four")
            else:
                self._start_turn(seat, ev)
        else:
            self._penalize_and_skip(seat, total + 2, ev, "challenge_lost")

    def _round_won(self, seat: int, card: Card, ev: list[Event]) -> None:
        self.uno_window = None
        nxt = self.next_seat(seat)
        if card.color != "W" and card.face == DRAW_TWO:
            self._draw(nxt, self.pending_draw + 2, ev, "draw_two")
        elif card.is_wild_draw_four:
            self._draw(nxt, self.pending_draw + 4, ev, "wild_draw_four")
        self.pending_draw, self.pending_face = 0, None
        self.wd4 = None
        points = sum(card_points(h) for s, h in enumerate(self.hands) if s != seat)
        self.totals[seat] += points
        self.last_round = {"round": self.round_no, "winner": seat, "points": points,
                           "hands": [[str(c) for c in h] for h in self.hands]}
        ev.append(Event("round_over", seat, points=points))
        self.current = seat
        self.drawn_card = None
        if self.totals[seat] >= self.options.playout_score:
            self.phase = GAME_OVER
            self.winner = seat
            ev.append(Event("game_over", seat, points=self.totals[seat]))
        else:
            self.phase = ROUND_OVER

    # ------------------------------------------------------------ views
    def view(self, seat: int) -> GnonoView:
        w = self.wd4
        return GnonoView(
            seat=seat, n_players=self.n, hand=tuple(self.hands[seat]), top=self.discard[-1],
            color=self.color, direction=self.direction, current=self.current,
            phase=self.phase, counts=tuple(len(h) for h in self.hands),
            seen=tuple(self.seen), scores=tuple(self.totals), dealer=self.dealer,
            pending_draw=self.pending_draw,
            drawn_card=self.drawn_card if seat == self.current else None,
            uno_window=self.uno_window, uno_called=tuple(self.uno_called),
            last_drew_on=tuple(self.last_drew_on),
            wd4_seat=w["seat"] if w and self.phase == CHALLENGE else None,
            wd4_prev_color=w["prev_color"] if w and self.phase == CHALLENGE else None,
            draw_pile_size=len(self.draw_pile), options=self.options,
            legal=tuple(self.legal_moves(seat)),
            wd4_record=tuple((g, i) for g, i in self.wd4_record),
            discards=tuple(self.discard), round_no=self.round_no)

    def copy(self) -> GnonoState:
        """An independent copy (cards are immutable and shared)."""
        s = copy.copy(self)
        for name in ("draw_pile", "discard", "seen", "totals", "uno_called", "last_drew_on",
                     "deal_events"):
            setattr(s, name, list(getattr(self, name)))
        s.hands = [list(h) for h in self.hands]
        s.wd4_record = [list(r) for r in self.wd4_record]
        s.wd4, s.last_round, s.rng, s.round_rng = copy.deepcopy(
            (self.wd4, self.last_round, self.rng, self.round_rng))
        return s

    def redeal_hidden(self, seat: int, rng: random.Random) -> GnonoState:
        """A copy in which every card `seat` cannot see is dealt anew (game.engine)."""
        twin = self.copy()
        positions.redeal_hidden(twin, seat, rng)
        return twin

    def check_invariants(self) -> None:
        """AssertionError if the state is impossible (see game.gnono.invariants)."""
        check_state(self)

    # ------------------------------------------------------------ JSON (game.gnono.saves)
    def to_json(self) -> dict[str, Any]:
        return state_to_json(self)

    @classmethod
    def from_json(cls, d: object) -> GnonoState:
        """The state of a save; ValueError with the reason if it is damaged or impossible."""
        return state_from_json(cls, d)


DEFAULT_SEATS = 4


def new_engine(seed: int | None, options: GnonoOptions | None = None,
               seats: int | None = None) -> GnonoState:
    """A new game of `seats` players (None: DEFAULT_SEATS, the conformance test's,
    replays' and tools'); the seats are no option of the rules. ValueError for a
    number Gnono is not played by."""
    return GnonoState(DEFAULT_SEATS if seats is None else seats, seed, options)
