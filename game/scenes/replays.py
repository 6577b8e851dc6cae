"""The Replays screen (the menu's R): the recorded hands of every game, newest first,
with the game, the date, the seats and the result. Enter plays one back on its table;
K keeps it (never pruned) or lets it go; Del deletes it; Tab shows one game or all.
The list comes from the replays' index (game/replay_store.py), read when the screen
opens or comes back, never while drawing; a replay is read whole, and played through
to check it, when Enter plays it: one found edited is refused and set aside."""
from __future__ import annotations

from typing import Any

import pygame

from game import errors, ui
from game import palette as P
from game.games import BY_KEY, GAMES
from game.keys import Binding
from game.replays import KEEP_LAST, OtherVersion, ReplayError, verify
from game.scene import Pop, Push, Scene
from game.scenes.overlays import MessageBox, Question
from game.scenes.replay_player import ReplayPlayer

ROWS = 18          # lines of the list on screen
SEATS_COL = 15     # the seats' names in the list (in full on the lines under it)


class ReplaysScene(Scene):
    title = "Replays"

    def dirty(self) -> bool:
        return False   # changes only on keys

    def __init__(self, app: Any):
        super().__init__(app)
        self.store = app.replays
        self.filter: str | None = None      # a game's key, or None for all
        self.index = 0
        self.top = 0
        self.damaged: list[str] = []         # files set aside during this visit
        self.refresh()

    def refresh(self) -> None:
        # a page at a time from the index; a replay of a game this program does not
        # have cannot be shown: listed as damaged
        self.entries, found = self.store.listing(self.filter)
        self.damaged += [name for name in found if name not in self.damaged]
        self.index = max(0, min(self.index, len(self.entries) - 1))

    def on_enter(self) -> None:
        self.refresh()

    # keys ---------------------------------------------------------------------------
    def move(self, delta: int):
        if not self.entries:
            return False
        self.index = max(0, min(len(self.entries) - 1, self.index + delta))

    def next_filter(self):
        order = [None, *(g.key for g in GAMES)]
        self.filter = order[(order.index(self.filter) + 1) % len(order)]
        self.index = self.top = 0
        self.refresh()

    def play(self):
        if not self.entries:
            return False
        entry = self.entries[self.index]
        try:
            rep = self.store.load(entry.name)
            cursor = verify(rep, self.store.codec(rep))
        except ReplayError as exc:
            self.app.error()
            if not isinstance(exc, OtherVersion):
                self.store.refuse(entry.name, str(exc))
                self.refresh()
            return Push(MessageBox(self.app, "Replay", [str(exc)[:1].upper() + str(exc)[1:] + "."]))
        try:
            return Push(ReplayPlayer(self.app, cursor))
        except Exception as exc:     # a game's replay table that fails is a bug: reported
            errors.report(exc, f"replay of {entry.replay.game}")
            self.app.error()
            return Push(MessageBox(self.app, "Replay", [f"This replay could not be shown: {exc}"]))

    def toggle_keep(self):
        if not self.entries:
            return False
        entry = self.entries[self.index]
        if not self.store.set_kept(entry.name, not entry.replay.kept):
            return False
        self.refresh()

    def ask_delete(self):
        if not self.entries:
            return False
        entry = self.entries[self.index]

        def delete():
            self.store.delete(entry.name)
            self.refresh()
        return Push(Question(self.app, f"Delete this replay ({entry.replay.label})?", delete,
                             title="Delete"))

    def leave(self):
        return Pop(self)

    def bindings(self):
        return [Binding((pygame.K_UP,), "Previous replay", lambda: self.move(-1), bar="Choose",
                        bar_keys="\x18\x19"),
                Binding((pygame.K_DOWN,), "Next replay", lambda: self.move(1)),
                Binding((pygame.K_PAGEUP,), "Page up", lambda: self.move(-ROWS)),
                Binding((pygame.K_PAGEDOWN,), "Page down", lambda: self.move(ROWS)),
                Binding((pygame.K_HOME,), "The first replay", lambda: self.move(-len(self.entries))),
                Binding((pygame.K_END,), "The last replay", lambda: self.move(len(self.entries))),
                Binding((pygame.K_RETURN, pygame.K_KP_ENTER), "Play it back", self.play, bar="Play"),
                Binding(("k",), "Keep it / let it go", self.toggle_keep, bar="Keep"),
                Binding((pygame.K_DELETE,), "Delete it", self.ask_delete, bar="Delete"),
                Binding((pygame.K_TAB,), "One game / all games", self.next_filter, bar="Game"),
                Binding((pygame.K_ESCAPE, pygame.K_F8), "Back to the menu", self.leave, bar="Back",
                        bar_keys="Esc")]

    def help_lines(self):
        return ["Every hand or round you play is recorded: the last "
                f"{KEEP_LAST} of each game are kept, and any you mark with K.",
                "",
                "Enter plays the chosen one back on its own table. During a replay",
                "Space pauses, Left/Right step, +/- change the speed and F9 shows",
                "every hand. A replay recorded by another version of G'NERTS, or",
                "edited, cannot be shown: you are told so, never shown a wrong game.",
                "",
                "K keeps a replay for ever (a * marks it), Del deletes one, Tab shows",
                "one game's replays or all of them."]

    def spoken_focus(self) -> str:
        if not self.entries:
            return "No replays yet."
        r = self.entries[self.index].replay
        return f"{BY_KEY[r.game].title}, {r.label}, {r.when.replace('T', ' ')}. {r.seats_text()}. {r.result}"

    # drawing ------------------------------------------------------------------------
    def draw(self, canvas):
        canvas.fill(P.PALETTE[P.BLUE])
        ui.fill(canvas, 0, 0, 80, 1, P.LIGHT_GREY)
        shown = "all games" if self.filter is None else BY_KEY[self.filter].title
        ui.center(canvas, 0, f"G'NERTS  -  Replays ({shown})", P.BLACK, P.LIGHT_GREY)
        ui.box(canvas, 1, 2, 78, ROWS + 4, P.WHITE, P.BLUE, title="Recorded hands")
        ui.text(canvas, 3, 3, "  Game      Date              Hand      Seats          Result",
                P.YELLOW, P.BLUE)
        if not self.entries:
            ui.center(canvas, 8, "No replays yet: every hand you play is recorded.", P.WHITE, P.BLUE)
        self.top = min(self.top, self.index)
        if self.index >= self.top + ROWS:
            self.top = self.index - ROWS + 1
        for row, entry in enumerate(self.entries[self.top:self.top + ROWS]):
            r = entry.replay
            sel = self.top + row == self.index
            fg, bg = (P.BLACK, P.CYAN) if sel else (P.WHITE, P.BLUE)
            y = 4 + row
            ui.fill(canvas, 2, y, 76, 1, bg)
            mark = "*" if r.kept else " "
            names = ui.cut(",".join(seat.name for seat in r.seats), SEATS_COL - 1)
            line = (f"{mark} {BY_KEY[r.game].title[:9]:<9} {r.when.replace('T', ' ')[:16]:<16}  "
                    f"{r.label[:9]:<9} {names:<{SEATS_COL}}")
            ui.text(canvas, 3, y, line, fg, bg)
            ui.text_cut(canvas, 3 + len(line), y, r.result, fg, bg, 74 - len(line))
        if self.entries:
            r = self.entries[self.index].replay
            ui.text_cut(canvas, 2, 25, "Seats: " + r.seats_text(), P.LIGHT_CYAN, P.BLUE, 76)
            ui.text_cut(canvas, 2, 26, "Result: " + r.result, P.LIGHT_CYAN, P.BLUE, 76)
            coach = f"  The coach was asked {r.coached} time{'s' if r.coached != 1 else ''}." \
                if r.coached else ""
            ui.text_cut(canvas, 2, 27, f"Deal number {r.deal_no if r.deal_no is not None else '-'}."
                        + coach, P.LIGHT_CYAN, P.BLUE, 76)
        notes = []
        if self.damaged:
            n = len(self.damaged)
            notes.append(f"{n} replay files could not be read: set aside." if n != 1 else
                         "1 replay file could not be read: set aside.")
        if self.store.others:
            n = self.store.others
            notes.append(f"{n} replay{'s' if n != 1 else ''} of another version not listed.")
        if notes:
            ui.text_cut(canvas, 2, 28, " ".join(notes), P.YELLOW, P.BLUE, 76)
