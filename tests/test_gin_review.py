"""The after-hand review of Gin (game/gin/review.py): walking a recorded hand, it asks a
fresh expert at each of the seat's draws and discards and lists where it would have
played otherwise, with the points at stake; and R on the hand's score screen shows it."""
import json

import pygame
import pytest

from game import replays
from game.cards import Card, card_text, parse_cards
from game.gin import melds as M
from game.gin import replay_codec
from game.gin import replay_codec as gin_codec
from game.gin.ai import make_ai
from game.gin.coach import feed_chance
from game.gin.review import DISCARDS, DRAWS, FEED_STAKE, REVIEW_SEED, differences, review
from game.gin.review_screen import ReviewBox, review_lines
from game.gin.rules import Discard, DrawStock, GinGame, GinOptions, GoOut, TakeUpcard
from game.gin.screens import GridScreen
from tests.test_gin_table import CPU_HAND, GIN_HUMAN, make_table, press, select

K = pygame
SEATS = [replays.Seat("Ann", "human"), replays.Seat("Computer", "computer", "expert")]


def record_hand(game: GinGame, players) -> replays.Replay:
    """One hand played by `players` (seat -> ai, or a function of (game, position)),
    recorded with a Recorder through Gin's replay codec, as the table records."""
    rec = replays.Recorder(gin_codec, SEATS, viewer=0)
    rec.begin(game, f"Hand {game.hand_no}")
    step = 0
    while game.phase in ("offer", "draw", "discard", "lay_down"):
        s = game.turn
        p = players[s]
        move = p(game, step) if callable(p) else p.choose(game.view(s))
        replay_codec.apply(game, step, s, move)
        rec.record(step, s, move)
        step += 1
    return rec.finish(game)


def computers(seed: int) -> replays.Replay:
    return record_hand(GinGame.new(seed=seed), [make_ai("normal", seed), make_ai("expert", seed + 9)])


def decisions_of(rep: replays.Replay, seat: int):
    """(position, state before, move) of each of the seat's draws and discards."""
    cur = replays.ReplayCursor(rep, gin_codec)
    out = []
    for pos, [(_, who, move)] in enumerate(cur.groups):
        if who == seat and isinstance(move, DRAWS + DISCARDS):
            out.append((pos, cur.engine.copy(), move))
        cur.forward()
    return out


@pytest.mark.parametrize("seed", range(4))
def test_the_differences_are_the_fresh_experts_on_the_seats_view(seed):
    rep = replays.Replay.from_json(json.loads(json.dumps(computers(seed).to_json())))
    n, found = differences(rep, 0)
    decisions = decisions_of(rep, 0)
    assert n == len(decisions) and n > 0
    by_pos = {d.position: d for d in found}
    for pos, before, move in decisions:
        expert = make_ai("expert", REVIEW_SEED + pos).choose(before.view(0))
        same = (type(expert) is type(move)
                and getattr(expert, "card", None) == getattr(move, "card", None)
                and getattr(expert, "discard", None) == getattr(move, "discard", None))
        if isinstance(move, Discard) and isinstance(expert, Discard):     # nothing at stake
            hand = before.view(0).hand
            left = {M.min_deadwood([c for c in hand if c != m.card]) for m in (move, expert)}
            feeds = [feed_chance(before.view(0), m.card) for m in (move, expert)]
            same = same or (len(left) == 1 and abs(feeds[0] - feeds[1]) < FEED_STAKE)
        assert (pos not in by_pos) == same
        if pos in by_pos:
            assert by_pos[pos].played == move and by_pos[pos].expert == expert


def test_the_review_is_the_same_every_time():
    rep = computers(3)
    assert review(rep, 0) == review(rep, 0)
    assert review(rep, 1) == review(rep, 1)


def test_a_hand_played_as_the_expert_has_nothing_to_list():
    def as_the_reviewer(game, pos):
        return make_ai("expert", REVIEW_SEED + pos).choose(game.view(0))
    rep = record_hand(GinGame.new(seed=8), [as_the_reviewer, make_ai("hard", 4)])
    n, found = differences(rep, 0)
    assert n > 0 and found == []
    assert f"The expert would have made each of your {n} draws and discards as you did." in review(rep, 0)


def test_one_decision_played_as_the_expert_is_said_in_the_singular(monkeypatch):
    from game.gin import review as R
    rep = computers(3)
    monkeypatch.setattr(R, "differences", lambda replay, seat: (1, []))
    assert "The expert would have made your one draw or discard as you did." in review(rep, 0)


def test_points_at_stake_are_the_points_each_choice_leaves():
    listed = 0
    for seed in range(6):
        rep = computers(seed)
        before_at = {pos: before for pos, before, _ in decisions_of(rep, 0)}
        for d in differences(rep, 0)[1]:
            hand = before_at[d.position].view(0).hand
            if isinstance(d.played, Discard):
                left = M.min_deadwood([c for c in hand if c != d.played.card])
                assert f"you threw {card_text(d.played.card)} ({left} points left)" in d.lines[0]
            if isinstance(d.expert, Discard):
                left = M.min_deadwood([c for c in hand if c != d.expert.card])
                advice = d.lines[1].removeprefix("  Expert: ")
                if advice.startswith("Play on rather than knock"):    # the expert waits for gin
                    advice = advice.split(": ", 1)[1]
                    advice = advice[0].upper() + advice[1:]
                assert advice.startswith(f"Discard {card_text(d.expert.card)}: it leaves {left} point")
            if isinstance(d.expert, DrawStock):
                assert "a Stock card leaves" in d.lines[1] and "on average" in d.lines[1]
            if isinstance(d.played, TakeUpcard):
                assert "points at best after your discard" in d.lines[0]
            listed += 1
    assert listed > 5


def test_a_knock_missed_is_scored_against_the_real_hand():
    # after taking the upcard A♥ the player may knock with 4 (discarding K♥) but throws it
    human = parse_cards("AC 2C 2D 3D 4D 5D 7H 7C 7S KH")
    game = GinGame.from_deal([human, parse_cards(CPU_HAND)], Card.parse("AH"), dealer=1, seed=3)

    later = make_ai("normal", 1)

    def player(g, pos):
        if pos < 2:
            return TakeUpcard(0) if g.phase == "offer" else Discard(0, Card.parse("KH"))
        return later.choose(g.view(0))
    rep = record_hand(game, [player, make_ai("normal", 2)])
    first = next(d for d in differences(rep, 0)[1] if d.position == 1)
    assert isinstance(first.expert, GoOut) and first.played == Discard(0, Card.parse("KH"))
    expert_line = first.lines[1]
    assert expert_line.startswith("  Expert: Knock with 4 now") and "discard K\x03 face down" in expert_line
    # what the knock would have scored: the same position, knocked, and laid down
    g = decisions_of(rep, 0)[1][1]
    g.apply(first.expert)
    events = g.apply(replay_codec.move_from_json({"t": "LayDown", "seat": 1, "melds": None,
                                                  "layoffs": None}))
    scored = next(ev for ev in events if ev.kind == "hand_scored")
    assert scored.data["winner"] == 0
    assert f"  The expert's knock wins {scored.data['points']} points." in first.lines


def test_a_damaged_replay_is_said_not_shown():
    rep = computers(1)
    bad = replays.Replay(**{**rep.__dict__, "version": replay_codec.VERSION + 1})
    lines = review_lines(bad)
    assert len(lines) == 1 and lines[0].startswith("This hand cannot be reviewed")


def test_hot_seat_reviews_both_players():
    rep = computers(2)
    both = replays.Replay(**{**rep.__dict__, "seats": [SEATS[0], replays.Seat("Bob", "human")]})
    lines = review_lines(both)
    assert "ANN" in lines and "BOB" in lines
    assert lines.index("BOB") > lines.index("ANN")


# ---- at the table ---------------------------------------------------------------------

def _hand_won(app, last_replay, options=None):
    t = make_table(app, GIN_HUMAN, CPU_HAND, "JC", options=options)
    press(app, "+", K.K_RETURN)
    select(app, t, "KH")
    press(app, K.K_F10, "y")
    app.run(max_frames=150)
    assert t.ctl.game.phase in ("hand_over", "game_over") and t.ctl.mode == "result"
    t.ctl.recording.last_replay = last_replay          # as the table's recording sets it
    press(app, "x")                      # any key: the score screen
    assert isinstance(app.top, GridScreen)
    return t


def test_r_on_the_score_screen_shows_the_review(app):
    rep = computers(0)
    t = _hand_won(app, rep)
    score = app.top
    assert score.title == "Game Score"
    assert ("R", "Review") in [(b.key_text, b.label) for b in score.extra_keys]
    beeps = app.beeps
    press(app, "r")
    box = app.top
    assert isinstance(box, ReviewBox) and app.beeps == beeps
    assert box.title == f"Review: {rep.label}"
    assert box.lines[0] == f"{rep.label}: {rep.result}"
    assert any(line.startswith(("Turn", "The first upcard")) for line in box.lines)
    press(app, K.K_ESCAPE)
    assert app.top is score                # back to the score; any key goes on
    press(app, "x")
    assert app.top is t and t.ctl.game.hand_no == 2


def test_no_replay_no_review_key(app):
    t = _hand_won(app, None)
    assert app.top.extra_keys == []
    press(app, "r")                        # any key goes on, as before
    assert app.top is t and t.ctl.game.hand_no == 2


def test_r_at_the_end_of_the_game_reviews_its_last_hand(app):
    rep = computers(1)
    t = _hand_won(app, rep, GinOptions(game_target=20))
    end = app.top
    assert end.title == "End of the Game" and t.ctl.game.phase == "game_over"
    assert ("R", "Review") in [(b.key_text, b.label) for b in end.bindings()]
    press(app, "r")
    assert isinstance(app.top, ReviewBox) and app.top.title == f"Review: {rep.label}"
    press(app, K.K_RETURN)
    assert app.top is end


def test_a_hand_played_at_the_table_is_reviewed_with_its_hints(app):
    t = make_table(app, GIN_HUMAN, CPU_HAND, "JC")
    press(app, "h", "+", K.K_RETURN, "h")        # the coach asked at the draw and the discard
    select(app, t, "KH")
    press(app, K.K_F10, "y")
    app.run(max_frames=150)
    rep = t.ctl.recording.last_replay                          # the table's own recording of the hand
    assert rep is not None and rep.coached == 2
    press(app, "x", "r")
    box = app.top
    assert isinstance(box, ReviewBox)
    assert "You asked the coach 2 times." in box.lines
    # the player took the coach's advice: the expert has nothing to add
    assert any(line.startswith("The expert would have made each of your 2 draws") for line in box.lines)


def test_one_point_left_is_said_in_the_singular():
    from game.gin.options import GinOptions
    from game.gin.review import _turn_line
    from game.gin.rules import TakeUpcard
    g = GinGame.from_deal([parse_cards("AD 2D 3D 7H 7C 7S 4S 5S 6S KC"),
                           parse_cards("2S 5H 8S JS QS 3H 6H 9H JH 4C")], Card.parse("AH"), None,
                          dealer=1, options=GinOptions(), seed=3)
    line = _turn_line(g.view(0), 1, TakeUpcard(0), g, 0)
    assert line == "The first upcard: you took A\x03 (1 point at best after your discard)."
