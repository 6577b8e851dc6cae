"""The rules a Gnono game is played by (GnonoOptions), validated the one way every
game's options are (game.engine.RuleOptions against SPEC): at construction, when read
from a save, and by validate() after a change in place. No pygame here."""
from __future__ import annotations

from dataclasses import dataclass

from game.engine import SWITCH, Choice, IntRange, Rule, RuleOptions

WD4_RULES = ("color", "gnono")
MAX_HAND_SIZE = 20
MAX_PLAYOUT = 100_000


SPEC: dict[str, Rule] = {
    "hand_size": IntRange(1, MAX_HAND_SIZE),
    "playout_score": IntRange(1, MAX_PLAYOUT),
    "draw_until_playable": SWITCH,
    "wd4_rule": Choice(WD4_RULES),
    "wd4_challenge": SWITCH,
    "stacking": SWITCH,
    "stack_mixed": SWITCH,
    "jump_in": SWITCH,
    "seven_zero": SWITCH,
}


@dataclass
class GnonoOptions(RuleOptions, spec=SPEC):
    hand_size: int = 7                 # 7, or 11 as Gnono offers
    playout_score: int = 500
    draw_until_playable: bool = False  # False: draw one card
    wd4_rule: str = "color"            # "color": no card of the current colour;
    #                                    "gnono": no other playable card but Wilds
    wd4_challenge: bool = True         # False: an unlawful W+4 is simply refused
    stacking: bool = False             # house: +2 on +2, +4 on +4
    stack_mixed: bool = False          # house, with stacking: +4 on +2, and a +2 of the
    #                                    named colour on +4 (no effect without stacking)
    jump_in: bool = False              # house: play an identical card out of turn
    seven_zero: bool = False           # house: 7 swaps hands, 0 passes all hands

