"""Every score screen said, not only its title (game/scenes/scoring.py's spoken_rows):
a row a sentence, each cell with its column's heading, then the notes. Nerts' round
scores here (the shared ScoringScene); Gin's grids in tests/test_gin_score_speech.py."""
import pygame

from game.scenes.scoring import ScoringScene, column_names, spoken_rows
from game.speech import RecordingSpeaker
from tests.helpers import post_keys
from tests.test_nerts_table import one_card_from_the_game


def test_a_grid_is_said_a_row_a_sentence_with_its_headings():
    headers = [["", "^Game 1", "", "^Game 2", ""], ["", "You", "Kim", "You", "Kim"]]
    assert column_names(headers) == ["", "Game 1 You", "Game 1 Kim", "Game 2 You", "Game 2 Kim"]
    rows = [["Total", 40, 12, 0, ""], ["="], ["#", "Bonuses"], ["", "^won by You", "", "^open", ""]]
    assert spoken_rows(headers, rows) == [
        "Total, Game 1 You 40, Game 1 Kim 12, Game 2 You 0", "Bonuses", "Game 1 won by You, Game 2 open"]


def test_the_nerts_round_scores_are_said_with_the_winner(app):
    one_card_from_the_game(app)
    app.options["speech.on"] = True
    app.speaker = voice = RecordingSpeaker()
    post_keys("q", "q")
    app.run(max_frames=200)            # the banner goes by itself
    top = app.top
    assert isinstance(top, ScoringScene)
    said = [s for s in voice.said if s.startswith(top.title)][-1]
    assert "Seat You" in said and "Round +1, Total 100" in said
    assert all(note in said for note in top.notes)
    post_keys(pygame.K_F11)
    app.run(max_frames=1)
    assert voice.said[-1] == said
