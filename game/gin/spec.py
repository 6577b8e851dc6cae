"""Gin Rummy's contract with the shell (game/gamespec.py): what the menu, the options,
the replays and the challenges need of the game."""
from __future__ import annotations

from game.gamespec import GameSpec
from game.gin import net_codec, replay_board, replay_codec, settings, table
from game.gin.ai import make_ai
from game.gin.rules import new_engine
from game.gin.setup import SessionScene
from game.gin.table_save import SAVE_NAME

SPEC = GameSpec(
    key="gin", title="Gin Rummy",
    blurb=("Gin Rummy as GIN! played it in 1981:",
           "Oklahoma, Hollywood, boxes, Game and",
           "Blitz bonuses. The computer does not",
           "peek at your hand - honest."),
    new_engine=new_engine, levels=replay_codec.LEVELS, make_computer=make_ai,
    start=table.start, setup=SessionScene, resume=table.resume, start_challenge=table.start_challenge,
    save_name=SAVE_NAME, option_pages=tuple(settings.PAGES), presets=settings.BOOK,
    replay_codec=replay_codec, replay_board=replay_board.board, net_codec=net_codec)
