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
"""
from __future__ import annotations

import random
from collections.abc import Callable

from game import errors
from game.challenges import Challenge
from game.engine import IllegalMove
from game.replays import Recorder, Replay, Seat
from game.table.pacer import THINK_S, Pacer
from game.table_support import computer_move

from . import replay_codec
from .ai import GoStopAI
from .model import Model, Stage
from .narrate import seat_names
from .rules import GoStopState, NextHand
from .settings import PACE, SPEEDS

HUMAN = 0
HARD_ROLLOUTS = 48
# THINK_S (game/table/pacer.py): the hard player's look-ahead (tens of milliseconds) is
# spread over the playback of the turn before and the pause before its move, and the
# frame, with its drawing, stays under 4 ms.

Playback = Callable[[Model, list, float], list]


def make_ai(level: str, rng) -> GoStopAI:
    # a fixed count of look-ahead samples (about 25 ms on a 2020 laptop) rather than a
    # time budget: the computers' play is then the same for the same seed, resumed or not
    return GoStopAI(level, rng, rollouts=HARD_ROLLOUTS)


class GoStopController:
    def __init__(self, state: GoStopState, levels=None, speed: str = "normal",
                 seed: int | None = None, ai_rngs=None, playback: Playback | None = None,
                 humans=(HUMAN,), names=None):
        self.state = state
        self.n = state.n
        self.humans = tuple(sorted(set(humans) | {HUMAN}))
        self.typed_names = list(names or [])    # hot seat: the names typed at set-up
        self.names = seat_names(self.n, self.humans, self.typed_names)
        # one human has the keyboard from the start; in hot seat the first one takes it
        self.viewer = HUMAN if len(self.humans) == 1 else None
        self.passing = False         # the table is hidden until the next human takes over
        computers = [s for s in range(self.n) if s not in self.humans]
        self.levels = list(levels) if levels else ["normal"] * len(computers)
        self.speed = speed if speed in SPEEDS else "normal"
        self.playback = playback
        base = random.Random(seed)
        self.ais: dict[int, GoStopAI] = {}
        for k, s in enumerate(computers):
            rng = random.Random(base.randrange(2 ** 32))
            if ai_rngs and k < len(ai_rngs) and ai_rngs[k] is not None:
                rng = ai_rngs[k]
            self.ais[s] = make_ai(self.levels[k], rng)
        self.stages: list[Stage] = []
        self.wait = 0                # steps waited before a computer's move / the scores
        self.asking = False          # the human is asked a question (bomb, shake, Go)
        self.scoring_open = False    # the hand's score is on screen
        self.version = 0             # counts the moves played
        self.timing: list[int] = []  # steps of each finished computer turn
        self._turn_steps = None
        self.stats_hand = None       # the hand already counted in the statistics
        self.history: list[str] = []  # a line per finished hand (F4)
        self.pacer = Pacer("Go-Stop")   # the computer's choice under way
        self.recorder: Recorder | None = None          # see record_hands
        self.on_replay: Callable[[Replay], None] | None = None
        self.coach_hand = 0          # the coach's uses in this hand
        self.challenge: Challenge | None = None        # the challenge this game plays

    # -- replays
    def seats(self) -> list[Seat]:
        """Each seat's name, kind and level, as a replay keeps them."""
        names = self.names
        computers = [s for s in range(self.n) if s not in self.humans]
        return [Seat(names[s], "human") if s in self.humans
                else Seat(names[s], "computer", self.levels[computers.index(s)])
                for s in range(self.n)]

    def record_hands(self, on_replay: Callable[[Replay], None], dealt_now: bool = True) -> None:
        """Record every hand from now on: the hand in play too when it was dealt_now
        (a chongtong at the deal is a whole hand without a move); a resumed table
        restores its own with recorder.restore, and a hand already over is not
        recorded twice."""
        self.recorder = Recorder(replay_codec, self.seats(), viewer=self.humans[0])
        self.on_replay = on_replay
        if dealt_now or not self.state.is_over():
            self._begin_hand()

    def _begin_hand(self) -> None:
        self.coach_hand = 0
        if self.recorder is None:
            return
        st = self.state
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
        if self.state.is_over():
            self._finish_hand()

    def _finish_hand(self) -> None:
        rec = self.recorder
        if rec is None or rec.replay is None:
            return
        rep = rec.finish(self.state)     # the result line: narrate.hand_summary, by the replay codec
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
    def move_steps(self) -> int:
        return PACE[self.speed][0]

    @property
    def pause_steps(self) -> int:
        return PACE[self.speed][1]

    # -- moves
    def apply(self, move, pace_scale: float = 1.0) -> str | None:
        """Play the answer to the pending question (NextHand deals the next hand):
        None once played, else why the engine refused it (nothing changed)."""
        before = Model.of(self.state)
        seat = self.state.question().seat
        try:
            events = self.state.apply(move)
        except IllegalMove as exc:
            return exc.reason
        self.version += 1
        self._record(seat, move)
        if self.playback is not None:
            stages = self.playback(before, events, pace_scale)
            for stage in stages:
                stage.seat = seat
            self.stages.extend(stages)
        return None

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
        q = self.state.question()
        if q.kind == "hand_over":
            if not self.scoring_open:
                self.wait += 1
                if self.wait >= self.pause_steps:
                    self.wait = 0
                    self.scoring_open = True
                    return ("score", None)
            return None
        if q.seat not in self.humans:
            if self._turn_steps is None:
                self._turn_steps = 0
            self._turn_steps += 1
            # the pause, and longer if the computer is still thinking
            self.wait = min(self.wait + 1, self.pause_steps)
            if self.wait >= self.pause_steps and self.pacer.ready():
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
        if q.kind in ("bomb", "shake", "go_stop") and not self.asking:
            self.asking = True
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
        q = self.state.question()
        seat = q.seat if q.kind != "hand_over" and q.seat not in self.humans else None
        self.pacer.think(seat, self.version, self.ais.get(seat), lambda: self.state.view(seat),
                         lambda: self.state.legal_moves()[0], budget)

    def computer_move(self, seat: int, move=None) -> None:
        """Play the computer's move (thought out here at once if none is given); a
        move the engine refuses is a bug: reported, and the first legal move played."""
        if move is None:
            move = computer_move(lambda: self.ais[seat].choose(self.state.view(seat)),
                                 lambda: self.state.legal_moves()[0], "Go-Stop")
        reason = self.apply(move)
        if reason is not None:
            errors.report(IllegalMove(reason), f"Go-Stop computer at seat {seat}")
            self.apply(self.state.legal_moves()[0])

    # -- the hand's end
    def hand_counts(self) -> tuple[dict, dict]:
        """The statistics of the hand just settled, once: (counts, bests), or ({}, {})
        if counted already (a resumed score screen), not settled, or played in hot
        seat (the statistics are one player's record against the computers)."""
        st = self.state
        if self.stats_hand == st.hand_no or st.result is None:
            return {}, {}
        self.stats_hand = st.hand_no
        if self.hot_seat:
            return {}, {}
        res = st.result
        w = res["winner"]
        pays = res["payments"]
        if w == HUMAN:
            chips = sum(p.total for p in pays)
        else:
            chips = -sum(p.total for p in pays if p.payer == HUMAN)
        counts = {"hands_played": 1, "hands_won": int(w == HUMAN), "gos": st.go_counts[HUMAN],
                  "stops": int(w == HUMAN and not res["chongtong"]),
                  "nagari": int(bool(res["nagari"])), "chips": chips,
                  "coach_uses": self.coach_hand}
        return counts, ({"best_hand": chips} if w == HUMAN else {})

    def check_invariants(self) -> None:
        """The engine's invariants, and the seats consistent with its players."""
        self.state.check_invariants()
        assert set(self.ais) == set(range(self.n)) - set(self.humans)
        assert len(self.levels) == self.n - len(self.humans)
        assert self.viewer is None or self.viewer in self.humans
        assert self.stats_hand is None or self.stats_hand <= self.state.hand_no
