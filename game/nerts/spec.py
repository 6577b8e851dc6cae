"""Nerts' contract with the shell (game/gamespec.py), read from its modules."""
from __future__ import annotations

from game.gamespec import package_spec
from game.nerts import net_codec, replay_board, replay_codec, rules, settings, table, table_save
from game.nerts.ai import NertsAI
from game.nerts.setup import SetupScene

SPEC = package_spec("nerts", "Nerts", (
    "A race, not a turn game: everyone plays", "at once onto the shared Scoring Area.",
    "2 to 4 seats: computers at four speeds,", "or a friend on the same keyboard."),
    (rules, table, settings, table_save, replay_codec, replay_board, net_codec),
    setup=SetupScene, make_computer=NertsAI)
