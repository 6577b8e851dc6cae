"""The Go-Stop table: the engine's state on screen, the keys turned into moves.

The human at the keyboard sits at the bottom (seat 0, or in hot seat whoever has
the keyboard), the others at the top: the next in turn top right, as play goes
to the right. In hot seat a hand-over screen hides the table between two humans,
and the bottom hand is face down except on its owner's own turn. Every move (the
human's or a computer's) is applied to the engine at once; its events are then
played back as `Stage`s on a `Model` of the table, so the cards move one after the
other with a pause, each event announced in the notes with its sound. A computer
thinks in slices of about a millisecond a step (think()), from the moment the engine
asks it, so the hard player's look-ahead never stalls a frame.

Keys: Left/Right choose a hand card (the table cards it would take are framed),
Enter plays it; a choice between two table cards by Left/Right and Enter; Y/N for
shaking and bombs, G/S for Go or Stop; F3 log, F4 chips, F8 save and leave, F9 the
computers' hands, Esc leave (the game is saved). Anything else beeps.

    start(app, seed=None) -> the set-up scene
    resume(app) -> the table of saves/gostop.json, or None
    join(app, seat) -> the table of a joiner (seat: the Join screen's RemoteSeat)
    GoStopTable(app, state, levels=None, speed="normal", seed=None, ..., hosting=None)

The table is split by concern: controller.py (no pygame: the state, the computers'
thinking and pace, the hand's end), playback.py (events to moving cards),
table_draw.py, table_keys.py, screens.py (Go or Stop, the hand's score) and
table_save.py (the save and its reader). This module composes them into the scene
(the controller, a view, a key map, the speech and the coach are objects the table
holds), with the set-up screen and the menu's start/resume/join. One table serves
local, hosted and joined play: its controller reads the state and sends the moves
through a seat source (seats.py: the engine here, or the link to a host).
"""
from __future__ import annotations

import json
from typing import Any

import pygame

from game import palette as P
from game.challenges import Challenge
from game.keys import Binding
from game.replays import Replay
from game.scene import Pop, Push
from game.scenes.turn_table import TurnTable
from game.table.handover import HandOver
from game.table.joined import JoinedSeat
from game.table.peeking import peek_refusal
from game.table_support import record_stats, resume_saved
from game.words import counted

from . import replay_codec
from .cards import PLANTS
from .controller import HARD_ROLLOUTS, HUMAN, THINK_S, GoStopController, make_ai  # noqa: F401
from .help_text import HELP
from .model import Model
from .narrate import Speaker, hand_summary
from .playback import build_stages
from .rules import Bomb, GoStop, GoStopState, NextHand, Shake
from .screens import CoachedQuestion, GoStopBox, GoStopScoring
from .settings import (
    variant_name,
)
from .setup import GoStopSetup
from .table_coach import GoStopCoach
from .table_draw import FLIP, GoStopView  # noqa: F401  (FLIP: the tests' name)
from .table_keys import GoStopKeys
from .table_layout import Layout
from .table_save import SAVE_KIND, SAVE_NAME, SAVE_SCHEMA, load, table_json
from .table_speech import GoStopSpeech

_make_ai = make_ai   # the name the tests use


def seat_levels(n: int, humans, remote, levels, remote_level: str) -> list[str]:
    """A hosted game's computer levels, one per seat not at this keyboard: the remote
    seats' stand-ins at the hosting's level (they play only if a save is resumed);
    `levels` lists one per such seat, or one per computer seat only."""
    others = [s for s in range(n) if s not in humans]
    given = list(levels or [])
    if len(given) == len(others):
        return [remote_level if s in remote else lv for s, lv in zip(others, given)]
    rest = iter(given)
    return [remote_level if s in remote else next(rest, "normal") for s in others]
NEXT_HAND = NextHand()


# ------------------------------------------------------------------------ the table
def seat_names_of(link: Any) -> list[str]:
    """A joiner's names at the table: "You" for this seat (as at one keyboard), the
    joiners' and the host's names for the others (a player named "You" elsewhere gets
    a number)."""
    return ["You" if i == link.seat else (f"You ({i + 1})" if link.name(i) == "You" else link.name(i))
            for i in range(len(link.names))]


class GoStopTable(TurnTable):
    """The one Go-Stop table for local, hosted and joined play: the controller (self.ctl,
    no pygame) reads its state and sends its moves through its seat source (seats.py),
    drawn by a GoStopView, its keys a GoStopKeys, spoken by a GoStopSpeech, coached by
    a GoStopCoach, plugged into the shared turn table (notes, log, leaving).

    Local: the computers, the hot seat's hand-over, the replays, statistics and saves.
    Hosted (`hosting`, a game/net/hosting.NetHosting, attached by the controller as in
    the other games): the seats in hosting.remote are played at other programs (no
    keys, no computer moves here: the table waits on their turn, and names who is
    away); the network's moves are played back, recorded and saved as a computer's.
    Nothing is played until hosting.started; leaving closes the hosting. The save
    resumes as a local game, the remote seats played by computers.
    Joined (`join(app, seat)`): the state is the seat's last view from the host; a key
    with nothing to do, a second move before the host answered the first, and the
    host's refusal beep; the host deals the next hand (Enter only closes the score);
    no F8 nor F9 (the host saves; no computers here); Esc leaves (the host keeps the
    seat: Alt+R on the Join screen rejoins); the table's end is game/table/remote_end.py's."""
    title = "Go-Stop"
    spoken_detail_name = "your hand by month"
    rules_help = HELP
    view_class = GoStopView      # (a replay's table draws and keys its own way: replay_board.py)
    keys_class = GoStopKeys

    def __init__(self, app, state: GoStopState | None, levels=None, speed: str = "normal",
                 seed: int | None = None, ai_rngs=None, humans=(HUMAN,), resumed: bool = False,
                 names=None, hosting: Any = None,   # a game/net/hosting.NetHosting (not imported:
                 link: Any = None):                 # the network modules import the games' list)
        super().__init__(app)
        self.sel = 0                 # the chosen hand entry
        self.choice = 0              # the chosen table card of a match question
        self.show_hands = False
        self._model_cache: Any = None   # (version, model, layout) of the live state
        self.boxes: list[tuple[Any, int]] = []     # the boxes the clock opened, at which version
        self.last_replay: Replay | None = None   # the last hand recorded
        self._drawn_version: Any = None      # the controller's version last drawn (dirty)
        self.link = link             # a joiner's game/net/remote_seat.RemoteSeat
        if link is not None:
            self.title = "Go-Stop at a network table"
            self.set_parts(GoStopController.joined(link, seat_names_of(link), speed, self._playback))
            # the host heard, keys held while a move is in flight, whose turn, the end (the
            # drawing names who is away: waiting_line)
            self.joined = JoinedSeat(self, link, self, settling=lambda: bool(self.ctl.stages),
                                     tell_waiting=False)
            self.note(f"You sit at seat {link.seat + 1}. The host deals; every move goes through it.")
            return
        assert state is not None
        remote = hosting.remote if hosting is not None else frozenset()
        humans = tuple(h for h in humans if h not in remote) or (HUMAN,)
        if hosting is not None:
            levels = seat_levels(state.n, humans, remote, levels, hosting.level)
        self.set_parts(GoStopController(state, levels, speed, seed, ai_rngs, playback=self._playback,
                                        humans=humans, names=names, remote=remote, hosting=hosting))
        self.start_recording(dealt_now=not resumed)
        if hosting is not None:
            self.ctl.attach(self.on_network_move)
        self.note(f"Hand {state.hand_no}: {self.speaker.verb(state.dealer, 'deal')} and "
                  f"play{'' if self.speaker.you(state.dealer) else 's'} first. "
                  f"Target {state.options.target_points} points.")

    def set_parts(self, ctl: Any) -> None:
        """The controller, and the parts that read it (once the controller exists)."""
        self.ctl = ctl
        self.names = ctl.names       # one list: a seat renamed is renamed everywhere
        self.view = self.view_class(self)
        self.keymap = self.keys_class(self)
        self.narrator = GoStopSpeech(self)
        self.coach = GoStopCoach(self)
        self.speaker = Speaker(self.names)

    def _playback(self, model: Model, events: list[Any], pace_scale: float) -> list[Any]:
        return build_stages(self.ctl.source.state, self.speaker, self.ctl.pace,
                            model, events, pace_scale, bottom=self.bottom)

    # -- who sits at the bottom, and what of his hand shows
    @property
    def bottom(self) -> int:
        """The seat at the bottom: the human at the keyboard (before the first
        hand-over of a hot seat, the first human)."""
        v = self.ctl.viewer
        return int(self.ctl.humans[0] if v is None else v)

    def hand_visible(self) -> bool:
        """The bottom hand is face up: always with one human; in hot seat only while
        its owner is the one asked (never behind a hand-over or at another's turn)."""
        if not self.ctl.hot_seat:
            return True
        st = self.ctl.source.state
        return bool(not self.ctl.passing and st.phase != "hand_over"
                    and st.question().seat == self.ctl.viewer)

    def reader(self) -> int | None:
        """The seat whose private notes (the coach's answers) may be read now: the
        keyboard's while its hand is face up (game/table/audience.py)."""
        return self.ctl.viewer if self.hand_visible() else None

    # -- the live model
    def live(self) -> tuple[Model, Layout]:
        key = (self.ctl.version, self.bottom)
        if self._model_cache is None or self._model_cache[0] != key:
            m = Model.of(self.ctl.source.state)
            self._model_cache = (key, m, Layout(m, self.bottom, self.ctl.n))
        return self._model_cache[1], self._model_cache[2]

    def shown(self) -> tuple[Model, Layout]:
        """The model and layout on screen now (a stage of a turn, or the live state)."""
        if self.ctl.stages:
            st = self.ctl.stages[0]
            if st.layout is None:
                st.layout = Layout(st.model, self.bottom, self.ctl.n)
            return st.model, st.layout
        return self.live()

    # -- moves
    def apply(self, move: Any, pace_scale: float = 1.0) -> bool:
        """Play a move for the seat asked (a refused one beeps, with why)."""
        reason = self.ctl.apply(move, pace_scale)
        if reason is not None:
            self.refuse(f"Not allowed: {reason}.")
            return False
        return True

    def hurry(self) -> bool:
        """Enter/Space during a playback: show its end at once (notes kept)."""
        for st in self.ctl.hurry():
            if st.note:
                self.note(st.note)
        return True

    def peek_refused(self) -> str | None:
        """F9 is refused in a challenge and while a network human is seated."""
        return peek_refusal(challenge=self.ctl.challenge is not None, network_humans=len(self.ctl.remote))

    # -- the clock
    def think_s(self) -> float:
        """The computers' slice of thinking a step (game/table/pacer.py: THINK_S; a
        module's own name, so the tests may give it a smaller one)."""
        return THINK_S

    @property
    def updates_when_covered(self) -> bool:
        """A network game hears the network under a box too (the table itself waits)."""
        return self.joined is not None or self.ctl.host is not None

    def update(self, dt: float) -> Any:
        if self.joined is not None:
            ended = self.joined.update()
            if ended is not None:
                return ended
        else:
            self.ctl.follow_hosting()
        stale = [box for box, seen in self.boxes if seen != self.ctl.version and box in self.app.scenes]
        self.boxes = [(box, seen) for box, seen in self.boxes if box in self.app.scenes and box not in stale]
        if stale and self.joined:   # the host moved on (the next deal): its question or score is gone
            self.ctl.scoring_open = self.ctl.asking = False
            return Pop(stale[-1])
        held = not self.joined and not self.ctl.source.ready()     # a hosted game waits for its players
        if self.app.top is not self or self.ctl.source.state is None or held:
            return None
        signal = self.ctl.step(self.think_s())
        self.keymap.clamp_selection()
        if signal is None:
            return None
        what, arg = signal
        if what == "announce":
            if arg.cue:
                self.app.sound(arg.cue)
            if arg.note:
                self.note(arg.note)
            return None
        if what == "ask":
            return self.opened(self.ask(arg))
        if what == "pass":
            return self.pass_keyboard(arg)
        return self.opened(self.open_scoring())

    def opened(self, transition: Push) -> Push:
        """A box the clock opened (a question, the score) is for this version."""
        self.boxes.append((transition.scene, self.ctl.version))
        return transition

    # -- a joiner's table: what its JoinedSeat (game/table/joined.py) tells it
    def received(self, events: list[Any]) -> None:
        if not self.ctl.receive(self.link.view, events):
            self.note("The host's last move could not be shown move by move.", P.YELLOW)

    def refused(self, reason: str) -> None:
        """(The beep is the JoinedSeat's.) The question is asked again."""
        self.ctl.refused()
        self.messages.refusal(f"Not allowed: {reason}.", P.YELLOW)

    def seated(self) -> None:
        self.names[:] = seat_names_of(self.link)

    def turn(self) -> int | None:
        st = self.ctl.source.state
        return None if st is None or st.phase == "hand_over" else int(st.question().seat)

    def tell(self, line: str) -> None:
        self.note(line)

    def over_lines(self) -> list[str]:
        st = self.ctl.source.state
        if st is None:
            return []
        return ["Chips: " + ", ".join(f"{self.names[s]} {st.chips[s]:+d}" for s in range(st.n)) + "."]

    def waiting_line(self) -> str:
        """A network game: the line that names the players the table waits for, or ""."""
        return self.ctl.waiting_line()

    # -- the human's questions
    def ask(self, q: Any) -> Push:
        if q.kind == "go_stop":
            return Push(GoStopBox(self.app, self))
        st = self.ctl.source.state
        m = q.cards[0].month
        if q.kind == "bomb":
            two = sum(1 for c in st.hands[q.seat] if c.month == m) == 2   # the two-card bomb
            text = [f"Bomb? You hold two {m}s ({PLANTS[m]}) and the other two lie on the table."
                    if two else
                    f"Bomb? You hold three {m}s ({PLANTS[m]}) and the fourth lies on the table.",
                    f"Yes: play {'both' if two else 'all three'} at once and take the four cards, "
                    "one junk from each opponent; your payment doubles if you win, and on "
                    f"{'one later turn' if two else 'two later turns'} you only turn up the stock.",
                    "No: play only the card you chose."]
            yes, no = Bomb(True), Bomb(False)
        else:
            text = [f"Shake? You hold three {m}s ({PLANTS[m]}).",
                    "Yes: show them to everyone; your payment doubles if you win this hand.",
                    "No: just play the card."]
            yes, no = Shake(True), Shake(False)

        def answer(move: Any) -> None:
            self.ctl.asking = False
            if st is self.ctl.source.state:
                self.apply(move, pace_scale=0.6)

        return Push(CoachedQuestion(self.app, self, text, lambda: answer(yes), lambda: answer(no),
                                    title="Bomb" if q.kind == "bomb" else "Shaking"))

    def answer_go(self, go: bool) -> None:
        self.ctl.asking = False
        self.apply(GoStop(go), pace_scale=0.6)

    # -- replays and the hot seat
    def start_recording(self, dealt_now: bool = True) -> None:
        """Record every hand into the replays folder (the playback's table does not)."""
        self.ctl.record_hands(self._hand_recorded, dealt_now)

    def _hand_recorded(self, rep: Replay) -> None:
        self.app.replays.save(rep)
        self.last_replay = rep

    def take_over(self, seat: int) -> None:
        """After the hand-over screen: `seat` has the keyboard and sits at the bottom."""
        self.ctl.take_over(seat)
        self.sel = self.choice = 0
        self._model_cache = None
        for st in self.ctl.stages:
            st.layout = None
        self.note(f"{self.names[seat]} has the keyboard.")

    def pass_keyboard(self, seat: int) -> Push:
        return Push(HandOver(self.app, seat, self.names[seat], lambda: self.take_over(seat), self.leave,
                             self.save, self.help_lines))

    def on_network_move(self, seat: int, move: Any, events: list[Any]) -> None:
        """A move the network applied (a remote player's): as a computer's at this table."""
        self.ctl.heard(seat, move, events)

    # -- leaving
    def table_bindings(self, f4_label, f4_action, bars) -> list[Binding]:
        """A joiner's table: F3, F1, F4 as at one keyboard; no F8 (the host saves) nor
        F9 (no computers here); Esc leaves at once (the seat is kept a while)."""
        if not self.joined:
            return super().table_bindings(f4_label, f4_action, bars)
        keep = [b for b in super().table_bindings(f4_label, f4_action, bars)
                if not any(k in (pygame.K_F8, pygame.K_ESCAPE) for k in b.keys)]
        return keep + [self.leave_binding()]

    def leave_binding(self) -> Binding:
        return Binding((pygame.K_ESCAPE,), "Leave the table (the seat is kept a while)", self.leave,
                       bar="Leave")

    # -- drawing only what changed (issue 45)
    def draw(self, canvas):
        # a playback drawn: its end is drawn too
        self._drawn_version = None if self.ctl.stages else self.ctl.version
        super().draw(canvas)

    def dirty(self) -> bool:
        """Drawn every frame but while the keyboard's seat is asked, nothing plays back
        and the state is the one drawn; keys, notes and the blink redraw anyway. A
        hosted or joined table: every frame (the network's news)."""
        ctl = self.ctl
        if self.joined or ctl.host is not None or ctl.source.state is None:
            return True
        q = ctl.source.state.question()
        at_rest = (not ctl.stages and ctl.version == self._drawn_version
                   and q.kind != "hand_over" and q.seat == ctl.viewer and q.seat in ctl.humans
                   and q.seat not in ctl.remote)
        return not at_rest

    def leave(self, then=None):
        if self.joined is not None:
            return self.joined.leave(then)    # goodbye to the host (the seat is kept for the grace)
        self.ctl.close_hosting()     # every player is told the host closed the table
        return super().leave(then)

    def save_state(self):
        if self.link is not None:
            self.link.leave()        # the program closes: goodbye to the host
            return
        super().save_state()
        self.ctl.close_hosting()

    # -- the hand over
    def open_scoring(self) -> Push:
        self.ctl.history.append(hand_summary(self.ctl.source.state, self.names))
        if self.joined:              # the host keeps the statistics and deals the next hand
            return Push(GoStopScoring(self.app, self, self.close_scoring))
        counts, bests, ended = self.ctl.hand_counts()
        record_stats(self.app.stats, "gostop", counts, bests, level=self.level_name(), ended=ended,
                     variant=variant_name(self.ctl.source.state.options, self.app.options, self.app.storage))
        self.save()   # every finished hand is kept: a crash loses at most one hand
        return Push(GoStopScoring(self.app, self, self.next_hand))

    def close_scoring(self) -> None:
        self.ctl.scoring_open = False

    def next_hand(self):
        self.sel = 0
        self.ctl.scoring_open = False
        if not self.apply(NEXT_HAND):
            self.ctl.scored_hand = None     # refused: the score comes back
        self.save()

    def check_invariants(self):
        """The controller's and the engine's invariants, and the state's JSON reads
        back the same (saves.py's checks); AssertionError or ValueError."""
        self.ctl.check_invariants()
        if self.joined:
            return
        data = json.loads(json.dumps(self.ctl.source.state.to_json()))
        assert GoStopState.from_json(data).to_json() == data

    def level_name(self) -> str:
        """The statistics' level: the computer's, or both ("hard+normal"); a hosted
        game's remote seats are players, not computers."""
        computers = [s for s in range(self.ctl.n) if s not in self.ctl.humans]
        levels = [lv for s, lv in zip(computers, self.ctl.levels) if s not in self.ctl.remote]
        return "+".join(levels) if levels else "humans only"

    # -- saving (a joiner's table keeps nothing: the host keeps the game)
    def to_json(self) -> dict:
        return table_json(self.ctl, self.messages.public(), self.ai_rng_states())

    def save(self):
        if self.joined:
            return None
        return self.app.storage.write_json(SAVE_NAME, SAVE_KIND, SAVE_SCHEMA, self.to_json())

    # -- speech before a joiner's first view
    def spoken_focus(self) -> str:
        return "" if self.ctl.source.state is None else super().spoken_focus()

    def spoken_state(self) -> str:
        return "Waiting for the host." if self.ctl.source.state is None else super().spoken_state()

    def spoken_detail(self) -> str | None:
        return None if self.ctl.source.state is None else super().spoken_detail()


# ---------------------------------------------------------------- menu hooks
def join(app: Any, seat: Any) -> GoStopTable:
    """The table of a joiner: `seat`, the game/net/remote_seat.RemoteSeat of the Join screen."""
    return GoStopTable(app, None, speed=app.options["gostop.speed"], link=seat)


def start(app, seed=None):
    return GoStopSetup(app, GoStopTable, seed=seed)


def resume(app):
    """The saved game's table, or None (see table_support.resume_saved)."""
    return resume_saved(app, SAVE_NAME, load, _resumed)


def start_challenge(app, ch: Challenge) -> GoStopTable:
    """The game of a challenge (game/scenes/challenge.py): dealt on its deal number with
    its rules, the computers at its levels with the random sources a game started on
    that number gets (GoStopSetup.start), so every computer plays as it did."""
    opts = replay_codec.options_from_json(ch.options)
    if len(ch.seats) != opts.rules.players or ch.human != HUMAN:
        raise ValueError("its seats do not fit the Go-Stop table")
    st = GoStopState.new(opts.rules, ch.deal_no)
    levels = [lv for lv in ch.seats if lv is not None]
    app.storage.remove(SAVE_NAME)
    t = GoStopTable(app, st, levels, app.options["gostop.speed"], seed=ch.deal_no)
    t.ctl.challenge = ch
    who = ch.name or "The challenger"
    over = f" over {opts.hands} hand{'s' if opts.hands != 1 else ''}" if opts.hands else ""
    t.note(f"A challenge: {who} won {counted(ch.score, 'chip', signed=True)} on this deal{over}. Beat it!")
    t.save()
    return t


def _resumed(app, saved) -> GoStopTable:
    t = GoStopTable(app, saved.state, saved.levels, saved.speed, ai_rngs=saved.ai_rngs,
                    humans=saved.humans, resumed=True, names=saved.names)
    t.ctl.wait, t.ctl.stats_hand = saved.wait, saved.stats_hand
    t.ctl.recorder.restore(saved.replay, saved.state, app.storage.tell)
    t.ctl.challenge, t.ctl.coach_hand = saved.challenge, saved.coach
    t.ctl.history = saved.history
    return t.resumed(saved.log + t.messages.public())
