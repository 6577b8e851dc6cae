"""The drills at the table, driven headless by keys: from the Nerts set-up screen to a
drill, its keys, the pause, leaving, and the result screen with its records."""
import pygame
import pytest

from game.nerts.drill import Goal
from game.nerts.drill_records import DrillRecords
from game.nerts.drill_screens import DrillPause, DrillResult
from game.nerts.drill_setup import DrillSetup
from game.nerts.drill_table import DrillTable
from game.nerts.rules import Round
from game.nerts.setup import SetupScene
from game.nerts.table import start
from game.scenes.overlays import Question, TextBox
from game.speech import RecordingSpeaker
from tests.helpers import post_keys

NEAR_THE_END = {"pile": "2H AH", "columns": ["7S", "6D", "9C", "8H"]}


def at_position(table: DrillTable, layout: dict) -> None:
    """The drill's round in a chosen position (the drill keeps its deal number)."""
    table.drill.game.round = Round.setup([layout], options=table.drill.round.options)


@pytest.fixture
def drills(app):
    """The drills' set-up screen reached from the Nerts set-up screen's D key."""
    app.push(start(app, seed=5))
    app.run(max_frames=1)
    assert isinstance(app.top, SetupScene)
    post_keys("d")
    app.run(max_frames=1)
    assert isinstance(app.top, DrillSetup)
    return app


def start_drill(app, deal="1234") -> DrillTable:
    post_keys(pygame.K_DOWN, *deal, pygame.K_RETURN)     # the deal line, a number, Enter
    app.run(max_frames=1)
    assert isinstance(app.top, DrillTable)
    return app.top


def test_a_drill_played_by_keys_to_its_result_screen_and_records(drills):
    app = drills
    app.options["speech.on"] = True
    app.speaker = RecordingSpeaker()
    t = start_drill(app)
    assert t.drill.deal_no == 1234 and t.drill.goal == Goal()
    at_position(t, NEAR_THE_END)
    app.run(max_frames=30)
    post_keys("q", "q")                  # left hand: the Pile twice scores AH
    app.run(max_frames=1)
    post_keys("u", "h")                  # right hand: the Pile, then its Scoring Area key
    app.run(max_frames=2)
    assert app.beeps == 0
    assert isinstance(app.top, DrillResult)
    res = app.top.result
    assert res["completed"] and res["deal"] == 1234 and res["cards"] == 2
    assert 60 <= res["steps"] <= 70       # 30 frames of two steps (60 a second, 120 steps), the keys
    assert "New best!" in app.top.lines
    said = app.speaker.said
    assert any(s.startswith("Drill: Clear the Pile, deal 1234") for s in said)   # the intro
    assert any(s.startswith("11 of 13") for s in said)             # the progress
    assert any("Done in" in s and "New best!" in s for s in said)  # the result
    rec = DrillRecords(app.storage)
    assert rec.drill("pile")["best"]["steps"] == res["steps"]
    # the result stays until a key that means it
    post_keys("x", pygame.K_SPACE)
    app.run(max_frames=5)
    assert isinstance(app.top, DrillResult)
    post_keys(pygame.K_RETURN)           # again, on the same deal
    app.run(max_frames=1)
    again = app.top
    assert isinstance(again, DrillTable) and again is not t and again.drill.deal_no == 1234
    assert again.drill.round.step_no <= 2
    post_keys(pygame.K_F8)               # leaves at once (nothing is saved)
    app.run(max_frames=1)
    assert isinstance(app.top, DrillSetup)
    assert not app.storage.exists("nerts.json")


def test_a_slower_run_is_not_a_best_and_n_deals_a_new_deal(drills):
    app = drills
    for wait in (10, 40):
        t = start_drill(app)
        at_position(t, NEAR_THE_END)
        app.run(max_frames=wait)
        post_keys("q", "q", "q", "q")
        app.run(max_frames=2)
        assert isinstance(app.top, DrillResult)
        result = app.top
        if wait == 40:
            assert not result.news.best_time
            assert any(line.startswith("Best of this drill") for line in result.lines)
            post_keys("n")
            app.run(max_frames=1)
            assert isinstance(app.top, DrillTable)
            assert app.top.drill.round.step_no <= 2
            post_keys(pygame.K_ESCAPE, "y")
            app.run(max_frames=1)
        else:
            post_keys(pygame.K_ESCAPE)
            app.run(max_frames=1)
        assert isinstance(app.top, DrillSetup)
    assert DrillRecords(app.storage).drill("pile")["runs"] == 3 - 1   # the left one is not counted


def test_pause_stops_the_clock_and_arrows_play(drills):
    app = drills
    t = start_drill(app)
    at_position(t, NEAR_THE_END)
    app.run(max_frames=10)
    post_keys("p")
    app.run(max_frames=1)
    assert isinstance(app.top, DrillPause)
    paused_at = t.drill.round.step_no
    app.run(max_frames=60)
    assert t.drill.round.step_no == paused_at
    post_keys("p")
    app.run(max_frames=5)
    assert t.drill.round.step_no > paused_at
    post_keys(pygame.K_RETURN, pygame.K_RETURN)      # the cursor starts on the Pile
    app.run(max_frames=1)
    post_keys(pygame.K_RETURN, pygame.K_UP)
    app.run(max_frames=2)
    assert isinstance(app.top, DrillResult) and app.top.result["completed"]
    t.check_invariants()


def test_esc_asks_before_leaving_and_a_wrong_key_beeps(drills):
    app = drills
    t = start_drill(app)
    beeps = app.beeps
    post_keys("a", "s")                 # 2 columns that do not fit: a refusal, a beep
    app.run(max_frames=1)
    assert app.beeps > beeps
    post_keys(pygame.K_ESCAPE)
    app.run(max_frames=1)
    assert isinstance(app.top, Question)
    post_keys("n")
    app.run(max_frames=1)
    assert app.top is t
    post_keys(pygame.K_ESCAPE, "y")
    app.run(max_frames=1)
    assert isinstance(app.top, DrillSetup)


def test_the_drill_setup_chooses_the_drill_and_the_deal_and_shows_the_records(drills):
    app = drills
    s = app.top
    post_keys(pygame.K_RIGHT)            # 10 cards
    app.run(max_frames=1)
    assert s.goal == Goal(10)
    post_keys(pygame.K_DOWN, "4", "2", pygame.K_BACKSPACE, "7")
    app.run(max_frames=1)
    assert s.deal == "47"
    post_keys("r")
    app.run(max_frames=1)
    assert isinstance(app.top, TextBox) and "No drill" in app.top.lines[0]
    post_keys(pygame.K_ESCAPE, pygame.K_RETURN)
    app.run(max_frames=1)
    t = app.top
    assert isinstance(t, DrillTable) and t.drill.goal == Goal(10) and t.drill.deal_no == 47
    post_keys(pygame.K_ESCAPE, "y", pygame.K_ESCAPE)
    app.run(max_frames=1)
    assert isinstance(app.top, SetupScene)
