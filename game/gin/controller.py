"""The Gin table's state and play, without pygame: the engine's game, the player's own
order of his cards and where his keys point, the notes, the computer's paced turns,
and the autosave and statistics after each hand. The scene, game/gin/table.py's
GinTable, holds one (its `ctl`) with a drawing view and a key map.

The computer is paced on the fixed clock (update(), STEP_HZ steps a second): it waits
CPU_*_STEPS before each move, and thinks during the wait through the shared pacer
(game/table/pacer.py): it moves when both the pause and the thought are over. A
thought whose state has changed (a new deal by F7) is dropped.

The controller is composed, not mixed: its Narrator (narrate.py) says the events,
its CoachTally (table_coach.py) counts the coach's hints, its HandRecording
(table_replays.py) records each hand as a replay.

`app` is only asked for sound(name), storage, stats and replays.
"""
from __future__ import annotations

from game import errors
from game.cards import Card, card_text, codes_as_text
from game.clock import STEP_HZ
from game.engine import IllegalMove
from game.gin import melds as M
from game.gin import narrate, table_save
from game.gin.ai import make_ai
from game.gin.arrangement import CPU, HUMAN, Arrangement, sort_for_hand
from game.gin.narrate import Narrator, who
from game.gin.rules import Discard, DrawStock, GinGame, GoOut, LayDown, NextHand, Pass, Redeal, TakeUpcard
from game.gin.table_coach import CoachTally
from game.gin.table_replays import HandRecording, replay_seats
from game.table.audience import Message
from game.table.pacer import THINK_S, Pacer

CPU_NAME = "Computer"
# the computer's pace, in fixed steps: a pause before each of its moves
CPU_DRAW_STEPS = int(0.7 * STEP_HZ)
CPU_DISCARD_STEPS = int(0.9 * STEP_HZ)
CPU_LAYDOWN_STEPS = int(1.0 * STEP_HZ)
MODES = ("play", "wait", "confirm", "mark", "result", "handover", "over")   # over: the game's end shown


def sentence(reason: str) -> str:
    """An engine's refusal as a note: "you have drawn already" -> "You have drawn already.";
    its card codes as the table prints cards ("AC 4S" -> "A\x05 4\x06")."""
    reason = codes_as_text(reason)
    return reason[:1].upper() + reason[1:] + "."


class GinController:
    replaying = False      # a replay's table (game/gin/replay_board.py): drawn, never played

    def __init__(self, app, game: GinGame, name: str, level: str, ai_seed: int, session: dict):
        self.app = app
        self._note = Message(None)            # the keyboard player's own line (audience: `me`)
        self._other_note = ""                 # the line everyone reads
        self.in_key = False                  # a key is being handled (its note goes with the focus)
        self.note_unsaid = False             # a note set by a key, not spoken yet
        self.game = game
        self.session = {**table_save.SESSION_MORE, **session}
        self.hot_seat = self.session["opponent"] == "human"
        self.names = (name or "Player", self.session["name2"] if self.hot_seat else CPU_NAME)
        self.level = level
        self.ai_seed = ai_seed
        self.ai = None if self.hot_seat else make_ai(level, ai_seed)
        self.me = HUMAN                      # the seat at the bottom (hot seat: whose turn)
        self.orders = {s: sort_for_hand(game.hands[s]) for s in (HUMAN, CPU)}
        self.handover_to: int | None = None  # hot seat: the seat the keyboard passes to
        self.hide_hands = self.hot_seat      # hot seat: a new hand is handed over even to `me`
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
        self.cpu_wait = 0                    # steps left of the pause before the computer moves
        self.pacer = Pacer("Gin")          # the computer's choice under way
        self.narrator = Narrator(self)       # the notes and sounds of the events
        self.coaching = CoachTally()         # the coach's hints, counted
        self.version = 0                     # moves applied: a thought is for one version
        self.think_times: list[float] = []   # seconds each of the computer's choices took
        self._dw_cache: dict = {}
        self.moved = True                    # a move not drawn yet (GinTable.dirty)
        self.challenge = None                # the deal challenge played at this table, if any
        self._sync()
        # the hand's replay (none on a replay's own table)
        self.recording = HandRecording(app, None if self.replaying else
                                       replay_seats(self.names, level, self.hot_seat))
        self.recording.start(game)

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
        return (self.game.turn == self.me and self.game.phase in ("offer", "draw", "discard")
                and self.mode != "handover")

    def refuse(self, reason: str = ""):
        """A refused key: the note says why; returning False makes the App beep."""
        if reason:
            self.note = reason
        return False

    def _sync_order(self):
        hand = self.game.hands[self.me]
        keep = [c for c in self.order if c in hand and c != self.picked]
        new = [c for c in sort_for_hand(hand) if c not in keep and c != self.picked]
        self.order = keep + new
        self.sel = min(self.sel, max(0, len(self.order) - 1))

    def _sync(self):
        """Put the table's mode in step with the engine's phase."""
        g = self.game
        self._sync_order()
        if g.phase in ("hand_over", "game_over"):
            self.mode, self.arr, self.picked = "result", None, None
            self.show_cpu = False
        elif self.hot_seat and (g.turn != self.me or self.hide_hands):
            # the other human is to act: the hands are hidden while the keyboard changes hands
            self.mode, self.arr, self.picked, self.handover_to = "handover", None, None, g.turn
        elif g.phase == "lay_down":
            if g.turn == self.me:
                self._propose_defense()
            else:
                self.mode = "wait"
                self.cpu_wait = CPU_LAYDOWN_STEPS
        else:
            self.mode = "play"
            self.arr = None
            if g.turn == self.me and g.phase in ("offer", "draw"):
                self._begin_turn()
            elif g.turn == self.them:
                self.cpu_wait = CPU_DRAW_STEPS if g.phase != "discard" else CPU_DISCARD_STEPS

    def take_keyboard(self):
        """Hot seat: the player the keyboard was handed to is ready; his hand is shown."""
        if self.handover_to is None:
            return False
        self.me, self.handover_to, self.hide_hands = self.handover_to, None, False
        self.sel, self.flash = 0, True
        self.mode = "play"
        self._sync()

    def _begin_turn(self):
        g = self.game
        if self.picked is not None:
            self.picked = None
            self._sync_order()   # a card still held goes back into the shown hand
        self.moving = False
        self.focus = "pickup"
        self.target = "pile" if (g.phase == "offer" or g.stock_end) else "stock"
        self.flash = True
        if g.phase == "offer":
            self.note = "Take the upcard with + (or Ins), or pass it with - (or Del)."
        elif g.stock_end:
            self.note = "Two cards left in the Stock: take the upcard (+) only to go out, or pass (-)."
        elif g.must_draw_stock:
            self.note = "Both passed the upcard: take the top card of the Stock with +."
        else:
            self.note = "Your turn: \x1b\x1a Stock or upcard, + takes the card."

    def _pickup_choice(self) -> bool:
        g = self.game
        return g.phase == "draw" and not g.must_draw_stock and not g.stock_end

    def deadwood_text(self) -> str:
        """The player's least unplayable points (after the best discard, with 11 cards;
        the upcard just taken is not a discard unless the rules allow it)."""
        g = self.game
        hand = tuple(sorted(g.hands[self.me]))
        kept = None if g.options.discard_taken_upcard else g.taken_upcard
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

    def check_invariants(self):
        """The engine's invariants (through its save reader: what a resume would read),
        the shown hand order the human's hand; raises AssertionError or ValueError."""
        g = self.game
        GinGame.from_json(g.to_json())
        hand = g.hands[self.me]
        assert len(set(self.order)) == len(self.order)
        assert all(c in hand for c in self.order), "a card shown in the hand is not in it"
        assert self.picked is None or (self.picked in hand and self.picked not in self.order)
        if g.phase != "lay_down" and self.mode in ("play", "wait", "result", "over"):
            assert set(self.order) | ({self.picked} if self.picked else set()) == set(hand), \
                f"the shown hand differs from the hand: {self.mode} {g.phase} {self.focus} " \
                f"{self.picked} {sorted(map(str, self.order))} {sorted(map(str, hand))}"
        assert self.mode in MODES

    # ---- applying moves --------------------------------------------------------------
    def _apply(self, move) -> list | None:
        """Apply the player's move; None (with the reason in the notes) if the engine refused it."""
        try:
            events = self.game.apply(move)
        except IllegalMove as e:
            self.note = sentence(str(e))
            return None
        self._after_move(events, move)
        return events

    def _after_move(self, events, move=None):
        self.recording.record_move(self.game, move, events)
        self.version += 1
        self.moved = True
        if any(ev.kind == "deal" for ev in events):   # a new hand: fresh orders
            self.orders = {s: sort_for_hand(self.game.hands[s]) for s in (self.me, self.them)}
            self.picked, self.sel, self.hide_hands = None, 0, self.hot_seat
        self.narrator.narrate(events)
        self._sync()
        self._autosave(events)

    def _autosave(self, events):
        """After every hand (and every deal) the game is saved: a crash loses at most one hand."""
        if {ev.kind for ev in events} & {"hand_scored", "dead_hand", "deal"}:
            narrate.record(self, events, self.coaching.hand_uses(events))
            self.save()

    def save(self) -> bool:
        if self.game.phase == "game_over":
            self.app.storage.remove(table_save.SAVE_NAME)
            return True
        return table_save.write(self.app.storage, self)

    # ---- the coach (game/gin/table_coach.py) ------------------------------------------
    def coach(self):
        """H: the expert's move and its reason in the notes; False (a beep, with the
        reason in the notes) when it is not the player's turn to draw or discard."""
        if not (self.my_turn and self.mode == "play"):
            return self.refuse("The coach helps when it is your turn to draw or discard.")
        opponent = self.names[self.them] if self.hot_seat else "the computer"
        advice = self.coaching.ask(self.game.view(self.me), self.me, opponent)
        self.note = "Coach: " + advice.text
        self.recording.coach_used()     # the hand's replay counts them too
        return None

    def coach_end_note(self) -> str:
        """The end-of-game screen's line when the winner asked the coach, else ""."""
        return self.coaching.end_note(self.game.scores(), self.names, self.hot_seat, self.me)

    # ---- the computer's turns (paced on the fixed clock) -------------------------------
    def cpu_to_move(self) -> bool:
        g = self.game
        return (not self.hot_seat and self.mode in ("play", "wait") and g.turn == self.them
                and g.phase in ("offer", "draw", "discard", "lay_down"))

    def update(self, dt=None):
        """One fixed step: the computer thinks, and moves once its pause is over."""
        if not self.cpu_to_move():
            self.pacer.drop()
            return None
        self.think()
        self.cpu_wait -= 1
        if self.cpu_wait > 0 or not self.pacer.ready():
            return None
        th = self.pacer.take()
        self.think_times.append(th.spent)
        self._cpu_play(th.move)
        return None

    def think(self, budget: float = THINK_S) -> None:
        """A slice of the computer's thinking about the state as it is now (the shared
        pacer, game/table/pacer.py)."""
        self.pacer.think(self.them, self.version, self.ai, lambda: self.game.view(self.them),
                         self._plain_move, budget)

    def _plain_move(self):
        """A legal move for the computer when its own code failed: going out if it can."""
        legal = self.game.legal_moves(self.them)
        return legal[-1] if self.game.phase == "discard" else legal[0]

    def _cpu_play(self, move):
        try:
            events = self.game.apply(move)
        except IllegalMove as exc:   # the computer's bug: reported, then a plain move
            errors.report(exc, "computer player (gin): its move was refused")
            move = self._plain_move()
            events = self.game.apply(move)
        self._after_move(events, move)

    # ---- the player's moves (the keys' actions; False: refused, the App beeps) ------------
    def switch_target(self):
        if not self._pickup_choice():
            if self.game.phase == "offer":
                return self.refuse("No choice now: the first upcard is offered. + takes it, - passes.")
            if self.game.must_draw_stock:
                return self.refuse("No choice now: both passed the upcard, take from the Stock.")
            return self.refuse("No choice now: take the upcard only to go out, or pass (-).")
        self.target = "pile" if self.target == "stock" else "stock"

    def take(self):
        g = self.game
        if g.phase == "offer" or self.target == "pile":
            events = self._apply(TakeUpcard(self.me))
        else:
            events = self._apply(DrawStock(self.me))
        if events is None:
            return False
        card = Card.parse(events[0].data["card"])
        self.picked = card
        self._sync_order()
        self.focus = "arrow"
        self.moving = False
        self.arrow = len(self.order)
        src = "the upcard" if events[0].kind == "take_upcard" else "from the Stock"
        self.note = (f"You took {src}: {card_text(card)}. \x1b\x1a move the arrow, "
                     "Enter puts the card in your hand.")

    def pass_upcard(self):
        if self._apply(Pass(self.me)) is None:
            return False
        if self.game.phase in ("offer", "draw", "discard"):
            self.note = "You passed the upcard."

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
            self.note = "Move the flashing card with \x1b\x1a and discard it with - (F10: gin or knock)."
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

    def arrow_down(self):
        if self.picked is not None:
            return self.refuse("Put the card you took in your hand first: Enter.")
        self.moving = False
        self.focus = "hand"
        self._hand_note()

    def _hand_note(self):
        """The note for the hand with the flashing card (after a sort, or Down to it)."""
        if self.game.phase == "discard":
            self.note = "Move the flashing card with \x1b\x1a and discard it with - (F10: gin or knock)."
        else:
            self.note = "Sort your cards (\x18 on a card moves it), or \x18\x18 back to the Stock/Pile."

    def arrow_up(self):
        if self.picked is not None:
            return self.refuse("Put the card you took in your hand first: Enter.")
        if self.game.phase not in ("offer", "draw"):
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
        if self.game.phase != "discard":
            return self.refuse("Pick up first: \x18 to the Stock/Pile and +.")
        card = self.order[self.sel]
        if self._apply(Discard(self.me, card)) is None:
            return False
        self.note = f"You discarded {card_text(card)}."

    def go_out(self):
        g = self.game
        if g.phase != "discard":
            return self.refuse("Pick up first: you gin or knock after taking a card.")
        card = self.order[self.sel]
        if g.options.big_gin and GoOut(self.me, None) in g.legal_moves(self.me):
            card = None          # Big Gin: all 11 cards in groups, no discard
        try:
            melds, un = g.check_go_out(self.me, card)
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
        stray = M.layoff_strays(a.layoffs(), self.game.out_melds) if a.layoffs() else []
        points = f"unplayable points {M.deadwood_value(a.unmatched() + stray)}"
        if stray:
            verb = "does" if len(stray) == 1 else "do"
            return f"{points}; {' '.join(map(card_text, stray))} {verb} not lay off (P)"
        return points

    def _propose_defense(self):
        g = self.game
        melds, layoffs, un = g.proposed_defense(self.me)
        self.arr = Arrangement("defend", None, melds, layoffs, un)
        self.mode = "confirm"
        self.picked = None
        kind = "goes gin" if g.out_kind == "gin" else "knocks"
        self.note = f"{who(self, self.them)} {kind}. " + self._arr_summary()

    def confirm_yes(self):
        a = self.arr
        melds = tuple(tuple(m) for m in a.groups())
        if a.kind == "out":
            events = self._apply(GoOut(self.me, a.discard, melds))
            if events is None:
                self.mode = "mark"
                return False
            self.order = [c for c in self.order if c != a.discard]
            self.note = "GIN!" if events[0].kind == "gin" else f"You knock with {events[0].data['deadwood']}."
        elif self._apply(LayDown(self.me, melds, tuple(a.layoffs()))) is None:
            self.mode = "mark"
            return False

    def confirm_no(self):
        self.mode = "mark"
        self.arr.cursor = 0
        knocked = self.arr.kind == "defend" and self.game.out_kind == "knock"
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
        if m == "P" and self.game.out_kind != "knock":
            return self.refuse("No lay-offs after gin.")
        a.marks[a.cursor] = m
        if a.cursor < len(a.cards) - 1:
            a.cursor += 1

    def finish_marking(self):
        a = self.arr
        g = self.game
        try:
            if a.kind == "out":
                melds, un = g.check_go_out(self.me, a.discard, a.groups())
                layoffs = []
            else:
                melds, plan, un = g.check_lay_down(self.me, a.groups(), a.layoffs())
                layoffs = [c for c, _ in plan]
        except IllegalMove as e:
            return self.refuse(sentence(str(e)) + " Try again.")
        self.arr = Arrangement(a.kind, a.discard, melds, layoffs, un)
        self.mode = "confirm"
        self.note = self._arr_summary()

    # ---- hands --------------------------------------------------------------------------
    def _next_hand(self):
        if self.game.phase != "hand_over":
            return
        self.other_note = ""
        self._apply(NextHand())

    def _redeal(self):
        self.picked = None
        if self._apply(Redeal(self.me)) is None:
            self._sync_order()
            return False
        self.other_note = "A new deal."

    def toggle_cpu(self):
        if self.hot_seat:
            return self.refuse("Hot seat: nobody sees the other player's hand.")
        self.show_cpu = not self.show_cpu
        self.note = ("The computer's hand is shown (F9 hides it)." if self.show_cpu
                     else "The computer's hand is hidden.")
