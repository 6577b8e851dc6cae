"""The replays core (game/replays.py): the file's validation, the version check, the
folder (the last 20 of each game, kept ones never pruned, damaged files listed apart),
a hand in progress kept in a table's save, and the playback scene's keys."""
from __future__ import annotations

import json
import os

import pygame
import pytest

from game import replays
from game.games import BY_KEY, CODECS
from game.gin import replay_codec as gin_codec
from game.replay_store import FOLDER, ReplayStore
from game.scenes.replay_player import SPEEDS, ReplayPlayer
from game.storage import Storage
from tests.helpers import key_event
from tests.test_replay_codecs import record_random


@pytest.fixture
def gin_replay():
    rep, _ = record_random("gin", 5, moves=60)
    return rep


def test_a_replay_round_trips_through_json(gin_replay):
    back = replays.Replay.from_json(json.loads(json.dumps(gin_replay.to_json())))
    assert back == gin_replay


@pytest.mark.parametrize("field, value", [
    ("format", 2), ("game", "no such game"), ("game", 7), ("seats", []), ("seats", [{"name": 1}]),
    ("moves", "x"), ("moves", [[0, 9, {}]]), ("moves", [[-1, 0, {}]]), ("viewer", 7), ("when", "yesterday"),
    ("deal_no", -3), ("kept", "yes"), ("final", 5), ("label", "x" * 99), ("scores", ["a"])])
def test_a_damaged_field_is_refused_with_its_name(gin_replay, field, value):
    data = {**gin_replay.to_json(), field: value}
    with pytest.raises(replays.ReplayError):
        replays.Replay.from_json(data)


def test_moves_out_of_order_are_refused(gin_replay):
    data = gin_replay.to_json()
    data["moves"] = list(reversed(data["moves"]))
    with pytest.raises(replays.ReplayError, match="order"):
        replays.Replay.from_json(data)


def test_another_version_is_refused_with_a_message(gin_replay):
    old = replays.Replay(**{**gin_replay.__dict__, "version": gin_replay.version - 1})
    with pytest.raises(replays.ReplayError, match="another version"):
        replays.verify(old, gin_codec)


def test_a_changed_end_state_is_refused(gin_replay):
    bad = replays.Replay(**{**gin_replay.__dict__, "final": "0" * 24})
    with pytest.raises(replays.ReplayError, match=r"edited \(its moves do not end in its recorded game\)"):
        replays.verify(bad, gin_codec)


def test_a_damaged_start_is_refused(gin_replay):
    for start in ("not base64!", "aGVsbG8=", replays.pack_state({"hands": 3})):
        with pytest.raises(replays.ReplayError):
            replays.verify(replays.Replay(**{**gin_replay.__dict__, "start": start}), gin_codec)


def test_the_cursor_steps_and_seeks_to_the_same_states(gin_replay):
    cur = replays.verify(gin_replay, gin_codec)
    states = [replays.digest(cur.engine)]
    while cur.forward():
        states.append(replays.digest(cur.engine))
    assert len(states) == cur.length + 1
    for pos in (cur.length, 0, 37, 5, 36, 20):
        cur.seek(pos)
        assert replays.digest(cur.engine) == states[pos]
    cur.seek(10)
    assert cur.back() and replays.digest(cur.engine) == states[9]


def test_the_folder_keeps_the_last_20_of_a_game_and_every_kept_one(tmp_path, gin_replay):
    store = ReplayStore(Storage(str(tmp_path)), CODECS)
    names = []
    for i in range(25):
        rep = replays.Replay(**{**gin_replay.__dict__, "when": f"2026-11-23T10:{i:02d}:00",
                                "kept": i == 0})
        names.append(store.save(rep))
    entries, bad = store.entries("gin")
    assert not bad
    assert len(entries) == replays.KEEP_LAST + 1
    assert names[0] in {e.name for e in entries}            # kept: never pruned
    assert not {names[1], names[2], names[3], names[4]} & {e.name for e in entries}
    assert entries[0].name == names[-1]                      # newest first
    assert store.set_kept(names[-1], True)
    assert store.load(names[-1]).kept
    store.delete(names[-1])
    assert names[-1] not in {e.name for e in store.entries()[0]}


def test_damaged_files_are_set_aside_once_and_told_once(tmp_path, gin_replay):
    storage = Storage(str(tmp_path))
    store = ReplayStore(storage, CODECS)
    good = store.save(gin_replay)
    folder = os.path.join(str(tmp_path), FOLDER)
    for name, text in (("gin-junk.json", "{not json"), ("gin-other.json", '{"kind": "stats"}'),
                       ("gin-bad.json", json.dumps({"kind": "replay", "schema": 1,
                                                    "data": {"format": 1}}))):
        with open(os.path.join(folder, name), "w") as f:
            f.write(text)
    entries, bad = store.entries()
    assert [e.name for e in entries] == [good]
    assert sorted(bad) == ["gin-bad.json", "gin-junk.json", "gin-other.json"]
    # moved aside once, as NAME.bad, and told once (one notice for the lot)
    assert sorted(n for n in os.listdir(folder) if n.endswith(".bad")) == [
        "gin-bad.json.bad", "gin-junk.json.bad", "gin-other.json.bad"]
    notices = storage.take_problems()
    assert len(notices) == 1 and "2 more" in notices[0] and ".bad" in notices[0]
    # the next visit (a new screen, a new store) neither counts nor tells them again
    entries, bad = ReplayStore(storage, CODECS).entries()
    assert [e.name for e in entries] == [good] and bad == []
    assert storage.take_problems() == []


def test_damaged_files_in_a_read_only_folder_are_told_once(tmp_path, gin_replay, monkeypatch):
    """Nothing can be moved aside nor the index written (a read-only folder, as this
    user, root, would write in a chmod'ed one): the damaged file is told once, and is
    not read again on the next visits."""
    storage = Storage(str(tmp_path))
    good = ReplayStore(storage, CODECS).save(gin_replay)
    folder = os.path.join(str(tmp_path), FOLDER)
    with open(os.path.join(folder, "gin-junk.json"), "w") as f:
        f.write("{not json")

    def refused(*args, **kw):
        raise PermissionError(13, "Read-only file system")
    monkeypatch.setattr(os, "replace", refused)
    store = ReplayStore(storage, CODECS)       # the App's, for the session
    for visit in range(3):
        entries, bad = store.entries()
        assert [e.name for e in entries] == [good]
        assert bad == (["gin-junk.json"] if visit == 0 else [])
    notices = storage.take_problems()
    assert sum("gin-junk.json" in n for n in notices) == 1
    assert any("could not be moved aside" in n for n in notices)
    assert os.path.exists(os.path.join(folder, "gin-junk.json"))


def test_a_replay_of_a_game_this_program_lacks_is_listed_as_damaged(menu_app, gin_replay):
    from game.scenes.replays import ReplaysScene
    store = ReplayStore(menu_app.storage, CODECS)
    good = store.save(gin_replay)
    chess = store.save(replays.Replay(**{**gin_replay.__dict__, "game": "chess"}))
    menu_app.key(key_event(pygame.K_r, "r"))
    scene = menu_app.top
    assert isinstance(scene, ReplaysScene)
    assert [e.name for e in scene.entries] == [good] and scene.damaged == [chess]


def test_a_hand_in_progress_survives_the_tables_save(gin_replay):
    rec = replays.Recorder(gin_codec, gin_replay.seats)
    rec.replay = replays.Replay(**{**gin_replay.__dict__, "final": "", "result": ""})
    rec.coach_used()
    data = json.loads(json.dumps(rec.to_json()))
    again = replays.Recorder(gin_codec, gin_replay.seats)
    again.restore(data)
    assert again.replay.moves == rec.replay.moves and again.coached == 1
    again.restore({"junk": 1})          # a damaged one is dropped, the game goes on
    assert again.replay is None


class FakeBoard:
    move_seconds = 0.5

    def __init__(self):
        self.shown = []

    def show(self, engine, events, show_all):
        self.shown.append((replays.digest(engine), show_all))

    def draw(self, canvas):
        canvas.fill((0, 0, 0))

    def describe(self, events):
        return f"{len(events)} events"


def test_the_player_keys(app, gin_replay):
    board = FakeBoard()
    player = ReplayPlayer(app, replays.verify(gin_replay, gin_codec), board)
    app.push(player)
    for _ in range(int(0.5 * 60) + 2):            # about one move at 1x
        app.run(max_frames=1)
    assert player.cursor.position >= 1
    app.key(key_event(pygame.K_SPACE, " "))
    assert player.paused
    pos = player.cursor.position
    app.key(key_event(pygame.K_RIGHT))
    assert player.cursor.position == pos + 1
    app.key(key_event(pygame.K_LEFT))
    app.key(key_event(pygame.K_LEFT))
    assert player.cursor.position == pos - 1
    for _ in range(10):
        app.key(key_event(pygame.K_PLUS, "+"))
    assert player.speed == SPEEDS[-1]
    for _ in range(10):
        app.key(key_event(pygame.K_MINUS, "-"))
    assert player.speed == SPEEDS[0]
    app.key(key_event(pygame.K_F9))
    assert board.shown[-1][1] is True
    app.run(max_frames=1)
    app.key(key_event(pygame.K_ESCAPE))
    app.run(max_frames=1)
    assert app.top is not player


def test_the_player_reaches_the_end_and_says_the_result(app):
    rep, _ = record_random("gostop", 1, moves=200)      # a whole hand: it has a result
    assert rep.result.startswith("Hand 1:")
    player = ReplayPlayer(app, replays.verify(rep, BY_KEY["gostop"].parts.replay_codec), FakeBoard())
    app.push(player)
    player.speed_i = len(SPEEDS) - 1
    while not player.at_end:
        player.update(1.0)
    assert player.line == "End: " + rep.result
    app.run(max_frames=1)


def test_wrong_keys_in_a_replay_beep_and_change_nothing(app, gin_replay):
    player = ReplayPlayer(app, replays.verify(gin_replay, gin_codec), FakeBoard())
    app.push(player)
    app.key(key_event(pygame.K_SPACE, " "))            # paused at the deal
    state = (player.cursor.position, player.speed_i, player.show_all, player.paused)
    beeps = app.beeps
    for key, ch in ((pygame.K_LEFT, ""), (pygame.K_q, "q"), (pygame.K_RETURN, "\r"),
                    (pygame.K_MINUS, "-"), (pygame.K_MINUS, "-"), (pygame.K_TAB, "\t")):
        app.key(key_event(key, ch))
    # Left at the deal, q, Enter, Tab, and the second - below 1/2x beep; the first - is a speed
    assert app.beeps == beeps + 5
    assert (player.cursor.position, player.show_all, player.paused) == state[:1] + state[2:]
    assert player.speed_i == state[1] - 1


def test_wrong_keys_on_an_empty_replays_screen_beep(menu_app):
    from game.scenes.replays import ReplaysScene
    menu_app.key(key_event(pygame.K_r, "r"))
    assert isinstance(menu_app.top, ReplaysScene)
    beeps = menu_app.beeps
    for key, ch in ((pygame.K_RETURN, "\r"), (pygame.K_k, "k"), (pygame.K_DELETE, ""),
                    (pygame.K_UP, ""), (pygame.K_x, "x")):
        menu_app.key(key_event(key, ch))
    assert menu_app.beeps == beeps + 5
    assert isinstance(menu_app.top, ReplaysScene)
