"""Speech keys on every screen (issue 35 item 18): Shift+F11 says the last thing again,
Ctrl+F11 the hand sorted as its game sorts it (Gin by suit, Gnono by colour, Go-Stop by
month) or, at a Nerts table, the other players' layouts - on demand, changing nothing.
Where there is nothing to say (or it is private behind a hot-seat hand-over): a beep."""
import pygame

from game.cards import Card, parse_cards
from game.gin import table as GT
from game.gin.rules import GinGame, GinOptions
from game.gnono import table as NT
from game.gnono.rules import GnonoState
from game.gostop import table as ST
from game.gostop.rules import GoStopState
from game.nerts.rules import Game, NertsOptions, Round
from game.nerts.table import NertsTable
from game.scenes.overlays import KeysBox
from game.speech import RecordingSpeaker
from tests.helpers import key_event, post_keys
from tests.test_gin_hotseat import HOT
from tests.test_gin_table import CPU_HAND, GIN_HUMAN

CTRL_F11 = key_event(pygame.K_F11, mod=pygame.KMOD_LCTRL)
SHIFT_F11 = key_event(pygame.K_F11, mod=pygame.KMOD_LSHIFT)


def speaking(app) -> RecordingSpeaker:
    app.options["speech.on"] = True
    app.speaker = RecordingSpeaker()
    return app.speaker


def press(app, *events) -> None:
    for e in events:
        pygame.event.post(e) if isinstance(e, pygame.event.Event) else post_keys(e)
    app.run(max_frames=1)


def gin(app, session=None) -> GT.GinTable:
    game = GinGame.from_deal([parse_cards(GIN_HUMAN), parse_cards(CPU_HAND)], Card.parse("5H"),
                             dealer=1, options=GinOptions(), seed=3)
    t = GT.GinTable(app, game, "Ann", "normal", 11, session)
    app.push(t)
    app.run(max_frames=1)
    return t


def test_shift_f11_says_the_last_thing_again_and_changes_nothing(menu_app):
    app = menu_app
    beeps = app.beeps
    press(app, SHIFT_F11)                     # speech off: a beep
    assert app.beeps == beeps + 1
    voice = speaking(app)
    app.redraw()
    app.run(max_frames=1)                     # the menu's intro is said first
    press(app, pygame.K_DOWN)
    line = voice.said[-1]
    assert line.startswith("2, Gin Rummy.")
    index = app.top.index
    press(app, SHIFT_F11)
    assert voice.said[-1] == line and app.top.index == index and app.beeps == beeps + 1


def test_ctrl_f11_says_the_gin_hand_by_suit(app):
    voice = speaking(app)
    t = gin(app)
    hand = list(t.ctl.game.hands[0])
    before = t.ctl.game.to_json()
    press(app, CTRL_F11)
    said = voice.said[-1]
    assert said.startswith("Your hand by suit. clubs ")
    for suit in ("clubs", "diamonds", "hearts", "spades"):
        n = sum(1 for c in hand if c.suit == suit[0].upper())
        assert f"{suit} {n}" in said
    assert t.ctl.game.to_json() == before


def test_ctrl_f11_says_nothing_of_a_hand_behind_the_hot_seat_hand_over(app):
    voice = speaking(app)
    t = gin(app, HOT)
    t.mode, t.handover_to = "handover", 1
    beeps = app.beeps
    press(app, CTRL_F11)
    assert app.beeps == beeps + 1 and not any("by suit" in s for s in voice.said)


def test_ctrl_f11_says_the_gnono_hand_by_colour(app):
    voice = speaking(app)
    st = GnonoState.setup(2, ["W G2 G3 R7 BS", "Y1 Y2 Y3"], "R5", seed=1)
    app.push(NT.GnonoTable(app, st, ["human", "normal"], ["You", "Ada"], "fast", seed=1))
    app.run(max_frames=1)
    press(app, CTRL_F11)
    assert voice.said[-1] == ("Your hand by colour. red 1: 7; yellow 0; green 2: 2, 3; "
                              "blue 1: Skip; wild 1: Wild.")


def test_ctrl_f11_says_the_go_stop_hand_by_month(app):
    voice = speaking(app)
    st = GoStopState.from_position(hands=["3R 5J1 5J2 6J1", "4J1 6J2"], table="3J1 7J1",
                                   stock="9J1 10J1 10J2 9J2 2J1 2J2", captures=["", ""])
    app.push(ST.GoStopTable(app, st, ["greedy"], "fast", seed=3))
    app.run(max_frames=2)
    press(app, CTRL_F11)
    said = voice.said[-1]
    assert said.startswith("Your hand by month. 3 (cherry): ")
    assert "3 (cherry): " in said and "1 on the table; 5 (" in said and said.count(";") == 2


def test_ctrl_f11_says_the_other_nerts_layouts_name_first(app):
    options = NertsOptions(seats=2)
    game = Game(options, seed=7)
    game.round = Round.setup([{"pile": "4D 9C AH", "columns": ["5S", "5D", "6C", "7H"], "waste": "8C"},
                              {"pile": "KS QS", "columns": ["9D", "9S", "8C", "8S"], "waste": "2H"}],
                             options=options, seed=7, rest="stack")
    t = NertsTable(app, game, ["human", "easy"], seed=7)
    app.push(t)
    app.run(max_frames=1)
    voice = speaking(app)
    app.run(max_frames=1)                     # the table's intro is said first
    press(app, CTRL_F11)
    said = voice.said[-1]
    other = t.ctl.side_name(1)
    assert said.startswith(f"{other}: Pile 2 cards, top queen of spades. Stack top 2 of hearts")
    assert "column 1: 9 of diamonds" in said and "ace of hearts" not in said   # not your own


def test_the_keys_box_lists_the_speech_keys(app):
    t = gin(app)
    box = KeysBox(app, t)
    rows = box.lines
    assert "Shift F11: say it again. Control F11: your hand by suit." in box.spoken_intro()
    assert any(r.startswith("Shift+F11") and "last thing again" in r for r in rows)
    assert any(r.startswith("Ctrl+F11") and "your hand by suit" in r for r in rows)


def test_each_opponents_move_is_said_as_it_happens_name_first(app):
    voice = speaking(app)
    st = GnonoState.setup(3, ["Y1 Y2 Y3 G4", "R1 G5 B7 Y9", "B1 B2 R3 G7"], "R5", seed=1)
    app.push(NT.GnonoTable(app, st, ["normal"] * 3, ["Zoe", "Ada", "Bert"], "fast", seed=1))
    app.run(max_frames=600)
    moves = [s for s in voice.said if " plays " in s or " draws " in s]
    assert len(moves) >= 6
    assert all(s.split()[0] in ("Zoe", "Ada", "Bert") for s in moves), moves


def test_a_nerts_computers_play_to_the_scoring_area_is_said_name_first(app):
    options = NertsOptions(seats=2)
    game = Game(options, seed=7)
    game.round = Round.setup([{"pile": "4D 9C 8H", "columns": ["5S", "5D", "6C", "7H"]},
                              {"pile": "KS QS", "columns": ["9D", "9S", "8C", "8S"], "waste": "AS"}],
                             options=options, seed=7, rest="stack")
    t = NertsTable(app, game, ["human", "expert"], seed=7)
    app.push(t)
    voice = speaking(app)
    for _ in range(60):
        app.run(max_frames=10)
        if any("scores" in s for s in voice.said):
            break
    name = t.ctl.seats[1].name
    assert f"{name} scores ace of spades." in voice.said
