"""The Gin table's state and play, without pygame: the engine's game, the computer's
paced turns, the autosave and statistics after each hand, on top of the keyboard
seat's play from its view (game/gin/seat_play.py: the player's order of his cards,
where his keys point, the notes, the keys' actions). The scene, game/gin/table.py's
GinTable, holds one (its `ctl`) with a drawing view and a key map.

The computer is paced on the fixed clock (update(), STEP_HZ steps a second): it waits
CPU_*_STEPS before each move, and thinks during the wait through the shared pacer
(game/table/pacer.py): it moves when both the pause and the thought are over. A
thought whose state has changed (a new deal by F7) is dropped.

The controller is composed, not mixed: its Narrator (narrate.py) says the events,
its CoachTally (table_coach.py) counts the coach's hints, its HandRecording
(table_replays.py) records each hand as a replay.

Hosted (issue #36: `hosting`, a game/net/hosting.NetHosting with seat 1 remote): the
engine is opened to the network at once (hosting.attach); the other seat is its
joiner's, no computer's; the keyboard's moves go through the host (local_move), the
deal of the next hand too (table_move); the joiner's moves come back through
on_network_move and take the computer's after-move path (notes, replay, autosave);
nothing is played until hosting.started. F6, F7 and F9 are no keys of a network table.
(A joined table's controller is SeatPlay itself, its source the link to the host.)

`app` is only asked for sound(name), storage, stats and replays.
"""
from __future__ import annotations

from game import errors
from game.clock import STEP_HZ
from game.engine import IllegalMove
from game.gin import narrate, table_save
from game.gin.arrangement import CPU, HUMAN, sort_for_hand
from game.gin.bot import make_bot
from game.gin.rules import GinGame, NextHand, Redeal
from game.gin.seat_play import MODES, SeatPlay, sentence  # noqa: F401  (the table's names)
from game.gin.table_replays import HandRecording, replay_seats
from game.gin.view import GinView
from game.table.pacer import THINK_S, Pacer

CPU_NAME = "Computer"
GUEST_NAME = "Guest"      # a hosted table's other seat, until its player joins
# the computer's pace, in fixed steps: a pause before each of its moves
CPU_DRAW_STEPS = int(0.7 * STEP_HZ)
CPU_DISCARD_STEPS = int(0.9 * STEP_HZ)
CPU_LAYDOWN_STEPS = int(1.0 * STEP_HZ)


class GinController(SeatPlay):
    """The local table: the engine is here, the keyboard seat plays on it, the
    computer (or the hot seat's other human) the other seat."""

    def __init__(self, app, game: GinGame, name: str, level: str, ai_seed: int, session: dict,
                 hosting=None):
        if hosting is not None and set(hosting.remote) != {CPU}:
            raise ValueError("a hosted Gin table plays the first seat at its keyboard, "
                             "the other over the network")
        self.game = game
        self.version = 0                     # moves applied: a thought is for one version
        self._seen: tuple[tuple, GinView] | None = None
        self.session = {**table_save.SESSION_MORE, **session}
        self.hosting = hosting               # the table opened to the network, or None
        self.networked = hosting is not None
        self.hot_seat = self.session["opponent"] == "human" and hosting is None
        other = self.session["name2"] if self.hot_seat else GUEST_NAME if hosting else CPU_NAME
        super().__init__(app, (name or "Player", other), HUMAN)
        self.level = level
        self.ai_seed = ai_seed
        # the computer: the game's one bot (bot.py), its move thought over in slices by the pacer
        self.bot = None if self.hot_seat or hosting is not None else make_bot(level, ai_seed, CPU)
        self.orders = {s: sort_for_hand(game.hands[s]) for s in (HUMAN, CPU)}
        self.hide_hands = self.hot_seat      # hot seat: a new hand is handed over even to `me`
        self.cpu_wait = 0                    # steps left of the pause before the computer moves
        self.pacer = Pacer("Gin")          # the computer's choice under way
        self.think_times: list[float] = []   # seconds each of the computer's choices took
        self.challenge = None                # the deal challenge played at this table, if any
        self._sync()
        self._record_hands()
        self._waiting = ""
        if hosting is not None:
            hosting.attach(game, self.names, self.on_network_move)   # OSError: the port is not opened
            self._waiting = self.waiting_line()

    def _record_hands(self) -> None:
        """The hand's replay from now, with the seats' names as they are (none on a
        replay's own table)."""
        self.recording = HandRecording(self.app, None if self.replaying else
                                       replay_seats(self.names, self.level, self.hot_seat or self.networked))
        self.recording.start(self.game)

    # ---- the seat's view, from the engine at hand -----------------------------------
    @property
    def seen(self) -> GinView:
        """The keyboard seat's view of the engine (made again when the state moved on)."""
        g = self.game
        key = (id(g), self.me, self.version, g.phase, g.turn, g.hand_no, len(g.stock), len(g.pile),
               tuple(g.hands[self.me]), g.taken_upcard, g.out_seat, len(g.records), g.stock_end,
               g.must_draw_stock, g.knock_value, g.dealer)
        if self._seen is None or self._seen[0] != key:
            self._seen = (key, g.view(self.me))
        return self._seen[1]

    def deal_number(self) -> int | None:
        return self.game.deal_no

    def sheet(self) -> GinGame:
        """What the score screens read: the game itself."""
        return self.game

    def peek_hand(self):
        """F9: the computer's hand face up while the player asked for it."""
        return sort_for_hand(self.game.hands[self.them]) if self.show_cpu else None

    # ---- the network (hosted) ----------------------------------------------------------
    def on_network_move(self, seat: int, move, events) -> None:
        """The joiner's move, applied by the host: told, recorded and saved as the
        computer's are."""
        self._after_move(events, move)

    def follow_hosting(self) -> None:
        """Each fixed step at a hosted table: the network's messages (the joiner's moves
        come through on_network_move), the joiner's name, who is missing."""
        h = self.hosting
        if h is None:
            return
        was_started = h.started
        h.pump()
        names = (self.names[0], h.name(CPU))
        if names != self.names:
            self.names = names
            self.moved = True
            if not was_started and self.version == 0:    # nothing played: the replay takes the name
                self._record_hands()
        waiting = self.waiting_line()
        if waiting != self._waiting:
            self._waiting, self.moved = waiting, True

    def waiting_line(self) -> str:
        return self.hosting.waiting_line() if self.hosting is not None else ""

    def close_hosting(self) -> None:
        """The host leaves: every player is told (a listing's trouble goes to the log)."""
        if self.hosting is not None:
            problem = self.hosting.close()
            if problem:
                errors.note(problem, "network")

    def _others_turn(self) -> None:
        v = self.seen
        if v.phase == "lay_down":
            self.cpu_wait = CPU_LAYDOWN_STEPS
        else:
            self.cpu_wait = CPU_DRAW_STEPS if v.phase != "discard" else CPU_DISCARD_STEPS

    def take_keyboard(self):
        """Hot seat: the player the keyboard was handed to is ready; his hand is shown."""
        if self.handover_to is None:
            return False
        self.me, self.handover_to, self.hide_hands = self.handover_to, None, False
        self.sel, self.flash = 0, True
        self.mode = "play"
        self._sync()

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
    def submit(self, move) -> bool:
        """Apply the player's move; False (with the reason in the notes) if the engine refused it."""
        return self._apply(move) is not None

    def _play(self, move) -> list:
        """The keyboard's move applied: by the engine, or at a hosted table by its host
        (which tells the players); IllegalMove if refused."""
        h = self.hosting
        if h is None:
            return self.game.apply(move)
        if not h.started:
            raise IllegalMove("wait for a player to join the table")
        if isinstance(move, NextHand):          # the deal is the table's, no seat's
            return h.host.table_move(NextHand())
        return h.host.local_move(move.seat, move)

    def _apply(self, move) -> list | None:
        """Apply the player's move; None (with the reason in the notes) if the engine refused it."""
        try:
            events = self._play(move)
        except IllegalMove as e:
            self.note = sentence(str(e))
            return None
        self._after_move(events, move)
        return events

    def _after_move(self, events, move=None):
        self.recording.record_move(self.game, move, events)
        self.version += 1
        super()._after_move(events, move)
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
    def _coach_used(self) -> None:
        self.recording.coach_used()     # the hand's replay counts them too

    def coach_end_note(self) -> str:
        """The end-of-game screen's line when the winner asked the coach, else ""."""
        return self.coaching.end_note(self.game.scores(), self.names, self.hot_seat, self.me)

    # ---- the computer's turns (paced on the fixed clock) -------------------------------
    def cpu_to_move(self) -> bool:
        g = self.game
        return (self.bot is not None and self.mode in ("play", "wait") and g.turn == self.them
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
        self.pacer.think(self.them, self.version, self.bot.ai, lambda: self.game.view(self.them),
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

    # ---- the table's own keys ----------------------------------------------------------
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
