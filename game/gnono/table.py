"""The Gnono table: the engine's state on screen, the keys turned into moves.

The seat whose hand is shown sits at the bottom (the human at the keyboard; with
several humans, the one on turn after a hand-over screen); the others sit round
the table in play order. Every move is applied to the engine at once; its events
are then played back as `Stage`s on a `Model` of the table, so a card flies, the
table rests, and the notes line says what happened, with its sound.

Keys: Left/Right choose a card, Enter plays it, + or Ins draws, then Enter plays
the drawn card or - or Del keeps it; a colour question after a Wild (arrows or
R/Y/G/B); U calls "UNO!", C catches a seat that forgot; Y/N challenges a Wild Draw
Four. H asks the coach (the expert's move and why). F2 rules, F4 scores, F8 save and
leave, F9 the computers' hands, Space hurries a computer's turn, Esc leaves (saved).
Anything else beeps. Each round is recorded for the Replays screen; the end-of-game
screen's C makes a deal challenge.

The table is split by concern: the clockwork without pygame (controller.py), the
playback, the drawing (table_draw.py), the keys (table_keys.py), the save, the replays,
coach and challenge (table_coach.py), the questions (screens.py); this module holds
them together.

One table for local, hosted and joined play: the table reads its seat's view and sends
its moves through its controller, the seat source. Local and hosted, that is the engine
with its computers (controller.py); hosted over the network (issue #36, `hosting`:
game/net/hosting.py, attached by the controller as in Gin and Nerts), the seats in
`hosting.remote` are played from other computers (no keys, no computer here; their
turn is waited for, by name while they are away), the host applies the table's moves
and tells the players, a network player's move comes back through the controller and
is played back, recorded and saved as a computer's; nothing is played (and the round's
first notes wait, to name the seated players) before `hosting.started`; leaving closes
the table for the players. At a joiner's program (`join`) the seat source is the link
to the host (seats.py): the same drawing and keys, a move sent, the host's next
update the truth; Enter deals at a round's end, Esc leaves the seat to the host a while.

    start(app, seed=None) -> the set-up scene
    resume(app) -> the table of saves/gnono.json, or None
    start_challenge(app, ch) -> the table of a deal challenge (game.challenges)
    new_table(app, kinds, names, options, speed="normal", seed=None, hosting=None)
    join(app, seat) -> the table at a joiner's program (seat: its game.net.remote_seat.RemoteSeat)
    GnonoTable(app, state, kinds, names, speed="normal", seed=None, ai_rngs=None, hosting=None)
"""
from __future__ import annotations

from typing import Any

from game import palette as P
from game.challenges import Challenge as DealChallenge
from game.deals import fresh_deal_no
from game.engine import IllegalMove
from game.scene import Pop, Push
from game.scenes.overlays import MessageBox
from game.scenes.turn_table import TurnTable
from game.table.handover import HandOver
from game.table.joined import JoinedSeat
from game.table.peeking import peek_refusal
from game.table_support import resume_saved

from . import replay_codec
from .cards import DECK_SIZE, Card
from .controller import GnonoController
from .help_text import HELP, NETWORK_HELP
from .narrate import Speaker, card_words, narrate
from .playback import Model, Playback, Stage
from .rules import (
    CHALLENGE,
    COLOR,
    DRAWN,
    GAME_OVER,
    PLAY,
    ROUND_OVER,
    SWAP,
    CallUno,
    Challenge,
    ChooseColor,
    Draw,
    GnonoState,
    NextRound,
    move_seat,
)
from .screens import ChallengeResult, GnonoQuestions, GnonoScoring
from .seats import LinkSeats, Unsent
from .settings import DEFAULT_NAMES, MAX_SEATS, SPEEDS, variant_name
from .setup import GnonoSetup
from .table_coach import GnonoCoach
from .table_draw import GnonoView
from .table_keys import GnonoKeys
from .table_notes import GnonoNarrator
from .table_save import SAVE_KIND, SAVE_NAME, SAVE_SCHEMA, load, table_json
from .view import GnonoView as GnonoSeatView


class GnonoTable(TurnTable):
    """The scene: its controller (self.ctl, no pygame: the seat source) plugged into the
    shared table layer (TurnTable); a Playback (playback.py, as the replay's table has)
    plays its moves back and places its seats on screen, a GnonoView draws it, a
    GnonoKeys is its key map, a GnonoNarrator keeps its notes' privacy and speech, a
    GnonoCoach its replays, coach and challenge.

    The controller is the local engine with its computers (controller.py; hosted, the
    host applies the moves) or, at a joiner's program, the link to the host
    (seats.LinkSeats: `ctl.link`): the drawing, the keys and the questions are
    the same; the clock differs (`update`: the computers and the scores here, the
    host's updates there)."""
    title = "Gnono"
    replaying = False     # a replay's table (replay_board.py): no keys, no choice
    spoken_detail_name = "your hand by colour"
    rules_help = HELP

    def __init__(self, app, state: GnonoState | None = None, kinds=None, names=None, speed: str = "normal",
                 seed: int | None = None, ai_rngs=None, hosting: Any = None,
                 ctl: GnonoController | LinkSeats | None = None):
        super().__init__(app)
        self.ctl = ctl if ctl is not None else GnonoController(state, kinds, names, seed, ai_rngs, hosting)
        self.link = self.ctl.link     # the host's link at a joiner's table, else None
        if self.link is not None:
            self.title, self.rules_help = "Gnono at a network table", NETWORK_HELP
            self.ctl.table = self
            self.joined = JoinedSeat(self, self.link, self.ctl, settling=lambda: bool(self.stages))
        self.playback = Playback(self)
        self.view = GnonoView(self)
        self.keymap = GnonoKeys(self)
        self.narrator = GnonoNarrator(self)
        self.coach = GnonoCoach(self)
        self.questions = GnonoQuestions(self)
        self.speed = speed if speed in SPEEDS else "normal"
        self.speaker = Speaker(self.ctl.spoken_names())
        self.viewer = self.ctl.humans[0] if len(self.ctl.humans) == 1 else None
        self.stages: list[Stage] = []
        self._moved = False         # a move applied and not drawn yet (dirty)
        self.hand_seen: dict = {}          # each human's hand as he last saw it
        self._turn_told = False            # the voice said "your turn" for this turn
        self._introduced = False           # the voice has read the table's first notes
        self.history: list[str] = []
        self.sel = 0
        self.sel_card: Card | None = None
        self.scroll = 0
        self.show_hands = False
        self.asking = False
        self.scoring_open = False
        self.scored_round: int | None = None   # the last round whose scores were shown
        self.late_scoring = False              # a network player dealt before they were
        self.challenge: DealChallenge | None = None   # the deal challenge being played
        self.last_replay = None                       # the last round recorded and stored
        self.challenged: tuple[str, int] | None = None   # my challenge's (colour, penalty), judged
        self.result: ChallengeResult | None = None        # what it showed, to open
        self.held: int | None = None     # hot seat: a seat whose drawn card passed, shown till a key
        self.dealt_told = False                          # the round's first notes written
        if self.ctl.hosting is None and self.link is None:
            self.tell_deal()      # (hosted: once the players are seated, by their names)

    def tell_deal(self) -> None:
        st = self.seat_view()
        self.dealt_told = True
        self.note(f"Round {st.round_no}: {self.speaker.verb(st.dealer, 'deal')} "
                  f"{st.options.hand_size} cards each. Playout score {st.options.playout_score}.")
        self.note(f"The first card is the {card_words(st.top)}.")
        # what that card did to the first player (a Skip, a Reverse, a Draw Two's cards)
        events = self.ctl.state.deal_events
        first = next((i for i, ev in enumerate(events) if ev.kind == "first_card"), len(events))
        for ev in events[first + 1:]:
            if ev.kind in ("drew", "skipped", "reversed"):
                secret = narrate(ev, self.speaker, ev.seat)[0] if ev.kind == "drew" else None
                self.note(narrate(ev, self.speaker, None)[0], seat=ev.seat, private=secret)

    # -- what the controller holds -------------------------------------------------------
    def is_human(self, seat) -> bool:
        return self.ctl.is_human(seat)

    def seat_view(self) -> GnonoSeatView:
        """The bottom seat's view of the game now (what the drawing and the keys read)."""
        return self.ctl.seat_view(self.playback.bottom)

    def deal_no(self) -> int | None:
        return self.ctl.deal_no()

    def seat_missing(self, seat: int) -> bool:
        return self.ctl.seat_missing(seat)

    def moves(self) -> list[Any]:
        """The bottom seat's legal moves now (a joiner's: the host checks again)."""
        return list(self.seat_view().legal) if self.ctl.state is not None else []

    def peek_refused(self) -> str | None:
        """Why a key that shows hidden cards (F9) is refused here, or None: a challenge,
        or a network human at the table (game/table/peeking.py)."""
        return peek_refusal(challenge=self.challenge is not None,
                            network_humans=self.ctl.network_humans())

    # -- what the narrator answers for the table
    def reader(self) -> int | None:
        return self.narrator.reader()

    def speak(self, text: str) -> None:
        self.narrator.speak(text)

    def spoken_intro(self) -> str:
        return self.narrator.spoken_intro() if self.ctl.state is not None else "Waiting for the host"

    def spoken_focus(self) -> str:
        return self.narrator.spoken_focus() if self.ctl.state is not None else ""

    def spoken_state(self) -> str:
        return self.narrator.spoken_state() if self.ctl.state is not None else "Waiting for the host."

    def spoken_detail(self) -> str | None:
        return self.narrator.spoken_detail() if self.ctl.state is not None else None

    # -- whose turn, whose hand shows (the replay's table answers these its own way)
    def my_turn(self) -> bool:
        st = self.ctl.state
        return (self.viewer is not None and st is not None and not self.stages and not self.asking
                and not self.ctl.busy() and st.current == self.viewer and st.phase in (PLAY, DRAWN))

    def hand_open(self) -> bool:
        """May the bottom hand be shown face up (and its secrets told) now?"""
        if self.viewer is None:
            return False
        if len(self.ctl.humans) <= 1 or self.held == self.viewer:
            return True
        return (self.playback.shown().current == self.viewer
                and self.ctl.state.phase not in (ROUND_OVER, GAME_OVER))

    # -- drawing only what changed (issue 45) ---------------------------------------------
    def dirty(self) -> bool:
        """Drawn every frame but while the keyboard's seat is to move, nothing plays back
        and no UNO window is open (its timer may close it); keys, notes and the blink
        redraw anyway. A hosted or joined table: every frame (the network's news)."""
        st = self.ctl.state
        at_rest = (self.ctl.hosting is None and self.link is None and st is not None
                   and not self.stages and not self._moved
                   and st.current == self.viewer and self.is_human(st.current)
                   and st.current not in self.ctl.remote and st.uno_window is None
                   and st.phase not in (ROUND_OVER, GAME_OVER))
        return not at_rest

    def status(self) -> str:
        """The title line's word on the turn."""
        v = self.ctl.state
        if v is None:
            return "Waiting for the host..."
        if v.phase in (ROUND_OVER, GAME_OVER):
            return "Round over" if v.phase == ROUND_OVER else "Game over"
        return "Your turn" if v.current == self.viewer else self.view.turn_words(v.current)

    # -- moves: through the seat source ------------------------------------------------
    def apply(self, move, scale: float = 1.0) -> bool:
        """The keyboard's (or a computer's) move: applied and played back, or at a
        joiner's table sent (the host's update plays it back); refused: the beep."""
        self._moved = True
        before = self.playback.shown().copy() if self.stages else Model.of(self.ctl.state)
        try:
            events = self.ctl.submit(move)
        except IllegalMove as exc:
            self.refuse(f"Not allowed: {exc}.")
            return False
        except Unsent as exc:
            self.refuse(str(exc) or None)
            return False
        if events is None:
            return True          # on its way to the host
        if move_seat(move) == self.viewer:
            self.narrator.remember_hand(self.viewer)   # their own move: they saw what it did
            if type(move) is Draw and len(self.ctl.humans) > 1 and any(ev.kind == "passed" for ev in events):
                self.held = self.viewer     # the card drawn stays in sight until a key
        self.stages.extend(self.playback.build_stages(before, events, scale))
        self.heard_events(events)
        self.coach.store_replays()
        return True

    def call_uno(self, move: CallUno) -> bool:
        """The viewer's "UNO!" (a legal one): told at once, without a playback, so the
        call does not hold up the card that follows it."""
        if self.link is not None:
            return self.apply(move)
        for ev in self.ctl.apply(move):
            text, cue = narrate(ev, self.speaker, self.viewer)
            self.note(text, P.YELLOW)
            if cue:
                self.app.sound(cue)
        for stage in self.stages:
            stage.model.uno_called[move.seat] = True
        return True

    def heard_events(self, events) -> None:
        for ev in events:
            if ev.kind == "challenged" and ev.seat == self.viewer and self.challenged is not None:
                prev, penalty = self.challenged
                self.challenged = None
                self.result = ChallengeResult(self.app, self.ctl.names[ev.target], list(ev.cards),
                                              bool(ev.guilty), prev, penalty)
            elif ev.kind == "round_over" and self.link is not None:
                self.history.append(f"Round {self.seat_view().round_no}: {self.link.name(ev.seat)} "
                                    f"went out, +{ev.points}")

    # -- the network: a hosted table's players' moves, a joined table's host -------------
    @property
    def updates_when_covered(self) -> bool:
        return self.ctl.hosting is not None or self.link is not None   # heard under a box too

    def network_moves(self) -> None:
        """The network players' moves the host applied since: shown, told, recorded and
        saved as a computer's are."""
        for move, events in self.ctl.heard_moves:
            before = self.playback.shown().copy() if self.stages else self.playback.live()
            self._moved = True
            self.stages.extend(self.playback.build_stages(before, events))
            self.heard_events(events)
            self.coach.store_replays()
            ended = (self.ctl.state.last_round or {}).get("round")
            if type(move) is NextRound and ended != self.scored_round:
                self.late_scoring = True      # the round's scores are still shown, and counted
        self.ctl.heard_moves.clear()

    def pump_network(self) -> bool:
        """Each step of a hosted table: the network's messages in and out, the joiners'
        names on the seats; True once play may go on (every remote seat joined, or
        the host started) and the table is not covered."""
        started = self.ctl.pump()
        waiting = self.ctl.hosting.waiting_news()       # who the table waits for (NetHosting's line)
        if waiting:
            self.note(waiting, P.LIGHT_RED)
        if self.ctl.names != self.speaker.names:
            self.speaker = Speaker(self.ctl.spoken_names())
        self.network_moves()
        if started and not self.dealt_told:
            self.tell_deal()           # by the names of the players seated
        return started and self.app.top is self

    # -- the clock --------------------------------------------------------------------
    def update(self, dt):
        if self.joined is not None:
            return self.joined.update() or self.joined_step()
        if self.ctl.hosting is not None and not self.pump_network():
            return None
        if self.late_scoring:
            self.late_scoring = False
            return self.open_scoring()
        ctl = self.ctl
        ctl.think()
        if self.stages:
            self.play_back()
            ctl.playing_back()
            return None
        if self.result is not None:
            box, self.result = self.result, None
            return Push(box)
        if self.held is not None:
            return None         # the table waits for the player's key (go_on)
        if ctl.is_over():
            if not self.scoring_open and ctl.scores_due(self.playback.pause_steps):
                return self.open_scoring()
            return None
        now = self.app.clock.steps
        move = ctl.due(now, self.playback.pause_steps)
        if move is not None:
            self.apply(move)
            return None
        if self.is_human(self.ctl.state.current) and self.ctl.state.current not in ctl.remote:
            return self.human_turn(now)
        self._turn_told = False     # (a network player's turn: the host waits for its move)
        return None

    def joined_step(self) -> Any:
        """A joiner's step, the host heard: the host's moves played back, then the
        challenge's result or the seat's question of the moment."""
        if self.stages:
            self.playback.advance()
            return None
        if self.app.top is not self:
            return None
        if self.result is not None:
            box, self.result = self.result, None
            return Push(box)
        v = self.ctl.state
        if v is None or self.asking or self.ctl.busy():
            return None
        if v.current != self.viewer or v.phase in (ROUND_OVER, GAME_OVER):
            self._turn_told = False
            return None
        return self.human_turn(self.app.clock.steps)

    def play_back(self) -> None:
        self.playback.advance()

    def human_turn(self, now: int):
        """The keyboard's turn: hand it over to the seat on turn, or ask its question."""
        st = self.ctl.state
        cur = st.current
        if cur != self.viewer:
            self._turn_told = False
            # a viewer who may still call "UNO!" keeps the keyboard a moment
            if self.viewer is not None and st.uno_window == self.viewer and now < self.ctl.hold_until:
                return None
            return self.hand_over(cur)
        if self.asking:
            return None
        self.narrator.announce_turn()
        self.narrator.tell_hand_changes()
        if st.phase == CHALLENGE:
            return self.ask_challenge()
        if st.phase == COLOR:
            return self.ask_colour(lambda c: self.apply(ChooseColor(cur, c), 0.5), cancel=False)
        if st.phase == SWAP:
            return self.ask_swap()
        return None

    # -- hot seat ---------------------------------------------------------------------
    def go_on(self) -> None:
        """The key after a drawn card that passed: the hand closes, play goes on."""
        self.held = None

    def hand_over(self, seat) -> Push:
        return Push(HandOver(self.app, seat, self.ctl.names[seat], lambda: self.take_over(seat), self.leave,
                             self.save, self.help_lines))

    def take_over(self, seat):
        self.viewer = seat
        self.sel, self.sel_card, self.scroll = 0, None, 0
        self.playback.forget()
        self.note(f"{self.speaker.verb(seat, 'have', 'has')} the keyboard.")

    # -- questions to the human (screens.py) ---------------------------------------------
    def ask_colour(self, on_pick, cancel=True) -> Push:
        return self.questions.ask_colour(on_pick, cancel)

    def ask_challenge(self) -> Push:
        return self.questions.ask_challenge()

    def ask_swap(self) -> Push:
        return self.questions.ask_swap()

    def answer_challenge(self, yes: bool, offender: int, prev: str, total: int) -> Push | None:
        """The viewer's answer to a Wild Draw Four; a challenge's event shows the hand it
        judged (at once here, with the host's update at a joiner's table)."""
        if yes:
            self.challenged = (prev, total + 2)
        if not self.apply(Challenge(self.viewer, yes), 0.6):
            self.challenged = None
        if self.link is None and self.result is not None:
            box, self.result = self.result, None
            return Push(box)
        return None

    # -- the round's end --------------------------------------------------------------
    def deal_next(self) -> bool:
        """A joiner's Enter at the round's end: the next round dealt by the host."""
        v = self.ctl.state
        if v is None or v.phase != ROUND_OVER:
            return False
        return self.apply(NextRound(self.viewer))

    def open_scoring(self) -> Push:
        self.scoring_open = True
        self.scored_round = (self.ctl.state.last_round or {}).get("round")
        line = self.ctl.round_end(self.app.stats, variant_name(self.ctl.state.options, self.app.storage))
        if line:
            self.history.append(line)
        if self.ctl.state.phase == GAME_OVER:
            self.app.storage.remove(SAVE_NAME)
        else:
            self.save()   # every finished round is kept: a crash loses at most one round
        return Push(GnonoScoring(self.app, self))

    def next_round(self) -> Pop | None:
        self.scoring_open = False
        if self.ctl.state.phase == GAME_OVER:
            return Pop(self)
        self.sel, self.sel_card, self.scroll = 0, None, 0
        self.messages.clear_lines()
        self.hand_seen = {}
        if self.ctl.state.phase == ROUND_OVER:   # (at a hosted table a player may have dealt)
            self.apply(NextRound())
        self.save()
        return None

    def draw(self, canvas) -> None:
        self._moved = bool(self.stages)    # a playback drawn: its end is drawn too (dirty)
        if self.ctl.state is not None:
            self.view.draw(canvas)
        else:
            self.joined.draw_waiting(canvas)

    # -- saving -------------------------------------------------------------------------
    def to_json(self) -> dict:
        return table_json(self, self.app.clock.steps)

    def check_invariants(self):
        """The engine's invariants, the seats, the keyboard and the timers consistent
        (AssertionError)."""
        self.ctl.check_invariants()
        if self.viewer is not None and not self.is_human(self.viewer):
            raise AssertionError("a computer at the keyboard")

    def leave(self, then=None) -> Pop:
        """Save and leave; a hosted table is closed for its players ("The host closed
        the table"); a joiner leaves the host (who keeps the seat a while)."""
        if self.joined is not None:
            return self.joined.leave(then)
        self.ctl.close_hosting()
        return super().leave(then)

    def save_state(self):
        if self.link is not None:
            return
        self.ctl.close_hosting()     # the program ends (its window closed)
        self.save()

    def close_hosting(self) -> None:
        self.ctl.close_hosting()

    def save(self):
        if self.link is not None or self.ctl.state.phase == GAME_OVER:
            return False          # (a joiner's game is saved by the host's program)
        return self.app.storage.write_json(SAVE_NAME, SAVE_KIND, SAVE_SCHEMA, self.to_json())


# ---------------------------------------------------------------- menu hooks
def new_table(app, kinds, names, options, speed="normal", seed=None,
              hosting: Any = None) -> GnonoTable:
    """A new game's table; with `hosting`, opened to the network (its remote seats are
    played from other computers: OSError with its sentence if the port cannot open)."""
    if seed is None:
        seed = fresh_deal_no()   # a random game has a deal number too
    st = GnonoState(len(kinds), seed, options)
    return GnonoTable(app, st, kinds, names, speed, seed=seed, hosting=hosting)


def join(app, seat: Any) -> GnonoTable:
    """The table at a joiner's program, its seat (a game.net.remote_seat.RemoteSeat)
    played through the link to the host."""
    speed = app.options["gnono.speed"]
    return GnonoTable(app, speed=speed, ctl=LinkSeats(seat))


def start(app, seed=None):
    return GnonoSetup(app, new_table, seed=seed)


def resume(app):
    """The saved game's table, or None (see table_support.resume_saved)."""
    return resume_saved(app, SAVE_NAME, load, _resumed)


def start_challenge(app, ch: DealChallenge) -> GnonoTable | MessageBox:
    """The game of a deal challenge: its deal number and rules, the computers at their
    levels, the same computer seeds as any game dealt on that number (new_table).
    (game.scenes.challenge asks before a saved game is replaced.)"""
    kinds = ["human" if lvl is None else lvl for lvl in ch.seats]
    opts = replay_codec.options_from_json(ch.options)
    if not 2 <= len(kinds) <= MAX_SEATS or len(kinds) * opts.hand_size >= DECK_SIZE - 4:
        app.error()    # a code made by hand: its seats and rules cannot be dealt together
        return MessageBox(app, "Challenge", [f"This challenge cannot be dealt: {len(kinds)} seats "
                                             f"of {opts.hand_size} cards."])
    o = app.options
    names = [o[f"gnono.name{i + 1}"].strip() or DEFAULT_NAMES[i] for i in range(len(kinds))]
    # the player keeps the first seat's name wherever the challenge seats him
    names[0], names[ch.human] = names[ch.human], names[0]
    app.storage.remove(SAVE_NAME)
    t = new_table(app, kinds, names, opts, o["gnono.speed"], seed=ch.deal_no)
    t.challenge = ch
    t.note(f"A challenge: beat {ch.name or 'the challenger'}'s {ch.score} on deal {ch.deal_no}.")
    t.save()
    return t


def _resumed(app, saved) -> GnonoTable:
    t = GnonoTable(app, saved.state, saved.kinds, saved.names, saved.speed, ai_rngs=saved.ai_rngs)
    if saved.clock is not None:
        t.ctl.restore_clock(saved.clock, app.clock.steps)
    if len(t.ctl.humans) > 1:
        t.viewer = None   # the hand-over screen asks who is at the keyboard
    t.ctl.restore_recording(saved.replay, app.storage.tell)
    t.ctl.coach_round, t.ctl.coach_game = saved.coach
    t.challenge = saved.challenge
    t.history = saved.history
    return t.resumed(saved.log)

