"""What a joiner's Nerts table is sent and reads (game/nerts/net_codec.py,
game/nerts/remote_board.py): the view carries the game's rules and each side's cards
in the Scoring Area (the round's score lies open at the table) and who called
G'NERTS; no seat is sent a deal number (it would deal the round again, every hidden
card told); the events read back as the table's animations read them; the board made
from the views is the engine's round as far as a seat may see it."""
from __future__ import annotations

import json
import random

import pytest

from game.engine import apply_now
from game.nerts import net_codec as C
from game.nerts.moves import NextRound, ScoreRound
from game.nerts.remote_board import ViewGame
from game.nerts.rules import Game, NertsOptions, new_engine


def played(seed: int, seats: int = 3, moves: int = 150, **opts):
    g = new_engine(seed, NertsOptions(seats=seats, **opts))
    rng = random.Random(seed)
    for i in range(moves):
        if g.round.over:
            break
        legal = g.legal_moves(i % seats)
        plays = [m for m in legal if m.move.kind == "play"]
        apply_now(g, rng.choice(plays or legal))
    return g


def wire(data):
    return json.loads(json.dumps(data))


def test_no_seat_is_sent_the_deal_number_of_a_round():
    g = Game(NertsOptions(seats=3), seed=4)
    events = g.apply(NextRound(1))            # the round dealt by seat 1
    dealt = [e for e in events if e.kind == "round_dealt"]
    assert dealt and dealt[0].data["deal_no"] == g.round.deal_no
    for seat in range(3):
        sent = C.events_for(events, seat)
        assert "deal_no" not in next(e for e in sent if e["kind"] == "round_dealt")["data"]
        assert str(g.round.deal_no) not in json.dumps(sent)


@pytest.mark.parametrize("seed", [1, 8, 15])
def test_the_board_from_the_views_is_the_round_as_a_seat_sees_it(seed):
    g = played(seed)
    rnd = g.round
    for seat in range(3):
        view = C.view_from_json(wire(C.view_to_json(g.view(seat))))
        assert view.options == g.options and view.round.played == rnd.played_counts()[seat]
        board = ViewGame(view, C.layouts_from_json(wire(C.layouts_to_json(g)))).round
        assert board.played_counts() == rnd.played_counts()
        assert board.score_details() == rnd.score_details()
        assert [f[-1:] for f in board.foundations] == [f[-1:] for f in rnd.foundations]
        for mine, real in zip(board.layouts, rnd.layouts):
            assert (mine.columns, mine.waste) == (real.columns, real.waste)
            assert len(mine.pile) == len(real.pile) and mine.pile[-1:] == real.pile[-1:]
            assert len(mine.stack) == len(real.stack) and set(mine.stack + mine.pile[:-1]) <= {None}


def test_the_caller_and_the_end_are_in_the_view_once_the_round_is_over():
    g = played(5, seats=2, moves=5000)
    assert g.round.over
    board = ViewGame(C.view_from_json(wire(C.view_to_json(g.view(1)))),
                     C.layouts_from_json(wire(C.layouts_to_json(g)))).round
    assert (board.end_reason, board.caller) == (g.round.end_reason, g.round.caller)
    assert [d["total"] for d in board.score_details()] == g.round.side_scores()
    g.apply(ScoreRound(0))
    game = ViewGame(C.view_from_json(wire(C.view_to_json(g.view(1)))), [])
    assert game.round is None and game.totals == g.totals


def test_the_events_read_back_as_the_tables_animations_read_them():
    g = new_engine(9, NertsOptions(seats=2))
    rng = random.Random(9)
    seen = set()
    for i in range(600):
        if g.round.over:
            break
        events = apply_now(g, rng.choice(g.legal_moves(i % 2)))
        for e, sent in zip(events, C.events_for(events, 1 - i % 2)):
            back = C.event_from_json(wire(sent))
            seen.add(e.kind)
            assert (back.kind, back.seat, back.cards, back.src, back.src_index, back.dst, back.dst_index,
                    back.value) == (e.kind, e.seat, e.cards, e.src, e.src_index, e.dst, e.dst_index, e.value)
    assert {"card_moved", "flipped"} <= seen
    assert C.event_from_json({"kind": "round_dealt", "seat": None, "data": {}}) is None
    for bad in ({"kind": "race", "seat": 0, "data": {}}, {"kind": "card_moved", "seat": 9, "data": {}},
                {"kind": "card_moved", "seat": 0, "data": {"cards": ["ZZ@0"]}}, [], None,
                {"kind": "card_moved", "seat": 0, "data": {"src": "moon"}}):
        with pytest.raises(ValueError):
            C.event_from_json(bad)


def test_a_view_without_the_rules_is_refused_for_the_board():
    g = played(2, seats=2, moves=10)
    d = wire(C.view_to_json(g.view(0)))
    d["options"] = None
    with pytest.raises(ValueError):
        ViewGame(C.view_from_json(d), [])
