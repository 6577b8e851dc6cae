"""Bad input from the network (game/net/): thousands of random, truncated, oversized
and well-formed-but-illegal messages to a TableHost, and some over the socket. The
host never raises; nothing changes but by a legal move of the sender's own seat; the
engine's invariants hold; a connection that breaks the schema is closed and its
player may come back with its seat token. A flood is cut off."""
from __future__ import annotations

import json
import random
import threading
import time

from websockets.sync.client import connect

from game.net import protocol
from game.net.host import COMPUTER, REMOTE, TableHost
from game.net.server import NetServer
from tests.net_direct import CODE, DirectTable, hello
from tests.net_sealed import SealedLink

GNONO_MOVES = ["Play", "Draw", "PlayDrawn", "KeepDrawn", "ChooseColor", "Challenge", "CallUno",
               "Catch", "SwapHands", "NextRound", "Nope"]


def junk_value(rng: random.Random, depth: int = 0):
    r = rng.random()
    if depth > 3 or r < 0.3:
        return rng.choice([None, True, False, 0, -1, 7, 2 ** 40, 1.5, "", "R7#1", "W+4#3", "x" * 50,
                           "seat", [], {}])
    if r < 0.6:
        return [junk_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {rng.choice(["t", "seat", "card", "color", "target", "catcher", "challenge", "k"]):
            junk_value(rng, depth + 1) for _ in range(rng.randrange(4))}


def junk_message(rng: random.Random, table: DirectTable, seat: int) -> object:
    """One message of a kind picked at random: mostly wrong, some right."""
    host = table.host
    kind = rng.randrange(12)
    legal_json = other_json = []
    if kind in (2, 6, 7, 10):
        legal_json = [host.wire.move_to_wire(m) for m in host.engine.legal_moves(seat)]
        other_json = [host.wire.move_to_wire(m) for s in range(host.engine.n_seats) if s != seat
                      for m in host.engine.legal_moves(s)]
    if kind == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200)))
    if kind == 1:
        return "".join(chr(rng.randrange(1, 0x3000)) for _ in range(rng.randrange(1, 100)))
    if kind == 2:                       # truncated
        text = protocol.encode("move", seq=3, move=rng.choice(legal_json or [{"t": "Draw"}]))
        return text[:rng.randrange(len(text))]
    if kind == 3:                       # oversized
        return json.dumps({"kind": "ping", "t": 1, "pad": "x" * (protocol.MAX_MESSAGE + 10)})
    if kind == 4:                       # deep
        return "[" * 5000 + "]" * 5000
    if kind == 5:                       # well-formed, a nonsense move
        move = junk_value(rng)
        if not isinstance(move, dict):
            move = {"t": rng.choice(GNONO_MOVES), "seat": junk_value(rng)}
        return json.dumps({"kind": "move", "seq": rng.randrange(100), "move": move})
    if kind == 6 and other_json:        # another seat's legal move
        return protocol.encode("move", seq=5, move=rng.choice(other_json))
    if kind == 7:                       # a move with its fields changed
        move = dict(rng.choice(legal_json or [{"t": "Draw", "seat": seat}]))
        key = rng.choice(list(move))
        move[key] = junk_value(rng)
        return json.dumps({"kind": "move", "seq": 9, "move": move})
    if kind == 8:                       # unknown kinds and fields
        return json.dumps(rng.choice([{"kind": "welcome"}, {"kind": "move"}, {"kind": None},
                                      {"kind": "ping", "t": "now"}, {"kind": "bye", "x": 1},
                                      {"kind": "hello"}, {"kind": "move", "seq": True, "move": {}}]))
    if kind == 9:
        return hello(rng.choice(["Ann", "Bob", "Cy"]))
    if kind == 10 and legal_json:       # a legal move: the game goes on
        return protocol.encode("move", seq=11, move=rng.choice(legal_json))
    return protocol.encode("ping", t=rng.random())


def snapshot(host: TableHost) -> str:
    return json.dumps(host.engine.to_json(), sort_keys=True)


def test_thousands_of_bad_messages_change_nothing_but_by_legal_moves():
    rng = random.Random(36)
    table = DirectTable("gnono", [REMOTE, REMOTE, REMOTE, COMPUTER], seed=4)
    host = table.host
    closed_for_cause = rounds = accepted = 0
    for _ in range(2000):
        seat = rng.randrange(3)
        conn = table.conn_of(seat)
        if conn is None:                # closed for a bad message: back with the token
            table.join(token=table.token[seat])
            conn = table.conn_of(seat)
            assert conn is not None, "the seat's token brings its player back"
        legal = host.engine.legal_moves(seat)
        before, applied = snapshot(host), host.moves_applied
        table.send(conn, junk_message(rng, table, seat))
        if host.moves_applied == applied:
            assert snapshot(host) == before
        else:
            assert host.moves_applied == applied + 1 and host.log[-1].seat == seat
            assert host.log[-1].move in legal
            accepted += 1
        host.engine.check_invariants()
        if conn in table.closed:
            closed_for_cause += 1
        table.clock.t += 0.05           # (under the rate limit: flooding is tested below)
        table.pump()
        if host.engine.phase == "round_over":
            host.engine.apply(host.engine.legal_moves(0)[0])   # deal on: the fuzz goes on
            rounds += 1
    assert closed_for_cause > 50 and accepted > 50   # both paths were taken


def test_a_flood_is_cut_off():
    table = DirectTable("gnono", [REMOTE, REMOTE, COMPUTER, COMPUTER])
    conn = table.conn_of(0)
    for _ in range(200):                # the clock stands still: no refill
        table.send(conn, protocol.encode("ping", t=1))
    assert conn in table.closed
    ends = [m for m in table.inbox[conn] if m.kind == "end"]
    assert [m["reason"] for m in ends] == ["flood"]
    pongs = [m for m in table.inbox[conn] if m.kind == "pong"]
    assert len(pongs) == int(table.host.burst) - 1    # the burst (one was the hello), no more


def test_bad_messages_over_the_socket_close_that_connection_only():
    host = TableHost("gnono", [REMOTE, REMOTE, COMPUTER, COMPUTER], seed=2, code=CODE,
                     computer_delay_s=0.0, deal_pause_s=None)
    server = NetServer(host, port=0)
    port = server.start()
    stop = threading.Event()

    def game_loop():
        while not stop.is_set():
            server.pump()
            time.sleep(0.001)
    loop = threading.Thread(target=game_loop, daemon=True)
    loop.start()
    rng = random.Random(7)
    try:
        good = SealedLink(port, CODE)
        with good.ws:
            good.send(hello("Good"))
            assert good.recv()["kind"] == "welcome"
            before = host.moves_applied
            for _ in range(40):
                with connect(f"ws://127.0.0.1:{port}", max_size=None) as bad:
                    bad.send(hello("Bad") if rng.random() < 0.5 else "nothing")
                    for _ in range(3):
                        raw = rng.choice([b"\x00\xff", "{", "x" * 70000, '{"kind":"move"}',
                                          protocol.encode("move", seq=1, move={"t": "Draw", "seat": 0})])
                        try:
                            bad.send(raw)
                        except Exception:
                            break       # closed by the host already
                    deadline = time.monotonic() + 5
                    while time.monotonic() < deadline:
                        try:
                            bad.recv(timeout=5)
                        except Exception:
                            break       # closed: as it should be
                    else:
                        raise AssertionError("a bad connection stayed open")
            good.send(protocol.encode("ping", t=1.0))
            kinds = [m["kind"] for m in good.until("pong")]
            assert "end" not in kinds
            # no bad connection moved for a seat: only the computers (seats 2, 3) did
            assert all(seat in (2, 3) for seat, _, _ in host.log[before:])
            host.engine.check_invariants()
    finally:
        stop.set()
        loop.join(5)
        server.close()
