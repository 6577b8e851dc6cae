"""The boxes over the Nerts table: the round's scores with the race to the target,
the pause (the table hidden), and the rules' help text."""
from __future__ import annotations

import pygame

from game import palette as P
from game import ui
from game.keys import Binding
from game.nerts import replay_codec
from game.scene import Pop, Push
from game.scenes.challenge_offer import offer
from game.scenes.overlays import Overlay, Question, TextBox
from game.scenes.scoring import ScoringScene

NO_CHALLENGE = "A challenge needs one player against computers."


class NertsScoring(ScoringScene):
    """The round's scores, then each seat's race to the target in its deck colour.
    They stay until Enter or Space goes on; Esc asks to leave, F8 saves and leaves
    (the next round is dealt when the game is taken up again)."""

    def __init__(self, *args, table, **kw):
        super().__init__(*args, **kw)
        self.table = table
        ctl = table.ctl
        self.seats = [(ctl.side_name(i), ctl.side_colour(i)) for i in range(len(ctl.sides))]
        self.totals = list(table.ctl.game.totals)
        self.target = table.ctl.game.options.target
        self.winner = table.ctl.game.winner

    def leave(self) -> Pop:
        return self.table.save_and_leave(then=lambda: Pop(self))   # the table goes first, then this box

    def ask_leave(self) -> Push:
        return Push(Question(self.app, self.table.leave_text, self.leave, title="Leave Nerts"))

    @property
    def game_over(self) -> bool:
        return self.table.ctl.game.over

    def challenge(self):
        """C at the end of the game: the deal as a challenge code (one human only)."""
        ch = self.table.ctl.make_challenge()
        if ch is None:
            self.app.error()
            if NO_CHALLENGE not in self.notes:
                self.notes.append(NO_CHALLENGE)
            self.app.say(NO_CHALLENGE)
            return None
        return offer(self.app, ch, replay_codec)

    def bindings(self):
        out = [Binding((pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE), self.done_label,
                       self.done, bar=self.done_label, bar_keys="Enter")]
        if self.table.saves:      # (a joiner's table: the host keeps the game)
            if self.game_over:
                out.append(Binding(("c",), "Challenge a friend to this deal", self.challenge,
                                   bar="Challenge"))
            out.append(Binding((pygame.K_F8,), "Save and leave", self.leave, bar="Save & leave"))
        return out + [Binding((pygame.K_ESCAPE,), self.table.leave_label, self.ask_leave, bar="Leave")]

    def draw(self, canvas):
        super().draw(canvas)
        n = len(self.seats)
        # under the scores, and never over the key bar
        top = min(min(27, len(self.rows) + len(self.notes) + 7) + 3, 28 - (n * 2 + 3))
        ui.box(canvas, 6, top, 68, n * 2 + 3, P.WHITE, P.BLUE, title=f"The race to {self.target}")
        width = 40
        for i, ((name, colour), total) in enumerate(zip(self.seats, self.totals)):
            y = top + 2 + 2 * i
            tag = colour if colour != P.BLUE else P.LIGHT_BLUE     # the box is blue
            ui.text(canvas, 8, y, f" {name[:9]:<9}",
                    P.BLACK if tag in (P.CYAN, P.LIGHT_BLUE) else P.WHITE, tag)
            filled = max(0, min(width, total * width // self.target))
            ui.text(canvas, 20, y, "█" * filled + "░" * (width - filled),
                    P.YELLOW if i == self.winner else P.LIGHT_GREY, P.BLUE)
            ui.text(canvas, 62, y, f"{total:>5}"[-6:], P.YELLOW if i == self.winner else P.WHITE, P.BLUE)
            if i == self.winner:
                ui.text(canvas, 68, y, "WINS", P.YELLOW if self.app.blink else P.WHITE, P.BLUE)


class PlaysBox(TextBox):
    """F3: the plays so far this game (every seat's cards scored, and those too late);
    the table is hidden behind it, as under the pause."""

    def __init__(self, app, feed: list[str]):
        lines = list(reversed(feed)) or ["No card has been played yet."]
        super().__init__(app, "Plays (the latest first)", lines)


class PauseBox(Overlay):
    """The pause: the table below is hidden; P, Enter or Esc goes on. `ready`: the box
    a saved round is taken up with, so that its clock waits for the player."""
    title = "Paused"

    def __init__(self, app, table, ready: bool = False):
        super().__init__(app)
        self.table = table
        self.ready = ready
        if ready:
            self.title = "Ready"

    def spoken_intro(self) -> str:
        what, go_on = self.words()
        return f"Ready. {what} P or Enter: {go_on}." if self.ready else self.title

    def words(self) -> tuple[str, str]:
        if self.ready:
            return "The saved round waits.", "start the clock"
        return "The table is hidden.", "go on playing"

    def go_on(self):
        return Pop(self)

    def leave(self) -> Pop:
        return self.table.save_and_leave(then=lambda: Pop(self))   # the table goes first, then this box

    def bindings(self):
        label = "Start the clock" if self.ready else "Go on playing"
        return [Binding(("p", pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE), label,
                        self.go_on, bar="Start" if self.ready else "Go on", bar_keys="P/Enter"),
                Binding((pygame.K_F8,), "Save and leave", self.leave, bar="Save & leave")]

    def help_lines(self):
        return help_text()

    def draw(self, canvas):
        what, go_on = self.words()
        ui.box(canvas, 25, 11, 30, 7, P.WHITE, P.BLUE, title=self.title)
        ui.center(canvas, 13, what, P.WHITE, P.BLUE, 25, 30)
        ui.center(canvas, 15, f"P or Enter: {go_on}", P.YELLOW, P.BLUE, 25, 30)
        ui.center(canvas, 16, "F8: save and leave", P.LIGHT_CYAN, P.BLUE, 25, 30)


def help_text() -> list[str]:
    return [
        "NERTS - everybody plays at once; there are no turns.",
        "",
        "Empty your Pile (13 cards, top face up) before the others. Play aces to the "
        "shared Scoring Area and build them up in suit, ace to king, with anyone's "
        "cards. Build your four columns down in alternating colours; a whole column "
        "moves onto another when its bottom card fits. An empty column is filled at "
        "once from your Pile. Flip the Stack three cards at a time onto the waste; "
        "only the top waste card plays.",
        "",
        "A move is two keys: the source (Pile, waste or a column), then where it goes "
        "(a column, or the Scoring Area key; the source key twice also sends its card "
        "to the Scoring Area). Each human's keys are shown over the piles.",
        "",
        "When two players race for one foundation, the first card there stays; the "
        "other goes back (with a beep).",
        "",
        "Standstill: when nobody can play, every player agrees (the Agree key) and all "
        "Stacks rotate; after three rotations the next standstill ends the round.",
        "",
        "The round ends when a player empties the Pile: G'NERTS! Each card of yours in "
        "the Scoring Area scores +1, each card left in your Pile -2. The game ends when "
        "a player reaches the target.",
        "",
        "P pauses (the table is hidden), F8 saves and leaves, Esc leaves.",
    ]
