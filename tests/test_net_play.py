"""Network play end to end (game/net/): a host and two or three clients on the
loopback address, over the real websockets transport, play a whole hand or round;
the clients choose their moves with the game's computer players from the views they
receive. The host's game must equal the same moves applied to a local engine, and
each client's last view must equal that engine's view of its seat.

The games whose net codec exists are played; Gnono's is this package's model, the
others join as their codecs come (GameSpec.net_codec).
"""
from __future__ import annotations

import json

import pytest

from game.games import BY_KEY
from game.net.adapters import new_engine, replay, table_deal
from game.net.autoplay import RemotePlayer
from game.net.host import COMPUTER, REMOTE
from game.net.loopback import LoopbackTable

# each game: the seats (remote players and computers at the host) and a seed
TABLES = {
    "gnono": [REMOTE, REMOTE, COMPUTER, REMOTE],
    "gin": [REMOTE, REMOTE],
    "gostop": [REMOTE, REMOTE, COMPUTER],
    "nerts": [REMOTE, REMOTE, REMOTE, COMPUTER],
}
NETWORKED = [g for g in TABLES if BY_KEY[g].net_codec is not None]


def test_gnono_is_networked():
    assert "gnono" in NETWORKED      # the model codec; the others as they come


def hand_done(table: LoopbackTable) -> bool:
    """The first hand or round is over: the table would deal the next, or it ended."""
    engine = table.host.engine
    return table.host.moves_applied > 0 and (table_deal(table.key, engine) is not None
                                             or engine.is_over())


@pytest.mark.parametrize("game", NETWORKED)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_whole_hand_over_the_network_equals_the_same_moves_at_one_keyboard(game, seed):
    seats = TABLES[game]
    if game == "nerts":
        seats = seats[:BY_KEY[game].new_engine(seed).n_seats]
    # (Nerts' remote computers as fast as they come: the round takes a second, not minutes)
    table = LoopbackTable(game, seats, seed=seed, remote_level="instant" if game == "nerts" else None)
    try:
        assert table.run(lambda: hand_done(table), timeout_s=60), "the hand did not end in time"
        table.run(lambda: False, timeout_s=0.2, play=False)     # the last updates arrive
        host = table.host
        local = new_engine(BY_KEY[game], seed, None, len(seats))
        replay(game, local, host.log, host.step)
        local.check_invariants()
        assert json.dumps(local.to_json(), sort_keys=True) == \
            json.dumps(host.engine.to_json(), sort_keys=True)
        codec = BY_KEY[game].net_codec
        remote_seats = [i for i, k in enumerate(seats) if k == REMOTE]
        assert sorted(c.seat for c in table.clients) == remote_seats   # (in order of arrival)
        for i, client in enumerate(table.clients):
            updates = [m for m in table.received[i] if m.kind == "update"]
            assert codec.view_from_json(updates[-1]["view"]) == local.view(client.seat)
        # every client heard every move of the hand (one update each, in order)
        for i in range(len(table.clients)):
            numbers = [m["n"] for m in table.received[i] if m.kind == "update" and m["n"] > 0]
            assert numbers == list(range(1, host.moves_applied + 1))
        if game != "nerts":          # (in Nerts a card may be beaten to a foundation)
            assert table.illegal == 0
    finally:
        table.close()


@pytest.mark.parametrize("game", ["gostop", "gin"])
def test_a_remote_player_leaves_the_deal_between_hands_to_the_table(game):
    """At hand's end the table deals (table_deal); a remote player that sent the deal
    itself would be refused again and again, till the host closed it as a flood."""
    spec = BY_KEY[game]
    engine = new_engine(spec, 1, None, 2)
    ais = [spec.make_computer("normal", s) for s in range(2)]
    while table_deal(game, engine) is None:
        seat = engine.to_move()[0]
        engine.apply(ais[seat].choose(engine.view(seat)))
    for seat in range(2):
        player = RemotePlayer(game, "normal", seat)
        player.update({"view": json.loads(json.dumps(spec.net_codec.view_to_json(engine.view(seat))))})
        assert player.move() is None
