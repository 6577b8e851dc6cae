"""The contract between the shell and a game: each game package exports one `SPEC`
(game/<game>/spec.py) naming everything the menu, the options, the replays and the
challenges need of it, and game/games.py lists the four. `package_spec` reads the
fields from the package's modules, each in its role (the same name in every game). Nothing is imported by a
string name, so the import graph the checks see is the real one. No pygame here.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType
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


ROLES = ("rules", "table", "settings", "table_save", "replay_codec", "replay_board", "net_codec")


def package_spec(key: str, title: str, blurb: tuple[str, ...], modules: Sequence[ModuleType], *,
                 setup: type, make_computer: Callable[..., Any]) -> GameSpec:
    """A game's SPEC from the modules of its package (game/<key>/), each told by its
    name, the same in every game (ROLES): rules.new_engine, table's start, resume and
    start_challenge, settings' PAGES and BOOK (None: no presets), table_save's
    SAVE_NAME, the replay codec (and its LEVELS), replay_board's board and the
    net codec."""
    role = {m.__name__: m for m in modules}
    names = {f"game.{key}.{r}" for r in ROLES}
    if set(role) != names:
        raise ValueError(f"{key}: the modules of a game are {sorted(names)}, not {sorted(role)}")
    rules, table, settings, table_save, replay_codec, replay_board, net_codec = (
        role[f"game.{key}.{r}"] for r in ROLES)
    return GameSpec(
        key=key, title=title, blurb=blurb, new_engine=rules.new_engine,
        levels=replay_codec.LEVELS, make_computer=make_computer, start=table.start, setup=setup,
        resume=table.resume, start_challenge=table.start_challenge, save_name=table_save.SAVE_NAME,
        option_pages=tuple(settings.PAGES), presets=settings.BOOK, replay_codec=replay_codec,
        replay_board=replay_board.board, net_codec=net_codec)
