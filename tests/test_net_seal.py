"""The sealed link (game/net/seal.py, protocol 2): a listener between the programs
reads nothing of a whole hand (no code, token, name or card); a sealed message
replayed, altered or reordered closes its own connection and no other; an older
program is told "another version" both ways; the seal's own properties."""
from __future__ import annotations

import asyncio
import json
import threading
import time

import pytest
from websockets.asyncio.server import serve
from websockets.sync.client import connect

from game.net import client as client_module
from game.net import protocol
from game.net.client import JOINED, REFUSED, NetClient
from game.net.host import COMPUTER, REMOTE, TableHost
from game.net.loopback import LoopbackTable
from game.net.seal import HOST, JOINER, Exchange, SealError
from game.net.server import NetServer
from tests.net_direct import CODE, hello
from tests.net_proxy import CapturingProxy
from tests.net_sealed import SealedLink
from tests.test_net_join import wait_for
from tests.test_net_play import hand_done


def pair(code_a: str = "ABC234", code_b: str = "abc234"):
    a, b = Exchange(code_a, JOINER), Exchange(code_b, HOST)
    return a.finish(b.message), b.finish(a.message)


def test_the_same_code_seals_both_ways_and_a_wrong_code_does_not_open():
    joiner, host = pair()
    assert host.open(joiner.seal("hello")) == "hello" and joiner.open(host.seal("welcome")) == "welcome"
    joiner, host = pair("ABC234", "ABC235")
    with pytest.raises(SealError):
        host.open(joiner.seal("hello"))


def test_a_replayed_altered_or_reordered_sealed_message_does_not_open():
    joiner, host = pair()
    first, second = joiner.seal("one"), joiner.seal("two")
    with pytest.raises(SealError):
        host.open(second)                       # reordered
    assert host.open(first) == "one"
    with pytest.raises(SealError):
        host.open(first)                        # replayed
    altered = bytearray(second)
    altered[3] ^= 1
    with pytest.raises(SealError):
        host.open(bytes(altered))
    assert host.open(second) == "two"
    back = host.seal("x")                       # each direction has its own key
    with pytest.raises(SealError):
        host.open(back)
    with pytest.raises(SealError):
        Exchange(CODE, HOST).finish(Exchange(CODE, HOST).message)   # a host's message to a host


def test_a_whole_hand_captured_between_the_programs_holds_no_code_token_name_or_card():
    table = LoopbackTable("gin", [REMOTE, REMOTE], seed=4, code="SEAL42", virtual_clock=True, clients=0)
    proxy = CapturingProxy(table.port)
    table.port = proxy.port
    try:
        sent: list[str] = []          # every text the joiners sent after their hello
        for seat, name in enumerate(("Annabelle", "Bartholomew")):
            client = table.clients[table.join(seat=seat, name=name)]
            put = client._put
            client._put = lambda text, put=put: (sent.append(text) if text else None, put(text))[1]
        assert table.run(lambda: hand_done(table), timeout_s=60), "the hand did not end in time"
        table.run(lambda: False, timeout_s=0.2, play=False)
        assert table.host.moves_applied > 20
        tokens = [c.token for c in table.clients]
        table.close()
        wire = proxy.readable()
        # every message the joiners read, as the host wrote it
        said = [json.dumps({"kind": m.kind, **m.fields}, separators=(",", ":")).encode()
                for got in table.received for m in got] + [text.encode() for text in sent]
        assert sum(b'"kind":"move"' in text for text in said) > 10
        assert sum(map(len, said)) > 20_000 and len(wire) > sum(map(len, said))
        assert wire.count(b'"kind":"pake"') == 4        # the one message each way in clear
        secrets = [b"SEAL42", b"seal42", b"Annabelle", b"Bartholomew", *(t.encode() for t in tokens)]
        assert not [s for s in secrets if s in wire]
        # no 16 bytes running of any message (its views, cards, events, names) went in clear
        leaks = [text[i:i + 16] for text in said for i in range(0, len(text) - 15, 16)
                 if text[i:i + 16] in wire]
        assert not leaks, leaks[:3]
    finally:
        table.close()
        proxy.close()


class Pumped:
    """A host behind its server, pumped by a game loop thread."""

    def __init__(self, seats=(REMOTE, REMOTE, COMPUTER)):
        self.host = TableHost("gnono", list(seats), seed=2, code=CODE, computer_delay_s=0.0,
                              deal_pause_s=None)
        self.server = NetServer(self.host, port=0)
        self.port = self.server.start()
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._loop, daemon=True)
        self.thread.start()

    def _loop(self) -> None:
        while not self.stop.is_set():
            self.server.pump()
            time.sleep(0.001)

    def close(self) -> None:
        self.stop.set()
        self.thread.join(5)
        self.server.close()


def ends_with_bad_message(link: SealedLink) -> None:
    got = link.until("end")
    assert got[-1]["reason"] == "bad_message"


@pytest.mark.parametrize("spoil", ["replayed", "altered", "reordered"])
def test_a_spoiled_sealed_message_closes_that_connection_only(spoil):
    table = Pumped()
    a = b = None
    try:
        a, b = SealedLink(table.port, CODE), SealedLink(table.port, CODE)
        a.send(hello("Ann"))
        b.send(hello("Bob"))
        assert a.until("welcome")[-1]["seat"] == 0 and b.until("welcome")[-1]["seat"] == 1
        sent = a.send(protocol.encode("ping", t=1))
        assert a.until("pong")[-1]["t"] == 1
        if spoil == "replayed":
            a.ws.send(sent)
        elif spoil == "altered":
            data = bytearray(a.channel.seal(protocol.encode("ping", t=2)))
            data[-1] ^= 0x80
            a.ws.send(bytes(data))
        else:
            a.channel.seal(protocol.encode("ping", t=2))       # (skipped: the next comes early)
            a.ws.send(a.channel.seal(protocol.encode("ping", t=3)))
        ends_with_bad_message(a)
        b.send(protocol.encode("ping", t=4))
        assert b.until("pong")[-1]["t"] == 4
        assert table.host.seats[0].conn is None and table.host.seats[0].token   # kept for the grace
        assert table.host.seats[1].conn is not None
    finally:
        for link in (a, b):
            if link is not None:
                link.close()
        table.close()


def test_an_older_program_is_told_another_version(monkeypatch):
    table = Pumped()
    try:
        with connect(f"ws://127.0.0.1:{table.port}") as ws:   # a version 1 joiner: its hello in clear
            ws.send(json.dumps({"kind": "hello", "version": 1, "code": CODE, "name": "Old", "app": "1"}))
            said = json.loads(ws.recv(timeout=5))
        assert (said["kind"], said["reason"]) == ("refused", "version")
        assert said["text"] == protocol.REFUSALS["version"]
        monkeypatch.setattr(client_module, "PROTOCOL_VERSION", protocol.PROTOCOL_VERSION + 1)
        client = NetClient("127.0.0.1", table.port, CODE, "Nia")    # a newer joiner's opening
        client.start()
        deadline = time.monotonic() + 5
        while client.state not in (REFUSED,) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert (client.state, client.reason) == (REFUSED, protocol.REFUSALS["version"])
        assert all(s.conn is None for s in table.host.seats[:2])
    finally:
        table.close()


def test_a_joiner_told_by_an_older_host_it_cannot_read_the_opening_says_another_version():
    """A version 1 host ends a message it cannot read ("bad_message", in clear)."""
    ready, port = threading.Event(), [0]

    async def old_host(ws):
        await ws.recv()
        await ws.send(protocol.end("bad_message"))

    async def main(stop: asyncio.Event):
        async with serve(old_host, "127.0.0.1", 0) as server:
            port[0] = next(iter(server.sockets)).getsockname()[1]
            ready.set()
            while not stop.is_set():
                await asyncio.sleep(0.01)

    stop = asyncio.Event()
    thread = threading.Thread(target=asyncio.run, args=(main(stop),), daemon=True)
    thread.start()
    assert ready.wait(5)
    client = NetClient("127.0.0.1", port[0], CODE, "Nia")
    try:
        client.start()
        deadline = time.monotonic() + 5
        while client.state != REFUSED and time.monotonic() < deadline:
            time.sleep(0.01)
        assert (client.state, client.reason) == (REFUSED, protocol.REFUSALS["version"])
    finally:
        client.close()
        stop.set()
        thread.join(5)


def test_a_joiner_with_the_right_code_joins_and_the_hello_carries_no_code():
    table = Pumped()
    client = NetClient("127.0.0.1", table.port, CODE.lower(), "Ann")
    try:
        client.start()
        wait_for([client], table.server)
        assert client.state == JOINED
        assert "code" not in protocol.CLIENT_KINDS["hello"][0] | protocol.CLIENT_KINDS["hello"][1]
    finally:
        client.close()
        table.close()


def test_the_last_table_with_its_code_and_token_is_readable_by_its_owner_only(tmp_path):
    import os
    import stat

    from game.net import last_table
    from game.storage import Storage
    storage = Storage(str(tmp_path))
    kept = last_table.LastTable("127.0.0.1:47470", CODE, "Ann", "t" * 24, "gnono", 0)
    assert last_table.save(storage, kept)
    mode = stat.S_IMODE(os.stat(storage.path(last_table.FILE)).st_mode)
    assert mode & 0o077 == 0, oct(mode)
    assert last_table.load(storage).token == "t" * 24
