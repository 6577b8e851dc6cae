"""Go-Stop deal challenges: C on a hand's score makes a code of this very game (deal
number, rules, seats, hands played, the human's chips); start_challenge deals the
same first hand with the same computers; the challenge's score screen compares; a
hot-seat game cannot be one (a beep and a note)."""
from __future__ import annotations

import pygame
import pytest

from game import challenges, replays
from game.gostop import replay_codec as gostop_codec
from game.gostop import table as T
from game.gostop.rules import GoStopState, Options
from game.gostop.screens import GoStopScoring
from game.scenes.overlays import TextBox
from tests.test_gostop_replay import drive


def setup_game(app, seed, players=3, levels=("hard", "easy")):
    """A game started as the set-up screen starts one."""
    o = app.options
    o["gostop.players"] = players
    o["gostop.level1"], o["gostop.level2"] = levels
    o["gostop.speed"] = "fast"
    app.push(T.start(app, seed=seed))
    app.run(max_frames=1)
    app.key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r", mod=0, scancode=0))
    app.run(max_frames=1)
    assert isinstance(app.top, T.GoStopTable)
    return app.top


def test_a_challenge_is_the_same_game(menu_app):
    app = menu_app
    t = setup_game(app, seed=4242)
    first = t.ctl.recorder.replay.start          # the first hand as dealt
    ai_rngs = t.ai_rng_states()
    drive(app, t, lambda: isinstance(app.top, GoStopScoring))
    app.key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, unicode="c", mod=0, scancode=0))
    app.run(max_frames=1)
    box = app.top
    assert isinstance(box, TextBox) and box.title == "Challenge"
    code = next(line for line in box.lines if line.startswith("GST-"))
    assert challenges.read_code_file(app.storage, [gostop_codec.CHALLENGE_PREFIX]) == code
    ch = challenges.decode(code, [gostop_codec])
    assert (ch.game, ch.deal_no, ch.seats) == ("gostop", 4242, (None, "hard", "easy"))
    opts = gostop_codec.options_from_json(ch.options)
    assert opts.rules == t.ctl.source.state.options and opts.hands == 1
    assert ch.score == t.ctl.source.state.chips[0]

    c = T.start_challenge(app, ch)
    assert c.ctl.challenge == ch and c.ctl.levels == ["hard", "easy"]
    assert c.ctl.recorder.replay.start == first            # the same first hand, card for card
    assert replays.unpack_state(first) == c.ctl.source.state.to_json()
    assert c.ai_rng_states() == ai_rngs                     # the same computers
    assert any("challenge" in line.lower() for line in c.log)


def test_the_challenge_screen_compares_after_its_hands(menu_app):
    app = menu_app
    t = setup_game(app, seed=99, players=2, levels=("normal", "normal"))
    drive(app, t, lambda: isinstance(app.top, GoStopScoring))
    ch, why = t.coach.challenge_offer()
    assert ch is not None and why == ""
    ch = challenges.Challenge(ch.game, ch.deal_no, {**ch.options, "hands": 2}, ch.seats, 5, "Anna")
    c = T.start_challenge(app, ch)
    app.push(c)
    drive(app, c, lambda: isinstance(app.top, GoStopScoring))
    text = [line for line, _ in app.top.lines]
    assert "Challenge: hand 1 of 2; Anna's 5 chips to beat." in text
    app.key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r", mod=0, scancode=0))
    app.run(max_frames=1)
    drive(app, c, lambda: isinstance(app.top, GoStopScoring) and c.ctl.source.state.hand_no == 2)
    text = [line for line, _ in app.top.lines]
    assert "Challenge: " + challenges.outcome(ch, c.ctl.source.state.chips[0], "You") in text
    # the challenge is in the save: a resumed challenge still compares
    c.save()
    again = T.resume(app)
    assert again.ctl.challenge == ch


def test_hot_seat_cannot_make_a_challenge(menu_app):
    app = menu_app
    st = GoStopState.new(Options(players=2), 5)
    while not st.is_over():
        st.apply(st.legal_moves()[0])
    t = T.GoStopTable(app, st, [], "fast", seed=5, humans=(0, 1))
    app.push(t)
    app.push(GoStopScoring(app, t, lambda: None))
    app.run(max_frames=1)
    beeps = app.beeps
    app.key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, unicode="c", mod=0, scancode=0))
    app.run(max_frames=1)
    assert app.beeps == beeps + 1 and isinstance(app.top, GoStopScoring)
    assert t.log[-1] == "A challenge needs one player against computers."


def test_a_challenge_whose_seats_do_not_fit_is_refused(app):
    c = gostop_codec
    opts = c.options_to_json(c.default_options())            # two players
    ch = challenges.Challenge("gostop", 7, opts, (None, "hard", "easy"), 3, "")
    with pytest.raises(ValueError, match="seats"):
        T.start_challenge(app, ch)
