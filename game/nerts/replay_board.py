"""A Nerts round played back on the real table (see game/scenes/replay_player.py):
the table's own drawing (table_draw.py) around the replay cursor's round, with no
keys, no computers, no saving, no statistics and no voice of its own. Every layout
lies open at a Nerts table, as it did in the game; F9 also lists the face-down cards
of every Pile and Stack. The line under the table says what the last step did."""
from __future__ import annotations

from typing import Any

from game import card_art
from game.cards import card_text
from game.engine import Event
from game.nerts import replay_codec
from game.nerts.controller import SeatInfo, subject
from game.nerts.options import NertsOptions
from game.nerts.piles import parse_token
from game.nerts.replay_codec import STEP_SECONDS
from game.nerts.round import Round
from game.nerts.rules import Game
from game.nerts.table import seat_colours
from game.nerts.table_draw import TableDrawing
from game.replays import Replay, ReplayCursor, unpack_state


class ReplayGame:
    """What the drawing reads of the game: the options and the round's number (a
    replay holds one round, not the game's totals)."""

    def __init__(self, options: NertsOptions, round_no: int, rnd: Round | None = None):
        self.options, self.round_no, self.totals, self.round = options, round_no, None, rnd


class ReplayControl:
    """What the drawing reads of the table's controller, for a replay."""

    def __init__(self, game: ReplayGame, seats: list[SeatInfo]):
        self.game, self.seats = game, seats
        opts = game.options
        self.sides = [[seats[i] for i in opts.seats_of(side)] for side in range(opts.sides)]
        self.phase = "play"
        self.notes: list[str] = []
        self.note_steps = 0            # the replay's line says what happened, under the table
        self.feed: list[str] = []      # the plays so far, as the table's side box shows them

    def side_name(self, side: int) -> str:
        return " & ".join(s.name for s in self.sides[side])

    def side_colour(self, side: int) -> int:
        return self.sides[side][0].colour


def round_no_of(label: str) -> int:
    """The round's number from its label ("Round 3"), 1 if it names none."""
    digits = label.rsplit(" ", 1)[-1]
    return int(digits) if digits.isdigit() else 1


class ReplayBoard:
    """board(app, replay): show(), draw(), describe() and move_seconds, as
    game/scenes/replay_player.py asks."""
    move_seconds = STEP_SECONDS
    arrow_seat = None          # the drawing's arrow-key cursor: none in a replay
    cursor = 0

    def __init__(self, app: Any, replay: Replay):
        self.app = app
        self.replay = replay
        options = NertsOptions.from_json(unpack_state(replay.start)["options"])
        colours = seat_colours(app, len(replay.seats))
        seats = [SeatInfo(i, (s.level or "computer") if s.kind == "computer" else "human", s.name,
                          colours[i], None, i % card_art.BACK_DESIGNS)
                 for i, s in enumerate(replay.seats)]
        self.ctl = ReplayControl(ReplayGame(options, round_no_of(replay.label)), seats)
        self.drawing = TableDrawing(self)
        self.drawing.live = False
        self._plays = self._all_plays()

    def _all_plays(self) -> list[tuple[int, str]]:
        """Every card scored in the round, as the table's plays box lists them, with the
        round's move count after it: the box at any position shows those up to it."""
        cursor = ReplayCursor(self.replay, replay_codec)
        out = []
        while cursor.forward():
            for e in cursor.events:
                if e.kind == "card_moved" and e.get("dst") == "found":
                    out.append((replay_codec.recorded(cursor.engine).moves_applied,
                                f"{self._name(e.seat)} {card_text(_cards(e)[0])} scored"))
        return out

    def show(self, engine: Game, events: list[Event], show_all: bool) -> None:
        rnd = self.ctl.game.round = replay_codec.recorded(engine)
        # the table's G'NERTS banner at the end, unless F9 asks to see every card
        self.ctl.phase = "banner" if rnd.over and not show_all else "play"
        self.drawing.show_hidden = show_all
        self.ctl.feed = [line for at, line in self._plays if at <= rnd.moves_applied]

    def draw(self, canvas) -> None:
        self.drawing.draw(canvas)

    def describe(self, events: list[Event]) -> str:
        """The step's moves in a line, as the table's plays and notes say them."""
        return "; ".join(t for t in (self._say(e) for e in events) if t)

    def _name(self, seat: int | None) -> str:
        return self.ctl.seats[seat].name if seat is not None else "The table"

    def _say(self, e: Event) -> str:
        who = self._name(e.seat)
        if e.kind == "card_moved":
            cards = _cards(e)
            text = card_text(cards[0]) + (f" +{len(cards) - 1}" if len(cards) > 1 else "")
            if e.get("dst") == "found":
                return f"{who} {text} scored"
            src = e.get("src")
            where = {"pile": "Pile", "waste": "waste"}.get(src) or f"column {e.get('src_index', 0) + 1}"
            return f"{who} {text} from {where} to column {e.get('dst_index', 0) + 1}"
        if e.kind == "flipped":
            return f"{who} flips"
        if e.kind == "waste_turned":
            return f"{who} turns the waste"
        if e.kind == "vote":
            return f"{subject(who, 'agree')} to rotate ({e.get('value')} of {len(self.ctl.sides)})"
        if e.kind == "rotation":
            return f"Standstill: every Stack is rotated ({e.get('value')} of 3)"
        if e.kind == "gnerts":
            return f"{subject(who, 'call')} G'NERTS!"
        return ""


def _cards(e: Event) -> list:
    return [parse_token(t) for t in e.get("cards", ())]


def board(app: Any, replay: Replay) -> ReplayBoard:
    return ReplayBoard(app, replay)
