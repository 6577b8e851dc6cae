"""The Nerts table's flow and notes (#18): results stay until a key that means it, the
set-up is remembered, the plays log with four seats, "You" grammar, the standstill notes."""
import pygame

from game.cards import Card, card_text
from game.nerts.moves import PILE, WASTE, Move, Seated, Step
from game.nerts.rules import Game, NertsOptions, Round
from game.nerts.screens import NertsScoring, PlaysBox
from game.nerts.table import SAVE_NAME, NertsTable, resume, start
from game.scenes.overlays import Question
from tests.helpers import post_keys


def table_with(app, levels, layouts, seed=7, rest="stack", **opts):
    options = NertsOptions(seats=len(levels), **opts)
    game = Game(options, seed=seed)
    game.round = Round.setup(layouts, options=options, seed=seed, rest=rest)
    t = NertsTable(app, game, levels, seed=seed)
    app.push(t)
    return t


CALL = [{"pile": "AH", "columns": ["7S", "6D", "5C", "8H"]},
        {"pile": "KS QS", "columns": ["9D", "9S", "8C", "8S"]}]


def to_scores(app, t):
    post_keys("q", "q")                  # the last Pile card: G'NERTS
    app.run(max_frames=1)
    assert t.ctl.phase == "banner"
    post_keys(pygame.K_RETURN)
    app.run(max_frames=1)
    assert isinstance(app.top, NertsScoring)
    return app.top


def test_esc_on_the_scores_asks_to_leave_and_does_not_deal(app):
    t = table_with(app, ["human", "easy"], CALL)
    box = to_scores(app, t)
    post_keys(pygame.K_ESCAPE)
    app.run(max_frames=1)
    assert isinstance(app.top, Question) and t.ctl.game.round is None
    post_keys("n")
    app.run(max_frames=1)
    assert app.top is box and t.ctl.game.round is None and app.beeps == 0
    post_keys(pygame.K_SPACE)            # a key that means "go on"
    app.run(max_frames=1)
    assert app.top is t and t.ctl.game.round_no == 2 and t.ctl.phase == "play"


def test_f8_on_the_scores_saves_and_leaves_then_the_next_round_is_dealt(app):
    t = table_with(app, ["human", "easy"], CALL)
    to_scores(app, t)
    totals = list(t.ctl.game.totals)
    post_keys(pygame.K_F8)
    app.run(max_frames=1)
    assert t not in app.scenes and app.beeps == 0
    assert app.storage.exists(SAVE_NAME)
    again = resume(app)
    assert again.ctl.game.totals == totals and again.ctl.game.round_no == 2 and again.ctl.phase == "play"


def test_a_new_game_starts_from_the_last_set_up(app):
    from game.scenes.menu import MenuScene
    app.push(MenuScene(app))
    app.push(start(app, seed=4))
    post_keys(pygame.K_RIGHT, pygame.K_RIGHT)        # 4 seats
    post_keys(pygame.K_RETURN)
    app.run(max_frames=1)
    assert isinstance(app.top, NertsTable) and len(app.top.ctl.levels) == 4
    app.pop(app.top)
    setup = start(app, seed=5)
    assert setup.seats == 4
    assert app.options["nerts.seats"] == 4


def test_the_four_seat_table_has_the_plays_log_on_f3(app):
    layouts = [{"pile": "2C AH"}, {}, {}, {}]
    t = table_with(app, ["human", "easy", "easy", "easy"], layouts)
    post_keys("q", "q")
    app.run(max_frames=1)
    post_keys(pygame.K_F3)
    app.run(max_frames=1)
    box = app.top
    assert isinstance(box, PlaysBox)
    assert any("You A" in line and "scored" in line for line in box.lines)
    post_keys(pygame.K_ESCAPE)
    app.run(max_frames=1)
    assert app.top is t


STUCK = [{"pile": "2C 3C 4C", "columns": ["KH", "KD", "QH", "QD"], "stack": "5C 6C 7C 8C",
          "waste": "9C TC"},
         {"pile": "2S 3S", "columns": ["KH", "KD", "QH", "QD"], "waste": "AS"}]


def test_you_agree_and_a_cancelled_agreement_is_announced(app):
    t = table_with(app, ["human", "easy"], STUCK, rest="none")
    post_keys("z")
    app.run(max_frames=1)
    assert t.ctl.game.round.votes == {0}
    assert "You agree to rotate (1 of 2)." in t.ctl.notes
    # the other seat scores a card: the agreement is off, and the notes say so
    t.ctl.game.apply(Seated(1, Move.to_scoring(WASTE)))
    t.ctl.take_events(t.ctl.game.apply(Step()))
    assert t.ctl.game.round.votes == set()
    assert t.ctl.notes[-1] == "Max played a card: the standstill agreement is off."


def test_a_computers_card_beaten_to_the_scoring_area_is_too_late_in_the_plays_box(app):
    """Both Piles show a 2H over one AH; the human's goes first. The computer's move
    for its own 2H, decided before, is refused by the engine when it is made: nothing
    is queued, "too late" in the plays box, and no beep (the beep is the human's)."""
    t = table_with(app, ["human", "easy"], [{"pile": "KD 2H", "columns": ["7S", "6D", "5C", "8H"]},
                                            {"pile": "KS 2H", "columns": ["9D", "9S", "8C", "8S"]}])
    ace = Card.parse("AH")
    t.ctl.game.round.layouts[0].stack.remove(ace)                  # deck 0's ace starts the foundation
    t.ctl.game.round.foundations[0].append(ace)
    t.ctl.game.round.check_invariants()
    ctl = t.ctl
    assert ctl.try_move(0, Move.to_scoring(PILE))
    ctl.take_events(t.ctl.game.apply(Step()))
    assert t.ctl.game.round.foundations[0][-1] == Card.parse("2H")
    ctl.computer_move(ctl.seats[1], Move.to_scoring(PILE))
    assert not t.ctl.game.round.pending and app.beeps == 0
    assert ctl.feed[-1] == f"{ctl.seats[1].name} {card_text(Card.parse('2H'))} too late"
