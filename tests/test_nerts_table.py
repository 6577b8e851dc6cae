"""The Nerts table driven headless by posted key events."""
import json

import pygame

from game.cards import Card
from game.nerts import settings as S
from game.nerts.moves import COLUMN, PILE, Move
from game.nerts.rules import Game, NertsOptions, Round
from game.nerts.table import SAVE_NAME, NertsTable, PauseBox, new_table, resume, start
from game.palette import PALETTE
from game.scenes.scoring import ScoringScene
from tests.helpers import post_keys


def table_with(app, levels, layouts, foundations=(), seed=7, **opts):
    options = NertsOptions(seats=len(levels), **opts)
    game = Game(options, seed=seed)
    game.round = Round.setup(layouts, list(foundations), options=options, seed=seed)
    t = NertsTable(app, game, levels, seed=seed)
    app.push(t)
    return t


def layout_state(rnd):
    d = rnd.to_json()
    return d["layouts"], d["foundations"], d["votes"]


OPENING = [
    {"pile": "KD QC 5D AH", "columns": ["7S", "6D", "AC", "8H"], "stack": "2S 3S 4S 9C TC JC"},
    {"pile": "KS QS JS TS", "columns": ["9D", "9S", "8C", "8S"]},
]


def test_scripted_opening_keys_make_exactly_the_expected_moves(app):
    # seat 1 is an easy computer: it does not move in the first second
    t = table_with(app, ["human", "easy"], OPENING)
    post_keys("q", "q")          # Pile (AH) twice: to the Scoring Area
    app.run(max_frames=1)
    post_keys("d", "g")          # column 3 (AC), then the Scoring Area key
    app.run(max_frames=1)
    post_keys("s", "a")          # column 2 (6D) onto column 1 (7S)
    app.run(max_frames=1)
    post_keys("e")               # flip three
    app.run(max_frames=1)
    assert t.ctl.log == [(0, Move.to_scoring(PILE)), (0, Move.to_scoring(COLUMN, col=2)),
                     (0, Move.to_column(COLUMN, 0, col=1)), (0, Move.flip())]
    lay = t.ctl.game.round.layouts[0]
    assert [str(c) for c in lay.columns[0]] == ["7S", "6D"]
    assert [str(c) for c in lay.columns[1]] == ["QC"]      # refilled from the Pile
    assert [str(c) for c in lay.columns[2]] == ["5D"]
    assert [str(c) for c in lay.waste] == ["JC", "TC", "9C"]
    assert app.beeps == 0
    tops = {str(f[-1]) for f in t.ctl.game.round.foundations if f}
    assert tops == {"AH", "AC"}


def test_arrows_and_enter_play_for_a_single_human(app):
    t = table_with(app, ["human", "easy"], OPENING)
    post_keys(pygame.K_RETURN, pygame.K_RETURN)              # cursor on the Pile: twice
    post_keys(pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_RETURN,  # column 2 ...
              pygame.K_LEFT, pygame.K_RETURN)                    # ... onto column 1
    post_keys(pygame.K_SPACE)                                    # flip
    app.run(max_frames=1)
    assert t.ctl.log == [(0, Move.to_scoring(PILE)), (0, Move.to_column(COLUMN, 0, col=1)),
                     (0, Move.flip())]
    assert app.beeps == 0


def test_illegal_move_beeps_and_changes_nothing(app):
    t = table_with(app, ["human", "easy"], OPENING)
    app.run(max_frames=1)
    before = layout_state(t.ctl.game.round)
    beeps = app.beeps
    post_keys("a", "s")          # 7S onto 6D: refused
    app.run(max_frames=1)
    assert app.beeps == beeps + 1
    assert layout_state(t.ctl.game.round) == before
    assert t.ctl.log == []
    # the engine's codes (7S, 6D) printed as the table prints cards
    assert t.ctl.notes[-1] == "7\x06 does not go on 6\x04: build down in alternating colours."
    post_keys("w")               # the waste is empty: refused at once
    post_keys("g")               # the Scoring Area key with nothing chosen
    post_keys("t")               # a key nobody uses
    post_keys("z")               # agree to rotate while plays exist
    app.run(max_frames=1)
    assert app.beeps == beeps + 5
    assert layout_state(t.ctl.game.round) == before
    assert all(s.selected is None for s in t.ctl.seats)


def test_two_humans_keys_in_the_same_step_both_take_effect(app):
    layouts = [{"pile": "KD AH", "columns": ["7S", "6D", "5C", "8H"]},
               {"pile": "KS AS", "columns": ["9D", "9S", "8C", "8S"]}]
    t = table_with(app, ["human", "human"], layouts)
    step = t.ctl.game.round.step_no
    post_keys("q", "u", "q", "u")     # interleaved, as two people press together
    app.run(max_frames=1)
    assert sorted(t.ctl.log, key=lambda x: x[0]) == [(0, Move.to_scoring(PILE)),
                                                  (1, Move.to_scoring(PILE))]
    assert app.beeps == 0
    assert {str(f[-1]) + "@" + str(f[-1].deck) for f in t.ctl.game.round.foundations if f} == {"AH@0", "AS@1"}
    # both were applied by one Step of the engine: the first step of the frame
    assert t.ctl.game.round.step_no == step + 2


def test_a_race_lost_to_a_computer_sends_the_card_back_with_a_beep(app):
    layouts = [{"pile": "KD 2H", "columns": ["7S", "6D", "5C", "8H"]},
               {"pile": "KS 2H", "columns": ["9D", "9S", "8C", "8S"]}]
    outcomes = set()
    for seed in range(12):
        app.scenes.clear()
        pygame.event.clear()
        beeps = app.beeps
        t = table_with(app, ["human", "instant"], layouts, foundations=["AH@1"], seed=seed)
        post_keys("q", "q")        # the human's 2H races the computer's 2H
        app.run(max_frames=1)
        rnd = t.ctl.game.round
        top = rnd.foundations[0][-1]
        assert top == Card(2, "H", top.deck)
        if top.deck == 1:          # the computer got there first
            assert app.beeps == beeps + 1
            assert rnd.layouts[0].pile[-1] == Card(2, "H", 0)     # back in the Pile
            assert any(sl.steps > 10 for sl in t.drawing.slides)          # visibly going back
            assert "Too late" in t.ctl.notes[-1]
            outcomes.add("lost")
        else:
            assert app.beeps == beeps
            outcomes.add("won")
    assert outcomes == {"lost", "won"}   # ties inside a step are broken both ways


def test_full_round_to_gnerts_ends_on_the_scoring_screen(app):
    t = new_table(app, ["human", "instant", "instant"], NertsOptions(seats=3), seed=3)
    app.push(t)
    frames = 0
    while t.ctl.phase == "play" and frames < 6000:
        post_keys("e", "q", "q", "z")   # a dull human: flips, tries the Pile, agrees
        app.run(max_frames=4)
        frames += 4
    assert t.ctl.phase == "banner"
    assert t.ctl.game.round.over and t.ctl.game.round.end_reason == "gnerts"
    app.run(max_frames=5)
    assert app.audio.counts["call"] + app.audio.counts["lose"] >= 1
    post_keys(pygame.K_RETURN)
    app.run(max_frames=1)
    top = app.top
    assert isinstance(top, ScoringScene)
    assert [r[0].rstrip(" *") for r in top.rows] == ["You", "Max", "Sid"]
    assert sum(r[4] for r in top.rows) == sum(t.ctl.game.totals)
    assert t.ctl.game.history and t.ctl.game.round is None
    post_keys(pygame.K_RETURN)          # the next round
    app.run(max_frames=1)
    assert app.top is t and t.ctl.phase == "play" and t.ctl.game.round_no == 2


def one_card_from_the_game(app):
    """A table where the human, at 99 points, has one card left in the Nerts pile (the
    ace: Q plays it, Q again calls G'NERTS and wins the game)."""
    layouts = [{"pile": "AH", "columns": ["7S", "6D", "5C", "8H"]},
               {"pile": "KS QS", "columns": ["9D", "9S", "8C", "8S"]}]
    t = table_with(app, ["human", "easy"], layouts)
    t.ctl.game.totals = [99, 0]
    t.ctl.game.history = [[99, 0]]
    return t


def test_gnerts_by_the_human_and_end_of_the_game(app):
    t = one_card_from_the_game(app)
    post_keys("q", "q")
    app.run(max_frames=1)
    assert t.ctl.phase == "banner" and t.ctl.game.round.caller == 0
    assert app.audio.counts["call"] == 1
    app.run(max_frames=200)            # the banner goes by itself
    top = app.top
    assert isinstance(top, ScoringScene)
    assert top.rows[0][1:4] == [1, 0, "+1"]
    assert any("win the game" in n for n in top.notes)
    post_keys(pygame.K_RETURN)
    app.run(max_frames=1)
    assert t not in app.scenes
    assert not app.storage.exists(SAVE_NAME)


def test_pause_hides_the_table_and_stops_the_clock(app):
    t = new_table(app, ["human", "expert"], NertsOptions(seats=2), seed=5)
    app.push(t)
    app.run(max_frames=2)
    step = t.ctl.game.round.step_no
    post_keys("p")
    app.run(max_frames=30)
    assert isinstance(app.top, PauseBox)
    assert t.ctl.game.round.step_no == step
    # the hidden table shows no card: only the table colour where the seats were
    table_rgb = tuple(PALETTE[app.options["colour.table"]])
    for xy in ((200, 60), (100, 300), (600, 230)):
        assert tuple(app.canvas.get_at(xy))[:3] == table_rgb
    post_keys("p")
    app.run(max_frames=1)
    assert app.top is t and t.ctl.game.round.step_no > step


def test_save_and_leave_then_resume(app):
    from game.scenes.menu import MenuScene
    app.push(MenuScene(app))
    t = new_table(app, ["human", "hard", "expert"], NertsOptions(seats=3), seed=11)
    app.push(t)
    app.run(max_frames=120)
    post_keys(pygame.K_F8)
    app.run(max_frames=1)
    assert t not in app.scenes
    saved = t.ctl.game.to_json()
    assert app.storage.exists(SAVE_NAME)
    t2 = resume(app)
    assert t2 is not None and t2.ctl.levels == ["human", "hard", "expert"]
    got = t2.ctl.game.to_json()
    assert json.dumps(got, sort_keys=True) == json.dumps(saved, sort_keys=True)
    # Esc asks, Y leaves (saved)
    app.push(t2)
    post_keys(pygame.K_ESCAPE, "y")
    app.run(max_frames=1)
    assert t2 not in app.scenes and app.storage.exists(SAVE_NAME)


def test_a_bad_save_is_set_aside(app):
    app.storage.write_json(SAVE_NAME, "nerts-game", 1, {"game": {}, "levels": [], "seed": 1})
    assert resume(app) is None
    assert app.storage.exists(SAVE_NAME + ".bad")


def test_key_press_shows_in_the_frame_that_reads_it(app):
    t = new_table(app, ["human", "expert", "expert", "expert"], NertsOptions(seats=4), seed=2)
    app.push(t)
    app.run(max_frames=3)
    for _ in range(3):
        post_keys("e")
        app.run(max_frames=1)
    assert t.ctl.latencies == [0, 0, 0]


def test_setup_scene_starts_the_table_with_the_chosen_seats(app):
    from game.scenes.menu import MenuScene
    app.push(MenuScene(app))
    app.push(start(app, seed=4))
    post_keys(pygame.K_RIGHT)                      # 3 seats
    post_keys(pygame.K_DOWN, pygame.K_DOWN, pygame.K_DOWN, pygame.K_LEFT, pygame.K_LEFT)  # seat 3: human
    post_keys(pygame.K_RETURN)
    app.run(max_frames=1)
    t = app.top
    assert isinstance(t, NertsTable)
    assert t.ctl.levels == ["human", "normal", "human"]
    assert [s.name for s in t.ctl.seats] == ["Player 1", "Max", "Player 2"]
    assert t.ctl.seats[2].keys == S.DEFAULT_KEYS[1]


def test_key_clusters_do_not_overlap_and_clashes_fall_back():
    from game.options import Options
    o = Options()
    assert not S.key_conflicts(o)
    a, b = S.DEFAULT_KEYS
    assert not set(a.values()) & set(b.values())
    assert "P" not in S.KEY_NAMES        # P pauses
    o["nerts.keys2.col1"] = "A"          # clashes with player 1's column 1
    assert S.key_conflicts(o)
    clusters, problems = S.clusters_checked(o)
    assert problems and clusters[1] == S.DEFAULT_KEYS[1]


def test_random_keys_from_two_humans_never_break_the_table(app):
    """Key mashing by two humans beside two fast computers: every key is either a move
    or a beep, no exception reaches the player, and the cards stay whole."""
    import random
    rng = random.Random(5)
    t = new_table(app, ["human", "human", "instant", "expert"], NertsOptions(seats=4), seed=8)
    app.push(t)
    keys = [k.lower() for k in S.DEFAULT_KEYS[0].values()] + \
        [k.lower() for k in S.DEFAULT_KEYS[1].values()]
    for _ in range(150):
        post_keys(*rng.choices(keys, k=rng.randint(0, 4)))
        app.run(max_frames=2)
        if t.ctl.phase == "play":
            t.ctl.game.round.check_invariants()
    assert "Internal error" not in app.toast_text
    assert len(t.ctl.log) > 10 and app.beeps > 0


def test_closing_the_window_saves_the_game(app):
    t = new_table(app, ["human", "normal"], NertsOptions(seats=2), seed=6)
    app.push(t)
    app.run(max_frames=10)
    app.quit()
    assert app.storage.exists(SAVE_NAME)
    t2 = resume(app)
    assert t2.ctl.game.round.step_no == t.ctl.game.round.step_no
