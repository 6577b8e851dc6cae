"""The Go-Stop table's controller, without pygame: the engine's state, the computer
seats and their thinking, the pace of the playback, when to ask the human, when
the hand's score is due, and what a finished hand adds to the statistics.

The scene (table.GoStopTable) calls `step()` once per update and does what it
returns (announce a stage, ask a question, open the hand's score); it draws and
reads keys. A move, the human's or a computer's, is played on the engine at once;
its events become `Stage`s through the `playback` function the scene gives
(playback.build_stages), so the cards move one after the other.

Hot seat: `humans` lists the seats played at this keyboard (seat 0 always). The
`viewer` is the human who has the keyboard (None: nobody yet); when a human other
than the viewer is asked, step() says ("pass", seat) once and the scene hides the
table until that human takes the keyboard (take_over).

Replays: with a `recorder` (game.replays.Recorder, set by the table) every hand is
recorded from its deal, each move the engine accepts, the human's and the computers',
Go/Stop answers, shaking, bombs and match choices included; when the hand is settled
the finished replay goes to `on_replay`. The coach's uses are counted per hand.

One controller for local, hosted and joined play: it reads its state and sends its
moves through a seat source (seats.py): the engine here (`EngineSeats`; hosted, a
NetHosting attached as in the other games: this table's moves go through its host,
the network's come back to `on_network_move`), or a joiner's link to a host
(`LinkSeats`: the state is the seat's last view, `receive` plays each update's events
back, a move is sent). The state shown is the source's (`ctl.source.state`, None at a
joiner's before the first view): the table's parts read it there. The seats played
elsewhere (`remote`: a hosted game's network seats, every other seat at a joiner's)
are waited for: no keys, no computer here.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from game import errors
from game.challenges import Challenge
from game.engine import IllegalMove
from game.replays import Recorder, Replay, Seat
from game.stats import GameEnd
from game.table.pacer import THINK_S, Pacer
from game.table_support import computer_move

from . import replay_codec
from .ai import GoStopAI
from .bot import HARD_ROLLOUTS, GoStopBot, make_ai, make_bot  # noqa: F401  (the table and coach read them here)
from .model import Model, Stage
from .narrate import seat_names
from .rules import GoStopState, NextHand
from .seats import EngineSeats, LinkSeats, events_from_json, hand_cards, named_cards, state_of_view
from .settings import PACE, SPEEDS
from .view import PlayerView

HUMAN = 0
# THINK_S (game/table/pacer.py): the hard player's look-ahead (tens of milliseconds) is
# spread over the playback of the turn before and the pause before its move, and the
# frame, with its drawing, stays under 4 ms.

Playback = Callable[[Model, list, float], list]


class GoStopController:
    def __init__(self, state: GoStopState | None, levels=None, speed: str = "normal",
                 seed: int | None = None, ai_rngs=None, playback: Playback | None = None,
                 humans=(HUMAN,), names=None, remote=(), hosting: Any = None,
                 source: EngineSeats | LinkSeats | None = None):
        self.source: EngineSeats | LinkSeats = source if source is not None else EngineSeats(state, hosting)
        self.hosting = hosting      # a hosted table's NetHosting (the Leave question names whom it drops)
        joined = self.source.joined
        self.n = state.n if state is not None else len(names or [])
        self.humans = tuple(sorted(set(humans) | (set() if joined else {HUMAN})))
        # the seats played at other programs: no keys, no computer moves here (a hosted
        # game's computers stand by for them: a save resumes them as computers)
        self.remote = frozenset(remote) - set(self.humans)
        self.heard_from: Model | None = None   # hosted: the table before the network's next move
        self.typed_names = list(names or [])    # hot seat: the names typed at set-up
        self.names = list(names) if joined else seat_names(self.n, self.humans, self.typed_names)
        # one human has the keyboard from the start; in hot seat the first one takes it
        self.viewer = self.humans[0] if len(self.humans) == 1 else None
        self.passing = False         # the table is hidden until the next human takes over
        computers = [] if joined else [s for s in range(self.n) if s not in self.humans]
        self.levels = list(levels) if levels else ["normal"] * len(computers)
        self.speed = speed if speed in SPEEDS else "normal"
        self.playback = playback
        base = random.Random(seed)
        self.bots: dict[int, GoStopBot] = {}    # the computers: each seat's one computer (bot.py)
        self.ais: dict[int, GoStopAI] = {}      # and their AIs (the pacer thinks with them)
        for k, s in enumerate(computers):
            rng = random.Random(base.randrange(2 ** 32))
            if ai_rngs and k < len(ai_rngs) and ai_rngs[k] is not None:
                rng = ai_rngs[k]
            self.bots[s] = make_bot(self.levels[k], rng, s)
            self.ais[s] = self.bots[s].ai
        self.stages: list[Stage] = []
        self.wait = 0                # steps waited before a computer's move / the scores
        self.asking = False          # the human is asked a question (bomb, shake, Go)
        self.asked: int | None = None   # the version whose question was asked
        self.scoring_open = False    # the hand's score is on screen
        self.scored_hand: int | None = None   # the hand whose score was shown
        self.version = 0             # counts the moves played (the views received)
        self.timing: list[int] = []  # steps of each finished computer turn
        self._turn_steps = None
        self.stats_hand = None       # the hand already counted in the statistics
        self.history: list[str] = []  # a line per finished hand (F4)
        self.pacer = Pacer("Go-Stop")   # the computer's choice under way
        self.recorder: Recorder | None = None          # see record_hands
        self.on_replay: Callable[[Replay], None] | None = None
        self.coach_hand = 0          # the coach's uses in this hand
        self.challenge: Challenge | None = None        # the challenge this game plays

    @classmethod
    def joined(cls, link: Any, names: list[str], speed: str = "normal",
               playback: Playback | None = None) -> GoStopController:
        """A joiner's controller: the seat `link.seat` at this keyboard, every other seat
        played elsewhere, the state the host's views (nothing before the first)."""
        return cls(None, speed=speed, playback=playback, humans=(link.seat,), names=names,
                   remote=set(range(len(names))), source=LinkSeats(link))

    @property
    def host(self) -> Any:
        """A hosted game's TableHost (moves go through it), else None."""
        return getattr(self.source, "host", None)

    @property
    def view(self) -> PlayerView | None:
        """A joiner's last view from the host (None at this program's engine)."""
        return getattr(self.source, "view", None)

    # -- a hosted network game (the hosting is the EngineSeats')
    def attach(self, on_move: Callable[[int, Any, list], None]) -> None:
        """Open the engine to the network (OSError with its sentence if the port cannot
        be opened); the others read its computers' seats as computers. `on_move` hears
        each move the network applied (the table plays it back as a computer's)."""
        src = self.source
        assert isinstance(src, EngineSeats) and src.hosting is not None
        computers = set(range(self.n)) - set(self.humans)
        src.hosting.attach(self.source.state, self.names, on_move, computers)
        src.host = src.hosting.host
        self.heard_from = Model.of(self.source.state)
        self.follow_hosting()

    def follow_hosting(self) -> None:
        """Each step of a hosted game: the network heard, the joiners' names taken (the
        host's name for an open seat)."""
        hosting = getattr(self.source, "hosting", None)
        if hosting is None:
            return
        hosting.pump()
        for seat in sorted(self.remote):
            name = hosting.name(seat)
            if self.names[seat] != name:
                self.rename(seat, name)

    def close_hosting(self) -> None:
        """Every player is told the host closed the table."""
        hosting = getattr(self.source, "hosting", None)
        if hosting is not None:
            hosting.close()

    def waiting_line(self) -> str:
        """The line naming the players the table waits for, or "" (the shared lines of
        a joined seat's link and of a hosted table)."""
        src = self.source
        if isinstance(src, LinkSeats):
            return str(src.link.waiting_for())
        return str(src.hosting.waiting_line()) if src.hosting is not None else ""

    # -- a joiner's game: the host's updates
    def receive(self, view: PlayerView, json_events: Sequence[Any], pace_scale: float = 1.0) -> bool:
        """A new view from the host with the events that led to it: the state shown
        becomes the view's, the events are played back from the view before. False
        when the events could not be played back (the new view is shown at once)."""
        src = self.source
        assert isinstance(src, LinkSeats)
        old = src.see(view)
        self.n = view.players
        self.version += 1
        if old is None or self.playback is None or not json_events:
            return True
        try:
            events = events_from_json(json_events)
            before = state_of_view(old, hand_cards(events, self.humans[0]), named_cards(events))
            stages = self.playback(Model.of(before), events, pace_scale)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError):
            return False      # a host's events this program cannot read: nothing to show
        for stage in stages:
            stage.seat = before.question().seat
        self.stages.extend(stages)
        return True

    def refused(self) -> None:
        """The host refused the move sent: the question is asked again."""
        self.asked = None

    # -- replays
    def seats(self) -> list[Seat]:
        """Each seat's name, kind and level, as a replay keeps them."""
        names = self.names
        computers = [s for s in range(self.n) if s not in self.humans]
        return [Seat(names[s], "human") if s in self.humans or s in self.remote
                else Seat(names[s], "computer", self.levels[computers.index(s)])
                for s in range(self.n)]

    def rename(self, seat: int, name: str) -> None:
        """A remote seat's player is known (or gone): the names, and the replay's seats."""
        self.names[seat] = name
        rec = self.recorder
        if rec is not None:
            rec.seats = self.seats()
            if rec.replay is not None:
                rec.replay = replace(rec.replay, seats=list(rec.seats))

    def record_hands(self, on_replay: Callable[[Replay], None], dealt_now: bool = True) -> None:
        """Record every hand from now on: the hand in play too when it was dealt_now
        (a chongtong at the deal is a whole hand without a move); a resumed table
        restores its own with recorder.restore, and a hand already over is not
        recorded twice."""
        self.recorder = Recorder(replay_codec, self.seats(), viewer=self.humans[0])
        self.on_replay = on_replay
        if dealt_now or not self.source.state.is_over():
            self._begin_hand()

    def _begin_hand(self) -> None:
        self.coach_hand = 0
        if self.recorder is None:
            return
        st = self.source.state
        self.recorder.begin(st, f"Hand {st.hand_no}")
        if st.is_over():      # a chongtong at the deal: settled without a move
            self._finish_hand()

    def _record(self, seat: int, move) -> None:
        if isinstance(move, NextHand):
            self._begin_hand()
            return
        rec = self.recorder
        if rec is not None and rec.replay is not None:
            rec.record(len(rec.replay.moves), seat, move)
        if self.source.state.is_over():
            self._finish_hand()

    def _finish_hand(self) -> None:
        rec = self.recorder
        if rec is None or rec.replay is None:
            return
        rep = rec.finish(self.source.state)     # the result line: narrate.hand_summary, by the replay codec
        if rep is not None and self.on_replay is not None:
            self.on_replay(rep)

    def coach_used(self) -> None:
        self.coach_hand += 1
        if self.recorder is not None:
            self.recorder.coach_used()

    # -- pace
    @property
    def hot_seat(self) -> bool:
        return len(self.humans) > 1

    def take_over(self, seat: int) -> None:
        """The human at `seat` has the keyboard (after the hand-over screen)."""
        self.viewer = seat
        self.passing = False

    @property
    def pace(self) -> tuple[int, int]:
        """(frames a card moves, frames of the pause after a move) at this speed."""
        return PACE[self.speed]

    # -- moves
    def apply(self, move, pace_scale: float = 1.0) -> str | None:
        """Play (or send) the answer to the pending question (NextHand deals the next
        hand): None once played or sent, else why it was refused (nothing changed)."""
        st = self.source.state
        if st is None:
            return "it is not your turn"
        before = Model.of(st)
        seat = st.question().seat
        try:
            events = self.source.play(seat, move)
        except IllegalMove as exc:
            return exc.reason
        if events is not None:           # (a joiner's move is played back from the host's update)
            self._played(seat, move, before, events, pace_scale)
        return None

    def heard(self, seat: int, move, events: list) -> None:
        """A move the network applied (a remote player's), played back as a computer's."""
        before = self.heard_from or Model.of(self.source.state)
        self._played(seat, move, before, events, 1.0)

    def _played(self, seat: int, move, before: Model, events: list, pace_scale: float) -> None:
        """After a move: counted, recorded, its events played back from `before`."""
        self.version += 1
        self._record(seat, move)
        if self.playback is not None:
            stages = self.playback(before, events, pace_scale)
            for stage in stages:
                stage.seat = seat
            self.stages.extend(stages)
        if self.host is not None:
            self.heard_from = Model.of(self.source.state)

    def hurry(self) -> list[Stage]:
        """Skip the playback to its end: the stages not yet begun (their notes)."""
        left = [st for st in self.stages if st.t == 0]
        self.stages = []
        return left

    # -- the clock
    def step(self, think_s: float = THINK_S) -> tuple[str, object] | None:
        """One update step. Returns what the scene must do now: ("announce", stage)
        as a stage begins, ("ask", question) for the human's bomb, shake or Go,
        ("pass", seat) when another human must take the keyboard (hot seat),
        ("score", None) when the hand's score is due; else None."""
        self.think(think_s)
        if self.stages:
            return self._play_stage()
        st = self.source.state
        if st is None:
            return None
        q = st.question()
        if q.kind == "hand_over":
            if not self.scoring_open and self.scored_hand != st.hand_no:
                self.wait += 1
                if self.wait >= self.pace[1]:
                    self.wait, self.scoring_open, self.scored_hand = 0, True, st.hand_no
                    return ("score", None)
            return None
        if q.seat in self.remote:
            self.wait = 0            # its move comes from the network (heard)
            return None
        if q.seat not in self.humans:
            if self._turn_steps is None:
                self._turn_steps = 0
            self._turn_steps += 1
            # the pause, and longer if the computer is still thinking
            self.wait = min(self.wait + 1, self.pace[1])
            if self.wait >= self.pace[1] and self.pacer.ready():
                self.wait = 0
                self.computer_move(q.seat, self.pacer.take().move)
            return None
        if self._turn_steps is not None:
            self.timing.append(self._turn_steps)
            self._turn_steps = None
        self.wait = 0
        if q.seat != self.viewer:
            if not self.passing:
                self.passing = True
                return ("pass", q.seat)
            return None
        if q.kind in ("bomb", "shake", "go_stop") and not self.asking and self.asked != self.version \
                and self.source.ready():
            self.asking, self.asked = True, self.version
            return ("ask", q)
        return None

    def _play_stage(self):
        st = self.stages[0]
        begun = st.t == 0
        st.t += 1
        if st.t >= st.steps:
            self.stages.pop(0)
        if self._turn_steps is not None:
            self._turn_steps += 1
        return ("announce", st) if begun else None

    # -- the computers
    def think(self, budget: float = THINK_S) -> None:
        """Give the computer whose question is pending a slice of thinking (the shared
        pacer, game/table/pacer.py). It begins as soon as the engine asks it, while the
        turn before is still played back; a choice for a state that has changed since
        is dropped."""
        q = self.source.state.question() if self.ais else None
        seat = q.seat if q is not None and q.kind != "hand_over" and q.seat in self.ais else None
        self.pacer.think(seat, self.version, self.ais.get(seat), lambda: self.source.state.view(seat),
                         lambda: self.source.state.legal_moves()[0], budget)

    def computer_move(self, seat: int, move=None) -> None:
        """Play the computer's move (thought out here at once if none is given); a
        move the engine refuses is a bug: reported, and the first legal move played."""
        if move is None:
            move = computer_move(lambda: self.ais[seat].choose(self.source.state.view(seat)),
                                 lambda: self.source.state.legal_moves()[0], "Go-Stop")
        reason = self.apply(move)
        if reason is not None:
            errors.report(IllegalMove(reason), f"Go-Stop computer at seat {seat}")
            self.apply(self.source.state.legal_moves()[0])

    # -- the hand's end
    def hand_counts(self) -> tuple[dict, dict, list[GameEnd]]:
        """The statistics of the hand just settled, once: (counts, bests, the hand as a
        finished game of the history: a session has no end, so its unit is the hand, its
        points each seat's chips won or paid), or ({}, {}, []) if counted already (a
        resumed score screen), not settled, or played in hot seat (the statistics are
        one player's record against the computers)."""
        st = self.source.state
        if self.stats_hand == st.hand_no or st.result is None:
            return {}, {}, []
        self.stats_hand = st.hand_no
        if self.hot_seat:
            return {}, {}, []
        res = st.result
        w = res["winner"]
        net = [0] * st.n
        for p in res["payments"]:
            net[w] += p.total
            net[p.payer] -= p.total
        chips = net[HUMAN]
        counts = {"hands_played": 1, "hands_won": int(w == HUMAN), "gos": st.go_counts[HUMAN],
                  "stops": int(w == HUMAN and not res["chongtong"]),
                  "nagari": int(bool(res["nagari"])), "chips": chips,
                  "coach_uses": self.coach_hand}
        return counts, ({"best_hand": chips} if w == HUMAN else {}), [GameEnd(net, (HUMAN,), w)]

    def check_invariants(self) -> None:
        """The engine's invariants, and the seats consistent with its players (a
        joiner's: the state shown holds every card once, as the view's sizes say)."""
        v = self.view
        if self.source.joined:
            s = self.source.state
            if s is None or v is None:
                return
            cards = s.all_cards()
            assert len(cards) == len(set(cards)), "a card shown twice"
            assert [len(h) for h in s.hands] == list(v.hand_sizes) and len(s.stock) == v.stock_size
            return
        self.source.state.check_invariants()
        assert set(self.ais) == set(range(self.n)) - set(self.humans)
        assert len(self.levels) == self.n - len(self.humans)
        assert self.viewer is None or self.viewer in self.humans
        assert self.stats_hand is None or self.stats_hand <= self.source.state.hand_no
