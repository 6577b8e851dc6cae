"""The windowed host's attached table (TableHost(table=...)) and the joiner's
RemoteSeat: the network's moves reach the attached table, its own moves go through
the host, and the host leaves the clock and the deals to it."""
from __future__ import annotations

from typing import Any

from game.games import BY_KEY
from game.gin.rules import NextHand
from game.net import protocol
from game.net.host import LOCAL, REMOTE
from game.net.remote_seat import RemoteSeat
from tests.net_direct import DirectTable


class Heard:
    def __init__(self) -> None:
        self.moves: list[tuple[int, Any, list[Any]]] = []

    def __call__(self, seat: int, move: Any, events: list[Any]) -> None:
        self.moves.append((seat, move, events))


def attached_gin() -> tuple[DirectTable, Heard]:
    heard = Heard()
    table = DirectTable("gin", [LOCAL, REMOTE], seed=3, table=heard)
    return table, heard


def play_hand(t: DirectTable) -> int:
    """The hand to its end: seat 0 moves at the host's table, seat 1 over the network;
    the moves made."""
    h, moves = t.host, 0
    while h.engine.phase != "hand_over" and moves < 400:
        seat = h.engine.turn
        if seat == 0:
            h.local_move(0, h.engine.legal_moves(0)[0])
            t.deliver()
        else:
            assert t.play_one()
        moves += 1
    return moves


def test_the_attached_table_hears_the_networks_moves_and_not_its_own():
    t, heard = attached_gin()
    h = t.host
    moves = play_hand(t)
    remote = heard.moves
    assert remote and all(seat == 1 for seat, _, _ in remote)
    assert len(h.log) == moves
    assert len(remote) == sum(1 for e in h.log if e.seat == 1)


def test_an_attached_host_leaves_the_deal_between_hands_to_its_table():
    t, heard = attached_gin()
    h = t.host
    play_hand(t)
    t.clock.t += 600
    h.pump()
    assert h.engine.phase == "hand_over"          # not dealt by the host
    events = h.table_move(NextHand(None))
    assert any(ev.kind == "deal" for ev in events)
    t.deliver()
    conn = t.conn_of(1)
    assert t.inbox[conn][-1].kind == "update"     # the players see the new hand


class FakeClient:
    def __init__(self, msgs: list[str]) -> None:
        self.state, self.reason, self.seat, self.names = "joined", "", 1, ["Ann", "Bob"]
        self.sent: list[dict[str, Any]] = []
        self._msgs = [protocol.parse_from_host(m) for m in msgs]

    def poll(self) -> list[protocol.Message]:
        out, self._msgs = self._msgs, []
        return out

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    def close(self) -> None:
        self.state = "closed"


def test_a_remote_seat_reads_the_hosts_updates_and_sends_one_move_at_a_time():
    t, _ = attached_gin()
    conn = t.conn_of(1)
    texts = [protocol.encode(m.kind, **m.fields) for m in t.inbox[conn]]
    link = RemoteSeat(FakeClient(texts), BY_KEY["gin"])
    kinds = link.poll()
    assert "update" in kinds and link.view is not None and link.view.seat == 1
    legal = link.view.legal_moves
    if legal:
        assert link.send(legal[0])
        assert not link.send(legal[0])           # the first is not answered yet
        assert link.client.sent[0]["kind"] == "move"
    link.client._msgs = [protocol.parse_from_host(protocol.end("host_left"))]
    link.poll()
    assert link.end_title() == "Table closed" and not link.joined
    assert not link.send(legal[0] if legal else None)


def test_a_remote_seat_names_who_is_missing():
    link = RemoteSeat(FakeClient([]), BY_KEY["gin"])
    link.receive(protocol.parse_from_host(protocol.encode(
        "seats", names=["Ann", "Bob"], connected=[False, True], missing=[True, False],
        computer=[False, False])))
    assert link.waiting_for() == "Waiting for Ann to come back."


def test_a_hosted_window_table_opens_the_port_and_hears_a_joiner(tmp_path):
    """NetHosting.attach over the loopback transport: a NetClient joins the remote
    seat, its move reaches the table's ear, and closing tells the player."""
    import time

    from game.gin.rules import GinGame
    from game.net.client import NetClient
    from game.net.hosting import NetHosting

    engine = GinGame(seed=5)
    heard = Heard()
    hosting = NetHosting("gin", remote={1}, port=0, code="WIN234", advertise=False)
    hosting.attach(engine, ["Host", "Open"], heard)
    link = RemoteSeat(NetClient("127.0.0.1", hosting.port, "win234", "Bob"), BY_KEY["gin"])
    link.client.start()
    try:
        def wait(until: Any) -> bool:
            end = time.monotonic() + 10
            while time.monotonic() < end:
                hosting.pump()
                link.poll()
                if until():
                    return True
                time.sleep(0.002)
            return False
        assert wait(lambda: link.view is not None and hosting.started)
        assert hosting.name(1) == "Bob" and hosting.missing() == []
        while engine.turn != 1 or engine.phase not in ("offer", "draw", "discard"):
            hosting.host.local_move(0, engine.legal_moves(0)[0])
        assert wait(lambda: link.view.legal_moves and link.pending is None)
        assert link.send(link.view.legal_moves[0])
        assert wait(lambda: heard.moves)
        assert heard.moves[0][0] == 1
    finally:
        hosting.close()
    assert wait(lambda: link.ending is not None) and link.end_title() == "Table closed"
