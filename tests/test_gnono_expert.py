"""The Gnono expert (determinized search): legal, deterministic by seed, blind to
the hidden cards, and the same move whether thought out at once or over frames."""
import copy
import random

import pytest

from game.gnono.ai import LEVELS, make_ai
from game.gnono.expert import ExpertAI, deal_hidden, turn_value, unseen_cards
from game.gnono.rules import (
    COLOR,
    DRAWN,
    PLAY,
    ROUND_OVER,
    ChooseColor,
    Draw,
    GnonoOptions,
    GnonoState,
    KeepDrawn,
    Play,
    PlayDrawn,
)
from game.gnono.sim import main as sim_main
from game.gnono.sim import play_game, play_games
from tests.gnono_helpers import card_in, play

S = GnonoState.setup


def test_levels_weakest_to_strongest_and_make_ai():
    assert LEVELS == ("easy", "normal", "hard", "expert")
    assert isinstance(make_ai("expert", 3), ExpertAI)


def mid_round_states(n_players=2, count=12, seed=0):
    """States part-way through rounds of hard-vs-hard games, each on some seat's turn."""
    out = []
    rng = random.Random(seed)
    for g in range(count):
        s = GnonoState(n_players, seed * 1000 + g)
        ais = [make_ai("hard", g * 7 + i) for i in range(n_players)]
        for _ in range(rng.randrange(2, 16)):
            if s.phase == ROUND_OVER:
                break
            s.apply(ais[s.current].choose(s.view(s.current)))
        if s.phase != ROUND_OVER:
            out.append(s)
    return out


def reshuffle_hidden(s: GnonoState, seat: int, rng: random.Random) -> GnonoState:
    """The same state but with the cards `seat` cannot see (other hands, stock order)
    dealt again at random."""
    t = copy.deepcopy(s)
    others = [o for o in range(t.n) if o != seat]
    hidden = list(t.draw_pile)
    for o in others:
        hidden.extend(t.hands[o])
    rng.shuffle(hidden)
    for o in others:
        k = len(t.hands[o])
        t.hands[o] = hidden[:k]
        del hidden[:k]
    t.draw_pile = hidden
    return t


@pytest.mark.parametrize("n_players", [2, 4])
def test_decision_ignores_how_the_hidden_cards_lie(n_players):
    rng = random.Random(5)
    checked = 0
    for s in mid_round_states(n_players, 10, seed=n_players):
        seat = s.current
        other = reshuffle_hidden(s, seat, rng)
        assert other.hands != s.hands or other.draw_pile != s.draw_pile
        va, vb = s.view(seat), other.view(seat)
        assert va == vb
        a = ExpertAI(11, samples=4).choose(va)
        b = ExpertAI(11, samples=4).choose(vb)
        assert a == b
        assert s.is_legal(a) and other.is_legal(b)
        checked += 1
    assert checked >= 5


def test_deterministic_for_a_seed():
    a = play_game(["expert", "hard"], seed=3, single_round=True)
    b = play_game(["expert", "hard"], seed=3, single_round=True)
    assert (a.winner, a.scores, a.turns) == (b.winner, b.scores, b.turns)


def test_worlds_agree_with_the_view():
    for s in mid_round_states(3, 8, seed=9):
        v = s.view(s.current)
        hands, stock = deal_hidden(v, random.Random(1))
        assert [len(h) for h in hands] == list(v.counts)
        assert len(stock) == v.draw_pile_size
        assert hands[v.seat] == list(v.hand)
        dealt = [c for o, h in enumerate(hands) if o != v.seat for c in h] + stock
        assert sorted(map(repr, dealt)) == sorted(map(repr, unseen_cards(v)))


def test_a_seat_that_drew_on_a_colour_is_rarely_dealt_it():
    s = S(2, ["R1 R2 R3 G4", "B5 B6 B7 B8 Y1 Y2 Y3"], "G9")
    s.last_drew_on[1] = "R"
    v = s.view(0)
    reds = sum(c.color == "R" for k in range(200)
               for c in deal_hidden(v, random.Random(k))[0][1])
    assert reds < 200 * 7 * 0.1      # unconstrained, about a fifth of the cards are red


def test_same_move_over_frames_and_at_once_and_cancel_restores():
    for s in mid_round_states(2, 8, seed=4):
        v = s.view(s.current)
        at_once = ExpertAI(21, samples=6).choose(v)
        ai = ExpertAI(21, samples=6)
        ai.start_choice(v)
        assert ai.thinking
        move, steps = None, 0
        while move is None:
            move = ai.work(0.0002)
            steps += 1
        assert move == at_once and not ai.thinking
        ai = ExpertAI(21, samples=6)
        before = ai.rng.getstate()
        ai.start_choice(v)
        ai.work(0.0001)
        assert ai.rng_at_rest().getstate() == before
        ai.cancel()
        assert ai.rng.getstate() == before and ai.choose(v) == at_once


def test_work_without_a_choice_and_out_of_turn():
    ai = ExpertAI(1)
    with pytest.raises(ValueError):
        ai.work(0.001)
    s = S(2, ["R1 G2", "B3 B4"], "R7")
    with pytest.raises(ValueError):
        ai.start_choice(s.view(1))


def test_plays_the_winning_card_and_keeps_sensible_choices():
    # one card left that fits: play it
    s = S(2, ["R2 G5", "B3 B4 B5"], "R7", current=0)
    assert ExpertAI(1).choose(s.view(0)) in (Play(0, card_in(s, 0, "R2")),)
    # a colour to name after a Wild: legal, and one it holds
    s = S(2, ["W G1 G2 B5", "R3 R4 R5"], "R7")
    play(s, 0, "W")
    assert s.phase == COLOR
    m = ExpertAI(2).choose(s.view(0))
    assert isinstance(m, ChooseColor) and m.color in "GB"
    # a drawn card: played or kept, legally
    s = S(2, ["G1 G2", "R3 R4 R5"], "R7", draw="R9")
    s.apply(Draw(0))
    assert s.phase == DRAWN
    m = ExpertAI(3).choose(s.view(0))
    assert isinstance(m, (PlayDrawn, KeepDrawn)) and s.is_legal(m)
    # nothing fits: draw
    s = S(2, ["G1 G2", "R3 R4 R5"], "Y7")
    assert s.phase == PLAY and ExpertAI(4).choose(s.view(0)) == Draw(0)


def test_when_only_wilds_fit_drawing_is_searched_too():
    s = S(2, ["W G1 G2 B5", "R3 R4 R5"], "R7")
    ai = ExpertAI(5)
    cands = ai.candidates(s.view(0))
    assert Draw(0) in cands and cands[0] != Draw(0)
    assert {type(m) for m in cands} == {Play, Draw}
    for seed in range(4):
        assert s.is_legal(ExpertAI(seed).choose(s.view(0)))
    # a card that fits besides the Wild: no draw to search
    s = S(2, ["W R1 G2 B5", "R3 R4 R5"], "R7")
    assert Draw(0) not in ExpertAI(5).candidates(s.view(0))


def test_does_not_bluff_a_wild_draw_four():
    s = S(2, ["W+4 R3 G1", "B3 B4 B5"], "R7")
    for seed in range(5):
        m = ExpertAI(seed).choose(s.view(0))
        assert not (isinstance(m, Play) and m.card.is_wild_draw_four)


@pytest.mark.parametrize("levels,options", [
    (["expert", "hard"], GnonoOptions()),
    (["expert", "easy", "normal", "expert"], GnonoOptions(stacking=True, jump_in=True,
                                                         seven_zero=True)),
    (["expert", "hard", "baseline"], GnonoOptions(draw_until_playable=True, wd4_rule="gnono",
                                                  wd4_challenge=False, hand_size=11)),
])
def test_soak_legal_rounds(levels, options):
    # play_game applies every move through the engine, which refuses illegal ones
    r = play_games(levels, 4, seed=len(levels), options=options, check=True, single_round=True)
    assert sum(r["wins"].values()) == 4


def test_turn_value_is_a_chance_and_sums_over_seats():
    for n in (2, 3, 5):
        for s in mid_round_states(n, 4, seed=n + 20):
            vals = [turn_value(s, seat) for seat in range(n)]
            assert all(0.0 < v < 1.0 for v in vals)
            assert abs(sum(vals) - 1.0) < 1e-9


def test_turn_value_reads_more_than_hand_sizes():
    # same sizes and Wilds: the seat on turn holding nothing that fits is worse off
    fits = S(2, ["R1 R2 G3", "B4 B5 Y6"], "R7")
    stuck = S(2, ["Y1 Y2 G3", "B4 B5 Y6"], "R7")
    assert turn_value(fits, 0) > turn_value(stuck, 0)


def test_sim_runner_single_rounds(capsys):
    assert sim_main(["--players", "expert,easy", "--games", "2",
                     "--single-round", "--time"]) == 0
    assert "median" in capsys.readouterr().out
