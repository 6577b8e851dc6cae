"""The Gnono table's questions and screens: the colour after a Wild, the challenge
of a Wild Draw Four and its result, the 7-0 seat choice and the round's scoring
screen, and GnonoQuestions, which asks them from the seat's view (the local table's
and a joiner's). (The hot seat's hand-over is the shared one: game/table/handover.py.)"""
from __future__ import annotations

import pygame

from game import palette as P
from game import ui
from game.keys import Binding
from game.scene import Pop, Push
from game.scenes.overlays import Overlay, Question
from game.table.round_end import RoundEnd
from game.words import counted

from . import card_art as art
from .cards import COLOR_NAMES, COLORS, Card, hand_order
from .rules import CHALLENGE, Catch, Play, SwapHands


class ColourBox(Overlay):
    """Which colour to name: Left/Right and Enter, or the colour's initial."""
    title = "Choose a colour"

    def __init__(self, app, on_pick, on_cancel=None, hand=(), on_coach=None):
        super().__init__(app)
        self.on_pick, self.on_cancel, self.on_coach = on_pick, on_cancel, on_coach
        self.counts = {c: sum(1 for x in hand if x.color == c) for c in COLORS}
        self.sel = COLORS.index(max(COLORS, key=lambda c: self.counts[c]))

    def pick(self, c) -> Pop:
        return Pop(self, then=lambda: self.on_pick(c))

    def _colour_words(self, c) -> str:
        k = self.counts[c]
        return f"{COLOR_NAMES[c]}, {k} held" if k else f"{COLOR_NAMES[c]}, none held"

    def spoken_intro(self) -> str:
        cancel = " Escape keeps the Wild." if self.on_cancel else ""
        return f"Which colour? Left, right and Enter, or R, Y, G, B.{cancel}"

    def spoken_focus(self) -> str:
        return self._colour_words(COLORS[self.sel])

    def move(self, d):
        self.sel = (self.sel + d) % 4

    def cancel(self) -> Pop:
        return Pop(self, then=self.on_cancel)

    def bindings(self):
        b = [Binding((pygame.K_LEFT,), "Previous colour", lambda: self.move(-1), bar="Colour",
                     bar_keys="\x1b\x1a"),
             Binding((pygame.K_RIGHT,), "Next colour", lambda: self.move(1)),
             Binding((pygame.K_RETURN, pygame.K_KP_ENTER), "Name the chosen colour",
                     lambda: self.pick(COLORS[self.sel]), bar="Name it")]
        for c in COLORS:
            b.append(Binding((c.lower(),), f"Name {COLOR_NAMES[c]}", lambda c=c: self.pick(c),
                             bar="Name" if c == COLORS[0] else "", bar_keys="/".join(COLORS)))
        if self.on_cancel:
            b.append(Binding((pygame.K_ESCAPE,), "Keep the Wild in hand", self.cancel, bar="Not now"))
        return b + coach_binding(self.on_coach)

    def draw(self, canvas):
        col, row, w, h = 18, 8, 44, 11
        ui.box(canvas, col, row, w, h, P.WHITE, P.MAGENTA, title="Which colour?")
        for i, c in enumerate(COLORS):
            x = (col + 3 + i * 10) * 8
            y = (row + 2) * 16
            on = i == self.sel
            if on:
                art.draw_frame(canvas, pygame.Rect(x, y, 48, 48),
                               P.YELLOW if self.app.blink else P.WHITE, 3)
            canvas.blit(art.swatch(c, 48, 48), (x, y))
            name = COLOR_NAMES[c].capitalize()
            ui.text_px(canvas, x + 24 - 4 * len(name), y + 56, name, P.YELLOW if on else P.WHITE)
            k = self.counts[c]
            ui.text_px(canvas, x + 24 - 4 * 5, y + 72, f"{k} held" if k else "none", P.LIGHT_GREY)
        hint = "\x1b\x1a Enter, or R Y G B" + ("   Esc: not now" if self.on_cancel else "")
        ui.center(canvas, row + h - 2, hint, P.YELLOW, P.MAGENTA, col, w)


def coach_binding(on_coach) -> list[Binding]:
    """H in a question box: the coach's advice in the table's notes (below the box)."""
    return [Binding(("h",), "Coach: what the expert would do", on_coach, bar="Coach")] if on_coach else []


class ChallengeBox(Question):
    """Y/N: challenge the Wild Draw Four. With stacking, S passes it on with your own
    (`stack_label` says with what). C catches a seat that forgot "UNO!" while the box
    is up: `catchable()` names it (or None), `on_catch()` catches it."""

    def __init__(self, app, text, on_yes, on_no, on_stack=None, stack_label="",
                 catchable=lambda: None, on_catch=None, on_coach=None):
        super().__init__(app, text, on_yes, on_no, no_on_esc=False, title="Challenge?")
        self.on_stack, self.stack_label = on_stack, stack_label
        self.catchable, self.on_catch, self.on_coach = catchable, on_catch, on_coach

    def stack(self) -> Pop:
        return Pop(self, then=self.on_stack)

    def spoken_intro(self) -> str:
        extra = f" S: {self.stack_label}." if self.on_stack else ""
        return super().spoken_intro() + extra

    def bindings(self):
        b = super().bindings()
        if self.on_stack:
            b.append(Binding(("s",), self.stack_label, self.stack, bar="Stack"))
        if self.on_catch and self.catchable() is not None:
            b.append(Binding(("c",), f"Catch {self.catchable()}: no \"UNO!\"", self.on_catch, bar="Catch"))
        return b + coach_binding(self.on_coach)

    def draw(self, canvas):
        super().draw(canvas)
        if self.on_stack:
            ui.center(canvas, 21, f" S: {self.stack_label} ", P.YELLOW, P.MAGENTA)
        who = self.catchable() if self.on_catch else None
        if who is not None:
            ui.center(canvas, 22, f" C: catch {who}, who did not call \"UNO!\" ",
                      P.YELLOW if self.app.blink else P.LIGHT_RED, P.MAGENTA)


class ChallengeResult(Overlay):
    """What the challenged player had to show; any key goes on."""
    title = "Challenge"

    def __init__(self, app, name, hand, guilty, prev_colour, penalty=6):
        super().__init__(app)
        self.name, self.hand, self.guilty, self.prev = name, list(hand), guilty, prev_colour
        self.penalty = penalty   # what the challenger draws when the Four was lawful

    def spoken_intro(self) -> str:
        cards = ", ".join(c.name for c in sorted(self.hand, key=hand_order)) or "no cards"
        return f"{self.name} shows the hand: {cards}. {' '.join(self.lines())} Enter goes on."

    def lines(self) -> list[str]:
        if self.guilty:
            return [f"{self.name} held a {self.prev} card: guilty!",
                    f"{self.name} draws 4 instead, and you play on."]
        return [f"No {self.prev} card: the Wild Draw Four was lawful.",
                f"You draw {self.penalty} and miss your turn."]

    def bindings(self):
        # Enter or Esc: a Space still hurrying the table must not skip the result
        return [Binding((pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE), "Go on",
                        lambda: Pop(self), bar="Go on", bar_keys="Enter")]

    def draw(self, canvas):
        col, row, w, h = 8, 9, 64, 9
        ui.box(canvas, col, row, w, h, P.WHITE, P.MAGENTA, title="Challenge!")
        ui.text(canvas, col + 2, row + 1, f"{self.name} shows the hand:", P.WHITE, P.MAGENTA)
        x0, y = (col + 2) * 8, (row + 3) * 16
        step = min(art.CHIP_W + 1, (w - 4) * 8 // max(1, len(self.hand)))
        for i, c in enumerate(self.hand):
            canvas.blit(art.chip(c), (x0 + i * step, y))
        for i, line in enumerate(self.lines()):
            ui.center(canvas, row + 5 + i, line, P.YELLOW if i == 0 else P.WHITE, P.MAGENTA, col, w)
        ui.center(canvas, row + h - 1, " Enter: go on ", P.YELLOW, P.MAGENTA, col, w)


class SeatChooser(Overlay):
    """Up/Down and Enter: pick a seat (the 7 of the 7-0 house rule)."""

    def __init__(self, app, prompt, items, on_pick, on_coach=None):
        super().__init__(app)
        self.prompt, self.items, self.on_pick, self.on_coach = prompt, list(items), on_pick, on_coach
        self.title = prompt
        self.sel = 0

    def move(self, d):
        self.sel = (self.sel + d) % len(self.items)

    def spoken_intro(self) -> str:
        return f"{self.prompt} Up, down and Enter."

    def spoken_focus(self) -> str:
        return self.items[self.sel][1]

    def pick(self) -> Pop:
        seat = self.items[self.sel][0]
        return Pop(self, then=lambda: self.on_pick(seat))

    def bindings(self):
        return [Binding((pygame.K_UP,), "Previous seat", lambda: self.move(-1), bar="Seat",
                        bar_keys="\x18\x19"),
                Binding((pygame.K_DOWN,), "Next seat", lambda: self.move(1)),
                Binding((pygame.K_RETURN, pygame.K_KP_ENTER), "Choose", self.pick, bar="Choose")] \
            + coach_binding(self.on_coach)

    def draw(self, canvas):
        w, h = 40, len(self.items) + 4
        col, row = 20, max(1, (28 - h) // 2)
        ui.box(canvas, col, row, w, h, P.WHITE, P.MAGENTA, title=self.prompt)
        for i, (_s, label) in enumerate(self.items):
            on = i == self.sel
            bg = P.CYAN if on else P.MAGENTA
            ui.fill(canvas, col + 1, row + 2 + i, w - 2, 1, bg)
            ui.text(canvas, col + 3, row + 2 + i, label, P.BLACK if on else P.WHITE, bg)


class GnonoScoring(RoundEnd):
    """The round's scoring screen: each hand's cards counted, the totals, the playout.
    Enter only goes on: a Space that hurried the last card must not skip the result."""
    title = "Gnono score"

    def __init__(self, app, table):
        super().__init__(app, table)
        st = table.ctl.state
        lr = st.last_round or {}
        self.winner = lr.get("winner")
        self.points = lr.get("points", 0)
        self.round = lr.get("round", st.round_no)
        self.hands = [[Card.parse(t) for t in h] for h in lr.get("hands", [[] for _ in range(st.n)])]
        self.game_over = st.winner is not None
        self.notice = ""   # why C made no challenge
        self.go_on_label = "Back to the menu" if self.game_over else "Deal the next round"
        self.go_on_bar = "Menu" if self.game_over else "Next round"

    def end_lines(self) -> list[str]:
        """At the game's end: the challenge's outcome, the coach's help."""
        if not self.game_over:
            return []
        return [x for x in (self.table.coach.challenge_line(), self.table.coach.coach_hint_line()) if x]

    def challenge(self):
        made = self.table.coach.offer_challenge()
        if isinstance(made, str):   # refused: the beep was given
            self.notice = made + "."
            self.app.say(self.notice)
            return True
        return made

    def go_on(self) -> Pop:
        return Pop(self, then=self.table.next_round)

    def offers_challenge(self) -> bool:
        return self.game_over

    def may_leave(self) -> bool:
        return not self.game_over

    def spoken_intro(self) -> str:
        t = self.table
        st, sp = t.ctl.state, t.speaker
        parts = [f"Round {self.round} over."]
        if self.winner is not None:
            parts.append(f"{sp.verb(self.winner, 'go', 'goes')} out and "
                         f"{'score' if sp.you(self.winner) else 'scores'} {self.points} points.")
        left = [f"{t.ctl.names[s]} {sum(c.points for c in h)}" for s, h in enumerate(self.hands)
                if s != self.winner]
        if left:
            parts.append("Points left in hand: " + ", ".join(left) + ".")
        parts.append("Scores: " + ", ".join(f"{t.ctl.names[s]} {st.totals[s]}" for s in range(st.n)) + ".")
        if self.game_over:
            w = st.winner
            parts += [f"{sp.verb(w, 'win')} the game."] + self.end_lines()
            parts.append("C makes a deal challenge. Enter: back to the menu.")
        else:
            parts.append(f"Playout {st.options.playout_score}. Enter deals the next round.")
        return " ".join(parts)

    def draw(self, canvas):
        t = self.table
        st = t.ctl.state
        names = t.ctl.names
        canvas.fill(P.PALETTE[self.app.options["colour.table"]])
        n = st.n
        h = n + 11 + len(self.end_lines())
        sp = t.speaker
        ui.box(canvas, 1, 1, 78, h, P.WHITE, P.BLUE,
               title=f"Round {self.round}: {sp.verb(self.winner, 'go', 'goes')} out"
               if self.winner is not None else f"Round {self.round}")
        ui.text(canvas, 3, 3, "Seat", P.YELLOW, P.BLUE)
        ui.text(canvas, 16, 3, "Cards left in hand", P.YELLOW, P.BLUE)
        ui.text(canvas, 61, 3, "Points", P.YELLOW, P.BLUE)
        ui.text(canvas, 70, 3, "Score", P.YELLOW, P.BLUE)
        for s in range(n):
            y = 4 + s
            won = s == self.winner
            ui.text(canvas, 3, y, names[s][:12], P.YELLOW if won else P.WHITE, P.BLUE)
            cards = sorted(self.hands[s], key=hand_order) if s < len(self.hands) else []
            if won:
                ui.text(canvas, 16, y, "out!", P.LIGHT_GREEN, P.BLUE)
                pts = f"+{self.points}"
            else:
                x0 = 16 * 8
                step = min(art.CHIP_W + 1, (44 * 8 - art.CHIP_W) // max(1, len(cards) - 1)) if cards else 0
                for i, c in enumerate(cards):
                    canvas.blit(art.chip(c), (x0 + i * step, y * 16))
                pts = str(sum(c.points for c in cards))
            ui.text(canvas, 67 - len(pts), y, pts, P.LIGHT_GREEN if won else P.WHITE, P.BLUE)
            total = str(st.totals[s])
            ui.text(canvas, 75 - len(total), y, total, P.YELLOW if won else P.WHITE, P.BLUE)
            # how far to the playout score
            frac = min(1.0, st.totals[s] / st.options.playout_score)
            pygame.draw.rect(canvas, P.PALETTE[P.DARK_GREY], (76 * 8 + 2, y * 16 + 4, 12, 8))
            pygame.draw.rect(canvas, P.PALETTE[P.LIGHT_GREEN], (76 * 8 + 2, y * 16 + 12 - int(8 * frac),
                                                                12, int(8 * frac)))
        y = 5 + n
        ui.text(canvas, 3, y, "Numbers count their value; Skip, Reverse, Draw Two 20; Wilds 50.",
                P.LIGHT_GREY, P.BLUE)
        if self.winner is not None:
            ui.text(canvas, 3, y + 2, f"{sp.verb(self.winner, 'score')} {self.points} points, the "
                    "cards left in the other hands.", P.WHITE, P.BLUE)
        if self.game_over:
            w = st.winner
            msg = (f"{sp.verb(w, 'reach', 'reaches')} {st.totals[w]} and "
                   f"win{'' if sp.you(w) else 's'} the game!")
            ui.center(canvas, y + 4, msg, P.YELLOW if self.app.blink else P.WHITE, P.BLUE, 1, 78)
            for i, line in enumerate(self.end_lines()):
                ui.center(canvas, y + 5 + i, line, P.LIGHT_CYAN, P.BLUE, 1, 78)
        else:
            lead = max(range(n), key=lambda s: st.totals[s])
            ui.text(canvas, 3, y + 4, f"Playout score {st.options.playout_score}: "
                    f"{sp.verb(lead, 'lead')} with {st.totals[lead]}.", P.LIGHT_CYAN, P.BLUE)
        if self.notice:
            ui.center(canvas, 28, self.notice, P.YELLOW, P.BLACK)

# ---------------------------------------------------------------- the questions, asked
class GnonoQuestions:
    """The table's questions to the player at the keyboard: the colour after a Wild,
    whether to challenge a Wild Draw Four (or stack on it, or catch a forgotten
    "UNO!"), whom to swap hands with after a 7. Held by GnonoTable and by a joiner's
    table (seats.py) as `questions`: it reads the seat's view
    (`table.seat_view()`) and answers with `table.apply`; what a challenge showed is
    the table's to tell (`table.answer_challenge`: at once at one keyboard, when the
    host's update comes at a network table)."""

    def __init__(self, table) -> None:
        self.table = table

    def ask_colour(self, on_pick, cancel=True) -> Push:
        t = self.table
        t.asking = True

        def picked(c):
            t.asking = False
            return on_pick(c)

        def cancelled():
            t.asking = False

        hand = t.seat_view().hand if t.viewer is not None else []
        return Push(ColourBox(t.app, picked, cancelled if cancel else None, hand, t.coach.ask_coach))

    def ask_challenge(self) -> Push:
        t = self.table
        st = t.seat_view()
        seat = t.viewer
        names = t.ctl.names
        offender = st.wd4_seat if st.wd4_seat is not None else st.next_seat(seat, -1)
        prev = COLOR_NAMES[st.wd4_prev_color] if st.wd4_prev_color else "?"
        t.asking = True
        total = st.pending_draw if st.options.stacking else 4
        held = f"a {prev} card" if st.options.wd4_rule == "color" else "another playable card"
        text = [f"{names[offender]} played a Wild Draw Four on you "
                f"(the colour was {prev}, now {COLOR_NAMES[st.color]}).",
                f"Challenge?  Y: {names[offender]} shows the hand. Holding {held}, "
                f"{names[offender]} draws 4 and you play on; "
                f"if not, you draw {total + 2}.",
                f"N: you draw {total} and miss your turn."]
        # stacking: your own Wild Draw Four, or (mixed) a Draw Two of the colour named
        stackable = sorted({m.card for m in st.legal if type(m) is Play and m.seat == seat},
                           key=lambda c: not c.is_wild_draw_four)

        def answer(yes):
            t.asking = False
            if t.seat_view().phase != CHALLENGE:
                return None
            return t.answer_challenge(yes, offender, prev, total)

        def stack():
            t.asking = False
            card = stackable[0]
            if card.is_wild:
                return self.ask_colour(lambda c: t.apply(Play(seat, card, c), 0.5))
            t.apply(Play(seat, card), 0.5)
            return None

        def catchable():
            u = t.seat_view().uno_window
            return names[u] if u is not None and u != seat else None

        def catch():
            u = t.seat_view().uno_window
            return t.keymap.act(Catch(seat, u)) if u is not None and u != seat else False

        label = (f"stack your {stackable[0].name}" if stackable else "")
        return Push(ChallengeBox(t.app, text, lambda: answer(True), lambda: answer(False),
                                 stack if stackable else None, label, catchable, catch,
                                 t.coach.ask_coach))

    def ask_swap(self) -> Push:
        t = self.table
        t.asking = True
        seat = t.viewer
        counts = t.seat_view().counts

        def picked(target):
            t.asking = False
            t.apply(SwapHands(seat, target), 0.6)

        others = [s for s in range(t.ctl.n) if s != seat]
        return Push(SeatChooser(t.app, "A 7: swap hands with whom?",
                                [(s, f"{t.ctl.names[s]} ({counted(counts[s], 'card')})") for s in others],
                                picked, t.coach.ask_coach))
