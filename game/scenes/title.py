"""The title screen: the block-letter logo, the four games, "press any key"."""
from __future__ import annotations

from collections.abc import Callable

import pygame

from game import VERSION, card_art, ui
from game import palette as P
from game.cards import Card
from game.games import GAMES
from game.scene import Replace, Scene

# The logo in 8x8 "pixels" (square on the 8x16 cell grid: two per cell, as the
# half-block characters made them on a text screen).
LOGO = [
    " ####  ##  #   # ##### ####  ##### #### ",
    "#      ##  ##  # #     #   #   #  #     ",
    "#      #   # # # #     #   #   #  #     ",
    "#  ###     # # # ####  ####    #   ###  ",
    "#    #     #  ## #     #  #    #      # ",
    "#    #     #   # #     #   #   #      # ",
    " ####      #   # ##### #   #   #  ####  ",
]
LOGO_COLOURS = [P.YELLOW, P.YELLOW, P.LIGHT_RED, P.LIGHT_RED, P.RED, P.RED, P.MAGENTA]
PX = 12


def draw_logo(canvas, top: int) -> None:
    width = len(LOGO[0]) * PX
    left = (canvas.get_width() - width) // 2
    pixels = [(x, y) for y, row in enumerate(LOGO) for x, ch in enumerate(row) if ch == "#"]
    for x, y in pixels:  # the shadow first, then the letters over it
        canvas.fill(P.PALETTE[P.BLACK], (left + x * PX + 3, top + y * PX + 3, PX, PX))
    for x, y in pixels:
        canvas.fill(P.PALETTE[LOGO_COLOURS[y]], (left + x * PX, top + y * PX, PX - 1, PX - 1))


class TitleScene(Scene):
    title = "Title"

    def dirty(self) -> bool:
        # keys and the blink redraw anyway; the sound device opens after the first
        # frame, and the line that says it could not is drawn when it is known
        return self.sound_problem() != self.drawn_problem

    def __init__(self, app, then: Callable[[], Scene]):
        super().__init__(app)
        self.then = then  # makes the menu scene
        self.greeted = False
        self.drawn_problem: str | None = None

    def sound_problem(self) -> str | None:
        """Why no sound can be heard (no device, no driver), told once, here."""
        audio = self.app.audio
        return audio.problem if audio.opened and not audio.available else None

    def update(self, dt):
        if not self.greeted:  # the start-up tune, once the title is on screen
            self.greeted = True
            self.app.sound("start")

    def help_lines(self) -> list[str]:
        return ["G'NERTS is a card parlor of four games, played with the keyboard alone: "
                "Nerts, Gin Rummy, Gnono and Go-Stop.",
                "",
                "Press any key for the main menu, where the games, network play, replays, "
                "challenges, statistics and the options are chosen.",
                "",
                "On every screen F1 lists its keys and F2 shows its help. A key that means "
                "nothing at the moment beeps, and nothing else happens."]

    def handle(self, event) -> bool | Replace:
        if event.key in (pygame.K_F1, pygame.K_F2):
            return False
        return Replace(self.then())

    def draw(self, canvas):
        canvas.fill(P.PALETTE[P.BLUE])
        ui.box(canvas, 2, 1, 76, 27, P.LIGHT_CYAN, P.BLUE, shadow=False)
        draw_logo(canvas, 48)
        ui.center(canvas, 9, "\x04  A   C A R D   P A R L O R  \x05", P.WHITE, P.BLUE)
        cards = [Card(1, "S"), Card(13, "H"), Card(12, "D"), Card(11, "C")]
        w, _ = card_art.card_size("normal")
        left = 320 - (w * 4 + 24 * 3) // 2 + 60
        for i, c in enumerate(cards):
            back = card_art.back(i, "normal", P.RED if i % 2 else P.BLUE)
            canvas.blit(back, (left - 120 + i * 8, 184 + i * 2))
            canvas.blit(card_art.face(c, "normal"), (left + i * 30, 184 - (i % 2) * 6))
        ui.center(canvas, 17, "  ·  ".join(g.title for g in GAMES), P.YELLOW, P.BLUE)
        ui.center(canvas, 19, "Keyboard only. Every wrong key beeps - that is all it does.",
                  P.LIGHT_GREY, P.BLUE)
        ui.center(canvas, 21, "In honour of GIN! (1981)", P.LIGHT_GREY, P.BLUE)
        self.drawn_problem = self.sound_problem()
        if self.drawn_problem:
            ui.center(canvas, 22, ui.cut(f"No sound will be heard: {self.drawn_problem}.", 72),
                      P.YELLOW, P.BLUE)
        # steady, so that it is never missed; the key blinks (any key but F1/F2 starts)
        ui.center(canvas, 24, "Press Enter to start", P.WHITE, P.BLUE)
        ui.text(canvas, 36, 24, "Enter", P.YELLOW if self.app.blink else P.WHITE, P.BLUE)
        ui.center(canvas, 26, f"Version {VERSION}   (C) 2026 the G'NERTS engineers", P.CYAN, P.BLUE)
