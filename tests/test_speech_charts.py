"""The Statistics screen spoken: its chart of the last games and its share bars are
drawn in blocks, and the voice says them in words (a chart in a few words, the games
one by one on Ctrl+F11, a share as its percentage), never the blocks, dots or marks.
A name with an accented capital keeps its letter."""
import pygame

from game.scenes.statistics import StatisticsBox
from game.speech import RecordingSpeaker
from game.spoken import speakable
from game.stats import GameEnd
from game.table_support import record_stats
from tests.helpers import key_event, post_keys

CTRL_F11 = key_event(pygame.K_F11, mod=pygame.KMOD_LCTRL)


def played(app) -> None:
    """Gin: 4 games with the computers at easy (3 won); Gnono: 3 games of three players."""
    for i, (mine, theirs) in enumerate(((118, 40), (30, 104), (150, 20), (210, 0))):
        won = i != 1
        record_stats(app.stats, "gin", {"games_played": 1, "games_won": int(won)}, level="easy",
                     ended=[GameEnd((mine, theirs), (0,), 0 if won else 1)])
    for totals, winner in (((40, 120, 90), 1), ((150, 10, 20), 0), ((30, 100, 0), 1)):
        record_stats(app.stats, "gnono", {"games_played": 1}, ended=[GameEnd(totals, (0,), winner)])


def open_statistics(menu_app) -> RecordingSpeaker:
    menu_app.options["speech.on"] = True
    menu_app.speaker = voice = RecordingSpeaker()
    menu_app.run(max_frames=1)
    post_keys("s")                              # the menu's S: Statistics
    menu_app.run(max_frames=1)
    assert isinstance(menu_app.top, StatisticsBox)
    return voice


def test_the_chart_and_the_share_bars_are_said_in_words(menu_app):
    app = menu_app
    played(app)
    voice = open_statistics(app)
    said = voice.said[-1]
    assert "Gin Rummy. Games played 4, Games won 3." in said
    assert "Last 4 games: 3 won, 1 lost; best 210 points." in said
    assert "Computers' level: easy, 4 games played, 3 won, 75%." in said
    assert "Last 3 games: 1 won, 2 lost; best 150 points." in said
    # no block, dot, mark row or scale: nothing the voice would read as symbols or letters
    assert ",," not in said and "WLWW" not in said and "313" not in said and "1-3 the place" not in said
    assert not any(ch in said for ch in "\u2588\u2584\u00b7")
    post_keys(pygame.K_F11)                     # where things stand: the same words
    app.run(max_frames=1)
    assert voice.said[-1] == said


def test_ctrl_f11_says_the_last_games_one_by_one_oldest_first(menu_app):
    app = menu_app
    played(app)
    voice = open_statistics(app)
    pygame.event.post(CTRL_F11)
    app.run(max_frames=1)
    assert voice.said[-1] == (
        "Gin Rummy: Last 4 games, oldest first: won, 118 points; lost, 30 points; won, 150 points; "
        "won, 210 points. Gnono: Last 3 games, oldest first: third, 40 points; first, 150 points; "
        "second, 30 points")
    post_keys(pygame.K_F1)                      # the keys box names what Ctrl+F11 says here
    app.run(max_frames=1)
    assert "Control F11: the last games one by one." in voice.said[-1]


def test_no_game_finished_yet_is_said_plainly_and_ctrl_f11_beeps(menu_app):
    app = menu_app
    app.stats.record("gin", games_played=2)
    voice = open_statistics(app)
    assert "Gin Rummy. Games played 2. No finished game yet." in voice.said[-1]
    beeps = app.beeps
    pygame.event.post(CTRL_F11)
    app.run(max_frames=1)
    assert app.beeps == beeps + 1


def test_an_accented_capital_in_a_name_is_said():
    names = "\u00c9mile wins with \u00d6zg\u00fcr second"      # the font draws both (CP437)
    assert speakable(names) == names
    assert speakable("\u2554\u2550 Score \u2550\u2557 \u2588\u2584\u2591") == "Score"


def test_a_page_turned_says_its_games_in_words_not_their_blocks(menu_app):
    """Two pages of statistics: PgDn says page 2's games as the opening says them (a
    chart in a few words, a share as its percentage), and F11 repeats that page."""
    app = menu_app
    played(app)
    for i in range(30):
        record_stats(app.stats, "gostop", {"hands_played": 1, "hands_won": i % 2},
                     ended=[GameEnd((i, 5, 0), (0,), 0 if i % 2 else 1)])
        record_stats(app.stats, "nerts", {"games_played": 1, "games_won": i % 3 == 0},
                     ended=[GameEnd((100, i), (0,), 0 if i % 3 == 0 else 1)])
    voice = open_statistics(app)
    box = app.top
    assert box.pages > 1
    post_keys(pygame.K_PAGEDOWN)
    app.run(max_frames=1)
    said = voice.said[-1]
    assert said.startswith(f"Page 2 of {box.pages}.")
    shown = [g for g in ("Nerts", "Gin Rummy", "Gnono", "Go-Stop") if g in box.page_lines(1)]
    assert shown and all(f"{g}." in said for g in shown)
    assert "Last 30 hands: 15 won, 15 lost" in said or "Go-Stop" not in shown
    assert ",," not in said and not any(ch in said for ch in "\u2588\u2584\u00b7")
    post_keys(pygame.K_F11)
    app.run(max_frames=1)
    assert voice.said[-1].endswith(said)


def test_a_bullet_is_not_said_in_any_of_its_forms():
    """The help's list marks (CP437's 0x07 and 0xF9, as "\\x07", "•" or "∙") are not read."""
    for mark in ("\x07", "\u2022", "\u2219"):
        assert speakable(f"{mark} Draw a card") == "Draw a card"
