"""Presets: a game's options saved under a name, chosen on its set-up screen, in the
spirit of GIN!'s session options.

Each game's settings module makes its `PresetBook` from its option pages and the
presets it ships ({name: {option key: value}}, keys of that game's pages only); the
player's own are kept, for every game, in saves/presets.json. A book lists both
(shipped first), saves and deletes the player's own; `apply_preset` copies one onto
the options. A damaged presets file is set aside by the storage like any save.
No pygame here.
"""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from game.option_pages import OptionPage

FILE = "presets.json"
SCHEMA = 1
NAME_MAX = 20
PER_GAME_MAX = 20


def check_name(name: Any) -> str:
    if not isinstance(name, str) or not name.strip() or len(name) > NAME_MAX or not name.isprintable():
        raise ValueError(f"a preset name is 1 to {NAME_MAX} printable characters")
    return name.strip()


def _plain_values(game: str, values: Any) -> dict[str, Any]:
    """Another game's preset as it may be written again: its keys that game's, its values
    text, yes/no or finite numbers (NaN and infinities are no JSON)."""
    if not isinstance(values, dict):
        raise ValueError("not a table of options")
    for key, value in values.items():
        if not isinstance(key, str) or not key.startswith(f"{game}."):
            raise ValueError(f"{key!r} is not an option of {game}")
        if not (value is None or isinstance(value, (str, bool, int))
                or isinstance(value, float) and math.isfinite(value)):
            raise ValueError(f"{key} is {value!r}")
    return dict(values)


def apply_preset(options: Any, values: Mapping[str, Any]) -> None:
    """Copy a preset's values onto the options (an Options object or a dict)."""
    for key, value in values.items():
        options[key] = value


class PresetBook:
    """One game's presets: those it ships, then the player's own from presets.json."""

    def __init__(self, game: str, pages: Sequence[OptionPage], shipped: Mapping[str, Mapping[str, Any]]):
        self.game = game
        self.specs = {o.key: o for page in pages for o in page.opts}
        self.shipped = {name: self.check_values(values) for name, values in shipped.items()}

    def defaults(self) -> dict[str, Any]:
        """The default value of each of the game's options."""
        return {key: o.default for key, o in self.specs.items()}

    def check_values(self, values: Any) -> dict[str, Any]:
        """A preset's values: every key an option of this game, every value allowed."""
        if not isinstance(values, dict):
            raise ValueError("a preset is not a table of options")
        clean = {}
        for key, value in values.items():
            if not isinstance(key, str) or key not in self.specs:
                raise ValueError(f"preset option {key!r} is not an option of {self.game}")
            clean[key] = self.specs[key].validate(value)
        return clean

    def _validate(self, data: Any, dropped: list[str]) -> dict[str, dict[str, dict[str, Any]]]:
        """The whole file: every game's entries in shape, this game's values checked by
        its options, another game's as plain JSON values (that game's book checks them
        by its options when it reads them). A preset that does not check is dropped
        (its name and why in `dropped`), never carried along to the next write."""
        if not isinstance(data, dict):
            raise ValueError("presets are not a table")
        out: dict[str, dict[str, dict[str, Any]]] = {}
        for game, presets in data.items():
            if not isinstance(game, str) or not isinstance(presets, dict) or len(presets) > PER_GAME_MAX:
                raise ValueError("bad presets entry")
            entries = {}
            for name, values in presets.items():
                try:
                    name = check_name(name)
                    entries[name] = self.check_values(values) if game == self.game else \
                        _plain_values(game, values)
                except ValueError as exc:
                    dropped.append(f"Your preset {str(name)[:NAME_MAX]!r} ({game}) was damaged ({exc}): "
                                   "it was dropped.")
            out[game] = entries
        return out

    def _load_own(self, storage: Any) -> dict[str, dict[str, dict[str, Any]]]:
        dropped: list[str] = []
        own = storage.read_json(FILE, "presets", SCHEMA, lambda data: self._validate(data, dropped),
                                "your own presets start again")
        for message in dropped:
            storage.tell(message)
        return own or {}

    def listed(self, storage: Any) -> dict[str, dict[str, Any]]:
        """Every preset by name: the shipped ones, then the player's own. One of the
        player's named as a preset shipped since is listed as "<name> (yours)", never
        hidden."""
        out = dict(self.shipped)
        for name, values in self._load_own(storage).get(self.game, {}).items():
            out[name if name not in out else f"{name} (yours)"] = values
        return out

    def is_shipped(self, name: str) -> bool:
        return name in self.shipped

    def values_of(self, options: Any) -> dict[str, Any]:
        """The current values of the game's options, to save as a preset."""
        return {key: options[key] for key in self.specs}

    def save(self, storage: Any, name: str, values: Mapping[str, Any]) -> bool:
        """Keep a preset of the player's (a shipped name cannot be overwritten)."""
        name = check_name(name)
        if self.is_shipped(name):
            raise ValueError(f"{name} ships with the game: choose another name")
        own = self._load_own(storage)
        mine = own.setdefault(self.game, {})
        if name not in mine and len(mine) >= PER_GAME_MAX:
            raise ValueError(f"at most {PER_GAME_MAX} presets a game")
        mine[name] = self.check_values(dict(values))
        return storage.write_json(FILE, "presets", SCHEMA, own)

    def delete(self, storage: Any, name: str) -> bool:
        own = self._load_own(storage)
        if own.get(self.game, {}).pop(name, None) is None:
            return False
        return storage.write_json(FILE, "presets", SCHEMA, own)
