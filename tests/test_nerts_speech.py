"""Spoken Nerts (#23): the notes said as they change, F11 says the layout and scores."""
import pygame

from game.nerts.controller import spoken_cards
from game.nerts.moves import WASTE, Move, Seated, Step
from game.nerts.rules import Game, NertsOptions, Round
from game.nerts.table import NertsTable
from game.speech import RecordingSpeaker
from tests.helpers import post_keys


def speaking(app):
    app.options["speech.on"] = True
    app.speaker = RecordingSpeaker()
    return app.speaker


def table_with(app, levels, layouts, rest="stack"):
    options = NertsOptions(seats=len(levels))
    game = Game(options, seed=7)
    game.round = Round.setup(layouts, options=options, seed=7, rest=rest)
    t = NertsTable(app, game, levels, seed=7)
    app.push(t)
    return t


def test_card_codes_become_words():
    assert spoken_cards("Not a standstill: you can still play 4C.") == \
        "Not a standstill: you can still play 4 of clubs."
    assert spoken_cards("TH does not go on KS") == "10 of hearts does not go on king of spades"


def test_a_refusal_and_an_agreement_are_spoken(app):
    t = table_with(app, ["human", "easy"],
                   [{"pile": "2C 3C 4C", "columns": ["KH", "KD", "QH", "QD"], "stack": "5C 6C 7C 8C",
                     "waste": "9C TC"},
                    {"pile": "2S 3S", "columns": ["KH", "KD", "QH", "QD"], "waste": "AS"}], rest="none")
    sp = speaking(app)
    post_keys("z")
    app.run(max_frames=1)
    assert t.ctl.game.round.votes == {0}
    text = " ".join(sp.said)
    assert "You agree to rotate" in text
    t.ctl.game.apply(Seated(1, Move.to_scoring(WASTE)))
    t.ctl.take_events(t.ctl.game.apply(Step()))
    assert "standstill agreement is off" in " ".join(sp.said)


def test_f11_says_your_pile_stack_top_columns_and_scores(app):
    table_with(app, ["human", "easy"],
               [{"pile": "4D 9C AH", "columns": ["5S", "5D", "6C", "7H"], "waste": "8C"},
                {"pile": "KS QS", "columns": ["9D", "9S", "8C", "8S"]}])
    sp = speaking(app)
    post_keys(pygame.K_F11)
    app.run(max_frames=1)
    text = " ".join(sp.said)
    assert "Your Pile 3 cards, top ace of hearts" in text
    assert "Stack top 8 of clubs" in text
    assert "column 1: 5 of spades" in text
    assert "Scores: You 0" in text and "Max 0" in text
    assert any(x.startswith("Your Pile") for x in sp.said)
