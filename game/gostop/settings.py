"""Go-Stop options: seats (a computer's level, or a human for hot seat), the
computers' pace, the target, the doublings and the online variants of the rules
sheet; the shipped presets (PRESETS, see game/presets.py). `rule_options(opts)`
turns them into the engine's Options."""
from __future__ import annotations

from game.option_pages import OptionPage, choice, flag, text
from game.presets import PresetBook

from .options import Options

LEVELS = ("easy", "greedy", "normal", "hard")
LEVEL_LABELS = ("Easy", "Greedy (always stops)", "Normal", "Hard (looks ahead)")
HUMAN_SEAT = "human"     # a seat's value for a second (third) human: hot seat
SEAT_KINDS = LEVELS + (HUMAN_SEAT,)
SEAT_LABELS = LEVEL_LABELS + ("Human (hot seat)",)
SPEEDS = ("slow", "normal", "fast")
NAME_LEN = 10            # a hot-seat player's name
# Steps (120 a second) of a card's move and of the pause after it, by speed.
PACE = {"slow": (48, 90), "normal": (30, 50), "fast": (14, 20)}

PAGES = [
    OptionPage("Go-Stop: seats and pace", [
        choice("gostop.players", "Players", 2, (2, 3), ("2 players", "3 players")),
        choice("gostop.level1", "Seat 2", "normal", SEAT_KINDS, SEAT_LABELS,
               hint="A computer's level, or a human: hot seat, the hands hidden between turns."),
        choice("gostop.level2", "Seat 3 (3 players)", "normal", SEAT_KINDS, SEAT_LABELS),
        choice("gostop.speed", "Computer turns", "normal", SPEEDS, ("Slow", "Normal", "Fast"),
               hint="How long a computer's card moves and rests."),
        *(text(f"gostop.name{i + 1}", f"Name at seat {i + 1}", "", NAME_LEN,
               hint="Hot seat: a human's name (empty: Player 1, Player 2...).") for i in range(3)),
    ], help=["Who plays, and how fast the computers' cards move. The set-up screen at "
             "the start of a game changes the same options."]),
    OptionPage("Go-Stop: rules", [
        choice("gostop.target2", "Target, 2 players", 7, (5, 7)),
        choice("gostop.target3", "Target, 3 players", 3, (3, 5)),
        choice("gostop.bonus", "Bonus cards", 2, (0, 1, 2, 3)),
        flag("gostop.gwang_bak", "Gwang-bak (no brights)", True),
        flag("gostop.pi_bak", "Pi-bak (too little junk)", True),
        flag("gostop.meong_tta", "Meong-tta (7 animals)", True),
        flag("gostop.go_bak", "Go-bak (Go, then lose)", True),
        flag("gostop.shaking_doubles", "Shaking doubles", True),
        flag("gostop.bomb_doubles", "Bomb doubles", True),
        flag("gostop.nagari_doubles", "Nagari doubles next hand", True),
    ], help=["The target and the doublings of the payment. A new game uses them; a "
             "saved game keeps the rules it started with."]),
    OptionPage("Go-Stop: online variants", [
        flag("gostop.three_ppuk", "Three ppuk win the hand", False,
             hint="A player's third ppuk in a hand wins it at once."),
        choice("gostop.three_ppuk_points", "Three ppuk pay", 7, (5, 7, 10)),
        flag("gostop.first_ppuk_paid", "First ppuk paid at once", False,
             hint="The hand's first ppuk, or a ttadak on one's first turn."),
        choice("gostop.first_paid_chips", "Paid at once", 3, (1, 2, 3, 5, 7)),
        flag("gostop.bonus_steals", "Bonus cards steal junk", False,
             hint="A bonus card played from hand takes a junk from each."),
        flag("gostop.two_card_bomb", "Two-card bomb", False,
             hint="Two in hand, two on the table: a bomb with one skip."),
    ], help=["The variants of online Go-Stop, each off by default. The set-up screen "
             "chooses them all at once with a preset (Standard, Traditional, Online or your own)."]),
]

# the rule options a preset sets (not the seats or the pace)
RULE_KEYS = ("gostop.target2", "gostop.target3", "gostop.bonus", "gostop.gwang_bak",
             "gostop.pi_bak", "gostop.meong_tta", "gostop.go_bak", "gostop.shaking_doubles",
             "gostop.bomb_doubles", "gostop.nagari_doubles", "gostop.three_ppuk",
             "gostop.three_ppuk_points", "gostop.first_ppuk_paid", "gostop.first_paid_chips",
             "gostop.bonus_steals", "gostop.two_card_bomb")
_SHEET = {"gostop.target2": 7, "gostop.target3": 3, "gostop.gwang_bak": True,
          "gostop.pi_bak": True, "gostop.meong_tta": True, "gostop.go_bak": True,
          "gostop.shaking_doubles": True, "gostop.bomb_doubles": True,
          "gostop.nagari_doubles": True, "gostop.three_ppuk_points": 7,
          "gostop.first_paid_chips": 3}
PRESETS = {
    # the rules sheet as the Options start: two bonus cards, no online variant
    "Standard": {**_SHEET, "gostop.bonus": 2, "gostop.three_ppuk": False,
                 "gostop.first_ppuk_paid": False, "gostop.bonus_steals": False,
                 "gostop.two_card_bomb": False},
    # the rules sheet without the modern additions: no bonus cards, no online variant
    "Traditional": {**_SHEET, "gostop.bonus": 0, "gostop.three_ppuk": False,
                    "gostop.first_ppuk_paid": False, "gostop.bonus_steals": False,
                    "gostop.two_card_bomb": False},
    # as the online rooms play: bonus cards that steal, three ppuk, first ppuk paid, 2-card bomb
    "Online": {**_SHEET, "gostop.bonus": 2, "gostop.three_ppuk": True,
               "gostop.first_ppuk_paid": True, "gostop.bonus_steals": True,
               "gostop.two_card_bomb": True},
}
BOOK = PresetBook("gostop", PAGES, PRESETS)


def seat_kinds(opts, players: int | None = None) -> list[str]:
    """What sits at each seat: seat 0 is always a human ("human"), then the options'
    seat 2 and seat 3 (a computer's level or "human")."""
    n = players or opts["gostop.players"]
    return [HUMAN_SEAT] + [opts["gostop.level1"], opts["gostop.level2"]][:n - 1]


def typed_names(opts, players: int) -> list[str]:
    """The names typed for each seat (hot seat), "" where none was."""
    return [opts[f"gostop.name{i + 1}"].strip() for i in range(players)]


def variant_name(rules: Options, opts, storage) -> str:
    """The statistics' variant of a game played under the engine's Options `rules`:
    the preset (shipped or the player's) that gives these rules, else "custom"."""
    for name, values in BOOK.listed(storage).items():
        merged = {k: opts[k] for k in RULE_KEYS}
        merged.update((k, v) for k, v in values.items() if k in RULE_KEYS)
        if rule_options(merged, rules.players) == rules:
            return name
    return "custom"


def rule_options(opts, players: int | None = None):
    """The engine's Options from the player's options (`opts` maps keys to values)."""
    n = players or opts["gostop.players"]
    return Options(
        players=n,
        target=opts["gostop.target2"] if n == 2 else opts["gostop.target3"],
        bonus_cards=opts["gostop.bonus"],
        gwang_bak=opts["gostop.gwang_bak"], pi_bak=opts["gostop.pi_bak"],
        meong_tta=opts["gostop.meong_tta"], go_bak=opts["gostop.go_bak"],
        shaking_doubles=opts["gostop.shaking_doubles"], bomb_doubles=opts["gostop.bomb_doubles"],
        nagari_doubles=opts["gostop.nagari_doubles"],
        three_ppuk=opts["gostop.three_ppuk"], three_ppuk_points=opts["gostop.three_ppuk_points"],
        first_ppuk_paid=opts["gostop.first_ppuk_paid"],
        first_paid_chips=opts["gostop.first_paid_chips"],
        bonus_steals=opts["gostop.bonus_steals"], two_card_bomb=opts["gostop.two_card_bomb"])


def preset_rules(name: str, players: int = 2) -> Options:
    """The engine's Options of a shipped preset over the options' defaults (the
    conformance test plays each preset)."""
    values = BOOK.defaults()
    values.update(PRESETS[name])
    return rule_options(values, players)
