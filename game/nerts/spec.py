"""Nerts' contract with the shell (game/gamespec.py): what the menu, the options, the
replays and the challenges need of the game."""
from __future__ import annotations

from game.gamespec import GameSpec
from game.nerts import net_codec, replay_board, replay_codec, settings, table
from game.nerts.ai import NertsAI
from game.nerts.rules import new_engine
from game.nerts.setup import SetupScene
from game.nerts.table_save import SAVE_NAME

SPEC = GameSpec(
    key="nerts", title="Nerts",
    blurb=("A race, not a turn game: everyone plays",
           "at once onto the shared Scoring Area.",
           "2 to 4 seats: computers at four speeds,",
           "or a friend on the same keyboard."),
    new_engine=new_engine, levels=replay_codec.LEVELS, make_computer=NertsAI,
    start=table.start, setup=SetupScene, resume=table.resume, start_challenge=table.start_challenge,
    save_name=SAVE_NAME, option_pages=tuple(settings.PAGES), presets=None,
    replay_codec=replay_codec, replay_board=replay_board.board, net_codec=net_codec)
