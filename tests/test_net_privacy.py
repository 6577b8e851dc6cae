"""Privacy at a network table (game/net/): every message a client receives names no
card hidden from its seat. Each move is sent alone, so the cards hidden before and
after it are known exactly (the game's net codec says which: hidden_cards); a card
hidden at both moments must appear in no message of that moment, except where the
rules show it (Gnono: the challenged hand, to the challenger); no message carries a
deal number, which deals every hidden card again. Whole hands are played
(Nerts: rounds, on the table's clock), each with the deal of the next, and every
message of every move is checked."""
from __future__ import annotations

import pytest

from game.games import BY_KEY
from game.net.host import REMOTE
from tests.net_direct import DirectTable

NETWORKED = [g for g in ("gnono", "gin", "gostop", "nerts") if BY_KEY[g].parts.net_codec is not None]


def strings(value) -> set[str]:
    """Every string anywhere in a JSON value (keys too)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set(value).union(*(strings(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(strings(v) for v in value)) if value else set()
    return set()


def keys(value) -> set[str]:
    """Every key of every object anywhere in a JSON value."""
    if isinstance(value, dict):
        return set(value).union(*(keys(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(keys(v) for v in value)) if value else set()
    return set()


# a deal number (or seed) deals the hand again: every hidden card at once
DEAL_KEYS = {"deal_no", "seed", "deal_number", "rng"}


def shown_by_rules(game: str, engine, seat: int) -> set[str]:
    """Cards the next move may show `seat` although hidden before and after it."""
    if game == "gnono" and engine.phase == "challenge" and engine.current == seat and engine.wd4:
        return {c.token for c in engine.hands[engine.wd4["seat"]]}
    return set()


# fewer moves than these in the hands played would mean they were not played whole
MOVES = {"gnono": 40, "gin": 30, "gostop": 40, "nerts": 150}
# hands (Nerts: rounds) played whole, each followed by the table's deal of the next
HANDS = {"gnono": 2, "gin": 2, "gostop": 3, "nerts": 2}


def idle(table: DirectTable, game: str) -> None:
    """Nobody has a move now: Nerts' clock runs on to the next step a remote computer
    looks at its layout; between hands the table deals (at once here)."""
    host = table.host
    if game == "nerts" and host.engine.table_move() is None:
        looks = [p.next_look() for p in table.players.values()]
        table.pump(max(1, min(looks) - host.step) / host.spec.clock_rate)
    else:
        table.pump()


@pytest.mark.parametrize("game", NETWORKED)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_message_names_a_card_hidden_from_its_seat(game, seed):
    n = BY_KEY[game].parts.new_engine(seed).n_seats
    table = DirectTable(game, [REMOTE] * n, seed=seed, deal_pause_s=0.0)
    host, codec = table.host, BY_KEY[game].parts.net_codec
    checked = 0

    def check(before: dict[int, set[str]], allowed: dict[int, set[str]]) -> None:
        nonlocal checked
        for conn, messages in table.inbox.items():
            seat = table.seat_of.get(conn)
            for msg in messages[seen[conn]:]:
                secret = before[seat] & codec.hidden_cards(host.engine, seat) - allowed[seat]
                leaked = strings(msg.fields) & secret
                assert not leaked, f"seat {seat} was told {sorted(leaked)} in {msg.kind}"
                dealt = keys(msg.fields) & DEAL_KEYS
                assert not dealt, f"seat {seat} was told the deal's {sorted(dealt)} in {msg.kind}"
                checked += 1
            seen[conn] = len(messages)

    seen = dict.fromkeys(table.inbox, 0)
    everyone = range(n)
    check({s: codec.hidden_cards(host.engine, s) for s in everyone}, {s: set() for s in everyone})
    deals = 0
    for _ in range(20_000):
        if deals == HANDS[game] or host.ended:
            break
        before = {s: codec.hidden_cards(host.engine, s) for s in everyone}
        allowed = {s: shown_by_rules(game, host.engine, s) for s in everyone}
        between = host.engine.table_move() is not None
        if not table.play_one():
            idle(table, game)
        deals += between and host.engine.table_move() is None
        check(before, allowed)
    assert deals == HANDS[game] or host.ended, "the hands were not played out"
    # every message of every move was looked at: one update to each seat a move
    assert host.moves_applied >= MOVES[game] and checked >= n * host.moves_applied
