"""What the turn-based tables with computer seats (Gnono, Go-Stop) share: the notes
lines and the log, the refused key, F3's log, F9's cheat, leaving and saving, and the
scene's hooks answered by the parts a table is made of: its `view` draws, its
`keymap` holds the keys (the key bar is made from them), its `narrator` says what
the voice says, `rules_help` is the F2 text.

The notes and the log are the shared layer's (game/table/audience.py): every note
carries its audience, and `notes` (the (line, colour) shown at the bottom) and `log`
(F3) are what the seat at the keyboard may read now. A subclass says who that is
(`reader()`), keeps `self.show_hands` and its controller in `self.ctl` (with the
computers in `ctl.ais`), and provides `save()`. Hosted, `ctl.hosting` is its
NetHosting (the Leave question names the network players it drops, game/table/
leaving.py); joined, `joined` is its JoinedSeat (game/table/joined.py), which holds
the keys pressed while a move is in flight.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

import pygame

from game import palette as P
from game import ui
from game.engine import rng_state_to_json
from game.keys import Binding
from game.scene import Pop, Push, Scene
from game.scenes.overlays import Question, TextBox
from game.table.audience import Notes
from game.table.joined import JoinedSeat
from game.table.leaving import leave_question

NOTE_ROWS = (26, 27, 28)  # the canvas rows of the notes, newest last


class TurnTable(Scene):
    rules_help: list[str] = []
    view: Any
    keymap: Any
    narrator: Any
    joined: JoinedSeat | None = None     # a joiner's table: the seat's link to the host

    def __init__(self, app):
        super().__init__(app)
        self.messages = Notes(self.reader, self.speak, ui.wrap, rows=len(NOTE_ROWS))

    def handle(self, event):
        if self.joined is not None and self.joined.hold(event):    # a move is in flight
            return True
        return super().handle(event)

    # -- the scene's hooks, answered by the table's parts
    def draw(self, canvas):
        self.view.draw(canvas)

    def bindings(self) -> list[Binding]:
        return self.keymap.bindings()

    def help_lines(self) -> list[str]:
        return self.rules_help

    def spoken_focus(self) -> str:
        return self.narrator.spoken_focus()

    def spoken_detail(self) -> str | None:
        return self.narrator.spoken_detail()

    def spoken_state(self) -> str:
        return self.narrator.spoken_state()

    def reader(self) -> int | None:
        """The seat whose private messages may be read now (None: nobody's)."""
        raise NotImplementedError

    def speak(self, text: str) -> None:
        self.app.say(text)

    def note(self, text, colour=None, seat=None, private=None):
        """A line (or more) in the notes at the bottom, in the F3 log and the voice;
        `private`: the same line for `seat` only (audience.Message)."""
        self.messages.add(text, colour, seat, private)
        self.app.redraw()     # a table at rest (dirty() False) shows its new note too

    @property
    def notes(self) -> list[tuple[str, int]]:
        """The notes lines the reader may see now, (line, colour), newest last."""
        default = self.app.options["colour.notes"]
        return [(line, default if c is None else c) for line, c in self.messages.lines()]

    @property
    def log(self) -> list[str]:
        """The F3 log as the reader may read it now."""
        return self.messages.history()

    def draw_notes(self, canvas):
        for i, (line, colour) in enumerate(self.notes):
            ui.text(canvas, 1, NOTE_ROWS[0] + i, line[:78], colour)

    def refuse(self, reason=None):
        """A refused key: the beep, and why in the notes, for the seat refused only."""
        self.app.error()
        if reason:
            self.messages.refusal(reason, P.YELLOW)
        return True   # the beep is given here: the App must not beep again

    def show_log(self) -> Push:
        return Push(TextBox(self.app, "What happened", self.log[-200:] or ["Nothing yet."]))

    def peek_refused(self) -> str | None:
        """Why a key that shows what the keyboard's seat cannot see (F9: the computers'
        hands) is refused at this table now, or None: each table answers from its own
        facts (a challenge, network humans seated) through game/table/peeking.py."""
        return None

    def has_computers(self) -> bool:
        """A computer plays at this table here (F9 has hands to show)."""
        return bool(self.ctl.ais)

    def toggle_hands(self):
        """F9: show or hide the computers' hands; refused (beep, the reason in the
        notes) where peeking is not allowed (hiding them again always is)."""
        reason = None if self.show_hands else self.peek_refused()
        if reason is not None:
            return self.refuse(reason)
        self.show_hands = not self.show_hands
        self.note("The computers' hands are shown face up (F9 hides them)." if self.show_hands
                  else "The computers' hands are hidden again.")

    def leave(self, then: Callable[[], Any] | None = None) -> Pop:
        """Save and leave the table; `then` (a Pop's callback) runs once it is gone."""
        self.save()
        return Pop(self, then=then)

    def leave_text(self) -> str:
        """The Leave question: saved; at a hosted table, who is dropped."""
        hosting = self.ctl.hosting
        return leave_question(hosting.seated() if hosting is not None else ())

    def ask_leave(self) -> Push:
        return Push(Question(self.app, self.leave_text(), self.leave, title="Leave"))

    def save_state(self):
        self.save()

    def table_bindings(self, f4_label, f4_action, bars: Mapping[int, str]) -> list[Binding]:
        """The keys every such table has: F3 log, F1 (the App's keys box, always on the
        key bar), F4 scores, F8, F9 (only where a computer plays) and Esc, each on the
        bar with its label in `bars` (a key not there is listed in the F1 box only)."""
        def bar(key):
            return bars.get(key, "")
        f9 = [Binding((pygame.K_F9,), "Show/hide the computers' hands", self.toggle_hands,
                      bar=bar(pygame.K_F9))] if self.has_computers() else []
        return [Binding((pygame.K_F3,), "Log of the game", self.show_log, bar=bar(pygame.K_F3)),
                *self.app_keys(""),
                Binding((pygame.K_F4,), f4_label, f4_action, bar=bar(pygame.K_F4)),
                Binding((pygame.K_F8,), "Save and leave", self.leave, bar=bar(pygame.K_F8)),
                *f9,
                Binding((pygame.K_ESCAPE,), "Leave the game (saved)", self.ask_leave,
                        bar=bar(pygame.K_ESCAPE))]

    def resumed(self, log: list) -> TurnTable:
        """This table, rebuilt from its save, with the notes and F3 history it kept (not
        the deal notes the new table wrote: stale here) and the notice."""
        self.messages.load(log)
        self.note("The game is resumed where you left it.")
        return self

    def ai_rng_states(self) -> list:
        """The computers' random states for a save, seat by seat; a choice under way
        is not saved (rng_at_rest): its computer thinks it over again on resume.
        The computers are the controller's (self.ctl.ais)."""
        out = []
        ais = self.ctl.ais
        for seat in sorted(ais):
            ai = ais[seat]
            r = ai.rng_at_rest() if hasattr(ai, "rng_at_rest") else getattr(ai, "rng", None)
            out.append(rng_state_to_json(r) if isinstance(r, random.Random) else None)
        return out

    def save(self):
        raise NotImplementedError
