"""Gnono's contract with the shell (game/gamespec.py): what the menu and the title
read of it, and its parts, loaded when it is first played (`parts`)."""
from __future__ import annotations

from game.gamespec import GameParts, GameSpec
from game.gnono import settings


def parts() -> GameParts:
    # lazy: the game's parts load when it is first played, replayed, joined or challenged
    from game.gnono import bot, net_codec, replay_board, replay_codec, rules, table, table_save
    from game.gnono.setup import GnonoSetup  # lazy: as above
    return GameParts.of_package(rules, bot, table, table_save, replay_codec, replay_board, net_codec,
                                setup=GnonoSetup)


SPEC = GameSpec(
    key="gnono", title="Gnono", blurb=(
        "The UNO family of rules for 2 to 10:", "Skips, Reverses, Draw Twos, Wilds,",
        "challenges, and don't forget to call", "\"UNO!\" on your last card."),
    levels=("easy", "normal", "hard", "expert"), seats=range(2, settings.MAX_SEATS + 1),
    save_name="gnono.json", challenge_prefix="GNO", option_pages=tuple(settings.PAGES),
    presets=settings.BOOK, load=parts,
    stat_labels={"uno_calls": "\"UNO!\" calls", "caught": "Caught without \"UNO!\""})
