"""Gnono's contract with the shell (game/gamespec.py), read from its modules."""
from __future__ import annotations

from game.gamespec import package_spec
from game.gnono import net_codec, replay_board, replay_codec, rules, settings, table, table_save
from game.gnono.ai import make_ai
from game.gnono.setup import GnonoSetup

SPEC = package_spec("gnono", "Gnono", (
    "The UNO family of rules for 2 to 10:", "Skips, Reverses, Draw Twos, Wilds,",
    "challenges, and don't forget to call", "\"UNO!\" on your last card."),
    (rules, table, settings, table_save, replay_codec, replay_board, net_codec),
    setup=GnonoSetup, make_computer=make_ai)
