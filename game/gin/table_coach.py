"""The coach at the Gin table (issue #21), without pygame: H asks the expert what it
would do now from the player's own view (game/gin/coach.py), and the notes say it
("Coach: Discard 9♣: ..."), spoken like any note. Every hint is counted: in the hand's
replay (the recorder's coach_used, table_replays.py), in the statistics at the
end of the hand ({"coach_uses": n}, by level and variant like the other counts), and
for the game, whose end-of-game screen says when the winner had the coach's help.

A mixin of GinController (it uses self.game, me, them, mode, my_turn, note, names,
hot_seat, refuse, recorder, and TableNotes' _hand_stats below it).
"""
from __future__ import annotations

from typing import Any

from game.engine import is_int
from game.gin.coach import Advice, advise


class TableCoach:
    coach_hand = 0              # hints asked in the hand being played
    coach_game = (0, 0)         # hints asked in this game, by seat
    last_advice: Advice | None = None

    def coach(self):
        """H: the expert's move and its reason in the notes; False (a beep, with the
        reason in the notes) when it is not the player's turn to draw or discard."""
        if not (self.my_turn and self.mode == "play"):
            return self.refuse("The coach helps when it is your turn to draw or discard.")
        opponent = self.names[self.them] if self.hot_seat else "the computer"
        advice = advise(self.game.view(self.me), opponent=opponent)
        self.last_advice = advice
        self.note = "Coach: " + advice.text
        self.coach_hand += 1
        counts = list(self.coach_game)
        counts[self.me] += 1
        self.coach_game = tuple(counts)
        if self.recorder is not None:        # the hand's replay counts them too
            self.recorder.coach_used()

    def _hand_stats(self, events) -> tuple[dict, dict]:
        """TableNotes' counts of a hand, with the hints asked in it once it is over
        (a hand thrown in by F7 passes its hints on to the next)."""
        counts, best = super()._hand_stats(events)
        if self.coach_hand and any(ev.kind in ("hand_scored", "dead_hand") for ev in events):
            counts["coach_uses"] = self.coach_hand
            self.coach_hand = 0
        return counts, best

    def coach_end_note(self) -> str:
        """The end-of-game screen's line when the winner asked the coach, else ""."""
        t0, t1 = self.game.scores()
        if t0 == t1:
            return ""
        winner = 0 if t0 > t1 else 1
        hints = self.coach_game[winner]
        if not hints or (not self.hot_seat and winner != self.me):
            return ""
        who = f"{self.names[winner]} won" if self.hot_seat else "Won"
        return f"{who} with the coach's help: {hints} hint{'s' if hints != 1 else ''}."

    # ---- the table's save ----
    def coach_to_json(self) -> dict:
        return {"hand": self.coach_hand, "game": list(self.coach_game)}

    def coach_restore(self, data: dict | None) -> None:
        if data is not None:
            self.coach_hand, self.coach_game = data["hand"], tuple(data["game"])


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
