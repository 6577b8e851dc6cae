"""Issue #22 for Gin: two humans at one keyboard (hot seat), the presets chosen and saved
on the session screen, statistics per level and variant. Privacy (#18): a human never
sees or hears the other's hand or the cards he drew."""
import pygame

from game.cards import Card, parse_cards
from game.games import BY_KEY
from game.gin import table as T
from game.gin import table_save
from game.gin.rules import GinGame, GinOptions
from game.table.handover import HandOver
from tests.test_gin_table import CPU_HAND, GIN_HUMAN, press, select

K = pygame
HOT = {"oklahoma": False, "hollywood": False, "name": "Ann", "opponent": "human", "name2": "Bob",
       "preset": "", "rules": {}}


def hot_table(app, dealer=1, hands=(GIN_HUMAN, CPU_HAND), upcard="5H"):
    game = GinGame.from_deal([parse_cards(hands[0]), parse_cards(hands[1])], Card.parse(upcard),
                             dealer=dealer, options=GinOptions(), seed=3)
    t = T.GinTable(app, game, "Ann", "normal", 11, HOT)
    app.push(t)
    app.run(max_frames=1)
    return t


def hand_pixels(app):
    return pygame.image.tobytes(app.canvas.subsurface((0, 280, 640, 80)), "RGB")


def test_a_hot_seat_game_starts_with_the_hands_hidden(app):
    t = hot_table(app)
    assert t.ctl.mode == "handover" and t.ctl.handover_to == 0 and t.ctl.names == ("Ann", "Bob")
    assert t.ctl.bot is None and not t.ctl.cpu_to_move()
    press(app, K.K_RETURN)
    assert t.ctl.mode == "play" and t.ctl.me == 0 and t.ctl.my_turn


def test_the_keyboard_passes_between_the_humans_and_each_sees_only_his_hand(app):
    t = hot_table(app)
    press(app, K.K_RETURN)                    # Ann at the keyboard
    ann_screen = hand_pixels(app)
    press(app, "-")                           # Ann passes the first upcard
    assert t.ctl.mode == "handover" and t.ctl.handover_to == 1
    hidden = hand_pixels(app)
    assert hidden != ann_screen               # Ann's cards went face down
    press(app, K.K_RETURN)                    # Bob takes the keyboard
    assert t.ctl.me == 1 and t.ctl.mode == "play" and sorted(t.ctl.order) == sorted(t.ctl.game.hands[1])
    press(app, "-")                           # Bob passes too: Ann must draw from the Stock
    press(app, K.K_RETURN, "+")
    drawn = t.ctl.picked
    assert drawn is not None and t.ctl.me == 0
    assert "Stock" in t.ctl.note
    press(app, K.K_RETURN)
    press(app, "-")                           # Ann discards the flashing card
    assert t.ctl.mode == "handover" and t.ctl.handover_to == 1
    # nothing on Bob's screen names the card Ann drew (unless she discarded it)
    discarded = t.ctl.game.pile[-1]
    if discarded != drawn:
        from game.cards import card_text
        assert card_text(drawn) not in t.ctl.note + t.ctl.other_note
    assert "Ann draws from the Stock and discards" in t.ctl.other_note


def test_hot_seat_refuses_the_other_hand_and_the_stock(app):
    t = hot_table(app)
    press(app, K.K_RETURN)
    b = app.beeps
    press(app, K.K_F9, K.K_F6)
    assert app.beeps == b + 2 and app.top is t and not t.ctl.show_cpu


def test_a_hot_seat_save_resumes_behind_the_hand_over_screen(app):
    t = hot_table(app)
    press(app, K.K_RETURN, "-", K.K_RETURN)   # Bob at the keyboard
    assert t.ctl.me == 1
    t.ctl.save()
    d = table_save.read(app.storage)
    assert d["me"] == 1 and d["session"]["opponent"] == "human"
    r = T.resume(app)
    assert r.ctl.mode == "handover" and r.ctl.handover_to == r.ctl.game.turn and r.ctl.hot_seat


def test_a_save_with_a_bad_hot_seat_field_is_refused(app):
    t = hot_table(app)
    data = table_save.table_to_json(t.ctl)
    for bad in ({"me": 2}, {"show_cpu": True}, {"session": {**HOT, "opponent": "dog"}},
                {"session": {**HOT, "rules": {"gin.name": "x"}}}):
        try:
            table_save.validate({**data, **bad})
        except ValueError:
            continue
        raise AssertionError(f"accepted {bad}")


def _session_screen(app):
    app.push(T.start(app, seed=5))
    app.run(max_frames=1)
    return app.top


def _go_to(app, sc, key):
    while sc.line.key != key:
        press(app, K.K_DOWN, frames=1)


def test_a_preset_is_chosen_on_the_session_screen(app):
    sc = _session_screen(app)
    _go_to(app, sc, "preset")
    press(app, K.K_RIGHT)
    assert sc.values["preset"] == "GIN! 1981"
    press(app, K.K_RIGHT)
    assert sc.values["preset"] == "Tournament"
    press(app, K.K_RETURN)
    t = app.top
    assert isinstance(t, T.GinTable)
    assert t.ctl.game.options.big_gin and t.ctl.game.options.game_target == 150


def test_the_players_own_preset_is_saved_from_the_session_screen(app):
    sc = _session_screen(app)
    _go_to(app, sc, "gin.knock_value")
    press(app, K.K_LEFT, K.K_LEFT)            # knock with 8
    _go_to(app, sc, "gin.straight_gin")
    press(app, K.K_RIGHT)
    _go_to(app, sc, "save")
    press(app, "C", "l", "u", "b", K.K_RETURN)
    saved = BY_KEY["gin"].presets.listed(app.storage)["Club"]
    assert saved["gin.knock_value"] == 8 and saved["gin.straight_gin"] is True
    assert sc.values["preset"] == "Club" and isinstance(app.top, type(sc))
    _go_to(app, sc, "oklahoma")
    press(app, K.K_RETURN)
    assert app.top.ctl.game.options.straight_gin and app.top.ctl.game.options.knock_value == 8


def test_a_shipped_preset_name_cannot_be_overwritten(app):
    sc = _session_screen(app)
    _go_to(app, sc, "save")
    b = app.beeps
    press(app, *"Tournament", K.K_RETURN)
    assert app.beeps == b + 1 and "ships" in sc.notice


def test_hot_seat_is_chosen_on_the_session_screen(app):
    sc = _session_screen(app)
    _go_to(app, sc, "opponent")
    press(app, K.K_LEFT)          # before the computer's first level: a human
    assert sc.values["opponent"] == "computer"
    press(app, K.K_LEFT)
    _go_to(app, sc, "name2")
    press(app, K.K_BACKSPACE, "X", K.K_RETURN)
    assert isinstance(app.top, HandOver)      # the shared hand-over screen covers the table
    t = app.scenes[-2]
    assert t.ctl.hot_seat and t.ctl.names[1] == "Player X" and t.ctl.mode == "handover"


def test_statistics_are_kept_per_level_and_variant(app):
    t = T.GinTable(app, GinGame.from_deal([parse_cards(GIN_HUMAN), parse_cards(CPU_HAND)],
                                          Card.parse("JC"), dealer=1, seed=3,
                                          options=GinOptions(straight_gin=True)),
                   "Tester", "expert", 11, {"oklahoma": False, "hollywood": False, "name": "Tester"})
    app.push(t)
    app.run(max_frames=1)
    press(app, "+", K.K_RETURN)
    select(app, t, "KH")
    press(app, K.K_F10, "y")
    app.run(max_frames=200)
    assert t.ctl.mode == "result"
    kept = app.stats.breakdowns("gin")
    assert ("level", "expert") in kept and ("variant", "Straight Gin, to 100") in kept
