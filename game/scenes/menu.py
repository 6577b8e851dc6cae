"""The main menu: the four games, Join a table, Replays, challenges, Options, Quit.

Every line has a key that never changes: the games 1-4 (in GAMES order), the line
that resumes game N Alt+N, then J(oin a table), R(eplays), C (play a challenge),
D(eal number), S(tatistics), O(ptions), Q(uit). The key is printed at the start of the line.
"""
from __future__ import annotations

from typing import Any

import pygame

from game import errors, ui
from game import palette as P
from game.deals import DEAL_DIGITS
from game.games import GAMES, has_save, resume_table, start_table
from game.gamespec import GameSpec
from game.keys import Alt, Binding, KeySpec, typed
from game.scene import Push, Scene
from game.scenes.overlays import MessageBox, NumberPrompt, Question
from game.spoken import menu_item_text

LETTERS = {"join": "j", "replays": "r", "challenge": "c", "deal": "d", "stats": "s", "options": "o",
           "quit": "q"}
KEY_COL = 7      # the width of the key column on the menu's lines


class MenuScene(Scene):
    title = "Main menu"

    def dirty(self) -> bool:
        return False   # changes only on keys (and the blink), which redraw anyway

    def __init__(self, app: Any):
        super().__init__(app)
        self.index = 0
        self.items: list[tuple[str, Any]] = []
        self.refresh()

    def refresh(self) -> None:
        """The lines of the menu: saved games to resume first, then the games."""
        current = self.items[self.index][1] if self.items else None
        resumes = [(f"Resume {g.title}", ("resume", g)) for g in GAMES if has_save(self.app, g)]
        self.items = resumes + [(g.title, g) for g in GAMES[:9]] + [
            ("Join a table", "join"), ("Replays", "replays"), ("Play a challenge", "challenge"),
            (self.deal_label(), "deal"), ("Statistics", "stats"), ("Options", "options"),
            ("Quit to DOS", "quit")]
        whats = [what for _, what in self.items]
        if ("resume", current) in whats:
            current = ("resume", current)   # back from a game left with F8: Enter resumes it
        self.index = whats.index(current) if current in whats else 0

    def line_keys(self, what: Any) -> tuple[KeySpec, ...]:
        """The fixed keys of a line (its number, Alt+number or letter)."""
        if isinstance(what, tuple):
            n = self.game_number(what[1])
            return (Alt(getattr(pygame, f"K_{n}")), Alt(getattr(pygame, f"K_KP{n}")))
        if isinstance(what, GameSpec):
            return typed(str(self.game_number(what)))
        return (LETTERS[what],)

    def key_label(self, what: Any) -> str:
        if isinstance(what, tuple):
            return f"Alt+{self.game_number(what[1])}"
        if isinstance(what, GameSpec):
            return str(self.game_number(what))
        return LETTERS[what].upper()

    def game_number(self, info: GameSpec) -> int:
        """A game's number: its place among the game lines (1-4), whatever is resumable."""
        games = [w.key for _, w in self.items if isinstance(w, GameSpec)]
        return games.index(info.key) + 1

    def deal_label(self) -> str:
        return "Deal number: " + ("random" if self.app.seed is None else str(self.app.seed))

    def ask_deal(self) -> Push:
        def done(value):
            self.app.seed = value
            self.refresh()
        return Push(NumberPrompt(self.app, "Deal number for the next games:", done, self.app.seed,
                                 max_digits=DEAL_DIGITS))

    def show_stats(self) -> Push:
        from game.scenes.statistics import StatisticsBox  # lazy: start-up time, as the others below
        return Push(StatisticsBox(self.app))

    def on_enter(self) -> None:
        self.refresh()

    def blurb(self) -> tuple[str, ...]:
        """The lines of the box beside the menu, for the line under the bar."""
        what = self.items[self.index][1]
        if isinstance(what, tuple):
            return ("Go back to the game you left, exactly where you left it.",)
        if isinstance(what, str):
            return {"join": ("Play with friends at other computers:", "pick a table on your network, or",
                             "type the address and the code", "that the host gives you."),
                    "replays": ("Watch any of your last hands again", "on its own table, step by step,",
                                "with every hand face up if you like."),
                    "challenge": ("Type a friend's challenge code and", "play the very same game against",
                                  "the same computers. Who scores more?"),
                    "deal": ("Every deal has a number. Set one to", "replay a deal, or to compare your",
                             "play with a friend's on the same", "cards. Empty: a random deal."),
                    "stats": ("Games and hands played and won,", "gins, G'NERTS calls, best scores,",
                              "and a chart of your last games."),
                    "options": ("Colours, sound, and the rules and", "points of every game, kept for",
                                "the next time you play."),
                    "quit": ("Back to DOS. A game in progress", "is saved when you leave it.")}[what]
        return what.blurb

    def spoken_focus(self) -> str:
        name, what = self.items[self.index]
        return menu_item_text(self.key_label(what), name, " ".join(self.blurb()))

    def move(self, delta: int) -> None:
        self.index = (self.index + delta) % len(self.items)

    def choose(self, index: int | None = None) -> Push | bool | None:
        """Enter on a line (or its number): what the line does, as a transition for
        the App; False when it cannot be done (the App beeps)."""
        if index is not None:
            self.index = index
        name, what = self.items[self.index]
        if what == "quit":
            return self.ask_quit()
        if isinstance(what, tuple):
            return self.resume_game(what[1])
        if what == "deal":
            return self.ask_deal()
        if what == "join":
            from game.scenes.join import JoinScene  # lazy: start-up time (zeroconf loads when a player joins)
            return Push(JoinScene(self.app))
        if what == "replays":
            from game.scenes.replays import ReplaysScene  # lazy: start-up time (the title needs none)
            return Push(ReplaysScene(self.app))
        if what == "challenge":
            from game.scenes.challenge import CodePrompt  # lazy: start-up time
            return Push(CodePrompt(self.app))
        if what == "stats":
            return self.show_stats()
        if what == "options":
            from game.scenes.options import OptionsScene  # lazy: start-up time
            return Push(OptionsScene(self.app))
        if has_save(self.app, what):
            # a new game would replace the saved one: never lose a game without asking
            return Push(Question(self.app, [f"A game of {what.title} is saved.",
                                            "Start a new one? The saved game will be lost."],
                                 lambda: self.start_game(what), title="New game"))
        return self.start_game(what)

    def start_game(self, info: GameSpec, seed: int | None = None) -> Push:
        try:
            scene = start_table(self.app, info, seed=self.app.seed if seed is None else seed)
        except Exception as exc:  # a table that fails to start must not take the program down
            errors.report(exc, f"starting {info.title}")
            self.app.error()
            return Push(MessageBox(self.app, "Sorry", [f"{info.title} could not start: {exc}"]))
        return Push(scene)

    def resume_game(self, info: GameSpec) -> Push | bool:
        scene = resume_table(self.app, info)
        if scene is None:           # set aside; the storage tells the player why
            self.refresh()
            return False
        return Push(scene)

    def ask_quit(self) -> Push:
        return Push(Question(self.app, "Quit G'NERTS and return to DOS?", self.app.quit, title="Quit"))

    def bindings(self):
        """The menu's keys; on the key bar the games' numbers as one ("1-4 Game") and
        Alt with the number of each game that can resume."""
        b = [Binding((pygame.K_UP,), "Previous item", lambda: self.move(-1), bar="Choose",
                     bar_keys="\x18\x19"),
             Binding((pygame.K_DOWN,), "Next item", lambda: self.move(1)),
             Binding((pygame.K_HOME,), "The first item", lambda: self.move(-self.index)),
             Binding((pygame.K_END,), "The last item", lambda: self.move(len(self.items) - 1 - self.index)),
             Binding((pygame.K_RETURN, pygame.K_KP_ENTER), "Choose", self.choose, bar="Start")]
        lines = list(enumerate(self.items))
        games = [i for i, (_, what) in lines if isinstance(what, GameSpec)]
        resumes = [i for i, (_, what) in lines if isinstance(what, tuple)]
        saved = "/".join(self.key_label(self.items[i][1])[len("Alt+"):] for i in resumes)
        for i in games + resumes + [i for i, _ in lines if i not in games + resumes]:
            name, what = self.items[i]
            bar, bar_keys = (("Game", f"1-{len(games)}") if games[:1] == [i] else
                             ("Resume", f"Alt+{saved}") if resumes[:1] == [i] else ("", ""))
            b.append(Binding(self.line_keys(what), f"Choose {name}", lambda i=i: self.choose(i),
                             bar=bar, bar_keys=bar_keys))
        return b + self.app_keys() + [Binding((pygame.K_ESCAPE,), "Quit", self.ask_quit, bar="Quit"),
                                      Binding((pygame.K_F8,), "Exit to DOS", self.app.quit)]

    def help_lines(self):
        return ["G'NERTS is played with the keyboard alone.",
                "",
                "Up/Down choose a line, Enter starts it; or press the key printed",
                "at its start: 1 to 4 the games, Alt+1 to Alt+4 resume a game you",
                "left, J join a table on the network, R replays, C play a challenge,",
                "D the deal number, S statistics, O options, Q quit.",
                "",
                "Every key that means nothing at the moment answers with a beep,",
                "and nothing else happens, as GIN! did in 1981.",
                "",
                "On every screen: F1 shows the keys of that screen, F2 its help,",
                "Esc goes back, F8 saves and leaves, F12 takes a screenshot",
                "(saved in the saves folder), Alt+Enter switches full screen."]

    def draw(self, canvas):
        canvas.fill(P.PALETTE[P.BLUE])
        ui.fill(canvas, 0, 0, 80, 1, P.LIGHT_GREY)
        ui.center(canvas, 0, "G'NERTS  -  Main Menu", P.BLACK, P.LIGHT_GREY)
        col, row, w = 3, 5, 33
        ui.box(canvas, col, row, w, len(self.items) + 4, P.WHITE, P.BLUE, title="Play")
        name_col = col + 2 + KEY_COL
        for i, (name, what) in enumerate(self.items):
            sel = i == self.index
            fg, bg = (P.BLACK, P.CYAN) if sel else (P.WHITE, P.BLUE)
            y = row + 2 + i
            ui.fill(canvas, col + 1, y, w - 2, 1, bg)
            ui.text(canvas, col + 2, y, self.key_label(what), P.YELLOW if not sel else P.RED, bg, KEY_COL)
            ui.text_cut(canvas, name_col, y, name, fg, bg, col + w - 2 - name_col)
        name, what = self.items[self.index]
        bcol, bw = 39, 39
        ui.box(canvas, bcol, 5, bw, 10, P.LIGHT_CYAN, P.BLUE, title=ui.cut(name, bw - 4), double=False)
        ui.text_wrap(canvas, bcol + 2, 7, " ".join(self.blurb()), P.WHITE, P.BLUE, bw - 4, rows=6)
        ui.text(canvas, bcol + 2, 13, f"Key: {self.key_label(what)}", P.LIGHT_CYAN, P.BLUE, bw - 4)
