"""The rules options of a Gin game (GinOptions), checked by one SPEC in both ways in:
built in code and read from a save (game.engine.RuleOptions). No pygame here.

The bounds are wide sanity limits, not the options program's steps (game/gin/settings.py):
a value outside them is a damaged save or a programming error, refused with OptionError.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.cards import Card
from game.engine import SWITCH, IntRange, Rule, RuleOptions

BONUS = IntRange(0, 1000)


SPEC: dict[str, Rule] = {
    "knock_value": IntRange(0, 10),
    "game_target": IntRange(1, 10_000),
    "gin_bonus": BONUS,
    "underknock_bonus": BONUS,
    "box_bonus": BONUS,
    "game_bonus": BONUS,
    "blitz_bonus": BONUS,
    "oklahoma": SWITCH,
    "hollywood": SWITCH,
    "discard_taken_upcard": SWITCH,
    "oklahoma_double_bonuses": SWITCH,
    "straight_gin": SWITCH,
    "big_gin": SWITCH,
    "big_gin_bonus": BONUS,
    "oklahoma_ace_one": SWITCH,
}


@dataclass(frozen=True)
class GinOptions(RuleOptions, spec=SPEC):
    knock_value: int = 10          # the knock value when Oklahoma is off (0: gin only)
    game_target: int = 100
    gin_bonus: int = 25
    underknock_bonus: int = 25
    box_bonus: int = 25
    game_bonus: int = 100
    blitz_bonus: int = 100
    oklahoma: bool = False
    hollywood: bool = False
    discard_taken_upcard: bool = False     # may the upcard just taken be discarded
    oklahoma_double_bonuses: bool = False  # a spade doubles Gin/Underknock bonuses too
    # variants (issue #22)
    straight_gin: bool = False     # no knocking: every hand is gin only
    big_gin: bool = False          # all 11 cards in groups after the draw: out with no discard
    big_gin_bonus: int = 31        # Big Gin's bonus (instead of the Gin bonus)
    oklahoma_ace_one: bool = False  # Oklahoma: an ace upcard means knock with 1, not gin only

    def hand_knock_value(self, first_upcard: Card | None) -> int:
        """The knock value of a hand dealt with this first upcard (0: gin only; None:
        any upcard, where Oklahoma is off and it does not count)."""
        if self.straight_gin:
            return 0
        if not self.oklahoma:
            return self.knock_value
        if first_upcard is None:
            raise ValueError("under Oklahoma the knock value is the first upcard's")
        if first_upcard.rank == 1:
            return 1 if self.oklahoma_ace_one else 0
        return min(first_upcard.rank, 10)

    def knock_limit(self, first_upcard: Card | None) -> str:
        """The knock limit in words, as the screens say it (GIN!: "the allowable Knock
        value for the hand"): "Knock with at most 7 (Oklahoma: the 1st upcard)", "Knock
        with at most 10", "Gin only (Straight Gin)"; under Oklahoma with no upcard yet (a
        hand not dealt), that the 1st upcard sets it. Never a number the hand does not use."""
        if self.oklahoma and not self.straight_gin and first_upcard is None:
            return "Oklahoma: the 1st upcard sets the knock value"
        kv = self.hand_knock_value(first_upcard)
        if kv == 0:
            return f"Gin only ({self.gin_only_rule(first_upcard)})"
        return f"Knock with at most {kv}" + (" (Oklahoma: the 1st upcard)" if self.oklahoma else "")

    def gin_only_rule(self, first_upcard: Card | None) -> str:
        """The rule in force that makes a hand dealt with this upcard gin only ("" if
        it is not): "Straight Gin", "Oklahoma, ace upcard" or "knock value 0"."""
        if self.hand_knock_value(first_upcard) != 0:
            return ""
        if self.straight_gin:
            return "Straight Gin"
        return "Oklahoma, ace upcard" if self.oklahoma else "knock value 0"

