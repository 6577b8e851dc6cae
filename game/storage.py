"""Player data on disk: the one reader and the one writer of the saves folder.

Reading: regular files only (a FIFO or a device is never opened), under a size limit
per kind, parsed and checked whole by the caller's validator. A file that fails is
moved aside as `<name>.bad`; the caller gets None (its defaults) and the player one
notice per damaged file, saying what it costs. One that cannot be moved aside (a
read-only folder) is not read again this session, so it is told once, not at every
read. Writing: atomic (temp file, fsync, rename), its success returned. Nothing here
ever raises for a bad file or an unwritable folder.
"""
from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from game import errors

if TYPE_CHECKING:
    import sqlite3

# What a damaged file raises while it is read and validated: bad bytes, bad JSON
# (json.JSONDecodeError and UnicodeDecodeError are ValueErrors), a validator's refusal,
# a file that cannot be read. Anything else is a bug in the reader, reported as one.
DAMAGE = (ValueError, OSError)
# what a damaged file costs the player, said after where it was kept
DEFAULTS_USED = "defaults used"
NOT_MOVED = "could not be moved aside"
GAME_LOST = "the saved game cannot be resumed"

# How many times in a row each save was written because its table failed: a save
# whose table fails twice is set aside (never "Resume it" for ever). Kept on disk so
# that quitting and starting again does not forget it; cleared by a normal save.
FAILURES = "resume-failures.json"
FAILURES_KIND = "resume-failures"
FAILURE_LIMIT = 2


# The most a player-data file may hold, by kind; a larger one is damaged, not read.
MAX_BYTES = 4 * 1024 * 1024        # the games' saves and the replays
LIMITS = {"options": 64 * 1024, "presets": 256 * 1024, "stats": 1024 * 1024,
          FAILURES_KIND: 16 * 1024, "challenge": 16 * 1024,
          "replay": 8 * 1024 * 1024, "replay-index": 64 * 1024 * 1024}
# The folders under the saves folder that the program writes (game/replay_store.py's FOLDER):
# start-up cleans the temporary files of an interrupted save in each.
SUBFOLDERS = ("replays",)


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


def _unwrap(raw: bytes, kind: str, schema: int,
            upgrade: Mapping[int, Callable[[Any], Any]] | None = None) -> Any:
    """The data of a saved file's bytes: {"kind", "schema", "data"} in UTF-8 JSON of
    that kind and schema (or of an older schema that `upgrade` turns into this one's
    shape), else ValueError."""
    doc = json.loads(raw.decode("utf-8"))
    if not isinstance(doc, dict) or doc.get("kind") != kind:
        raise ValueError(f"not a G'NERTS {kind} file")
    found = doc.get("schema")
    older = upgrade or {}
    if found != schema and not (type(found) is int and found in older):
        raise ValueError(f"schema {found!r}, this program reads {schema}")
    if "data" not in doc:
        raise ValueError("no data")
    return doc["data"] if found == schema else older[found](doc["data"])


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
        self.unreadable: set[str] = set()  # damaged, told, not moved aside: not read again
        self._fail_counts: dict[str, int] | None = None   # FAILURES, read when first needed
        self._failure_writes: list[str] | None = None     # names written by a failed table

    def path(self, name: str) -> str:
        return os.path.join(self.dir, name)

    def exists(self, name: str) -> bool:
        """A file of that name to read (not one found damaged that stayed in place)."""
        return name not in self.unreadable and os.path.isfile(self.path(name))

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
        """Half-written files of a save that was interrupted (power cut, kill), in the
        saves folder and in every folder under it that the program writes."""
        for folder in (self.dir, *(os.path.join(self.dir, sub) for sub in SUBFOLDERS)):
            try:
                names = os.listdir(folder)
            except OSError:
                continue
            for name in names:
                if name.startswith(".") and name.endswith(".tmp"):
                    try:
                        os.remove(os.path.join(folder, name))
                    except OSError:
                        pass

    def write_json(self, name: str, kind: str, schema: int, data: Any, quiet: bool = False) -> bool:
        """Write {"kind", "schema", "data"} atomically: temp file, fsync, rename."""
        doc = {"kind": kind, "schema": schema, "data": data}
        try:
            text = json.dumps(doc, indent=1, sort_keys=True, allow_nan=False)
        except (TypeError, ValueError) as exc:  # the caller's data is not JSON: a bug
            errors.report(exc, f"saving {name}")
            self.tell(f"Could not save {name}: {_short(exc)}")
            return False
        return self.write_text(name, text, quiet)

    def write_text(self, name: str, text: str, quiet: bool = False) -> bool:
        return self.write_bytes(name, text.encode("utf-8"), quiet)

    def write_bytes(self, name: str, data: bytes, quiet: bool = False) -> bool:
        """Write a file of the saves folder atomically: True once it is on disk whole.
        False if the folder cannot be made or written (a full disk): no part of the
        file is left, and the player is told (unless `quiet`: the caller tells)."""
        try:
            self.write_atomic(name, data)
        except OSError as exc:
            if not quiet:
                self.tell(f"Could not save {name} in {self.dir}: {_short(exc.strerror or exc)}")
            return False
        self.unreadable.discard(name)
        self._saved_fine(name)
        return True

    def write_atomic(self, name: str, data: bytes) -> None:
        """The one way a file of the saves folder is written: a temporary file, fsync,
        rename; OSError if it could not be, and then no part of it is left."""
        os.makedirs(self.dir, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix="." + name + ".", suffix=".tmp", dir=self.dir)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
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
                  validate: Callable[[Any], Any], lost: str = DEFAULTS_USED,
                  limit: int | None = None,
                  upgrade: Mapping[int, Callable[[Any], Any]] | None = None) -> Any | None:
        """The validated data of a saved file, or None (absent, or set aside as bad).

        `validate(data)` returns the cleaned data or raises ValueError for damaged data.
        `lost` tells the player what a damaged file costs ("defaults used", "the saved
        game cannot be resumed"). `limit`: the most bytes it may hold (None: the limit
        of its kind, LIMITS; a game's own files say theirs where they read them).
        `upgrade`: {older schema: what makes its data this schema's shape}, for a file
        written by an older program (then validated as this schema's).
        """
        return self.read_file(name, lambda raw: validate(_unwrap(raw, kind, schema, upgrade)), lost,
                              LIMITS.get(kind, MAX_BYTES) if limit is None else limit)

    def read_file(self, name: str, parse: Callable[[bytes], Any], lost: str = DEFAULTS_USED,
                  limit: int = MAX_BYTES) -> Any | None:
        """What `parse` makes of a file's bytes, or None: absent, or damaged (parse
        raised ValueError, or the file is no regular file or too large), then set aside
        and told. Any other exception is a bug in the reader: reported (raised under
        tests), and the file is set aside all the same so the player is never stuck on
        it. A damaged file that could not be moved aside is not read again."""
        path = self.path(name)
        if name in self.unreadable or not os.path.lexists(path):
            return None
        try:
            return parse(read_regular(path, limit))
        except DAMAGE as exc:
            self.set_aside(name, exc, lost)
            return None
        except Exception as exc:
            errors.report(exc, f"reading {name}")
            self.set_aside(name, exc, lost)
            return None

    def set_aside(self, name: str, why: Exception | str, lost: str = DEFAULTS_USED) -> None:
        """A damaged file: moved aside, and the player told once what it costs."""
        where = self.move_aside(name)
        if name not in self.unreadable:
            self.problems.append(f"{name} was damaged ({_short(why)}); {where}, {lost}.")
        if where == NOT_MOVED:
            self.unreadable.add(name)

    def move_aside(self, name: str) -> str:
        """Rename the file to NAME.bad; says where it went, for the player."""
        try:
            os.replace(self.path(name), self.path(name) + ".bad")
            where = f"kept as {name}.bad"
        except OSError:
            where = NOT_MOVED
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

    def database(self, name: str) -> sqlite3.Connection:
        """A SQLite database of this folder (the replays' index): WAL, so that a
        transaction is one append to its journal, and synchronous NORMAL (a power cut
        may lose the last transaction, never the database's whole). sqlite3.Error if it
        cannot be opened; the caller decides what a damaged one costs."""
        import sqlite3  # lazy: the index opens with the Replays list, not at start-up
        try:
            os.makedirs(self.dir, exist_ok=True)
        except OSError as e:          # (a folder that cannot be written: no index here)
            raise sqlite3.OperationalError(f"the folder cannot be made: {e}") from e
        for suffix in ("", "-wal", "-shm"):
            try:
                mode = os.lstat(self.path(name + suffix)).st_mode
            except FileNotFoundError:
                continue
            if not stat.S_ISREG(mode):   # a FIFO or a device would hang or harm the reader
                raise sqlite3.DatabaseError(f"{name + suffix} is not a regular file")
        db = sqlite3.connect(self.path(name), timeout=2.0, isolation_level=None,
                             check_same_thread=False)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
        except sqlite3.Error:
            db.close()
            raise
        return db

    def remove_database(self, name: str) -> None:
        """A damaged database and its journals, removed (it is rebuilt from the files)."""
        for suffix in ("", "-wal", "-shm", "-journal"):
            self.remove(name + suffix)

    def take_problems(self) -> list[str]:
        # emptied in place: the replays folder's storage shares this list
        out = list(self.problems)
        self.problems.clear()
        return out


def _short(exc) -> str:
    text = str(exc) if str(exc) else type(exc).__name__
    return text if len(text) <= 60 else text[:57] + "..."
