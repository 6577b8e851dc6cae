"""The proof of the game contract (issue #42): High Card, a sixth game that lives only in
the tests (tests/sixth_game/: its rules, its computer and a spec made of the shared
default pieces), registered here by patching the games' list, plays through every
shared layer with no shared code changed for it: the conformance test, a local game
at its table (a headless App, keys), its save and resume, its replays, a challenge,
and a hosted game joined over loopback."""
from __future__ import annotations

import pygame
import pytest

from game import challenges, games, replays
from game.challenges import Challenge
from game.engine import Engine
from game.net import adapters
from game.net.client import NetClient
from game.net.host import COMPUTER, REMOTE, TableHost
from game.net.remote_seat import RemoteSeat
from game.net.server import NetServer
from game.scenes.join import join_table
from game.scenes.menu import MenuScene
from game.scenes.replay_player import ReplayPlayer
from tests import test_conformance
from tests.helpers import post_keys, run_until
from tests.net_frames import run_until as run_net
from tests.sixth_game.spec import SPEC

KEY = SPEC.key


@pytest.fixture(autouse=True)
def registered(monkeypatch):
    """High Card is one of the games, for this test only."""
    monkeypatch.setattr(games, "GAMES", (*games.GAMES, SPEC))
    monkeypatch.setitem(games.BY_KEY, KEY, SPEC)
    return SPEC


@pytest.mark.parametrize("seed", range(6))
def test_it_keeps_every_promise_of_the_conformance_test(seed):
    assert isinstance(SPEC.parts.new_engine(seed), Engine)
    test_conformance.play_randomly(KEY, seed, max_moves=2000)


def table_of(app):
    app.push(MenuScene(app))
    app.push(SPEC.parts.start(app, seed=11))
    app.run(max_frames=1)
    return app.top


def play_on(app, table, done, limit=20000) -> bool:
    """Press Enter (the first move listed) whenever the player has a move, till done()."""
    for _ in range(limit):
        if done():
            return True
        if table.legal():
            post_keys(pygame.K_RETURN)
        app.run(max_frames=1)
    return done()


def test_a_local_game_is_played_at_its_table_with_keys_and_recorded(app):
    table = table_of(app)
    assert table.legal() and "Your hand" in " ".join(table.source.view().lines())
    post_keys(pygame.K_DOWN)                    # the second card...
    app.run(max_frames=1)
    second = table.legal()[1]
    post_keys(pygame.K_RETURN)                  # ...played
    app.run(max_frames=1)
    assert second.card not in table.source.view().hand
    assert play_on(app, table, lambda: table.source.ending is not None)
    engine = table.source.engine
    assert engine.is_over() and max(engine.scores()) == engine.options.target
    entries, bad = app.replays.entries(KEY)
    assert entries and not bad                    # every hand recorded, read back and checked
    for entry in entries:
        replays.verify(app.replays.load(entry.name), SPEC.parts.replay_codec)


def test_a_replay_plays_back_on_its_board(app):
    table = table_of(app)
    assert play_on(app, table, lambda: app.replays.entries(KEY)[0])
    rep = app.replays.load(app.replays.entries(KEY)[0][0].name)
    app.push(ReplayPlayer(app, replays.verify(rep, SPEC.parts.replay_codec)))
    assert run_until(app, lambda: app.top.cursor.position == app.top.cursor.length, 3000)


def test_its_save_resumes_the_game_where_it_was_left(app):
    table = table_of(app)
    post_keys(pygame.K_RETURN)
    app.run(max_frames=40)                      # the player's card, the computer's answer
    before = table.source.engine.to_json()
    post_keys(pygame.K_ESCAPE)                  # saved, and left
    app.run(max_frames=1)
    assert isinstance(app.top, MenuScene) and games.has_save(app, SPEC)
    again = games.resume_table(app, SPEC)
    assert again is not None and again.source.engine.to_json() == before


def test_a_challenge_deals_its_game_again(app):
    ch = Challenge(KEY, 77, {"target": 3}, (None, "normal"), 2, "Ann")
    code = challenges.encode(ch, SPEC.parts.replay_codec)
    assert code.startswith(SPEC.challenge_prefix)
    from game.scenes.challenge import decode
    assert decode(code) == ch
    table = SPEC.parts.start_challenge(app, ch)
    assert table.source.engine.to_json() == SPEC.parts.new_engine(77).to_json()


def test_a_hosted_game_is_joined_over_loopback_and_played_to_its_end(app):
    host = TableHost(KEY, [REMOTE, COMPUTER], seed=9, code="HIGH42", computer_delay_s=0.0,
                     deal_pause_s=0.0)
    server = NetServer(host, port=0)
    port = server.start()
    client = NetClient("127.0.0.1", port, "HIGH42", "Joiner")
    client.start()
    try:
        table = join_table(KEY)(app, RemoteSeat(client, SPEC))
        app.push(MenuScene(app))
        app.push(table)

        def step() -> None:
            server.pump()
            if table.legal() and table.source.link.pending is None:
                post_keys(pygame.K_RETURN)
            app.run(max_frames=1)
        assert run_net(step, lambda: host.ended, timeout_s=60)
        assert host.engine.is_over() and any(s == 0 for s, _, _ in host.log)   # the joiner played
        again = SPEC.parts.new_engine(9, None, 2)
        adapters.replay(again, host.log)
        assert again.to_json() == host.engine.to_json()
        assert run_net(step, lambda: table.source.ending is not None, timeout_s=10)
    finally:
        client.close()
        server.close()
