"""The net codecs of Gin, Go-Stop and Nerts (game/<game>/net_codec.py): what a network
client is sent of a seat's view and of each move's events.

Along seeded games (Gin's computers and random legal moves playing every seat; Nerts'
random moves favour the Scoring Area and the Pile, so that rounds end):
- a view goes to JSON text and back equal;
- neither a seat's view nor the events it is sent of a move name a card hidden from it
  (hidden_cards), and a leaky encoding (the whole state, the events unreduced) is caught;
- hidden_cards is right: the cards the view does not show (less what the seat knows
  from elsewhere: Nerts' other layouts lie face up), and the only cards that
  redeal_hidden may move, the view unchanged;
- damaged JSON (hypothesis: any JSON value, or a real view with a part replaced)
  gives a ValueError, never another exception, or a view that writes it back as it is.
"""
from __future__ import annotations

import functools
import itertools
import json
import random
import re
from collections import defaultdict
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.cards import full_deck
from game.engine import Details
from game.games import BY_KEY
from game.gin.ai import make_ai as gin_ai
from game.gin.options import GinOptions
from game.gostop.cards import deck as hwatu_deck
from game.gostop.cards import parse_cards
from game.gostop.moves import NextHand as GoStopNextHand
from game.gostop.options import Options as GoStopOptions
from game.nerts.moves import Seated as NertsSeated
from game.nerts.moves import Step as NertsStep
from game.nerts.options import NertsOptions
from game.nerts.piles import card_token

GAMES = ("gin", "gostop", "nerts")
SEEDS = range(4)
MOVES = {"gin": 160, "gostop": 90, "nerts": 700}   # moves played from each seed
REDEAL_EVERY = {"gin": 4, "gostop": 2, "nerts": 25}  # positions redealt (a Nerts round is long)


def codec(game: str):
    return BY_KEY[game].parts.net_codec


# --- seeded games -------------------------------------------------------------------

def options(game: str, seed: int) -> Any:
    """Each seed its variant: Gin's Oklahoma, Big Gin and Hollywood, three Go-Stop
    players and three bonus cards, Nerts at 2 to 4 seats and with partners."""
    if game == "gin":
        return GinOptions(oklahoma=seed % 2 == 1, big_gin=seed % 3 == 2, hollywood=seed == 0)
    if game == "gostop":
        return GoStopOptions(players=2 + seed % 2, bonus_cards=3 if seed == 2 else 2)
    return NertsOptions(seats=4, partners=True) if seed % 4 == 3 else NertsOptions(seats=2 + seed % 3)


def _nerts_move(legal: list, rng: random.Random) -> Any:
    """Plays to the Scoring Area and from the Pile first, so that rounds end."""
    best = [m for m in legal if getattr(m, "move", None) is not None and m.move.kind == "play"
            and (m.move.dst == "found" or m.move.src == "pile")]
    return rng.choice(best if best and rng.random() < 0.8 else legal)


def walk(game: str, seed: int) -> Iterator[tuple[Any, list | None]]:
    """(engine, the events of the move that led here or None) at each position of a
    seeded game; the engine is live: look before the next step."""
    spec = BY_KEY[game]
    engine = spec.parts.new_engine(seed, options(game, seed))
    rng = random.Random(seed)
    ais = [gin_ai("easy", seed * 10 + s) for s in range(2)] if game == "gin" else None
    yield engine, None
    for _ in range(MOVES[game]):
        movers = engine.to_move()
        if movers:
            seat = rng.choice(movers)
            legal = engine.legal_moves(seat)
        elif game == "gostop":          # a hand is over: the table deals the next
            seat, legal = 0, [GoStopNextHand()]
        else:
            break
        if ais is not None and rng.random() < 0.8 and engine.view(seat).phase != "hand_over":
            move = ais[seat].choose(engine.view(seat))
        elif game == "nerts":
            move = _nerts_move(legal, rng)
        else:
            move = rng.choice(legal)
        events = engine.apply(move)
        if isinstance(move, NertsSeated):    # queued for the clock step on: applied there
            events += engine.apply(NertsStep())
        yield engine, events


def names(data: Any) -> set[str]:
    """Every string in a JSON value (keys too): the card tokens it names among them."""
    out: set[str] = set()
    todo = [data]
    while todo:
        v = todo.pop()
        if isinstance(v, str):
            out.add(v)
        elif isinstance(v, list):
            todo.extend(v)
        elif isinstance(v, dict):
            out.update(map(str, v))
            todo.extend(v.values())
    return out


def all_cards(game: str, engine) -> set[str]:
    if game == "gin":
        return {str(c) for c in full_deck()}
    if game == "gostop":
        return {c.name for c in hwatu_deck(engine.options.bonus_cards)}
    if engine.round is None:     # scored, the next not dealt yet: no card on the table
        return set()
    return {card_token(c) for side in range(engine.options.sides) for c in full_deck(side)}


def known_elsewhere(game: str, engine, seat: int) -> set[str]:
    """Cards `seat` sees or knows though its view does not name them."""
    if game == "gin":   # its own going-out discard, face down until the hand is over
        own = engine.phase == "lay_down" and engine.out_seat == seat and engine.out_discard
        return {str(engine.out_discard)} if own else set()
    if game == "gostop":
        return set()
    rnd = engine.round     # Nerts: the other layouts lie face up; the foundations' cards
    if rnd is None:
        return set()
    side = engine.options.side_of(seat)
    out = {card_token(c) for f in rnd.foundations for c in f[:-1]}
    for s, lay in enumerate(rnd.layouts):
        if s != side:
            face_up = lay.pile[-1:] + lay.waste + [c for col in lay.columns for c in col]
            out.update(card_token(c) for c in face_up)
    return out


def places(engine) -> dict[str, list[str]]:
    """Where each card string lies in the engine's JSON (its paths, sorted; a hand is
    kept sorted, so a card's place in it is the hand)."""
    out: dict[str, list[str]] = defaultdict(list)
    todo: list[tuple[str, Any]] = [("", engine.to_json())]
    while todo:
        path, v = todo.pop()
        if isinstance(v, str):
            out[v].append(re.sub(r"^(/hands/\d+)/\d+$", r"\1", path))
        elif isinstance(v, list):
            todo.extend((f"{path}/{i}", x) for i, x in enumerate(v))
        elif isinstance(v, dict):
            todo.extend((f"{path}/{k}", x) for k, x in v.items())
    return {k: sorted(p) for k, p in out.items()}


# --- round trip ---------------------------------------------------------------------

@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", GAMES)
def test_every_view_goes_to_json_and_back_equal(game, seed):
    c = codec(game)
    phases = set()
    for engine, _ in walk(game, seed):
        for seat in range(engine.n_seats):
            view = engine.view(seat)
            text = json.dumps(c.view_to_json(view))
            assert c.view_from_json(json.loads(text)) == view
        phases.add(getattr(engine, "phase", None) or (engine.round is None or engine.round.over))
    assert len(phases) >= 2      # the walk reaches more than one kind of position


# --- privacy ------------------------------------------------------------------------

def leaks(data: Any, hidden: set[str]) -> set[str]:
    return names(data) & hidden


def full_state(game: str, engine, seat: int, events: list) -> tuple[Any, Any]:
    """An obviously leaky encoding: the seat's view with the whole state."""
    c = codec(game)
    return {"view": c.view_to_json(engine.view(seat)), "state": engine.to_json()}, c.events_for(events, seat)


def privacy_failures(game: str, seed: int, encode: Callable, most: int = 10 ** 6) -> tuple[int, list[str]]:
    """(views checked, what leaked) when each seat is sent encode(game, engine, seat, events),
    along the first `most` positions of a seeded game."""
    failures: list[str] = []
    checked = 0
    for engine, events in itertools.islice(walk(game, seed), most):
        for seat in range(engine.n_seats):
            hidden = codec(game).hidden_cards(engine, seat)
            view, sent = encode(game, engine, seat, events or [])
            checked += 1
            if leaks(view, hidden):
                failures.append(f"view of seat {seat}: {sorted(leaks(view, hidden))}")
            # an event may name a card hidden before the move (it was just shown),
            # never one still hidden after it
            if leaks(sent, hidden):
                failures.append(f"events to seat {seat}: {sorted(leaks(sent, hidden))} {events}")
    return checked, failures


def as_sent(game: str, engine, seat: int, events: list) -> tuple[Any, Any]:
    c = codec(game)
    return c.view_to_json(engine.view(seat)), c.events_for(events, seat)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", GAMES)
def test_no_view_or_event_sent_names_a_hidden_card(game, seed):
    checked, failures = privacy_failures(game, seed, as_sent)
    assert checked > 100 and failures == []


@pytest.mark.parametrize("game", GAMES)
def test_the_privacy_check_catches_a_leaky_encoding(game):
    checked, failures = privacy_failures(game, 0, full_state, most=60)
    assert sum(f.startswith("view") for f in failures) > checked // 2


def test_the_privacy_check_catches_unreduced_gin_events():
    """Gin's draw from the Stock names its card to the drawer only."""
    def raw_events(game, engine, seat, events):
        return {}, [{"kind": e.kind, "data": dict(e.data)} for e in events]
    _, failures = privacy_failures("gin", 0, raw_events)
    assert any("events" in f for f in failures)


def test_nerts_layouts_lie_open_and_go_to_json_and_back():
    """The layouts a Nerts client draws the other seats' from: no hidden card."""
    c = codec("nerts")
    drawn = []
    for engine, _ in walk("nerts", 3):
        data = json.loads(json.dumps(c.layouts_to_json(engine)))
        assert not leaks(data, c.hidden_cards(engine, 0))
        rnd = engine.round
        assert c.layouts_from_json(data) == (
            tuple(rnd.view(engine.options.seats_of(s)[0]) for s in range(rnd.options.sides)) if rnd else ())
        drawn = data or drawn
    assert len(drawn) == 2     # partners: two layouts
    with pytest.raises(ValueError, match="one a side"):
        c.layouts_from_json(drawn[::-1])


def test_gin_other_seat_hears_no_drawn_card_nor_face_down_discard():
    c = codec("gin")
    draw = Details("draw_stock", 1, {"card": "7H", "stock": 20, "private_to": 1})
    knock = Details("knock", 1, {"discard": "9C", "melds": [["2C", "3C", "4C"]], "unmatched": ["KD"],
                                 "deadwood": 10})
    assert c.events_for([draw, knock], 1)[0]["data"]["card"] == "7H"
    assert c.events_for([draw, knock], 1)[1]["data"]["discard"] == "9C"
    to_0 = c.events_for([draw, knock], 0)
    assert "7H" not in names(to_0) and "9C" not in names(to_0)
    assert to_0[1]["data"]["melds"] == [["2C", "3C", "4C"]]


def test_gostop_chongtong_cards_are_not_told_to_the_other_seats():
    c = codec("gostop")
    four = parse_cards("5A 5R 5J1 5J2")
    event = Details("chongtong", 2, {"cards": four})
    assert c.events_for([event], 2)[0]["data"]["cards"] == ["5A", "5R", "5J1", "5J2"]
    for seat in (0, 1):
        assert c.events_for([event], seat) == [{"kind": "chongtong", "seat": 2, "data": {}}]


def test_nerts_refusal_is_told_whole_to_its_seat_only():
    c = codec("nerts")
    refused = Details("refused", 1, {"cards": ["7H@1"], "reason": "Too late: another 7H got there first.",
                                     "move": {"kind": "play", "src": "waste", "dst": "found"}})
    assert c.events_for([refused], 1)[0]["data"] == refused.data
    assert c.events_for([refused], 0)[0]["data"] == {"cards": ["7H@1"]}


def test_a_nerts_race_from_the_network_is_refused_as_no_move():
    """A Race is the table's record of a raced step (replays), never a seat's move: the
    wire refuses it when read, as it refuses any other data that is no move."""
    c = codec("nerts")
    flip = c.move_from_wire(1, "F")             # a seat's move: seated for the seat that sent it
    assert isinstance(flip, NertsSeated) and flip.seat == 1
    with pytest.raises(ValueError, match="not a seat's move"):
        c.move_from_wire(1, "r01")


@pytest.mark.parametrize("game", GAMES)
def test_an_event_with_no_network_form_is_refused(game):
    with pytest.raises(ValueError, match="no network form"):
        codec(game).events_for([Details("something_new", 0, {"cards": []})], 0)


# --- hidden_cards -------------------------------------------------------------------

@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", GAMES)
def test_hidden_cards_are_the_cards_the_view_does_not_show(game, seed):
    c = codec(game)
    moved_somewhere = False
    for k, (engine, _) in enumerate(walk(game, seed)):
        for seat in range(engine.n_seats):
            view = engine.view(seat)
            hidden = c.hidden_cards(engine, seat)
            shown = names(c.view_to_json(view))
            assert hidden == all_cards(game, engine) - shown - known_elsewhere(game, engine, seat)
            if k % REDEAL_EVERY[game]:
                continue
            other = engine.redeal_hidden(seat, random.Random(k))
            assert other.view(seat) == view
            assert c.hidden_cards(other, seat) == hidden
            before, after = places(engine), places(other)
            moved = {card for card in all_cards(game, engine) if before.get(card) != after.get(card)}
            assert moved <= hidden, sorted(moved - hidden)
            moved_somewhere |= bool(moved)
    assert moved_somewhere


# --- damaged input ------------------------------------------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-2 ** 70, 2 ** 70) | st.floats(allow_nan=False)
    | st.text(max_size=6) | st.sampled_from(["7H", "TS", "1B", "11D", "+2", "7H@1", "QS@0"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=25)


def position_kind(game: str, data: dict) -> Any:
    if game == "gin":
        return data["phase"]
    if game == "gostop":
        return data["question"]["kind"]
    return data["round"] and data["round"]["over"]


@functools.cache
def sample_views(game: str) -> list[dict]:
    """Real views as JSON from several kinds of position."""
    out, seen = [], set()
    for engine, _ in walk(game, 1):
        for seat in range(engine.n_seats):
            data = codec(game).view_to_json(engine.view(seat))
            kind = position_kind(game, data)
            if (kind, seat) not in seen:
                seen.add((kind, seat))
                out.append(data)
    return out


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=JSON)
def test_any_json_value_is_a_view_or_a_value_error(game, value):
    with pytest.raises(ValueError):
        codec(game).view_from_json(value)


@settings(max_examples=100, deadline=None)
@given(value=JSON)
def test_any_json_value_is_nerts_layouts_or_a_value_error(value):
    try:
        layouts = codec("nerts").layouts_from_json(value)
    except ValueError:
        return
    assert layouts == ()      # only an empty list is a table of layouts among these values


def _paths(data: Any, path: tuple = ()) -> Iterator[tuple]:
    yield path
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _paths(v, path + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _paths(v, path + (i,))


def _replaced(data: Any, path: tuple, value: Any, drop: bool) -> Any:
    if not path:
        return value
    head, rest = path[0], path[1:]
    copy = dict(data) if isinstance(data, dict) else list(data)
    if drop and not rest:
        del copy[head]
    else:
        copy[head] = _replaced(copy[head], rest, value, drop)
    return copy


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_damaged_view_is_refused_with_a_value_error_or_read_as_it_is(game, data):
    """A part of a real view replaced or dropped: a ValueError, or a view that writes
    back the very same JSON (nothing taken for a default, nothing read loosely)."""
    sample = data.draw(st.sampled_from(sample_views(game)))
    path = data.draw(st.sampled_from(list(_paths(sample))))
    damaged = _replaced(sample, path, data.draw(JSON), drop=bool(path) and data.draw(st.booleans()))
    damaged = json.loads(json.dumps(damaged))
    try:
        view = codec(game).view_from_json(damaged)
    except ValueError:
        return
    assert codec(game).view_to_json(view) == damaged


@pytest.mark.parametrize("game", ["gin", "gostop"])
def test_a_view_must_give_every_option(game):
    """A save may leave an option out for its default; a view sent is written whole."""
    sample = sample_views(game)[0]
    options = dict(sample["options"])
    del options["players" if game == "gostop" else "knock_value"]
    with pytest.raises(ValueError, match="options"):
        codec(game).view_from_json({**sample, "options": options})


def nested(depth: int) -> list:
    deep: list = []
    for _ in range(depth):
        deep = [deep]
    return deep


@pytest.mark.parametrize("game", GAMES)
def test_a_view_nested_too_deep_is_refused(game):
    sample = sample_views(game)[-1]
    for path in list(_paths(sample))[1:]:
        with pytest.raises(ValueError):
            codec(game).view_from_json(_replaced(sample, path, nested(5000), drop=False))


def test_a_gin_move_nested_too_deep_is_refused():
    """The replay codec reads a move's values recursively."""
    sample = sample_views("gin")[0]
    move = {"t": "GoOut", "seat": 0, "discard": None, "melds": nested(5000)}
    with pytest.raises(ValueError, match="nested too deep"):
        codec("gin").view_from_json({**sample, "legal_moves": [move]})


def test_the_games_name_their_net_codecs():
    for game in GAMES:
        assert BY_KEY[game].parts.net_codec.__name__ == f"game.{game}.net_codec"
