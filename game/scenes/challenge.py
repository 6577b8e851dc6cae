"""The menu's "Play a challenge": it takes a code (typed, or read from challenge.txt in
the saves folder) and deals exactly that game (see game/challenges.py), through the
game's spec. The code made at the end of a game is game/scenes/challenge_offer.py."""
from __future__ import annotations

from typing import Any

from game import challenges, errors, ui
from game import palette as P
from game.challenges import Challenge, ChallengeError
from game.games import BY_KEY, challenge_game, challenge_prefixes, has_save
from game.scene import Push
from game.scenes.overlays import MessageBox, NamePrompt, Question

CODE_MAX = 72


def describe(ch: Challenge) -> list[str]:
    computers = [lvl for lvl in ch.seats if lvl is not None]
    against = ", ".join(computers) if computers else "nobody"
    return [f"{BY_KEY[ch.game].title}, deal number {ch.deal_no},",
            f"against the computer{'s' if len(computers) != 1 else ''}: {against}.",
            f"{ch.name or 'The challenger'} scored {ch.score}. Play it?"]


def decode(code: str) -> Challenge:
    """The challenge of a code, read by its game's codec alone (that game loads, no
    other); ChallengeError with the reason."""
    spec = challenge_game(code)
    if spec is None:
        raise challenges.wrong_prefix(challenge_prefixes())
    return challenges.decode(code, [spec.parts.replay_codec])


def start(app: Any, ch: Challenge) -> Any:
    """The challenge's table (each game's spec names its start_challenge); a saved game
    of the same kind is never replaced unasked."""
    info = BY_KEY[ch.game]
    if has_save(app, info):
        return Push(Question(app, [f"A game of {info.title} is saved.",
                                   "Play the challenge? The saved game will be lost."],
                             lambda: _start(app, ch), title="Challenge"))
    return _start(app, ch)


def _start(app: Any, ch: Challenge) -> Any:
    try:
        return Push(BY_KEY[ch.game].parts.start_challenge(app, ch))
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
        self.text = challenges.read_code_file(app.storage, challenge_prefixes()) or ""
        self.text = self.text[:CODE_MAX]

    def spoken_intro(self) -> str:
        return "Play a challenge. Type the challenge code, Enter to play it, Escape to cancel."

    def decode(self, code: str):
        try:
            ch = decode(code)
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
