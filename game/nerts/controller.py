"""The Nerts table's controller at this program: the game on the App's fixed clock,
without pygame (the seat source of seat_play.SeatPlay that is the engine at hand; a
joiner's is seat_play.LinkPlay).

Every move goes through the game's engine, `game.apply`: each step (120 a second) the
humans' moves are already queued (`press` applies `Seated` moves, refused at once with
a beep when they are not legal); `tick` polls the computer players (each from its own
SeatView, at its level's pace), queues their moves the same way and applies `Step`,
which applies the step's moves in a fair order; then it turns the events into the
log, the notes, the plays feed and the sounds. It keeps the phase (play, the
end-of-round banner, the scores), saves at each round's end and when asked, and
records the statistics.

The App is used only through app.sound/app.error/app.frames/app.storage/app.stats.
"""
from __future__ import annotations

from typing import Any

from game import challenges, replays
from game.cards import card_text
from game.challenges import Challenge
from game.nerts import replay_codec, table_save
from game.nerts.bot import make_bot
from game.nerts.moves import FOUND, Move
from game.nerts.players import MAX_HUMANS
from game.nerts.replay_codec import LEVELS
from game.nerts.rules import (
    Game,
    IllegalMove,
    NextRound,
    Race,
    ScoreRound,
    Seated,
    Step,
)
from game.nerts.seat_play import (  # noqa: F401  (the table's parts read them here too)
    BANNER_STEPS,
    FEED_KEPT,
    FEED_LINES,
    NOTE_STEPS,
    PHASES,
    SeatInfo,
    SeatPlay,
    layout_words,
    spoken_cards,
    subject,
)
from game.stats import GameEnd
from game.table_support import record_stats


class TableControl(SeatPlay):
    """The seat source of a table at this program: the engine, its computers and clock."""

    def __init__(self, app, game: Game, seats: list[SeatInfo], seed: int, hosting: Any = None):
        if len(seats) != game.options.seats:
            raise ValueError("one level per seat")
        if sum(s.human for s in seats) > MAX_HUMANS:
            raise ValueError("at most two humans share the keyboard")
        super().__init__(app)
        self.game = game
        self.seat_up(seats)
        self.levels = [s.level for s in seats]
        self.seed = seed
        self.log: list[tuple[int, Move]] = []     # moves applied, for tests and replays
        self.key_frames: dict[int, list[int]] = {}  # seat -> frames its keys were read
        self.latencies: list[int] = []   # frames from reading a key to drawing its move
        self.read_frames: list[int] = []  # keys whose move is applied, not yet drawn
        # every round is recorded for the Replays screen (the viewer: the first human, here
        # or at a joiner's program)
        viewer = next((s.index for s in seats if not s.computer), 0)
        self.recorder = replays.Recorder(replay_codec, [replay_seat(s) for s in seats], viewer)
        self.last_replay: replays.Replay | None = None
        self.challenge: Challenge | None = None   # the deal challenge this game plays
        # a hosted table (game/net/hosting.py): the moves go through its TableHost
        self.hosting = hosting
        self.net_events: list = []       # the events of moves applied since the last step
        self.ended_round = None          # the round that ended last (a joiner may score it)
        self.scored: tuple | None = None  # its score details, end and caller, once scored
        self.stats_due = False
        fresh = game.round is None and not game.over
        if fresh:
            game.apply(NextRound())      # the engine deals
        self.new_round_players()
        if fresh:
            self.begin_recording()
        if game.round is not None and game.round.over:
            self.round_over(sound=False)
        if hosting is not None:          # the table opens to the network (OSError: the port)
            hosting.attach(game, [s.name for s in seats], self.on_network_move,
                           [i for i, s in enumerate(seats) if s.computer])

    def levels_text(self) -> str | None:
        """The computers' levels for the statistics ("normal", or "easy+expert")."""
        levels = sorted({s.level for s in self.seats if s.computer})
        return "+".join(levels) or None

    def variant_text(self) -> str | None:
        o = self.game.options
        parts = (["partners"] if o.partners else []) + (["by ones"] if o.flip_by_ones else []) \
            + (["runs"] if o.move_runs else [])
        return ", ".join(parts) or None

    def new_round_players(self) -> None:
        rnd_no = self.game.round_no
        for s in self.seats:
            s.selected = None
            if s.computer:
                s.bot = make_bot(s.level, self.seed * 1009 + rnd_no * 131 + s.index, s.index)
                if self.game.round is not None:
                    s.bot.rejoin(self.game.round.step_no)

    # --- the clock ----------------------------------------------------------------------
    def tick(self) -> tuple[list, bool]:
        """One step: (the round's events, whether the scores are due now)."""
        if self.hosting is not None:
            self.hosting.pump()           # the network's moves come in (on_network_move)
            self.sync_remote_seats()
            waiting = self.hosting.waiting_news()     # (the shared line: who is not there)
            if waiting:
                self.note(waiting)
            if not self.hosting.started:
                return [], False          # nothing plays until the players are there
        if self.note_steps:
            self.note_steps -= 1
        if self.phase == "banner":
            self.banner_steps -= 1
            return [], self.banner_steps <= 0
        if self.phase != "play":
            return [], False
        step = self.game.round.step_no
        for s in self.seats:           # the one computer (game/bot.py), from its seat's view
            bot = s.bot
            if bot is not None and bot.next_look() <= step:
                m = bot.step(self.game.view(s.index), step)
                if m is not None:
                    self.computer_move(s, m.move)
        # (hosted: a move applied at once may have ended the round already)
        stepped = [] if self.game.round.over else self.apply(Step())
        events, self.net_events = self.net_events + stepped, []
        # recorded before the events are taken: the round's end saves the table
        # (hosted: the moves were applied at once at this step, as a local table's queued
        # in the step before are by its Step: recorded there, a replay ends at this clock)
        self.record(step if self.hosting is None else max(0, step - 1), events)
        self.take_events(events)
        return events, False

    def computer_move(self, s: SeatInfo, move: Move) -> None:
        """A computer's move queued; one no longer legal (decided before another card
        got there) is dropped, "too late" in the plays feed for the Scoring Area."""
        try:
            self.apply(Seated(s.index, move))
        except IllegalMove:
            cards = self.game.round.source_cards(s.index, move)
            if cards and move.dst == FOUND:
                self._feed(f"{s.name} {card_text(cards[0])} too late")

    def record(self, step: int, events) -> None:
        """The step's applied moves for the replay, in the order the step applied them
        (after its race, whose draw of the order the replay makes again)."""
        for e in events:
            move = Race(e.seats) if e.kind == "race" else applied_move(e)
            if move is not None:
                self.recorder.record(step, e.seats[0] if e.kind == "race" else e.seat, move)

    def begin_recording(self) -> None:
        self.recorder.begin(self.game, f"Round {self.game.round_no}")

    def finish_recording(self, engine: Game | None = None) -> None:
        """The round's replay (its result line made by the replay codec from the
        round: the game's, or `engine`'s), kept in the replays folder and as `last_replay`."""
        rep = self.recorder.finish(engine or self.game)
        if rep is not None:
            self.app.replays.save(rep)
            self.last_replay = rep

    def take_events(self, events) -> None:
        human_sound = None
        for e in events:
            k = e.kind
            seat = self.seats[e.seat] if e.seat is not None else None
            self.heard(e, seat)
            if k == "card_moved":
                self.log.append((e.seat, e.move))
                if seat.human:
                    human_sound = "card"
                    self._latency(e.seat)
            elif k in ("flipped", "waste_turned"):
                self.log.append((e.seat, Move.flip() if k == "flipped" else Move.turn()))
                if seat.human:
                    human_sound = human_sound or "flip"
                    self._latency(e.seat)
            elif k == "vote":
                self.log.append((e.seat, Move.vote()))
                if seat.human:
                    self._latency(e.seat)
            elif k == "refused":
                self._refused(e, seat)
            elif k == "round_over":
                self.round_over()
        if human_sound and self.phase == "play":
            self.app.sound(human_sound)

    def _refused(self, e, seat: SeatInfo) -> None:
        if e.cards and e.move is not None and e.move.dst == FOUND:
            self._feed(f"{seat.name} {card_text(e.cards[0])} too late")
        if seat.human:
            self.app.error()
            self.say(seat, e.reason)
            self.key_frames.pop(e.seat, None)

    def _latency(self, seat: int) -> None:
        frames = self.key_frames.get(seat)
        if frames:
            self.read_frames.append(frames.pop(0))

    def frame_drawn(self, frame: int) -> None:
        """A frame showing the applied moves was drawn: their key-to-frame latencies."""
        if self.read_frames:
            self.latencies.extend(frame - f for f in self.read_frames)
            self.read_frames.clear()

    # --- the end of a round -----------------------------------------------------------
    def round_over(self, sound: bool = True) -> None:
        self.phase = "banner"
        self.ended_round = self.game.round
        self.banner_steps = BANNER_STEPS
        for s in self.seats:
            s.selected = None
        if sound:
            self.app.sound("call" if self.game.round.end_reason == "gnerts" else "lose")
        self.save()

    def score_round(self) -> dict:
        """End the round in the game: the scoring screen's rows and notes (saved, and
        the statistics recorded)."""
        rnd = self.game.round
        if rnd is not None:               # (a hosted table's joiner may have scored it: Enter)
            self.scored, self.stats_due = (rnd.score_details(), rnd.end_reason, rnd.caller), True
            self.finish_recording()
            self.apply(ScoreRound())
        details, reason, caller = self.scored
        g = self.game
        result = {"totals": list(g.totals), "over": g.over, "winner": g.winner}
        self.phase = "done"
        sheet = self.score_sheet(f"Nerts - round {len(g.history)}", details,
                                 caller if reason == "gnerts" else None, result["totals"], g.winner)
        if result["over"]:
            if self.challenge is not None and self.human_side() is not None:
                sheet["notes"].append(challenges.outcome(self.challenge, result["totals"][self.human_side()],
                                                         self.side_name(self.human_side())))
            self.app.sound("win" if any(s.human for s in self.sides[g.winner]) else "lose")
        self.save()
        if self.stats_due:
            self.stats_due = False
            self.record_stats([d["total"] for d in details], caller, result)
        return sheet

    def record_stats(self, scores: list[int], caller: int | None, result: dict) -> None:
        """The humans' round (and game) in the statistics: played, won (the round's single
        best score), G'NERTS calls, best round; at the end, games played and won, best score."""
        o = self.game.options
        humans = sorted({o.side_of(s.index) for s in self.seats if s.human})   # their sides
        if not humans:
            return
        top = max(scores)
        won = scores.count(top) == 1 and scores.index(top) in humans
        counts = {"rounds_played": 1, "rounds_won": int(won), "calls": int(caller in humans)}
        bests = {"best_round": max(scores[i] for i in humans)}
        ended = []
        if result["over"]:
            counts.update(games_played=1, games_won=int(result["winner"] in humans))
            bests["best_score"] = max(result["totals"][i] for i in humans)
            ended.append(GameEnd(tuple(result["totals"]), tuple(humans), result["winner"]))
        record_stats(self.app.stats, "nerts", counts, bests, level=self.levels_text(),
                     variant=self.variant_text(), ended=ended)

    def next_round(self) -> bool:
        """After the scores: deal the next round, or (True) the game is over."""
        if self.game.over:
            table_save.remove(self.app.storage)
            return True
        self.apply(NextRound())          # the engine deals the next round
        self.new_round_players()
        self.begin_recording()
        self.phase = "play"
        self.app.sound("shuffle")
        self.save()
        return False

    # --- a human's keys (SeatPlay.press) -----------------------------------------------
    def try_move(self, seat: int, move: Move):
        """Queue a human move for this step, or refuse it now (beep, reason shown)."""
        try:
            self.apply(Seated(seat, move))
        except IllegalMove as e:
            self.say(self.seats[seat], e.reason)
            return False
        self.key_frames.setdefault(seat, []).append(self.app.frames)
        return True

    def apply(self, move):
        """Every move this table makes: the engine's apply, or at a hosted table its
        TableHost's (a seat's move applied at once, its events kept for the step; the
        clock's Step and the deals sent to the players). IllegalMove as the engine's."""
        if self.hosting is None:
            return self.game.apply(move)
        host = self.hosting.host
        if isinstance(move, Seated):
            self.net_events += host.local_move(move.seat, move)
            return []
        return host.table_move(move, quiet=isinstance(move, Step))

    def sync_remote_seats(self) -> None:
        """The joiners' names (in the replay too) and who is away, at a hosted table."""
        missing = self.hosting.missing()
        for s in self.seats:
            if s.remote:
                s.away = s.index in missing
                if s.name != self.hosting.name(s.index):
                    s.name = self.hosting.name(s.index)
                    self.recorder.seats = [replay_seat(x) for x in self.seats]
                    if self.recorder.replay is not None:
                        self.recorder.replay.seats = list(self.recorder.seats)

    def on_network_move(self, seat: int, move, events) -> None:
        """A move the network applied at a hosted table (a joiner's, or a computer's
        standing in for one): its events are taken at the step as a computer's are;
        a joiner's scoring or deal between rounds is followed here."""
        if isinstance(move, Seated):
            self.net_events += events
            return
        kinds = {e.kind for e in events}
        rnd = self.ended_round
        if "round_scored" in kinds and rnd is not None:
            self.scored = details, _, caller = rnd.score_details(), rnd.end_reason, rnd.caller
            self.finish_recording(Game.of_round(rnd))
            g = self.game
            self.record_stats([d["total"] for d in details], caller,
                              {"totals": list(g.totals), "over": g.over, "winner": g.winner})
        if "round_dealt" in kinds:
            self.new_round_players()
            self.begin_recording()
            self.phase, self.dealt_by_network = "play", True
            self.app.sound("shuffle")
            self.save()

    # --- saving -------------------------------------------------------------------------
    def to_json(self) -> dict:
        # the computers' random state and clocks, so that a resumed round goes on as it would have
        ais = None
        if self.game.round is not None:
            ais = {"round_no": self.game.round_no,
                   "players": [None if s.bot is None else s.bot.ai.to_json() for s in self.seats]}
        code = None if self.challenge is None else challenges.encode(self.challenge, replay_codec)
        return {"game": self.game.to_json(), "levels": list(self.levels), "seed": self.seed, "ais": ais,
                "replay": self.recorder.to_json(), "challenge": code}

    # --- deal challenges ----------------------------------------------------------------
    def human_side(self) -> int | None:
        """The side of the one human at the table (None: no human, or two)."""
        humans = [s for s in self.seats if s.human]
        return self.game.options.side_of(humans[0].index) if len(humans) == 1 else None

    def make_challenge(self) -> Challenge | None:
        """The finished game as a deal challenge (None unless one human played computers
        of the levels a code names)."""
        side = self.human_side()
        if side is None or any(s.remote or not s.human and s.level not in LEVELS for s in self.seats):
            return None          # no one human, a computer of the tests' own levels, a network game
        human = next(s for s in self.seats if s.human)
        return Challenge("nerts", self.seed, self.game.options.to_json(),
                         tuple(None if s.human else s.level for s in self.seats),
                         self.game.totals[side], "" if human.name == "You" else human.name)

    def save(self) -> bool:
        if self.game.over:
            table_save.remove(self.app.storage)
            return True
        return table_save.write(self.app.storage, self.to_json())

    def check_invariants(self) -> None:
        """Every card somewhere exactly once (through the engine), and the table's own
        bookkeeping in step with it; raises AssertionError or ValueError."""
        g = self.game
        if g.round is not None:
            g.round.check_invariants()
        assert g.over or g.round is not None or self.phase == "done", "no round on the table"
        assert len(g.totals) == len(self.sides) == g.options.sides and len(self.seats) == g.options.seats
        assert [sum(c) for c in zip(*g.history)] == g.totals or not g.history
        self.check_seats()
        assert self.phase != "play" or (g.round is not None and not g.round.over)
        assert self.phase != "banner" or (g.round is not None and g.round.over)
        for s in self.seats:
            assert s.computer == (s.bot is not None)


def replay_seat(s: SeatInfo) -> replays.Seat:
    if not s.computer:               # (a remote seat: a human at another program)
        return replays.Seat(s.name, "human", None)
    return replays.Seat(s.name, "computer", s.level)


def applied_move(e) -> Move | None:
    """The move an event of an applied move shows (None for other events): a play to the
    Scoring Area with its foundation, a flip on an empty Stack as the turn it made."""
    if e.kind == "card_moved":
        m = e.move
        return Move.to_scoring(m.src, m.col, e.dst_index) if e.dst == FOUND else m
    return {"flipped": Move.flip(), "waste_turned": Move.turn(), "vote": Move.vote()}.get(e.kind)
