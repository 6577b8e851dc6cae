"""Player data on disk: JSON only, written atomically, with a schema version.

A file that does not parse or fails validation is moved aside as `<name>.bad`;
the caller gets the defaults and a message to show the player. Nothing here ever
raises for a bad file or an unwritable folder.
"""
from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
from typing import Any, Callable, Iterator

from game import errors

# What a damaged file raises while it is read and validated: bad bytes, bad JSON
# (json.JSONDecodeError and UnicodeDecodeError are ValueErrors), a validator's refusal,
# a file that cannot be read. Anything else is a bug in the reader, reported as one.
DAMAGE = (ValueError, OSError)
# what a damaged file costs the player, said after where it was kept
DEFAULTS_USED = "defaults used"
GAME_LOST = "the saved game cannot be resumed"

# How many times in a row each save was written because its table failed: a save
# whose table fails twice is set aside (never "Resume it" for ever). Kept on disk so
# that quitting and starting again does not forget it; cleared by a normal save.
FAILURES = "resume-failures.json"
FAILURES_KIND = "resume-failures"
FAILURE_LIMIT = 2


# The most a player-data file may hold, by kind; a larger one is damaged, not read.
MAX_BYTES = 4 * 1024 * 1024


def read_regular(path: str, limit: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file of at most `limit` bytes. A FIFO, a device or a
    folder is never opened (opening a FIFO blocks for ever), and a larger file is not
    read: both raise ValueError, as damaged data does; a missing or unreadable file
    raises OSError."""
    st = os.stat(path)
    if not stat.S_ISREG(st.st_mode):
        raise ValueError("not a regular file")
    if st.st_size > limit:
        raise ValueError(f"larger than {limit // 1024} KB")
    # O_NONBLOCK: should the file be swapped for a FIFO after the stat, open still returns
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ValueError("not a regular file")
        with os.fdopen(fd, "rb", closefd=False) as f:
            raw = f.read(limit + 1)
    finally:
        os.close(fd)
    if len(raw) > limit:
        raise ValueError(f"larger than {limit // 1024} KB")
    return raw


def _validate_failures(data: Any) -> dict[str, int]:
    if not isinstance(data, dict) or not all(
            isinstance(k, str) and type(v) is int and 0 < v <= FAILURE_LIMIT for k, v in data.items()):
        raise ValueError("not a table of counts")
    return dict(data)


class Storage:
    def __init__(self, save_dir: str):
        self.dir = save_dir
        self.problems: list[str] = []  # messages for the screen, oldest first
        self.told: set[str] = set()    # each message is shown once a session
        self._fail_counts: dict[str, int] | None = None   # FAILURES, read when first needed
        self._failure_writes: list[str] | None = None     # names written by a failed table

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
        except (TypeError, ValueError) as exc:  # the caller's data is not JSON: a bug
            errors.report(exc, f"saving {name}")
            self.tell(f"Could not save {name}: {_short(exc)}")
            return False
        return self.write_text(name, text)

    def write_text(self, name: str, text: str) -> bool:
        """Write a file of the saves folder atomically; False (and the player told) if
        the folder cannot be made or written."""
        try:
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
        except OSError as exc:
            self.tell(f"Could not save {name} in {self.dir}: {_short(exc.strerror or exc)}")
            return False
        self._saved_fine(name)
        return True

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
                  validate: Callable[[Any], Any], lost: str = DEFAULTS_USED) -> Any | None:
        """The validated data of a saved file, or None (absent, or set aside as bad).

        `validate(data)` returns the cleaned data or raises ValueError for damaged data.
        Any other exception is a bug in the reader: reported (raised under tests), and
        the file is set aside all the same so the player is never stuck on it. `lost`
        tells the player what a damaged file costs ("defaults used", "the saved game
        cannot be resumed").
        """
        path = self.path(name)
        if not os.path.lexists(path):
            return None
        try:
            raw = read_regular(path)
            doc = json.loads(raw.decode("utf-8"))
            if not isinstance(doc, dict) or doc.get("kind") != kind:
                raise ValueError("not a G'NERTS %s file" % kind)
            if doc.get("schema") != schema:
                raise ValueError(f"schema {doc.get('schema')!r}, this program reads {schema}")
            if "data" not in doc:
                raise ValueError("no data")
            return validate(doc["data"])
        except DAMAGE as exc:
            self.set_aside(name, exc, lost)
            return None
        except Exception as exc:
            errors.report(exc, f"reading {name}")
            self.set_aside(name, exc, lost)
            return None

    def set_aside(self, name: str, why: Exception | str, lost: str = DEFAULTS_USED) -> None:
        where = self.move_aside(name)
        self.problems.append(f"{name} was damaged ({_short(why)}); {where}, {lost}.")

    def move_aside(self, name: str) -> str:
        """Rename the file to NAME.bad; says where it went, for the player."""
        try:
            os.replace(self.path(name), self.path(name) + ".bad")
            where = f"kept as {name}.bad"
        except OSError:
            where = "could not be moved aside"
        self._forget_failures(name)
        return where

    # saves written by a table that failed ---------------------------------------
    @contextlib.contextmanager
    def failure_saves(self) -> Iterator[list[str]]:
        """Inside the block, the names written (a failed table saving what it holds)
        are collected and do not count as saves that played on fine."""
        written: list[str] = []
        self._failure_writes = written
        try:
            yield written
        finally:
            self._failure_writes = None

    def note_failure(self, name: str) -> int:
        """One more failure of the table saved as `name`; the count in a row."""
        counts = self._failures()
        counts[name] = min(FAILURE_LIMIT, counts.get(name, 0) + 1)
        self._write_failures()
        return counts[name]

    def _saved_fine(self, name: str) -> None:
        if self._failure_writes is not None:
            self._failure_writes.append(name)
        else:
            self._forget_failures(name)   # the resumed game played on to a normal save

    def _failures(self) -> dict[str, int]:
        if self._fail_counts is None:
            self._fail_counts = self.read_json(FAILURES, FAILURES_KIND, 1, _validate_failures) or {}
        return self._fail_counts

    def _write_failures(self) -> None:
        if self._fail_counts:
            self.write_json(FAILURES, FAILURES_KIND, 1, self._fail_counts)
        else:
            self.remove(FAILURES)

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
        self._forget_failures(name)

    def _forget_failures(self, name: str) -> None:
        if name != FAILURES and name in self._failures():
            del self._fail_counts[name]
            self._write_failures()

    def take_problems(self) -> list[str]:
        out, self.problems = self.problems, []
        return out


def _short(exc) -> str:
    text = str(exc) if str(exc) else type(exc).__name__
    return text if len(text) <= 60 else text[:57] + "..."
