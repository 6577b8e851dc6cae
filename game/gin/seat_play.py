"""The keyboard seat's play at a Gin table, without pygame, from that seat's view
alone (the rules' GinView: its hand, the upcard, the Stock's count, the phase, the
legal moves...): the player's own order of his cards and where his keys point, the
notes, the hand laid out in groups to go out or defend, and the keys' actions.

One table (game/gin/table.py's GinTable), one drawing (table_draw.py) and one key map
(table_keys.py) serve local, hosted and joined play: the seat's play reads its view
and sends its moves through a seat source.
- Joined over the network, SeatPlay itself is the table's controller: its source is
  the link to the host (`source`, a game/net/remote_seat.RemoteSeat), its view the host's
  last update, a move is sent and nothing applied here; the host's next update is the
  truth (`received`, from the shared game/table/joined.py), taking effect as a move
  does at the local table.
- At one keyboard (hosted too), the source is the engine at hand: GinController
  (game/gin/controller.py, with its computer and saves) gives `seen` from the engine
  and `submit` applies the move, then calls _after_move(events): the notes, the sounds,
  the table's mode, and the keyboard seat's own move taking effect (the card it took...).
"""
from __future__ import annotations

from typing import Any

from game.cards import Card, card_text, codes_as_text
from game.engine import Details, IllegalMove
from game.gin import melds as M
from game.gin import seat_checks as SC
from game.gin import table_speech
from game.gin.arrangement import Arrangement, sort_for_hand
from game.gin.moves import Discard, DrawStock, GoOut, LayDown, NextHand, Pass, TakeUpcard
from game.gin.narrate import Narrator
from game.gin.scores import HandRecord, ScoreSheet
from game.gin.table_coach import CoachTally, point_at
from game.gin.view import GinView
from game.table.audience import Message

MODES = ("play", "wait", "confirm", "mark", "result", "handover", "over")   # over: the game's end shown


def sentence(reason: str) -> str:
    """An engine's refusal as a note: "you have drawn already" -> "You have drawn already.";
    its card codes as the table prints cards ("AC 4S" -> "A\x05 4\x06")."""
    reason = codes_as_text(reason)
    return reason[:1].upper() + reason[1:] + "."


class SeatPlay:
    replaying = False      # a replay's table (game/gin/replay_board.py): drawn, never played
    remote = False         # the joiner's table: the host plays the moves
    networked = False      # a network table (the joiner's, or the host's): nobody peeks
    hot_seat = False
    challenge: Any = None  # the deal challenge played at this table (no peeking), if any

    def __init__(self, app: Any, names: tuple[str, str] | None, me: int, source: Any = None) -> None:
        self.app = app
        self.source = source                  # joined: the link to the host (RemoteSeat), else None
        if source is not None:
            self.remote = self.networked = True
            self.level = ""                   # the other seat is a person: no level by its name
            names = self.seat_names()
        assert names is not None
        self.names = names
        self.records: list[HandRecord] = []   # joined: the hands' records seen, for F3
        self._told = ""                       # joined: the line that said whose turn it was
        self._note = Message(None)            # the keyboard player's own line (audience: `me`)
        self._other_note = ""                 # the line everyone reads
        self.in_key = False                  # a key is being handled (its note goes with the focus)
        self.note_unsaid = False             # a note set by a key, not spoken yet
        self.me = me                         # the seat at the bottom (hot seat: whose turn)
        self.orders: dict[int, list[Card]] = {0: [], 1: []}
        self.handover_to: int | None = None  # hot seat: the seat the keyboard passes to
        self.hide_hands = False              # hot seat: a new hand is handed over even to `me`
        self.picked: Card | None = None      # taken this turn, not yet put in the hand
        self.focus = "pickup"                # pickup / arrow / hand
        self.target = "stock"                # the pick-up arrow: stock / pile
        self.arrow = 0                       # insertion point in the arrow row
        self.sel = 0                         # the card whose suit flashes
        self.moving = False                  # the arrow row is moving the selected card
        self.mode = "play"                   # one of MODES
        self.arr: Arrangement | None = None  # the hand in groups (going out, defending)
        self.show_cpu = False
        self.flash = False                   # the play arrow flashes until the first key
        self.note = ""
        self.other_note = ""
        self.narrator = Narrator(self)       # the notes and sounds of the events
        self.coaching = CoachTally()         # the coach's hints, counted
        self._dw_cache: dict = {}
        self.moved = True                    # a move not drawn yet (the scene's dirty())

    # ---- the seat source: the host's link here (GinController: the engine) ------------
    @property
    def seen(self) -> GinView | None:
        """The seat's view now (None: nothing received yet)."""
        return self.source.view if self.source is not None else None

    def submit(self, move: Any) -> bool:
        """Play the move: sent to the host (True), or refused with the reason (False)."""
        if self.source.send(move):
            return True
        return self.refuse("Your last move is on its way to the host." if self.source.joined
                           else "The connection to the table is lost.")

    def seat_names(self) -> tuple[str, str]:
        return self.source.name(0), self.source.name(1)

    def cpu_to_move(self) -> bool:
        """A computer of this table is to move (the local table paces it)."""
        return False

    def sheet(self) -> Any:
        """What the score screens read: the views' scores and the hands' records."""
        v = self.seen
        assert v is not None
        return ScoreSheet(v.options, v.games, v.wins, self.records)

    # ---- the host's messages (game/table/joined.py's JoinedPlay) ------------------------
    def received(self, events: list[dict[str, Any]]) -> None:
        """The host's update has come (`events` as this seat may read them): it takes
        effect as a move does at the local table."""
        self.names = self.seat_names()
        v = self.seen
        if v is None:
            return
        r = v.last_record
        if r is not None and (not self.records or self.records[-1].to_json() != r.to_json()):
            self.records.append(r)
        if events:
            if self._other_note == self._told:    # whose turn it was when joined: moved on
                self._other_note = self._told = ""
            self._after_move([Details(e["kind"], e["seat"], e["data"]) for e in events])
        else:                     # the first view (or a rejoin's): the table as it stands
            self._sync()
            if v.phase == "discard" and v.turn == self.me and self.picked is None:
                self.focus = "hand"      # back in the middle of a turn: the card to throw
            self.moved = True

    def check_invariants(self) -> None:
        """The shown hand is the view's hand; raises AssertionError."""
        v = self.seen
        hand = v.hand if v is not None else ()
        assert len(set(self.order)) == len(self.order) and all(c in hand for c in self.order), \
            "a card shown in the hand is not in it"
        assert self.picked is None or (self.picked in hand and self.picked not in self.order)
        assert self.mode in MODES

    def seated(self) -> None:
        self.names = self.seat_names()
        self.moved = True

    def turn(self) -> int | None:
        v = self.seen
        return v.turn if v is not None and v.phase in ("offer", "draw", "discard", "lay_down") else None

    def tell(self, line: str) -> None:
        self.other_note = self._told = line
        self.moved = True

    def over_lines(self) -> list[str]:
        """The game over box's lines: the last hand's result, who won, the scores."""
        return table_speech.over_lines(self)

    def _others_turn(self) -> None:
        """The other seat is to move (or to lay down): the local table paces its computer."""

    def deal_number(self) -> int | None:
        """The hand's deal number, where the table knows it (the top line shows it)."""
        return None

    def peek_hand(self) -> list[Card] | None:
        """The other hand face up (F9 at a table against the computer), else None."""
        return None

    def waiting_line(self) -> str:
        """Who the table waits for to come back (a network table), else ""."""
        return self.source.waiting_for() if self.source is not None else ""

    # ---- the state -------------------------------------------------------------------
    @property
    def them(self) -> int:
        return 1 - self.me

    @property
    def order(self) -> list:
        """The bottom player's own order of his cards (each seat keeps its own)."""
        return self.orders[self.me]

    @order.setter
    def order(self, cards: list) -> None:
        self.orders[self.me] = cards

    @property
    def opponent_named(self) -> bool:
        """The other seat is a person the notes name (hot seat, a network table)."""
        return self.hot_seat or self.networked

    # the notes: spoken as they change (issue #23). A note set by a key is said with the
    # item under the cursor (the App says that after the key, cutting off what is queued).
    # `note` is the keyboard player's own (what they drew, the coach's answer): read only
    # while that seat has the keyboard (game/table/audience.py); `other_note` is everyone's.
    def reader(self) -> int | None:
        """The seat whose own line may be read now: nobody's behind the hand-over."""
        return None if self.mode == "handover" else self.me

    @property
    def note(self) -> str:
        return self._note.for_reader(self.reader()) or ""

    @note.setter
    def note(self, text: str) -> None:
        if text != self._note.private or self._note.seat != self.me:
            self._note = Message(None, seat=self.me, private=text)
            if self.in_key:
                self.note_unsaid = bool(self.note)
            else:
                self._say(self.note)

    @property
    def other_note(self) -> str:
        return self._other_note

    @other_note.setter
    def other_note(self, text: str) -> None:
        if text != self._other_note:
            self._other_note = text
            self._say(text)

    def _say(self, text: str) -> None:
        say = getattr(self.app, "say", None)   # (a test's app may have no voice at all)
        if say is not None and text:
            say(text)

    @property
    def my_turn(self) -> bool:
        v = self.seen
        return (v is not None and v.turn == self.me and v.phase in ("offer", "draw", "discard")
                and self.mode != "handover")

    def refuse(self, reason: str = ""):
        """A refused key: the note says why; returning False makes the App beep."""
        if reason:
            self.note = reason
        return False

    def _sync_order(self):
        v = self.seen
        hand = v.hand if v is not None else ()
        keep = [c for c in self.order if c in hand and c != self.picked]
        new = [c for c in sort_for_hand(hand) if c not in keep and c != self.picked]
        self.order = keep + new
        self.sel = min(self.sel, max(0, len(self.order) - 1))

    def _sync(self):
        """Put the table's mode in step with the view's phase."""
        v = self.seen
        if v is None:
            return
        self._sync_order()
        if v.phase in ("hand_over", "game_over"):
            self.mode, self.arr, self.picked = "result", None, None
            self.show_cpu = False
        elif self.hot_seat and (v.turn != self.me or self.hide_hands):
            # the other human is to act: the hands are hidden while the keyboard changes hands
            self.mode, self.arr, self.picked, self.handover_to = "handover", None, None, v.turn
        elif v.phase == "lay_down":
            if v.turn == self.me:
                self._propose_defense()
            else:
                self.mode = "wait"
                self._others_turn()
        else:
            self.mode = "play"
            self.arr = None
            if v.turn == self.me and v.phase in ("offer", "draw"):
                self._begin_turn()
            elif v.turn == self.them:
                self._others_turn()

    def _begin_turn(self):
        v = self.seen
        if self.picked is not None:
            self.picked = None
            self._sync_order()   # a card still held goes back into the shown hand
        self.moving = False
        self.focus = "pickup"
        self.target = "pile" if (v.phase == "offer" or v.stock_end) else "stock"
        self.flash = True
        if v.phase == "offer":
            self.note = "Take the upcard with + (or Ins), or pass it with - (or Del)."
        elif v.stock_end:
            self.note = "Two cards left in the Stock: take the upcard (+) only to go out, or pass (-)."
        elif SC.must_draw_stock(v):
            self.note = "Both passed the upcard: take the top card of the Stock with +."
        else:
            self.note = "Your turn: \x1b\x1a Stock or upcard, + takes the card."

    def _pickup_choice(self) -> bool:
        v = self.seen
        return v is not None and v.phase == "draw" and not v.stock_end and not SC.must_draw_stock(v)

    def deadwood_text(self) -> str:
        """The player's least unplayable points (after the best discard, with 11 cards;
        the upcard just taken is not a discard unless the rules allow it)."""
        v = self.seen
        hand = tuple(sorted(v.hand)) if v is not None else ()
        kept = None if v is None or v.options.discard_taken_upcard else v.taken_upcard
        got = self._dw_cache.get((hand, kept))
        if got is None:
            if len(hand) == 11:
                best = min(M.min_deadwood([c for c in hand if c != d]) for d in hand if d != kept)
                got = f"{best} after the best discard"
            else:
                got = str(M.min_deadwood(hand))
            if len(self._dw_cache) > 64:
                self._dw_cache.clear()
            self._dw_cache[(hand, kept)] = got
        return got

    # ---- a move applied: the notes, the mode, the keyboard seat's own move -----------
    def _after_move(self, events, move=None):
        self.moved = True
        if any(ev.kind == "deal" for ev in events):   # a new hand: fresh orders
            v = self.seen
            self.orders = {self.me: sort_for_hand(v.hand) if v is not None else [], self.them: []}
            self.picked, self.sel, self.hide_hands = None, 0, self.hot_seat
        self.narrator.narrate(events)
        self._sync()
        for ev in events:
            if ev.seat == self.me:
                self._own_move(ev)

    def _own_move(self, ev) -> None:
        """The keyboard seat's own move has taken effect: the card taken waits below the
        upcard, the notes say what was done."""
        k = ev.kind
        if k in ("take_upcard", "draw_stock"):
            card = Card.parse(ev.data["card"])
            self.picked = card
            self._sync_order()
            self.focus = "arrow"
            self.moving = False
            self.arrow = len(self.order)
            src = "the upcard" if k == "take_upcard" else "from the Stock"
            self.note = (f"You took {src}: {card_text(card)}. \x1b\x1a move the arrow, "
                         "Enter puts the card in your hand.")
        elif k == "discard":
            self.note = f"You discarded {card_text(Card.parse(ev.data['card']))}."
        elif k == "pass":
            v = self.seen
            if v is not None and v.phase in ("offer", "draw", "discard"):
                self.note = "You passed the upcard."
        elif k in ("gin", "knock"):
            self.note = "GIN!" if k == "gin" else f"You knock with {ev.data['deadwood']}."

    def refused(self, reason: str) -> None:
        """The move sent was refused (the host's answer at a network table): its reason
        in the notes; a hand in groups goes back to the marking."""
        self.note = sentence(reason)
        if self.mode == "confirm" and self.arr is not None:
            self.mode = "mark"

    # ---- the coach (game/gin/table_coach.py) ------------------------------------------
    def coach(self):
        """H: the expert's move and its reason in the notes; False (a beep, with the
        reason in the notes) when it is not the player's turn to draw or discard."""
        if not (self.my_turn and self.mode == "play"):
            return self.refuse("The coach helps when it is your turn to draw or discard.")
        opponent = self.names[self.them] if self.opponent_named else "the computer"
        advice = self.coaching.ask(self.seen, self.me, opponent)
        point_at(self, advice.move)
        self.note = "Coach: " + advice.text
        self._coach_used()
        return None

    def _coach_used(self) -> None:
        """The coach was asked (the local table's replay counts it)."""

    # ---- the player's moves (the keys' actions; False: refused, the App beeps) ------------
    def switch_target(self):
        if not self._pickup_choice():
            v = self.seen
            if v.phase == "offer":
                return self.refuse("No choice now: the first upcard is offered. + takes it, - passes.")
            if SC.must_draw_stock(v):
                return self.refuse("No choice now: both passed the upcard, take from the Stock.")
            return self.refuse("No choice now: take the upcard only to go out, or pass (-).")
        self.target = "pile" if self.target == "stock" else "stock"

    def take(self):
        """+: the upcard or the Stock's top, where the arrow points (the card waits below
        the upcard once the move has taken effect: _own_move)."""
        take_up = self.seen.phase == "offer" or self.target == "pile"
        if not self.submit(TakeUpcard(self.me) if take_up else DrawStock(self.me)):
            return False

    def pass_upcard(self):
        if not self.submit(Pass(self.me)):
            return False

    def pickup_down(self):
        """Down from the Stock/Pile: to the arrow row, over the flashing card (GIN!'s
        order: Stock/Pile, the arrow row, the hand)."""
        if not self.order:
            return False
        self.focus, self.moving, self.arrow = "arrow", True, self.sel
        self.note = ("Sort: \x1b\x1a move the arrow, Enter moves the flashing card there; "
                     "\x19 to your hand, \x18 back to the Stock/Pile.")

    def move_arrow(self, d):
        a = self.arrow + d
        if not 0 <= a <= len(self.order):
            return False
        self.arrow = a

    def insert(self):
        if self.picked is not None:
            self.order.insert(self.arrow, self.picked)
            self.picked = None
            self.sel = self.arrow
            self.focus = "hand"
            self.note = self._discard_note()
            return
        if not self.moving:
            return False
        c = self.order.pop(self.sel)
        at = self.arrow if self.arrow <= self.sel else self.arrow - 1
        self.order.insert(at, c)
        self.sel = at
        self.moving = False
        self.focus = "hand"
        self._hand_note()

    def _discard_note(self) -> str:
        v = self.seen
        out = "gin" if v is not None and v.knock_value == 0 else "gin or knock"
        return f"Move the flashing card with \x1b\x1a and discard it with - (F10: {out})."

    def arrow_down(self):
        if self.picked is not None:
            return self.refuse("Put the card you took in your hand first: Enter.")
        self.moving = False
        self.focus = "hand"
        self._hand_note()

    def _hand_note(self):
        """The note for the hand with the flashing card (after a sort, or Down to it)."""
        if self.seen.phase == "discard":
            self.note = self._discard_note()
        else:
            self.note = "Sort your cards (\x18 on a card moves it), or \x18\x18 back to the Stock/Pile."

    def arrow_up(self):
        if self.picked is not None:
            return self.refuse("Put the card you took in your hand first: Enter.")
        if self.seen.phase not in ("offer", "draw"):
            return self.refuse("You have picked up already.")
        self.moving = False
        self.focus = "pickup"

    def move_sel(self, d):
        s = self.sel + d
        if not 0 <= s < len(self.order):
            return False
        self.sel = s

    def hand_up(self):
        if not self.order:
            return False
        self.focus = "arrow"
        self.moving = True
        self.arrow = self.sel
        self.note = "Move the arrow with \x1b\x1a, Enter moves the flashing card there."

    def discard(self):
        if self.seen.phase != "discard":
            return self.refuse("Pick up first: \x18 to the Stock/Pile and +.")
        if not self.submit(Discard(self.me, self.order[self.sel])):
            return False

    def go_out(self):
        v = self.seen
        if v.phase != "discard":
            return self.refuse("Pick up first: you gin or knock after taking a card.")
        card: Card | None = self.order[self.sel]
        if v.options.big_gin and GoOut(self.me, None) in v.legal_moves:
            card = None          # Big Gin: all 11 cards in groups, no discard
        try:
            melds, un = SC.check_go_out(v, card)
        except IllegalMove as e:
            return self.refuse(sentence(str(e)))
        self.arr = Arrangement("out", card, melds, [], un)
        self.mode = "confirm"
        self.note = self._arr_summary()

    # ---- arranging the hand in groups (going out, defending) ------------------------------
    def _arr_summary(self) -> str:
        a = self.arr
        dw = M.deadwood_value(a.unmatched())
        if a.kind == "out":
            if a.discard is None:
                return "Big Gin! All 11 cards in groups, no discard."
            what = "Gin!" if not a.unmatched() else f"You knock with {dw}."
            return f"{what} Discard {card_text(a.discard)} face down."
        lo = len(a.layoffs())
        laid = f" ({lo} laid off on the knocker's groups)." if lo else "."
        return f"Your unplayable points: {dw}" + laid

    def arrangement_status(self) -> str:
        """The status line under a hand in groups: its unplayable points, or which
        marked group is no set or run (its points would mean nothing)."""
        a = self.arr
        for k, group in enumerate(a.groups()):
            if not M.is_meld(group):
                return f"group {k + 1} is not a set or a run (F10 checks it)"
        stray = M.layoff_strays(a.layoffs(), self.seen.out_melds) if a.layoffs() else []
        points = f"unplayable points {M.deadwood_value(a.unmatched() + stray)}"
        if stray:
            verb = "does" if len(stray) == 1 else "do"
            return f"{points}; {' '.join(map(card_text, stray))} {verb} not lay off (P)"
        return points

    def _propose_defense(self):
        v = self.seen
        melds, layoffs, un = SC.proposed_defense(v)
        self.arr = Arrangement("defend", None, melds, layoffs, un)
        self.mode = "confirm"
        self.picked = None
        self.note = self._arr_summary()    # (the knock or gin itself is the line above: said once)

    def confirm_yes(self):
        a = self.arr
        melds = tuple(tuple(m) for m in a.groups())
        move = (GoOut(self.me, a.discard, melds) if a.kind == "out"
                else LayDown(self.me, melds, tuple(a.layoffs())))
        if not self.submit(move):
            self.mode = "mark"
            return False
        return None

    def confirm_no(self):
        self.mode = "mark"
        self.arr.cursor = 0
        knocked = self.arr.kind == "defend" and self.seen.out_kind == "knock"
        extra = ", P on the knocker's groups" if knocked else ""
        self.note = f"Mark each card 1, 2, 3 or space{extra}; F10 when done."

    def cancel_out(self):
        self.arr = None
        self.mode = "play"
        self.focus = "hand"
        self.note = "Back to play: no gin, no knock."

    def move_cursor(self, d):
        c = self.arr.cursor + d
        if not 0 <= c < len(self.arr.cards):
            return False
        self.arr.cursor = c

    def mark(self, m):
        a = self.arr
        if m == "P" and self.seen.out_kind != "knock":
            return self.refuse("No lay-offs after gin.")
        a.marks[a.cursor] = m
        if a.cursor < len(a.cards) - 1:
            a.cursor += 1

    def finish_marking(self):
        a = self.arr
        v = self.seen
        try:
            if a.kind == "out":
                melds, un = SC.check_go_out(v, a.discard, a.groups())
                layoffs = []
            else:
                melds, plan, un = SC.check_lay_down(v, a.groups(), a.layoffs())
                layoffs = [c for c, _ in plan]
        except IllegalMove as e:
            return self.refuse(sentence(str(e)) + " Try again.")
        self.arr = Arrangement(a.kind, a.discard, melds, layoffs, un)
        self.mode = "confirm"
        self.note = self._arr_summary()

    # ---- hands --------------------------------------------------------------------------
    def next_hand_move(self) -> NextHand:
        """The deal of the next hand, as this table asks for it (joined: this seat asks
        the host; at the local table the deal is the table's, no seat's)."""
        return NextHand(self.me) if self.remote else NextHand()

    def _next_hand(self):
        v = self.seen
        if v is None or v.phase != "hand_over":
            return
        self.other_note = ""
        self.submit(self.next_hand_move())
