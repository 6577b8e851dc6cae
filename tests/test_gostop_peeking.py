"""F9 at the Go-Stop table (the shared turn table's key, game/scenes/turn_table.py):
it shows the computers' hands at a table of one player against computers; it is not
offered where no computer plays (hot seat of humans only, issue #44 item 5); it is
refused with its reason, the beep and the sentence in the notes, in a challenge (#44
item 2) and at a hosted table while a network player is seated (#43 item 3)."""
from __future__ import annotations

import pygame

from game.challenges import Challenge
from game.gostop import replay_codec
from game.gostop import table as T
from game.gostop.options import Options
from game.gostop.rules import GoStopState
from game.net.hosting import NetHosting
from game.table.peeking import CHALLENGE, NETWORK
from tests.helpers import key_event
from tests.net_frames import run_until as run_for
from tests.test_gostop_table import table_for
from tests.test_net_hosted_gostop import Joiner


def f9(app, t):
    beeps = app.beeps
    app.key(key_event(pygame.K_F9))
    app.run(max_frames=1)
    return app.beeps - beeps


def bar_and_box(t) -> tuple[list[str], list[str]]:
    b = t.bindings()
    return [x.bar for x in b if x.bar], [x.label for x in b]


def test_f9_shows_the_computers_hands_against_computers(app):
    t = table_for(app, GoStopState.new(Options(players=3), 4))
    assert "Hands" in bar_and_box(t)[0]
    assert f9(app, t) == 0 and t.show_hands and t.view.shows_hand(1) and t.view.shows_hand(2)
    assert "The computers' hands are shown face up (F9 hides them)." in t.log


def test_hot_seat_of_humans_only_has_no_f9(app):
    t = T.GoStopTable(app, GoStopState.new(Options(players=2), 5), [], "fast", seed=5, humans=(0, 1))
    app.push(t)
    app.run(max_frames=2)
    bar, box = bar_and_box(t)
    assert "Hands" not in bar and "Show/hide the computers' hands" not in box
    assert f9(app, t) == 1 and not t.show_hands
    assert not any("computers' hands" in line for line in t.log)


def test_f9_is_refused_in_a_challenge(app):
    opts = replay_codec.options_to_json(replay_codec.ChallengeOptions(Options(players=2), 1))
    t = T.start_challenge(app, Challenge("gostop", 11, opts, (None, "normal"), 5, "Ann"))
    app.push(t)
    app.run(max_frames=2)
    assert f9(app, t) == 1 and not t.show_hands and not t.view.shows_hand(1)
    assert t.log[-1] == CHALLENGE and t.notes[-1][0] == CHALLENGE


def test_f9_is_refused_at_a_hosted_table_with_a_network_player(menu_app):
    app = menu_app
    hosting = NetHosting("gostop", remote={1}, port=0, code="GOSTOP", advertise=False)
    t = T.GoStopTable(app, GoStopState.new(Options(players=3), 21), ["hard"], "fast", seed=21,
                      hosting=hosting)
    app.push(t)
    joiner = None
    try:
        joiner = Joiner(hosting.port)
        assert run_for(lambda: (app.run(max_frames=1), joiner.link.poll()),
                       lambda: hosting.started and joiner.link.view is not None, 20.0)
        assert f9(app, t) == 1 and not t.show_hands
        assert not t.view.shows_hand(2) and t.log[-1] == NETWORK
    finally:
        if joiner is not None:
            joiner.link.client.close()
        hosting.close()
