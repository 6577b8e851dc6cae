"""Deal challenges on screen: the code made at the end of a game (written to
challenge.txt in the saves folder too), and the menu's "Play a challenge", which
takes a code and deals exactly that game (see game/challenges.py)."""
from __future__ import annotations

import importlib
from typing import Any

from game import challenges, errors, ui
from game import palette as P
from game.challenges import Challenge, ChallengeError
from game.games import BY_KEY, has_save
from game.scene import Push
from game.scenes.overlays import MessageBox, NamePrompt, Question, TextBox

CODE_MAX = 72


def offer(app: Any, ch: Challenge) -> Push:
    """The end-of-game screen's Challenge: the code, shown and written to a file."""
    code = challenges.encode(ch)
    saved = challenges.save_code(app.storage, code, ch)
    where = (f"Written to {challenges.FILE} in {app.storage.dir}" if saved
             else "It could not be written to a file: copy it from here.")
    return Push(TextBox(app, "Challenge", [
        f"{ch.name or 'You'} scored {ch.score}. Send this code to a friend: can they beat it",
        "on the very same deal, against the same computers?", "", code, "",
        where, "In G'NERTS: main menu, C Play a challenge, and type the code."]))


def describe(ch: Challenge) -> list[str]:
    computers = [lvl for lvl in ch.seats if lvl is not None]
    against = ", ".join(computers) if computers else "nobody"
    return [f"{BY_KEY[ch.game].name}, deal number {ch.deal_no},",
            f"against the computer{'s' if len(computers) != 1 else ''}: {against}.",
            f"{ch.name or 'The challenger'} scored {ch.score}. Play it?"]


def start(app: Any, ch: Challenge) -> Any:
    """The challenge's table (each game's table module offers start_challenge); a saved
    game of the same kind is never replaced unasked."""
    info = BY_KEY[ch.game]
    if has_save(app, info):
        return Push(Question(app, [f"A game of {info.name} is saved.",
                                   "Play the challenge? The saved game will be lost."],
                             lambda: _start(app, ch), title="Challenge"))
    return _start(app, ch)


def _start(app: Any, ch: Challenge) -> Any:
    # lazy: the game's table is imported when its challenge is played, as the menu does
    module = importlib.import_module(BY_KEY[ch.game].table_module)
    try:
        return Push(module.start_challenge(app, ch))
    except Exception as exc:      # a table that fails to start must not take the program down
        errors.report(exc, f"starting a {ch.game} challenge")
        app.error()
        return Push(MessageBox(app, "Sorry", [f"The challenge could not start: {exc}"]))


class CodePrompt(NamePrompt):
    """Type a challenge code (prefilled with the one in challenge.txt, if any)."""
    title = "Play a challenge"
    accept_label = "Play"

    def __init__(self, app: Any):
        super().__init__(app, "Type the challenge code (Enter plays it, Esc cancels):",
                         self.decode, max_len=CODE_MAX)
        self.text = challenges.read_code_file(app.storage) or ""
        self.text = self.text[:CODE_MAX]

    def spoken_intro(self) -> str:
        return "Play a challenge. Type the challenge code, Enter to play it, Escape to cancel."

    def decode(self, code: str):
        try:
            ch = challenges.decode(code)
        except ChallengeError as exc:
            self.app.error()
            return Push(MessageBox(self.app, "Challenge", [f"That code cannot be played: {exc}."]))
        return Push(Question(self.app, describe(ch), lambda: start(self.app, ch), title="Challenge"))

    def draw(self, canvas):
        col, row, w = 1, 11, 78
        ui.box(canvas, col, row, w, 7, P.WHITE, P.MAGENTA, title=self.title)
        ui.center(canvas, row + 1, self.prompt, P.WHITE, P.MAGENTA, col, w)
        field = (self.text + ("_" if self.app.blink else " ")).ljust(CODE_MAX + 1)
        ui.center(canvas, row + 3, field, P.YELLOW, P.BLACK, col, w)
        ui.center(canvas, row + 5, f"A friend's {challenges.FILE} in the saves folder is read here.",
                  P.LIGHT_GREY, P.MAGENTA, col, w)
