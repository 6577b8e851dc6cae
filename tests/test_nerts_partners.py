"""Nerts partnerships (the rules sheet: 4 seats as 2 teams; partners share a layout, one
works the Pile and the columns, the other the Stack): the engine's rules, legal and
illegal, team scoring, and the computer partners."""
import json
import random

import pytest

from game.cards import Card
from game.engine import IllegalMove, OptionError
from game.nerts.ai import NertsAI
from game.nerts.moves import COLUMN, PILE, WASTE, Move, ScoreRound
from game.nerts.rules import Game, NertsOptions, Round
from game.nerts.sim import make_players
from tests import nerts_clock as clock

TEAMS = NertsOptions(seats=4, partners=True)


def C(text, deck=0):
    return Card.parse(text, deck)


def teams_round(a, b, **kw):
    return Round.setup([a, b], options=TEAMS, **kw)


@pytest.mark.parametrize("seats", [2, 3])
def test_partnerships_need_four_seats(seats):
    with pytest.raises(OptionError):
        NertsOptions(seats=seats, partners=True)


def test_a_partnership_deal_is_two_layouts_of_two_decks():
    r = Round(TEAMS, 5)
    assert r.options.seats == 4 and r.options.sides == 2 and len(r.layouts) == 2 and len(r.foundations) == 8
    assert {c.deck for c in r.layouts[1].all_cards()} == {1}
    assert r.view(0).columns == r.view(1).columns and r.view(2).columns == r.view(3).columns
    assert [r.view(s).role for s in range(4)] == ["pile", "stack", "pile", "stack"]
    assert [r.view(s).side for s in range(4)] == [0, 0, 1, 1]
    r.check_invariants()


def test_the_pile_partner_plays_the_pile_and_columns_only():
    r = teams_round({"pile": "4D 9C AH", "columns": ["5S", "5D", "AC", "7H"], "stack": "2S 3S",
                     "waste": "AD"}, {})
    r.apply(0, Move.to_scoring(PILE))
    r.apply(0, Move.to_scoring(COLUMN, col=2))
    for move in (Move.flip(), Move.to_scoring(WASTE)):
        before = r.to_json()
        with pytest.raises(IllegalMove, match="partner works the Stack"):
            r.apply(0, move)
        assert r.to_json() == before
    moves = r.legal_moves(0)
    assert moves and all(m.kind in ("play", "vote") and m.src != WASTE for m in moves)


def test_the_stack_partner_flips_and_plays_the_waste_only():
    r = teams_round({"pile": "9C AH", "columns": ["5S", "5D", "6C", "7H"], "stack": "2S 3S",
                     "waste": "AD"}, {})
    r.apply(1, Move.to_scoring(WASTE))
    r.apply(1, Move.flip())
    for move in (Move.to_scoring(PILE), Move.to_column(COLUMN, 3, col=0)):
        before = r.to_json()
        with pytest.raises(IllegalMove, match="partner works the Pile"):
            r.apply(1, move)
        assert r.to_json() == before
    moves = r.legal_moves(1)
    assert Move.flip() in moves and all(m.src in (None, WASTE) for m in moves)


def test_either_partner_agrees_for_the_team_and_a_rotation_needs_both_teams():
    stuck = {"pile": "2C 3C 4C", "columns": ["KH", "KD", "QH", "QD"], "stack": "5C 6C 7C 8C"}
    r = teams_round(stuck, {**stuck, "pile": "2S 3S"}, rest="none")
    r.layouts[1] = r.layouts[1].__class__([C(t, 1) for t in ("2S", "3S")],
                                         [[C(t, 1)] for t in ("KH", "KD", "QH", "QD")],
                                         [C(t, 1) for t in ("5S", "6S", "7S", "8S")], [])
    r.apply(1, Move.vote())
    assert r.votes == {0}
    with pytest.raises(IllegalMove, match="side already agreed"):
        r.apply(0, Move.vote())
    assert Move.vote() not in r.legal_moves(0)
    ev = r.apply(2, Move.vote())
    assert [e.kind for e in ev] == ["vote", "rotation"] and r.rotations == 1


def test_team_scores_and_the_game_totals_per_team():
    r = teams_round({"pile": "AH", "columns": ["7S", "6D", "5C", "8H"]},
                    {"pile": "KS QS", "columns": ["9D", "9S", "8C", "8S"]})
    ev = r.apply(0, Move.to_scoring(PILE))
    assert r.over and r.caller == 0 and "gnerts" in [e.kind for e in ev]
    assert r.side_scores() == [1, -4]
    assert r.scores() == [1, 1, -4, -4]
    g = Game(TEAMS, seed=3)
    assert g.totals == [0, 0]
    g.round = r
    ev = g.apply(ScoreRound())
    assert ev[0].get("totals") == [1, -4] and g.history == [[1, -4]]
    back = Game.from_json(json.loads(json.dumps(g.to_json())))
    assert back.totals == [1, -4] and back.options.partners


def test_a_team_wins_the_game():
    g = Game(TEAMS, seed=3)
    g.totals, g.history = [99, 10], [[99, 10]]
    g.round = teams_round({"pile": "AH", "columns": ["7S", "6D", "5C", "8H"]},
                          {"pile": "KS QS", "columns": ["9D", "9S", "8C", "8S"]})
    g.round.apply(0, Move.to_scoring(PILE))
    assert g.apply(ScoreRound())[-1].kind == "game_over" and g.winner == 0 and g.over


def test_a_partnership_round_survives_json():
    r = Round(TEAMS, 9)
    r.apply(1, Move.flip())
    back = Round.from_json(json.loads(json.dumps(r.to_json())))
    assert back.to_json() == r.to_json() and back.options.partners


def test_computer_partners_keep_to_their_share_and_never_race_each_other():
    for seed in range(6):
        r = Round(TEAMS, seed)
        players = make_players(["expert", "expert", "hard", "normal"], seed)
        steps = 0
        while not r.over and steps < 400_000:
            for s, p in enumerate(players):
                m = p.poll(r.step_no, r.view(s))
                if m is not None:
                    assert r.options.role_refusal(s, m) is None, (s, m)
                    clock.submit(r, s, m)
            for e in clock.step(r):
                if e.kind == "refused":
                    # a card that lost a race lost it to the other team, never the partner
                    assert "partner" not in e.reason
            steps += 1
        assert r.over
        r.check_invariants()


def test_the_stack_partner_leaves_the_pile_partners_place_alone():
    # the waste 8H would help (the 7C under it scores) but the Pile's 8D also fits the 9S:
    # the stack partner leaves that column to its partner
    r = teams_round({"pile": "2C 8D", "columns": ["9S", "KD", "KS", "KH"], "waste": "7C 8H",
                     "stack": "3C"}, {}, foundations=["AC@1 2C@1 3C@1 4C@1 5C@1 6C@1"])
    m, kind = NertsAI("instant", random.Random(1)).decide(r.view(1))
    assert m == Move.flip() and kind == "flip"
    m, kind = NertsAI("instant", random.Random(1)).decide(r.view(0))
    assert m == Move.to_column(PILE, 0)


def test_a_partnership_table_a_human_works_only_its_share(app):
    from game.nerts.table import NertsTable
    from tests.helpers import post_keys
    game = Game(TEAMS, seed=4)
    game.round = teams_round({"pile": "4D 9C AH", "columns": ["5S", "5D", "6C", "7H"],
                              "stack": "2S 3S", "waste": "AD"},
                             {"pile": "KS QS", "columns": ["9D", "9S", "8C", "8S"]})
    t = NertsTable(app, game, ["human", "easy", "easy", "easy"], seed=4)
    app.push(t)
    assert [t.ctl.side_name(i) for i in range(2)] == ["You & Max", "Sid & Liz"]
    post_keys("e")                       # flip: the partner's share
    app.run(max_frames=1)
    assert app.beeps == 1 and "partner works the Stack" in t.ctl.notes[-1]
    post_keys("q", "q")                  # the Pile's AH: its own share
    app.run(max_frames=1)
    assert app.beeps == 1 and any(f and str(f[-1]) == "AH" for f in t.ctl.game.round.foundations)
    app.run(max_frames=2)
    t.check_invariants()


def test_setup_offers_partnerships_with_four_seats_only(app):
    from game.nerts.table import start
    setup = start(app, seed=2)
    assert "Partnerships" not in [line.label for line in setup.lines()]
    setup.seats = 4
    labels = [line.label for line in setup.lines()]
    i = labels.index("Partnerships")
    setup.index = i
    setup.change(1)
    t = setup.start().scene
    assert t.ctl.game.options.partners and len(t.ctl.game.round.layouts) == 2


def _setup_texts(app, monkeypatch, human: int) -> list[str]:
    """The texts the set-up screen draws with four seats in partnerships, `human` the one human."""
    from game import ui
    from game.nerts.setup import SetupScene
    app.options["nerts.seats"], app.options["nerts.partners"] = 4, True
    for i in range(4):
        app.options[f"nerts.seat{i + 1}"] = "human" if i == human else "normal"
    app.push(SetupScene(app, 5, None))
    drawn: list[str] = []
    real = ui.text
    monkeypatch.setattr(ui, "text", lambda c, col, row, s, *a, **k: (drawn.append(s),
                                                                     real(c, col, row, s, *a, **k)))
    app.run(max_frames=1)
    return drawn


def test_the_set_up_shows_the_pile_partner_only_the_keys_of_his_share(app, monkeypatch):
    texts = _setup_texts(app, monkeypatch, human=0)
    keys = " | ".join(t for t in texts if "Pile Q" in t or "Scoring Area" in t)
    assert "Pile Q" in keys and "Columns A S D F" in keys and "Scoring Area G" in keys
    assert "Flip" not in keys and "Waste" not in keys and "Space flip" not in keys


def test_the_set_up_shows_the_stack_partner_only_the_keys_of_his_share(app, monkeypatch):
    texts = _setup_texts(app, monkeypatch, human=1)
    keys = " | ".join(t for t in texts if "Flip E" in t or "Scoring Area" in t)
    assert "Flip E" in keys and "Waste W" in keys and "Columns A S D F" in keys and "Space flip" in keys
    assert "Pile Q" not in keys


def test_the_stack_partners_keys_box_lists_the_column_keys_he_puts_the_waste_on(app, monkeypatch):
    """The keys box beside the table: the Stack partner's keys are the waste, the flip,
    the columns (a waste card goes onto one), the Scoring Area; not the Pile."""
    from game import ui
    from game.nerts.table import new_table
    t = new_table(app, ["easy", "human", "easy", "easy"], TEAMS, seed=4)
    app.push(t)
    drawn: list[str] = []
    real = ui.text_px
    monkeypatch.setattr(ui, "text_px", lambda c, x, y, s, *a, **k: (drawn.append(s),
                                                                    real(c, x, y, s, *a, **k))[1])
    app.redraw()
    app.run(max_frames=1)
    box = drawn[drawn.index("Your keys"):drawn.index("Your keys") + 13]
    assert "A S D F" in box and "Columns" in box and "Waste" in box and "Flip Stack" in box
    assert "Pile" not in box
