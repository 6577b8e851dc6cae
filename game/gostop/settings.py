"""Go-Stop options: seats, the computers' levels, their pace, the target and the
rule variants of the rules sheet. `rule_options(opts)` turns them into the
engine's Options."""
from __future__ import annotations

from game.options import OptionPage, choice, flag

from .options import Options

LEVELS = ("easy", "greedy", "normal", "hard")
LEVEL_LABELS = ("Easy", "Greedy (always stops)", "Normal", "Hard (looks ahead)")
SPEEDS = ("slow", "normal", "fast")
# Steps (120 a second) of a card's move and of the pause after it, by speed.
PACE = {"slow": (48, 90), "normal": (30, 50), "fast": (14, 20)}

PAGES = [
    OptionPage("Go-Stop: seats and pace", [
        choice("gostop.players", "Players", 2, (2, 3),
               ("2: you and a computer", "3: you and two computers")),
        choice("gostop.level1", "Computer 1", "normal", LEVELS, LEVEL_LABELS),
        choice("gostop.level2", "Computer 2 (3 players)", "normal", LEVELS, LEVEL_LABELS),
        choice("gostop.speed", "Computer turns", "normal", SPEEDS, ("Slow", "Normal", "Fast"),
               hint="How long a computer's card moves and rests."),
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
]


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
        nagari_doubles=opts["gostop.nagari_doubles"])
