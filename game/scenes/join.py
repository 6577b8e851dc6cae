"""The menu's "Join a table": the tables announced on the LAN, listed live, and a form
to type an address (host:port), the table code and the player's name. Enter connects
through the network client (its own thread: the frame never waits); while it tries,
"Connecting..." turns, Esc gives up, and no welcome within CONNECT_SECONDS is "no
answer". A refusal (wrong code, table full, another version) is told in a box in the
player's words. After the welcome, the screen hands its client to the game's joiner's
table (its GameSpec's `join`: the game loads then) in its place; the joiner of a game
this program does not have waits on this screen. Esc always goes back a step and
closes the connection. The welcome's seat token is kept (game/net/last_table.py):
Alt+R rejoins that seat after a drop, until the table ends for good.

The client has the API of game/net/client.py: start(), poll() -> messages (each with a
"kind": a dict, or the protocol's Message), send(), close(), state, reason. The fields
read are those of game/net/protocol.py: "welcome" has the seat (0-based), the game's
key, the seat token and the seats' "names"; "seats" the "names" again; "refused" and
"end" a short "reason" code and the host's sentence, "text".
"""
from __future__ import annotations

import ipaddress
import re
from collections.abc import Callable
from typing import Any

import pygame

from game import palette as P
from game import ui
from game.games import BY_KEY
from game.gamespec import JoinTable
from game.keys import Alt, Binding
from game.net import last_table
from game.net.discovery import ListedTable, TableBrowser, lan_interfaces, loopback_only
from game.scene import Pop, Push, Replace, Scene
from game.scenes.overlays import MessageBox

CONNECT_SECONDS = 10.0      # no welcome by then: the address does not answer
LIST_ROWS = 8               # tables shown at once
FIELDS = ("address", "code", "name")
FIELD_LABELS = {"address": "Address (host:port)", "code": "Table code", "name": "Your name"}
FIELD_MAX = {"address": 45, "code": 12, "name": 16}
HOST = re.compile(r"[A-Za-z0-9][A-Za-z0-9.-]{0,252}")
SPINNER = "|/-\\"
# the refusals' codes (game/net/protocol.py) that the player reads in more words here
REFUSALS = {
    "code": "That table code is wrong. Ask the host for the code again.",
    "codes": "Too many wrong codes: wait a minute, then ask the host for the code again.",
    "full": "That table is full: every seat is taken.",
    "seat_taken": "That seat is already taken.",
    "version": "The host plays another version of G'NERTS: both need the same version.",
}


def parse_address(text: str) -> tuple[str, int] | None:
    """("192.168.1.5", 4321) from "192.168.1.5:4321", ("::1", 4321) from "[::1]:4321";
    None when the text is not a host and a port."""
    text = text.strip()
    if text.startswith("["):
        host, sep, port = text[1:].partition("]:")
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            return None
    else:
        host, sep, port = text.rpartition(":")
        if not HOST.fullmatch(host):
            return None
    if not sep or not port.isdigit() or len(port) > 5 or not 1 <= int(port) <= 65535:
        return None
    return host, int(port)


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def kind_of(message: Any) -> Any:
    """A message's kind: a dict's "kind", or a protocol Message's own."""
    return message.get("kind") if isinstance(message, dict) else getattr(message, "kind", None)


def sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def refusal_text(reason: str | None, said: str | None = None) -> str:
    """A refusal as the player reads it: a known code in words, else what the host or
    the client said."""
    text = REFUSALS.get((reason or "").strip().lower())
    if text:
        return text
    for words in (said, reason):
        if words and words.strip():
            return sentence(words)
    return "The host refused to seat you."


def no_answer_text(where: str) -> str:
    return f"No answer from {where}. Check the address, and that the host's table is open."


def join_table(game: str | None) -> JoinTable | None:
    """The joiner's table of the welcome's game (its spec's `join`, given the app and
    the seat's link: game/net/remote_seat.py; the game loads now, no other), or None
    for a game this program does not have (the joiner waits on this screen)."""
    spec = BY_KEY.get(game or "")
    return None if spec is None else spec.parts.join


def default_client(host: str, port: int, code: str, name: str, token: str | None = None) -> Any:
    """The network client of game/net/client.py (a token asks for its seat back)."""
    from game.net.client import NetClient  # lazy: the transport loads only when a player joins
    return NetClient(host, port, code, name, token)


class JoinScene(Scene):
    title = "Join a table"

    def __init__(self, app: Any, browser: Any = None,
                 connect: Callable[..., Any] = default_client):
        super().__init__(app)
        self.browser = browser if browser is not None else TableBrowser(lan_interfaces())
        self.connect = connect
        self.tables: list[ListedTable] = []
        self.seen: tuple[int, str | None] = (-1, None)   # the listing's changes and problem, as drawn
        self.index = -1                     # the table chosen in the list (-1: none)
        self.values = {"address": "", "code": "", "name": app.options["net.name"]}   # the last one used
        self.field = 0
        self.hint = ""                      # the line under the form (what Enter lacks)
        self.mode = "form"                  # "form" | "connecting" | "joined"
        self.client: Any = None
        self.where = ""                     # the address being joined, as typed
        self.waited = 0.0
        self.seat: int | None = None
        self.game = ""
        self.host_name = ""
        self.token: str | None = None       # the seat token of the welcome (to rejoin)
        self.seat_names: list[str] = []
        self.last = last_table.load(app.storage)   # the table to rejoin, if any
        self.changed = True

    def dirty(self) -> bool:
        return self.changed or self.mode == "connecting"   # the spinner turns

    # the list ------------------------------------------------------------------------
    def refresh_tables(self) -> None:
        """The listing's news, read by the frame (the listing runs on threads of its own)."""
        seen = (self.browser.changes, self.browser.problem)
        if seen == self.seen:
            return
        self.seen = seen
        chosen = self.tables[self.index].service if 0 <= self.index < len(self.tables) else None
        self.tables = self.browser.tables()
        services = [t.service for t in self.tables]
        self.index = services.index(chosen) if chosen in services else -1
        self.changed = True

    def choose(self, delta: int) -> bool | None:
        if not self.tables:
            return False
        self.index = max(0, min(len(self.tables) - 1, self.index + delta))
        self.values["address"] = self.tables[self.index].where
        self.field = FIELDS.index("code")     # the code is what is left to type
        self.hint = ""

    # the form ------------------------------------------------------------------------
    def takes(self, field: str, ch: str) -> bool:
        if not ch.isprintable() or not ch.isascii() and field != "name":
            return False
        if field == "address":
            return ch.isalnum() or ch in ".:-[]%"
        if field == "code":
            return ch.isalnum()
        return ch.isalnum() or ch in " -'"

    def typing(self) -> bool:
        return self.mode == "form"

    def type_char(self, ch: str) -> bool | None:
        field = FIELDS[self.field]
        if not self.takes(field, ch):
            return None
        if len(self.values[field]) >= FIELD_MAX[field]:
            return False
        self.values[field] += ch
        if field == "address":
            self.index = -1            # typed: no longer the chosen table's address
        self.hint = ""
        return True

    def handle(self, event: Any) -> Any:
        mod = getattr(event, "mod", 0)
        if self.mode == "form" and getattr(event, "key", None) == pygame.K_TAB and mod & pygame.KMOD_SHIFT:
            self.next_field(-1)
            return True
        return super().handle(event)

    def next_field(self, delta: int) -> None:
        self.field = (self.field + delta) % len(FIELDS)

    def backspace(self) -> bool | None:
        field = FIELDS[self.field]
        if not self.values[field]:
            return False
        self.values[field] = self.values[field][:-1]
        if field == "address":
            self.index = -1

    def lacking(self, what: str, hint: str) -> bool:
        """Enter with a field wrong: that field, a hint, the beep."""
        self.field = FIELDS.index(what)
        self.hint = hint
        return False

    def remember_name(self, name: str) -> None:
        """The name joined with: the field starts with it next time (options.json)."""
        if self.app.options["net.name"] != name:
            self.app.options["net.name"] = name
            self.app.save_options()

    def rejoin(self) -> Any:
        """Alt+R: the last table's seat again, with its token."""
        if self.last is None:
            return False
        self.values.update(address=self.last.address, code=self.last.code, name=self.last.name)
        self.index = -1
        return self.join(self.last.token)

    def join(self, token: str | None = None) -> Any:
        address = parse_address(self.values["address"])
        if address is None:
            return self.lacking("address", "Type the address as host:port, e.g. 192.168.1.5:4321.")
        if loopback_only() and not is_loopback(address[0]):
            return self.lacking("address", "This program may reach only this machine (GNERTS_NET_LOOPBACK).")
        if not self.values["code"]:
            return self.lacking("code", "Type the table code the host gives you.")
        if not self.values["name"].strip():
            return self.lacking("name", "Type your name, for the others at the table.")
        self.where = self.values["address"].strip()
        self.remember_name(self.values["name"].strip())
        args = (address[0], address[1], self.values["code"], self.values["name"].strip())
        self.client = self.connect(*args, token) if token else self.connect(*args)
        self.client.start()
        self.mode, self.waited, self.hint = "connecting", 0.0, ""
        listed = next((t for t in self.tables if t.where == self.where), None)   # the host's name
        self.game = listed.game if listed else ""
        self.host_name = listed.host_name if listed else ""

    # the connection -----------------------------------------------------------------
    def update(self, dt: float) -> Any:
        self.refresh_tables()
        if self.client is None:
            return None
        if self.mode == "connecting":
            self.waited += dt
        messages = self.client.poll()
        for i, message in enumerate(messages):
            told = self.receive(message)
            if told is not None:
                return told
            table = join_table(self.game) if self.mode == "joined" else None
            if table is not None:
                return self.hand_over(table, messages[i + 1:])
        if self.mode == "connecting" and (self.client.state in ("refused", "closed")
                                          or self.waited >= CONNECT_SECONDS):
            if self.client.state == "refused":
                return self.fail("Could not join", refusal_text(self.client.reason))
            why = self.client.reason if self.client.state == "closed" else ""
            return self.fail("Could not join", no_answer_text(self.where), why)
        if self.mode == "joined" and self.client.state in ("refused", "closed"):
            return self.fail("Connection lost", "The connection to the table was lost.", self.client.reason)
        return None

    def receive(self, message: Any) -> Any:
        """One message from the host; a box to show, or None."""
        kind = kind_of(message)
        if kind == "refused":
            if message.get("reason") == "token":
                self.forget_last()               # the host no longer holds that seat
            return self.fail("Could not join", refusal_text(message.get("reason"),
                                                            message.get("text") or self.client.reason))
        if kind == "end":
            self.forget_last()
            return self.fail("Table closed", "The host closed the table.", message.get("text") or "")
        if kind == "welcome" and self.mode == "connecting":
            self.mode, self.changed = "joined", True
            self.seat = message.get("seat")
            self.game = str(message.get("game") or self.game)
            self.token = message.get("token")
            self.remember()
        if kind in ("welcome", "seats"):
            self.seat_names = [str(name) for name in message.get("names") or []]
            self.changed = True
        return None

    def remember(self) -> None:
        """The welcome's seat and token, kept to rejoin after a drop."""
        try:
            last = last_table.validate({"address": self.where, "code": self.values["code"],
                                        "name": self.values["name"].strip(), "token": self.token,
                                        "game": self.game, "seat": self.seat})
        except ValueError:
            return                      # a host's odd welcome: nothing to rejoin by
        if last_table.save(self.app.storage, last):
            self.last = last

    def forget_last(self) -> None:
        if self.last is not None:
            last_table.forget(self.app.storage)
            self.last = None

    def hand_over(self, join: JoinTable, rest: list[Any]) -> Replace:
        """The game's joiner's table takes the client (and the messages that came with
        the welcome) and this screen's place; the listing stops."""
        from game.net.remote_seat import RemoteSeat  # lazy: loads with the transport, on a join
        table = join(self.app, RemoteSeat(self.client, BY_KEY[self.game], rest))
        self.client = None
        self.browser.close()
        return Replace(table)

    def fail(self, title: str, text: str, detail: str | None = "") -> Push:
        """The connection is over: back to the form, and the box that says why (and
        what the client or the host added, when it says more)."""
        self.hang_up()
        self.app.error()
        more = [sentence(detail)] if detail and detail.strip() and sentence(detail) != text else []
        return Push(MessageBox(self.app, title, [text, *more]))

    def hang_up(self) -> None:
        if self.client is not None:
            self.client.close()
        self.client, self.mode, self.seat, self.token, self.seat_names = None, "form", None, None, []
        self.changed = True

    def back(self) -> Pop | None:
        """Esc: a connection ends (back to the form); the form goes back to the menu."""
        if self.mode != "form":
            self.hang_up()
            return None
        self.hang_up()
        self.browser.close()
        return Pop(self)

    def save_state(self) -> None:
        self.hang_up()          # the program closes: leave the table, stop listening
        self.browser.close()

    # keys, help, speech -------------------------------------------------------------
    def bindings(self) -> list[Binding]:
        if self.mode == "connecting":
            return [Binding((pygame.K_ESCAPE,), "Stop trying", self.back, bar="Cancel")]
        if self.mode == "joined":
            return [Binding((pygame.K_ESCAPE,), "Leave the table", self.back, bar="Leave")]
        return [Binding((pygame.K_UP,), "Previous table on the network", lambda: self.choose(-1),
                        bar="Table", bar_keys="\x18\x19"),
                Binding((pygame.K_DOWN,), "Next table on the network", lambda: self.choose(1)),
                Binding((pygame.K_HOME,), "The first table", lambda: self.choose(-len(self.tables))),
                Binding((pygame.K_END,), "The last table", lambda: self.choose(len(self.tables))),
                Binding((pygame.K_TAB,), "Next field (Shift+Tab: the one before)", lambda: self.next_field(1),
                        bar="Field"),
                Binding((pygame.K_RETURN, pygame.K_KP_ENTER), "Join the table", self.join, bar="Join"),
                *([Binding((Alt(pygame.K_r),), "Rejoin your seat at the last table", self.rejoin)]
                  if self.last else []),        # (the form's line says it: the bar is full)
                Binding((pygame.K_BACKSPACE,), "Delete a letter", self.backspace, bar="Delete"),
                Binding((pygame.K_ESCAPE,), "Back to the menu", self.back, bar="Back"),
                *self.app_keys()]

    def help_lines(self) -> list[str]:
        return ["Join a friend's table on another computer.",
                "",
                "Tables on your local network are listed by themselves: choose one with",
                "Up and Down, and its address is filled in. Else type the address the",
                "host gives you, as host:port (e.g. 192.168.1.5:4321).",
                "Every table has a code, shown on the host's screen: type it, and your name.",
                "",
                "Tab goes to the next field (Shift+Tab back), Enter joins, Esc goes back.",
                "Alt+R rejoins your seat at the last table, after a lost connection. A table across",
                "the internet needs its host's port opened on the host's router."]

    def spoken_intro(self) -> str:
        return "Join a table. " + self.spoken_focus()

    def spoken_focus(self) -> str:
        if self.mode == "connecting":
            return f"Connecting to {self.where}. Escape to stop."
        if self.mode == "joined":
            return f"{self.joined_text()} {self.later_text()}"
        field = FIELDS[self.field]
        return f"{FIELD_LABELS[field]}: {self.values[field] or 'empty'}. {self.hint}".strip()

    def joined_text(self) -> str:
        game = BY_KEY[self.game].title if self.game in BY_KEY else (self.game or "card")
        seat = f"seat {self.seat + 1}" if isinstance(self.seat, int) else "a seat"
        table = f"{self.host_name}'s {game} table" if self.host_name else f"a {game} table"
        return f"Joined {seat} of {table}; waiting for the host."

    def rejoin_text(self) -> str:
        if self.last is None:
            return ""
        game = BY_KEY[self.last.game].title if self.last.game in BY_KEY else self.last.game
        return f"Alt+R rejoins seat {self.last.seat + 1} of the {game} table at {self.last.address}."

    def later_text(self) -> str:
        """The honest line for a game whose remote table is not built yet."""
        game = BY_KEY[self.game].title if self.game in BY_KEY else "this game"
        return f"Playing {game} from another computer comes in a later version."

    # drawing ------------------------------------------------------------------------
    def draw(self, canvas: Any) -> None:
        self.changed = False
        canvas.fill(P.PALETTE[P.BLUE])
        ui.fill(canvas, 0, 0, 80, 1, P.LIGHT_GREY)
        ui.center(canvas, 0, "G'NERTS  -  Join a table", P.BLACK, P.LIGHT_GREY)
        self.draw_list(canvas)
        self.draw_form(canvas)
        if self.mode == "connecting":
            turn = SPINNER[int(self.waited * 4) % len(SPINNER)]
            self.draw_notice(canvas, "Connecting", [f"Connecting to {self.where} ... {turn}",
                                                    "Esc stops trying."])
        elif self.mode == "joined":
            seats = [f"Seat {i + 1}: {name}" for i, name in enumerate(self.seat_names[:8])]
            self.draw_notice(canvas, "Joined", [self.joined_text(), *seats, self.later_text(),
                                                "Esc leaves the table."])

    def draw_list(self, canvas: Any) -> None:
        col, row, w = 2, 2, 76
        ui.box(canvas, col, row, w, LIST_ROWS + 5, P.WHITE, P.BLUE, title="Tables on your network")
        ui.text(canvas, col + 2, row + 2, f"{'Game':<13}{'Host':<26}{'Seats free':<12}Address",
                P.LIGHT_CYAN, P.BLUE, w - 4)
        if not self.tables:
            text = self.browser.problem or "Looking for tables on your network..."
            ui.text_cut(canvas, col + 2, row + 4, text, P.LIGHT_GREY, P.BLUE, w - 4)
            return
        top = max(0, min(self.index - LIST_ROWS + 1, len(self.tables) - LIST_ROWS))
        for i, t in enumerate(self.tables[top:top + LIST_ROWS]):
            sel = top + i == self.index
            fg, bg = (P.BLACK, P.CYAN) if sel else (P.WHITE, P.BLUE)
            game = BY_KEY[t.game].title if t.game in BY_KEY else t.game
            ui.fill(canvas, col + 1, row + 3 + i, w - 2, 1, bg)
            line = f"{ui.cut(game, 12):<13}{ui.cut(t.host_name, 24):<26}{t.seats_free:<12}{t.where}"
            ui.text_cut(canvas, col + 2, row + 3 + i, line, fg, bg, w - 4)

    def draw_form(self, canvas: Any) -> None:
        col, row, w = 2, 16, 76
        ui.box(canvas, col, row, w, 10, P.WHITE, P.BLUE, title="Join")
        for i, field in enumerate(FIELDS):
            focused = i == self.field and self.mode == "form"
            y = row + 2 + 2 * i
            ui.text(canvas, col + 3, y, FIELD_LABELS[field] + ":", P.YELLOW if focused else P.WHITE, P.BLUE)
            cursor = "_" if focused and self.app.blink else " "
            value = (self.values[field] + cursor).ljust(FIELD_MAX[field] + 1)
            ui.text(canvas, col + 25, y, value, P.YELLOW, P.BLACK, w - 27)
            if focused:
                self.field_at = ui.cell_rect(col + 25, y, min(len(value), w - 27))
        hint = self.hint or self.rejoin_text() or "The host's screen shows the address and the table code."
        ui.text_cut(canvas, col + 3, row + 8, hint, P.LIGHT_RED if self.hint else P.LIGHT_GREY, P.BLUE, w - 6)

    def draw_notice(self, canvas: Any, title: str, lines: list[str]) -> None:
        w = 64
        rows = [part for line in lines for part in ui.wrap(line, w - 4)]
        h = len(rows) + 4
        col, row = (80 - w) // 2, 4          # over the list: the form shows what was typed
        ui.box(canvas, col, row, w, h, P.WHITE, P.MAGENTA, title=title)
        for i, line in enumerate(rows):
            ui.center(canvas, row + 2 + i, line, P.WHITE, P.MAGENTA, col, w)
