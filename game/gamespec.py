"""The contract between the shell and a game: each game package exports one `SPEC`
(game/<game>/spec.py) naming everything the menu, the options, the replays and the
challenges need of it, and game/games.py lists the four. Nothing is imported by a
string name, so the import graph the checks see is the real one. No pygame here.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.option_pages import OptionPage
from game.presets import PresetBook


@dataclass(frozen=True)
class GameSpec:
    key: str                       # "gin": the saves, replays and statistics name it so
    title: str                     # "Gin Rummy": the menu's line
    blurb: tuple[str, ...]         # the menu's lines about the game (4 of 40 columns)
    new_engine: Callable[..., Any]  # (seed, options=None) -> the rules engine
    levels: tuple[str, ...]        # the computer players' levels, weakest first
    make_computer: Callable[..., Any]  # (level, seed or random source) -> a computer player
    start: Callable[..., Any]      # (app, seed=None) -> the first scene: the set-up screen
    setup: type                    # that set-up screen's class
    resume: Callable[[Any], Any]   # (app) -> the saved game's table, or None (set aside)
    start_challenge: Callable[[Any, Any], Any]  # (app, Challenge) -> the challenge's table
    save_name: str                 # the game in progress, in the saves folder
    option_pages: Sequence[OptionPage]  # the game's pages of the options screen
    presets: PresetBook | None     # the presets it ships and the player's own (or none)
    replay_codec: Any              # the module that writes and reads its replays and codes
    replay_board: Callable[[Any, Any], Any]  # (app, Replay) -> the board a replay plays on
    net_codec: Any = None          # views and events as JSON for a network table (game/net/)
