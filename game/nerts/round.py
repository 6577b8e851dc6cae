"""One round of Nerts (the "G'NERTS" rules of the project's Nerts sheet).

Real time without turns, on the App's fixed clock. The game's engine (game/nerts/
rules.py's Game, rounds until a target) is the one way a move is made: it queues each
seat's move for the step on (`_queue`) and, at the table's `Step`, has the round apply
the queue (`_end_step`: seats that moved in the same step in a seeded random order, a
seat's moves in their order; `refused` events for moves no longer legal) and move its
clock. `apply(seat, move)` applies one move at once (IllegalMove, state unchanged, if
refused): the engine's and the rules' tests' call. Every seat may move until the
round ends (G'NERTS, or a standstill after three rotations, which `vote` moves reach).

Pure and deterministic: no pygame, all randomness from the round's random.Random. The
cards on the table are in piles.py, the options in options.py, the save reader in
saves.py, the invariants in invariants.py, moves and events in moves.py.
"""
from __future__ import annotations

import random

from game.cards import Card, full_deck
from game.deals import is_deal_no
from game.engine import IllegalMove, rng_state_to_json
from game.nerts.invariants import check_round
from game.nerts.legal import legal_moves
from game.nerts.moves import (
    COLUMN,
    FLIP,
    FOUND,
    NUM_COLUMNS,
    PILE,
    PLAY,
    TURN,
    VOTE,
    WASTE,
    Event,
    Move,
)
from game.nerts.options import NertsOptions
from game.nerts.piles import (
    MAX_ROTATIONS,
    PILE_SIZE,
    Layout,
    card_token,
    fits_column,
    place_cards,
)
from game.nerts.saves import SCHEMA, read_round
from game.nerts.standstill import standstill_block
from game.nerts.view import SeatView
from game.words import counted

# ----------------------------------------------------------------------------------
# a round

class Round:
    """One round of Nerts for 2..4 seats (1: a drill). See the module docstring."""

    def __init__(self, options: NertsOptions | None = None, seed: int | None = None, *,
                 rng: random.Random | None = None, deal: bool = True):
        self.options = options or NertsOptions()
        self.rng = rng if rng is not None else random.Random(seed)
        # the deal number: random.Random(deal_no) deals this round (and orders its races)
        self.deal_no: int | None = seed if rng is None and is_deal_no(seed) else None
        n = self.options.sides           # a layout per seat, or per team of partners
        self.layouts: list[Layout] = [Layout() for _ in range(n)]
        self.foundations: list[list[Card]] = [[] for _ in range(4 * n)]
        self.step_no = 0
        self.pending: list[tuple[int, Move]] = []
        self.votes: set[int] = set()           # the sides that agreed to rotate
        self.rotations = 0
        self.over = False
        self.end_reason: str | None = None     # "gnerts" | "standstill"
        self.caller: int | None = None         # the side that called G'NERTS
        self.idle_flips = [0] * n
        self.moves_applied = 0
        if deal:
            self._deal()

    # --- setting up -----------------------------------------------------------------
    def _deal(self) -> None:
        for seat, lay in enumerate(self.layouts):
            deck = full_deck(seat)
            self.rng.shuffle(deck)
            lay.pile = deck[:PILE_SIZE]
            lay.columns = [[deck[PILE_SIZE + i]] for i in range(NUM_COLUMNS)]
            lay.stack = deck[PILE_SIZE + NUM_COLUMNS:]
            lay.waste = []

    @classmethod
    def setup(cls, layouts: list[dict], foundations: list[str] = (), *,
              options: NertsOptions | None = None, seed: int = 0, rest: str = "stack") -> Round:
        """A round in a chosen position (tests, tutorials). Each layout is a dict with
        optional "pile", "columns" (4 strings), "stack", "waste": cards bottom..top as
        text ("KS QH"), of that seat's deck unless written "KS@1". Foundations are
        strings bottom..top ("AH@1 2H@0", deck 0 unless given). The seat's cards not
        named go to the bottom of its "stack" (default), "pile" or "waste" (bottom),
        or nowhere with rest="none" (a partial round, for narrow tests only)."""
        options = options or NertsOptions(seats=len(layouts))
        if options.sides != len(layouts):
            raise ValueError("one layout per seat (per team with partners)")
        r = cls(options, seed, deal=False)
        r.layouts, r.foundations = place_cards(layouts, foundations, 4 * options.sides, rest)
        return r

    # --- reading ------------------------------------------------------------------------
    def layout_of(self, seat: int) -> Layout:
        return self.layouts[self.options.side_of(seat)]

    def foundation_top(self, index: int) -> Card | None:
        f = self.foundations[index]
        return f[-1] if f else None

    def find_foundation(self, card: Card) -> int | None:
        """The foundation index `card` would go to ("wherever it fits"), or None."""
        if card.rank == 1:
            for i, f in enumerate(self.foundations):
                if not f:
                    return i
            return None
        for i, f in enumerate(self.foundations):
            if f and f[-1].suit == card.suit and f[-1].rank == card.rank - 1:
                return i
        return None

    def view(self, seat: int) -> SeatView:
        side = self.options.side_of(seat)
        lay = self.layouts[side]
        return SeatView(
            seat=seat, seats=self.options.seats, step=self.step_no,
            pile_count=len(lay.pile), pile_top=lay.pile[-1] if lay.pile else None,
            columns=tuple(tuple(c) for c in lay.columns),
            stack_count=len(lay.stack), waste=tuple(lay.waste),
            foundations=tuple(f[-1] if f else None for f in self.foundations),
            votes=frozenset(self.votes), rotations=self.rotations,
            idle_flips=self.idle_flips[side], flip_count=self.options.flip_count,
            move_runs=self.options.move_runs, over=self.over, side=side,
            role=self.options.role_of(seat),
            played=sum(c.deck == side for f in self.foundations for c in f), caller=self.caller)

    # --- legality -----------------------------------------------------------------------
    def source_cards(self, seat: int, m: Move) -> tuple[Card, ...]:
        """The card(s) a play would lift (empty if none): for the 'refused' animation."""
        if not isinstance(m, Move) or m.kind != PLAY or not (
                isinstance(seat, int) and 0 <= seat < self.options.seats):
            return ()
        lay = self.layout_of(seat)
        if m.src == PILE:
            return tuple(lay.pile[-1:])
        if m.src == WASTE:
            return tuple(lay.waste[-1:])
        if m.col is None or not (0 <= m.col < NUM_COLUMNS):
            return ()
        column = lay.columns[m.col]
        if m.dst == COLUMN:
            n = len(column) if m.count is None else min(m.count, len(column))
            return tuple(column[len(column) - n:])
        return tuple(column[-1:])

    def _foundation_target(self, card: Card, index: int | None) -> int:
        if index is None:
            i = self.find_foundation(card)
            if i is not None:
                return i
            if card.rank == 1:
                raise IllegalMove("The Scoring Area is full.")
            if any(f and f[-1].suit == card.suit and f[-1].rank >= card.rank
                   for f in self.foundations):
                raise IllegalMove(f"Too late: another {card} got there first.")
            raise IllegalMove(f"{card} has no place in the Scoring Area yet.")
        if not (0 <= index < len(self.foundations)):
            raise IllegalMove(f"There is no foundation {index}.")
        f = self.foundations[index]
        if not f:
            if card.rank == 1:
                return index
            raise IllegalMove("Only an ace starts a foundation.")
        top = f[-1]
        if top.suit == card.suit and top.rank == card.rank - 1:
            return index
        if card.rank == 1:
            raise IllegalMove("An ace starts a new foundation in a free place.")
        if top.suit == card.suit and top.rank >= card.rank:
            raise IllegalMove(f"Too late: another {card} got there first.")
        raise IllegalMove(f"{card} does not go on {top}: build up in suit.")

    def _check(self, seat: int, m: Move):
        """Validate; return (cards lifted, destination index). Raises IllegalMove."""
        if not isinstance(m, Move):
            raise IllegalMove("That is not a move.")
        try:
            m.check_shape()
        except ValueError as e:
            raise IllegalMove(str(e)) from None
        if not (isinstance(seat, int) and 0 <= seat < self.options.seats):
            raise IllegalMove(f"There is no seat {seat}.")
        if self.over:
            raise IllegalMove("The round is over.")
        lay = self.layout_of(seat)
        role = self.options.role_refusal(seat, m)
        if role is not None:
            raise IllegalMove(role)
        if m.kind == FLIP:
            if not lay.stack and not lay.waste:
                raise IllegalMove("Your Stack and waste are empty.")
            return (), None
        if m.kind == TURN:
            if lay.stack:
                raise IllegalMove("Flip the rest of the Stack first.")
            if not lay.waste:
                raise IllegalMove("There is no waste to turn over.")
            return (), None
        if m.kind == VOTE:
            if self.options.side_of(seat) in self.votes:
                raise IllegalMove("Your side already agreed; waiting for the others."
                                  if self.options.partners else "You already agreed; waiting for the others.")
            reason = self.standstill_block(seat)
            if reason is not None:
                raise IllegalMove(reason)
            return (), None
        # a card play
        if m.src == PILE:
            if not lay.pile:
                raise IllegalMove("Your Pile is empty.")
            cards = (lay.pile[-1],)
        elif m.src == WASTE:
            if not lay.waste:
                raise IllegalMove("Your waste is empty: flip the Stack.")
            cards = (lay.waste[-1],)
        else:
            column = lay.columns[m.col]
            if not column:
                raise IllegalMove(f"Column {m.col + 1} is empty.")
            if m.dst == FOUND:
                cards = (column[-1],)
            else:
                if m.to == m.col:
                    raise IllegalMove("That is the same column.")
                n = len(column) if m.count is None else m.count
                if n > len(column):
                    raise IllegalMove(f"Column {m.col + 1} has only {counted(len(column), 'card')}.")
                if n < len(column) and not self.options.move_runs:
                    raise IllegalMove("Columns cannot be split: move the whole column.")
                cards = tuple(column[len(column) - n:])
        if m.dst == FOUND:
            return cards, self._foundation_target(cards[0], m.to)
        target = lay.columns[m.to]
        if not target:
            raise IllegalMove(f"Column {m.to + 1} is empty: only the Pile fills it.")
        if not fits_column(cards[0], target[-1]):
            raise IllegalMove(f"{cards[0]} does not go on {target[-1]}: "
                              "build down in alternating colours.")
        return cards, m.to

    def refusal(self, seat: int, move: Move) -> str | None:
        """Why `move` would be refused now, or None if it is legal."""
        try:
            self._check(seat, move)
        except IllegalMove as e:
            return e.reason
        return None

    def is_legal(self, seat: int, move: Move) -> bool:
        return self.refusal(seat, move) is None

    def standstill_block(self, seat: int) -> str | None:
        """Why `seat` is not at a standstill (game/nerts/standstill.py), or None."""
        return standstill_block(self.layout_of(seat), lambda c: self.find_foundation(c) is not None,
                                self.options.flip_count, self.options.move_runs)

    def legal_moves(self, seat: int) -> list[Move]:
        """Every legal move of `seat` now (foundation plays name a foundation index);
        [] for a seat that is not playing (game/nerts/legal.py)."""
        return legal_moves(self, seat)

    # --- what the game's engine (rules.py) reads of its round ----------------------------
    def to_move(self) -> tuple[int, ...]:
        """Every seat plays at once: all of them until the round is over (a partner
        only while its share of the layout has a move)."""
        if self.over:
            return ()
        if not self.options.partners:
            return tuple(range(self.options.seats))
        return tuple(s for s in range(self.options.seats) if self.legal_moves(s))

    def is_over(self) -> bool:
        return self.over

    def copy(self) -> Round:
        r = Round(self.options, deal=False, rng=random.Random())
        r.rng.setstate(self.rng.getstate())
        r.deal_no, r.step_no, r.moves_applied = self.deal_no, self.step_no, self.moves_applied
        r.layouts = [lay.copy() for lay in self.layouts]
        r.foundations = [list(f) for f in self.foundations]
        r.pending, r.votes, r.idle_flips = list(self.pending), set(self.votes), list(self.idle_flips)
        r.rotations, r.over, r.end_reason, r.caller = self.rotations, self.over, self.end_reason, self.caller
        return r

    def redeal_hidden(self, seat: int, rng: random.Random) -> Round:
        """A copy with the face-down cards dealt anew: under each Pile's top card and in
        each Stack (every deck in its own seat's places, each place keeping its size).
        Other seats' face-up cards lie open on the table: they stay."""
        r = self.copy()
        for lay in r.layouts:
            hidden = lay.pile[:-1] + lay.stack
            rng.shuffle(hidden)
            under = len(lay.pile) - 1 if lay.pile else 0
            lay.pile[:under], lay.stack = hidden[:under], hidden[under:]
        return r

    # --- applying -----------------------------------------------------------------------
    def apply(self, seat: int, move: Move) -> list[Event]:
        """Apply one move now. Raises IllegalMove (state unchanged) if it is refused."""
        cards, dest = self._check(seat, move)
        self.moves_applied += 1
        if move.kind == FLIP:
            return self._flip(seat)
        if move.kind == TURN:
            return self._turn(seat)
        if move.kind == VOTE:
            return self._vote(seat)
        return self._play(seat, move, cards, dest)

    def _flip(self, seat: int) -> list[Event]:
        lay = self.layout_of(seat)
        if not lay.stack:
            return self._turn(seat)
        n = min(self.options.flip_count, len(lay.stack))
        moved = []
        for _ in range(n):
            c = lay.stack.pop()
            lay.waste.append(c)
            moved.append(c)
        self.idle_flips[self.options.side_of(seat)] += n
        return [Event("flipped", seat, tuple(moved), src="stack", dst="waste")]

    def _turn(self, seat: int) -> list[Event]:
        lay = self.layout_of(seat)
        n = len(lay.waste)
        lay.stack = lay.waste[::-1]
        lay.waste = []
        return [Event("waste_turned", seat, src="waste", dst="stack", value=n)]

    def _vote(self, seat: int) -> list[Event]:
        self.votes.add(self.options.side_of(seat))
        events = [Event("vote", seat, value=len(self.votes))]
        if len(self.votes) < self.options.sides:
            return events
        self.votes.clear()
        if self.rotations >= MAX_ROTATIONS:
            self.over = True
            self.end_reason = "standstill"
            events.append(Event("round_over", reason="standstill"))
            return events
        self.rotations += 1
        for s, lay in enumerate(self.layouts):
            lay.stack = lay.stack + lay.waste[::-1]
            lay.waste = []
            if len(lay.stack) > 1:
                lay.stack.insert(0, lay.stack.pop())
            self.idle_flips[s] = 0
        events.append(Event("rotation", value=self.rotations))
        return events

    def _play(self, seat: int, m: Move, cards: tuple, dest: int) -> list[Event]:
        lay = self.layout_of(seat)
        n = len(cards)
        if m.src == PILE:
            del lay.pile[-1]
        elif m.src == WASTE:
            del lay.waste[-1]
        else:
            del lay.columns[m.col][-n:]
        events = [Event("card_moved", seat, cards, src=m.src, src_index=m.col,
                        dst=m.dst, dst_index=dest, move=m)]
        if m.dst == FOUND:
            card = cards[0]
            self.foundations[dest].append(card)
            if card.rank == 1:
                events.append(Event("foundation_started", seat, cards, dst=FOUND, dst_index=dest))
            elif card.rank == 13:
                events.append(Event("foundation_done", seat, cards, dst=FOUND, dst_index=dest))
            for s in range(self.options.sides):       # the Scoring Area changed: new chances for all
                self.idle_flips[s] = 0
        else:
            lay.columns[dest].extend(cards)
        self.idle_flips[self.options.side_of(seat)] = 0
        if self.votes:
            self.votes.clear()
            events.append(Event("votes_cleared", seat))
        if m.src == PILE:
            events.extend(self._pile_changed(seat))
        elif m.src == COLUMN and not lay.columns[m.col] and lay.pile:
            card = lay.pile.pop()
            lay.columns[m.col].append(card)
            events.append(Event("column_refilled", seat, (card,), src=PILE, dst=COLUMN,
                                dst_index=m.col))
            events.extend(self._pile_changed(seat))
        return events

    def _pile_changed(self, seat: int) -> list[Event]:
        lay = self.layout_of(seat)
        if lay.pile:
            return [Event("pile_turned", seat, (lay.pile[-1],), src=PILE)]
        if not self.options.pile_out_ends:     # a drill to N cards plays on
            return [Event("pile_emptied", seat, src=PILE)]
        self.over = True
        self.end_reason = "gnerts"
        self.caller = self.options.side_of(seat)
        return [Event("gnerts", seat), Event("round_over", seat, reason="gnerts")]

    # --- the clock (driven by the game's engine: rules.py's Game.apply) -----------------
    def _queue(self, seat: int, move: Move) -> None:
        """Queue a move for the step on; `_end_step` applies or refuses it."""
        self.pending.append((seat, move))

    def _end_step(self, to: int) -> list[Event]:
        """Apply this step's queue in a fair order (a `race` event first when two or
        more seats raced; a move no longer legal refused with a `refused` event), then
        set the clock to step `to` (not before the step on)."""
        events: list[Event] = []
        if self.pending:
            queue, self.pending = self.pending, []
            seats = sorted({seat for seat, _ in queue})
            if len(seats) > 1:
                events.append(Event("race", seats=tuple(seats)))
            for seat, move in self._fair_order(queue):
                try:
                    events.extend(self.apply(seat, move))
                except IllegalMove as e:
                    events.append(Event("refused", seat, self.source_cards(seat, move),
                                        reason=e.reason, move=move))
        self.step_no = to
        return events

    def _draw_order(self, seats: list[int]) -> list[int]:
        """The seats in a seeded random order: the only use of the random state after
        the deal."""
        self.rng.shuffle(seats)
        return seats

    def _fair_order(self, queue: list[tuple[int, Move]]) -> list[tuple[int, Move]]:
        """Seats in a seeded random order, taking turns one move each; a seat's own
        moves keep the order they arrived in."""
        per_seat: dict[int, list] = {}
        for seat, move in queue:
            per_seat.setdefault(seat, []).append((seat, move))
        if len(per_seat) == 1:
            return queue
        order = self._draw_order(sorted(per_seat))
        out = []
        while any(per_seat[s] for s in order):
            for s in order:
                if per_seat[s]:
                    out.append(per_seat[s].pop(0))
        return out

    # --- scoring ------------------------------------------------------------------------
    def played_counts(self) -> list[int]:
        decks = [c.deck for f in self.foundations for c in f]
        return [decks.count(s) for s in range(self.options.sides)]

    def score_details(self) -> list[dict]:
        """Per side (a seat, or a team of partners): cards played, cards left in the Pile,
        penalty, bonus and total."""
        o = self.options
        out = []
        for seat, played in enumerate(self.played_counts()):
            left = len(self.layouts[seat].pile)
            bonus = o.call_bonus if self.caller == seat else 0
            out.append({"played": played, "pile_left": left, "penalty": left * o.pile_penalty,
                        "bonus": bonus, "total": played - left * o.pile_penalty + bonus})
        return out

    def side_scores(self) -> list[int]:
        """The round's score of each side (a seat, or a team of partners)."""
        return [d["total"] for d in self.score_details()]

    def scores(self) -> list[int]:
        """Each seat's score (partners both have their team's)."""
        sides = self.side_scores()
        return [sides[self.options.side_of(s)] for s in range(self.options.seats)]

    # --- JSON ---------------------------------------------------------------------------
    def to_json(self) -> dict:
        return {
            "schema": SCHEMA, "options": self.options.to_json(), "step": self.step_no,
            "rng": rng_state_to_json(self.rng),
            "layouts": [lay.to_json() for lay in self.layouts],
            "foundations": [[card_token(c) for c in f] for f in self.foundations],
            "pending": [[s, m.to_json()] for s, m in self.pending],
            "votes": sorted(self.votes), "rotations": self.rotations, "over": self.over,
            "end_reason": self.end_reason, "caller": self.caller,
            "idle_flips": list(self.idle_flips), "moves_applied": self.moves_applied,
            "deal_no": self.deal_no,
        }

    @classmethod
    def from_json(cls, d) -> Round:
        """The round back from to_json; ValueError with a reason if damaged (game/nerts/saves.py)."""
        return read_round(cls, d)

    def check_invariants(self) -> None:
        """InvariantError (a ValueError and an AssertionError) unless every card of every
        deck is somewhere once and the round is possible (game/nerts/invariants.py)."""
        check_round(self)
