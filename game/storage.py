"""Player data on disk: JSON only, written atomically, with a schema version.

A file that does not parse or fails validation is moved aside as `<name>.bad`;
the caller gets the defaults and a message to show the player. Nothing here ever
raises for a bad file or an unwritable folder.
"""
from __future__ import annotations

import json
import os
import tempfile
from typing import Any, Callable


class Storage:
    def __init__(self, save_dir: str):
        self.dir = save_dir
        self.problems: list[str] = []  # messages for the screen, oldest first
        self.told: set[str] = set()    # each message is shown once a session

    def path(self, name: str) -> str:
        return os.path.join(self.dir, name)

    def exists(self, name: str) -> bool:
        return os.path.isfile(self.path(name))

    def check_writable(self) -> bool:
        """Can saves be written here? If not, the player is told once, and plays on."""
        probe = self.path(".write-test")
        try:
            os.makedirs(self.dir, exist_ok=True)
            with open(probe, "w") as f:
                f.write("ok")
            os.remove(probe)
        except OSError as exc:
            self.tell(f"The saves folder {self.dir} cannot be written ({_short(exc.strerror or exc)}): "
                      "options and games will not be kept.")
            return False
        self._remove_stale_temporaries()
        return True

    def _remove_stale_temporaries(self) -> None:
        """Half-written files of a save that was interrupted (power cut, kill)."""
        try:
            names = os.listdir(self.dir)
        except OSError:
            return
        for name in names:
            if name.startswith(".") and name.endswith(".tmp"):
                try:
                    os.remove(self.path(name))
                except OSError:
                    pass

    def write_json(self, name: str, kind: str, schema: int, data: Any) -> bool:
        """Write {"kind", "schema", "data"} atomically: temp file, fsync, rename."""
        doc = {"kind": kind, "schema": schema, "data": data}
        try:
            text = json.dumps(doc, indent=1, sort_keys=True, allow_nan=False)
            os.makedirs(self.dir, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix="." + name + ".", suffix=".tmp", dir=self.dir)
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as f:
                    f.write(text)
                    f.flush()
                    os.fsync(f.fileno())
                os.replace(tmp, self.path(name))
            except BaseException:
                try:
                    os.remove(tmp)
                except OSError:
                    pass
                raise
            self._fsync_dir()
            return True
        except (OSError, TypeError, ValueError) as exc:
            self.tell(f"Could not save {name}: {_short(exc)}")
            return False

    def _fsync_dir(self):
        try:
            fd = os.open(self.dir, os.O_RDONLY)
        except OSError:
            return
        try:
            os.fsync(fd)
        except OSError:
            pass
        finally:
            os.close(fd)

    def read_json(self, name: str, kind: str, schema: int,
                  validate: Callable[[Any], Any]) -> Any | None:
        """The validated data of a saved file, or None (absent, or set aside as bad).

        `validate(data)` returns the cleaned data or raises ValueError/TypeError/KeyError.
        """
        path = self.path(name)
        if not os.path.isfile(path):
            return None
        try:
            with open(path, "rb") as f:
                raw = f.read()
            doc = json.loads(raw.decode("utf-8"))
            if not isinstance(doc, dict) or doc.get("kind") != kind:
                raise ValueError("not a G'NERTS %s file" % kind)
            if doc.get("schema") != schema:
                raise ValueError(f"schema {doc.get('schema')!r}, this program reads {schema}")
            return validate(doc["data"])
        except Exception as exc:  # any damage at all: set aside, never crash
            self.set_aside(name, exc)
            return None

    def set_aside(self, name: str, why: Exception | str) -> None:
        path = self.path(name)
        bad = path + ".bad"
        try:
            os.replace(path, bad)
            where = f"kept as {name}.bad"
        except OSError:
            where = "could not be moved aside"
        self.problems.append(f"{name} was damaged ({_short(why)}); {where}, defaults used.")

    def tell(self, message: str) -> None:
        """A message for the screen, unless the player was told the same already
        (an autosave failing every hand is told once)."""
        if message not in self.told:
            self.told.add(message)
            self.problems.append(message)

    def remove(self, name: str) -> None:
        try:
            os.remove(self.path(name))
        except OSError:
            pass

    def take_problems(self) -> list[str]:
        out, self.problems = self.problems, []
        return out


def _short(exc) -> str:
    text = str(exc) if str(exc) else type(exc).__name__
    return text if len(text) <= 60 else text[:57] + "..."
