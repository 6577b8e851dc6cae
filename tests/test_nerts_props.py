"""Invariants of Nerts under any sequence of moves, and the JSON round trip."""
import copy
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import Card
from game.engine import IllegalMove
from game.nerts.ai import NertsAI
from game.nerts.moves import Move, NextRound, ScoreRound
from game.nerts.rules import Game, NertsOptions, Round
from game.nerts.sim import make_players, run_round
from tests import nerts_clock as clock

options_st = st.builds(NertsOptions, seats=st.integers(2, 4), flip_by_ones=st.booleans(),
                       move_runs=st.booleans(), pile_penalty=st.sampled_from([1, 2]))

any_move_st = st.one_of(
    st.sampled_from([Move.flip(), Move.turn(), Move.vote()]),
    st.builds(Move.to_scoring, st.sampled_from(["pile", "waste"]),
              foundation=st.one_of(st.none(), st.integers(0, 17))),
    st.builds(lambda c, f: Move.to_scoring("column", col=c, foundation=f),
              st.integers(0, 3), st.one_of(st.none(), st.integers(0, 17))),
    st.builds(Move.to_column, st.sampled_from(["pile", "waste"]),
              st.integers(0, 3)),
    st.builds(lambda c, d, n: Move.to_column("column", d, col=c, count=n),
              st.integers(0, 3), st.integers(0, 3), st.one_of(st.none(), st.integers(1, 6))),
)


def snap(r):
    return json.dumps(r.to_json(), sort_keys=True)


def check_foundations(r: Round):
    for f in r.foundations:
        for k, c in enumerate(f):
            assert c.rank == k + 1 and c.suit == f[0].suit


@settings(max_examples=120, deadline=None)
@given(options=options_st, seed=st.integers(0, 2**32),
       picks=st.lists(st.tuples(st.integers(0, 3), st.integers(0, 10**6), st.booleans()),
                      min_size=1, max_size=250))
def test_any_legal_sequence_keeps_every_card_once(options, seed, picks):
    r = Round(options, seed)
    for who, which, prefer_play in picks:
        if r.over:
            break
        seat = who % options.seats
        moves = r.legal_moves(seat)
        plays = [m for m in moves if m.kind == "play"]
        pool = plays if (prefer_play and plays) else moves
        if not pool:
            continue
        m = pool[which % len(pool)]
        r.apply(seat, m)
        r.check_invariants()          # 52 cards of each deck, each exactly once
        check_foundations(r)
    assert sum(len(f) for f in r.foundations) == sum(r.played_counts())


@settings(max_examples=80, deadline=None)
@given(options=options_st, seed=st.integers(0, 2**32), warmup=st.integers(0, 120),
       tries=st.lists(st.tuples(st.integers(0, 3), any_move_st), min_size=1, max_size=40))
def test_refused_moves_change_nothing_and_step_keeps_invariants(options, seed, warmup, tries):
    r = Round(options, seed)
    players = [NertsAI("instant", random.Random(seed + s)) for s in range(options.seats)]
    for _ in range(warmup):
        if r.over:
            break
        for s, p in enumerate(players):
            m = p.poll(r.step_no, r.view(s))
            if m is not None:
                clock.submit(r, s, m)
        clock.step(r)
    for seat, move in tries:
        seat %= options.seats
        before = snap(r)
        try:
            r.apply(seat, move)
        except IllegalMove as e:
            assert e.reason and snap(r) == before
        r.check_invariants()
        check_foundations(r)
    # the same moves through the engine and its clock: refused at once with a reason
    # (nothing queued), or queued and, if they lose their race, refused as events
    for seat, move in tries:
        before = len(r.pending)
        reason = clock.submit(r, seat % options.seats, move)
        assert len(r.pending) == before + (reason is None) and reason != ""
    if not r.over:
        for e in clock.step(r):
            if e.kind == "refused":
                assert e.reason and e.move is not None
    r.check_invariants()


def continue_with_instant_players(r: Round, seed: int, steps: int):
    players = make_players(["instant"] * r.options.seats, seed)
    log = []
    for _ in range(steps):
        if r.over:
            break
        for s, p in enumerate(players):
            m = p.poll(r.step_no, r.view(s))
            if m is not None:
                clock.submit(r, s, m)
        log.extend(str(e) for e in clock.step(r))
    return log


@settings(max_examples=40, deadline=None)
@given(options=options_st, seed=st.integers(0, 2**32), warmup=st.integers(0, 300))
def test_json_round_trip_mid_round_has_the_same_future(options, seed, warmup):
    r = Round(options, seed)
    continue_with_instant_players(r, seed, warmup)
    clock.submit(r, 0, Move.flip())                 # a queued move survives the trip too
    data = json.loads(json.dumps(r.to_json()))
    r2 = Round.from_json(data)
    assert snap(r2) == snap(r)
    # the rng inside is restored: tie-breaks and everything after play out identically
    a = continue_with_instant_players(r, seed + 1, 400)
    b = continue_with_instant_players(r2, seed + 1, 400)
    assert a == b and snap(r) == snap(r2)


def test_game_json_round_trip_mid_game():
    o = NertsOptions(seats=3, target=150, flip_by_ones=True)
    g = Game(o, seed=7)
    for _ in range(2):
        g.apply(NextRound())
        run_round(g, make_players(["instant"] * 3, 1))
        g.apply(ScoreRound())
    g.apply(NextRound())
    continue_with_instant_players(g.round, 3, 150)
    g2 = Game.from_json(json.loads(json.dumps(g.to_json())))
    assert json.dumps(g2.to_json()) == json.dumps(g.to_json())
    for game in (g, g2):
        run_round(game, make_players(["instant"] * 3, 5))
        game.apply(NextRound())  # scored, and the next deal from the restored game rng
    assert json.dumps(g2.to_json()) == json.dumps(g.to_json())


def _bad_variants(d):
    def dup_card(x):
        x["layouts"][0]["stack"].append(x["layouts"][0]["columns"][0][0])

    def bad_foundation(x):
        x["foundations"][0] = ["2H@0"]

    def foreign_card(x):
        x["layouts"][1]["stack"][0] = x["layouts"][1]["stack"][0].replace("@1", "@0")

    def bad_column(x):
        col = x["layouts"][0]["columns"]
        col[0] = col[0] + col[1]
    edits = [
        lambda x: x.update(schema=99), lambda x: x.pop("rng"), lambda x: x.update(step=-1),
        lambda x: x.update(votes=[7]), lambda x: x.update(rotations=4),
        lambda x: x.update(over=True), lambda x: x.update(caller=0),
        lambda x: x.update(pending=[[0, {"kind": "dance"}]]),
        lambda x: x["options"].update(target=99), lambda x: x.update(idle_flips=[0]),
        lambda x: x["layouts"].pop(), lambda x: x["foundations"].pop(),
        dup_card, bad_foundation, foreign_card, bad_column,
        lambda x: x["layouts"][0]["pile"].append("ZZ@0"),
    ]
    for edit in edits:
        x = copy.deepcopy(d)
        edit(x)
        yield x


def test_from_json_rejects_bad_data():
    r = Round(NertsOptions(seats=2), seed=3)
    continue_with_instant_players(r, 3, 40)
    d = r.to_json()
    Round.from_json(copy.deepcopy(d))
    for bad in _bad_variants(d):
        with pytest.raises(ValueError):
            Round.from_json(bad)
    for bad in (None, [], "x", {"schema": 1}):
        with pytest.raises(ValueError):
            Round.from_json(bad)
    g = Game(seed=1).to_json()
    for edit in (lambda x: x.update(totals=[1]), lambda x: x.update(winner=5, over=True),
                 lambda x: x.update(history=[[1, 2]]), lambda x: x.update(schema=0)):
        x = copy.deepcopy(g)
        edit(x)
        with pytest.raises(ValueError):
            Game.from_json(x)


def test_same_seed_and_timed_inputs_same_round():
    def play():
        r = Round(NertsOptions(seats=3), 99)
        return run_round(Game.of_round(r), make_players(["expert", "hard", "instant"], 4)), snap(r)
    assert play() == play()


def test_card_is_hashable_per_deck():
    # the invariant checks rely on cards of different decks being different
    assert Card(5, "H", 0) != Card(5, "H", 1) and len({Card(5, "H", 0), Card(5, "H", 1)}) == 2
