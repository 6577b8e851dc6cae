"""Go-Stop at the table: hot seat (two or three humans, the hand-over screen, no
human ever shown or told another's hand), the seating (play runs to the right on
screen), the set-up's seats and presets, statistics by level and variant, and
what the table speaks."""
import pygame
import pytest

from game.games import BY_KEY
from game.gostop import hwatu_art, screens
from game.gostop import table as T
from game.gostop.ai import GoStopAI
from game.gostop.model import Model
from game.gostop.rules import GoStop, GoStopState, Options
from game.gostop.setup import PRESET_ROW
from game.gostop.table_layout import Layout
from game.scenes.overlays import NamePrompt, Question
from game.speech import RecordingSpeaker
from game.table.handover import HandOver
from tests.helpers import post_keys


# ------------------------------------------------------------------ seating
@pytest.mark.parametrize("bottom", [0, 1, 2])
def test_the_next_seat_sits_top_right_so_play_runs_to_the_right(bottom):
    st = GoStopState.new(Options(players=3), 3)
    lay = Layout(Model.of(st), bottom, 3)
    nxt, after = (bottom + 1) % 3, (bottom + 2) % 3
    assert set(lay.blocks) == {nxt, after}
    assert lay.blocks[nxt].x > lay.blocks[after].x      # bottom -> right -> left


# ------------------------------------------------------------------ hot seat
class FaceSpy:
    """Records every card drawn face up during a draw."""

    def __init__(self, monkeypatch):
        self.cards = set()
        real = hwatu_art.face

        def face(card, *a, **kw):
            self.cards.add(card)
            return real(card, *a, **kw)
        monkeypatch.setattr(hwatu_art, "face", face)


def private_cards(st, seat):
    return {c for c in st.hands[seat] if c not in st.revealed[seat]}


def play_hot_seat(app, t, spy, hands=2, max_frames=6000):
    """Play `hands` hands with every human seat played by an easy computer through
    the keys' paths, checking after each frame what was drawn face up and what
    the scene on top would speak."""
    ai = GoStopAI("easy", 7)
    passes = 0
    st = t.ctl.source.state
    played = 0
    for _ in range(max_frames):
        spy.cards.clear()
        app.run(max_frames=1)
        top = app.top
        q = st.question()
        viewer = t.ctl.viewer
        for h in t.ctl.humans:
            seen = spy.cards & private_cards(st, h)
            if seen:
                # only the owner, at the keyboard, asked now, with no hand-over pending
                assert h == viewer and q.seat == h and not t.ctl.passing, \
                    f"{t.names[h]}'s cards {seen} drawn face up (viewer {viewer}, asked {q.seat})"
        if top is not t:
            assert "hand:" not in (top.spoken_state() or "")
        elif not t.hand_visible():
            assert "hand:" not in t.spoken_state()
        if isinstance(top, HandOver):
            passes += 1
            assert top.seat == q.seat and top.seat != viewer
            post_keys(pygame.K_RETURN)
        elif isinstance(top, screens.GoStopBox):
            app.apply(top.answered(False))
        elif isinstance(top, screens.GoStopScoring):
            played += 1
            if played >= hands:
                return passes
            app.apply(top.go_on())
        elif isinstance(top, Question):
            app.apply(top.answer(True))
        elif top is t and t.keymap.human_phase() is not None:
            assert q.seat == t.ctl.viewer
            t.apply(ai.choose(st.view(q.seat)))
    raise AssertionError("the hot-seat game did not finish its hands")


def test_two_humans_hand_over_and_never_see_each_others_hand(app, monkeypatch):
    spy = FaceSpy(monkeypatch)
    st = GoStopState.new(Options(players=2), 11)
    t = T.GoStopTable(app, st, [], "fast", seed=3, humans=[0, 1])
    app.push(t)
    assert t.names == ["Player 1", "Player 2"]
    passes = play_hot_seat(app, t, spy)
    assert passes >= 10      # every turn changes hands
    assert app.stats.data.get("gostop", {}).get("hands_played", 0) == 0   # no statistics
    assert app.stats.games("gostop") == []                                # nor history


def test_three_players_two_humans_and_a_computer(app, monkeypatch):
    spy = FaceSpy(monkeypatch)
    st = GoStopState.new(Options(players=3), 12)
    t = T.GoStopTable(app, st, ["normal"], "fast", seed=3, humans=[0, 2])
    app.push(t)
    assert t.names == ["Player 1", "Computer", "Player 2"]
    t.show_hands = True      # F9 shows the computer's hand, never a human's
    assert play_hot_seat(app, t, spy, hands=1) >= 4


def test_hot_seat_save_resumes_behind_the_hand_over_screen(app):
    st = GoStopState.new(Options(players=2), 11)
    t = T.GoStopTable(app, st, [], "fast", seed=3, humans=[0, 1])
    app.push(t)
    app.run(max_frames=3)
    t.save()
    app.pop(t)
    r = T.resume(app)
    assert r is not None and r.ctl.humans == (0, 1) and r.ctl.viewer is None
    app.push(r)
    app.run(max_frames=3)
    assert isinstance(app.top, HandOver)


def test_a_single_human_keeps_seeing_the_hand_while_computers_play(app):
    st = GoStopState.new(Options(players=2), 11)
    t = T.GoStopTable(app, st, ["normal"], "fast", seed=3)
    assert t.ctl.viewer == 0 and not t.ctl.hot_seat and t.hand_visible()


# ------------------------------------------------------------------ set-up
def test_setup_seat_two_human_and_the_online_preset(app):
    from game.scenes.menu import MenuScene
    app.push(MenuScene(app))
    app.push(T.start(app, seed=4))
    app.run(max_frames=1)
    setup = app.top
    # seat 2: normal -> hard -> human
    post_keys(pygame.K_DOWN, pygame.K_RIGHT, pygame.K_RIGHT)
    app.run(max_frames=1)
    assert app.options["gostop.level1"] == "human"
    rows = [line.key for line in setup.lines()]
    setup.index = rows.index(PRESET_ROW)
    while setup.presets.now() != "Online":
        setup.change(1)
    assert app.options["gostop.three_ppuk"] and app.options["gostop.two_card_bomb"]
    post_keys(pygame.K_RETURN)
    app.run(max_frames=1)
    t = app.top if isinstance(app.top, T.GoStopTable) else app.scenes[-2]
    assert isinstance(t, T.GoStopTable)
    assert t.ctl.humans == (0, 1) and t.ctl.levels == []
    assert t.ctl.source.state.options.three_ppuk and t.ctl.source.state.options.bonus_steals


def test_setup_saves_the_players_own_preset(app):
    app.push(T.start(app, seed=4))
    app.run(max_frames=1)
    app.options["gostop.three_ppuk"] = True
    app.options["gostop.bonus"] = 3
    post_keys("s")
    app.run(max_frames=1)
    assert isinstance(app.top, NamePrompt)
    post_keys("M", "i", "n", "e", pygame.K_RETURN)
    app.run(max_frames=2)
    own = BY_KEY["gostop"].presets.listed(app.storage)
    assert own["Mine"]["gostop.three_ppuk"] is True and own["Mine"]["gostop.bonus"] == 3
    assert "gostop.players" not in own["Mine"]       # rules only, not the seats


def test_shipped_presets_are_standard_traditional_and_online():
    shipped = BY_KEY["gostop"].presets.shipped
    assert set(shipped) == {"Standard", "Traditional", "Online"}
    assert shipped["Traditional"]["gostop.bonus"] == 0
    assert not any(shipped["Traditional"][k] for k in ("gostop.three_ppuk", "gostop.first_ppuk_paid",
                                                        "gostop.bonus_steals", "gostop.two_card_bomb"))
    assert all(shipped["Online"][k] for k in ("gostop.three_ppuk", "gostop.first_ppuk_paid",
                                              "gostop.bonus_steals", "gostop.two_card_bomb"))


# ------------------------------------------------------------------ statistics
def test_a_hand_is_counted_by_level_and_by_variant(app):
    from game.gostop.settings import preset_rules
    st = GoStopState.from_position(hands=["3R 5J1 6J1", "4J1 5J2 6J2"], table="3J1 7J1",
                                   stock="9J1 10J1 10J2 9J2 2J1 2J2",
                                   captures=["1B 3B 8B 11B 1R 2R 7A 11J1 11D", "8A 10A 4R 8J1"],
                                   options=preset_rules("Traditional"))
    t = T.GoStopTable(app, st, ["hard"], "fast", seed=3)
    app.push(t)
    app.run(max_frames=2)
    post_keys(pygame.K_RETURN)
    for _ in range(300):
        app.run(max_frames=1)
        if isinstance(app.top, screens.GoStopBox):
            app.apply(app.top.answered(False))
        if isinstance(app.top, screens.GoStopScoring):
            break
    assert isinstance(app.top, screens.GoStopScoring)
    keys = set(app.stats.data)
    assert {"gostop", "gostop/level/hard", "gostop/variant/Traditional"} <= keys
    assert app.stats.data["gostop/variant/Traditional"]["hands_won"] == 1


# ------------------------------------------------------------------ speech
@pytest.fixture
def speaking(app):
    app.speaker = RecordingSpeaker()
    app.options["speech.on"] = True
    return app


def test_notes_the_card_under_the_cursor_and_f11_are_spoken(speaking):
    app = speaking
    st = GoStopState.from_position(hands=["3R 5J1 6J1", "4J1 5J2 6J2"], table="3J1 7J1",
                                   stock="9J1 10J1 10J2 9J2 2J1 2J2", captures=["", ""])
    t = T.GoStopTable(app, st, ["greedy"], "fast", seed=3)
    app.push(t)
    app.run(max_frames=2)
    focus = t.spoken_focus()
    assert "cherry" in focus and "takes the framed" in focus
    post_keys(pygame.K_RIGHT)
    app.run(max_frames=1)
    assert any("orchid" in s for s in app.speaker.said)       # 5J1 now under the cursor
    state = t.spoken_state()
    assert "Your hand:" in state and "Table:" in state and "Computer:" in state
    post_keys(pygame.K_LEFT, pygame.K_RETURN)
    app.run(max_frames=60)
    assert any(s.startswith("You play") for s in app.speaker.said)   # the notes


def test_the_go_or_stop_question_is_read_with_its_answers(speaking):
    app = speaking
    st = GoStopState.from_position(hands=["3R 5J1 6J1", "4J1 5J2 6J2"], table="3J1 7J1",
                                   stock="9J1 10J1 10J2 9J2 2J1 2J2",
                                   captures=["1B 3B 8B 11B 1R 2R 7A 11J1 11D", "8A 10A 4R 8J1"])
    t = T.GoStopTable(app, st, ["greedy"], "fast", seed=3)
    app.push(t)
    app.run(max_frames=2)
    post_keys(pygame.K_RETURN)
    for _ in range(200):
        app.run(max_frames=1)
        if isinstance(app.top, screens.GoStopBox):
            break
    assert isinstance(app.top, screens.GoStopBox)
    app.run(max_frames=1)
    said = " ".join(app.speaker.said)
    assert "Go or Stop?" in said and "G for Go, S for Stop" in said
    app.apply(app.top.answered(False))
    assert st.result is not None and GoStop(False) not in st.legal_moves()


def test_setup_lines_keep_their_spacing_when_seat_two_becomes_a_human(app, monkeypatch):
    from tests.screen_text import rows_drawn
    app.push(T.start(app, seed=4))
    app.run(max_frames=1)
    setup = app.top

    def rows():
        drawn = rows_drawn(monkeypatch, setup, app.canvas)
        return {label: row for row, text in drawn.items() for label in ("Players", "Seat 2", "Computer turns")
                if text.strip(" \u2551").startswith(label)}
    computer = rows()
    post_keys(pygame.K_DOWN, pygame.K_RIGHT, pygame.K_RIGHT)
    app.run(max_frames=1)
    assert app.options["gostop.level1"] == "human"
    human = rows()
    assert computer["Seat 2"] - computer["Players"] == human["Seat 2"] - human["Players"] == 1
    assert human["Computer turns"] - human["Seat 2"] == 3      # the two names between
