"""The permanent options, as GIN!'s options program kept them: declared once as
specs on pages (game/option_pages.py), stored in saves/options.json, validated value
by value.

The shell has two pages here; each game adds its own through its GameSpec
(`option_pages`), and `all_pages()` collects them from the one list of games, so the
options scene and the file know every option.
"""
from __future__ import annotations

from typing import Any

from game import palette
from game.games import GAMES
from game.net.protocol import DEFAULT_PORT
from game.option_pages import Opt, OptionPage, colour, flag, text
from game.storage import Storage

SCHEMA = 1
FILE = "options.json"


COLOUR_PAGE = OptionPage("Colours", [
    colour("colour.table", "The Table", palette.GREEN),
    colour("colour.back", "The Card Deck", palette.BLUE),
    colour("colour.face", "The Card Face", palette.WHITE),
    colour("colour.text", "The Printing", palette.WHITE),
    colour("colour.arrows", "The Arrows", palette.YELLOW),
    colour("colour.notes", "The Notes", palette.LIGHT_CYAN),
], help=["The colours of every table. The display at the bottom shows the result "
         "of the current selections."])

SOUND_PAGE = OptionPage("Sound and screen", [
    flag("sound.on", "Sound", True, hint="The PC speaker's beeps and cues."),
    flag("sound.visual_bell", "Visual bell", False,
         hint="Flash the border instead of the error beep."),
    flag("screen.fullscreen", "Start full screen", True,
         hint="Alt+Enter switches at any time."),
    flag("speech.on", "Speech", False,
         hint="Read the notes, the cursor and questions aloud. F11: where things stand."),
])

# Options kept in options.json but set on a screen of their own, not in the options
# program: the port a hosted table listens on (typed on a set-up screen's Play line), the
# name last given on the Join screen (its name field starts with it)
SET_ELSEWHERE = [
    text("net.port", "Port to host on (TCP)", str(DEFAULT_PORT), 5, chars="0123456789"),
    text("net.name", "Your name at a joined table", "Player", 16),
]

# Colour pairs that are hard to read: the same colour, a colour and its bright or dim
# twin (cyan and light cyan), or too little contrast (the WCAG ratio of the EGA pair).
MIN_CONTRAST = 2.0
_GREYS = {palette.BLACK, palette.DARK_GREY, palette.LIGHT_GREY, palette.WHITE}


def _luminance(index: int) -> float:
    def lin(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = palette.PALETTE[index]
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def contrast(fg: int, bg: int) -> float:
    """The WCAG contrast ratio of two palette colours (1: none, 21: black on white)."""
    a, b = sorted((_luminance(fg), _luminance(bg)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def hard_to_read(fg: int, bg: int) -> bool:
    if fg == bg or contrast(fg, bg) < MIN_CONTRAST:
        return True
    twins = fg % 8 == bg % 8 and not {fg, bg} <= _GREYS
    neighbour_greys = {fg, bg} in ({palette.BLACK, palette.DARK_GREY}, {palette.LIGHT_GREY, palette.WHITE})
    return twins or neighbour_greys


def colour_problems(values: Any) -> list[str]:
    """Warnings for colour choices that are hard to read on the table (values: Options
    or a dict). They are warnings only: the choice is the player's."""
    table = values["colour.table"]
    name = palette.NAMES[table].lower()
    out = []
    for key, what in (("colour.text", "printing"), ("colour.notes", "notes"), ("colour.arrows", "arrows")):
        if hard_to_read(values[key], table):
            out.append(f"{palette.NAMES[values[key]]} {what} on a {name} table are hard to read.")
    if values["colour.back"] == table:
        out.append("The card backs are the colour of the table: the stock will not show.")
    return out


def all_pages() -> list[OptionPage]:
    pages = [COLOUR_PAGE, SOUND_PAGE]
    for spec in GAMES:
        pages.extend(spec.option_pages)
    return pages


def all_specs() -> dict[str, Opt]:
    specs = [o for page in all_pages() for o in page.opts] + SET_ELSEWHERE
    return {o.key: o for o in specs}


class Options:
    """Option values by key; every key of every page always has a valid value."""

    def __init__(self, values: dict | None = None):
        self.specs = all_specs()
        self.values = {k: o.default for k, o in self.specs.items()}
        if values:
            self.values.update(values)

    def __getitem__(self, key):
        return self.values[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.values.get(key, default)

    def __setitem__(self, key, value):
        self.values[key] = self.specs[key].validate(value)

    def copy(self) -> Options:
        return Options(dict(self.values))

    def to_json(self) -> dict:
        return dict(self.values)

    @classmethod
    def from_json(cls, data: Any) -> tuple[Options, list[str]]:
        """Options from a file's data; bad values fall back to defaults, listed."""
        if not isinstance(data, dict):
            raise ValueError("options are not a table of values")
        opts = cls()
        bad = []
        for key, value in data.items():
            spec = opts.specs.get(key)
            if spec is None:
                continue  # an option of an older or newer program: ignored
            try:
                opts.values[key] = spec.validate(value)
            except (ValueError, TypeError):
                bad.append(key)
        return opts, bad


def load_options(storage: Storage) -> Options:
    """Options from storage. A file that is damaged whole is set aside and reported
    (defaults used); one with bad values keeps every option that checks, sets only the
    bad ones to their defaults, says which, and is written again repaired."""
    bad_keys: list[str] = []

    def validate(data: Any) -> Options:
        opts, bad = Options.from_json(data)
        bad_keys.extend(bad)
        return opts

    opts = storage.read_json(FILE, "options", SCHEMA, validate)
    if opts is None:
        return Options()
    if bad_keys:
        labels = [f"{opts.specs[k].label} ({k})" for k in bad_keys[:3]] + (
            [f"{len(bad_keys) - 3} more"] if len(bad_keys) > 3 else [])
        one = len(bad_keys) == 1
        storage.tell(f"{FILE} had a bad value for {', '.join(labels)}: "
                     f"{'that option is' if one else 'those options are'} back to "
                     f"{'its default' if one else 'their defaults'}, the others are kept.")
        storage.write_json(FILE, "options", SCHEMA, opts.to_json(), quiet=True)  # repaired
    return opts


def save_options(storage: Storage, opts: Options) -> bool:
    return storage.write_json(FILE, "options", SCHEMA, opts.to_json())
