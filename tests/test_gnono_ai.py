"""Gnono computer players: they see only the view, choose sensibly, and never break the rules."""
import os
from collections import Counter

import pytest

from game.gnono.ai import BaselineAI, GnonoAI, make_ai
from game.gnono.cards import Card
from game.gnono.rules import (
    CHALLENGE,
    CallUno,
    Catch,
    Challenge,
    ChooseColor,
    Draw,
    GnonoOptions,
    GnonoState,
    Play,
    PlayDrawn,
)
from game.gnono.sim import main as sim_main
from game.gnono.sim import play_game, play_games
from tests.gnono_helpers import card_in, play

S = GnonoState.setup
SOAK = 100 if os.environ.get("GNERTS_SOAK") == "1" else 1


# ------------------------------------------------------------------ the view
def test_view_hides_other_hands():
    s = GnonoState(4, seed=11)
    v = s.view(0)
    visible = set(v.hand) | set(v.seen) | {v.top}
    for seat in (1, 2, 3):
        assert not (set(s.hands[seat]) & visible)
    assert all(m.seat == 0 if hasattr(m, "seat") else m.catcher == 0 for m in v.legal)
    assert v.counts == tuple(len(h) for h in s.hands)
    assert not hasattr(v, "hands") and not hasattr(v, "draw_pile")


def test_view_same_when_only_hidden_cards_differ():
    a = S(3, ["R1 G2", "B3 B4", "Y5 Y6"], "R7", draw="G9")
    b = S(3, ["R1 G2", "Y8 B4", "Y5 Y6"], "R7", draw="G9")
    # swap a hidden card of seat 1 with one deep in the draw pile: seat 0 sees no change
    va, vb = a.view(0), b.view(0)
    assert va == vb


def test_view_drawn_card_only_for_the_drawer_and_guilt_never():
    s = S(3, ["W+4 R2 G3", "R4 R5", "R6 R8"], "R7", draw="R9")
    play(s, 0, "W+4", "G")
    v1 = s.view(1)
    assert v1.wd4_seat == 0 and v1.wd4_prev_color == "R"
    assert "guilty" not in repr(v1)
    s = S(3, ["G1 G2", "R3 R4", "R5 R6"], "R7", draw="R9")
    s.apply(Draw(0))
    assert s.view(0).drawn_card == Card.parse("R9")
    assert s.view(1).drawn_card is None


# ------------------------------------------------------------------ choices
def test_unknown_difficulty():
    with pytest.raises(ValueError):
        GnonoAI("godlike", 1)


def test_deterministic_for_a_seed():
    a = play_game(["hard", "easy", "normal"], seed=5)
    b = play_game(["hard", "easy", "normal"], seed=5)
    assert (a.winner, a.scores, a.turns) == (b.winner, b.scores, b.turns)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_keeps_wilds_when_another_card_fits(level):
    s = S(3, ["W R2 G5 G6 B1", "R4 R5 B2 B3 B4", "Y5 G6 Y7 Y8 B8"], "R7")
    m = GnonoAI(level, 1).choose(s.view(0))
    assert m == Play(0, card_in(s, 0, "R2"))


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_action_card_against_the_seat_about_to_win(level):
    s = S(3, ["R+2 R3 G5 G6 B1", "Y4", "Y5 G6 Y7 Y8 B8"], "R7")
    m = GnonoAI(level, 1).choose(s.view(0))
    assert m == Play(0, card_in(s, 0, "R+2"))


def test_hard_wild_draw_four_against_the_seat_about_to_win():
    s = S(3, ["W+4 G3 G5 G6 B1", "Y4", "Y5 G6 Y7 Y8 B8"], "R7")
    m = GnonoAI("hard", 1).choose(s.view(0))
    assert m.card == card_in(s, 0, "W+4") and m.color == "G"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_colour_named_is_the_one_held_most(level):
    s = S(3, ["W B1 B2 B5 G3", "Y4 Y6 Y7", "Y5 G6 Y7 Y8 B8"], "R7")
    m = GnonoAI(level, 1).choose(s.view(0))
    assert m.card.is_wild and m.color == "B"


def test_hard_prefers_a_colour_the_next_player_lacks_on_a_tie():
    s = S(3, ["W B1 G3", "Y4 Y6 Y7", "Y5 G6 Y7 Y8 B8"], "R7")
    s.last_drew_on[1] = "G"
    m = GnonoAI("hard", 1).choose(s.view(0))
    assert m.color == "G"


def test_hard_does_not_bluff_a_wild_draw_four():
    s = S(3, ["W+4 R3", "Y4", "Y5 G6 Y7 Y8 B8"], "R7")
    m = GnonoAI("hard", 1).choose(s.view(0))
    assert m == Play(0, card_in(s, 0, "R3"))


def test_draws_when_nothing_fits():
    s = S(3, ["G3 G5 B1", "Y4 Y6", "Y5 G6"], "R7")
    for level in ("easy", "normal", "hard", "baseline"):
        assert make_ai(level, 1).choose(s.view(0)) == Draw(0)


def test_plays_the_drawn_card_and_colour_choice_phase():
    s = S(3, ["G1 G2", "R3 R4", "R5 R6"], "R7", draw="R9")
    s.apply(Draw(0))
    assert GnonoAI("hard", 1).choose(s.view(0)) == PlayDrawn(0)
    s = S(3, ["W G1 G2", "R3 R4", "R5 R6"], "R7")
    play(s, 0, "W")
    assert GnonoAI("normal", 1).choose(s.view(0)) == ChooseColor(0, "G")


def test_hard_challenges_a_big_hand_not_a_small_one():
    s = S(3, ["W+4 G1 G2 G3 G4 G5 B6 B7 B8 Y1 Y2", "R3 R4", "R5 R6"], "B7")
    play(s, 0, "W+4", "G")
    assert GnonoAI("hard", 1).choose(s.view(1)) == Challenge(1, True)
    s = S(3, ["W+4 G1", "R3 R4", "R5 R6"], "R7")
    play(s, 0, "W+4", "G")
    assert GnonoAI("hard", 1).choose(s.view(1)) == Challenge(1, False)


def test_guilt_probability_uses_what_was_seen():
    ai = GnonoAI("hard", 1)
    s = S(3, ["W+4 G1 G2 G3", "R3 R4 R5 R6 R8 R9 R1 R2", "Y5 Y6"], "R7")
    play(s, 0, "W+4", "G")
    p_few_reds_left = ai.guilt_probability(s.view(1))
    s = S(3, ["W+4 G1 G2 G3", "B3 B4 B5 B6 B8 B9 B1 B2", "Y5 Y6"], "R7")
    play(s, 0, "W+4", "G")
    p_many_reds_left = ai.guilt_probability(s.view(1))
    assert 0 <= p_few_reds_left < p_many_reds_left <= 1


def test_stacks_when_it_can():
    opts = GnonoOptions(stacking=True)
    s = S(3, ["R+2 R1", "G+2 G4", "G5 G6"], "R7", options=opts)
    play(s, 0, "R+2")
    assert GnonoAI("hard", 1).choose(s.view(1)) == Play(1, card_in(s, 1, "G+2"))
    s = S(3, ["W+4 G1", "W+4 G4", "G5 G6"], "R7", options=opts)
    play(s, 0, "W+4", "G")
    assert s.phase == CHALLENGE
    m = GnonoAI("hard", 1).choose(s.view(1))
    assert isinstance(m, Play) and m.card.is_wild_draw_four


def test_jump_in_and_swap():
    opts = GnonoOptions(jump_in=True, seven_zero=True)
    s = S(4, ["G1 G2", "R3 R4", "R7 G6 B7", "Y1 Y2"], "R7", options=opts)
    assert GnonoAI("hard", 1).jump_in(s.view(2)) == Play(2, card_in(s, 2, "R7"))
    assert GnonoAI("hard", 1).jump_in(s.view(3)) is None
    s = S(3, ["R7 G2 G3 G4", "R3 R4 R5", "R5"], "R1", options=opts)
    play(s, 0, "R7")
    assert GnonoAI("hard", 1).choose(s.view(0)).target == 2     # the smallest hand


# ------------------------------------------------------------------ UNO!
def test_uno_call_and_catch_willingness():
    s = S(3, ["R1 R2", "G3 G4", "G5 G6"], "R7")
    play(s, 0, "R1")
    for level in ("easy", "normal", "hard"):
        ai = GnonoAI(level, 2)
        assert ai.wants_to_call_uno(s.view(0))
        assert not ai.wants_to_call_uno(s.view(1))
        assert ai.catch_target(s.view(1)) == 0
        assert ai.catch_target(s.view(0)) is None
    assert GnonoAI("hard", 1).call_move(s.view(0)) == CallUno(0)
    s.apply(CallUno(0))
    assert GnonoAI("hard", 1).catch_target(s.view(1)) is None


def test_easy_forgets_uno_sometimes_hard_never():
    s = S(3, ["R1 R2", "G3 G4", "G5 G6"], "R7")
    play(s, 0, "R1")
    v = s.view(0)
    easy, hard = GnonoAI("easy", 3), GnonoAI("hard", 3)
    calls = Counter(easy.would_call_uno(v) for _ in range(1000))
    assert 500 < calls[True] < 900
    assert all(hard.would_call_uno(v) for _ in range(200))
    normal = GnonoAI("normal", 4)
    catches = Counter(normal.would_catch(s.view(1)) for _ in range(1000))
    assert 400 < catches[0] < 800
    assert easy.catch_chance < GnonoAI("normal", 1).catch_chance < hard.catch_chance
    lo, hi = easy.reaction_range
    assert lo <= easy.reaction_time() <= hi
    assert Catch(1, 0) == GnonoAI("hard", 5).catch_move(s.view(1))


def test_baseline_never_challenges_and_calls():
    b = BaselineAI(rng=1)
    assert b.call_chance == 1.0 and b.catch_chance == 0.0
    s = S(3, ["W+4 R2 G3", "R4 R5", "R6 R8"], "R7")
    play(s, 0, "W+4", "G")
    assert b.choose(s.view(1)) == Challenge(1, False)


# ------------------------------------------------------------------ soak and runner
@pytest.mark.parametrize("levels,options", [
    (["hard", "baseline"], GnonoOptions()),
    (["easy", "normal"], GnonoOptions(draw_until_playable=True, wd4_rule="gnono")),
    (["hard", "normal", "easy", "baseline"], GnonoOptions()),
    (["hard", "normal", "easy", "hard"], GnonoOptions(stacking=True, jump_in=True,
                                                      seven_zero=True, hand_size=11)),
    (["hard", "normal", "easy", "baseline", "hard", "normal", "easy", "baseline", "hard",
      "easy"], GnonoOptions()),
    (["hard"] * 5 + ["easy"] * 5, GnonoOptions(stacking=True, jump_in=True, seven_zero=True,
                                               wd4_challenge=False)),
])
def test_soak_computer_only_games(levels, options):
    # about 20 s for the six together; GNERTS_SOAK=1 plays a hundred times more
    games = (20 if len(levels) > 2 else 25) * SOAK
    r = play_games(levels, games, seed=len(levels), options=options, check=True)
    assert sum(r["wins"].values()) == games


def test_sim_runner_prints(capsys):
    assert sim_main(["--players", "hard,easy", "--games", "2", "--playout", "100",
                     "--time", "--check"]) == 0
    out = capsys.readouterr().out
    assert "games/s" in out and "median" in out


def test_sim_help():
    with pytest.raises(SystemExit) as e:
        sim_main(["--help"])
    assert e.value.code == 0


def test_hard_stops_challenging_a_player_found_innocent():
    s = S(3, ["W+4 G1 G2 G3 G4 G5 B6 B7 B8 Y1 Y2", "R3 R4", "R5 R6"], "B7")
    play(s, 0, "W+4", "G")
    assert GnonoAI("hard", 1).choose(s.view(1)) == Challenge(1, True)
    s.wd4_record[0] = [0, 4]
    assert GnonoAI("hard", 1).choose(s.view(1)) == Challenge(1, False)
