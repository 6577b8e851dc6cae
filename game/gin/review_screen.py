"""The review of a Gin hand on screen: R on the hand's score screen (and at the end of
the game, for its last hand) opens a box listing the turns where the expert would
have drawn or discarded otherwise (game/gin/review.py), for each player at the
keyboard. Paged with PgUp/PgDn; Esc or Enter goes back to the score.

    review_keys(table) -> [Binding]     the R key, when the table kept the hand's replay
"""
from __future__ import annotations

from typing import Any

from game import palette as P
from game import ui
from game.gin.review import review
from game.keys import Binding
from game.replays import Replay, ReplayError
from game.scene import Push
from game.scenes.overlays import TextBox

WIDTH = 76


def review_lines(replay: Replay) -> list[str]:
    """The review of every player at the keyboard (hot seat: both, one after the other),
    or why the hand cannot be reviewed."""
    humans = [s for s, seat in enumerate(replay.seats) if seat.kind == "human"]
    lines: list[str] = []
    try:
        for s in humans:
            if len(humans) > 1:
                lines += ([""] if lines else []) + [f"{replay.seats[s].name.upper()}"]
            lines += review(replay, s)
    except ReplayError as exc:
        return [f"This hand cannot be reviewed: {exc}."]
    return lines or ["No player at the keyboard in this hand: nothing to review."]


def _wrapped(line: str, width: int) -> list[str]:
    """A line wrapped to the box, an indented line's continuation indented deeper."""
    indent = len(line) - len(line.lstrip(" "))
    parts = ui.wrap(line.strip(), width - indent) if line.strip() else [""]
    return [" " * indent + parts[0]] + [" " * (indent + 2) + p for p in parts[1:]]


class ReviewBox(TextBox):
    """The review, in a box over the score screen."""
    fg, bg = P.BLACK, P.LIGHT_GREY
    width = WIDTH
    wrap = staticmethod(_wrapped)     # a paragraph stays whole on its page (the shared pager)

    def __init__(self, app: Any, replay: Replay):
        super().__init__(app, f"Review: {replay.label}", review_lines(replay), footer="Esc or Enter: back")
        self.per_page = 22
    close_label = "Back"


def review_keys(table: Any) -> list[Binding]:
    """R "Review" for the score screen, when the table kept the replay of the hand just
    played (its recording's last_replay; None: no key)."""
    replay = table.recording.last_replay
    if replay is None:
        return []
    return [Binding(("r",), "Review", lambda: Push(ReviewBox(table.app, replay)), bar="Review")]
