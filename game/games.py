"""The games the parlor offers, in menu order: the one list of GameSpecs
(game/gamespec.py), and how the shell starts and resumes their tables.

Only the games' declarations load here (title, levels, seats, options pages...):
a game's engine, tables and codecs load when it is first chosen, resumed, replayed,
joined or challenged (GameSpec.parts), so the title and the menu open without them.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from game import errors
from game.gamespec import GameSpec, ReplayCodec
from game.gin.spec import SPEC as GIN
from game.gnono.spec import SPEC as GNONO
from game.gostop.spec import SPEC as GOSTOP
from game.nerts.spec import SPEC as NERTS
from game.storage import GAME_LOST

if TYPE_CHECKING:
    from game.scene import Scene

GAMES: tuple[GameSpec, ...] = (NERTS, GIN, GNONO, GOSTOP)
BY_KEY = {g.key: g for g in GAMES}


class ReplayCodecs(Mapping[str, ReplayCodec]):
    """Each game's replay codec by its key, its game loaded only when its codec is
    asked for (a replay file of that game read): the App's replays folder holds one."""

    def __getitem__(self, key: str) -> ReplayCodec:
        return BY_KEY[key].parts.replay_codec

    def __iter__(self) -> Iterator[str]:
        return iter(list(BY_KEY))

    def __len__(self) -> int:
        return len(BY_KEY)


CODECS = ReplayCodecs()


def challenge_game(code: str) -> GameSpec | None:
    """The game whose challenge codes start as `code` does (before it is read: case,
    spaces and dashes do not matter), or None."""
    text = "".join(code.split()).upper().replace("-", "")
    return next((g for g in BY_KEY.values() if text.startswith(g.challenge_prefix)), None)


def challenge_prefixes() -> tuple[str, ...]:
    return tuple(g.challenge_prefix for g in BY_KEY.values())


def has_save(app: Any, spec: GameSpec) -> bool:
    return bool(app.storage.exists(spec.save_name))


def resume_table(app: Any, spec: GameSpec) -> Scene | None:
    """The table of the saved game, or None if the save could not be read (it is then
    set aside and the player told by the storage). Never raises: a game whose resume()
    raises is a bug, reported, and its save is set aside."""
    try:
        return spec.parts.resume(app)
    except Exception as exc:
        errors.report(exc, f"resuming {spec.title}")
        app.storage.set_aside(spec.save_name, exc, GAME_LOST)
        return None


def start_table(app: Any, spec: GameSpec, seed: int | None = None) -> Scene:
    """The first scene of a game (its set-up screen or its table)."""
    return spec.parts.start(app, seed=seed)
