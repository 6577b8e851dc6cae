"""The expert's reading of the other seat's hand (game.gnono.reading): notes taken
from the plays seen, hands dealt by them, and nothing read from hidden cards."""
import copy
import random

from game.gnono.ai import make_ai
from game.gnono.cards import Card
from game.gnono.expert import ExpertAI, unseen_cards
from game.gnono.reading import HandSampler, Note, PlayReader
from game.gnono.rules import ROUND_OVER, Draw, GnonoOptions, GnonoState, KeepDrawn, Play
from tests.gnono_helpers import card_in

S = GnonoState.setup


def test_a_colour_switch_by_number_notes_the_old_colour_lacked():
    s = S(2, ["R5 B2 G9", "B5 Y1 Y2 Y3"], "R1", current=0)
    reader = PlayReader()
    reader.update(s.view(0))
    mv = Play(0, card_in(s, 0, "R5"))
    reader.mine(s.view(0), mv)
    s.apply(mv)
    s.apply(Play(1, card_in(s, 1, "B5")))          # red to blue by the number
    reader.update(s.view(0))
    notes = reader.live_notes(s.view(0))
    assert [(n.color, n.wild) for n, _ in notes] == [("R", False)]
    assert notes[0][0].breaks(Card.parse("R7")) and not notes[0][0].breaks(Card.parse("Y7"))


def test_a_wild_notes_colour_and_number_lacked_and_a_draw_notes_wilds():
    s = S(2, ["R5 B2 G9", "W Y1 Y2 Y3"], "R1", current=0, draw="G4")
    reader = PlayReader()
    mv = Play(0, card_in(s, 0, "R5"))
    reader.mine(s.view(0), mv)
    s.apply(mv)
    s.apply(Play(1, card_in(s, 1, "W"), "Y"))
    reader.update(s.view(0))
    (n, new), = reader.live_notes(s.view(0))
    assert (n.color, n.face, new) == ("R", "5", 0)
    assert n.breaks(Card.parse("G5")) and not n.breaks(Card.parse("G4"))
    mv = Draw(0)                                    # I draw on yellow: the G4, kept
    reader.mine(s.view(0), mv)
    s.apply(mv)
    if s.current == 0:
        s.apply(KeepDrawn(0))
    s.apply(Draw(1))                                # it draws on yellow and cannot play
    if s.current == 1:
        s.apply(KeepDrawn(1))
    reader.update(s.view(0))
    notes = reader.live_notes(s.view(0))
    assert any(n.wild and n.color == "Y" for n, _ in notes)


def test_cards_drawn_since_a_note_are_free_of_it():
    reader = PlayReader()
    reader.notes = [Note("R", None, False, False, count=3)]
    s = S(2, ["G1", "B1 B2 B3 B4 B5"], "G2", current=0)   # it has 5 now: 2 drawn since
    (n, new), = reader.live_notes(s.view(0))
    assert new == 2


def test_sampled_hands_keep_to_the_notes_mostly_and_use_only_unseen_cards():
    s = S(2, ["G1 G2", "B1 B2 B3 B4 B5"], "G3", current=0)
    view = s.view(0)
    unseen = unseen_cards(view)
    note = Note("R", None, True, False, count=5)
    sampler = HandSampler(unseen, 5, [(note, 0)])
    rng = random.Random(3)
    broken = 0
    for _ in range(200):
        hand, stock = sampler.sample(rng)
        assert len(hand) == 5 and len(hand) + len(stock) == len(unseen)
        assert sorted(c.token for c in hand + stock) == sorted(c.token for c in unseen)
        broken += sum(1 for c in hand if note.breaks(c))
    plain = HandSampler(unseen, 5, [])
    broken_plain = sum(sum(1 for c in plain.sample(rng)[0] if note.breaks(c)) for _ in range(200))
    assert broken * 3 < broken_plain


def test_an_expert_reading_a_whole_round_decides_the_same_whatever_the_hidden_cards():
    """The reader is fed views only: at any point of a round, the expert as it then
    is gives the same move when the other hand and the stock are dealt anew."""
    from tests.test_gnono_expert import reshuffle_hidden
    rng = random.Random(8)
    checked = 0
    for g in range(4):
        s = GnonoState(2, 300 + g)
        ais = [ExpertAI(g, samples=4), make_ai("hard", g)]
        while s.phase != ROUND_OVER:
            cur = s.current
            if cur == 0 and len(s.seen) > 4:
                twin = copy.deepcopy(ais[0])
                other = reshuffle_hidden(s, 0, rng)
                assert twin.choose(other.view(0)) == copy.deepcopy(ais[0]).choose(s.view(0))
                checked += 1
            s.apply(ais[cur].choose(s.view(cur)))
    assert checked > 10


def test_a_reader_met_mid_round_reads_nothing_it_cannot_tell_apart():
    """A game resumed mid-round: whose plays the seen cards were is not known."""
    s = S(2, ["R5 B2 G9", "B5 Y1 Y2 Y3"], "R1", current=0)
    for seat, text in ((0, "R5"), (1, "B5"), (0, "B2")):
        s.apply(Play(seat, card_in(s, seat, text)))
    reader = PlayReader()
    reader.update(s.view(1))
    assert reader.live_notes(s.view(1)) == []


def test_with_seven_zero_swaps_only_draws_are_read():
    """Hands can change owner: a note on a hand could describe mine."""
    s = S(2, ["R5 B2 G9", "B5 Y1 Y2 Y3"], "R1", current=0, options=GnonoOptions(seven_zero=True))
    reader = PlayReader()
    mv = Play(0, card_in(s, 0, "R5"))
    reader.mine(s.view(0), mv)
    s.apply(mv)
    s.apply(Play(1, card_in(s, 1, "B5")))
    reader.update(s.view(0))
    assert reader.live_notes(s.view(0)) == []
