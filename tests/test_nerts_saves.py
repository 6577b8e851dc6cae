"""Nerts saves that cannot lie (issue #20): the round, the game and the table save
refuse every field out of type, range or step with the phase, and a resumed finished
round shows the records it was saved with. Each refusal tested here was accepted
before this module's checks (rule invariants, saves.py, table_save.py) were added."""
import copy
import json
import random

import pygame
import pytest

from game.nerts.rules import Game, NertsOptions, Round, new_engine
from game.nerts.table import SAVE_NAME, NertsTable, new_table, resume
from tests import nerts_clock as clock
from tests.helpers import key_event
from tests.test_saves_abuse import check_resume, new_app


def played_round(seed=3, steps=60, seats=2) -> Round:
    """A round some way in, played by instant computers through the clock."""
    from game.nerts.sim import make_players
    r = Round(NertsOptions(seats=seats), seed)
    players = make_players(["instant"] * seats, seed)
    for _ in range(steps):
        for s, p in enumerate(players):
            m = p.poll(r.step_no, r.view(s))
            if m is not None:
                clock.submit(r, s, m)
        clock.step(r)
        if r.over:
            break
    return r


def round_doc(**kw) -> dict:
    return json.loads(json.dumps(played_round(**kw).to_json()))


def refused_round(d, reason=""):
    with pytest.raises(ValueError, match=reason):
        Round.from_json(d)


# --- the round: sizes and phase ---------------------------------------------------------------
def pile_of(d, n):
    """Seat 0's Pile made n cards long from the top of its Stack."""
    lay = d["layouts"][0]
    need = n - len(lay["pile"])
    assert 0 < need <= len(lay["stack"])
    lay["pile"] = lay["stack"][-need:] + lay["pile"]
    lay["stack"] = lay["stack"][:-need]
    return d


def test_a_pile_over_thirteen_cards_is_refused():
    refused_round(pile_of(round_doc(steps=0), 14), "at most 13")


def test_an_empty_column_beside_a_pile_is_refused():
    d = round_doc(steps=0)
    lay = d["layouts"][1]
    lay["stack"] = lay["columns"][2] + lay["stack"]
    lay["columns"][2] = []
    refused_round(d, "filled from the Pile")


def test_gnerts_with_cards_left_in_the_callers_pile_is_refused():
    d = round_doc()
    d.update(over=True, end_reason="gnerts", caller=0, votes=[])
    refused_round(d, "caller's Pile")


def test_a_standstill_before_the_last_rotation_is_refused():
    d = round_doc()
    d.update(over=True, end_reason="standstill", caller=None, votes=[], rotations=1)
    refused_round(d, "rotation")


@pytest.mark.parametrize("votes", [[0, 0], [0, 1]])
def test_duplicate_or_complete_votes_are_refused(votes):
    d = round_doc()
    d["votes"] = votes
    refused_round(d, "vote|agreed")


def test_votes_after_the_end_are_refused():
    d = round_doc()
    d.update(over=True, end_reason="standstill", caller=None, votes=[1], rotations=3)
    refused_round(d, "votes after the end")


@pytest.mark.parametrize("field,value", [("step", 10 ** 30), ("moves_applied", 10 ** 30),
                                         ("idle_flips", [10 ** 30, 0])])
def test_huge_counters_are_refused(field, value):
    d = round_doc()
    d[field] = value
    refused_round(d, "bad")


@pytest.mark.parametrize("flag", ["partial", "trusted", "check"])
def test_an_unknown_field_is_refused_not_ignored(flag):
    d = round_doc()
    d[flag] = True
    refused_round(d, "unknown")
    g = Game(NertsOptions(), seed=4).to_json()
    g[flag] = True
    with pytest.raises(ValueError, match="unknown"):
        Game.from_json(g)


def test_a_sound_round_and_a_finished_one_still_load():
    for steps in (0, 60, 100000):
        r = played_round(steps=steps)
        back = Round.from_json(json.loads(json.dumps(r.to_json())))
        assert back.to_json() == r.to_json()
    assert r.over          # the long one reached its end (G'NERTS or standstill)


# --- the game's records ----------------------------------------------------------------------
def game_doc(history, round_=None, over=False, winner=None, target=100, seed=4):
    totals = [sum(c) for c in zip(*history)] if history else [0, 0]
    g = Game(NertsOptions(target=target), seed=seed).to_json()
    g.update(history=history, totals=totals, round=round_, over=over, winner=winner)
    return g


@pytest.mark.parametrize("doc,reason", [
    (game_doc([[500, 0]]), "out of range"),                     # no round scores 500
    (game_doc([[-40, 3]]), "out of range"),                     # nor loses 40 (13 cards x 2)
    (game_doc([[52, 10], [52, 3]]), "end"),                    # 104: the game should be over
    (game_doc([[52, 10], [52, 3]], over=True, winner=1), "end"),  # ... won by the leader
    (game_doc([[20, 10]], over=True, winner=0), "end"),        # over below the target
])
def test_game_records_that_disagree_are_refused(doc, reason):
    with pytest.raises(ValueError, match=reason):
        Game.from_json(doc)


def test_a_round_in_a_finished_game_or_dealt_from_another_number_is_refused():
    over = game_doc([[52, 10], [52, 3]], over=True, winner=0, round_=Round(NertsOptions(), 4).to_json())
    with pytest.raises(ValueError, match="over"):
        Game.from_json(over)
    other_deal = game_doc([], round_=Round(NertsOptions(), 5).to_json(), seed=4)
    with pytest.raises(ValueError, match="deal number"):
        Game.from_json(other_deal)
    g = new_engine(4, NertsOptions())
    assert Game.from_json(json.loads(json.dumps(g.to_json()))).to_json() == g.to_json()


# --- the table save ---------------------------------------------------------------------------
@pytest.fixture
def table_save(tmp_path):
    """(app, the save file's JSON) of a table some seconds in."""
    app = new_app(tmp_path)
    t = new_table(app, ["human", "expert"], NertsOptions(), seed=3)
    app.push(t)
    app.run(max_frames=600)
    assert t.save()
    doc = json.loads((tmp_path / SAVE_NAME).read_text())
    app.pop(t)
    yield app, doc
    app.close()


def resume_of(app, doc, what):
    with open(app.storage.path(SAVE_NAME), "w") as f:
        f.write(json.dumps(doc))
    return check_resume(app, "nerts", SAVE_NAME, what)


def test_the_unmutated_table_save_resumes(table_save):
    app, doc = table_save
    assert resume_of(app, doc, "as saved") == "resumed"


@pytest.mark.parametrize("what,change", [
    ("computers saved without a round", lambda d: d["game"].update(round=None)),
    ("a computer off the clock", lambda d: d["ais"]["players"][1].update(sps=10 ** 30)),
    ("a computer that never looks again", lambda d: d["ais"]["players"][1].update(next_step=10 ** 30)),
    ("a seed beyond any deal number", lambda d: d.update(seed=10 ** 40)),
    ("a pile of 14", lambda d: pile_of(d["game"]["round"], 14)),
    ("G'NERTS with a full pile", lambda d: d["game"]["round"].update(
        over=True, end_reason="gnerts", caller=1, votes=[])),
    ("a record out of range", lambda d: (d["game"].update(history=[[99, 0]], totals=[99, 0]),
                                         d["ais"].update(round_no=2))),
])
def test_mutated_table_saves_are_set_aside(table_save, what, change):
    app, doc = table_save
    d = copy.deepcopy(doc)
    change(d["data"])
    assert resume_of(app, d, what) == "refused"


def test_a_resumed_finished_round_shows_the_scores_it_was_saved_with(tmp_path):
    app = new_app(tmp_path)
    options = NertsOptions(call_bonus=5)
    game = Game(options, seed=7)
    game.round = Round.setup([{"pile": "AH", "columns": ["7S", "6D", "5C", "8H"]},
                              {"pile": "KS QS", "columns": ["9D", "9S", "8C", "8S"]}],
                             options=options, seed=7)
    t = NertsTable(app, game, ["human", "normal"], seed=7)
    app.push(t)
    pygame.event.post(key_event(pygame.K_q, "q"))     # the Pile key twice: AH scores, G'NERTS
    pygame.event.post(key_event(pygame.K_q, "q"))
    app.run(max_frames=1)
    assert t.ctl.phase == "banner" and game.round.caller == 0          # saved at the round's end
    want = game.round.score_details()
    app.pop(t)
    again = resume(app)
    assert again is not None and again.ctl.phase == "banner"
    app.push(again)
    pygame.event.post(key_event(pygame.K_RETURN))
    app.run(max_frames=1)
    rows = app.top.rows
    assert [r[1:4] for r in rows] == [[d["played"], d["pile_left"], f"{d['total']:+d}"] for d in want]
    assert rows[0][0] == "You *" and want[0]["bonus"] == 5 and want[0]["played"] == 1
    assert not app.internal_errors
    app.close()


def test_random_mutations_of_a_late_round_never_resume_a_broken_table(tmp_path):
    """The shared harness on a save from deep in a round (votes, rotations, a long waste)."""
    from tests.test_saves_abuse import mutations
    app = new_app(tmp_path)
    game = Game(NertsOptions(seats=3), seed=9)
    game.round = played_round(seed=9, steps=3000, seats=3)
    if game.round.over:
        game.round = played_round(seed=9, steps=1500, seats=3)
    t = NertsTable(app, game, ["human", "hard", "easy"], seed=9)
    t.save()
    with open(app.storage.path(SAVE_NAME), "rb") as f:
        raw = f.read()
    results = {"refused": 0, "resumed": 0}
    for what, data in mutations(raw, random.Random("nerts-late"), 60):
        with open(app.storage.path(SAVE_NAME), "wb") as f:
            f.write(data)
        results[check_resume(app, "nerts", SAVE_NAME, what)] += 1
    assert results["refused"] > 15 and results["resumed"] > 0, results
    app.close()


def test_a_saved_round_taken_up_with_alt_1_waits_for_the_player_behind_a_ready_box(tmp_path):
    """Issue 44 item 18: the menu's Alt+1 into a saved round in play shows a "ready" box
    (the table hidden) and the round's clock stands still until P or Enter."""
    from game.nerts.screens import PauseBox
    from game.scenes.menu import MenuScene
    app = new_app(tmp_path)
    t = new_table(app, ["human", "normal"], seed=11)
    app.push(t)
    app.run(max_frames=30)
    pygame.event.post(key_event(pygame.K_F8))          # save and leave
    app.run(max_frames=2)
    assert t not in app.scenes
    app.push(MenuScene(app))
    app.run(max_frames=1)
    pygame.event.post(key_event(pygame.K_1, "1", mod=pygame.KMOD_LALT))
    app.run(max_frames=2)
    box = app.top
    assert isinstance(box, PauseBox) and box.title == "Ready"
    table = app.scenes[-2]
    assert isinstance(table, NertsTable) and table.ctl.phase == "play"
    step = table.ctl.game.round.step_no
    app.run(max_frames=120)                             # a second: the clock has not moved
    assert app.top is box and table.ctl.game.round.step_no == step
    pygame.event.post(key_event(pygame.K_RETURN))
    app.run(max_frames=60)
    assert app.top is table and table.ctl.game.round.step_no > step
    assert not app.internal_errors
    app.close()
