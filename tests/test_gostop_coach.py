"""The Go-Stop coach: the hard player's decision from the human's own view (the same
advice whatever the hidden cards are), a reason in the game's terms, and H at the
table (the notes, spoken, counted in the statistics and the replay; a beep off
one's turn)."""
from __future__ import annotations

import random

import pygame
import pytest

from game.gostop import coach
from game.gostop import table as T
from game.gostop.ai import GoStopAI
from game.gostop.cards import parse_card as card
from game.gostop.controller import HARD_ROLLOUTS
from game.gostop.rules import ChooseMatch, GoStop, GoStopState, Options, PlayCard
from game.gostop.screens import CoachedQuestion, GoStopBox, GoStopScoring
from game.speech import RecordingSpeaker
from tests.helpers import key_event
from tests.test_gostop_replay import drive
from tests.test_gostop_table import GO_POSITION, table_for


def questions(seed: int, players: int, limit: int = 12):
    """States where seat 0 has a real choice, from play by the normal level."""
    st = GoStopState.new(Options(players=players), seed)
    ais = {s: GoStopAI("normal", random.Random(seed + s)) for s in range(players)}
    found = []
    while not st.is_over() and len(found) < limit:
        q = st.question()
        if q.seat == 0 and len(st.legal_moves()) > 1:
            found.append(st.copy())
        st.apply(ais[q.seat].choose(st.view(q.seat)))
    return found


CASES = [(seed, players) for seed in range(3) for players in (2, 3)]


@pytest.mark.parametrize("seed, players", CASES)
def test_the_advice_is_the_same_whatever_the_hidden_cards(seed, players):
    rng = random.Random(seed)
    for st in questions(seed, players, limit=5):
        advice = coach.advise(st.view(0))
        for _ in range(2):
            other = st.redeal_hidden(0, rng)
            assert other.view(0) == st.view(0)
            assert coach.advise(other.view(0)) == advice


@pytest.mark.parametrize("seed, players", CASES[:3])
def test_the_advice_is_the_hard_players_own_decision(seed, players):
    for st in questions(seed, players, limit=6):
        view = st.view(0)
        expert = GoStopAI(coach.LEVEL, random.Random(coach.SEED), rollouts=HARD_ROLLOUTS)
        advice = coach.advise(view)
        assert advice.move == expert.choose(view)
        assert advice.move in view.legal and advice.text


def view_of(**position):
    return GoStopState.from_position(**position).view(0)


def test_a_play_that_completes_a_combination_says_so():
    view = view_of(hands=["3B 5J1", "4J1 6J2"], table="3J1 7J1", stock="9J1 10J1 10J2 9J2",
                   captures=["1B 8B", "8A"])
    text = coach.reason(view, PlayCard(card("3B")))
    assert text == "Play the curtain (3): it takes the cherry junk (3), and it completes your brights."


def test_a_play_that_takes_what_an_opponent_waits_for_says_so():
    view = view_of(hands=["2J1 5J1", "4J1 6J2"], table="2A 7J1", stock="9J1 10J1 10J2 9J2",
                   captures=["1J1", "4A 8A"])
    text = coach.reason(view, PlayCard(card("2J1")))
    assert "it takes the bush warbler (2)" in text
    assert "keeps the bush warbler (2) from Computer, who has two godori birds" in text


def test_a_match_choice_gives_its_reason():
    st = GoStopState.from_position(hands=["2J1 5J1", "4J1 6J2"], table="2A 2R 7J1",
                                   stock="9J1 10J1 10J2 9J2", captures=["1R 3R", "8A"])
    st.apply(PlayCard(card("2J1")))
    assert st.phase == "match_hand"
    text = coach.reason(st.view(0), ChooseMatch(card("2R")))
    assert text == ("Take the red poem ribbon (2) rather than the bush warbler (2): "
                    "it completes your red poems.")


def test_stop_names_the_threat():
    st = GoStopState.from_position(hands=["3R 5J1 6J1", "4J1 5J2 6J2"], table="3J1 7J1",
                                   stock="9J1 10J1 10J2 9J2 2J1 2J2",
                                   captures=["1B 3B 8B 11B 1R 2R 7A 11J1 11D", "2A 4A 8J1"],
                                   turn=0, dealer=0)
    st.apply(PlayCard(card("3R")))
    assert st.phase == "go_stop"
    text = coach.reason(st.view(0), GoStop(False))
    assert text.startswith("Stop: 7 points now (14 chips)")
    assert text.endswith("and Computer is one card from a score (two godori birds).")


@pytest.mark.parametrize("hands, turns", [(["3R 5J1 6J1", "4J1 5J2 6J2"], "two turns"),
                                          (["3R 5J1", "4J1 5J2"], "one turn")])
def test_go_counts_turns_and_points_in_the_right_number(hands, turns):
    # the opponent's ten junk (the double junk counts two) make one point
    st = GoStopState.from_position(hands=hands, table="3J1 7J1", stock="9J1 10J1 10J2 9J2 2J1 2J2",
                                   captures=["1B 3B 8B 11B 1R 2R 7A 11J1 11D",
                                             "1J1 1J2 3J2 4J2 7J2 8J1 8J2 11J2 12D"],
                                   turn=0, dealer=0)
    st.apply(PlayCard(card("3R")))
    assert st.phase == "go_stop" and st.view(0).scores[1] == 1
    assert coach.reason(st.view(0), GoStop(True)) == (
        f"Go: 7 points and {turns} left to add more; Computer has 1 point and no score in sight.")


# -- at the table ---------------------------------------------------------------------
def test_h_shows_the_advice_in_the_notes_and_says_it(app):
    app.speaker = RecordingSpeaker()
    app.options["speech.on"] = True
    t = table_for(app, GoStopState.new(Options(players=2), 5))
    drive(app, t, lambda: t.keymap.human_phase() == "play" and not t.ctl.stages)
    app.key(key_event(pygame.K_h, "h"))
    app.run(max_frames=1)
    advice = coach.advise(t.ctl.source.state.view(0), t.names)
    assert t.log[-1] == "Coach: " + advice.text
    assert any(line.startswith("Coach: ") for line, _ in t.notes)
    assert any("Coach" in said for said in app.speaker.said)
    assert t.ctl.coach_hand == 1 and t.ctl.recorder.coached == 1 and app.beeps == 0
    # the advice is the move: Enter on the card it names plays it
    if isinstance(advice.move, PlayCard):
        t.sel = t.keymap.entries().index(advice.move.card)
        app.key(key_event(pygame.K_RETURN, "\r"))
        assert advice.move.card not in t.ctl.source.state.hands[0]


def test_h_beeps_when_it_is_not_your_turn(app):
    st = GoStopState.new(Options(players=2), 5)
    t = table_for(app, st)
    drive(app, t, lambda: t.ctl.source.state.question().seat == 1)
    beeps = app.beeps
    app.key(key_event(pygame.K_h, "h"))
    assert app.beeps == beeps + 1
    assert not any(line.startswith("Coach: ") for line in t.log)
    assert t.ctl.coach_hand == 0


def test_h_in_the_go_stop_box_and_the_hands_statistics(app):
    st = GoStopState.from_position(**GO_POSITION)
    t = table_for(app, st)
    app.key(key_event(pygame.K_RETURN, "\r"))
    app.run(max_frames=80)
    box = app.top
    assert isinstance(box, GoStopBox)
    app.key(key_event(pygame.K_h, "h"))
    app.run(max_frames=1)
    assert box.coach_lines and " ".join(box.coach_lines).startswith("Coach: ")
    assert t.log[-1].startswith("Coach: ")
    app.key(key_event(pygame.K_s, "s"))
    app.run(max_frames=200)
    assert isinstance(app.top, GoStopScoring)
    text = [line for line, _ in app.top.lines]
    assert "Won with the coach's help: 1 hint." in text
    assert app.stats.data["gostop"]["coach_uses"] == 1


def test_h_in_the_shaking_question(app):
    st = GoStopState.from_position(hands=["5J1 5J2 5R 1J1", "4J1 6J2 7J2 1J2"], table="9J1 10J1",
                                   stock="9J2 10J2 3J1 2J2 12D 8J1", captures=["1B", "8A"], turn=0)
    t = table_for(app, st)
    app.key(key_event(pygame.K_RETURN, "\r"))
    app.run(max_frames=3)
    q = app.top
    assert isinstance(q, CoachedQuestion)
    app.key(key_event(pygame.K_h, "h"))
    app.run(max_frames=1)
    assert q.lines[-1].startswith("Coach: Shake")
    assert app.top is q and t.ctl.coach_hand == 1


def test_in_hot_seat_the_advice_leaves_before_the_keyboard_passes(app):
    st = GoStopState.new(Options(players=2), 12)
    t = T.GoStopTable(app, st, [], "fast", seed=12, humans=(0, 1))
    app.push(t)
    asker = st.question().seat
    t.take_over(asker)
    text = t.coach.ask_coach()
    assert text and text in t.log and any(line.startswith("Coach: ") for line, _ in t.notes)
    t.take_over(1 - asker)
    assert text not in t.log
    assert not any("Coach" in line for line, _ in t.notes)
    assert app.beeps == 0


def test_h_puts_the_cursor_on_the_advised_card_and_enter_plays_it(app):
    t = table_for(app, GoStopState.new(Options(players=2), 7))
    drive(app, t, lambda: t.keymap.human_phase() == "play" and not t.ctl.stages)
    advice = coach.advise(t.ctl.source.state.view(0), t.names)
    assert isinstance(advice.move, PlayCard)
    entries = t.keymap.entries()
    want = entries.index(advice.move.card)
    while t.sel == want:                       # the cursor elsewhere first
        app.key(key_event(pygame.K_RIGHT))
    app.key(key_event(pygame.K_h, "h"))
    assert entries[t.sel] == advice.move.card
    app.key(key_event(pygame.K_RETURN, "\r"))
    assert advice.move.card not in t.ctl.source.state.hands[0] and app.beeps == 0
