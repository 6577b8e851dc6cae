"""Go-Stop's contract with the shell (game/gamespec.py): what the menu, the options,
the replays and the challenges need of the game."""
from __future__ import annotations

from game.gamespec import GameSpec
from game.gostop import net_codec, replay_board, replay_codec, settings, table
from game.gostop.ai import make_ai
from game.gostop.rules import new_engine
from game.gostop.setup import GoStopSetup
from game.gostop.table_save import SAVE_NAME

SPEC = GameSpec(
    key="gostop", title="Go-Stop",
    blurb=("The Korean flower-card game for 2 or 3:",
           "match the months, build brights, birds",
           "and ribbons, then dare to say Go -",
           "or Stop while you are ahead."),
    new_engine=new_engine, levels=replay_codec.LEVELS, make_computer=make_ai,
    start=table.start, setup=GoStopSetup, resume=table.resume, start_challenge=table.start_challenge,
    save_name=SAVE_NAME, option_pages=tuple(settings.PAGES), presets=settings.BOOK,
    replay_codec=replay_codec, replay_board=replay_board.board, net_codec=net_codec)
