"""The Gin table's recording of each hand (issue #21), without pygame: a HandRecording
object that the controller holds (GinController.recording).

A hand is one replay, from its deal to "hand_scored" or "dead_hand": begun when the
hand is dealt (the first at the table's start, the next by NextHand, again by F7's
Redeal, which throws the recording away with the hand), each accepted move recorded
with its index in the hand as its step, finished and written to the replays folder
when the hand is scored. The last one is `last_replay` (the post-hand review reads it).
The hand in progress travels in the table's save (table_save.py).
"""
from __future__ import annotations

from typing import Any

from game.gin import replay_codec
from game.replays import Recorder, Replay, Seat

PLAYING = ("offer", "draw", "discard", "lay_down")


def replay_seats(names, level: str, hot_seat: bool) -> list[Seat]:
    if hot_seat:
        return [Seat(names[0], "human"), Seat(names[1], "human")]
    return [Seat(names[0], "human"), Seat(names[1], "computer", level)]


class HandRecording:
    """The hand being recorded (`recorder`; None: nothing is recorded, as on a replay's
    own table) and the last hand finished (`last_replay`). A finished hand is written
    to app.replays."""

    def __init__(self, app: Any, seats: list[Seat] | None):
        self.app = app
        self.recorder: Recorder | None = None if seats is None else Recorder(replay_codec, seats, viewer=0)
        self.last_replay: Replay | None = None

    def start(self, game) -> None:
        """At the table's start: the hand on the table is recorded from here (a resumed
        table then puts back the recording its save holds, restore below)."""
        if self.recorder is not None and game.phase in PLAYING:
            self.recorder.begin(game, f"Hand {game.hand_no}")

    def record_move(self, game, move: Any, events: list) -> None:
        """After a move the engine accepted (before the autosave, which keeps the hand
        so far): a deal begins a new recording, any other move is recorded (None: not
        known, the recording is dropped), and the end of the hand finishes the replay
        and writes it."""
        rec = self.recorder
        if rec is None:
            return
        kinds = {ev.kind for ev in events}
        if "deal" in kinds:
            rec.begin(game, f"Hand {game.hand_no}")
            return
        if move is None:      # a move made around the table: this hand cannot be replayed
            rec.restore(None)
        elif rec.replay is not None:
            rec.record(len(rec.replay.moves), move.seat, move)
        if kinds & {"hand_scored", "dead_hand"}:   # the result: made by the replay codec
            rep = rec.finish(game)
            if rep is not None:
                self.app.replays.save(rep)
                self.last_replay = rep

    def coach_used(self) -> None:
        """A hint asked in the hand: its replay counts it."""
        if self.recorder is not None:
            self.recorder.coach_used()

    def to_json(self) -> Any:
        return self.recorder.to_json() if self.recorder is not None else None

    def restore(self, data: Any, game) -> None:
        """The hand in progress from a save: kept only if its moves, played from its
        deal, give the game on the table (Recorder.restore: a damaged or stale one is
        dropped and told; the game resumes whatever it holds)."""
        if self.recorder is not None:
            self.recorder.restore(data, game, self.app.storage.tell)
