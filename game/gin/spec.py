"""Gin Rummy's contract with the shell (game/gamespec.py), read from its modules."""
from __future__ import annotations

from game.gamespec import package_spec
from game.gin import net_codec, replay_board, replay_codec, rules, settings, table, table_save
from game.gin.ai import make_ai
from game.gin.setup import SessionScene

SPEC = package_spec("gin", "Gin Rummy", (
    "Gin Rummy as GIN! played it in 1981:", "Oklahoma, Hollywood, boxes, Game and",
    "Blitz bonuses. The computer does not", "peek at your hand - honest."),
    (rules, table, settings, table_save, replay_codec, replay_board, net_codec),
    setup=SessionScene, make_computer=make_ai)
