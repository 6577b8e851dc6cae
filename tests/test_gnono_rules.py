"""Every rule of the Gnono sheet (/work/shared/rules/gnono.md), in constructed positions."""
import pytest

from game import engine
from game.gnono.cards import Card
from game.gnono.rules import (
    CHALLENGE,
    COLOR,
    DRAWN,
    GAME_OVER,
    PLAY,
    ROUND_OVER,
    CallUno,
    Catch,
    Challenge,
    ChooseColor,
    Draw,
    Event,
    GnonoOptions,
    GnonoState,
    KeepDrawn,
    NextRound,
    Play,
    PlayDrawn,
)
from tests.gnono_helpers import card_in, conserved, hand, kinds, play, refused

S = GnonoState.setup


# ------------------------------------------------------------------ setup and deal
@pytest.mark.parametrize("n", [2, 3, 4, 7, 10])
def test_deal_seven_each(n):
    s = GnonoState(n, seed=n)
    assert all(len(h) == 7 for h in s.hands) or s.discard[0].face == "+2"
    assert len(s.discard) == 1 and not s.discard[0].is_wild
    assert s.phase == PLAY
    conserved(s)


def test_deal_eleven_option():
    s = GnonoState(4, seed=1, options=GnonoOptions(hand_size=11))
    assert sorted(len(h) for h in s.hands)[:3] == [11, 11, 11]
    conserved(s)


@pytest.mark.parametrize("n", [1, 11, 0])
def test_player_count_limits(n):
    with pytest.raises(ValueError):
        GnonoState(n, seed=0)


def test_too_many_cards_for_ten_players_of_eleven():
    with pytest.raises(ValueError):
        GnonoState(10, seed=0, options=GnonoOptions(hand_size=11))
    GnonoState(9, seed=0, options=GnonoOptions(hand_size=11))


def test_dealer_random_and_passes_left():
    dealers = {GnonoState(5, seed=k).dealer for k in range(40)}
    assert dealers == set(range(5))       # chosen at random
    s = GnonoState(5, seed=3)
    first = s.dealer
    s.phase = ROUND_OVER
    s.apply(NextRound())
    assert s.dealer == (first + 1) % 5


def _seed_with_first(pred, n=4):
    for seed in range(5000):
        s = GnonoState(n, seed=seed)
        if pred(s):
            return s
    raise AssertionError("no seed found")


def _first_card(s):
    return next(e.card for e in s.deal_events if e.kind == "first_card")


def test_first_card_number_play_starts_left_of_dealer():
    s = _seed_with_first(lambda s: _first_card(s).is_number)
    assert s.current == (s.dealer + 1) % 4 and s.direction == 1
    assert all(len(h) == 7 for h in s.hands)
    assert s.color == s.discard[0].color


def test_first_card_wild_goes_back_and_a_new_card_is_turned():
    s = _seed_with_first(lambda s: "wild_returned" in kinds(s.deal_events))
    returned = [e.card for e in s.deal_events if e.kind == "wild_returned"]
    assert all(c.is_wild for c in returned)
    assert not s.discard[0].is_wild and len(s.discard) == 1
    for c in returned:
        assert c in s.draw_pile
    assert len(s.draw_pile) == 108 - 28 - 1
    conserved(s)


def test_first_card_skip_first_player_misses_turn():
    s = _seed_with_first(lambda s: _first_card(s).face == "S")
    first = (s.dealer + 1) % 4
    assert s.current == (s.dealer + 2) % 4
    assert any(e.kind == "skipped" and e.seat == first for e in s.deal_events)


def test_first_card_reverse_dealer_plays_and_direction_changes():
    s = _seed_with_first(lambda s: _first_card(s).face == "R")
    assert s.current == s.dealer and s.direction == -1
    assert "reversed" in kinds(s.deal_events)


def test_first_card_draw_two_first_player_draws_and_misses_turn():
    s = _seed_with_first(lambda s: _first_card(s).face == "+2")
    first = (s.dealer + 1) % 4
    assert len(s.hands[first]) == 9
    assert s.current == (s.dealer + 2) % 4
    conserved(s)


# ------------------------------------------------------------------ a turn
def test_match_by_colour_number_symbol_or_wild():
    s = S(3, ["R1 G7 BS Y2 W W+4", "R3 R4", "R5 R6"], "R7")
    assert s.is_legal(Play(0, card_in(s, 0, "R1")))       # colour
    assert s.is_legal(Play(0, card_in(s, 0, "G7")))       # number
    assert s.is_legal(Play(0, card_in(s, 0, "W")))        # wild
    refused(s, Play(0, card_in(s, 0, "BS")))
    refused(s, Play(0, card_in(s, 0, "Y2")))
    s2 = S(3, ["GS B1", "R3 R4", "R5 R6"], "RS")
    assert s2.is_legal(Play(0, card_in(s2, 0, "GS")))     # symbol
    refused(s2, Play(0, card_in(s2, 0, "B1")))


def test_not_your_turn_and_not_your_card():
    s = S(3, ["R1 R2", "R3 R4", "R5 R6"], "R7")
    refused(s, Play(1, card_in(s, 1, "R3")))
    refused(s, Play(0, Card.parse("R9")))
    refused(s, Draw(2))
    refused(s, Play(0, card_in(s, 0, "R1"), "G"))          # only a Wild names a colour
    refused(s, Play(7, card_in(s, 0, "R1")))


def test_play_passes_left():
    s = S(3, ["R1 R2", "R3 R4", "R5 R6"], "R7")
    ev = play(s, 0, "R1")
    assert kinds(ev) == ["played", "turn"] and s.current == 1
    assert str(s.top) == "R1"


def test_wild_with_colour_and_on_a_wild_only_the_colour_matches():
    s = S(3, ["W R2 G2", "G7 R7 B5", "R5 R6"], "R7")
    play(s, 0, "W", "G")
    assert s.color == "G" and s.current == 1
    refused(s, Play(1, card_in(s, 1, "R7")))
    refused(s, Play(1, card_in(s, 1, "B5")))
    play(s, 1, "G7")


def test_wild_without_colour_asks_for_one():
    s = S(3, ["W R2 G2", "G7 R7", "R5 R6"], "R7")
    play(s, 0, "W")
    assert s.phase == COLOR and s.current == 0
    refused(s, Draw(0))
    refused(s, ChooseColor(1, "G"))
    refused(s, ChooseColor(0, "X"))
    ev = s.apply(ChooseColor(0, "B"))
    assert kinds(ev) == ["color", "turn"] and s.color == "B" and s.current == 1


def test_draw_one_while_holding_a_playable_card_and_play_it():
    s = S(3, ["R1 R2", "R3 R4", "R5 R6"], "R7", draw="R8 G1")
    ev = s.apply(Draw(0))
    assert kinds(ev) == ["drew"] and [str(c) for c in ev[0].cards] == ["R8"]
    assert s.phase == DRAWN and str(s.drawn_card) == "R8"
    refused(s, Play(0, card_in(s, 0, "R1")))   # only the drawn card may be played now
    ev = s.apply(PlayDrawn(0))
    assert str(s.top) == "R8" and s.current == 1 and len(s.hands[0]) == 2


def test_drawn_card_may_be_kept():
    s = S(3, ["R1 R2", "R3 R4", "R5 R6"], "R7", draw="R8")
    s.apply(Draw(0))
    ev = s.apply(KeepDrawn(0))
    assert kinds(ev) == ["passed", "turn"] and s.current == 1 and len(s.hands[0]) == 3


def test_drawn_unplayable_card_passes():
    s = S(3, ["G1 G2", "R3 R4", "R5 R6"], "R7", draw="B1")
    ev = s.apply(Draw(0))
    assert kinds(ev) == ["drew", "passed", "turn"] and s.current == 1
    assert hand(s, 0) == ["B1", "G1", "G2"]


def test_drawn_wild_asks_colour_when_played():
    s = S(3, ["G1 G2", "R3 R4", "R5 R6"], "R7", draw="W")
    s.apply(Draw(0))
    refused(s, PlayDrawn(0, "X"))
    s.apply(PlayDrawn(0, "G"))
    assert s.color == "G" and s.current == 1


def test_draw_until_playable_option():
    opts = GnonoOptions(draw_until_playable=True)
    s = S(3, ["G1 G2", "R3 R4", "R5 R6"], "R7", draw="B1 B2 Y3 R9 G5", options=opts)
    ev = s.apply(Draw(0))
    assert [str(c) for c in ev[0].cards] == ["B1", "B2", "Y3", "R9"]
    assert s.phase == DRAWN and str(s.drawn_card) == "R9"
    refused(s, KeepDrawn(0))
    s.apply(PlayDrawn(0))
    assert str(s.top) == "R9"


def test_draw_one_is_the_default():
    s = S(3, ["G1 G2", "R3 R4", "R5 R6"], "R7", draw="B1 B2 R9")
    ev = s.apply(Draw(0))
    assert ev[0].count == 1 and s.current == 1


# ------------------------------------------------------------------ action cards
def test_skip():
    s = S(3, ["RS R2", "R3 R4", "R5 R6"], "R7")
    ev = play(s, 0, "RS")
    assert ("skipped", 1) in [(e.kind, e.seat) for e in ev] and s.current == 2


def test_reverse():
    s = S(4, ["RR R2", "R3 R4", "R5 R6", "R8 R9"], "R7")
    ev = play(s, 0, "RR")
    assert "reversed" in kinds(ev) and s.direction == -1 and s.current == 3
    play(s, 3, "R8")
    assert s.current == 2


def test_draw_two():
    s = S(3, ["R+2 R2", "R3 R4", "R5 R6"], "R7", draw="G1 G2")
    ev = play(s, 0, "R+2")
    assert hand(s, 1) == ["G1", "G2", "R3", "R4"]
    assert ("skipped", 1) in [(e.kind, e.seat) for e in ev] and s.current == 2


def test_skip_wraps_around_ten_players():
    s = S(10, [f"Y{k} B{k}" for k in range(9)] + ["RS G2"], "R0", current=9)
    play(s, 9, "RS")
    assert s.current == 1


# ------------------------------------------------------------------ two players
def test_two_players_skip_plays_again():
    s = S(2, ["RS R2 R3", "R4 R5"], "R7")
    play(s, 0, "RS")
    assert s.current == 0 and s.phase == PLAY


def test_two_players_reverse_works_like_skip():
    s = S(2, ["RR R2 R3", "R4 R5"], "R7")
    ev = play(s, 0, "RR")
    assert s.current == 0 and "skipped" in kinds(ev)


def test_two_players_draw_two_opponent_draws_and_player_again():
    s = S(2, ["R+2 R2 R3", "R4 R5"], "R7")
    play(s, 0, "R+2")
    assert len(s.hands[1]) == 4 and s.current == 0


def test_two_players_wild_draw_four():
    s = S(2, ["W+4 G2 G3", "R4 R5"], "R7")
    play(s, 0, "W+4", "G")
    assert s.phase == CHALLENGE and s.current == 1
    s.apply(Challenge(1, False))
    assert len(s.hands[1]) == 6 and s.current == 0 and s.phase == PLAY


# ------------------------------------------------------------------ Wild Draw Four
def test_wd4_accepted_next_draws_four_and_misses_turn():
    s = S(3, ["W+4 G2 G3", "R4 R5", "R6 R8"], "R7", draw="Y1 Y2 Y3 Y4")
    play(s, 0, "W+4", "G")
    refused(s, Play(1, card_in(s, 1, "R4")))
    refused(s, Challenge(2, True))
    ev = s.apply(Challenge(1, False))
    assert hand(s, 1) == ["R4", "R5", "Y1", "Y2", "Y3", "Y4"]
    assert s.current == 2 and "skipped" in kinds(ev)


def test_wd4_challenge_guilty_offender_draws_four():
    # seat 0 holds a red card on a red top: unlawful under the colour rule
    s = S(3, ["W+4 R2 G3", "R4 R5", "R6 R8"], "R7", draw="Y1 Y2 Y3 Y4")
    play(s, 0, "W+4", "G")
    ev = s.apply(Challenge(1, True))
    ch = next(e for e in ev if e.kind == "challenged")
    assert ch.guilty is True and ch.target == 0
    assert sorted(str(c) for c in ch.cards) == ["G3", "R2"]     # the hand shown
    assert len(s.hands[0]) == 6 and len(s.hands[1]) == 2
    assert s.current == 1 and s.phase == PLAY and s.color == "G"   # challenger plays


def test_wd4_challenge_innocent_challenger_draws_six():
    # holding a matching number (G7 on R7) is still lawful under the colour rule
    s = S(3, ["W+4 G7 G3", "R4 R5", "R6 R8"], "R7")
    play(s, 0, "W+4", "G")
    ev = s.apply(Challenge(1, True))
    assert next(e for e in ev if e.kind == "challenged").guilty is False
    assert len(s.hands[1]) == 8 and len(s.hands[0]) == 2 and s.current == 2


def test_wd4_gnono_rule_is_stricter():
    opts = GnonoOptions(wd4_rule="gnono")
    s = S(3, ["W+4 G7 G3", "R4 R5", "R6 R8"], "R7", options=opts)
    play(s, 0, "W+4", "B")
    ev = s.apply(Challenge(1, True))
    assert next(e for e in ev if e.kind == "challenged").guilty is True   # G7 was playable
    # holding only another Wild is allowed under the Gnono rule
    s = S(3, ["W+4 W G3", "R4 R5", "R6 R8"], "R7", options=opts)
    play(s, 0, "W+4", "B")
    ev = s.apply(Challenge(1, True))
    assert next(e for e in ev if e.kind == "challenged").guilty is False


def test_wd4_without_challenge_option_refuses_unlawful_play():
    opts = GnonoOptions(wd4_challenge=False)
    s = S(3, ["W+4 R2 G3", "R4 R5", "R6 R8"], "R7", options=opts)
    refused(s, Play(0, card_in(s, 0, "W+4"), "G"))
    s = S(3, ["W+4 B2 G3", "R4 R5", "R6 R8"], "R7", options=opts)
    play(s, 0, "W+4", "G")
    assert len(s.hands[1]) == 6 and s.current == 2


def test_wd4_colour_chosen_after_then_challenge():
    s = S(3, ["W+4 G2 G3", "R4 R5", "R6 R8"], "R7")
    play(s, 0, "W+4")
    assert s.phase == COLOR
    s.apply(ChooseColor(0, "G"))
    assert s.phase == CHALLENGE and s.current == 1


# ------------------------------------------------------------------ reshuffle
def test_reshuffle_when_draw_pile_runs_out():
    s = S(3, ["G1 G2", "R3 R4", "R5 R6"], "R7", rest="discard")
    assert s.draw_pile == []
    n_discard = len(s.discard)
    ev = s.apply(Draw(0))
    assert kinds(ev)[0] == "reshuffled" and ev[0].count == n_discard - 1
    assert len(s.discard) == 1 and str(s.top) == "R7"
    assert len(s.draw_pile) == n_discard - 2
    conserved(s)


def test_penalty_reshuffles_midway():
    s = S(3, ["R+2 G2", "R3 R4", "R5 R6"], "R7", draw="B1", rest="discard")
    ev = play(s, 0, "R+2")
    assert "reshuffled" in kinds(ev) and len(s.hands[1]) == 4
    conserved(s)


def test_nothing_to_draw_passes():
    s = S(3, ["G1 G2", "R3 R4", "R5 R6"], "R7", rest="discard")
    s.draw_pile = []
    everything = s.discard[:-1]
    s.discard = s.discard[-1:]
    s.hands[2].extend(everything)
    ev = s.apply(Draw(0))
    assert ev[0].count == 0 and s.current == 1
    conserved(s)


# ------------------------------------------------------------------ UNO!
def test_uno_forgotten_caught_draws_two():
    s = S(3, ["R1 R2", "G3 G4", "G5 G6"], "R7", draw="B1 B2")
    play(s, 0, "R1")
    assert s.uno_window == 0
    refused(s, Catch(0, 0))
    ev = s.apply(Catch(2, 0))
    assert kinds(ev)[:2] == ["caught", "drew"] and hand(s, 0) == ["B1", "B2", "R2"]
    assert s.uno_window is None
    refused(s, Catch(1, 0))


def test_uno_called_cannot_be_caught():
    s = S(3, ["R1 R2", "G3 G4", "G5 G6"], "R7")
    play(s, 0, "R1")
    s.apply(CallUno(0))
    assert s.uno_window is None and s.uno_called[0]
    refused(s, Catch(1, 0))


def test_uno_called_before_playing():
    s = S(3, ["R1 R2", "G3 G4", "G5 G6"], "R7")
    refused(s, CallUno(1))
    s.apply(CallUno(0))
    play(s, 0, "R1")
    assert s.uno_window is None
    refused(s, Catch(1, 0))


def test_uno_window_closes_when_next_player_acts():
    s = S(3, ["R1 R2", "R3 G4 G8", "G5 G6"], "R7")
    play(s, 0, "R1")
    assert s.uno_window == 0
    play(s, 1, "R3")
    assert s.uno_window is None
    refused(s, Catch(2, 0))
    refused(s, CallUno(0))


def test_uno_window_closes_when_next_player_draws():
    s = S(3, ["R1 R2", "G3 G4", "G5 G6"], "R7", draw="B1")
    play(s, 0, "R1")
    s.apply(Draw(1))
    refused(s, Catch(2, 0))


def test_uno_window_open_during_own_colour_choice_and_challenge():
    s = S(3, ["W+4 G2", "R3 R4", "G5 G6"], "R7")
    play(s, 0, "W+4")
    assert s.uno_window == 0
    s.apply(ChooseColor(0, "G"))
    assert s.uno_window == 0             # still the same turn
    s.apply(Catch(2, 0))                 # caught while seat 1 decides
    assert len(s.hands[0]) == 3 and s.phase == CHALLENGE


def test_uno_two_players_own_next_turn_closes_window():
    s = S(2, ["RS R2 R3", "G3 G4"], "R7")
    play(s, 0, "RS")
    play(s, 0, "R2")
    assert s.uno_window == 0
    s.apply(CallUno(0))
    assert s.uno_called[0]


def test_drawing_clears_an_uno_call():
    s = S(3, ["R1 R2", "G3 G4", "G5 G6"], "R7", draw="B5 B6 Y9")
    play(s, 0, "R1")
    s.apply(CallUno(0))
    assert s.uno_called[0] and len(s.hands[0]) == 1
    s.apply(Draw(1))
    s.apply(Draw(2))
    s.apply(Draw(0))
    assert not s.uno_called[0]


# ------------------------------------------------------------------ end of round, scoring
def test_round_ends_and_winner_scores_the_other_hands():
    s = S(3, ["R1", "G3 GS W", "Y+2 B9 W+4 BR"], "R7", scores=[10, 0, 0])
    ev = play(s, 0, "R1")
    assert kinds(ev) == ["played", "round_over"]
    assert s.phase == ROUND_OVER
    assert ev[-1].points == 3 + 20 + 50 + 20 + 9 + 50 + 20 == 172
    assert s.totals == [182, 0, 0]
    refused(s, Draw(1))
    s.apply(NextRound())
    assert s.phase == PLAY and s.round_no == 2 and s.totals == [182, 0, 0]
    conserved(s)


def test_last_card_draw_two_still_draws_and_counts():
    s = S(3, ["R+2", "G3", "G5"], "R7", draw="B9 B8")
    ev = play(s, 0, "R+2")
    assert hand(s, 1) == ["B8", "B9", "G3"]
    assert ev[-1].kind == "round_over" and ev[-1].points == 3 + 9 + 8 + 5


def test_last_card_wild_draw_four_still_draws_and_counts():
    s = S(2, ["W+4", "G3"], "R7", draw="B1 B2 B3 B4")
    ev = play(s, 0, "W+4", "B")
    assert ev[-1].kind == "round_over" and ev[-1].points == 3 + 1 + 2 + 3 + 4
    assert s.phase == ROUND_OVER


def test_last_card_wild_needs_no_colour():
    s = S(2, ["W", "G3"], "R7")
    ev = play(s, 0, "W")
    assert ev[-1].kind == "round_over"


def test_game_ends_at_playout_score():
    s = S(2, ["R1", "G9"], "R7", scores=[495, 300])
    ev = play(s, 0, "R1")
    assert kinds(ev)[-2:] == ["round_over", "game_over"]
    assert s.phase == GAME_OVER and s.winner == 0 and s.totals == [504, 300]
    refused(s, NextRound())
    assert s.legal_moves() == []


def test_playout_score_option():
    s = S(2, ["R1", "G9"], "R7", options=GnonoOptions(playout_score=9))
    play(s, 0, "R1")
    assert s.phase == GAME_OVER


def test_ten_players_full_round():
    from game.gnono.ai import GnonoAI
    s = GnonoState(10, seed=5)
    ais = [GnonoAI("normal", k) for k in range(10)]
    for _ in range(5000):
        if s.phase != PLAY and s.phase not in (COLOR, DRAWN, CHALLENGE):
            break
        s.apply(ais[s.current].choose(s.view(s.current)))
    assert s.phase in (ROUND_OVER, GAME_OVER)
    conserved(s)


# ------------------------------------------------------------------ house rules
def test_stacking_off_by_default():
    s = S(3, ["R+2 R1", "G+2 G4", "G5 G6"], "R7", draw="B1 B2 B3 B4")
    play(s, 0, "R+2")
    assert len(s.hands[1]) == 4 and s.current == 2 and s.pending_draw == 0


def test_stacking_draw_two_on_draw_two():
    opts = GnonoOptions(stacking=True)
    s = S(3, ["R+2 R1", "G+2 G4 W+4", "G5 G6"], "R7", options=opts, draw="B1 B2 B3 B4")
    play(s, 0, "R+2")
    assert s.pending_draw == 2 and s.current == 1 and len(s.hands[1]) == 3
    refused(s, Play(1, card_in(s, 1, "W+4"), "G"))       # no +4 on +2
    refused(s, Play(1, card_in(s, 1, "G4")))
    play(s, 1, "G+2")
    assert s.pending_draw == 4 and s.current == 2
    ev = s.apply(Draw(2))                                  # cannot stack: takes all four
    assert len(s.hands[2]) == 6 and s.current == 0 and s.pending_draw == 0
    assert "skipped" in kinds(ev)


def test_stacking_four_on_four():
    opts = GnonoOptions(stacking=True)
    s = S(3, ["W+4 G1", "W+4 G4 G+2", "G5 G6"], "R7", options=opts)
    play(s, 0, "W+4", "G")
    assert s.phase == CHALLENGE and s.pending_draw == 4
    refused(s, Play(1, card_in(s, 1, "G+2")))            # no +2 on +4
    play(s, 1, "W+4", "B")
    assert s.pending_draw == 8 and s.current == 2 and s.phase == CHALLENGE
    s.apply(Challenge(2, False))
    assert len(s.hands[2]) == 10 and s.current == 0


def test_stacking_challenge_guilty_leaves_earlier_fours():
    opts = GnonoOptions(stacking=True)
    s = S(3, ["W+4 G1", "W+4 B4 G+2", "G5 G6"], "R7", options=opts)
    play(s, 0, "W+4", "G")
    play(s, 1, "W+4", "B")              # unlawful: seat 1 holds G+2 on green
    s.apply(Challenge(2, True))
    assert len(s.hands[1]) == 2 + 4     # the guilty one draws four
    assert len(s.hands[2]) == 2 + 4     # the lawful first four still lands
    assert s.current == 0


def test_jump_in_off_by_default():
    s = S(3, ["G1 G2", "R3 R4", "R7 G6"], "R7")
    refused(s, Play(2, card_in(s, 2, "R7")))


def test_jump_in_with_identical_card():
    opts = GnonoOptions(jump_in=True)
    s = S(4, ["G1 G2", "R3 R4", "R7 G6 B7", "Y1 Y2"], "R7", options=opts)
    refused(s, Play(2, card_in(s, 2, "B7")))             # same number, other colour
    refused(s, Play(3, card_in(s, 3, "Y1")))
    assert Play(2, card_in(s, 2, "R7")) in s.legal_moves(2)
    ev = play(s, 2, "R7")
    assert kinds(ev)[:2] == ["jump_in", "played"]
    assert s.current == 3                                # play goes on from the jumper
    assert len(s.hands[0]) == 2                          # seat 0 lost its turn


def test_jump_in_not_on_a_wild():
    opts = GnonoOptions(jump_in=True)
    s = S(3, ["G1 W", "R3 R4", "W G6"], "R7", options=opts)
    play(s, 0, "W", "R")
    refused(s, Play(2, card_in(s, 2, "W"), "G"))


def test_seven_zero_off_by_default():
    s = S(3, ["R7 G2", "R3 R4", "R5 G6"], "R1")
    play(s, 0, "R7")
    assert s.current == 1 and hand(s, 0) == ["G2"]


def test_seven_swaps_hands():
    from game.gnono.rules import SWAP, SwapHands
    opts = GnonoOptions(seven_zero=True)
    s = S(3, ["R7 G2", "R3 R4 R5", "R5 G6"], "R1", options=opts)
    play(s, 0, "R7")
    assert s.phase == SWAP and s.current == 0
    refused(s, SwapHands(0, 0))
    refused(s, SwapHands(1, 2))
    ev = s.apply(SwapHands(0, 1))
    assert "swapped" in kinds(ev)
    assert hand(s, 0) == ["R3", "R4", "R5"] and hand(s, 1) == ["G2"] and s.current == 1


def test_zero_passes_all_hands_in_direction():
    opts = GnonoOptions(seven_zero=True)
    s = S(3, ["R0 G2", "R3 R4", "Y5 G6 B1"], "R1", options=opts)
    play(s, 0, "R0")
    assert hand(s, 1) == ["G2"] and hand(s, 2) == ["R3", "R4"] and hand(s, 0) == ["B1", "G6", "Y5"]
    s = S(3, ["R0 G2", "R3 R4", "Y5 G6 B1"], "R1", options=opts, direction=-1)
    play(s, 0, "R0")
    assert hand(s, 2) == ["G2"] and hand(s, 1) == ["B1", "G6", "Y5"]


def test_seven_as_last_card_ends_the_round():
    opts = GnonoOptions(seven_zero=True)
    s = S(3, ["R7", "R3 R4", "R5 G6"], "R1", options=opts)
    play(s, 0, "R7")
    assert s.phase == ROUND_OVER


def test_options_validated():
    for bad in (dict(wd4_rule="x"), dict(hand_size=0), dict(playout_score=0),
                dict(stacking="yes")):
        with pytest.raises(ValueError):
            GnonoState(3, 0, GnonoOptions(**bad))


# ------------------------------------------------------------------ the notes line (narrate)
def test_every_event_kind_has_a_note_and_drawn_cards_stay_private():
    import random as _r

    from game.gnono.narrate import Speaker, narrate
    speaker = Speaker([f"P{k}" for k in range(4)])
    seen_kinds = set()
    opts = GnonoOptions(jump_in=True, seven_zero=True, stacking=True, playout_score=100)
    s = GnonoState(4, 3, opts)
    r = _r.Random(1)
    for e in s.deal_events:
        seen_kinds.add(e.kind)
        assert e.kind == "turn" or narrate(e, speaker, 0)[0]
    while s.phase != GAME_OVER:
        for e in s.apply(r.choice(s.legal_moves())):
            seen_kinds.add(e.kind)
            text, _cue = narrate(e, speaker, 0)
            assert (text is None) == (e.kind == "turn"), e
            if e.kind == "drew" and e.seat != 0 and e.cards:
                assert f"{e.count} card" in text and ":" not in text   # a count, not the cards
            assert isinstance(e.as_dict()["kind"], str)
    assert {"played", "drew", "uno", "round_over", "game_over"} <= seen_kinds


def test_an_event_keeps_seat_0_and_a_false_verdict():
    e = Event("challenged", seat=1, target=0, guilty=False)
    assert e.as_dict() == {"kind": "challenged", "seat": 1, "target": 0, "guilty": False}
    assert isinstance(e, engine.Event)   # Gnono's events are the engines' one type
    assert e.seat == 1 and e.data == {"target": 0, "guilty": False} and e.get("guilty") is False
    assert Event("drew", seat=2).as_dict() == {"kind": "drew", "seat": 2}   # defaults left out


def test_challenge_record_is_public_and_kept_over_the_game():
    s = S(3, ["W+4 R2 G3", "R4 R5", "R6 R8"], "R7")
    play(s, 0, "W+4", "G")
    s.apply(Challenge(1, True))
    assert s.wd4_record[0] == [1, 0]
    assert s.view(2).wd4_record[0] == (1, 0)
    s.phase = ROUND_OVER
    s.apply(NextRound())
    assert s.wd4_record[0] == [1, 0]
    assert GnonoState.from_json(s.to_json()).wd4_record == s.wd4_record


def test_jump_in_on_a_stacked_draw_two_adds_to_it():
    opts = GnonoOptions(jump_in=True, stacking=True)
    s = S(4, ["R+2 R1", "G4 G5", "R+2 G6 B7", "Y1 Y2"], "R7", options=opts)
    play(s, 0, "R+2")
    assert s.current == 1 and s.pending_draw == 2
    play(s, 2, "R+2")                       # identical card, out of turn
    assert s.pending_draw == 4 and s.current == 3
    s.apply(Draw(3))
    assert len(s.hands[3]) == 6 and s.current == 0


def test_jump_in_closes_the_uno_window():
    opts = GnonoOptions(jump_in=True)
    s = S(4, ["R3 R1", "G4 G5", "R1 G6 B7", "Y1 Y2"], "R7", options=opts)
    play(s, 0, "R1")
    assert s.uno_window == 0
    play(s, 2, "R1")                        # a turn move by another seat
    assert s.uno_window is None
    refused(s, Catch(1, 0))


def test_draw_with_a_pending_stack_is_the_only_way_out():
    opts = GnonoOptions(stacking=True)
    s = S(3, ["R+2 R1 R2", "G4 R5", "G5 G6"], "R7", options=opts)
    play(s, 0, "R+2")
    assert [m for m in s.legal_moves(1) if not isinstance(m, CallUno)] == [Draw(1)]
    refused(s, Play(1, card_in(s, 1, "R5")))


def test_play_drawn_in_a_damaged_state_with_no_drawn_card_is_refused_not_a_crash():
    from game.engine import IllegalMove
    from game.gnono.move_checks import check_move
    from game.gnono.rules import DRAWN, PlayDrawn
    s = GnonoState.setup(2, ["R7 G5", "B3 Y2"], "R1")
    s.phase = DRAWN          # damaged: the drawn card's phase, and no card drawn
    with pytest.raises(IllegalMove, match="no card was drawn"):
        check_move(s, PlayDrawn(s.current))
