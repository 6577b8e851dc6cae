"""Go-Stop's contract with the shell (game/gamespec.py), read from its modules."""
from __future__ import annotations

from game.gamespec import package_spec
from game.gostop import net_codec, replay_board, replay_codec, rules, settings, table, table_save
from game.gostop.ai import make_ai
from game.gostop.setup import GoStopSetup

SPEC = package_spec("gostop", "Go-Stop", (
    "The Korean flower-card game for 2 or 3:", "match the months, build brights, birds",
    "and ribbons, then dare to say Go -", "or Stop while you are ahead."),
    (rules, table, settings, table_save, replay_codec, replay_board, net_codec),
    setup=GoStopSetup, make_computer=make_ai)
