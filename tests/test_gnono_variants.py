"""Gnono variants and rule fixes (issues #18, #22): mixed +2/+4 stacking, the drawn Wild
Draw Four under "draw until playable", the presets, and the computers playing each."""
import random

import pytest

from game.gnono.ai import make_ai
from game.gnono.rules import (
    CHALLENGE,
    DRAWN,
    GAME_OVER,
    PLAY,
    ROUND_OVER,
    Challenge,
    Draw,
    GnonoOptions,
    GnonoState,
    KeepDrawn,
    NextRound,
    Play,
    PlayDrawn,
)
from game.gnono.settings import PRESETS, preset_rules, variant_name
from tests.gnono_helpers import card_in, conserved, play, refused

S = GnonoState.setup
MIXED = GnonoOptions(stacking=True, stack_mixed=True)


# ------------------------------------------------------------------ mixed stacking
def test_mixed_stacking_is_off_by_default_and_needs_stacking():
    assert GnonoOptions().stack_mixed is False
    # mixed alone, without stacking: a Draw Two is just a Draw Two
    s = S(3, ["R+2 R1", "W+4 G4", "G5 G6"], "R7", options=GnonoOptions(stack_mixed=True))
    play(s, 0, "R+2")
    assert len(s.hands[1]) == 4 and s.current == 2 and s.pending_draw == 0


def test_a_wild_draw_four_goes_on_a_draw_two():
    s = S(3, ["R+2 R1", "W+4 G4", "G5 G6"], "R7", options=MIXED, draw="B1 B2 B3 B4 B5 B6")
    play(s, 0, "R+2")
    assert s.pending_draw == 2 and s.current == 1
    refused(s, Play(1, card_in(s, 1, "G4")))
    assert Play(1, card_in(s, 1, "W+4"), "G") in s.legal_moves(1)
    play(s, 1, "W+4", "G")
    assert s.pending_draw == 6 and s.phase == CHALLENGE and s.current == 2
    s.apply(Challenge(2, False))                       # no stack: takes the whole sum
    assert len(s.hands[2]) == 2 + 6 and s.current == 0 and s.pending_draw == 0
    conserved(s)


def test_same_kind_stacking_refuses_the_mix():
    s = S(3, ["R+2 R1", "W+4 G4", "G5 G6"], "R7", options=GnonoOptions(stacking=True))
    play(s, 0, "R+2")
    refused(s, Play(1, card_in(s, 1, "W+4"), "G"))


def test_a_draw_two_of_the_named_colour_goes_on_a_wild_draw_four():
    s = S(3, ["W+4 G1", "G+2 B+2 G4", "G5 G6"], "R7", options=MIXED, draw="B1 B2 B3 B4 B5 B6 B7")
    play(s, 0, "W+4", "G")
    assert s.phase == CHALLENGE and s.current == 1
    refused(s, Play(1, card_in(s, 1, "B+2")))           # not the colour named
    refused(s, Play(1, card_in(s, 1, "G4")))
    assert Play(1, card_in(s, 1, "G+2")) in s.legal_moves(1)
    play(s, 1, "G+2")
    assert s.pending_draw == 6 and s.current == 2 and s.phase == PLAY
    assert s.wd4 is None                                # the Four was let stand
    s.check_invariants()
    refused(s, Play(2, card_in(s, 2, "G5")))
    s.apply(Draw(2))
    assert len(s.hands[2]) == 2 + 6 and s.current == 0
    conserved(s)


def test_a_mixed_stack_alternates_and_the_last_player_draws_the_sum():
    s = S(4, ["R+2 R1", "W+4 G4", "G+2 Y1", "W+4 B4"], "R7", options=GnonoOptions(
        stacking=True, stack_mixed=True, wd4_challenge=False), draw="Y5 Y6 B5 B6 B7 B8 B9 G7 G8 G9 Y7 Y8")
    play(s, 0, "R+2")
    play(s, 1, "W+4", "G")
    play(s, 2, "G+2")
    play(s, 3, "W+4", "R")
    assert s.pending_draw == 12 and s.current == 0
    s.check_invariants()
    s.apply(Draw(0))
    assert len(s.hands[0]) == 1 + 12 and s.current == 1 and s.pending_draw == 0
    conserved(s)


def test_a_challenge_after_a_mixed_stack_counts_the_draw_two():
    s = S(3, ["R+2 R1", "W+4 R4", "G5 G6"], "R7", options=MIXED, draw="B1 B2 B3 B4 B5 B6 B7")
    play(s, 0, "R+2")
    play(s, 1, "W+4", "G")        # a bluff: seat 1 holds R4 on red
    s.apply(Challenge(2, True))
    assert len(s.hands[1]) == 1 + 4       # guilty: the four are his
    assert len(s.hands[2]) == 2 + 2       # the Draw Two below still lands
    assert s.current == 0


# ------------------------------------------------------------------ draw until playable
def test_draw_until_playable_passes_over_an_unlawful_wild_draw_four():
    opts = GnonoOptions(draw_until_playable=True)
    # seat 0 holds a red card: the W+4 it draws may not be played, so drawing goes on
    s = S(3, ["R1 G2", "R3 R4", "R5 R6"], "R7", draw="B1 W+4 Y3 R9", options=opts)
    ev = s.apply(Draw(0))
    assert [str(c) for c in ev[0].cards] == ["B1", "W+4", "Y3", "R9"]
    assert s.phase == DRAWN and str(s.drawn_card) == "R9"
    refused(s, KeepDrawn(0))
    s.apply(PlayDrawn(0))
    assert str(s.top) == "R9" and any(c.is_wild_draw_four for c in s.hands[0])


def test_draw_until_playable_stops_at_a_lawful_wild_draw_four():
    opts = GnonoOptions(draw_until_playable=True)
    s = S(3, ["G1 G2", "R3 R4", "R5 R6"], "R7", draw="B1 W+4 R9", options=opts)
    s.apply(Draw(0))
    assert s.phase == DRAWN and s.drawn_card.is_wild_draw_four
    s.apply(PlayDrawn(0, "G"))
    assert s.phase == CHALLENGE and s.wd4["guilty"] is False


def test_draw_one_still_offers_a_drawn_bluff_which_may_be_kept():
    s = S(3, ["R1 G2", "R3 R4", "R5 R6"], "R7", draw="W+4")
    s.apply(Draw(0))
    assert s.phase == DRAWN and s.drawn_card.is_wild_draw_four
    assert KeepDrawn(0) in s.legal_moves(0)
    s.apply(KeepDrawn(0))
    assert s.current == 1


# ------------------------------------------------------------------ presets
def test_the_presets_are_the_rules_they_name():
    assert preset_rules("Official") == GnonoOptions()
    house = preset_rules("House")
    assert house.stacking and house.stack_mixed and house.jump_in and house.seven_zero
    assert not house.draw_until_playable and house.hand_size == 7


def test_the_variant_of_a_game_is_its_preset_or_custom(tmp_path):
    from game.storage import Storage
    storage = Storage(str(tmp_path))
    assert variant_name(GnonoOptions(), storage) == "Official"
    assert variant_name(preset_rules("House"), storage) == "House"
    assert variant_name(GnonoOptions(hand_size=11), storage) == "custom"


# ------------------------------------------------------------------ the computers
@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_computers_play_every_preset_legally(preset, level):
    """Whole rounds between computers of a level: every move they choose is legal
    (apply raises otherwise), and under House some stacks are mixed."""
    mixed_seen = 0
    for seed in range(3):
        s = GnonoState(4, seed, preset_rules(preset))
        ais = [make_ai(level, random.Random(seed * 10 + i)) for i in range(4)]
        for _ in range(3000):
            if s.phase == GAME_OVER:
                break
            if s.phase == ROUND_OVER:
                s.apply(NextRound())
                if s.round_no > 2:
                    break
                continue
            seat = s.current
            before = (s.pending_face, s.top)
            move = ais[seat].choose(s.view(seat))
            s.apply(move)
            if isinstance(move, Play) and before[0] is not None and \
                    move.card.is_wild_draw_four != (before[0] == "+4"):
                mixed_seen += 1
            s.check_invariants()
    if preset == "House" and level != "easy":
        assert mixed_seen > 0
