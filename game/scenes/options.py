"""The options program, as GIN! had it: pages of items (PgUp/PgDn), Up/Down between
items, Left/Right flip through the choices, a preview of the colours at the bottom,
Esc keeps the options permanently (saves/options.json). An option the others leave
unused now (its Opt.overruled) reads what it means instead, dimmed; its hint says why,
with the value kept for later, and Left/Right beep."""
from __future__ import annotations

import pygame

from game import card_art, ui
from game import palette as P
from game.cards import parse_cards
from game.keys import Binding
from game.option_pages import value_colour
from game.options import COLOUR_PAGE, SOUND_PAGE, all_pages, colour_problems
from game.scene import Pop, Scene
from game.screen import COLS
from game.speech import voice_problem

TAB_LEFT = 2         # the tab bar's margin
MAX_TAB_ROWS = 3     # rows of tabs above the page's box (every page shows)


def draw_colour_preview(canvas, opts, top_row: int) -> None:
    """A little table in the chosen colours: back, face, printing, arrow, note."""
    table, notes = opts["colour.table"], opts["colour.notes"]
    ui.box(canvas, 8, top_row, 64, 9, P.WHITE, table, title="Preview", shadow=False)
    ui.text(canvas, 10, top_row + 1, "Stock", opts["colour.text"], table)
    ui.text(canvas, 20, top_row + 1, "Pile", opts["colour.text"], table)
    ui.text(canvas, 40, top_row + 1, "Your hand", opts["colour.text"], table)
    y = (top_row + 2) * 16
    canvas.blit(card_art.back(0, "normal", opts["colour.back"]), (80, y))
    canvas.blit(card_art.face(parse_cards("7H")[0], "normal", opts["colour.face"]), (160, y))
    for i, c in enumerate(parse_cards("AS 2S 3S KD")):
        canvas.blit(card_art.face(c, "normal", opts["colour.face"]), (320 + i * 44, y))
    ui.text(canvas, 40, top_row + 6, "\x18", opts["colour.arrows"], table)
    ui.text(canvas, 10, top_row + 7, "Note: it is your turn.", notes, table)


class OptionsScene(Scene):
    title = "Options"

    def dirty(self) -> bool:
        return False   # changes only on keys (and the blink), which redraw anyway

    def __init__(self, app):
        super().__init__(app)
        self.pages = all_pages()
        self.opts = app.options.copy()
        self.page = 0
        self.index = 0
        self._voice_problem: str | None = None

    @property
    def current(self):
        return self.pages[self.page]

    @property
    def item(self):
        return self.current.opts[self.index]

    def spoken_focus(self) -> str:
        spec = self.item
        hint = f" {self.hint(spec)}" if self.hint(spec) else ""
        return f"{self.current.title} page. {spec.label}: {self.value_text(spec)}.{hint}"

    def speech_problem(self) -> str:
        """Speech is on here but no voice can be had: why, and how to get one ("" if none)."""
        if not self.opts.get("speech.on"):
            return ""
        if self._voice_problem is None:      # found once a visit (it loads a library)
            self._voice_problem = self.app.speaker.reason or voice_problem()
        return self._voice_problem

    def hint(self, spec) -> str:
        if spec.key == "speech.on" and self.speech_problem():
            return self.speech_problem()
        overruled = spec.overruled_by(self.opts)
        if overruled:
            return f"{overruled.why} Kept for later: {spec.text(self.opts[spec.key])}."
        return spec.hint

    def value_text(self, spec) -> str:
        overruled = spec.overruled_by(self.opts)
        if overruled:
            return overruled.shown
        shown = spec.text(self.opts[spec.key])
        if spec.key == "speech.on" and self.speech_problem():
            shown += ": no voice"
        return shown

    def turn_page(self, delta):
        self.page = (self.page + delta) % len(self.pages)
        self.index = 0

    def move(self, delta):
        self.index = (self.index + delta) % len(self.current.opts)

    def flip(self, delta):
        spec = self.item
        if spec.is_text() or spec.overruled_by(self.opts):
            return False     # an overruled value: its hint says why
        self.opts[spec.key] = spec.step(self.opts[spec.key], delta)
        self.live()

    def live(self):
        """Options that show at once (sound) take effect while still on this screen."""
        self.app.audio.enabled = self.opts["sound.on"]

    def leave(self) -> Pop:
        self.app.options = self.opts
        self.app.apply_options()
        if self.app.save_options():
            self.app.toast("Options saved.")
        return Pop(self)

    def typing(self) -> bool:
        return self.item.is_text()     # typing edits a text option in place

    def type_char(self, ch: str) -> bool | None:
        spec = self.item
        if not spec.is_text() or not spec.takes(ch):
            return None
        value = self.opts[spec.key]
        if len(value) >= spec.max_len:
            return False
        self.opts[spec.key] = value + ch
        return True

    def delete_char(self) -> bool | None:
        value = self.opts[self.item.key]
        if not value:
            return False
        self.opts[self.item.key] = value[:-1]
        return None

    def bindings(self):
        b = [Binding((pygame.K_UP,), "Previous item", lambda: self.move(-1), bar="Item", bar_keys="\x18\x19"),
             Binding((pygame.K_DOWN,), "Next item", lambda: self.move(1))]
        if self.item.is_text():
            b.append(Binding((pygame.K_BACKSPACE,), "Delete a letter (type to write)", self.delete_char,
                             bar="Delete"))
        else:
            b += [Binding((pygame.K_LEFT,), "Previous choice", lambda: self.flip(-1), bar="Change",
                          bar_keys="\x1b\x1a"),
                  Binding((pygame.K_RIGHT,), "Next choice", lambda: self.flip(1))]
        return b + [
            Binding((pygame.K_PAGEUP,), "Previous page", lambda: self.turn_page(-1), bar="Page",
                    bar_keys="PgUp/PgDn"),
            Binding((pygame.K_PAGEDOWN,), "Next page", lambda: self.turn_page(1)),
            Binding((pygame.K_ESCAPE, pygame.K_F8), "Keep the options and leave", self.leave,
                    bar="Keep & leave"),
            Binding((pygame.K_HOME,), "The first item", lambda: self.move(-self.index)),
            Binding((pygame.K_END,), "The last item",
                    lambda: self.move(len(self.current.opts) - 1 - self.index)),
            *self.app_keys()]     # F1 the keys, F2 the help notes, as on every screen

    def help_lines(self):
        lines = ["Use the up and down arrows to shift control between items.",
                 "Use the left and right arrows to flip through the choices of an item; "
                 "on a name, type it (Backspace deletes).",
                 "Use PgUp and PgDn to change the page: colours, sound, and each game's "
                 "rules and points.",
                 "Esc keeps your choices permanently, until you change them again.",
                 "F1 lists the keys, F2 shows these notes; F12 takes a screenshot."]
        if self.current.help:
            lines += [""] + self.current.help
        return lines

    def tab_rows(self) -> list[list[tuple[int, int, str]]]:
        """Every page's tab, flowed over as many rows as it takes: (page, col, label)."""
        rows: list[list[tuple[int, int, str]]] = [[]]
        col = TAB_LEFT
        for i, page in enumerate(self.pages):
            label = f" {page.title} "
            if col + len(label) > COLS - TAB_LEFT and rows[-1]:
                rows.append([])
                col = TAB_LEFT
            rows[-1].append((i, col, label))
            col += len(label) + 1
        return rows

    def notices(self) -> list[tuple[str, int]]:
        """Warnings under the page's box: hard-to-read colours, no sound device."""
        if self.current is COLOUR_PAGE:
            problems = colour_problems(self.opts)
            if problems:
                return [(p, P.YELLOW) for p in problems] + [
                    ("Kept if you leave with Esc: the choice is yours.", P.LIGHT_GREY)]
        lines = []
        if self.current is SOUND_PAGE and self.speech_problem() and self.item.key != "speech.on":
            lines.append((self.speech_problem(), P.YELLOW))     # the Speech item's hint says it
        if self.current is SOUND_PAGE and self.app.audio.problem:
            audio = self.app.audio
            lines.append((f"No sound can be heard: {audio.problem}.", P.YELLOW))
            if audio.detail:
                lines.append((f"({audio.detail})", P.LIGHT_GREY))
            lines.append(("The game plays silent; the visual bell still flashes.", P.LIGHT_GREY))
        return lines

    def draw(self, canvas):
        canvas.fill(P.PALETTE[P.BLUE])
        ui.fill(canvas, 0, 0, 80, 1, P.LIGHT_GREY)
        ui.center(canvas, 0, ui.cut(f"G'NERTS Options  -  page {self.page + 1} of {len(self.pages)}: "
                                    f"{self.current.title}", COLS), P.BLACK, P.LIGHT_GREY)
        tabs = self.tab_rows()
        if len(tabs) > MAX_TAB_ROWS:
            ui.overflow(" ".join(t for row in tabs[MAX_TAB_ROWS:] for _, _, t in row), 0,
                        f"options tab bar: {len(tabs)} rows, room for {MAX_TAB_ROWS}")
        for r, row_tabs in enumerate(tabs[:MAX_TAB_ROWS]):
            for i, col, label in row_tabs:
                sel = i == self.page
                ui.text(canvas, col, 2 + r, label, P.BLACK if sel else P.LIGHT_GREY,
                        P.CYAN if sel else P.BLUE)
        opts = self.current.opts
        top = 2 + MAX_TAB_ROWS + 1
        ui.box(canvas, 8, top, 64, len(opts) + 4, P.WHITE, P.BLUE, title=self.current.title, double=False)
        for i, spec in enumerate(opts):
            sel = i == self.index
            row = top + 2 + i
            bg = P.CYAN if sel else P.BLUE
            ui.fill(canvas, 9, row, 62, 1, bg)
            ui.text(canvas, 11, row, spec.label, P.BLACK if sel else P.WHITE, bg, 28)
            value = self.opts[spec.key]
            shown = self.value_text(spec)
            overruled = spec.overruled_by(self.opts)
            if spec.is_text():     # in the column of the other values, after the arrow's room
                shown = "  " + shown + ("_" if sel and self.app.blink else " ")
            else:                  # the arrows: Left/Right change it (not an overruled one)
                shown = f"\x11 {shown} \x10" if sel and not overruled else f"  {shown}  "
            ui.text(canvas, 41, row, shown, value_colour(sel, overruled is not None), bg, 29)
            if sel and spec.is_text():
                self.field_at = ui.cell_rect(43, row, min(len(shown), 29) - 2)
            if spec.key.startswith("colour.") and not spec.is_text():
                swatch = ui.cell_rect(37, row, 2, 1).inflate(-2, -4)
                canvas.fill(P.PALETTE[value], swatch)
                pygame.draw.rect(canvas, P.PALETTE[P.LIGHT_GREY], swatch.inflate(2, 2), 1)
        below = top + len(opts) + 5         # under the box's shadow, not on it
        hint = self.hint(self.item)
        if hint:
            ui.center(canvas, below, hint, P.YELLOW if self.item.overruled_by(self.opts) else P.LIGHT_CYAN,
                      P.BLUE)
            below += 1
        notices = self.notices()[:3]
        for i, (line, colour) in enumerate(notices):
            ui.center(canvas, below + i, ui.cut(line, 76), colour, P.BLUE)
        if self.current is COLOUR_PAGE:
            draw_colour_preview(canvas, self.opts, 20)
        elif self.current.preview:
            self.current.preview(canvas, self.opts, below + len(notices))   # the first free row
