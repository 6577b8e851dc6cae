"""The screen GIN! showed when a game starts: the options for this session only
(Oklahoma, Hollywood, the player's name), starting from the permanent options.
Enter bypasses (plays with what is shown). What is chosen here lasts until the
program ends; the next run starts again from the options program's values.

    SessionScene(app, on_start)           on_start(session dict) -> the transition to the table
    session_for(app) -> dict              this program run's session values
"""
from __future__ import annotations

import weakref
from typing import Callable

import pygame

from game import palette as P
from game import ui
from game.gin import settings as S
from game.keys import Binding
from game.scene import Pop, Scene

# per App (one program run): the last session values chosen
_SESSIONS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def session_for(app) -> dict:
    got = _SESSIONS.get(app)
    return dict(got) if got else S.session_defaults(app.options)


def remember_session(app, session: dict) -> None:
    _SESSIONS[app] = dict(session)


ITEMS = (("oklahoma", "Oklahoma"), ("hollywood", "Hollywood"), ("name", "Your name"))
HINTS = {
    "oklahoma": "The first upcard sets the knock value. Ace: Gin only. Spade: points double.",
    "hollywood": "Three games are scored at once.",
    "name": "Type your name; Backspace deletes.",
}


class SessionScene(Scene):
    title = "Gin Rummy: this session"

    def __init__(self, app, on_start: Callable[[dict], object]):
        super().__init__(app)
        self.values = session_for(app)
        self.index = 0
        self.on_start = on_start

    @property
    def item(self) -> str:
        return ITEMS[self.index][0]

    def move(self, d):
        self.index = (self.index + d) % len(ITEMS)

    def flip(self):
        if self.item == "name":
            return False
        self.values[self.item] = not self.values[self.item]

    def start(self):
        if not self.values["name"].strip():
            self.values["name"] = "Player"
        remember_session(self.app, self.values)
        return self.on_start(dict(self.values))

    def back(self):
        return Pop(self)

    def handle(self, event):
        if self.item == "name":
            name = self.values["name"]
            if event.key == pygame.K_BACKSPACE:
                if not name:
                    return False
                self.values["name"] = name[:-1]
                return True
            ch = event.unicode or ""
            if len(ch) == 1 and ch.isprintable() and event.key not in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if len(name) >= S.NAME_MAX:
                    return False
                self.values["name"] = name + ch
                return True
        return super().handle(event)

    def bindings(self):
        b = [Binding((pygame.K_RETURN, pygame.K_KP_ENTER), "Play with these options", self.start),
             Binding((pygame.K_UP,), "Previous item", lambda: self.move(-1)),
             Binding((pygame.K_DOWN,), "Next item", lambda: self.move(1)),
             Binding((pygame.K_ESCAPE,), "Back to the menu", self.back)]
        if self.item != "name":
            b.append(Binding((pygame.K_LEFT, pygame.K_RIGHT, pygame.K_SPACE), "On / off", self.flip))
        else:
            b.append(Binding((pygame.K_BACKSPACE,), "Delete a letter (type to write)", lambda: None))
        return b

    def help_lines(self):
        return ["These options are for this session only: they last until you leave the "
                "program. The permanent ones are set in the options program (Options, "
                "pages Gin points and Gin play).",
                "", "Up/Down: choose an item.  Left/Right: switch it on or off.",
                "Type your name on the name line.", "Enter: start the game (bypass)."]

    def draw(self, canvas):
        table = self.app.options["colour.table"]
        canvas.fill(P.PALETTE[table])
        ui.fill(canvas, 0, 0, 80, 1, P.LIGHT_GREY)
        ui.center(canvas, 0, "GIN!  -  Gin Rummy", P.BLACK, P.LIGHT_GREY)
        ui.box(canvas, 16, 6, 48, 12, P.WHITE, P.BLUE, title="Options for this session")
        for i, (key, label) in enumerate(ITEMS):
            row = 9 + i * 2
            sel = i == self.index
            bg = P.CYAN if sel else P.BLUE
            ui.fill(canvas, 18, row, 44, 1, bg)
            ui.text(canvas, 20, row, label, P.BLACK if sel else P.WHITE, bg)
            v = self.values[key]
            if key == "name":
                shown = v + ("_" if sel and self.app.blink else " ")
            else:
                shown = ("\x11 %s \x10" if sel else "  %s  ") % ("On " if v else "Off")
            ui.text(canvas, 38, row, shown, P.BLACK if sel else P.YELLOW, bg)
        ui.center(canvas, 16, "Press Enter to play.", P.YELLOW, P.BLUE, 16, 48)
        ui.center(canvas, 20, HINTS[self.item], self.app.options["colour.notes"], table)
        ui.center(canvas, 22, "Points and colours are set in the options program.",
                  self.app.options["colour.text"], table)
        ui.key_bar(canvas, [("Enter", "Play"), ("\x18\x19", "Item"), ("\x1b\x1a", "On/Off"),
                            ("Esc", "Menu"), ("F1", "Keys"), ("F2", "Help")])
