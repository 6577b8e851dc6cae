"""The Go-Stop table's own screens: the Go-or-Stop box and the hand's score, each over
a table.GoStopTable (`table`); the name prompt of the set-up's "save these rules as a
preset". (The hot seat's hand-over is the shared one: game/table/handover.py.)"""
from __future__ import annotations

import pygame

from game import palette as P
from game import ui
from game.keys import Binding
from game.scene import Pop, Push
from game.scenes.challenge_offer import offer
from game.scenes.overlays import Overlay, Question
from game.spoken import question_text, speakable
from game.table.round_end import RoundEnd

from . import hwatu_art as art
from . import replay_codec
from .table_layout import CARD_W, capture_groups


def go_line(go: int) -> list[tuple[str, int]]:
    """The Go bonus as one more (name, points) line of a score: a point a Go. The
    counts said (the notes, the seat's header, the Go box, the score) all add it."""
    return [(f"Go bonus ({go} Go)", go)] if go else []


# ---------------------------------------------------------------- Go or Stop
class GoStopBox(Overlay):
    """The big question: G for Go, S for Stop, with what each means right now."""
    title = "Go or Stop"

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        st = table.ctl.source.state
        seat = table.ctl.viewer
        pts, lines, pays = st.payments_if_stop(seat)
        g = st.go_counts[seat]
        self.lines = [f"You have {pts + g} points:"]
        for name, p in [*lines, *go_line(g)]:
            self.lines.append(f"   {name:<24}{p:>3}")
        total = sum(p.total for p in pays)
        self.lines.append("")
        self.lines.append(f"STOP: the hand ends and you are paid {total} chips now:")
        for p in pays:
            dbl = " ".join(f"x{f} {n}" for n, f in p.doublings)
            self.lines.append(f"   {table.names[p.payer]} pays {p.total}" + (f"  ({dbl})" if dbl else ""))
        doubled = ", payment doubled" if g + 1 >= st.options.go_doubling_from else ""
        self.lines.append(f"GO: +1 point ({g + 1} Go" + doubled
                          + "); you play on and are asked")
        self.lines.append("    again when your score rises. If someone else wins")
        self.lines.append("    after your Go, you pay for everyone (go-bak).")
        self.coach_lines: list[str] = []   # H: the coach's advice

    def spoken_intro(self) -> str:
        return question_text("Go or Stop? " + " ".join(x.strip() for x in self.lines if x.strip()),
                             "G for Go, S for Stop")

    def bindings(self):
        return [Binding(("g",), "Go: play on for more", lambda: self.answered(True), bar="Go"),
                Binding(("s",), "Stop: take the chips now", lambda: self.answered(False), bar="Stop"),
                Binding(("h",), "Coach: what the strongest computer would do", self.coach, bar="Coach")]

    def coach(self) -> None:
        text = self.table.coach.ask_coach()
        if text:
            self.coach_lines = ui.wrap(text, 56)

    def answered(self, go: bool) -> Pop:
        self.table.answer_go(go)
        return Pop(self)

    def draw(self, canvas):
        coach = [""] + self.coach_lines if self.coach_lines else []
        w, h = 60, len(self.lines) + len(coach) + 5
        col, row = 10, max(1, (28 - h) // 2)
        ui.box(canvas, col, row, w, h, P.WHITE, P.MAGENTA, title="GO or STOP?")
        for i, line in enumerate(self.lines):
            ui.text(canvas, col + 2, row + 1 + i, line[:w - 4], P.WHITE, P.MAGENTA)
        for i, line in enumerate(coach):
            ui.text(canvas, col + 2, row + 1 + len(self.lines) + i, line[:w - 4], P.YELLOW, P.MAGENTA)
        c = P.YELLOW if self.app.blink else P.WHITE
        ui.center(canvas, row + h - 2, " G = Go    S = Stop    H = Coach ", c, P.MAGENTA, col, w)


class CoachedQuestion(Question):
    """The bomb and shaking questions, with H for the coach's advice."""

    def __init__(self, app, table, text: list[str], on_yes, on_no, title: str):
        super().__init__(app, list(text) + ["H: what would the coach do?"], on_yes, on_no, title=title)
        self.table = table

    def bindings(self):
        return super().bindings() + [Binding(("h",), "Coach: what the strongest computer would do",
                                             self.coach, bar="Coach")]

    def coach(self) -> None:
        text = self.table.coach.ask_coach()
        if text:
            self.lines = [ln for ln in self.lines if not ln.startswith(("Coach: ", "H: "))] + [text]


# ---------------------------------------------------------------- the hand's score
DOUBLING_WHY = {
    "Go": ": three Go or more", "shaking": ": the winner shook", "bomb": ": the winner bombed",
    "meong-tta": ": the winner has 7 animals or more",
    "gwang-bak": ": the winner scored brights, the loser has none",
    "pi-bak": ": the winner scored junk, the loser has too little",
    "nagari": ": nobody won the hand before",
}


def scoring_lines(st, names) -> tuple[str, list[tuple[str, int]]]:
    """The title and the (text, colour) lines of the hand's scoring screen."""
    res = st.result or {}
    out = []
    w = res.get("winner")
    if res.get("nagari"):
        title = f"Hand {st.hand_no}: Nagari"
        out.append(("The stock ran out and nobody stopped: nobody is paid.", P.WHITE))
        out.append((f"The next hand's payment is multiplied by {st.multiplier}.", P.YELLOW))
    else:
        title = f"Hand {st.hand_no}: {names[w]} win{'' if names[w] == 'You' else 's'}"
        if res.get("chongtong"):
            out.append((f"Chongtong: all four cards of a month in one hand, {res.get('points')} points.",
                        P.WHITE))
        else:
            g = st.go_counts[w]
            out.append((f"{names[w]} stopped with {res.get('points', 0) + g} points:", P.WHITE))
            for name, p in [*res.get("lines", []), *go_line(g)]:
                out.append((f"   {name:<28}{p:>4}", P.LIGHT_CYAN))
        out.append(("", P.WHITE))
        out.append(("What each player pays:", P.WHITE))
        for p in res.get("payments", []):
            s = f"   {names[p.loser]}: {p.base} points" + (f" + {p.go_bonus} for Go" if p.go_bonus else "")
            out.append((s, P.WHITE))
            for n, f in p.doublings:
                out.append((f"      x{f} {n}{DOUBLING_WHY.get(n.split()[-1] if n.endswith('Go') else n, '')}",
                            P.LIGHT_MAGENTA))
            s = f"      = {p.total} chips"
            if p.payer != p.loser:
                who = "you said" if names[p.payer] == "You" else "he said"
                s += f", all paid by {names[p.payer]} (go-bak: {who} Go and lost)"
            out.append((s, P.YELLOW))
    out.append(("", P.WHITE))
    chips = "   ".join(f"{names[s]} {st.chips[s]:+d}" for s in range(st.n))
    out.append(("Chips so far:  " + chips, P.YELLOW))
    return title, out


class GoStopScoring(RoundEnd):
    """The hand's scoring screen: the winner's combinations line by line, the Go
    bonus, each doubling with its name, the chips of each loser, the totals."""
    title = "Go-Stop score"
    go_on_keys = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)

    def __init__(self, app, table, on_done):
        super().__init__(app, table)
        self.on_done = on_done
        # a joiner's: Enter only closes it (the host deals the next hand)
        self.go_on_label = "Close (the host deals the next hand)" if self.joined else "Deal the next hand"
        self.go_on_bar = "Close" if self.joined else "Next hand"
        self.heading, self.lines = scoring_lines(table.ctl.source.state, table.names)
        extra = table.coach.end_lines()
        if extra:
            self.lines += [("", P.WHITE)] + [(line, P.LIGHT_GREEN) for line in extra]

    def spoken_intro(self) -> str:
        text = " ".join(line.strip() for line, _colour in self.lines if line.strip())
        then = "Enter closes it." if self.joined else "Enter deals the next hand."
        return speakable(f"{self.heading}. {text} {then}")

    @property
    def joined(self) -> bool:
        return bool(getattr(self.table, "joined", False))

    def go_on(self) -> Pop:
        self.on_done()
        return Pop(self)

    def offers_challenge(self) -> bool:
        return not self.joined          # (the host's game: its deal is not this program's)

    def may_leave(self) -> bool:
        return not self.joined

    def bindings(self):
        """A joiner's score: Enter closes it (the host deals the next hand, which closes
        it too), Esc leaves the table."""
        b = super().bindings()
        if self.joined:
            b.append(Binding((pygame.K_ESCAPE,), "Leave the table (the seat is kept a while)",
                             lambda: Pop(self, then=self.table.leave), bar="Leave"))
        return b

    def challenge(self) -> Push | None:
        """C: this game as a challenge code (offer shows it and writes it to a file)."""
        ch, why = self.table.coach.challenge_offer()
        if ch is None:
            self.table.refuse(why + ".")
            self.app.toast(why + ".")
            return None
        return offer(self.app, ch, replay_codec)

    def draw(self, canvas):
        canvas.fill(P.PALETTE[self.app.options["colour.table"]])
        h = min(27, len(self.lines) + 4)
        ui.box(canvas, 3, 1, 74, h, P.WHITE, P.BLUE, title=self.heading)
        for i, (line, colour) in enumerate(self.lines[:h - 4]):
            ui.text(canvas, 5, 3 + i, line[:70], colour, P.BLUE)
        w = (self.table.ctl.source.state.result or {}).get("winner")
        top = (h + 2) * 16 + 20
        if w is not None and top + 64 <= 464:
            ui.text_px(canvas, 24, top, f"{self.table.names[w]}: captures", P.WHITE)
            groups, counts, _bd = capture_groups(self.table.ctl.source.state.captures[w])
            x = 24
            for g in ("brights", "animals", "ribbons", "junk"):
                cs = groups[g]
                if not cs:
                    continue
                step = 14 if len(cs) < 12 else 8
                for i, c in enumerate(cs):
                    canvas.blit(art.face(c, self.app.options["colour.face"]), (x + i * step, top + 18))
                x += CARD_W + (len(cs) - 1) * step + 12



# ---------------------------------------------------------------- a preset's name
