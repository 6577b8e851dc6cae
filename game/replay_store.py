"""The replays folder (saves/replays/) and its index. No pygame here.

Each replay is a file, `<game>-<date>-<n>.json`. The Replays list and the end of a
hand (which prunes the game's oldest beyond KEEP_LAST) read the index, `index.db`, a
SQLite database (WAL; opened through the saves folder's Storage): a row a replay, its
details (the file's Replay less its start and moves) with the file's size and time,
so that no replay file is read to list or prune them. A hand's end is one transaction
(its row, the rows pruned): nothing is rewritten whole, with 50,000 replays kept as
with 50. The list is paged from the index (`Listing`): only the lines shown are made.

The index is checked against the folder's listing each time the list opens: a file
not in it is read and checked, a name gone is dropped. The lines of a page are checked
when shown: a file changed since (its size or time) is read and checked again. Each
row holds the SHA-256 of its contents and is believed only when they match it, as
this program wrote it. A database that cannot be read (missing, truncated, garbage, of
another schema) is removed and rebuilt from the files (read once each); it is only a
summary of them. An index.json of earlier versions is taken in once when it matches
its checksum (else the files are read), then removed.

A file read for the index passes the checks that its start decides (game.replays.
check_start: seats, deal number, viewer; the start's engine is not built, so that an
index of thousands of files is rebuilt in seconds). When the index was there, a file
new to it or changed since (not written by this program: edited, or copied in) is
played through whole (game.replays.verify: moves, result and scores), up to WHOLE_MAX
files a visit; a rebuilt index checks starts only (files written by earlier versions).
A file that fails is moved aside once, as NAME.bad, and the player is told once; a
file of another version is kept, not listed, and not read again. Files are read
through game.storage.read_regular: a FIFO or a device among them is never opened.
"""
from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from game.replays import (
    FORMAT,
    KEEP_LAST,
    KIND,
    OTHER_VERSION,
    OtherVersion,
    Replay,
    ReplayError,
    Seat,
    check_start,
    sha256_hex,
    verify,
)
from game.storage import DAMAGE, LIMITS, Storage, read_regular

FOLDER = "replays"               # inside the saves folder
INDEX = "index.json"
INDEX_KIND, INDEX_SCHEMA = "replay-index", 1
REPLAY_BYTES = LIMITS[KIND]      # the most a replay file may hold
INDEX_BYTES = LIMITS[INDEX_KIND]
WHOLE_MAX = 50                   # files new to an index played through whole, a visit


@dataclass(frozen=True)
class Entry:
    """A line of the Replays screen: the file's name and its replay's details (a
    Replay whose start and moves are left out: `ReplayStore.load` reads them)."""
    name: str
    replay: Replay


def _is_replay_name(name: str) -> bool:
    # a game's key, a dash, the rest: a file of a game G'NERTS does not have is read, and
    # refused as damaged by the store
    return name.endswith(".json") and "-" in name and name.split("-", 1)[0].isalpha()


def _stamp(st: os.stat_result) -> list[int]:
    return [st.st_size, st.st_mtime_ns]


def _index_tail(checksum: str) -> str:
    return f',"kind":"{INDEX_KIND}","schema":{INDEX_SCHEMA},"sum":"{checksum}"}}'


def _index_text(data: dict) -> str:
    """The index file: {"data", "kind", "schema", "sum"}, compact, "sum" the SHA-256 of
    the text of "data" as written here."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return '{"data":' + text + _index_tail(sha256_hex(text))


def _index_data(text: str) -> dict:
    """The entries of an index file exactly as _index_text wrote them; ValueError for
    any other text (damaged, or changed by hand: then the files are read again)."""
    head = '{"data":'
    checksum = text[-66:-2]
    tail = _index_tail(checksum)
    if not (text.startswith(head) and text.endswith(tail) and len(text) > len(head) + len(tail)):
        raise ValueError("not an index of replays written by G'NERTS")
    data_text = text[len(head):-len(tail)]
    if sha256_hex(data_text) != checksum:
        raise ValueError("the index does not match its checksum")
    data = json.loads(data_text)
    if not isinstance(data, dict):
        raise ValueError("not an index of replays")
    return data


def _indexed(d: dict) -> tuple[list[int], Replay | None, dict | None]:
    """An entry of an index that matched its checksum (written from checked replays):
    (size and time, details or None for another version's file, their JSON)."""
    x = d["details"]
    if x is None:
        return d["stamp"], None, None
    return d["stamp"], _details_of(x), x


DATABASE = "index.db"
DB_SCHEMA = 1                    # PRAGMA user_version of an index this program reads
_CREATE = """
CREATE TABLE IF NOT EXISTS replays(
    name TEXT PRIMARY KEY, game TEXT NOT NULL, played TEXT NOT NULL, kept INTEGER NOT NULL,
    size INTEGER NOT NULL, mtime INTEGER NOT NULL, details TEXT, sum TEXT NOT NULL,
    other INTEGER NOT NULL) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS newest ON replays(played, name, game, other);
CREATE INDEX IF NOT EXISTS newest_of ON replays(game, other, played, name);
CREATE INDEX IF NOT EXISTS loose ON replays(game, other, played, name) WHERE kept=0;
CREATE TABLE IF NOT EXISTS folder(key TEXT PRIMARY KEY, value INTEGER);
"""
_COLUMNS = "name, size, mtime, details, sum"


def _row_sum(name: str, stamp: list[int], details: str | None) -> str:
    return sha256_hex(f"{name}\0{stamp[0]}\0{stamp[1]}\0{details}")


def _row(name: str, stamp: list[int], rep: Replay | None) -> tuple:
    """The index's row of a checked replay file (rep None: another version's file)."""
    details = None if rep is None else json.dumps(_index_json(rep), sort_keys=True, separators=(",", ":"))
    game = name.split("-", 1)[0] if rep is None else rep.game
    played = "" if rep is None else rep.when
    kept = 0 if rep is None else int(rep.kept)
    return (name, game, played, kept, stamp[0], stamp[1], details, _row_sum(name, stamp, details),
            int(rep is None))


class IndexDamaged(Exception):
    """The database cannot be read as this program wrote it: rebuilt from the files."""


class Listing:
    """The lines of the Replays list, newest first, read from the index a page at a
    time (a sequence: len, [i], [i:j], iteration); each page's files are checked
    against their size and time when the page is first read."""
    PAGE = 64

    def __init__(self, store: ReplayStore, game: str | None):
        self.store, self.game = store, game
        self._pages: dict[int, list[Entry]] = {}
        self._len = store._count(game)

    def __len__(self) -> int:
        return self._len

    def __iter__(self):
        i = 0
        while i < len(self):      # (a page found changed may shorten the list)
            yield self[i]
            i += 1

    def __getitem__(self, key: int | slice) -> Any:
        if isinstance(key, slice):
            return [self[i] for i in range(*key.indices(len(self)))]
        if key < 0:
            key += len(self)
        if not 0 <= key < len(self):
            raise IndexError(key)
        page = key // self.PAGE
        if page not in self._pages:
            self._pages[page] = self.store._page(self.game, page * self.PAGE, self.PAGE)
            if len(self._pages[page]) < min(self.PAGE, self._len - page * self.PAGE):
                # a file of this page was found changed and refused: the list is read again
                self._len = self.store._count(self.game)
                self._pages = {page: self._pages[page]}
                if key >= self._len:
                    raise IndexError(key)
        entries = self._pages[page]
        return entries[key - page * self.PAGE] if key - page * self.PAGE < len(entries) else entries[-1]


class ReplayStore:
    """The replays folder: the last KEEP_LAST replays of each game, and those kept."""

    def __init__(self, storage: Storage, codecs: Mapping[str, Any]):
        """`codecs`: the replay codecs of the games by key (game.games.CODECS, which
        loads a game when its codec is first asked for): a file is read and checked by
        its game's codec."""
        self.codecs = codecs
        self.files = Storage(os.path.join(storage.dir, FOLDER))
        # messages about the replays reach the player through the saves folder's storage
        self.files.problems, self.files.told = storage.problems, storage.told
        self._db: Any = None                # the index, opened when first used
        self.stuck: dict[str, list[int]] = {}  # found damaged, could not be moved aside
        self.set_aside: list[str] = []      # files found damaged at the last listing
        self.others = 0                    # files of another version, not listed
        self._last_written: str | None = None   # the file save() wrote last

    # the index ----------------------------------------------------------------------
    def _open(self) -> Any:
        """The database, opened (made, or taken over from an old index.json) if not yet.
        One that cannot be read is removed and made again; where none can be made (a
        folder that cannot be written), the index lives in memory for the session, and
        the files are read again at the next (as when index.json could not be written)."""
        if self._db is not None:
            return self._db
        import sqlite3
        for attempt in range(3):
            db = None
            try:
                db = sqlite3.connect(":memory:") if attempt == 2 else self.files.database(DATABASE)
                version = db.execute("PRAGMA user_version").fetchone()[0]
                if version not in (0, DB_SCHEMA):
                    raise IndexDamaged("another schema")
                if version == 0:
                    db.executescript(_CREATE + f"PRAGMA user_version={DB_SCHEMA};")
                self._db = db
                if version == 0:
                    self._take_old_index()
                return db
            except (sqlite3.Error, IndexDamaged):
                if db is not None:
                    db.close()
                self._db = None
                if attempt == 0:
                    self.files.remove_database(DATABASE)    # damaged: made again from the files
        raise AssertionError("an index in memory always opens")

    def _take_old_index(self) -> None:
        """An index.json of earlier versions: its entries into the database when it
        matches its checksum (else the files are read when listed); then removed."""
        path = self.files.path(INDEX)
        if not os.path.lexists(path):
            return
        try:
            data = _index_data(read_regular(path, INDEX_BYTES).decode("utf-8"))
            if not all(_is_replay_name(name) for name in data):
                raise ValueError("a name of the index is not a replay's")
            rows = []
            for name, d in data.items():
                stamp, rep, details = _indexed(d)
                row = _row(name, stamp, rep)
                if details is not None and json.loads(row[6]) != details:
                    raise ValueError("an entry does not read back")
                rows.append(row)
        except (*DAMAGE, KeyError, TypeError):
            rows = []
        with self._db:
            self._db.execute("BEGIN")
            self._db.executemany("INSERT OR REPLACE INTO replays VALUES (?,?,?,?,?,?,?,?,?)", rows)
        self.files.remove(INDEX)

    def _query(self, sql: str, args: tuple = ()) -> list:
        """Rows of the index; a database found damaged is made again from the files."""
        import sqlite3
        try:
            return self._open().execute(sql, args).fetchall()
        except sqlite3.DatabaseError:
            self._rebuild()
            return self._open().execute(sql, args).fetchall()

    def _folder_stamp(self) -> int | None:
        try:
            return os.stat(self.files.dir).st_mtime_ns
        except OSError:
            return None

    def _synced_stamp(self) -> int | None:
        """The folder's time when the index last matched its listing (None: unknown)."""
        rows = self._query("SELECT value FROM folder WHERE key='listed'")
        return rows[0][0] if rows else None

    def _write(self, rows: Iterable[tuple] = (), gone: Iterable[str] = (),
               listed: int | None = None) -> None:
        """One transaction: rows put in, names taken out (and, `listed`, the folder's
        time at which the index matches its listing)."""
        import sqlite3
        rows, gone = list(rows), [(n,) for n in gone]
        if not rows and not gone and listed is None:
            return
        for attempt in range(2):
            try:
                db = self._open()
                with db:
                    db.execute("BEGIN IMMEDIATE")
                    db.executemany("DELETE FROM replays WHERE name=?", gone)
                    db.executemany("INSERT OR REPLACE INTO replays VALUES (?,?,?,?,?,?,?,?,?)", rows)
                    if listed is not None:
                        db.execute("INSERT OR REPLACE INTO folder VALUES ('listed', ?)", (listed,))
                break
            except sqlite3.OperationalError as exc:
                if "locked" in str(exc) or "readonly" in str(exc) or "disk" in str(exc):
                    return      # not written: the folder is listed again next time
                if attempt:
                    return
                self._rebuild()
            except sqlite3.DatabaseError:
                if attempt:
                    return
                self._rebuild()

    def _rebuild(self) -> None:
        """The database was found damaged while in use: removed; the next listing reads
        every file again."""
        if self._db is not None:
            try:
                self._db.close()
            except Exception:
                pass
        self._db = None
        self.files.remove_database(DATABASE)

    def sync(self) -> None:
        """The index made to match the folder's listing (see the module docstring).
        A folder whose time is the one recorded when the index last matched it has had
        no file added, removed or renamed since: it is not listed again (a file edited
        in place is found when its page is shown)."""
        import sqlite3
        folder = self._folder_stamp()
        if folder is not None and folder == self._synced_stamp():
            return
        try:
            indexed = {n for (n,) in self._open().execute("SELECT name FROM replays")}
        except sqlite3.DatabaseError:
            self._rebuild()
            indexed = set()
        had_index = bool(indexed)
        try:
            names = [n for n in os.listdir(self.files.dir) if _is_replay_name(n)]
        except OSError:
            names = []
        listed = set(names)
        gone = [n for n in indexed if n not in listed]
        fresh = [n for n in names if n not in indexed]
        self._check(fresh, whole=had_index and len(fresh) <= WHOLE_MAX, gone=gone)
        if not self.stuck:      # (a damaged file left in place: the folder is listed each time)
            self._write(listed=self._folder_stamp())

    def _check(self, names: list[str], whole: bool, gone: Iterable[str] = ()) -> None:
        """Files new or changed: read and checked, indexed (or set aside, and told)."""
        rows, drop, found_bad = [], list(gone), []
        for name in names:
            try:
                stamp = _stamp(os.stat(self.files.path(name)))
            except OSError:
                drop.append(name)
                continue
            if self.stuck.get(name) == stamp:
                continue
            try:
                rows.append(_row(name, stamp, self._read(name, whole)))
            except OtherVersion:
                rows.append(_row(name, stamp, None))
            except ReplayError as exc:
                drop.append(name)
                found_bad.append((name, str(exc)))
                if self.files.move_aside(name).startswith("could not"):
                    self.stuck[name] = stamp
        self._write(rows, drop)
        if found_bad:
            self._tell_bad(found_bad)

    def _where(self, game: str | None) -> tuple[str, tuple]:
        games = [g for g in self.codecs if game is None or g == game]
        marks = ",".join("?" * len(games)) or "NULL"
        return f"other=0 AND game IN ({marks})", tuple(games)

    def _count(self, game: str | None) -> int:
        where, args = self._where(game)
        return int(self._query(f"SELECT count(*) FROM replays WHERE {where}", args)[0][0])

    def _page(self, game: str | None, offset: int, limit: int) -> list[Entry]:
        """A page of the list, newest first; its files checked by size and time (and
        each row by its checksum): one changed is read again (and refused if bad)."""
        where, args = self._where(game)
        # the page's names from an index (all games: the newest first, read backwards
        # until the page is full; not a sort of every row), then their rows
        by = "INDEXED BY newest" if game is None else ""
        for _ in range(3):
            names = [n for (n,) in self._query(
                f"SELECT name FROM replays {by} WHERE {where} ORDER BY played DESC, name DESC "
                "LIMIT ? OFFSET ?", (*args, limit, offset))]
            found = {r[0]: r for r in self._query(
                f"SELECT {_COLUMNS} FROM replays WHERE name IN ({','.join('?' * len(names)) or 'NULL'})",
                tuple(names))}
            rows = [found[n] for n in names if n in found]
            changed, out = [], []
            for name, size, mtime, details, checksum in rows:
                try:
                    now = _stamp(os.stat(self.files.path(name)))
                except OSError:
                    now = None
                if now != [size, mtime] or checksum != _row_sum(name, [size, mtime], details):
                    changed.append(name)
                    continue
                try:
                    out.append(Entry(name, _details_of(json.loads(details))))
                except (ValueError, KeyError, TypeError):
                    changed.append(name)
            if not changed:
                return out
            self._check(changed, whole=True)
        return out

    def _tell_bad(self, bad: list[tuple[str, str]]) -> None:
        self.set_aside += [n for n, _ in bad]
        name, why = bad[0]
        more = f" (and {len(bad) - 1} more replay files)" if len(bad) > 1 else ""
        where = "kept as .bad" if os.path.lexists(self.files.path(name + ".bad")) else \
            "could not be moved aside"
        self.files.problems.append(f"Replay {name}{more}: {why}; {where}.")

    # files --------------------------------------------------------------------------
    def _read(self, name: str, whole: bool = False) -> Replay:
        """A replay file, checked as far as its start decides (whole: played through);
        OtherVersion, or ReplayError with the reason."""
        rep = self.load(name)
        c = self.codec(rep)
        if rep.version != c.VERSION:
            raise OtherVersion(OTHER_VERSION)
        if whole:
            verify(rep, c)
        else:
            check_start(rep, c)
        return rep

    def codec(self, rep: Replay) -> Any:
        """The codec of the replay's game; ReplayError for a game G'NERTS does not have."""
        c = self.codecs.get(rep.game)
        if c is None:
            raise ReplayError(f"not a game of G'NERTS: {rep.game!r}")
        return c

    def load(self, name: str) -> Replay:
        """A replay by file name, whole; ReplayError (with the reason; OtherVersion for
        another version's file) if it cannot be read. Its moves are not played here."""
        path = self.files.path(name)
        try:
            doc = json.loads(read_regular(path, REPLAY_BYTES).decode("utf-8"))
        except DAMAGE as exc:
            raise ReplayError(f"the replay file cannot be read ({_why(exc)})") from None
        if not isinstance(doc, dict) or doc.get("kind") != KIND or "data" not in doc:
            raise ReplayError("not a G'NERTS replay file")
        data = doc["data"]
        if doc.get("schema") != FORMAT or isinstance(data, dict) and data.get("format") != FORMAT:
            raise OtherVersion(OTHER_VERSION)
        return Replay.from_json(data)

    def refuse(self, name: str, why: str) -> None:
        """A listed replay found edited or damaged when it was played: moved aside (the
        screen has said why), no longer listed."""
        in_step = self._in_step()
        self.files.move_aside(name)
        self._write(gone=[name], listed=self._folder_stamp() if in_step else None)

    def save(self, rep: Replay) -> str | None:
        """Write a replay (then prune its game's oldest beyond KEEP_LAST); its file name.
        The file is written first: an index that fails then only misses it until the
        folder is next listed."""
        import sqlite3
        try:
            return self._save(rep)
        except sqlite3.Error:
            self._rebuild()
            return self._last_written

    def _save(self, rep: Replay) -> str | None:
        stamp = rep.when.replace("-", "").replace(":", "").replace("T", "-")
        n = 1
        while os.path.lexists(self.files.path(f"{rep.game}-{stamp}-{n}.json")):
            n += 1
        name = f"{rep.game}-{stamp}-{n}.json"
        self._last_written = None
        in_step = self._in_step()
        if not self.files.write_json(name, KIND, FORMAT, rep.to_json()):
            return None
        self._last_written = name
        self._indexed(name, rep, prune=True, in_step=in_step)
        return name

    def _in_step(self) -> bool:
        """Does the index match the folder's listing now (its time is the one recorded)?"""
        folder = self._folder_stamp()
        return folder is not None and folder == self._synced_stamp()

    def _indexed(self, name: str, rep: Replay, prune: bool = False, in_step: bool = False) -> None:
        """A file this program just wrote, into the index (and, at a hand's end, its
        game's oldest beyond KEEP_LAST pruned), in one transaction; `in_step`: the index
        matched the folder before, and still does after (its new time recorded)."""
        try:
            row = _row(name, _stamp(os.stat(self.files.path(name))), rep)
        except OSError:
            return          # indexed when the folder is next listed
        gone: list[str] = []
        if prune:
            loose = self._query("SELECT name FROM replays WHERE game=? AND kept=0 AND other=0 "
                                "AND name<>? ORDER BY played DESC, name DESC LIMIT -1 OFFSET ?",
                                (rep.game, name, KEEP_LAST - (0 if rep.kept else 1)))
            gone = [n for (n,) in loose]
            for old in gone:
                self.files.remove(old)
        self._write([row], gone, self._folder_stamp() if in_step else None)

    def listing(self, game: str | None = None) -> tuple[Listing, list[str]]:
        """The listed replays, newest first (of one game or all), read a page at a time,
        and the names of the files found damaged or edited (and moved aside) while
        listing them, or of a game this program does not have."""
        self.set_aside = []
        self.sync()
        where, args = self._where(None)
        unknown = [n for (n,) in self._query(
            f"SELECT name FROM replays WHERE other=0 AND NOT ({where}) "
            + ("AND game=?" if game is not None else ""), args + ((game,) if game is not None else ()))]
        self.others = int(self._query("SELECT count(*) FROM replays WHERE other=1"
                                      + (" AND game=?" if game is not None else ""),
                                      (game,) if game is not None else ())[0][0])
        return Listing(self, game), list(self.set_aside) + unknown

    def entries(self, game: str | None = None) -> tuple[list[Entry], list[str]]:
        """The listing read whole (a small folder's, and the tests')."""
        listing, damaged = self.listing(game)
        got = list(listing)
        return got, damaged + [n for n in self.set_aside if n not in damaged]

    def set_kept(self, name: str, kept: bool) -> bool:
        try:
            rep = self.load(name)
        except ReplayError:
            return False
        rep = replace(rep, kept=kept)
        in_step = self._in_step()
        if not self.files.write_json(name, KIND, FORMAT, rep.to_json()):
            return False
        self._indexed(name, rep, in_step=in_step)
        return True

    def delete(self, name: str) -> None:
        in_step = self._in_step()
        self.files.remove(name)
        self._write(gone=[name], listed=self._folder_stamp() if in_step else None)

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None


def _details_of(x: dict) -> Replay:
    return Replay(x["game"], x["version"], x["when"], x["label"], x["deal_no"],
                  [Seat(s["name"], s["kind"], s["level"]) for s in x["seats"]], x["viewer"], "", [],
                  x["result"], list(x["scores"]), x["final"], x["kept"], x["coached"])


def _index_json(rep: Replay) -> dict:
    d = rep.to_json()
    del d["start"], d["moves"]
    return d


def _why(exc: Exception) -> str:
    return str(exc) if isinstance(exc, ValueError) and not isinstance(exc, json.JSONDecodeError) \
        and str(exc) else exc.__class__.__name__
