"""The rules a Gnono game is played by (GnonoOptions), validated the one way every
game's options are (game.engine.validate_options against SPEC): at construction and
when read from a save. No pygame here."""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from game.engine import SWITCH, Choice, IntRange, Rule, options_from_json, validate_options

WD4_RULES = ("color", "gnono")
MAX_HAND_SIZE = 20
MAX_PLAYOUT = 100_000


@dataclass
class GnonoOptions:
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

    def __post_init__(self) -> None:
        validate_options(self, SPEC)

    def validate(self) -> None:
        """OptionError (a ValueError) if a field was set to nonsense after construction."""
        validate_options(self, SPEC)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: object) -> GnonoOptions:
        return options_from_json(cls, data, SPEC)


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
