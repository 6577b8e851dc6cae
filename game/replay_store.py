"""The replays folder (saves/replays/) and its index. No pygame here.

Each replay is a file, `<game>-<date>-<n>.json`. The Replays list and the end of a
hand (which prunes the game's oldest beyond KEEP_LAST) read the index, `index.json`:
each replay's details (the file's Replay less its start and moves) with the file's
size and time, so that no replay file is read to list or prune them. The index is
checked against the folder's listing each time it is used: a file not in it, or (when
the list opens) changed since, by its size or time, is read and checked again; a name
gone is dropped. The index holds the SHA-256 of its entries and is believed only when
they match it, as this program wrote it: a missing, damaged or hand-edited index is
rebuilt from the files (read once each); it is only a summary of them.

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

import hashlib
import json
import os
from collections.abc import Mapping
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


def _details(rep: Replay) -> Replay:
    return replace(rep, start="", moves=[])


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
    return '{"data":' + text + _index_tail(hashlib.sha256(text.encode()).hexdigest())


def _index_data(text: str) -> dict:
    """The entries of an index file exactly as _index_text wrote them; ValueError for
    any other text (damaged, or changed by hand: then the files are read again)."""
    head = '{"data":'
    checksum = text[-66:-2]
    tail = _index_tail(checksum)
    if not (text.startswith(head) and text.endswith(tail) and len(text) > len(head) + len(tail)):
        raise ValueError("not an index of replays written by G'NERTS")
    data_text = text[len(head):-len(tail)]
    if hashlib.sha256(data_text.encode()).hexdigest() != checksum:
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
    rep = Replay(x["game"], x["version"], x["when"], x["label"], x["deal_no"],
                 [Seat(s["name"], s["kind"], s["level"]) for s in x["seats"]], x["viewer"], "", [],
                 x["result"], list(x["scores"]), x["final"], x["kept"], x["coached"])
    return d["stamp"], rep, x


class _Folder:
    """What is known of a replays folder this session: the index, and the files
    found damaged that could not be moved aside (not read again, not told again)."""

    def __init__(self) -> None:
        self.index_stamp: list[int] | None = None
        # name -> (the file's size and time, its details, their JSON); details None:
        # a file of another version
        self.entries: dict[str, tuple[list[int], Replay | None, dict | None]] = {}
        self.stuck: dict[str, list[int]] = {}


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
        self._known = _Folder()     # the App holds one store: what it knows lasts the session
        self.set_aside: list[str] = []      # files found damaged at the last listing
        self.others = 0                    # files of another version, not listed

    # the index ----------------------------------------------------------------------
    def _load_index(self) -> bool:
        """The index file into the session's memory (unless it is there already);
        False if it is missing or damaged (then the files are read again)."""
        known, path = self._known, self.files.path(INDEX)
        try:
            stamp = _stamp(os.stat(path))
        except OSError:
            known.index_stamp = None
            return False
        if stamp == known.index_stamp:
            return True
        try:
            data = _index_data(read_regular(path, INDEX_BYTES).decode("utf-8"))
            if not all(_is_replay_name(name) for name in data):
                raise ValueError("a name of the index is not a replay's")
            entries = {name: _indexed(d) for name, d in data.items()}
        except (*DAMAGE, KeyError, TypeError):
            known.index_stamp = None
            known.entries = {}
            return False
        known.entries, known.index_stamp = entries, stamp
        return True

    def _write_index(self) -> None:
        """The index, written whole and atomically (compact: thousands of entries)."""
        data = {name: {"stamp": stamp, "details": details}
                for name, (stamp, _, details) in self._known.entries.items()}
        if self.files.write_text(INDEX, _index_text(data)):
            try:
                self._known.index_stamp = _stamp(os.stat(self.files.path(INDEX)))
            except OSError:
                self._known.index_stamp = None

    def _sync(self, stat_all: bool = True) -> set[str]:
        """The index made to match the folder's listing (see the module docstring);
        the replay files' names listed. Not stat_all (the end of a hand): the files
        already indexed are taken as unchanged, only the listing is compared."""
        known = self._known
        had_index = self._load_index()
        try:
            names = [n for n in os.listdir(self.files.dir) if _is_replay_name(n)]
        except OSError:
            names = []
        gone = set(known.entries) - set(names)
        for name in gone:
            del known.entries[name]
        fresh = []
        for name in names:
            if not stat_all and name in known.entries:
                continue
            try:
                stamp = _stamp(os.stat(self.files.path(name)))
            except OSError:
                continue
            old = known.entries.get(name)
            if not (old is not None and old[0] == stamp or known.stuck.get(name) == stamp):
                fresh.append((name, stamp))
        whole = had_index and len(fresh) <= WHOLE_MAX
        found_bad: list[tuple[str, str]] = []
        for name, stamp in fresh:
            try:
                rep = self._read(name, whole)
                known.entries[name] = (stamp, _details(rep), _index_json(rep))
            except OtherVersion:
                known.entries[name] = (stamp, None, None)
            except ReplayError as exc:
                known.entries.pop(name, None)
                found_bad.append((name, str(exc)))
                if self.files.move_aside(name).startswith("could not"):
                    known.stuck[name] = stamp
        if gone or fresh:
            self._write_index()
        if found_bad:
            self._tell_bad(found_bad)
        return set(names)

    def _tell_bad(self, bad: list[tuple[str, str]]) -> None:
        self.set_aside = [n for n, _ in bad]
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
        self.files.move_aside(name)
        if self._known.entries.pop(name, None) is not None:
            self._write_index()

    def save(self, rep: Replay) -> str | None:
        """Write a replay (then prune its game's oldest beyond KEEP_LAST); its file name."""
        taken = self._sync(stat_all=False)
        stamp = rep.when.replace("-", "").replace(":", "").replace("T", "-")
        n = 1
        while f"{rep.game}-{stamp}-{n}.json" in taken:
            n += 1
        name = f"{rep.game}-{stamp}-{n}.json"
        if not self._write(name, rep):
            return None
        self.prune(rep.game)
        return name

    def _write(self, name: str, rep: Replay) -> bool:
        if not self.files.write_json(name, KIND, FORMAT, rep.to_json()):
            return False
        try:
            self._known.entries[name] = (_stamp(os.stat(self.files.path(name))), _details(rep),
                                         _index_json(rep))
        except OSError:
            return True     # indexed when the folder is next listed
        self._write_index()
        return True

    def entries(self, game: str | None = None) -> tuple[list[Entry], list[str]]:
        """The listed replays, newest first (of one game or all), and the names of the
        files found damaged or edited (and moved aside) while listing them."""
        self.set_aside = []
        self._sync()
        good, self.others = [], 0
        for name, (_, rep, _) in self._known.entries.items():
            if game is not None and not name.startswith(game + "-"):
                continue
            if rep is None:
                self.others += 1
            else:
                good.append(Entry(name, rep))
        good.sort(key=lambda e: (e.replay.when, e.name), reverse=True)
        return good, list(self.set_aside)

    def set_kept(self, name: str, kept: bool) -> bool:
        try:
            rep = self.load(name)
        except ReplayError:
            return False
        return self._write(name, replace(rep, kept=kept))

    def delete(self, name: str) -> None:
        self.files.remove(name)
        if self._known.entries.pop(name, None) is not None:
            self._write_index()

    def prune(self, game: str) -> None:
        """Remove the game's oldest replays not kept, beyond KEEP_LAST (from the index:
        no file is read)."""
        loose = sorted(((rep.when, name) for name, (_, rep, _) in self._known.entries.items()
                        if name.startswith(game + "-") and rep is not None and not rep.kept),
                       reverse=True)
        for _, name in loose[KEEP_LAST:]:
            self.files.remove(name)
            del self._known.entries[name]
        if len(loose) > KEEP_LAST:
            self._write_index()


def _index_json(rep: Replay) -> dict:
    d = rep.to_json()
    del d["start"], d["moves"]
    return d


def _why(exc: Exception) -> str:
    return str(exc) if isinstance(exc, ValueError) and not isinstance(exc, json.JSONDecodeError) \
        and str(exc) else exc.__class__.__name__
