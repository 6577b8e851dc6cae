"""Go-Stop's contract with the shell (game/gamespec.py): what the menu and the title
read of it, and its parts, loaded when it is first played (`parts`)."""
from __future__ import annotations

from game.gamespec import GameParts, GameSpec
from game.gostop import settings


def parts() -> GameParts:
    # lazy: the game's parts load when it is first played, replayed, joined or challenged
    from game.gostop import bot, net_codec, replay_board, replay_codec, rules, table, table_save
    from game.gostop.setup import GoStopSetup  # lazy: as above
    return GameParts.of_package(rules, bot, table, table_save, replay_codec, replay_board, net_codec,
                                setup=GoStopSetup)


SPEC = GameSpec(
    key="gostop", title="Go-Stop", blurb=(
        "The Korean flower-card game for 2 or 3:", "match the months, build brights, birds",
        "and ribbons, then dare to say Go -", "or Stop while you are ahead."),
    levels=("easy", "greedy", "normal", "hard"), seats=range(2, 4), save_name="gostop.json",
    challenge_prefix="GST", option_pages=tuple(settings.PAGES), presets=settings.BOOK, load=parts,
    stat_labels={"gos": "Go calls", "stops": "Stops", "chips": "Chips won (net)",
                 "nagari": "Nagari hands"},
    history_unit="hand")      # a session has no end: each hand settled in chips is a game of its history
