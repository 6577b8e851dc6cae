"""Gin Rummy's contract with the shell (game/gamespec.py): what the menu and the
title read of it, and its parts, loaded when it is first played (`parts`)."""
from __future__ import annotations

from game.gamespec import GameParts, GameSpec
from game.gin import settings


def parts() -> GameParts:
    # lazy: the game's parts load when it is first played, replayed, joined or challenged
    from game.gin import bot, net_codec, replay_board, replay_codec, rules, table, table_save
    from game.gin.setup import SessionScene  # lazy: as above
    return GameParts.of_package(rules, bot, table, table_save, replay_codec, replay_board, net_codec,
                                setup=SessionScene)


SPEC = GameSpec(
    key="gin", title="Gin Rummy", blurb=(
        "Gin Rummy as GIN! played it in 1981:", "Oklahoma, Hollywood, boxes, Game and",
        "Blitz bonuses. The computer does not", "peek at your hand - honest."),
    levels=("easy", "normal", "hard", "expert"), seats=range(2, 3), save_name="gin.json",
    challenge_prefix="GIN", option_pages=tuple(settings.PAGES), presets=settings.BOOK, load=parts,
    stat_labels={"gins": "Gins", "knocks": "Knocks", "underknocks": "Underknocks",
                 "blitzes": "Blitzes"})
