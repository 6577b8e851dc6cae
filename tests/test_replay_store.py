"""Replays that cannot lie, trap or hang (issue 34): a replay's seats must fit its deal
and its moves, its deal number, result and scores must be its moves' (an edited one
is refused as edited, never as "another version"), the replays folder's index spares
the list and the end of a hand from reading every file and survives damage, damaged
files are set aside once, and a FIFO among the replays never blocks the menu's R."""
from __future__ import annotations

import json
import os
import signal
import time
from contextlib import contextmanager
from dataclasses import replace

import pygame
import pytest

from game import replay_store, replays
from game.games import BY_KEY, CODECS
from game.replay_store import DATABASE, FOLDER, INDEX, ReplayStore
from game.storage import Storage
from tests.helpers import key_event
from tests.test_replay_codecs import record_random
from tools.random_replay import random_replay


@pytest.fixture(scope="module")
def recorded():
    """A short random game of each kind, recorded (a human at seat 0)."""
    return {g: random_replay(g, 3, moves=120, human=True)[0] for g in list(BY_KEY)}


def refused_as_edited(rep: replays.Replay, what: str) -> None:
    with pytest.raises(replays.ReplayError) as caught:
        replays.verify(rep, BY_KEY[rep.game].parts.replay_codec)
    assert "edited" in str(caught.value) and what in str(caught.value)
    assert "another version" not in str(caught.value)


@contextmanager
def deadline(seconds: int):
    """A hang fails the test instead of blocking it for ever (SIGALRM)."""
    def fire(*_):
        raise TimeoutError(f"still blocked after {seconds} s")
    old = signal.signal(signal.SIGALRM, fire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def replays_scene(app):
    from game.scenes.replays import ReplaysScene
    return next(s for s in app.scenes if isinstance(s, ReplaysScene))


def notice(app) -> str:
    """The text of the notice on top (the App shows the storage's problems so)."""
    from game.scenes.overlays import MessageBox
    assert isinstance(app.top, MessageBox) and app.top.title == "Notice"
    return " ".join(app.top.lines)


# item 3: the seats ---------------------------------------------------------------------

@pytest.mark.parametrize("game", list(BY_KEY))
def test_a_replay_with_a_seat_too_many_or_too_few_is_refused(recorded, game):
    rep = recorded[game]
    replays.verify(rep, BY_KEY[rep.game].parts.replay_codec)     # as recorded: it plays
    extra = replace(rep, seats=rep.seats + [replays.Seat("Ghost", "computer", "normal")])
    refused_as_edited(extra, "seats")
    if len(rep.seats) > 2:
        fewer = replace(rep, seats=rep.seats[:-1],
                        moves=[m for m in rep.moves if m[1] < len(rep.seats) - 1])
        refused_as_edited(fewer, "seats")


@pytest.mark.parametrize("game", list(BY_KEY))
def test_a_replay_whose_seats_are_changed_otherwise_is_refused(recorded, game):
    rep = recorded[game]
    human_level = replace(rep, seats=[replace(rep.seats[0], level="expert")] + rep.seats[1:])
    refused_as_edited(human_level, "level")
    other_viewer = replace(rep, viewer=1)
    refused_as_edited(other_viewer, "seat")


def test_a_gnono_replay_with_an_extra_seat_is_refused_on_the_replays_screen(menu_app):
    """It raised IndexError in the Gnono board's drawing: now it is never listed."""
    rep, _ = record_random("gnono", 4, moves=60)
    store = ReplayStore(menu_app.storage, CODECS)
    store.save(replace(rep, seats=rep.seats + [replays.Seat("Ghost", "computer", "easy")]))
    good = store.save(replace(rep, when="2026-01-01T10:00:00"))
    menu_app.replays = ReplayStore(menu_app.storage, CODECS)   # a new session
    store.files.remove_database(DATABASE)
    menu_app.storage.take_problems()
    menu_app.key(key_event(pygame.K_r, "r"))
    menu_app.run(max_frames=1)
    assert [e.name for e in replays_scene(menu_app).entries] == [good]
    assert "edited" in notice(menu_app) and "seats" in notice(menu_app)


# item 4: details that are the moves' ---------------------------------------------------

@pytest.mark.parametrize("game", list(BY_KEY))
def test_edited_details_are_refused_as_edited(recorded, game):
    rep = recorded[game]
    refused_as_edited(replace(rep, deal_no=(rep.deal_no or 0) + 1), "deal number")
    refused_as_edited(replace(rep, result=rep.result + " (and a bonus)"), "result")
    refused_as_edited(replace(rep, scores=[s + 5 for s in rep.scores]), "scores")
    refused_as_edited(replace(rep, final="0" * 24), "moves")


@pytest.mark.parametrize("game", list(BY_KEY))
def test_the_result_and_scores_are_made_from_the_moves(recorded, game):
    rep = recorded[game]
    cur = replays.verify(rep, BY_KEY[rep.game].parts.replay_codec)
    cur.seek(cur.length)
    c = BY_KEY[game].parts.replay_codec
    result, scores = c.outcome(cur.start_state, cur.engine, [s.name for s in rep.seats])
    assert (rep.result, rep.scores) == (result, list(scores))
    assert rep.deal_no == replays.unpack_state(rep.start)["deal_no"]


def test_another_version_is_still_told_as_another_version(recorded):
    rep = recorded["gin"]
    with pytest.raises(replays.ReplayError, match="another version"):
        replays.verify(replace(rep, version=rep.version + 1), BY_KEY["gin"].parts.replay_codec)


def test_a_file_edited_after_it_was_listed_is_not_listed_again(tmp_path, recorded):
    storage = Storage(str(tmp_path))
    store = ReplayStore(storage, CODECS)
    name = store.save(recorded["gostop"])
    other = store.save(replace(recorded["gin"], when="2026-01-01T10:00:00"))
    assert {e.name for e in store.entries()[0]} == {name, other}
    path = store.files.path(name)
    with open(path) as f:
        doc = json.load(f)
    doc["data"]["result"] = "Hand 1: Player won with 99 points, 500 chips"
    time.sleep(0.01)
    with open(path, "w") as f:
        json.dump(doc, f)
    entries, bad = ReplayStore(storage, CODECS).entries()
    assert [e.name for e in entries] == [other] and bad == [name]
    assert any("edited" in p and "result" in p for p in storage.take_problems())


def test_playing_an_edited_replay_says_it_was_edited(menu_app, recorded):
    """The index says nothing of the edit (its stamp was kept): Enter reads the file,
    plays it through, refuses it as edited and sets it aside."""
    from game.scenes.overlays import MessageBox
    store = ReplayStore(menu_app.storage, CODECS)
    name = store.save(recorded["gin"])
    path = store.files.path(name)
    st = os.stat(path)
    with open(path) as f:
        doc = json.load(f)
    deal = doc["data"]["deal_no"]      # another number of as many characters
    doc["data"]["deal_no"] = 1234 if deal is None else deal + 1 if deal % 10 != 9 else deal - 1
    with open(path, "w") as f:
        f.write(json.dumps(doc, indent=1, sort_keys=True))
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert os.stat(path).st_size == st.st_size
    menu_app.key(key_event(pygame.K_r, "r"))
    menu_app.run(max_frames=1)
    assert [e.name for e in menu_app.top.entries] == [name]
    menu_app.key(key_event(pygame.K_RETURN, "\r"))
    menu_app.run(max_frames=1)
    assert isinstance(menu_app.top, MessageBox)
    text = " ".join(menu_app.top.lines)
    assert "edited" in text and "deal number" in text and "another version" not in text
    assert os.path.exists(path + ".bad") and not os.path.exists(path)


# item 10: the index --------------------------------------------------------------------

def fill(store: ReplayStore, rep: replays.Replay, n: int) -> list[str]:
    return [store.save(replace(rep, when=f"2026-02-{1 + i // 60:02d}T10:{i % 60:02d}:00", kept=True))
            for i in range(n)]


def count_reads(monkeypatch) -> list[str]:
    """The replay files read (not the index) from now on."""
    read = []
    real = replay_store.read_regular

    def counting(path, limit):
        if os.path.basename(path) != INDEX:
            read.append(os.path.basename(path))
        return real(path, limit)
    monkeypatch.setattr(replay_store, "read_regular", counting)
    return read


def test_listing_and_saving_read_no_replay_file(tmp_path, recorded, monkeypatch):
    storage = Storage(str(tmp_path))
    names = fill(ReplayStore(storage, CODECS), recorded["gin"], 30)
    read = count_reads(monkeypatch)
    store = ReplayStore(storage, CODECS)
    entries, bad = store.entries()
    assert sorted(e.name for e in entries) == sorted(names) and not bad
    assert store.save(replace(recorded["gin"], when="2026-03-01T10:00:00"))   # the end of a hand
    assert read == []
    assert len(store.entries("gin")[0]) == 31


def test_the_end_of_a_hand_prunes_from_the_index(tmp_path, recorded, monkeypatch):
    storage = Storage(str(tmp_path))
    store = ReplayStore(storage, CODECS)
    for i in range(replays.KEEP_LAST + 3):
        store.save(replace(recorded["gin"], when=f"2026-02-01T10:{i:02d}:00"))
    read = count_reads(monkeypatch)
    store.save(replace(recorded["gin"], when="2026-02-01T11:00:00"))
    assert read == []
    entries, _ = ReplayStore(storage, CODECS).entries("gin")
    assert len(entries) == replays.KEEP_LAST and entries[0].replay.when == "2026-02-01T11:00:00"


def index_rows(tmp_path) -> list[str]:
    import sqlite3
    db = sqlite3.connect(os.path.join(str(tmp_path), FOLDER, DATABASE))
    try:
        return sorted(n for (n,) in db.execute("SELECT name FROM replays"))
    finally:
        db.close()


@pytest.mark.parametrize("damage", ["missing", "garbage", "truncated", "another schema", "a fifo",
                                    "rows missing", "files missing"])
def test_a_missing_or_damaged_index_is_rebuilt_from_the_files(tmp_path, recorded, damage):
    storage = Storage(str(tmp_path))
    store = ReplayStore(storage, CODECS)
    names = fill(store, recorded["gnono"], 5)
    store.close()
    index = os.path.join(str(tmp_path), FOLDER, DATABASE)
    for junk in (index + "-wal", index + "-shm"):
        assert not os.path.exists(junk) or os.path.getsize(junk) >= 0
    import sqlite3
    db = sqlite3.connect(index)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    with open(index, "rb") as f:
        data = f.read()
    if damage in ("missing", "garbage", "truncated", "a fifo"):
        storage_files = ReplayStore(storage, CODECS).files
        storage_files.remove_database(DATABASE)
    if damage == "garbage":
        with open(index, "wb") as f:
            f.write(os.urandom(len(data)))
    elif damage == "truncated":
        with open(index, "wb") as f:
            f.write(data[:len(data) // 2])
    elif damage == "a fifo":
        os.mkfifo(index)
    elif damage == "another schema":
        db = sqlite3.connect(index)
        db.execute("PRAGMA user_version=99")
        db.close()
    elif damage == "rows missing":
        db = sqlite3.connect(index)
        db.execute("DELETE FROM replays WHERE name IN (?, ?)", (names[0], names[3]))
        db.commit()
        db.close()
    elif damage == "files missing":
        for name in names[:2]:
            os.remove(os.path.join(str(tmp_path), FOLDER, name))
        names = names[2:]
    with deadline(10):
        entries, bad = ReplayStore(storage, CODECS).entries()
    assert sorted(e.name for e in entries) == sorted(names) and not bad
    assert index_rows(tmp_path) == sorted(names)       # written again


def test_an_old_json_index_is_taken_in_once_and_removed(tmp_path, recorded, monkeypatch):
    """A saves folder of an earlier version: its index.json (as that version wrote it)
    becomes the database without a replay file read; its replays are listed."""
    storage = Storage(str(tmp_path))
    store = ReplayStore(storage, CODECS)
    names = fill(store, recorded["gin"], 4)
    store.close()
    folder = os.path.join(str(tmp_path), FOLDER)
    data = {}
    for name in names:
        rep = store.load(name)
        data[name] = {"stamp": replay_store._stamp(os.stat(os.path.join(folder, name))),
                      "details": replay_store._index_json(rep)}
    with open(os.path.join(folder, INDEX), "w") as f:
        f.write(replay_store._index_text(data))
    ReplayStore(storage, CODECS).files.remove_database(DATABASE)
    read = count_reads(monkeypatch)
    entries, bad = ReplayStore(storage, CODECS).entries("gin")
    assert sorted(e.name for e in entries) == sorted(names) and not bad and read == []
    assert not os.path.exists(os.path.join(folder, INDEX))


def test_an_index_edited_by_hand_is_not_believed(tmp_path, recorded):
    """Its details are the files' summary: changed in the index (the replay files
    untouched), they are not shown; the row is made again from the file."""
    import sqlite3
    storage = Storage(str(tmp_path))
    store = ReplayStore(storage, CODECS)
    (name,) = fill(store, recorded["gostop"], 1)
    store.close()
    db = sqlite3.connect(os.path.join(str(tmp_path), FOLDER, DATABASE))
    (details,) = db.execute("SELECT details FROM replays").fetchone()
    db.execute("UPDATE replays SET details=?", (details.replace(recorded["gostop"].result,
                                                                "Hand 1: Player won with 99 points"),))
    db.commit()
    db.close()
    (entry,), bad = ReplayStore(storage, CODECS).entries()
    assert entry.replay.result == recorded["gostop"].result and not bad


def test_a_replay_saved_at_a_hands_end_is_listed_on_the_first_page(tmp_path, recorded):
    storage = Storage(str(tmp_path))
    store = ReplayStore(storage, CODECS)
    fill(store, recorded["gin"], 70)           # more than a page of the listing
    name = store.save(replace(recorded["gin"], when="2026-05-01T10:00:00"))
    listing, bad = ReplayStore(storage, CODECS).listing()
    assert len(listing) == 71 and listing[0].name == name and not bad
    whens = [e.replay.when for e in listing[55:71]]      # across the second page's start
    assert len(whens) == 16 and whens == sorted(whens, reverse=True)


def test_the_index_follows_the_folders_listing(tmp_path, recorded):
    storage = Storage(str(tmp_path))
    store = ReplayStore(storage, CODECS)
    a, b = fill(store, recorded["nerts"], 2)
    folder = os.path.join(str(tmp_path), FOLDER)
    os.remove(os.path.join(folder, a))                  # gone behind the program's back
    with open(os.path.join(folder, b)) as f:            # and one copied in
        text = f.read()
    with open(os.path.join(folder, "nerts-20260105-100000-1.json"), "w") as f:
        f.write(text)
    entries, bad = ReplayStore(storage, CODECS).entries()
    assert sorted(e.name for e in entries) == sorted([b, "nerts-20260105-100000-1.json"]) and not bad


# item 6: a FIFO among the replays --------------------------------------------------------

def test_a_fifo_among_the_replays_does_not_hang_the_menus_r(menu_app, recorded):
    store = ReplayStore(menu_app.storage, CODECS)
    good = store.save(recorded["gostop"])
    fifo = os.path.join(store.files.dir, "gin-20260101-100000-1.json")
    os.mkfifo(fifo)
    menu_app.replays = ReplayStore(menu_app.storage, CODECS)   # a new session
    try:
        with deadline(10):
            menu_app.key(key_event(pygame.K_r, "r"))
            menu_app.run(max_frames=1)
            scene = replays_scene(menu_app)
            assert [e.name for e in scene.entries] == [good]
            assert scene.damaged == ["gin-20260101-100000-1.json"]
            assert "not a regular file" in notice(menu_app)
        assert os.path.exists(fifo + ".bad")      # set aside: not looked at again
    finally:
        try:      # an old reader blocked on it would be let go by a writer
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        except OSError:
            pass


def test_a_file_of_another_version_is_kept_unlisted_and_not_read_again(tmp_path, recorded, monkeypatch):
    storage = Storage(str(tmp_path))
    store = ReplayStore(storage, CODECS)
    good = store.save(recorded["gin"])
    folder = os.path.join(str(tmp_path), FOLDER)
    for name, data in (("gin-20250101-100000-1.json", {**recorded["gin"].to_json(), "version": 99}),
                       ("gin-20250101-100000-2.json", {"format": 7, "anything": "new"})):
        with open(os.path.join(folder, name), "w") as f:
            json.dump({"kind": "replay", "schema": 1, "data": data}, f)
    store = ReplayStore(storage, CODECS)
    entries, bad = store.entries()
    assert [e.name for e in entries] == [good] and bad == [] and store.others == 2
    assert storage.take_problems() == []
    assert os.path.exists(os.path.join(folder, "gin-20250101-100000-1.json"))
    read = count_reads(monkeypatch)
    store = ReplayStore(storage, CODECS)
    assert [e.name for e in store.entries()[0]] == [good] and store.others == 2 and read == []
    with pytest.raises(replays.OtherVersion, match="another version"):
        store.load("gin-20250101-100000-2.json")


def test_a_folder_where_no_index_can_be_made_still_lists_and_saves(tmp_path, recorded, monkeypatch):
    """The database cannot be opened (a folder that cannot be written): the index lives
    in memory for the session; a hand's end still saves its replay, and the list shows
    it (the files read, as when index.json could not be written)."""
    import sqlite3
    storage = Storage(str(tmp_path))
    old = fill(ReplayStore(storage, CODECS), recorded["gin"], 2)

    def refused(self, name):
        raise sqlite3.OperationalError("unable to open database file")
    monkeypatch.setattr(Storage, "database", refused)
    store = ReplayStore(storage, CODECS)
    name = store.save(replace(recorded["gin"], when="2026-04-01T10:00:00"))
    assert name is not None and os.path.exists(store.files.path(name))
    entries, bad = store.entries()
    assert [e.name for e in entries] == [name] + sorted(old, reverse=True) and not bad
    entries, bad = ReplayStore(storage, CODECS).entries()     # the next session: read again
    assert len(entries) == 3 and not bad


def test_the_end_of_a_hand_is_one_transaction_not_a_rewrite(tmp_path, recorded):
    """A hand's end with thousands kept adds its row (and drops the pruned ones): the
    database file is not written whole (its size grows by about a row's pages)."""
    storage = Storage(str(tmp_path))
    store = ReplayStore(storage, CODECS)
    fill(store, recorded["gin"], 150)
    store.entries()
    store.close()
    db = os.path.join(str(tmp_path), FOLDER, DATABASE)
    import sqlite3
    con = sqlite3.connect(db)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    before = os.path.getsize(db)
    store = ReplayStore(storage, CODECS)
    store.save(replace(recorded["gin"], when="2026-06-01T10:00:00"))
    wal = os.path.getsize(db + "-wal")
    assert 0 < wal < before / 4, (wal, before)
