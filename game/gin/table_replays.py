"""The Gin table's recording of each hand (issue #21), without pygame: a mixin of
GinController (self.game, app, names, level, hot_seat).

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
from game.replays import Recorder, Replay, ReplayCursor, ReplayError, Seat, digest

PLAYING = ("offer", "draw", "discard", "lay_down")


class TableReplays:
    recorder: Recorder | None = None
    last_replay: Replay | None = None

    def replay_seats(self) -> list[Seat]:
        if self.hot_seat:
            return [Seat(self.names[0], "human"), Seat(self.names[1], "human")]
        return [Seat(self.names[0], "human"), Seat(self.names[1], "computer", self.level)]

    def _start_recording(self) -> None:
        """At the table's start: the hand on the table is recorded from here (a resumed
        table then puts back the recording its save holds, table_save.restore)."""
        self.recorder = Recorder(replay_codec, self.replay_seats(), viewer=0)
        self.last_replay = None
        if self.game.phase in PLAYING:
            self._begin_hand()

    def _begin_hand(self) -> None:
        g = self.game
        self.recorder.begin(g, f"Hand {g.hand_no}")

    def _record_move(self, move: Any, events: list) -> None:
        """After a move the engine accepted (before the autosave, which keeps the hand
        so far): a deal begins a new recording, any other move is recorded (None: not
        known, the recording is dropped), and the end of the hand finishes the replay
        and writes it."""
        rec = self.recorder
        if rec is None:
            return
        kinds = {ev.kind for ev in events}
        if "deal" in kinds:
            self._begin_hand()
            return
        if move is None:      # a move made around the table: this hand cannot be replayed
            rec.restore(None)
        elif rec.replay is not None:
            rec.record(len(rec.replay.moves), move.seat, move)
        if kinds & {"hand_scored", "dead_hand"}:   # the result: made by the replay codec
            rep = rec.finish(self.game)
            if rep is not None:
                self.app.replays.save(rep)
                self.last_replay = rep

    def restore_recording(self, data: Any) -> None:
        """The hand in progress from a save: kept only if its moves, played from its
        deal, give the game on the table (a damaged or stale one is dropped; the game
        resumes whatever it holds)."""
        rec = self.recorder
        rec.restore(data)
        if rec.replay is None:
            return
        try:
            cursor = ReplayCursor(rec.replay, replay_codec)
            cursor.seek(cursor.length)
            same = digest(cursor.engine) == digest(self.game)
        except (ReplayError, ValueError, TypeError):   # a damaged recording: dropped
            same = False
        if not same:
            rec.restore(None)
