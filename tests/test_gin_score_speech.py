"""Gin's score screens said (GridScreen): with speech on, F3's box scores, F4's game
score and the end of the game say their rows, each cell with its column's heading,
and their notes; PgUp/PgDn say the page turned to, F11 the page shown. Before, these
screens said their title alone: a player who listens heard no score."""
import pygame as K

from game.gin.screens import GridScreen
from game.speech import RecordingSpeaker
from tests.test_gin_table import hollywood_gin, press


def listen(app) -> RecordingSpeaker:
    app.options["speech.on"] = True
    app.speaker = voice = RecordingSpeaker()
    return voice


def test_the_box_and_hollywood_scores_are_said_cell_by_cell(app):
    hollywood_gin(app)
    voice = listen(app)
    press(app, K.K_F3)
    said = voice.said[-1]
    assert said.startswith("Box Scores. Hand 1, Dealer ") and "Won by Tester, How Gin" in said
    assert "Boxes (hands won): Tester 1" in said
    press(app, K.K_ESCAPE, K.K_F4)
    said = voice.said[-1]
    assert said.startswith("Hollywood Game Score. Hands won (boxes), Game 1 Tester 1, Game 1 Computer 0")
    assert "Total, Game 1 Tester" in said and "Game 1 open, Game 2 open, Game 3 open." in said
    assert "Game: 100 points." in said
    press(app, K.K_F11)
    assert voice.said[-1] == said


def test_a_page_turned_is_said_and_f11_says_the_page_shown(app):
    voice = listen(app)
    rows = [[n, n * 10] for n in range(1, 31)]
    app.push(GridScreen(app, "Box Scores", [["Hand", "Points"]], [6, 8], rows, ["The end."]))
    app.run(max_frames=1)
    assert voice.said[-1].startswith("Box Scores. Page 1 of 2. Hand 1, Points 10. Hand 2, Points 20")
    press(app, K.K_PAGEDOWN)
    assert voice.said[-1] == "Page 2 of 2. " + ". ".join(
        f"Hand {n}, Points {n * 10}" for n in range(21, 31)) + ". The end."
    press(app, K.K_F11)
    assert voice.said[-1] == "Box Scores. " + voice.said[-2]
