"""High Card's GameSpec: its declaration, and its parts from the shared defaults."""
from __future__ import annotations

from game.gamespec import GameParts, GameSpec


def parts() -> GameParts:
    from game.plain_codecs import PlainNetCodec, PlainReplayCodec
    from game.replay_moves import DataclassMoves
    from game.table.plain_table import plain_parts
    from tests.sixth_game import bot, rules
    moves = DataclassMoves((rules.Play, rules.NextHand), {})
    codec = PlainReplayCodec("highcard", rules.HighCard, moves, SPEC.levels, "HCD", 9, rules.HighOptions)
    return plain_parts(SPEC, rules.new_engine, bot.make_bot, codec, PlainNetCodec(codec, moves, rules.View))


SPEC = GameSpec(key="highcard", title="High Card", blurb=("The higher card takes the trick.",),
                levels=("easy", "normal"), seats=range(2, 3), save_name="highcard.json",
                challenge_prefix="HCD", option_pages=(), presets=None, load=parts)
