"""Nerts' contract with the shell (game/gamespec.py): what the menu and the title
read of it, and its parts, loaded when it is first played (`parts`)."""
from __future__ import annotations

from game.clock import STEP_HZ
from game.gamespec import GameParts, GameSpec
from game.nerts import settings
from game.nerts.players import LEVEL_CHOICES


def parts() -> GameParts:
    # lazy: the game's parts load when it is first played, replayed, joined or challenged
    from game.nerts import bot, net_codec, replay_board, replay_codec, rules, table, table_save
    from game.nerts.setup import SetupScene  # lazy: as above
    return GameParts.of_package(rules, bot, table, table_save, replay_codec, replay_board, net_codec,
                                setup=SetupScene)


SPEC = GameSpec(
    key="nerts", title="Nerts", blurb=(
        "A race, not a turn game: everyone plays", "at once onto the shared Scoring Area.",
        "2 to 4 seats: computers at four speeds,", "or a friend on the same keyboard."),
    levels=tuple(lv for lv in LEVEL_CHOICES if lv != "human"), seats=range(2, 5),
    save_name="nerts.json", challenge_prefix="NRT", option_pages=tuple(settings.PAGES),
    presets=settings.BOOK, load=parts, clock_rate=STEP_HZ,
    stat_labels={"calls": "G'NERTS calls"})
