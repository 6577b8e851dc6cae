"""High Card, a sixth game that lives only in the tests (issue #42): its rules (rules.py),
its computer (bot.py) and its spec (spec.py), the rest the shared default pieces
(game/plain_codecs.py, game/table/plain_table.py). tests/test_sixth_game.py registers it
and plays it through every shared layer."""
