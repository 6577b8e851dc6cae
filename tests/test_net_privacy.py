"""Privacy at a network table (game/net/): every message a client receives names no
card hidden from its seat. Each move is sent alone, so the cards hidden before and
after it are known exactly (the game's net codec says which: hidden_cards); a card
hidden at both moments must appear in no message of that moment, except where the
rules show it (Gnono: the challenged hand, to the challenger)."""
from __future__ import annotations

import pytest

from game.games import BY_KEY
from game.net import protocol
from game.net.host import REMOTE
from tests.net_direct import DirectTable

NETWORKED = [g for g in ("gnono", "gin", "gostop", "nerts") if BY_KEY[g].net_codec is not None]


def strings(value) -> set[str]:
    """Every string anywhere in a JSON value (keys too)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set(value).union(*(strings(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(strings(v) for v in value)) if value else set()
    return set()


def shown_by_rules(game: str, engine, seat: int) -> set[str]:
    """Cards the next move may show `seat` although hidden before and after it."""
    if game == "gnono" and engine.phase == "challenge" and engine.current == seat and engine.wd4:
        return {c.token for c in engine.hands[engine.wd4["seat"]]}
    return set()


@pytest.mark.parametrize("game", NETWORKED)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_message_names_a_card_hidden_from_its_seat(game, seed):
    n = BY_KEY[game].new_engine(seed).n_seats
    table = DirectTable(game, [REMOTE] * n, seed=seed)
    host, codec = table.host, BY_KEY[game].net_codec
    checked = 0

    def check(before: dict[int, set[str]], allowed: dict[int, set[str]]) -> None:
        nonlocal checked
        for conn, messages in table.inbox.items():
            seat = table.seat_of.get(conn)
            for msg in messages[seen[conn]:]:
                secret = before[seat] & codec.hidden_cards(host.engine, seat) - allowed[seat]
                leaked = strings(msg.fields) & secret
                assert not leaked, f"seat {seat} was told {sorted(leaked)} in {msg.kind}"
                checked += 1
            seen[conn] = len(messages)

    seen = dict.fromkeys(table.inbox, 0)
    everyone = range(n)
    check({s: codec.hidden_cards(host.engine, s) for s in everyone}, {s: set() for s in everyone})
    for _ in range(3000):
        if host.engine.is_over() or host.moves_applied and host.engine.to_move() == ():
            break
        before = {s: codec.hidden_cards(host.engine, s) for s in everyone}
        allowed = {s: shown_by_rules(game, host.engine, s) for s in everyone}
        if not table.play_one():
            deal = host.engine.legal_moves(0)
            if not deal:
                break
            table.send(table.conn_of(0), protocol.encode(      # seat 0 deals the next round
                "move", seq=1, move=host.wire.move_to_wire(deal[0])))
        check(before, allowed)
        if game == "gnono" and host.engine.round_no > 2:
            break
    assert checked > 200
