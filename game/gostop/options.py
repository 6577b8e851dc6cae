"""Go-Stop rule options: one dataclass, checked against one SPEC (game/engine.py's
Choice/IntRange) when built and when read from a save. Pure and light: the option
pages (settings.py) import it without importing the engine."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine import SWITCH, Choice, IntRange, Rule, RuleOptions


@dataclass(frozen=True)
class OrNone:
    """An option that may be None (its default meaning) or obey `rule`."""
    rule: Rule

    def check(self, name: str, value: Any) -> None:
        if value is not None:
            self.rule.check(name, value)


# nine animal cards in the deck: meong-tta needs from 1 to 9 of them
SPEC: dict[str, Rule] = {
    "players": Choice((2, 3)),
    "target": OrNone(IntRange(1, 50)),
    "bonus_cards": IntRange(0, 3),
    "chongtong_points": IntRange(1, 100),
    "go_doubling_from": IntRange(1, 20),
    "pibak_under": OrNone(IntRange(1, 30)),
    "gwang_bak": SWITCH,
    "pi_bak": SWITCH,
    "meong_tta": SWITCH,
    "meong_tta_animals": IntRange(1, 9),
    "go_bak": SWITCH,
    "shaking_doubles": SWITCH,
    "bomb_doubles": SWITCH,
    "nagari_doubles": SWITCH,
    # the online variants of the rules sheet (variants.py), each off by default
    "three_ppuk": SWITCH,
    "three_ppuk_points": IntRange(1, 100),
    "first_ppuk_paid": SWITCH,
    "first_paid_chips": IntRange(1, 50),
    "bonus_steals": SWITCH,
    "two_card_bomb": SWITCH,
}


@dataclass(frozen=True)
class Options(RuleOptions, spec=SPEC):
    """Rule options; defaults are the rules sheet's. A value outside SPEC is refused
    (engine.OptionError, a ValueError) with a message naming the option."""

    players: int = 2
    target: int | None = None        # None: 7 with two players (option 5), 3 with three
    bonus_cards: int = 2             # 0..3 (values 2, 3, 2)
    chongtong_points: int = 10       # four of a month in hand at the deal
    go_doubling_from: int = 3        # from this many Go, x2 per Go (3 Go x2, 4 Go x4)
    pibak_under: int | None = None   # None: pi-bak below 8 junk (two), 6 (three)
    gwang_bak: bool = True
    pi_bak: bool = True
    meong_tta: bool = True
    meong_tta_animals: int = 7
    go_bak: bool = True
    shaking_doubles: bool = True
    bomb_doubles: bool = True
    nagari_doubles: bool = True      # a nagari doubles the next hand's payment
    three_ppuk: bool = False         # three ppuk in one hand win it at once...
    three_ppuk_points: int = 7       # ...for this payment from each opponent
    first_ppuk_paid: bool = False    # the hand's first ppuk, a ttadak on one's first turn:
    first_paid_chips: int = 3        # ...paid at once by each opponent, this many chips
    bonus_steals: bool = False       # a bonus card played from hand takes a junk from each
    two_card_bomb: bool = False      # two in hand, two on the table: a bomb (one skip)

    @property
    def target_points(self) -> int:
        if self.target is not None:
            return self.target
        return 7 if self.players == 2 else 3

    @property
    def pibak_limit(self) -> int:
        if self.pibak_under is not None:
            return self.pibak_under
        return 8 if self.players == 2 else 6

    @property
    def hand_size(self) -> int:
        return 10 if self.players == 2 else 7

    @property
    def table_size(self) -> int:
        return 8 if self.players == 2 else 6
