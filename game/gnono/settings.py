"""Gnono options: the rules of the sheet (hand size, playout score, drawing, the Wild
Draw Four rule, house rules), the computers' pace, and the seats of the set-up
screen (how many, who sits where, their names). `rule_options(opts)` turns them
into the engine's GnonoOptions."""
from __future__ import annotations

from game.option_pages import OptionPage, choice, flag, number, text
from game.presets import PresetBook

from .options import GnonoOptions

MAX_SEATS = 10
KINDS = ("human", "easy", "normal", "hard", "expert")
KIND_LABELS = ("Human", "Computer, easy", "Computer, normal", "Computer, hard", "Computer, expert")
SPEEDS = ("slow", "normal", "fast")
# Steps (120 a second) of a computer's card moving, and of the pause (thinking before
# the move, resting after it: half), by speed.
PACE = {"slow": (40, 110), "normal": (26, 60), "fast": (14, 26)}
PLAYOUTS = (100, 200, 250, 300, 400, 500, 750, 1000)
DEFAULT_NAMES = ("You", "Ada", "Bert", "Cleo", "Dmitri", "Edna", "Femi", "Gus", "Hana", "Ivo")
NAME_LEN = 10

PAGES = [
    OptionPage("Gnono: rules", [
        choice("gnono.hand_size", "Cards dealt", 7, (7, 11), ("7 (UNO)", "11 (Gnono)")),
        choice("gnono.playout", "Playout score", 500, PLAYOUTS,
               hint="The first to reach it wins the game."),
        choice("gnono.draw_until", "Drawing", False, (False, True),
               ("Draw one card", "Draw until playable")),
        choice("gnono.wd4_rule", "Wild Draw Four", "color", ("color", "gnono"),
               ("No card of the colour", "No other playable card"),
               hint="When a Wild Draw Four may be played."),
        flag("gnono.wd4_challenge", "Challenges", True,
             hint="Off: an unlawful Wild Draw Four is simply refused."),
        flag("gnono.stacking", "Stack +2 on +2, +4 on +4", False),
        flag("gnono.stack_mixed", "Mixed +2/+4 stacking", False,
             hint="With stacking: +4 on +2, and a +2 of the named colour on +4."),
        flag("gnono.jump_in", "Jump in (identical card)", False),
        flag("gnono.seven_zero", "7 swaps, 0 passes hands", False),
    ], help=["The rules of a new game (a saved game keeps its own). The last four "
             "are house rules, off by default. The set-up screen chooses the presets "
             "Official and House, and keeps your own (F5)."]),
    OptionPage("Gnono: table", [
        choice("gnono.speed", "Computer turns", "normal", SPEEDS, ("Slow", "Normal", "Fast"),
               hint="How long a computer's card moves and rests."),
        flag("gnono.hints", "Mark playable cards", True,
             hint="A dot under each card of your hand that may be played."),
        number("gnono.seats", "Seats", 4, 2, MAX_SEATS),
    ] + [choice(f"gnono.seat{i + 1}", f"Seat {i + 1}", "human" if i == 0 else "normal",
                KINDS, KIND_LABELS) for i in range(MAX_SEATS)],
        help=["The pace of the computers and who sits at each seat (the set-up screen "
              "changes the same options)."]),
    OptionPage("Gnono: names", [
        text(f"gnono.name{i + 1}", f"Seat {i + 1}", DEFAULT_NAMES[i], NAME_LEN)
        for i in range(MAX_SEATS)
    ], help=["The names at the table."]),
]


def rule_options(opts):
    """The engine's options from the player's options (`opts` maps keys to values)."""
    return GnonoOptions(
        hand_size=opts["gnono.hand_size"], playout_score=opts["gnono.playout"],
        draw_until_playable=opts["gnono.draw_until"], wd4_rule=opts["gnono.wd4_rule"],
        wd4_challenge=opts["gnono.wd4_challenge"], stacking=opts["gnono.stacking"],
        stack_mixed=opts["gnono.stack_mixed"],
        jump_in=opts["gnono.jump_in"], seven_zero=opts["gnono.seven_zero"])


def seat_setup(opts, remote=frozenset()) -> tuple[list[str], list[str]]:
    """(kinds, names) of the seats the options describe; a seat played over the
    network (`remote`) is no human at this keyboard: a computer's kind (the table
    neither plays nor asks it, its player's name replaces the one here)."""
    n = opts["gnono.seats"]
    kinds = [opts[f"gnono.seat{i + 1}"] for i in range(n)]
    kinds = ["normal" if i in remote and k == "human" else k for i, k in enumerate(kinds)]
    names = [opts[f"gnono.name{i + 1}"].strip() or DEFAULT_NAMES[i] for i in range(n)]
    return kinds, hot_seat_names(kinds, names)


def hot_seat_names(kinds, names) -> list[str]:
    """With several humans at one keyboard nobody is "You" (a sentence is then built for
    a name: "Pass the keyboard to Player 2."): a human seat left at its default name
    ("You", "Ada"...) takes "Player N", N its place among the humans; a typed name stays."""
    humans = [s for s, k in enumerate(kinds) if k == "human"]
    if len(humans) < 2:
        return list(names)
    return [f"Player {humans.index(s) + 1}" if s in humans and name == DEFAULT_NAMES[s] else name
            for s, name in enumerate(names)]


# the options that make the rules (a preset holds these)
RULE_KEYS = ("gnono.hand_size", "gnono.playout", "gnono.draw_until", "gnono.wd4_rule",
             "gnono.wd4_challenge", "gnono.stacking", "gnono.stack_mixed", "gnono.jump_in",
             "gnono.seven_zero")
OFFICIAL = {"gnono.hand_size": 7, "gnono.playout": 500, "gnono.draw_until": False,
            "gnono.wd4_rule": "color", "gnono.wd4_challenge": True, "gnono.stacking": False,
            "gnono.stack_mixed": False, "gnono.jump_in": False, "gnono.seven_zero": False}
# The shipped presets (game.presets): the UNO rules, and the house rules of the sheet
# (stacking, mixed too, jump-in, 7-0). "Draw until playable" stays an option of its own.
PRESETS = {
    "Official": OFFICIAL,
    "House": {**OFFICIAL, "gnono.stacking": True, "gnono.stack_mixed": True,
              "gnono.jump_in": True, "gnono.seven_zero": True},
}
BOOK = PresetBook("gnono", PAGES, PRESETS)


def preset_rules(name: str) -> GnonoOptions:
    """The engine's options of a shipped preset (the conformance test plays each)."""
    values = BOOK.defaults()
    values.update(PRESETS[name])
    return rule_options(values)


def variant_name(rules: GnonoOptions, storage) -> str:
    """The statistics' variant of a game played under `rules`: the preset (shipped or
    the player's own) that gives these rules, else "custom"."""
    base = BOOK.defaults()
    for name, values in BOOK.listed(storage).items():
        if all(k in values for k in RULE_KEYS) and rule_options({**base, **values}) == rules:
            return name
    return "custom"
