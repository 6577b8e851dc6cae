"""The rule options of a Nerts game, validated one way (game.engine's Choice/IntRange).

Pure: no pygame. The rules (game/nerts/rules.py) re-export these names.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass

from game.engine import SWITCH, Choice, IntRange, options_from_json, validate_options

TARGETS = (100, 150, 500, 1000)


@dataclass(frozen=True)
class NertsOptions:
    seats: int = 2
    target: int = 100            # 100, 150, 500 or 1000
    flip_by_ones: bool = False   # flip the Stack one card at a time instead of three
    move_runs: bool = False      # any top part of a column may move, not only whole columns
    pile_penalty: int = 2        # points lost per card left in the Pile (2 or 1)
    call_bonus: int = 0          # bonus for calling G'NERTS

    def __post_init__(self):
        validate_options(self, SPEC)

    @property
    def flip_count(self) -> int:
        return 1 if self.flip_by_ones else 3

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, d) -> "NertsOptions":
        """From a save: unknown keys and bad values refused (OptionError, a ValueError)."""
        return options_from_json(cls, d, SPEC)


SPEC = {
    "seats": IntRange(2, 4),
    "target": Choice(TARGETS),
    "flip_by_ones": SWITCH,
    "move_runs": SWITCH,
    "pile_penalty": Choice((2, 1)),
    "call_bonus": IntRange(0, 100),
}
