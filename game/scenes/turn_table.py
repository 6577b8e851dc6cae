"""What the turn-based tables with computer seats (Gnono, Go-Stop) share: the notes
lines and the log, the refused key, F3's log, F9's cheat, leaving and saving.

A subclass keeps `self.log` (every note), `self.notes` ((line, colour) shown at the
bottom), `self.show_hands`, and provides `save()`.
"""
from __future__ import annotations

from game import palette as P, ui
from game.scene import Scene
from game.scenes.overlays import Question, TextBox

NOTE_ROWS = (26, 27, 28)  # the canvas rows of the notes, newest last
LOG_KEEP = 400


class TurnTable(Scene):
    def note(self, text, colour=None):
        """A line (or more) in the notes at the bottom, and in the F3 log."""
        if not text:
            return
        self.log.append(text)
        if len(self.log) > LOG_KEEP:
            del self.log[:LOG_KEEP // 4]
        colour = self.app.options["colour.notes"] if colour is None else colour
        for line in ui.wrap(text, 78):
            self.notes.append((line, colour))
        del self.notes[:-len(NOTE_ROWS)]

    def draw_notes(self, canvas):
        for i, (line, colour) in enumerate(self.notes[-len(NOTE_ROWS):]):
            ui.text(canvas, 1, NOTE_ROWS[0] + i, line[:78], colour)

    def refuse(self, reason=None):
        """A refused key: the beep, and why in the notes."""
        self.app.error()
        if reason:
            self.note(reason, P.YELLOW)
        return True   # the beep is given here: the App must not beep again

    def show_log(self):
        self.app.push(TextBox(self.app, "What happened", self.log[-200:] or ["Nothing yet."]))

    def toggle_hands(self):
        self.show_hands = not self.show_hands
        self.note("The computers' hands are shown face up (F9 hides them)." if self.show_hands
                  else "The computers' hands are hidden again.")

    def leave(self):
        self.save()
        self.app.pop(self)

    def ask_leave(self):
        self.app.push(Question(self.app, "Leave the game? (the game is saved)", self.leave, title="Leave"))

    def save_state(self):
        self.save()

    def save(self):
        raise NotImplementedError
