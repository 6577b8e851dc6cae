"""The coach at the Gin table (issue #21), without pygame: H asks the expert what it
would do now from the player's own view (game/gin/coach.py), and the notes say it
("Coach: Discard 9♣: ..."), spoken like any note. Every hint is counted: in the hand's
replay (table_replays.py), in the statistics at the end of the hand ({"coach_uses": n},
by level and variant like the other counts), and for the game, whose end-of-game screen
says when the winner had the coach's help. CoachTally keeps these counts; the
controller (GinController.coach) holds one. point_at puts the keys' cursor on the
advised card.
"""
from __future__ import annotations

from typing import Any

from game.engine import is_int
from game.gin.coach import Advice, advise
from game.gin.moves import Discard, DrawStock, GoOut, Pass, TakeUpcard


class CoachTally:
    """The hints asked: in the hand being played, and in this game by seat."""

    def __init__(self) -> None:
        self.hand = 0
        self.game: tuple[int, int] = (0, 0)
        self.last_advice: Advice | None = None

    def ask(self, view, seat: int, opponent: str) -> Advice:
        """The expert's advice for `seat`'s view, counted."""
        advice = advise(view, opponent=opponent)
        self.last_advice = advice
        self.hand += 1
        counts = list(self.game)
        counts[seat] += 1
        self.game = (counts[0], counts[1])
        return advice

    def hand_uses(self, events) -> int:
        """The hints asked in a hand once it is over (then counted afresh), else 0 (a hand
        thrown in by F7 passes its hints on to the next)."""
        if self.hand and any(ev.kind in ("hand_scored", "dead_hand") for ev in events):
            n, self.hand = self.hand, 0
            return n
        return 0

    def end_note(self, scores: tuple[int, int], names, hot_seat: bool, me: int) -> str:
        """The end-of-game screen's line when the winner asked the coach, else ""."""
        t0, t1 = scores
        if t0 == t1:
            return ""
        winner = 0 if t0 > t1 else 1
        hints = self.game[winner]
        if not hints or (not hot_seat and winner != me):
            return ""
        who = f"{names[winner]} won" if hot_seat else "Won"
        return f"{who} with the coach's help: {hints} hint{'s' if hints != 1 else ''}."

    # ---- the table's save ----
    def to_json(self) -> dict:
        return {"hand": self.hand, "game": list(self.game)}

    def restore(self, data: dict | None) -> None:
        if data is not None:
            self.hand, self.game = data["hand"], (data["game"][0], data["game"][1])


def coach_from_json(data: Any) -> dict | None:
    """A save's coach counts checked; None when absent (an older save) or damaged (the
    counts are worth less than the game, which resumes whatever happens)."""
    if data is None:
        return None
    ok = (isinstance(data, dict) and set(data) == {"hand", "game"}
          and is_int(data["hand"]) and 0 <= data["hand"] < 10 ** 6
          and isinstance(data["game"], list) and len(data["game"]) == 2
          and all(is_int(n) and 0 <= n < 10 ** 6 for n in data["game"]))
    if not ok:
        return None
    return {"hand": data["hand"], "game": list(data["game"])}


def point_at(play: Any, move: Any) -> None:
    """The keys' cursor on what the coach advised (as Gnono's coach does): the pick-up
    arrow at the Stock or the upcard, or the card to throw flashing, so that the next
    key plays it. A card taken and still below the upcard goes in at the arrow first
    (as Enter puts it)."""
    if isinstance(move, TakeUpcard | DrawStock | Pass) and play.picked is None:
        play.focus, play.moving = "pickup", False
        if play._pickup_choice():
            play.target = "stock" if isinstance(move, DrawStock) else "pile"
    elif isinstance(move, Discard | GoOut):
        card = move.card if isinstance(move, Discard) else move.discard
        if card is not None and play.picked is not None:
            play.insert()
        if card in play.order:
            play.focus, play.moving, play.sel = "hand", False, play.order.index(card)
