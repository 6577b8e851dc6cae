"""The Gnono table's clockwork, without pygame: the game state, the seats and their
computers (game/gnono/bot.py, the one computer the host and the autoplay use too: its
decisions to call, catch and jump in; the pace of them is this module's), the
computers' pace and thinking, the UNO-window timers, and when the statistics are
counted. The table (game/gnono/table.py) calls `due(now, pause)` at
each update step with nothing being played back and applies the move it returns;
`think()` at every step gives a computer that thinks in slices (an AI with
start_choice/work) a slice of work through the shared pacer (game/table/pacer.py).

Each round is recorded for the replays (game.replays.Recorder): begun at its deal,
every move the engine accepts, finished when it is scored (take_finished() hands the
replays to the table to store); the coach's hints are counted per round and game.

Computers catch a missed "UNO!" after their reaction time, never sooner than
HUMAN_GRACE after a human's card lands; a computer that forgot stays catchable for
at least HUMAN_CATCH before the next computer moves.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from game import errors
from game.clock import STEP_HZ
from game.replays import Recorder, Replay, Seat
from game.stats import GameEnd
from game.table.pacer import THINK_S, Pacer, thinks_in_slices
from game.table_support import computer_move, record_stats

from . import replay_codec
from .bot import make_bot
from .rules import GAME_OVER, PLAY, ROUND_OVER, CallUno, Catch, GnonoState, NextRound, move_seat
from .view import GnonoView

HUMAN = "human"
HUMAN_GRACE = int(1.2 * STEP_HZ)   # no computer catches a human sooner after his card lands
HUMAN_CATCH = int(1.6 * STEP_HZ)   # a computer's missed call stays open at least this long


@dataclass
class Timer:
    at: int                 # app step when it fires
    move: object
    window: tuple           # the UNO window it belongs to


class GnonoController:
    link = None             # (the local engine: a joined table's controller is seats.LinkSeats)

    def __init__(self, state: GnonoState, kinds, names, seed: int | None = None, ai_rngs=None,
                 hosting: Any = None):
        self.state = state
        self.n = state.n
        if len(kinds) != self.n or len(names) != self.n:
            raise ValueError("one kind and one name per seat")
        # a seat played over the network (a hosted table) is a human's, not at this keyboard
        self.hosting = hosting      # a game.net.hosting.NetHosting: the table opened to the network
        self.remote = frozenset(hosting.remote) if hosting is not None else frozenset()
        self.kinds = [HUMAN if s in self.remote else k for s, k in enumerate(kinds)]
        self.names = list(names)
        base = random.Random(seed)
        self.bots = {}              # the computers (bot.py): each seat's one computer player
        self.ais = {}               # and their AIs (the pacer thinks with them; a save keeps their rngs)
        k = 0
        for s in range(self.n):
            rng = random.Random(base.randrange(2 ** 32))
            if self.kinds[s] == HUMAN:
                continue
            if ai_rngs and k < len(ai_rngs) and ai_rngs[k] is not None:
                rng = ai_rngs[k]
            self.bots[s] = make_bot(self.kinds[s], rng, s)
            self.ais[s] = self.bots[s].ai
            k += 1
        self.humans = [s for s in range(self.n) if self.kinds[s] == HUMAN and s not in self.remote]
        self.version = 0            # moves applied: a thought for an older state is dropped
        self.wait = 0               # steps waited before a computer's move / the scores
        self.window = None          # (seat, turns, round) of the UNO window being watched
        self.hold_until = 0         # no computer turn before this step
        self.timers: list[Timer] = []
        self.turn_steps = None
        self.timing: list[int] = []  # steps of each computer turn, think to rest
        self.stats_round = None      # the round already counted in the statistics
        self.pacer = Pacer("Gnono")   # the computer's choice under way
        # replays: each round recorded from its deal; a resumed game restores its round
        self.recorder = Recorder(replay_codec, self.replay_seats(), self.humans[0] if self.humans else 0)
        self.finished: list[Replay] = []   # rounds recorded and scored, for the table to store
        self.coach_round = 0               # the coach's hints this round (the statistics)
        self.coach_game = 0                # and this game (the end-of-game screen)
        self._view: tuple[int, int, GnonoView] | None = None   # (version, seat, view)
        self.heard_moves: list[tuple[Any, list]] = []   # the network players' moves, to show
        self.begin_round()
        if hosting is not None:     # OSError (its sentence) if the port cannot be opened
            hosting.attach(state, self.names, self.on_network_move, sorted(self.ais))

    def is_human(self, seat) -> bool:
        return self.kinds[seat] == HUMAN

    def spoken_names(self) -> list[str]:
        """The names the notes use (a seat named "You" is addressed so)."""
        return self.names

    def seat_view(self, seat: int) -> GnonoView:
        """`seat`'s view of the state now, kept until the next move."""
        if self._view is None or self._view[:2] != (self.version, seat):
            self._view = (self.version, seat, self.state.view(seat))
        return self._view[2]

    def is_over(self) -> bool:
        """The round (or the game) is over: its scores are due."""
        return self.state.phase in (ROUND_OVER, GAME_OVER)

    def apply(self, move) -> list:
        """The engine's events of a move (IllegalMove: refused, nothing changed); at a
        hosted table the host applies it and tells the network players."""
        if self.hosting is None:
            events = self.state.apply(move)
        else:
            seat, host = move_seat(move), self.hosting.host
            events = host.table_move(move) if seat is None else host.local_move(seat, move)
        self.heard(move)
        return events

    submit = apply          # the seat source's word: the local engine applies at once

    def busy(self) -> bool:
        return False        # (a move here is applied at once)

    def deal_no(self) -> int | None:
        return self.state.deal_no

    # -- a hosted table (game/net/hosting.py): the network's moves come in ----------------
    def on_network_move(self, seat: int, move, events: list) -> None:
        """A network player's move, applied by the host: recorded, and kept for the
        table to show (heard_moves)."""
        self.heard(move)
        self.heard_moves.append((move, events))

    def pump(self) -> bool:
        """Each step of a hosted table: the network's messages in and out, the joiners'
        names on their seats; True once play may go on (every remote seat joined, or
        the host started)."""
        hosting = self.hosting
        hosting.pump()
        names = [hosting.name(s) if s in self.remote else name for s, name in enumerate(self.names)]
        if names != self.names:
            self.rename(names)
        return hosting.started

    def seat_missing(self, seat: int) -> bool:
        """A hosted table's network player not (or no longer) connected."""
        return self.hosting is not None and seat in self.hosting.missing()

    def network_humans(self) -> int:
        """The humans seated over the network (a hosted table's remote seats)."""
        return len(self.remote)

    def close_hosting(self) -> None:
        """The host leaves (or the program ends): the network players are told."""
        h = self.hosting
        if h is not None and h.host is not None and not h.host.ended:
            h.close()

    def heard(self, move) -> None:
        """A move was applied to the state (here, or by the network's host)."""
        self.version += 1
        self._record(move)

    # -- replays ----------------------------------------------------------------------
    def replay_seats(self) -> list[Seat]:
        return [Seat(self.names[s], "human") if self.is_human(s) else Seat(self.names[s], "computer", k)
                for s, k in enumerate(self.kinds)]

    def begin_round(self) -> None:
        """Record the round just dealt (none once the game is over)."""
        st = self.state
        self.coach_round = 0
        if st.phase in (ROUND_OVER, GAME_OVER):
            return
        self.recorder.begin(st, f"Round {st.round_no}")

    def _record(self, move) -> None:
        if type(move) is NextRound:
            self.begin_round()
            return
        rec = self.recorder
        if rec.replay is None:
            return
        rec.record(len(rec.replay.moves), move_seat(move), move)
        if self.is_over():     # the result line and scores: made by the replay codec
            self.finished.append(rec.finish(self.state))

    def rename(self, names) -> None:
        """The seats' names changed (a network player joined): the round's replay names
        them too, if none of its moves is recorded yet."""
        self.names = list(names)
        self.recorder.seats = self.replay_seats()
        rep = self.recorder.replay
        if rep is not None and not rep.moves:
            self.recorder.begin(self.state, rep.label)

    def take_finished(self) -> list[Replay]:
        """The rounds recorded and scored since the last call (to be stored)."""
        out, self.finished = self.finished, []
        return out

    def coach_used(self) -> None:
        self.coach_round += 1
        self.coach_game += 1
        self.recorder.coach_used()

    def restore_recording(self, data, tell=None) -> None:
        """The round in progress from a save: kept only if its moves lead to the state
        as saved (Recorder.restore: a damaged one is dropped and told; the game goes on)."""
        self.recorder.restore(data, self.state, tell)

    # -- the clock ---------------------------------------------------------------------
    def playing_back(self) -> None:
        """A step spent showing the last move: a computer's turn goes on counting."""
        if self.turn_steps is not None:
            self.turn_steps += 1

    def scores_due(self, pause_steps: int) -> bool:
        """A step of the pause before the round's scores: True once it has passed."""
        self.timers = []
        self.wait += 1
        if self.wait < pause_steps:
            return False
        self.wait = 0
        return True

    def due(self, now: int, pause_steps: int):
        """The computers' move at step `now`, or None: a scheduled "UNO!" call or catch,
        or the move of the computer on turn once it has paused (and thought) enough.
        With a human on turn, None and the keyboard is the human's."""
        self.watch_window(now)
        move = self.fire_timers(now)
        if move is not None:
            return move
        cur = self.state.current
        if self.is_human(cur):
            self.end_turn()
            self.wait = 0
            return None
        if self.turn_steps is None:
            self.turn_steps = 0
        self.turn_steps += 1
        self.wait = min(self.wait + 1, pause_steps)
        if self.wait >= pause_steps and now >= self.hold_until:
            move = self.computer_choice(cur)
            if move is not None:
                self.wait = 0
            return move
        return None

    def end_turn(self) -> None:
        if self.turn_steps is not None:
            self.timing.append(self.turn_steps)
            self.turn_steps = None

    # -- the UNO window ------------------------------------------------------------------
    def watch_window(self, now: int) -> None:
        """A seat is down to one card without "UNO!": schedule the calls and catches."""
        st = self.state
        w = st.uno_window
        key = (w, st.turns, st.round_no) if w is not None else None
        if key == self.window:
            return
        self.window = key
        self.timers = []
        if w is None:
            return
        if w in self.bots:
            plan = self.bots[w].decide_uno(st.view(w), now)
            if plan is not None:       # it remembers its call
                self.timers.append(Timer(plan[0], plan[1], key))
                self.hold_until = plan[0] + 1
                return
        best = None
        for c, bot in self.bots.items():
            if c == w:
                continue
            plan = bot.decide_uno(st.view(c), now)
            if plan is None:
                continue
            at = max(plan[0], now + HUMAN_GRACE) if self.is_human(w) else plan[0]
            if best is None or at < best[0]:
                best = (at, plan[1])
        hold = now
        if best is not None:
            self.timers.append(Timer(best[0], best[1], key))
            hold = best[0] + 1
        if self.is_human(w):
            hold = max(hold, now + HUMAN_GRACE)
        elif self.humans or self.remote:
            hold = max(hold, now + HUMAN_CATCH)
        self.hold_until = hold

    def fire_timers(self, now: int):
        for t in list(self.timers):
            if now >= t.at:
                self.timers.remove(t)
                if t.window == self.window and self.state.is_legal(t.move):
                    return t.move
        return None

    # -- the computers' thinking ---------------------------------------------------------
    def thinker(self) -> int | None:
        """The computer seat on turn, if any."""
        if self.is_over() or self.is_human(self.state.current):
            return None
        return self.state.current

    def think(self, budget: float = THINK_S) -> None:
        """A slice of thinking for the computer on turn when its AI thinks in slices
        (game.table.pacer). It begins as soon as the engine asks it, while the turn
        before is still played back; a choice for a state that has changed since is
        dropped."""
        seat = self.thinker()
        if seat is not None and not thinks_in_slices(self.ais[seat]):
            seat = None     # it chooses at once when its pause is over (computer_choice)
        self.pacer.think(seat, self.version, self.ais.get(seat), lambda: self.state.view(seat),
                         lambda: self.fallback(seat), budget)

    def computer_choice(self, seat: int):
        """The move of the computer on turn now that its pause is over, or None while
        it is still thinking. Another computer may first jump in with an identical card
        (house rule)."""
        st = self.state
        ai = self.ais[seat]
        if thinks_in_slices(ai):
            self.think()
            if not self.pacer.ready():
                return None
        if st.options.jump_in and st.phase == PLAY:
            for k in range(1, self.n):
                other = st.next_seat(seat, k)
                if other in self.bots:
                    m = self.bots[other].jump(st.view(other))
                    if m is not None and st.is_legal(m):
                        return m
        if self.pacer.ready():
            move = self.pacer.take().move
        else:
            move = computer_move(lambda: ai.choose(st.view(seat)), lambda: None,
                                 f"Gnono seat {seat}")
        if move is None or not st.is_legal(move):
            if move is not None:
                errors.report(ValueError(f"illegal move {move!r}"), f"Gnono seat {seat}")
            move = self.fallback(seat)
        return move

    def fallback(self, seat: int):
        """A plain legal move of the seat on turn (when its computer fails)."""
        return next(m for m in self.state.legal_moves(seat) if not isinstance(m, (CallUno, Catch)))

    # -- the round's end -------------------------------------------------------------------
    def level(self) -> str | None:
        """The computers' level for the statistics: theirs if they share one, else "mixed"."""
        levels = sorted({k for k in self.kinds if k != HUMAN})
        return None if not levels else levels[0] if len(levels) == 1 else "mixed"

    def round_end(self, stats, variant: str | None = None) -> str | None:
        """Count the finished round in the statistics (once, humans at the table only),
        also by the computers' level and by `variant` (the rules' preset); the line for
        the history of rounds, if the round had a winner."""
        st = self.state
        lr = st.last_round or {}
        w = lr.get("winner")
        ended = lr.get("round", st.round_no)   # (scored late at a hosted table: dealt on since)
        if self.humans and self.stats_round != ended:
            self.stats_round = ended   # a round resumed at its scores is not counted twice
            counts = {"rounds_played": 1, "rounds_won": int(w in self.humans)}
            ended = []
            if st.phase == GAME_OVER:
                counts.update(games_played=1, games_won=int(st.winner in self.humans))
                ended.append(GameEnd(st.scores(), tuple(self.humans), st.winner))
            counts["coach_uses"] = self.coach_round
            bests = {"best_round": int(lr.get("points", 0))} if w in self.humans else None
            record_stats(stats, "gnono", counts, bests, level=self.level(), variant=variant, ended=ended)
        if w is None:
            return None
        return f"Round {lr.get('round')}: {self.names[w]} went out, +{lr.get('points', 0)}"

    # -- saving ----------------------------------------------------------------------------
    def clock_json(self, now: int) -> dict:
        """The timers, relative to now: the pause before a computer's turn and the UNO
        window's scheduled calls and catches (whose reaction times were drawn from the
        computers' RNGs), so a resumed game goes on as it would have."""
        timers = []
        for t in self.timers:
            if isinstance(t.move, CallUno):
                timers.append([max(0, t.at - now), "call", t.move.seat, None])
            elif isinstance(t.move, Catch):
                timers.append([max(0, t.at - now), "catch", t.move.catcher, t.move.target])
        return {"wait": self.wait, "hold": max(0, self.hold_until - now),
                "stats_round": self.stats_round,
                "window": list(self.window) if self.window is not None else None,
                "timers": timers}

    def restore_clock(self, clock: dict, now: int) -> None:
        self.wait = clock["wait"]
        self.stats_round = clock["stats_round"]
        self.hold_until = now + clock["hold"]
        self.window = tuple(clock["window"]) if clock["window"] is not None else None
        self.timers = []
        for at, kind, a, b in clock["timers"]:
            move = CallUno(a) if kind == "call" else Catch(a, b)
            self.timers.append(Timer(now + at, move, self.window))

    def check_invariants(self) -> None:
        """The engine's invariants, the seats and the timers consistent (AssertionError)."""
        st = self.state
        st.check_invariants()
        if len(self.kinds) != st.n or len(self.names) != st.n:
            raise AssertionError("one kind and one name per seat")
        if set(self.ais) != {s for s in range(st.n) if not self.is_human(s)}:
            raise AssertionError("a computer for every computer seat")
        if any(t.window != self.window for t in self.timers):
            raise AssertionError("a timer of another UNO window")
