"""The screen GIN! showed when a game starts: the options for this session only
(Oklahoma, Hollywood, the player's name), starting from the permanent options, and
what G'NERTS adds there: a preset of rules by name ("GIN! 1981", "Tournament", or the
player's own, saved from this screen), the variants, and a second human (hot seat).
Enter bypasses (plays with what is shown). What is chosen here lasts until the
program ends; the next run starts again from the options program's values.

    SessionScene(app, on_start)           on_start(session dict) -> the transition to the table
    session_for(app) -> dict              this program run's session values
"""
from __future__ import annotations

import weakref
from collections.abc import Callable

import pygame

from game import palette as P
from game import presets, ui
from game.gin import settings as S
from game.keys import Binding
from game.option_pages import Overruled
from game.table.host_setup import HostChoice
from game.table.setup_screen import SetupLine, SetupScreen, TextField, cycled

# per App (one program run): the last session values chosen
_SESSIONS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
OWN = "Your options"


def session_for(app) -> dict:
    got = _SESSIONS.get(app)
    return {**S.session_defaults(app.options), **(dict(got) if got else {})}


def remember_session(app, session: dict) -> None:
    _SESSIONS[app] = dict(session)


# the items: key, label; rule items edit a gin.* option of this session
RULE_ITEMS = {"gin.knock_value": "Knock with at most", "gin.straight_gin": "Straight Gin",
              "gin.big_gin": "Big Gin", "gin.oklahoma_ace_one": "Oklahoma ace counts 1"}
HINTS = {
    "preset": "Rules by name: \x1b\x1a chooses. Your own are saved on the last line.",
    "oklahoma": "The first upcard sets the knock value. Ace: Gin only. Spade: points double.",
    "hollywood": "Three games are scored at once.",
    "gin.knock_value": "The most unplayable points to knock with (not in Oklahoma).",
    "gin.straight_gin": "No knocking: every hand is won by Gin.",
    "gin.big_gin": "All 11 cards in groups after the draw: out with no discard, a bigger bonus.",
    "gin.oklahoma_ace_one": "Oklahoma: an ace upcard lets you knock with 1 (else Gin only).",
    "opponent": "The computer at its level (Easy to Expert), or a second human at this keyboard.",
    "name": "Type your name; Backspace deletes.",
    "name2": "The second player's name; Backspace deletes.",
    "save": "Type a name and press Enter: these rules are kept as your preset.",
    "net.opponent": "A friend at another computer joins as your opponent (the Play line).",
    "net.play": "Hosted: a friend at another computer plays your opponent. Type the port.",
}
TEXT_ITEMS = ("name", "name2", "save")


class SessionScene(SetupScreen):
    title = "Gin Rummy: this session"
    line_bar = "Item"          # GIN!'s word

    def __init__(self, app, on_start: Callable[[dict], object]):
        super().__init__(app)
        self.values = session_for(app)
        self.values["rules"] = dict(self.values.get("rules") or {})
        self.values.setdefault("level", app.options["gin.level"])     # the computer's, for this session
        self.save_name = ""
        self.on_start = on_start
        self.all_presets = S.BOOK.listed(app.storage)   # read once, not at each key
        self.host = HostChoice(app, "gin")   # the opponent over the network

    # ---- the lines ----
    def lines(self) -> list[SetupLine]:
        # GIN!'s three first, as it had them; then what G'NERTS adds
        items = [("oklahoma", "Oklahoma"), ("hollywood", "Hollywood"), ("name", "Your name"),
                 ("opponent", "Opponent")]
        if self.values["opponent"] == "human" and not self.host.on:
            items.append(("name2", "Second player"))
        items += [("preset", "Rules"), *RULE_ITEMS.items()]
        lines = [self.host.remote_line("net.opponent", label) if key == "opponent" and self.host.on else
                 SetupLine(key, label, self.shown(key), None if key in TEXT_ITEMS else
                           (lambda d, key=key: self.flip(key, d)), self._field(key),
                           overruled=key in RULE_ITEMS and self._overruled(key) is not None)
                 for key, label in items]
        return lines + self.host.lines(2) + [SetupLine("save", "Save as preset", self.save_name,
                                                       text=self._field("save"))]

    def _field(self, key: str) -> TextField | None:
        if key == "save":
            return TextField(lambda: self.save_name, lambda text: setattr(self, "save_name", text),
                             presets.NAME_MAX, str.isprintable)
        if key in TEXT_ITEMS:
            return TextField(lambda: self.values[key], lambda text: self.values.__setitem__(key, text),
                             S.NAME_MAX, str.isprintable)
        return None

    def rules(self) -> dict:
        return S.rule_values(self.app.options, self.values)

    def shown(self, key: str) -> str:
        v = self.values
        if key == "preset":
            return v["preset"] or (OWN if not v["rules"] else "Your options, changed")
        if key in ("oklahoma", "hollywood"):
            return "On" if v[key] else "Off"
        if key in RULE_ITEMS:
            overruled = self._overruled(key)     # Oklahoma, Straight Gin: not this value
            if overruled:
                return overruled.shown
            val = self.rules()[key]
            return str(val) if key == "gin.knock_value" else "On" if val else "Off"
        if key == "opponent":
            if v["opponent"] == "human":
                return "A human (hot seat)"
            return f"The computer ({S.LEVEL_LABELS[S.LEVELS.index(v['level'])]})"
        return {"name": v["name"], "name2": v["name2"], "save": self.save_name}[key]

    def _overruled(self, key: str) -> Overruled | None:
        """A rule the others leave unused now (as the options program says it), or None."""
        overruled = S.OVERRULED.get(key)
        return overruled(self.rules()) if overruled else None

    # ---- actions ----
    def flip(self, key: str, d: int = 1):
        v = self.values
        if key == "preset":
            return self._next_preset(d)
        if key == "opponent":      # the computer at each level, then a human
            choices = [("computer", lvl) for lvl in S.LEVELS] + [("human", v["level"])]
            at = choices.index((v["opponent"], v["level"])) if v["opponent"] == "computer" else len(S.LEVELS)
            v["opponent"], v["level"] = choices[(at + d) % len(choices)]
            return None
        overruled = self._overruled(key)
        if overruled:
            self.notice = overruled.why
            return False
        v["preset"] = ""
        if key in ("oklahoma", "hollywood"):
            v[key] = not v[key]
        elif key == "gin.knock_value":
            v["rules"][key] = (self.rules()[key] - 1 + d) % 10 + 1
        else:
            v["rules"][key] = not self.rules()[key]
        return None

    def _next_preset(self, d: int):
        name = cycled([OWN, *self.all_presets], self.values["preset"] or OWN, d)
        v = self.values
        if name == OWN:
            v.update(preset="", rules={}, oklahoma=self.app.options["gin.oklahoma"],
                     hollywood=self.app.options["gin.hollywood"])
            return None
        values = self.all_presets[name]
        rules = {k: values[k] for k in S.RULE_KEYS if k in values}
        v["oklahoma"] = rules.pop("gin.oklahoma", v["oklahoma"])
        v["hollywood"] = rules.pop("gin.hollywood", v["hollywood"])
        v.update(preset=name, rules=rules)
        return None

    def save_typed_preset(self):
        """Enter on the last line: the rules shown kept under the name typed there."""
        name = self.save_name.strip()
        if not name:
            return False
        self.notice = self.save_preset(S.BOOK, name, self.rules())
        if self.notice.startswith("Rules saved"):
            self.all_presets = S.BOOK.listed(self.app.storage)
            self.values["preset"], self.values["rules"] = name, {
                k: val for k, val in self.rules().items() if k not in ("gin.oklahoma", "gin.hollywood")}
            self.save_name = ""
        return True     # a failure has beeped already

    def start(self):
        v = self.values
        for key, default in (("name", "Player"), ("name2", "Player 2")):
            if not v[key].strip():
                v[key] = default
        if v["opponent"] == "human" and v["name2"] == v["name"]:
            v["name2"] = (v["name2"][:S.NAME_MAX - 2] + " 2")
        remember_session(self.app, v)
        session = dict(v, rules=dict(v["rules"]))
        if v["opponent"] == "human" and v["name2"] == v["name"][:S.NAME_MAX - 2] + " 2":
            session["name"] = v["name"][:S.NAME_MAX - 2] + " 1"    # "Player 1" beside "Player 2"
        if not self.host.on:
            return self.on_start(session)
        session["opponent"] = "computer"        # no second human here: the opponent joins
        return self.host.open(self, 2, lambda **hosting: self.on_start(session, **hosting).scene,
                              ["at this computer", "over the network"])

    def own_bindings(self):
        enter = (pygame.K_RETURN, pygame.K_KP_ENTER)
        if self.line.key == "save":
            return [Binding(enter, "Save these rules as a preset", self.save_typed_preset, bar="Save")]
        return [Binding(enter, "Play with these options", self.start, bar="Play")]

    def help_lines(self):
        return ["These options are for this session only: they last until you leave the "
                "program. The permanent ones are set in the options program (Options, "
                "pages Gin points and Gin play).",
                "Rules: GIN! 1981 is the program's own game; Tournament plays to 150 with "
                "Big Gin. Type a name on the last line and press Enter to keep the rules "
                "shown as your own preset.",
                "Opponent: a second human plays at this keyboard; before each turn a screen "
                "hides the hands while the keyboard changes hands.",
                "Play: Host over the network opens the table to a friend at another computer, "
                "who plays your opponent (the next screen shows the address and code to give). "
                "Your friend connects to TCP port 47470 unless you type another on that "
                "line; over the internet your router must forward it to this computer.",
                "", "Up/Down: choose an item.  Left/Right: change it.",
                "Type the names on the name lines.", "Enter: start the game (bypass)."]

    def draw(self, canvas):
        table = self.app.options["colour.table"]
        canvas.fill(P.PALETTE[table])
        ui.fill(canvas, 0, 0, 80, 1, P.LIGHT_GREY)
        ui.center(canvas, 0, "GIN!  -  Gin Rummy", P.BLACK, P.LIGHT_GREY)
        lines = self.lines()
        ui.box(canvas, 12, 3, 56, len(lines) + 5, P.WHITE, P.BLUE, title="Options for this session")
        self.draw_lines(canvas, 12, 56, self.line_rows(5), 3, 26)
        bottom = 5 + len(lines) + 1        # the message row; the frame is below it
        ui.center(canvas, bottom, self.notice or "Press Enter to play.", P.YELLOW, P.BLUE, 12, 56)
        ui.center(canvas, bottom + 4, HINTS[self.line.key], self.app.options["colour.notes"], table)
        ui.center(canvas, bottom + 6, "Points and colours are set in the options program.",
                  self.app.options["colour.text"], table)
