"""The Gin table driven by keys, as the GIN! manual tells them (headless)."""
import json

import pygame

from game.cards import Card, parse_cards
from game.gin import table as T
from game.gin.rules import GinGame, GinOptions, GoOut, Pass, TakeUpcard
from game.gin.screens import CardsBox, GridScreen
from tests.helpers import post_keys

K = pygame
SESSION = {"oklahoma": False, "hollywood": False, "name": "Tester"}


def make_table(app, human, cpu, upcard, stock=None, dealer=1, options=None, level="normal"):
    game = GinGame.from_deal([parse_cards(human), parse_cards(cpu)], Card.parse(upcard),
                             parse_cards(stock) if stock else None, dealer=dealer,
                             options=options or GinOptions(), seed=3)
    table = T.GinTable(app, game, "Tester", level, 11, SESSION)
    app.push(table)
    app.run(max_frames=1)
    return table


def press(app, *keys, frames=2):
    post_keys(*keys)
    app.run(max_frames=frames)


def select(app, t, card):
    """Move the flashing card to `card` with the arrow keys."""
    i = t.ctl.order.index(Card.parse(card))
    d = i - t.ctl.sel
    press(app, *([K.K_RIGHT] * d if d > 0 else [K.K_LEFT] * -d), frames=4)
    assert t.ctl.order[t.ctl.sel] == Card.parse(card)


def snapshot(t):
    return (json.dumps(t.ctl.game.to_json(), sort_keys=True), [str(c) for c in t.ctl.order], t.ctl.focus,
            t.ctl.target, t.ctl.arrow, t.ctl.sel, t.ctl.moving, t.ctl.mode, t.ctl.picked)


GIN_HUMAN = "AD 2D 3D 4D 7H 7C 7S 9C TC KH"
CPU_HAND = "2S 5S 8S JS QS 3H 6H 9H JH 4C"


def test_start_screen_then_table(app):
    app.push(T.start(app, seed=7))
    app.run(max_frames=1)
    press(app, K.K_RETURN)
    t = app.top
    assert isinstance(t, T.GinTable)
    assert t.ctl.game.phase == "offer" and len(t.ctl.order) == 10


def test_whole_turn_take_insert_discard(app):
    t = make_table(app, GIN_HUMAN, CPU_HAND, "JC")
    assert t.ctl.game.turn == T.HUMAN and t.ctl.game.phase == "offer"
    assert t.ctl.focus == "pickup" and t.ctl.target == "pile" and t.ctl.flash
    press(app, "+")
    assert not t.ctl.flash
    assert t.ctl.picked == Card.parse("JC") and t.ctl.focus == "arrow"
    assert len(t.ctl.order) == 10 and t.ctl.arrow == 10
    press(app, K.K_LEFT, K.K_LEFT, K.K_RETURN)     # before TC... after 9C TC? arrow 8
    assert t.ctl.order[8] == Card.parse("JC") and t.ctl.sel == 8 and t.ctl.focus == "hand"
    select(app, t, "KH")                           # the flashing card moves to KH
    beeps = app.beeps
    press(app, K.K_KP_MINUS)                       # keypad minus discards
    assert app.beeps == beeps
    assert t.ctl.game.pile[-1] == Card.parse("KH") and t.ctl.game.turn == T.CPU
    assert Card.parse("KH") not in t.ctl.order and len(t.ctl.order) == 10


def test_keypad_plus_and_ins_take(app):
    t = make_table(app, GIN_HUMAN, CPU_HAND, "JC")
    press(app, K.K_INSERT)
    assert t.ctl.picked == Card.parse("JC")


def test_stock_pick_with_arrow_switch(app):
    t = make_table(app, GIN_HUMAN, CPU_HAND, "5H", stock="QC")
    t.ctl.game.apply(Pass(0))
    t.ctl.game.apply(Pass(1))
    t.ctl._sync()
    assert t.ctl.game.phase == "draw" and t.ctl.game.turn == T.HUMAN and t.ctl.target == "stock"
    b = app.beeps
    press(app, K.K_RIGHT)       # both passed: no choice, beep
    assert app.beeps == b + 1 and t.ctl.target == "stock"
    press(app, K.K_KP_PLUS, K.K_RETURN)
    assert Card.parse("QC") in t.ctl.order and t.ctl.order[-1] == Card.parse("QC")


def test_sort_with_up_arrow_and_enter(app):
    t = make_table(app, GIN_HUMAN, CPU_HAND, "JC")
    press(app, K.K_DOWN)                       # from the Stock/Pile to the arrow row
    assert t.ctl.focus == "arrow" and t.ctl.moving and t.ctl.arrow == t.ctl.sel == 0
    press(app, K.K_DOWN)                       # and on to the hand (GIN!'s order)
    assert t.ctl.focus == "hand" and t.ctl.sel == 0 and not t.ctl.moving
    press(app, K.K_RIGHT, K.K_RIGHT)           # 3D
    moved = t.ctl.order[2]
    press(app, K.K_UP)                         # the arrow row, above this card
    assert t.ctl.focus == "arrow" and t.ctl.moving and t.ctl.arrow == 2
    press(app, *([K.K_RIGHT] * 6), K.K_RETURN)  # arrow 8: before TC...
    assert t.ctl.order.index(moved) == 7 and t.ctl.sel == 7 and t.ctl.focus == "hand"
    assert sorted(t.ctl.order) == sorted(parse_cards(GIN_HUMAN))
    press(app, K.K_UP, K.K_UP)                 # back up to the Stock/Pile to pick up
    assert t.ctl.focus == "pickup"
    press(app, "+")
    assert t.ctl.picked == Card.parse("JC")


def test_wrong_keys_beep_and_change_nothing(app):
    t = make_table(app, GIN_HUMAN, CPU_HAND, "JC")
    before = snapshot(t)
    b = app.beeps
    wrong = [K.K_LEFT, K.K_RIGHT, K.K_UP, K.K_RETURN, "x", "q", K.K_F10, "1", "y", K.K_TAB]
    press(app, *wrong, frames=4)
    assert app.beeps == b + len(wrong)
    assert app.audio.counts.get("error", 0) >= 0
    assert snapshot(t) == before
    # in the hand before picking up: discard and F10 are refused
    press(app, K.K_DOWN, K.K_DOWN)
    before = snapshot(t)
    b = app.beeps
    press(app, "-", K.K_DELETE, K.K_F10, K.K_DOWN, K.K_LEFT, frames=4)
    assert app.beeps == b + 5
    assert snapshot(t) == before
    assert "Pick up first" in t.ctl.note or "pick" in t.ctl.note.lower()


def test_taken_upcard_may_not_be_discarded(app):
    t = make_table(app, GIN_HUMAN, CPU_HAND, "5H")
    press(app, "+", K.K_RETURN)               # 5H at the end, flashing
    before = snapshot(t)
    b = app.beeps
    press(app, "-")
    assert app.beeps == b + 1 and snapshot(t) == before
    assert "upcard" in t.ctl.note


def test_gin_with_f10_and_y(app):
    t = make_table(app, GIN_HUMAN, CPU_HAND, "JC")
    press(app, "+", K.K_RETURN)               # JC at the end
    select(app, t, "KH")
    press(app, K.K_F10)
    assert t.ctl.mode == "confirm" and t.ctl.arr.kind == "out" and t.ctl.arr.unmatched() == []
    assert t.ctl.game.phase == "discard"          # nothing done yet
    press(app, "y")
    assert t.ctl.game.out_kind == "gin" and t.ctl.game.out_discard == Card.parse("KH")
    app.run(max_frames=120)                   # the computer lays down, paced
    assert t.ctl.game.phase == "hand_over" and t.ctl.mode == "result"
    r = t.ctl.game.records[-1]
    assert r.how == "gin" and r.winner == T.HUMAN
    press(app, "x")                            # any key: the game score
    assert isinstance(app.top, GridScreen) and app.top.title == "Game Score"
    press(app, "z")                            # any key: a new hand
    assert app.top is t and t.ctl.game.phase in ("offer", "draw") and t.ctl.game.hand_no == 2


KNOCK_HUMAN = "AC 2C 2D 3D 4D 5D 7H 7C 7S KH"


def _knock_ready(app):
    t = make_table(app, KNOCK_HUMAN, CPU_HAND, "AH")
    press(app, "+", K.K_RETURN)
    select(app, t, "KH")
    press(app, K.K_F10)
    assert t.ctl.mode == "confirm"
    return t


def _mark_all(app, t, marks):
    """Mark every card of the arrangement from the left: marks by card."""
    press(app, "n")
    assert t.ctl.mode == "mark" and t.ctl.arr.cursor == 0
    keys = []
    for c in t.ctl.arr.cards:
        m = marks.get(str(c), " ")
        keys.append(K.K_SPACE if m == " " else m.lower())
    press(app, *keys, frames=4)


def test_knock_remarked_by_hand(app):
    t = _knock_ready(app)
    assert M_dead(t) == 4                       # AC AH 2C
    marks = {"3D": "1", "4D": "1", "5D": "1", "7H": "2", "7C": "2", "7S": "2"}
    _mark_all(app, t, marks)
    b = app.beeps
    press(app, K.K_F10)
    assert app.beeps == b and t.ctl.mode == "confirm"
    assert M_dead(t) == 6 and Card.parse("2D") in t.ctl.arr.unmatched()
    press(app, "y")
    assert t.ctl.game.out_kind == "knock"
    assert sorted(map(str, t.ctl.game.out_unmatched)) == sorted(["AC", "AH", "2C", "2D"])


def M_dead(t):
    from game.gin.melds import deadwood_value
    return deadwood_value(t.ctl.arr.unmatched())


def test_invalid_marking_refused(app):
    t = _knock_ready(app)
    marks = {"2D": "1", "3D": "1", "4D": "1", "5D": "1", "7C": "2", "7S": "2"}  # 7H left out
    _mark_all(app, t, marks)
    before = (list(t.ctl.arr.marks), t.ctl.game.phase)
    b = app.beeps
    press(app, K.K_F10)
    assert app.beeps == b + 1 and t.ctl.mode == "mark"
    assert "Group 2" in t.ctl.note and "Try again" in t.ctl.note
    assert (list(t.ctl.arr.marks), t.ctl.game.phase) == before
    # too many unplayable points is refused too
    marks = {"7H": "2", "7C": "2", "7S": "2"}
    press(app, *([K.K_LEFT] * 12), frames=4)
    keys = [K.K_SPACE if marks.get(str(c), " ") == " " else marks[str(c)] for c in t.ctl.arr.cards]
    press(app, *keys, K.K_F10, frames=4)
    assert t.ctl.mode == "mark" and "unplayable points" in t.ctl.note


def test_esc_after_f10_returns_to_play(app):
    t = _knock_ready(app)
    before = json.dumps(t.ctl.game.to_json(), sort_keys=True)
    press(app, K.K_ESCAPE)
    assert t.ctl.mode == "play" and t.ctl.focus == "hand" and t.ctl.arr is None
    assert json.dumps(t.ctl.game.to_json(), sort_keys=True) == before
    press(app, K.K_F10, "n", K.K_ESCAPE)      # from the marking too
    assert t.ctl.mode == "play"
    press(app, "-")                           # and play goes on: discard KH
    assert t.ctl.game.pile[-1] == Card.parse("KH")


CPU_KNOCKER = "AS 2S 3S 7H 7D 7C 9D TD JD 4C"
DEFENDER = "8D QD 4S 7S KC KH QH 5H 6H 2C"


def _computer_knocks(app, level="normal"):
    t = make_table(app, DEFENDER, CPU_KNOCKER, "5C", dealer=0, level=level)
    g = t.ctl.game
    assert g.turn == T.CPU
    g.apply(TakeUpcard(1))
    g.apply(GoOut(1, Card.parse("4C")))
    t.ctl._sync()
    t.ctl.moved = True     # moves made behind the table's back: it is told, as after its own moves
    app.run(max_frames=1)
    assert g.phase == "lay_down" and t.ctl.mode == "confirm" and t.ctl.arr.kind == "defend"
    return t


def test_layoffs_marked_with_p(app):
    t = _computer_knocks(app)
    # the proposal lays off everything that fits
    assert sorted(map(str, t.ctl.arr.layoffs())) == sorted(["8D", "QD", "4S", "7S"])
    marks = {"8D": "P", "4S": "P", "QH": " ", "KH": " "}
    _mark_all(app, t, marks)
    press(app, K.K_F10)
    assert t.ctl.mode == "confirm"
    assert sorted(map(str, t.ctl.arr.layoffs())) == ["4S", "8D"]
    press(app, "y")
    g = t.ctl.game
    assert g.phase == "hand_over"
    assert sorted(str(c) for c, _ in g.def_layoffs) == ["4S", "8D"]
    assert g.records[-1].deadwood[T.HUMAN] == sum(
        min(c.rank, 10) for c in parse_cards("QD 7S KC KH QH 5H 6H 2C"))


def test_bad_layoff_refused_and_p_refused_after_gin(app):
    t = _computer_knocks(app)
    _mark_all(app, t, {"KC": "P"})
    b = app.beeps
    press(app, K.K_F10)
    assert app.beeps == b + 1 and t.ctl.mode == "mark" and "lay" in t.ctl.note.lower()


def test_function_keys_show_what_they_should(app):
    t = make_table(app, GIN_HUMAN, CPU_HAND, "JC")
    press(app, K.K_F5)
    assert isinstance(app.top, CardsBox) and app.top.cards == t.ctl.game.pile
    press(app, K.K_ESCAPE)
    press(app, K.K_F6)
    assert isinstance(app.top, CardsBox) and app.top.cards == list(reversed(t.ctl.game.stock))
    assert app.top.cards[0] == t.ctl.game.stock[-1]    # the next card to be drawn first
    press(app, K.K_ESCAPE)
    press(app, K.K_F3)
    assert isinstance(app.top, GridScreen) and app.top.title == "Box Scores"
    press(app, K.K_ESCAPE)
    press(app, K.K_F4)
    assert isinstance(app.top, GridScreen) and app.top.title == "Game Score"
    press(app, K.K_ESCAPE)
    assert app.top is t
    # F9: the computer's hand face up, then face down again
    app.run(max_frames=1)
    hidden = pygame.Surface.copy(app.canvas.subsurface((T.CPU_X0, T.CPU_Y, 400, 57)))
    press(app, K.K_F9)
    assert t.ctl.show_cpu
    shown = app.canvas.subsurface((T.CPU_X0, T.CPU_Y, 400, 57))
    assert pygame.image.tobytes(hidden, "RGB") != pygame.image.tobytes(shown, "RGB")
    press(app, K.K_F9)
    again = app.canvas.subsurface((T.CPU_X0, T.CPU_Y, 400, 57))
    assert pygame.image.tobytes(hidden, "RGB") == pygame.image.tobytes(again, "RGB")


def hollywood_gin(app):
    """A Hollywood table whose first hand the player has just won with gin."""
    t = make_table(app, GIN_HUMAN, CPU_HAND, "JC", options=GinOptions(hollywood=True))
    press(app, "+", K.K_RETURN)
    select(app, t, "KH")
    press(app, K.K_F10, "y")
    app.run(max_frames=150)
    return t


def test_box_scores_and_hollywood_score(app):
    t = hollywood_gin(app)
    assert t.ctl.mode == "result"
    press(app, K.K_F3)
    s = app.top
    assert s.title == "Box Scores" and len(s.rows) == 1
    assert s.rows[0][2] == "Tester" and s.rows[0][3] == "Gin"
    press(app, K.K_ESCAPE, K.K_F4)
    s = app.top
    assert s.title == "Hollywood Game Score" and len(s.headers[1]) == 7   # three pairs


def test_redeal_with_f7(app):
    t = make_table(app, GIN_HUMAN, CPU_HAND, "JC")
    press(app, K.K_F7, "y")
    assert t.ctl.game.hand_no == 1 and sorted(t.ctl.order) == sorted(t.ctl.game.hands[0])
    assert sorted(t.ctl.order) != sorted(parse_cards(GIN_HUMAN))


def test_computer_turn_is_paced_and_noted(app):
    t = make_table(app, GIN_HUMAN, CPU_HAND, "5H")
    press(app, "-")                            # pass the first upcard
    assert t.ctl.game.turn == T.CPU
    app.run(max_frames=10)
    assert t.ctl.game.turn == T.CPU                # not yet: the player sees it coming
    app.run(max_frames=200)
    assert t.ctl.other_note.startswith("The computer")
    assert t.ctl.think_times


def test_save_with_f8_and_resume(app):
    t = make_table(app, GIN_HUMAN, CPU_HAND, "JC")
    press(app, "+", K.K_LEFT, K.K_RETURN, K.K_RIGHT)
    press(app, K.K_F8)
    assert app.storage.exists("gin.json")
    assert t not in app.scenes
    r = T.resume(app)
    assert r is not None
    assert r.ctl.order == t.ctl.order and r.ctl.game.to_json() == t.ctl.game.to_json()
    assert r.ctl.focus == "hand"


def test_options_pages_and_session_kept(app, tmp_path):
    from game.app import App
    from game.scenes.options import OptionsScene
    sc = OptionsScene(app)
    app.push(sc)
    app.run(max_frames=1)
    while sc.current.title != "Gin points":
        press(app, K.K_PAGEDOWN)
    press(app, K.K_RIGHT)                      # Gin bonus 25 -> 30
    press(app, K.K_PAGEDOWN)
    assert sc.current.title == "Gin play"
    press(app, K.K_RIGHT, K.K_DOWN, K.K_DOWN, K.K_BACKSPACE, "X")   # Oklahoma on, name
    press(app, K.K_ESCAPE)
    assert app.options["gin.bonus_gin"] == 30 and app.options["gin.oklahoma"] is True
    assert app.options["gin.name"] == "PlayeX"
    app2 = App(save_dir=app.save_dir, fullscreen=False, realtime=False)
    assert app2.options["gin.bonus_gin"] == 30 and app2.options["gin.name"] == "PlayeX"
    # the session screen starts from them; changes there last for this run only
    app2.push(T.start(app2, seed=5))
    app2.run(max_frames=1)
    post_keys(K.K_LEFT, K.K_RETURN)            # Oklahoma off for this session
    app2.run(max_frames=2)
    t = app2.top
    assert t.ctl.game.options.oklahoma is False and t.ctl.game.options.gin_bonus == 30
    assert app2.options["gin.oklahoma"] is True
    assert t.ctl.names[0] == "PlayeX"


def _arrow_pixels(app, t):
    app._draw()
    x = (T.STOCK_X if t.ctl.target == "stock" else T.PILE_X) + T.CW // 2
    return tuple(app.canvas.get_at((x, T.MID_Y - 19 + 4))[:3])


def _run_to_blink(app, phase):
    for _ in range(200):
        if app.blink == phase:
            return
        app.run(max_frames=1)


def test_play_arrow_flashes_until_first_key(app):
    from game import palette as P
    t = make_table(app, GIN_HUMAN, CPU_HAND, "JC")
    arrow = P.PALETTE[app.options["colour.arrows"]]
    _run_to_blink(app, True)
    assert _arrow_pixels(app, t) == arrow
    _run_to_blink(app, False)
    assert _arrow_pixels(app, t) != arrow
    press(app, K.K_RIGHT)          # a first key (even a refused one) stops the flashing
    _run_to_blink(app, False)
    assert _arrow_pixels(app, t) == arrow


def test_table_uses_the_colour_options(app):
    from game import palette as P
    app.options["colour.table"] = P.BLUE
    make_table(app, GIN_HUMAN, CPU_HAND, "JC")
    app._draw()
    assert tuple(app.canvas.get_at((620, 250))[:3]) == P.PALETTE[P.BLUE]


def test_esc_beeps_in_play_and_f8_saves_and_leaves(app):
    """GIN!: Esc only takes back a mistaken F10; F8 leaves (and the game is saved)."""
    t = make_table(app, GIN_HUMAN, CPU_HAND, "JC")
    before, b = snapshot(t), app.beeps
    press(app, K.K_ESCAPE)
    assert app.top is t and app.beeps == b + 1 and snapshot(t) == before
    press(app, K.K_F8)
    assert t not in app.scenes and app.storage.exists("gin.json")


def test_resumed_game_has_the_same_future(app):
    t = make_table(app, GIN_HUMAN, CPU_HAND, "5H", level="hard")
    press(app, "-")
    app.run(max_frames=400)                    # the computer plays its turns
    t.ctl.save()
    r = T.resume(app)
    assert r.ctl.game.to_json() == t.ctl.game.to_json() and r.ctl.order == t.ctl.order

    def play_rounds(table, n):
        for _ in range(n):
            g = table.ctl.game
            if g.phase not in ("offer", "draw", "discard"):
                return
            while g.turn == T.CPU and g.phase in ("offer", "draw", "discard"):
                table.ctl.cpu_wait = 0
                table.update(1 / 120)
            if g.turn == T.HUMAN and g.phase == "draw" and not g.stock_end:
                table.ctl.focus, table.ctl.target = "pickup", "stock"
                table.ctl.take()
                table.ctl.insert()
                table.ctl.discard()

    stock = len(t.ctl.game.stock)
    play_rounds(t, 4)
    play_rounds(r, 4)
    assert len(t.ctl.game.stock) <= stock - 4 or t.ctl.game.phase not in ("offer", "draw", "discard")
    assert r.ctl.game.to_json() == t.ctl.game.to_json() and r.ctl.other_note == t.ctl.other_note


def test_offer_pass_then_stock(app):
    t = make_table(app, GIN_HUMAN, CPU_HAND, "5H")
    press(app, K.K_DELETE)                     # Del passes the first upcard
    assert t.ctl.game.passed[0] == [Card.parse("5H")]


def test_end_of_game_screen_lists_bonuses(app):
    opts = GinOptions(game_target=20)
    t = make_table(app, GIN_HUMAN, CPU_HAND, "JC", options=opts)
    press(app, "+", K.K_RETURN)
    select(app, t, "KH")
    press(app, K.K_F10, "y")
    app.run(max_frames=150)
    assert t.ctl.game.phase == "game_over"
    press(app, "x")                            # any key: the end of the game
    s = app.top
    assert s.title == "End of the Game"
    labels = [r[0] for r in s.rows]
    assert "Game (Tester)" in labels and "Blitz" in labels and any(x.startswith("Box x 1") for x in labels)
    total = [r for r in s.rows if r[0] == "Total"][0]
    g = t.ctl.game.games[0]
    assert total[1] == g.points[0] + 100 + 25 + 100
    assert not app.storage.exists("gin.json")
    press(app, "x")                            # then: another game?
    press(app, "n")
    assert t not in app.scenes


def test_hollywood_end_of_game_per_game():
    from game.gin.ai import make_ai
    from game.gin.rules import GinGame
    from game.gin.screens import bonus_lines
    g = GinGame.new(seed=4, options=GinOptions(hollywood=True, game_target=50))
    ais = [make_ai("normal", 1), make_ai("easy", 2)]
    while g.phase != "game_over":
        s = g.turn if g.phase != "hand_over" else 0
        g.apply(ais[s].choose(g.view(s)))
    rows = bonus_lines(g, ("A", "B"))
    heads = [r[1] for r in rows if r[0] == "#"]
    assert [h.split(":")[0] for h in heads] == ["Game 1", "Game 2", "Game 3"]
    last = rows[-1]
    assert last[0] == "All three games"
    assert last[1] == sum(x.total(0) for x in g.games)


def test_dead_hand_at_the_end_of_the_stock(app):
    t = make_table(app, GIN_HUMAN, CPU_HAND, "5H")
    g = t.ctl.game
    g.pile[0:0] = g.stock[:-3]                 # leave three cards in the Stock
    del g.stock[:-3]
    g.apply(Pass(0))
    g.apply(Pass(1))
    t.ctl._sync()
    press(app, "+", K.K_RETURN, "-")           # draw, insert at the end, discard it
    assert g.phase == "hand_over" and g.records[-1].how == "dead"
    assert t.ctl.mode == "result"
    dealer = g.dealer
    press(app, K.K_SPACE)                      # any key: the same dealer deals again
    assert g.hand_no == 2 and g.dealer == dealer and t.ctl.mode == "play"
