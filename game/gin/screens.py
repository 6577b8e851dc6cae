"""The Gin table's score screens and card lists: F3 box scores, F4 game score
(Hollywood: three games side by side), the end of game with its bonuses line by
line, and the F5 / F6 lists of the cards in the Pile and in the Stock.

    box_scores(app, game, names) -> Scene
    game_score(app, game, names, on_done=None, any_key=False, extra_keys=(), hand="") -> Scene
    end_of_game(app, game, names, on_done, challenge, outcome) -> Scene   (C: a challenge)
    CardsBox(app, title, cards, caption, numbered)   an overlay
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game import palette as P
from game import ui
from game.cards import card_text
from game.gin import replay_codec
from game.keys import ANY_KEY, AnyKey, Binding
from game.scene import Pop, Scene
from game.scenes.challenge_offer import offer
from game.scenes.overlays import Overlay
from game.scenes.scoring import spoken_rows
from game.words import counted

FKEYS = tuple(range(pygame.K_F1, pygame.K_F12 + 1))
HOW_TEXT = {"gin": "Gin", "knock": "Knock", "underknock": "Underknock", "dead": "No score"}


def draw_card_text(canvas, col, row, card, bg=P.WHITE) -> int:
    fg = P.RED if card.is_red else P.BLACK
    return ui.text(canvas, col, row, card_text(card), fg, bg)


class GridScreen(Scene):
    """A DOS score screen: a title box, column headers (one or two header rows),
    rows of cells (the first left aligned, the others right aligned), notes below.
    Rows are paged 18 at a time (PgUp/PgDn). A row ["="] draws a rule, a row
    ["#", text] a section heading. any_key: every key but F1/F2/F12 goes on, but
    the extra keys (Bindings, shown on the key bar too: R Review after a hand)."""

    per_page = 20

    def __init__(self, app, title: str, headers: Sequence[Sequence[str]], widths: Sequence[int],
                 rows: Sequence[Sequence], notes: Sequence[str] = (), on_done: Callable | None = None,
                 any_key: bool = False, done_label: str = "Go on", start_last_page: bool = False,
                 align: str = "", extra_keys: Sequence[Binding] = ()):
        super().__init__(app)
        self.align = align or "l" + "r" * (len(widths) - 1)   # per column: l or r
        self.title = title
        self.headers = [list(h) for h in headers]
        self.widths = list(widths)
        self.rows = [list(r) for r in rows]
        self.notes = list(notes)
        self.on_done = on_done
        self.any_key = any_key
        self.done_label = done_label
        self.page = self.pages - 1 if start_last_page else 0
        self.extra_keys = list(extra_keys)

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.rows) // self.per_page))

    def done(self) -> Pop:
        """Leaves the screen, then calls on_done (see Pop.then)."""
        return Pop(self, then=self.on_done)

    def turn(self, delta):
        page = self.page + delta
        if not 0 <= page < self.pages:
            return False
        self.page = page
        self.app.say(self.spoken_page(), interrupt=True)   # the new page, over the old one

    # speech: the grid said a row a sentence, each cell with its column's heading
    def spoken_intro(self) -> str:
        return ". ".join([self.title, self.spoken_page()])

    def spoken_state(self) -> str:
        return self.spoken_intro()

    def spoken_page(self) -> str:
        """The page shown ("Page 2 of 3" first where there are more), then the notes."""
        where = [f"Page {self.page + 1} of {self.pages}"] if self.pages > 1 else []
        shown = self.rows[self.page * self.per_page:(self.page + 1) * self.per_page]
        return ". ".join(where + spoken_rows(self.headers, shown) + self.notes)

    def bindings(self):
        keys = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE)
        if self.any_key:
            keys += (AnyKey(but=(pygame.K_PAGEUP, pygame.K_PAGEDOWN)),)
        b = [Binding(keys, self.done_label, self.done, bar=self.done_label,
                     bar_keys="Any key" if self.any_key else "Enter")]
        if self.pages > 1:
            b += [Binding((pygame.K_PAGEDOWN,), "Next page", lambda: self.turn(1), bar="Pages",
                          bar_keys="PgUp/PgDn"),
                  Binding((pygame.K_PAGEUP,), "Previous page", lambda: self.turn(-1))]
        return b + self.extra_keys

    def draw(self, canvas):
        canvas.fill(P.PALETTE[self.app.options["colour.table"]])
        width = min(78, max(sum(self.widths) + 4, 44, max((len(n) for n in self.notes), default=0) + 4))
        col = (80 - width) // 2
        shown = self.rows[self.page * self.per_page:(self.page + 1) * self.per_page]
        height = min(28, len(shown) + len(self.headers) + len(self.notes) + 5)
        title = self.title + (f" ({self.page + 1}/{self.pages})" if self.pages > 1 else "")
        ui.box(canvas, col, 1, width, height, P.WHITE, P.BLUE, title=title)
        x0 = col + 2 + (width - 4 - sum(self.widths)) // 2
        y = 3
        for hdr in self.headers:
            x = x0
            for i, (cell, w) in enumerate(zip(hdr, self.widths)):
                h = str(cell)
                if h.startswith("^"):      # a heading over this column and the next
                    h = h[1:]
                    span = w + self.widths[i + 1]
                    ui.text(canvas, x + (span - len(h)) // 2, y, h, P.LIGHT_CYAN, P.BLUE)
                elif h:
                    s = h[:w - 1]
                    ui.text(canvas, x if self.align[i] == "l" else x + w - 1 - len(s), y, s,
                            P.YELLOW, P.BLUE)
                x += w
            y += 1
        for row in shown:
            if row and row[0] == "=":
                ui.text(canvas, x0, y, "\u2500" * sum(self.widths), P.LIGHT_GREY, P.BLUE)
            elif row and row[0] == "#":
                ui.text(canvas, x0, y, str(row[1]), P.LIGHT_CYAN, P.BLUE)
            else:
                x = x0
                for i, (cell, w) in enumerate(zip(row, self.widths)):
                    s = str(cell)[:w - 1]
                    fg = P.WHITE if i else P.LIGHT_GREY
                    ui.text(canvas, x if self.align[i] == "l" else x + w - 1 - len(s), y, s,
                            fg, P.BLUE)
                    x += w
            y += 1
        y += 1
        for note in self.notes:
            ui.center(canvas, y, note, P.YELLOW, P.BLUE, col, width)
            y += 1


def _short(name: str, n: int = 9) -> str:
    return name[:n]


def box_scores(app, game, names, on_done=None, any_key: bool = False) -> Scene:
    """F3: one line per hand played: dealer, winner, how, points, the games entered."""
    hollywood = game.n_games > 1
    headers = [["Hand", "Dealer", "Won by", "How", "Knock", "Unplayable", "Points"]
               + (["Games"] if hollywood else [])]
    widths = [6, 11, 11, 12, 7, 12, 8] + ([7] if hollywood else [])
    rows = []
    for r in game.records:
        winner = "-" if r.winner is None else _short(names[r.winner])
        if r.out_seat is None:
            dw = "-"
        else:
            dw = f"{r.deadwood[0]}/{r.deadwood[1]}"
        how = HOW_TEXT[r.how] + (" x2" if r.doubled and r.how != "dead" else "")
        kv = "Gin" if r.knock_value == 0 else str(r.knock_value)
        row = [r.hand_no, _short(names[r.dealer]), winner, how, kv, dw, r.points]
        if hollywood:
            row.append(",".join(str(g + 1) for g in r.games) or "-")
        rows.append(row)
    boxes = game.wins
    notes = [f"Boxes (hands won): {names[0]} {boxes[0]}, {names[1]} {boxes[1]}",
             f"Unplayable points are shown as {_short(names[0])}/{_short(names[1])}."]
    if not rows:
        notes.insert(0, "No hand has been played yet.")
    return GridScreen(app, "Box Scores", headers, widths, rows, notes, on_done=on_done,
                      any_key=any_key, start_last_page=True, align="rlllrrr" + ("r" if hollywood else ""))


def _game_status(g, names) -> str:
    return "open" if g.winner is None else f"won by {_short(names[g.winner], 8)}"


def score_grid(game, names, final: bool = False):
    """(headers, widths, rows) of the game score: one pair of columns per game."""
    n = game.n_games
    if n == 1:
        headers = [["", _short(names[0], 10), _short(names[1], 10)]]
        widths = [22, 12, 12]
    else:
        headers = [[""] + sum(([f"^Game {i + 1}", ""] for i in range(n)), []),
                   [""] + [_short(names[0], 8), _short(names[1], 8)] * n]
        widths = [21] + [9, 9] * n

    def line(label, fn):
        out = [label]
        for g in game.games:
            out += [fn(g, 0), fn(g, 1)]
        return out

    rows = [line("Hands won (boxes)", lambda g, p: g.boxes[p]),
            line("Points of the hands", lambda g, p: g.points[p])]
    any_closed = any(g.winner is not None for g in game.games)
    if final or any_closed:
        rows += [line("Game bonus", lambda g, p: g.game_bonus[p] if g.winner is not None else ""),
                 line("Box bonus", lambda g, p: g.box_bonus[p] if g.winner is not None else ""),
                 line("Blitz bonus", lambda g, p: g.blitz_bonus[p] if g.winner is not None else "")]
    rows += [["="], line("Total", lambda g, p: g.total(p))]
    if n > 1:
        st = [""]
        for g in game.games:
            st += ["^" + _game_status(g, names), ""]
        rows.append(["#", ""])
        rows.append(st)
    return headers, widths, rows


class _StatusGrid(GridScreen):
    """GridScreen whose "^text" cells span two columns in body rows too."""

    def draw(self, canvas):
        rows = self.rows
        self.rows = [r for r in rows if not (len(r) > 1 and str(r[1]).startswith("^"))]
        spans = [r for r in rows if len(r) > 1 and str(r[1]).startswith("^")]
        super().draw(canvas)
        self.rows = rows
        if not spans:
            return
        width = min(78, max(sum(self.widths) + 4, 44, max((len(n) for n in self.notes), default=0) + 4))
        col = (80 - width) // 2
        x0 = col + 2 + (width - 4 - sum(self.widths)) // 2
        y = 3 + len(self.headers) + len(self.rows) - len(spans)
        for r in spans:
            x = x0 + self.widths[0]
            for i in range(1, len(r), 2):
                s = str(r[i])[1:]
                span = self.widths[i] + self.widths[i + 1]
                ui.text(canvas, x + (span - len(s)) // 2, y, s, P.LIGHT_GREEN, P.BLUE)
                x += span
            y += 1


def game_score(app, game, names, on_done=None, any_key=False, extra_keys=(), hand: str = "") -> Scene:
    """F4 (and after each hand): the score of the game, or of Hollywood's three; `hand`:
    the knock limit of the hand on the table (F4 in a hand, table_keys.this_hand), told
    under Oklahoma, where each hand has its own."""
    headers, widths, rows = score_grid(game, names)
    target = game.options.game_target
    notes = [f"Game: {target} points." + ("  Hollywood: three games at once." if game.n_games > 1 else "")]
    if game.options.oklahoma:
        notes.append(hand or "Oklahoma: the first upcard sets the knock value.")
    title = "Hollywood Game Score" if game.n_games > 1 else "Game Score"
    return _StatusGrid(app, title, headers, widths, rows, notes, on_done=on_done, any_key=any_key,
                       done_label="Go on" if on_done else "Back to the table", extra_keys=extra_keys)


def bonus_lines(game, names) -> list[list]:
    """The end of game, line by line: per game, the hand points, Game, Box x n,
    Blitz and the total of each player."""
    rows: list[list] = []
    for i, g in enumerate(game.games):
        if game.n_games > 1:
            head = f"Game {i + 1}" + ("" if g.winner is None else f": won by {names[g.winner]}")
            rows.append(["#", head])
        rows.append(["Points of the hands", g.points[0], g.points[1]])
        if g.winner is not None:
            w = g.winner
            rows.append([f"Game ({names[w][:8]})", g.game_bonus[0], g.game_bonus[1]])
            diff = abs(g.boxes[0] - g.boxes[1])
            if diff:
                rows.append([f"Box x {diff} ({g.boxes[0]} to {g.boxes[1]})", g.box_bonus[0], g.box_bonus[1]])
            else:
                rows.append([f"Box: even ({g.boxes[0]} to {g.boxes[1]})", 0, 0])
            if any(g.blitz_bonus):
                rows.append(["Blitz", g.blitz_bonus[0], g.blitz_bonus[1]])
        rows.append(["Total", g.total(0), g.total(1)])
    if game.n_games > 1:
        rows.append(["="])
        rows.append(["All three games", sum(g.total(0) for g in game.games),
                     sum(g.total(1) for g in game.games)])
    return rows


def end_of_game(app, game, names, on_done, challenge: Callable | None = None,
                outcome: str = "") -> Scene:
    """challenge: C's action (issue #21), a Challenge of this game, or a refusal's reason;
    outcome: how a challenge played here came out."""
    rows = bonus_lines(game, names)
    o = game.options
    t0 = sum(g.total(0) for g in game.games)
    t1 = sum(g.total(1) for g in game.games)
    if t0 == t1:
        verdict = "A tie!"
    else:
        w = 0 if t0 > t1 else 1
        verdict = f"{names[w]} wins by {counted(abs(t0 - t1), 'point')}."
    notes = [verdict, f"Bonuses: Game {o.game_bonus}, Box {o.box_bonus} each, Blitz {o.blitz_bonus}."]
    if outcome:
        notes.insert(0, outcome)
    headers = [["", _short(names[0], 10), _short(names[1], 10)]]
    return EndOfGame(app, "End of the Game", headers, [30, 12, 12], rows, notes,
                     on_done=on_done, any_key=True, challenge=challenge)


def pile_box(app, pile: Sequence) -> Scene:
    """F5: the cards of the Pile, the first discard first."""
    return CardsBox(app, "The Pile", list(pile), f"{counted(len(pile), 'card')}, the first discard first",
                    "\x18 the upcard" if pile else "")


class EndOfGame(GridScreen):
    """The end of the game: C makes a deal challenge of it, any other key goes on."""

    def __init__(self, *args, challenge: Callable | None = None, **kw):
        super().__init__(*args, **kw)
        self.challenge = challenge

    def make_challenge(self):
        got = self.challenge()
        if isinstance(got, str):          # refused: a beep, and the reason in the notes
            if got not in self.notes:
                self.notes.append(got)
            return False
        return offer(self.app, got, replay_codec)

    def bindings(self):
        b = super().bindings()
        if self.challenge is not None:      # C before "any key goes on" (AnyKey comes last)
            b.insert(1, Binding(("c",), "Challenge: a code to beat this score on this deal",
                                self.make_challenge, bar="Challenge"))
        return b


class CardsBox(Overlay):
    """F5 / F6: a list of cards printed as text-mode cards, ten to a line."""
    title = "Cards"

    def __init__(self, app, title: str, cards: Sequence, caption: str, last_label: str = ""):
        super().__init__(app)
        self.title = title
        self.cards = list(cards)
        self.caption = caption
        self.last_label = last_label

    def close(self) -> Pop:
        return Pop(self)

    def bindings(self):   # any key closes, like GIN!'s display screens
        return [Binding((pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, ANY_KEY),
                        "Close", self.close, bar="Close", bar_keys="Any key")]

    def draw(self, canvas):
        per = 10
        lines = max(1, -(-len(self.cards) // per))
        w, h = 66, lines * 2 + 7
        col, row = 7, max(1, (28 - h) // 2)
        ui.box(canvas, col, row, w, h, P.WHITE, P.BLUE, title=self.title)
        ui.center(canvas, row + 1, self.caption, P.LIGHT_CYAN, P.BLUE, col, w)
        if not self.cards:
            ui.center(canvas, row + 3, "(none)", P.WHITE, P.BLUE, col, w)
        for k, c in enumerate(self.cards):
            r, i = divmod(k, per)
            x, y = col + 5 + i * 6 + 1, row + 3 + r * 2
            ui.text(canvas, x - 1, y, " " * 5, P.BLACK, P.WHITE)
            draw_card_text(canvas, x, y, c)
        if self.last_label and self.cards:
            r, i = divmod(len(self.cards) - 1, per)
            ui.text(canvas, col + 5 + i * 6 + 2, row + 4 + r * 2, "\x18", P.YELLOW, P.BLUE)
        ui.center(canvas, row + h - 2, self.last_label, P.YELLOW, P.BLUE, col, w)
        ui.center(canvas, row + h - 1, " Press a key ", P.YELLOW, P.BLUE, col, w)
