"""Small scenes pushed over another: the F1 keys box, the F2 help box, a notice,
and the Y/N question. Each has its own keys and its own key bar (bindings with a
bar label): the bar of the scene below never shows under a box."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game import palette as P
from game import ui
from game.keys import ANY_KEY, Binding
from game.scene import Pop, Scene
from game.spoken import keys_text, question_text

# What a text box lays out at most: a save's log can hold a line of 50 MB with no
# space in it, and drawing that much text runs pygame out of memory.
MAX_LINE_CHARS = 2000      # of one given line (the rest is cut, with "...")
MAX_LINES = 1000           # laid-out lines in all (then one line says how many were left)


class Overlay(Scene):
    opaque = False

    def dirty(self) -> bool:
        return False   # changes only on keys (and the blink), which redraw anyway


class TextBox(Overlay):
    """A framed box of lines, paged with PgUp/PgDn; Esc or Enter closes it."""
    fg, bg = P.WHITE, P.BLUE
    width = 64
    close_label = "Close"

    def __init__(self, app: Any, title: str, lines: list[str], footer: str = "Esc or Enter to go on"):
        super().__init__(app)
        self.title = title
        self.groups = lay_out_groups(lines, self.width - 4, self.wrap)   # each given line, wrapped
        self.lines = [line for group in self.groups for line in group]
        self.footer = footer
        self.page = 0
        self.per_page = 20
        self._paged: tuple[int, list[list[str]]] | None = None

    @staticmethod
    def wrap(line: str, width: int) -> list[str]:
        """One given line as the box shows it (a box may indent what goes on)."""
        return ui.wrap(line, width)

    def spoken_intro(self) -> str:
        return ". ".join([self.title, self.spoken_page()])

    def spoken_page(self) -> str:
        """The page shown, said: "page 2 of 3" first where there are more."""
        said = [line for line in self.page_lines(self.page) if line.strip()]
        where = [f"Page {self.page + 1} of {self.pages}"] if self.pages > 1 else []
        return ". ".join(where + said)

    def spoken_state(self) -> str | None:
        """F11: the page shown (on the first, the opening again, as a box that says
        itself its own way says it)."""
        return ". ".join([self.title, self.spoken_page()]) if self.page else None

    def paged(self) -> list[list[str]]:
        """The lines page by page (paginate), made again if per_page changed."""
        if self._paged is None or self._paged[0] != self.per_page:
            self._paged = (self.per_page, paginate(self.groups, self.per_page, self.width - 4))
        return self._paged[1]

    @property
    def pages(self) -> int:
        return len(self.paged())

    def page_lines(self, page: int) -> list[str]:
        return self.paged()[page]

    def close(self) -> Pop:
        return Pop(self)

    def turn(self, delta: int) -> bool | None:
        page = self.page + delta
        if not 0 <= page < self.pages:
            return False
        self.page = page
        self.app.say(self.spoken_page(), interrupt=True)   # the new page, over the old one

    def bindings(self):
        b = [Binding((pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER), self.close_label, self.close,
                     bar=self.close_label, bar_keys="Esc/Enter")]
        if self.pages > 1:
            b += [Binding((pygame.K_PAGEDOWN, pygame.K_DOWN), "Next page", lambda: self.turn(1),
                          bar="Pages", bar_keys="PgUp/PgDn"),
                  Binding((pygame.K_PAGEUP, pygame.K_UP), "Previous page", lambda: self.turn(-1))]
        return b

    def draw(self, canvas):
        shown = self.page_lines(self.page)
        h = len(shown) + 4
        col = (80 - self.width) // 2
        row = max(1, (28 - h) // 2)
        title = self.title + (f" ({self.page + 1}/{self.pages})" if self.pages > 1 else "")
        ui.box(canvas, col, row, self.width, h, self.fg, self.bg, title=ui.cut(title, self.width - 4))
        for i, line in enumerate(shown):
            ui.text(canvas, col + 2, row + 2 + i, line, self.fg, self.bg, self.width - 4)
        footer = self.footer + ("   PgUp/PgDn pages" if self.pages > 1 else "")
        footer = f" {ui.cut(footer, self.width - 4)} "
        ui.center(canvas, row + h - 1, footer, P.YELLOW, self.bg, col, self.width)


CONTINUED = " (continued)"


def _blank(group: list[str]) -> bool:
    return not any(line.strip() for line in group)


def is_heading(groups: list[list[str]], i: int) -> bool:
    """A line that introduces the lines under it: one unindented line followed by lines
    (not a blank) that are indented under it (a statistics game's name), or that it
    announces (it ends with ":", or is written in capitals, as a player's name over
    his review)."""
    group = groups[i]
    if len(group) != 1 or _blank(group) or group[0].startswith(" ") or i + 1 >= len(groups):
        return False
    after = groups[i + 1]
    line = group[0].rstrip()
    return not _blank(after) and (after[0].startswith(" ") or line.endswith(":")
                                  or (line.isupper() and len(line) < 40))


def paginate(groups: list[list[str]], per_page: int, width: int) -> list[list[str]]:
    """Pages of at most per_page lines from groups of lines (a paragraph wrapped, or a
    line of its own): a page breaks between groups, never inside one (unless one is
    longer than a page), preferably where a blank is; a heading never ends a page (it
    goes over with the first group under it), and a section that goes on over a page
    break starts the next page with its heading again, "(continued)". No page begins
    or ends with a blank."""
    pages: list[list[str]] = [[]]
    heading: str | None = None            # the heading of the section being laid out

    def new_page() -> list[str]:
        while pages[-1] and not pages[-1][-1].strip():
            pages[-1].pop()
        pages.append([])
        return pages[-1]

    for i, group in enumerate(groups):
        page = pages[-1]
        if _blank(group):
            heading = None
            if page:
                page.append("")
            continue
        starts_section = is_heading(groups, i)
        need = len(group) + (len(groups[i + 1]) if starts_section else 0)
        if page and len(page) + min(need, per_page) > per_page:
            page = new_page()
            if heading is not None and not starts_section:
                page.append(ui.cut(heading + CONTINUED, width))
        if starts_section:
            heading = group[0]
        for line in group:              # a group longer than a page: cut where the page ends
            if len(page) >= per_page:
                page = new_page()
            page.append(line)
    new_page()
    return [page for page in pages if page] or [[]]


class HelpBox(TextBox):
    """F2: help text, laid out by paragraph (the lines of a paragraph are joined and
    wrapped again to the box, so a line written for a wider screen leaves no orphan)."""
    fg, bg = P.BLACK, P.CYAN
    width = 76

    def __init__(self, app: Any, title: str, lines: list[str], footer: str = "Esc or Enter to go on"):
        super().__init__(app, title, paragraphs(lines), footer)


class MessageBox(TextBox):
    """A notice; any key but F1 and F2 closes it (the key is not passed on)."""
    fg, bg = P.WHITE, P.RED

    def __init__(self, app: Any, title: str, lines: list[str], on_close: Callable | None = None):
        super().__init__(app, title, lines, footer="Press a key")
        self.on_close = on_close

    def close(self) -> Pop:
        return Pop(self, then=self.on_close)

    def bindings(self):
        return [Binding((ANY_KEY,), "Go on", self.close, bar="Go on")]


class KeysBox(TextBox):
    """F1: the keys the scene below accepts right now, with their labels."""
    fg, bg = P.BLACK, P.LIGHT_GREY

    def __init__(self, app: Any, scene: Scene):
        self.scene = scene
        rows = []
        for b in scene.bindings():
            if b.show:
                rows.extend(key_row(b.key_text, b.label, self.width - 4))
        rows += ["", f"{'F1':<16} These keys"]
        if scene.help_lines():
            rows.append(f"{'F2':<16} Help")
        rows += [f"{'F11':<16} Speech: say where things stand",
                 f"{'Shift+F11':<16} Speech: say the last thing again"]
        if scene.spoken_detail():
            rows.append(f"{'Ctrl+F11':<16} Speech: {scene.spoken_detail_name}")
        rows += [f"{'F12':<16} Screenshot", f"{'Alt+Enter':<16} Full screen on/off"]
        super().__init__(app, f"Keys: {scene.title or 'this screen'}", rows)

    def spoken_intro(self) -> str:
        detail = self.scene.spoken_detail_name if self.scene.spoken_detail() else ""
        return keys_text(self.scene.title, self.scene.bindings(), detail)

    def bindings(self):   # F1 again closes the box (it never stacks another)
        b = super().bindings()
        b[0] = Binding(tuple(b[0].keys) + (pygame.K_F1,), "Close", self.close, bar="Close",
                       bar_keys="Esc/F1")
        return b


class Question(Overlay):
    """A Y/N question; Esc counts as No unless no_on_esc is False."""

    def __init__(self, app: Any, text: str | list[str], on_yes: Callable, on_no: Callable | None = None,
                 no_on_esc: bool = True, title: str = "Question"):
        super().__init__(app)
        self.lines = [text] if isinstance(text, str) else list(text)
        self.on_yes, self.on_no = on_yes, on_no
        self.no_on_esc = no_on_esc
        self.title = title

    def spoken_intro(self) -> str:
        return question_text(" ".join(self.lines), "Y for yes, N for no")

    def answer(self, yes: bool) -> Pop:
        """Closes the question, then calls the answer's callback (see Pop.then)."""
        return Pop(self, then=self.on_yes if yes else self.on_no)

    def bindings(self):
        b = [Binding(("y",), "Yes", lambda: self.answer(True), bar="Yes"),
             Binding(("n",), "No", lambda: self.answer(False), bar="No")]
        if self.no_on_esc:
            b.append(Binding((pygame.K_ESCAPE,), "No", lambda: self.answer(False)))
        return b

    def draw(self, canvas):
        lines = lay_out(self.lines, 50)[:24]
        w = max(24, max(len(line) for line in lines) + 6)
        h = len(lines) + 4
        col, row = (80 - w) // 2, (30 - h) // 2
        ui.box(canvas, col, row, w, h, P.WHITE, P.MAGENTA, title=self.title)
        for i, line in enumerate(lines):
            ui.center(canvas, row + 1 + i, line, P.WHITE, P.MAGENTA, col, w)
        yn = " (Y/N) "
        ui.center(canvas, row + h - 2, yn, P.YELLOW if self.app.blink else P.WHITE, P.MAGENTA, col, w)


class TextPrompt(Overlay):
    """A one-line field in a box: the characters `takes` accepts are typed up to
    `max_len`, Backspace deletes, Enter (`accept`) and Esc as the subclass binds them."""
    hint = ""    # the grey line under the field

    def __init__(self, app: Any, prompt: str, on_done: Callable, text: str, max_len: int):
        super().__init__(app)
        self.prompt, self.on_done, self.max_len = prompt, on_done, max_len
        self.text = text

    def takes(self, ch: str) -> bool:
        raise NotImplementedError

    def typed(self, ch: str) -> str:
        """The field after `ch` is typed into it."""
        return self.text + ch

    def typing(self) -> bool:
        return True

    def type_char(self, ch: str) -> bool | None:
        if not self.takes(ch):
            return None
        if len(self.text) >= self.max_len:
            return False
        self.text = self.typed(ch)
        return True

    def backspace(self):
        if not self.text:
            return False
        self.text = self.text[:-1]

    def draw(self, canvas):
        w = min(76, max(40, len(self.prompt) + 6))
        col, row = (80 - w) // 2, 12
        ui.box(canvas, col, row, w, 6, P.WHITE, P.MAGENTA, title=self.title)
        ui.center(canvas, row + 1, ui.cut(self.prompt, w - 4), P.WHITE, P.MAGENTA, col, w)
        field = (self.text + ("_" if self.app.blink else " ")).ljust(self.max_len + 1)
        ui.center(canvas, row + 3, field, P.YELLOW, P.BLACK, col, w)
        self.field_at = ui.cell_rect(col + (w - len(field)) // 2, row + 3, len(field))
        ui.center(canvas, row + 4, self.hint, P.LIGHT_GREY, P.MAGENTA, col, w)


class NumberPrompt(TextPrompt):
    """Type a whole number: digits, Backspace, Enter accepts, Esc cancels.
    An empty answer is None."""
    title = "Number"
    hint = "Enter accepts, empty = random"

    def __init__(self, app: Any, prompt: str, on_done: Callable[[int | None], Any],
                 value: int | None = None, max_digits: int = 9):
        super().__init__(app, prompt, on_done, "" if value is None else str(value), max_digits)

    def takes(self, ch: str) -> bool:
        return ch.isdigit()

    def typed(self, ch: str) -> str:
        return ch if self.text == "0" else self.text + ch

    def accept(self) -> Pop:
        value = int(self.text) if self.text else None
        return Pop(self, then=lambda: self.on_done(value))

    def bindings(self):
        return [Binding(tuple("0123456789"), "Type the number", lambda: None, bar="Type", bar_keys="0-9"),
                Binding((pygame.K_RETURN, pygame.K_KP_ENTER), "Accept", self.accept, bar="Accept"),
                Binding((pygame.K_BACKSPACE,), "Delete a digit", self.backspace, bar="Delete"),
                Binding((pygame.K_ESCAPE,), "Cancel", lambda: Pop(self), bar="Cancel")]


KEY_COL = 16   # the keys column of the F1 box


def key_row(keys: str, label: str, width: int) -> list[str]:
    """One key of the F1 box: the keys, then the label wrapped under its own column."""
    if len(keys) >= KEY_COL:
        return [keys] + [" " * (KEY_COL + 1) + line for line in ui.wrap(label, width - KEY_COL - 1)]
    lines = ui.wrap(label, width - KEY_COL - 1)
    return [f"{keys:<{KEY_COL}} {lines[0]}"] + [" " * (KEY_COL + 1) + line for line in lines[1:]]


# What starts a list item: a dash, a star, or a CP437 bullet as the font takes it (the
# glyph 0x07 written "\x07" or "•", 0xF9 written "∙"); the program's own texts use "-".
LIST_MARKS = ("-", "*", "\x07", "\u2022", "\u2219")


def _starts_own_line(line: str) -> bool:
    """Lines kept as they are: indented, a list item, or a table (two spaces inside)."""
    return line[:1] == " " or line[:1] in LIST_MARKS or "  " in line.strip()


def paragraphs(lines: list[str]) -> list[str]:
    """Help lines as paragraphs: each run of prose lines joined into one line (for the
    box to wrap); blank lines, indented lines, lists and tables stay as they are."""
    out: list[str] = []
    joinable = False
    for line in lines:
        if not line.strip() or _starts_own_line(line):
            out.append(line)
            joinable = False
        elif joinable:
            out[-1] = f"{out[-1]} {line.strip()}"
        else:
            out.append(line.rstrip())
            joinable = True
    return out


def lay_out_groups(lines: list[str], width: int,
                   wrap: Callable[[str, int], list[str]] = ui.wrap) -> list[list[str]]:
    """Each line wrapped to width for a box (a group: a paragraph stays one), within
    MAX_LINE_CHARS and MAX_LINES in all."""
    out: list[list[str]] = []
    count = 0
    for line in lines:
        if count >= MAX_LINES:
            out[-1][-1] = "... (more lines not shown)"
            break
        if len(line) > MAX_LINE_CHARS:
            line = line[:MAX_LINE_CHARS - 3] + "..."
        group = (wrap(line, width) if line else [""])[:MAX_LINES - count]
        out.append(group)
        count += len(group)
    return out


def lay_out(lines: list[str], width: int) -> list[str]:
    """Lines wrapped to width for a box, within MAX_LINE_CHARS and MAX_LINES."""
    return [line for group in lay_out_groups(lines, width) for line in group]


class NamePrompt(TextPrompt):
    """Type a name (letters, digits, spaces): Enter accepts, Esc cancels (a preset's
    name, a player's)."""
    title = "Name"
    accept_label = "Save"
    hint = "Enter saves, Esc cancels"

    def __init__(self, app, prompt: str, on_done, max_len: int = 20):
        super().__init__(app, prompt, on_done, "", max_len)

    def spoken_intro(self) -> str:
        return f"{self.prompt} Type a name, Enter to save, Escape to cancel."

    def takes(self, ch: str) -> bool:
        return (ch.isalnum() or ch in " -+'") and ch.isprintable()

    def accept(self):
        if not self.text.strip():
            return False
        name = self.text.strip()
        return Pop(self, then=lambda: self.on_done(name))

    def bindings(self):
        return [Binding((pygame.K_RETURN, pygame.K_KP_ENTER), self.accept_label, self.accept,
                        bar=self.accept_label),
                Binding((pygame.K_BACKSPACE,), "Delete a letter", self.backspace, bar="Delete"),
                Binding((pygame.K_ESCAPE,), "Cancel", lambda: Pop(self), bar="Cancel")]
