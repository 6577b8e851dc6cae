"""Presets: a game's options saved under a name, chosen on its session screen, in the
spirit of GIN!'s session options.

A game ships its presets in `game/<game>/settings.py` as PRESETS = {name: {option key:
value}} (keys of that game's option pages only); the player's own are kept in
saves/presets.json. `presets_for(app.storage, game)` lists both (shipped first);
`apply_preset` copies one onto an Options object; `save_preset` / `delete_preset`
keep the player's. A damaged presets file is set aside by the storage like any save.
No pygame here.
"""
from __future__ import annotations

import importlib
from typing import Any

from game.options import Options, all_specs

FILE = "presets.json"
SCHEMA = 1
NAME_MAX = 20
PER_GAME_MAX = 20


def shipped(game: str) -> dict[str, dict[str, Any]]:
    """The presets a game ships (its settings module's PRESETS), checked."""
    module = importlib.import_module(f"game.{game}.settings")
    presets = getattr(module, "PRESETS", {})
    for values in presets.values():
        check_values(game, values)
    return dict(presets)


def check_values(game: str, values: Any) -> dict[str, Any]:
    """A preset's values: every key an option of that game, every value allowed."""
    if not isinstance(values, dict):
        raise ValueError("a preset is not a table of options")
    specs = all_specs()
    clean = {}
    for key, value in values.items():
        if not isinstance(key, str) or not key.startswith(f"{game}.") or key not in specs:
            raise ValueError(f"preset option {key!r} is not an option of {game}")
        clean[key] = specs[key].validate(value)
    return clean


def check_name(name: Any) -> str:
    if not isinstance(name, str) or not name.strip() or len(name) > NAME_MAX or not name.isprintable():
        raise ValueError(f"a preset name is 1 to {NAME_MAX} printable characters")
    return name.strip()


def _validate(data: Any) -> dict[str, dict[str, dict[str, Any]]]:
    if not isinstance(data, dict):
        raise ValueError("presets are not a table")
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for game, presets in data.items():
        if not isinstance(game, str) or not isinstance(presets, dict) or len(presets) > PER_GAME_MAX:
            raise ValueError("bad presets entry")
        out[game] = {check_name(name): check_values(game, values) for name, values in presets.items()}
    return out


def _load_own(storage) -> dict[str, dict[str, dict[str, Any]]]:
    return storage.read_json(FILE, "presets", SCHEMA, _validate, "your own presets start again") or {}


def presets_for(storage, game: str) -> dict[str, dict[str, Any]]:
    """Every preset of a game by name: the shipped ones, then the player's own. One of
    the player's named as a preset shipped since is listed as "<name> (yours)", never
    hidden."""
    out = shipped(game)
    for name, values in _load_own(storage).get(game, {}).items():
        out[name if name not in out else f"{name} (yours)"] = values
    return out


def is_shipped(game: str, name: str) -> bool:
    return name in shipped(game)


def apply_preset(options: Options, values: dict[str, Any]) -> None:
    for key, value in values.items():
        options[key] = value


def values_of(options: Options, game: str) -> dict[str, Any]:
    """The current values of a game's options, to save as a preset."""
    return {k: v for k, v in options.values.items() if k.startswith(f"{game}.")}


def save_preset(storage, game: str, name: str, values: dict[str, Any]) -> bool:
    """Keep a preset of the player's (a shipped name cannot be overwritten)."""
    name = check_name(name)
    if is_shipped(game, name):
        raise ValueError(f"{name} ships with the game: choose another name")
    own = _load_own(storage)
    mine = own.setdefault(game, {})
    if name not in mine and len(mine) >= PER_GAME_MAX:
        raise ValueError(f"at most {PER_GAME_MAX} presets a game")
    mine[name] = check_values(game, values)
    return storage.write_json(FILE, "presets", SCHEMA, own)


def delete_preset(storage, game: str, name: str) -> bool:
    own = _load_own(storage)
    if own.get(game, {}).pop(name, None) is None:
        return False
    return storage.write_json(FILE, "presets", SCHEMA, own)
