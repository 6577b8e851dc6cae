"""A Gin hand played back on GIN!'s own table (the contract: game/scenes/replay_player.py).

The table is a GinController built around the replay cursor's engine and drawn by
a table_draw.GinView, as at play, in a mode that only shows: no keys, no computer thinking, no
autosave, no statistics, no speech, no recording. The recorded player sits at the
bottom with his cards face up (sorted: his own order of them is not recorded); the
other hand is face down as the table shows it, unless show_all (F9). A card just
drawn by the bottom player waits below the upcard, as it did at the table.

    board(app, replay) -> ReplayBoard
"""
from __future__ import annotations

from typing import Any

from game.cards import Card, card_text
from game.engine import Event
from game.gin.arrangement import sort_for_hand
from game.gin.controller import GinController
from game.gin.rules import GinGame
from game.gin.table_draw import GinView
from game.replays import Replay, unpack_state

MOVE_SECONDS = 1.0     # between moves at 1x: about the computer's pace at the table
HOW = {"gin": "by gin", "big_gin": "by Big Gin", "knock": "by the knock",
       "underknock": "by an underknock"}
WATCH = "watch"        # the table's focus in a replay: no arrow, no flashing card


class ReplayTable(GinController):
    """The Gin table around an engine it is shown, never played."""
    replaying = True

    def __init__(self, app: Any, rep: Replay, engine: GinGame):
        other = rep.seats[1 - rep.viewer]
        # built as a hot seat table (no computer player is made), then shown as one seat's
        super().__init__(app, engine, rep.seats[rep.viewer].name, other.level or "", 0,
                         {"oklahoma": engine.options.oklahoma, "hollywood": engine.options.hollywood,
                          "name": rep.seats[rep.viewer].name, "opponent": "human"})
        self.hot_seat, self.hide_hands = False, False
        self.me = rep.viewer
        names = [s.name for s in rep.seats]
        self.names = tuple(names)
        self.level = other.level if other.kind == "computer" else None

    # nothing of the live table happens here (replaying: no recording)
    def _say(self, text: str) -> None:
        pass

    def update(self, dt=None):
        return None

    def save(self) -> bool:
        return False

    def show(self, engine: GinGame, events: list[Event], show_all: bool) -> None:
        self.game = engine
        self.picked, self.arr, self.handover_to = None, None, None
        self.orders = {s: sort_for_hand(engine.hands[s]) for s in (0, 1)}
        self.mode = "play"
        self._sync()
        self.focus, self.flash, self.moving = WATCH, False, False
        self.show_cpu = show_all
        self.note = self.other_note = ""
        if self.mode == "confirm":      # the bottom player defends: his best groups
            self.note = self._arr_summary()
        for ev in events:               # the card the bottom player just took waits
            if ev.kind in ("take_upcard", "draw_stock") and ev.seat == self.me:
                self.picked = Card.parse(ev.get("card"))
                self._sync_order()


class ReplayBoard:
    move_seconds = MOVE_SECONDS

    def __init__(self, app: Any, rep: Replay):
        self.replay = rep
        self.table = ReplayTable(app, rep, GinGame.from_json(unpack_state(rep.start)))
        self.view = GinView(self.table)

    def show(self, engine: GinGame, events: list[Event], show_all: bool) -> None:
        self.table.show(engine, events, show_all)

    def draw(self, canvas: Any) -> None:
        self.view.draw(canvas)

    def describe(self, events: list[Event]) -> str:
        """What the last move did, as the table's notes say it, seat by name."""
        return " ".join(filter(None, (self._line(ev) for ev in events)))

    def _line(self, ev: Event) -> str:
        t = self.table
        names = t.names
        who = names[ev.seat] if ev.seat is not None else ""
        card = ev.get("card")
        c = card_text(Card.parse(card)) if card else ""
        kind = ev.kind
        if kind == "take_upcard":
            return f"{who} takes the upcard {c}."
        if kind == "draw_stock":     # a card from the Stock is private to its player
            seen = ev.seat == t.me or t.show_cpu
            return f"{who} draws {c} from the Stock." if seen else f"{who} draws from the Stock."
        if kind == "pass":
            return f"{who} passes the upcard {c}."
        if kind == "discard":
            return f"{who} discards {c}."
        if kind == "knock":
            return f"{who} knocks with {ev.get('deadwood')}!"
        if kind == "gin":
            return f"GIN! {who} goes {'Big Gin' if ev.get('discard') is None else 'gin'}."
        if kind == "lay_down":
            lo = ev.get("layoffs") or []
            return f"{who} lays down the groups" + (f" and lays off {len(lo)}." if lo else ".")
        if kind == "hand_scored":
            how = HOW.get(ev.get("how"), ev.get("how"))
            return f"{names[ev.get('winner')]} wins the hand {how} and scores {ev.get('points')}."
        if kind == "dead_hand":
            return "Two cards left in the Stock: the hand is dead."
        if kind == "game_won":
            return f"{names[ev.get('winner')]} wins the game!"
        return ""


def board(app: Any, replay: Replay) -> ReplayBoard:
    return ReplayBoard(app, replay)
