"""Gnono's contract with the shell (game/gamespec.py): what the menu, the options, the
replays and the challenges need of the game."""
from __future__ import annotations

from game.gamespec import GameSpec
from game.gnono import net_codec, replay_board, replay_codec, settings, table
from game.gnono.ai import make_ai
from game.gnono.rules import new_engine
from game.gnono.setup import GnonoSetup
from game.gnono.table_save import SAVE_NAME

SPEC = GameSpec(
    key="gnono", title="Gnono",
    blurb=("The UNO family of rules for 2 to 10:",
           "Skips, Reverses, Draw Twos, Wilds,",
           "challenges, and don't forget to call",
           "\"UNO!\" on your last card."),
    new_engine=new_engine, levels=replay_codec.LEVELS, make_computer=make_ai,
    start=table.start, setup=GnonoSetup, resume=table.resume, start_challenge=table.start_challenge,
    save_name=SAVE_NAME, option_pages=tuple(settings.PAGES), presets=settings.BOOK,
    replay_codec=replay_codec, replay_board=replay_board.board, net_codec=net_codec)
