"""The Gnono coach: the expert's own decision from the player's view (hidden cards
dealt anew change nothing), a reason in words, H at the table (and in its question
boxes) with the note, the counts for the statistics and the end-of-game line, and a
beep when it is not the player's decision."""
import random

import pygame
import pytest

from game.gnono import coach
from game.gnono.ai import LEVELS, make_ai
from game.gnono.cards import Card
from game.gnono.rules import (
    GAME_OVER,
    ROUND_OVER,
    Draw,
    GnonoOptions,
    GnonoState,
    NextRound,
    Play,
)
from game.gnono.screens import ChallengeBox, GnonoScoring
from tests.helpers import post_keys, run_until
from tests.test_gnono_table import make_table, wd4_on_human


def positions(seed: int, n: int, options: GnonoOptions, limit: int = 120):
    """Engines along rounds of computer play, each with a decision of the seat on turn."""
    st = GnonoState(n, seed, options)
    ais = [make_ai("hard", seed * 10 + s) for s in range(n)]
    for _ in range(limit):
        if st.phase == ROUND_OVER:
            st.apply(NextRound())
            continue
        if st.phase == GAME_OVER:
            return
        yield st
        st.apply(ais[st.current].choose(st.view(st.current)))


@pytest.mark.parametrize("seed, n, options", [
    (1, 2, GnonoOptions()), (2, 4, GnonoOptions()), (3, 3, GnonoOptions(stacking=True)),
    (4, 5, GnonoOptions(seven_zero=True, wd4_rule="gnono"))])
def test_the_advice_is_the_experts_and_sees_no_hidden_card(seed, n, options):
    rng = random.Random(seed)
    advised = 0
    for eng in positions(seed, n, options):
        seat = eng.current
        view = eng.view(seat)
        advice = coach.advise(view)
        advised += 1
        assert advice.move in view.legal and advice.text
        expert = make_ai(LEVELS[-1], coach.rng_for(view))
        assert expert.choose(view) == advice.move
        twin = eng.redeal_hidden(seat, rng)
        assert twin.view(seat) == view
        if advised % 4 == 0:   # the others' hands really differ, the advice does not
            assert coach.advise(twin.view(seat)) == advice
    assert advised > 20


def test_no_advice_out_of_turn():
    st = GnonoState(3, 5)
    other = (st.current + 1) % 3
    assert not coach.can_advise(st.view(other))
    with pytest.raises(ValueError):
        coach.advise(st.view(other))


def test_the_reasons_speak_of_the_position():
    # the next player drew on red: play red, keep the Wild
    st = GnonoState.setup(2, ["R7 G2 W", "Y1 Y2 Y3"], "R5")
    st.last_drew_on = [None, "R"]
    text = coach.advise(st.view(0), ["You", "Ada"]).text
    assert text.startswith("Play the red 7: ") and "Ada drew on red" in text and "Wild" in text
    # nothing fits: draw
    st = GnonoState.setup(2, ["G2 B9", "Y1 Y2 Y3"], "R5")
    advice = coach.advise(st.view(0), ["You", "Ada"])
    assert advice.text.startswith("Draw a card: nothing")
    # only a Wild fits: the expert plays it, naming the colour held most, or draws
    # to keep it (the look-ahead weighs both); each move has its reason
    st = GnonoState.setup(2, ["G2 G4 B9 W", "Y1 Y2 Y3"], "R5")
    wild = Play(0, Card.parse("W"), "G")
    advice = coach.advise(st.view(0), ["You", "Ada"])
    assert advice.move in (wild, Draw(0))
    reasons = coach._Reasons(st.view(0), ["You", "Ada"], None)
    assert advice.text == reasons.text(advice.move)
    assert reasons.text(wild).startswith("Play the Wild, name green: no other card of yours fits")
    assert reasons.text(Draw(0)) == "Draw a card: the expert's look-ahead keeps your Wild for later"


def test_h_at_the_table_shows_the_advice_and_counts_it(app):
    t = make_table(app, ["R7 G2 W", "Y1 Y2 Y3"], "R5")
    t.sel = 1
    assert ("H", "Coach") in t.key_bar()
    post_keys("h")
    app.run(max_frames=1)
    assert app.beeps == 0
    assert t.log[-1].startswith("Coach: Play the red 7")
    assert any(line.startswith("Coach: ") for line, _c in t.notes)
    assert t.keymap.selected() == Card.parse("R7")          # the advised card is the chosen one
    assert t.ctl.coach_game == 1 and t.ctl.coach_round == 1 and t.ctl.recorder.coached == 1
    # the advised card is played with Enter; the coach is silent on the computer's turn
    post_keys(pygame.K_RETURN, "h")
    app.run(max_frames=1)
    assert t.ctl.state.top == Card.parse("R7") and app.beeps == 1 and t.ctl.coach_game == 1
    assert ("H", "Coach") not in t.key_bar()


def test_h_in_the_challenge_box(app):
    t = wd4_on_human(app, guilty=True)
    assert isinstance(app.top, ChallengeBox) and ("H", "Coach") in t.key_bar()
    post_keys("h")
    app.run(max_frames=1)
    assert isinstance(app.top, ChallengeBox) and app.beeps == 0
    assert "challenge" in t.log[-1].lower() and t.log[-1].startswith("Coach: ")


def test_the_coach_is_counted_and_named_at_the_end_of_a_won_game(app):
    t = make_table(app, ["R7", "Y1 Y2 Y3"], "R5", options=GnonoOptions(playout_score=1))
    post_keys("h")
    app.run(max_frames=1)
    post_keys(pygame.K_RETURN)
    assert run_until(app, lambda: isinstance(app.top, GnonoScoring), 3000)
    screen = app.top
    assert screen.game_over and "Won with the coach's help: 1 hint." in screen.end_lines()
    assert app.stats.get("gnono", "coach_uses") == 1
    assert t.last_replay.coached == 1     # the round's replay says so too
