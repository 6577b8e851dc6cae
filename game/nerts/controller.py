"""The Nerts table's controller: the game on the App's fixed clock, without pygame.

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

import random

from game import challenges, replays
from game.cards import CARD_CODE, Card, card_text, codes_as_text
from game.challenges import Challenge
from game.clock import STEP_HZ
from game.nerts import replay_codec, table_save
from game.nerts.ai import NertsAI
from game.nerts.moves import COLUMN, FOUND, PILE, WASTE, Move
from game.nerts.players import ACTIONS, MAX_HUMANS
from game.nerts.replay_codec import LEVELS
from game.nerts.rules import (
    Game,
    IllegalMove,
    NextRound,
    Race,
    ScoreRound,
    Seated,
    Step,
    fits_column,
)
from game.spoken import card_name, cards_text
from game.table_support import record_stats
from game.words import counted

BANNER_STEPS = 3 * STEP_HZ
NOTE_STEPS = 3 * STEP_HZ
FEED_LINES = 9            # shown beside the panels
FEED_KEPT = 200           # kept for the F3 box
PHASES = ("play", "banner", "done")    # playing; the G'NERTS / standstill banner; scores shown


def subject(name: str, verb: str) -> str:
    """"Ada agrees", "You agree", "Ada & Max agree": the verb in the person the name asks for."""
    return f"{name} {verb if name == 'You' or ' & ' in name else verb + 's'}"


def spoken_cards(text: str) -> str:
    """The engine's card codes ("4C") in words, for the voice."""
    return CARD_CODE.sub(lambda m: card_name(Card.parse(m.group(0)).rank, m.group(2)), text)


class SeatInfo:
    """What the table keeps per seat besides the engine's layout."""

    def __init__(self, index: int, level: str, name: str, colour: int, keys: dict | None,
                 design: int = 0):
        self.index = index
        self.level = level
        self.name = name
        self.colour = colour
        self.design = design
        self.keys = keys                  # action -> key name (humans), else None
        self.ai: NertsAI | None = None
        self.selected: str | None = None  # a source action while a move is half-typed

    @property
    def human(self) -> bool:
        return self.level == "human"


def layout_words(lay, who: str, share: str = "") -> str:
    """A Nerts layout in words: the Pile and its top, the Stack's top, the columns."""
    pile = f"top {cards_text(lay.pile[-1:])}" if lay.pile else "empty"
    waste = cards_text(lay.waste[-1:]) if lay.waste else "none"
    cols = "; ".join(f"column {i + 1}: {cards_text(c[-1:]) if c else 'empty'}"
                     + (f" on {len(c) - 1} more" if len(c) > 1 else "")
                     for i, c in enumerate(lay.columns))
    return (f"{who} Pile {counted(len(lay.pile), 'card')}, {pile}. Stack top {waste}, "
            f"{len(lay.stack)} in the Stack{share}. {cols}.")


class TableControl:
    def __init__(self, app, game: Game, seats: list[SeatInfo], seed: int):
        if len(seats) != game.options.seats:
            raise ValueError("one level per seat")
        if sum(s.human for s in seats) > MAX_HUMANS:
            raise ValueError("at most two humans share the keyboard")
        self.app = app
        self.game = game
        self.seats = seats
        self.levels = [s.level for s in seats]
        self.seed = seed
        opts = game.options
        # the layouts on the table: a seat each, or a team of partners each
        self.sides = [[seats[i] for i in opts.seats_of(side)] for side in range(opts.sides)]
        self.phase = "play"
        self.banner_steps = 0
        self.notes: list[str] = []
        self.note_steps = 0
        self.feed: list[str] = []                 # the last plays, for the side box
        self.log: list[tuple[int, Move]] = []     # moves applied, for tests and replays
        self.key_frames: dict[int, list[int]] = {}  # seat -> frames its keys were read
        self.latencies: list[int] = []   # frames from reading a key to drawing its move
        self.read_frames: list[int] = []  # keys whose move is applied, not yet drawn
        # every round is recorded for the Replays screen (the viewer: the first human)
        self.recorder = replays.Recorder(
            replay_codec, [replay_seat(s) for s in seats], next((s.index for s in seats if s.human), 0))
        self.last_replay: replays.Replay | None = None
        self.challenge: Challenge | None = None   # the deal challenge this game plays
        fresh = game.round is None and not game.over
        if fresh:
            game.apply(NextRound())      # the engine deals
        self.new_round_players()
        if fresh:
            self.begin_recording()
        if game.round is not None and game.round.over:
            self.round_over(sound=False)

    def side_name(self, side: int) -> str:
        return " & ".join(s.name for s in self.sides[side])

    def side_colour(self, side: int) -> int:
        return self.sides[side][0].colour

    def levels_text(self) -> str | None:
        """The computers' levels for the statistics ("normal", or "easy+expert")."""
        levels = sorted({s.level for s in self.seats if not s.human})
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
            if not s.human:
                rng = random.Random(self.seed * 1009 + rnd_no * 131 + s.index)
                s.ai = NertsAI(s.level, rng, STEP_HZ)
                if self.game.round is not None:
                    s.ai.next_step = self.game.round.step_no
        self._views = [self._viewer(i) for i in range(len(self.seats))]

    def _viewer(self, seat: int):
        return lambda: self.game.round.view(seat)   # made only when the computer looks

    # --- the clock ----------------------------------------------------------------------
    def tick(self) -> tuple[list, bool]:
        """One step: (the round's events, whether the scores are due now)."""
        if self.note_steps:
            self.note_steps -= 1
        if self.phase == "banner":
            self.banner_steps -= 1
            return [], self.banner_steps <= 0
        if self.phase != "play":
            return [], False
        step = self.game.round.step_no
        for s in self.seats:
            ai = s.ai
            if ai is not None and ai.next_step <= step:
                m = ai.poll(step, self._views[s.index])
                if m is not None:
                    self.computer_move(s, m)
        events = self.game.apply(Step())
        # recorded before the events are taken: the round's end saves the table
        self.record(step, events)
        self.take_events(events)
        return events, False

    def computer_move(self, s: SeatInfo, move: Move) -> None:
        """A computer's move queued; one no longer legal (decided before another card
        got there) is dropped, "too late" in the plays feed for the Scoring Area."""
        try:
            self.game.apply(Seated(s.index, move))
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

    def finish_recording(self) -> None:
        """The round's replay (its result line made by the replay codec from the
        round), kept in the replays folder and as `last_replay`."""
        rep = self.recorder.finish(self.game)
        if rep is not None:
            self.app.replays.save(rep)
            self.last_replay = rep

    def take_events(self, events) -> None:
        human_sound = None
        for e in events:
            k = e.kind
            seat = self.seats[e.seat] if e.seat is not None else None
            if k == "card_moved":
                self.log.append((e.seat, e.move))
                if e.dst == FOUND:
                    self._feed(f"{seat.name} {card_text(e.cards[0])} scored")
                    if not seat.human:       # an opponent's play to the Scoring Area, said as it comes
                        self.app.say(f"{seat.name} scores {cards_text(e.cards[:1])}.")
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
                self.note(f"{subject(seat.name, 'agree')} to rotate ({e.value} of {len(self.sides)}).")
                if seat.human:
                    self._latency(e.seat)
            elif k == "votes_cleared":
                self.note(f"{seat.name} played a card: the standstill agreement is off.")
            elif k == "rotation":
                self.note(f"Standstill: every Stack is rotated ({e.value} of 3).")
                self.app.sound("shuffle")
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

    def _feed(self, line: str) -> None:
        self.feed.append(line)
        del self.feed[:-FEED_KEPT]

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
        details = rnd.score_details()
        reason, caller = rnd.end_reason, rnd.caller
        self.finish_recording()
        self.game.apply(ScoreRound())
        g = self.game
        result = {"totals": list(g.totals), "over": g.over, "winner": g.winner}
        self.phase = "done"
        rows = [[self.side_name(i) + (" *" if caller == i else ""), d["played"], d["pile_left"],
                 f"{d['total']:+d}", result["totals"][i]] for i, d in enumerate(details)]
        notes = [f"* {self.side_name(caller)} called G'NERTS!" if reason == "gnerts"
                 else "A standstill after three rotations ends the round."]
        if result["over"]:
            w = result["winner"]
            notes.append(f"{subject(self.side_name(w), 'win')} the game "
                         f"with {result['totals'][w]} points!")
            if self.challenge is not None and self.human_side() is not None:
                notes.append(challenges.outcome(self.challenge, result["totals"][self.human_side()],
                                                self.side_name(self.human_side())))
            self.app.sound("win" if any(s.human for s in self.sides[w]) else "lose")
            label = "End the game"
        else:
            notes.append(f"Play to {self.game.options.target}. Enter: round {self.game.round_no + 1}.")
            label = "Next round"
        self.save()
        self.record_stats([d["total"] for d in details], caller, result)
        return {"title": f"Nerts - round {len(self.game.history)}", "rows": rows, "notes": notes,
                "label": label}

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
        if result["over"]:
            counts.update(games_played=1, games_won=int(result["winner"] in humans))
            bests["best_score"] = max(result["totals"][i] for i in humans)
        record_stats(self.app.stats, "nerts", counts, bests, level=self.levels_text(),
                     variant=self.variant_text())

    def next_round(self) -> bool:
        """After the scores: deal the next round, or (True) the game is over."""
        if self.game.over:
            table_save.remove(self.app.storage)
            return True
        self.game.apply(NextRound())     # the engine deals the next round
        self.new_round_players()
        self.begin_recording()
        self.phase = "play"
        self.app.sound("shuffle")
        self.save()
        return False

    # --- notes ------------------------------------------------------------------------
    def note(self, text: str) -> None:
        self.notes.append(codes_as_text(text))     # the voice reads the codes as words
        del self.notes[:-4]
        self.note_steps = NOTE_STEPS
        self.app.say(spoken_cards(text))

    def spoken_state(self) -> str:
        """F11: each human's layout (Pile, waste and Stack, columns), then the scores.
        Nothing at a Nerts table is private: every layout lies open."""
        rnd, o = self.game.round, self.game.options
        if rnd is None:
            return "Between rounds. " + self.scores_text()
        parts = []
        humans = [s for s in self.seats if s.human] or self.seats[:1]
        for s in humans:
            who = "Your" if s.name == "You" else f"{s.name}:"
            share = {"pile": " (you work the Pile and columns)",
                     "stack": " (you work the Stack)"}.get(o.role_of(s.index), "")
            parts.append(layout_words(rnd.layout_of(s.index), who, share))
        return " ".join(parts) + " " + self.scores_text()

    def spoken_others(self) -> str | None:
        """Ctrl+F11: every layout no human here plays, its player's name first."""
        rnd = self.game.round
        if rnd is None:
            return None
        mine = [rnd.layout_of(s.index) for s in self.seats if s.human]
        return " ".join(layout_words(lay, f"{self.side_name(i)}:") for i, lay in enumerate(rnd.layouts)
                        if not any(lay is m for m in mine)) or None

    def scores_text(self) -> str:
        rnd = self.game.round
        live = rnd.side_scores() if rnd is not None else None
        return "Scores: " + ", ".join(
            f"{self.side_name(i)} {t}" + (f", this round {live[i]:+d}" if live else "")
            for i, t in enumerate(self.game.totals)) + "."

    def say(self, seat: SeatInfo, reason: str) -> None:
        """A refusal for a human seat, named unless it is the only human ("You")."""
        self.note(reason if seat.name == "You" else f"{seat.name}: {reason}")

    # --- a human's keys ---------------------------------------------------------------
    def press(self, seat: int, action: str):
        """One key of a human seat. Returns False (the App beeps) when refused."""
        return press(self, seat, action)

    def try_move(self, seat: int, move: Move):
        """Queue a human move for this step, or refuse it now (beep, reason shown)."""
        try:
            self.game.apply(Seated(seat, move))
        except IllegalMove as e:
            self.say(self.seats[seat], e.reason)
            return False
        self.key_frames.setdefault(seat, []).append(self.app.frames)
        return True

    # --- saving -------------------------------------------------------------------------
    def to_json(self) -> dict:
        # the computers' random state and clocks, so that a resumed round goes on as it would have
        ais = None
        if self.game.round is not None:
            ais = {"round_no": self.game.round_no,
                   "players": [None if s.ai is None else s.ai.to_json() for s in self.seats]}
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
        if side is None or any(not s.human and s.level not in LEVELS for s in self.seats):
            return None          # no one human, or a computer of the tests' own levels
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
        assert self.phase in PHASES
        assert self.phase != "play" or (g.round is not None and not g.round.over)
        assert self.phase != "banner" or (g.round is not None and g.round.over)
        for s in self.seats:
            assert s.selected is None or s.selected in ACTIONS
            assert s.human == (s.ai is None)


def replay_seat(s: SeatInfo) -> replays.Seat:
    return replays.Seat(s.name, "human", None) if s.human else replays.Seat(s.name, "computer", s.level)


def applied_move(e) -> Move | None:
    """The move an event of an applied move shows (None for other events): a play to the
    Scoring Area with its foundation, a flip on an empty Stack as the turn it made."""
    if e.kind == "card_moved":
        m = e.move
        return Move.to_scoring(m.src, m.col, e.dst_index) if e.dst == FOUND else m
    return {"flipped": Move.flip(), "waste_turned": Move.turn(), "vote": Move.vote()}.get(e.kind)


# --- from keys to moves ------------------------------------------------------------------
def press(ctl, seat: int, action: str):
    """One key of a human seat at a table's controller `ctl` (this table's, or a joiner's
    of a network table: game/nerts/remote_table.py): a source chosen, or the move made
    through ctl.try_move. False (the App beeps) when refused, the reason said."""
    if ctl.phase != "play":
        return False
    s = ctl.seats[seat]
    if action in ("flip", "vote"):
        s.selected = None
        return ctl.try_move(seat, Move.flip() if action == "flip" else Move.vote())
    if action == "cancel":
        was, s.selected = s.selected, None
        return was is not None
    src, s.selected = s.selected, None
    if action == "found":
        if src is None:
            ctl.say(s, "Choose a card first (a pile key), then the Scoring Area.")
            return False
        return ctl.try_move(seat, to_scoring(src))
    # a pile key: choose a source, or put the chosen card there
    lay = ctl.game.round.layout_of(seat)
    if src is None:
        reason = source_refusal(lay, action)
        if reason:
            ctl.say(s, reason)
            return False
        s.selected = action
        return True
    if action == src:
        return ctl.try_move(seat, to_scoring(src))
    if not action.startswith("col"):
        ctl.say(s, "A card goes onto a column or to the Scoring Area.")
        return False
    return ctl.try_move(seat, to_column(lay, src, int(action[3]) - 1, ctl.game.options.move_runs))


def source_refusal(lay, action: str) -> str | None:
    if action == "pile":
        return None if lay.pile else "Your Pile is empty."
    if action == "waste":
        return None if lay.waste else "Your waste is empty: flip the Stack."
    i = int(action[3]) - 1
    return None if lay.columns[i] else f"Column {i + 1} is empty."


def to_scoring(src: str) -> Move:
    if src == "pile":
        return Move.to_scoring(PILE)
    if src == "waste":
        return Move.to_scoring(WASTE)
    return Move.to_scoring(COLUMN, col=int(src[3]) - 1)


def to_column(lay, src: str, dest: int, move_runs: bool) -> Move:
    if src == "pile":
        return Move.to_column(PILE, dest)
    if src == "waste":
        return Move.to_column(WASTE, dest)
    col = int(src[3]) - 1
    count = None
    column, target = lay.columns[col], lay.columns[dest]
    if move_runs and target and column:
        # the one run whose bottom card fits the destination (ranks are distinct)
        for k, card in enumerate(column):
            if fits_column(card, target[-1]):
                count = None if k == 0 else len(column) - k
                break
    return Move.to_column(COLUMN, dest, col=col, count=count)
