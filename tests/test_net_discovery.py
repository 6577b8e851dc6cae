"""The LAN listing (game/net/discovery.py), announced and browsed for real over
multicast DNS bound to the loopback interface only (nothing is announced on the
machine's network: a test checks where the sockets send), and once with the program's
own setting (every interface) inside a network namespace the test makes (unshare -rn),
where loopback is all there is. Each test's traffic is a few packets and ends within
seconds. Other test workers may announce tables at the same time: each test looks only
at its own tables (a host name of its own)."""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest
from zeroconf import IPVersion, ServiceInfo, Zeroconf

from game.net import discovery
from game.net.discovery import LOOPBACK, TableAdvert, TableBrowser, parse_table, service_type

SERVICE_TYPE = service_type()       # this test process's own (tests/conftest.py)

WAIT = 8.0        # seconds at most for the network to show a change


def unique_name() -> str:
    return "T" + uuid.uuid4().hex[:10]


def wait_for(cond, seconds: float = WAIT) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.05)
    return cond()


def mine(browser: TableBrowser, host: str) -> list:
    return [t for t in browser.tables() if t.host_name == host]


@pytest.fixture
def browser():
    b = TableBrowser(LOOPBACK)
    yield b
    assert b.close(wait=5), "the browser did not stop"


def test_a_table_is_listed_with_its_fields_updated_and_gone_when_withdrawn(browser):
    host = unique_name()
    advert = TableAdvert("gnono", host, 3, 7, 4321, LOOPBACK)
    try:
        assert wait_for(lambda: mine(browser, host)), "the table never appeared"
        (table,) = mine(browser, host)
        assert (table.game, table.host_name, table.seats_free, table.version, table.port) == \
            ("gnono", host, 3, 7, 4321)
        assert table.address == "127.0.0.1" and table.where == "127.0.0.1:4321"
        assert table.service == advert.service and advert.problem is None
        advert.set_seats_free(1)
        assert wait_for(lambda: [t.seats_free for t in mine(browser, host)] == [1]), "seats never updated"
    finally:
        assert advert.withdraw(wait=5), "the advert did not stop"
    assert wait_for(lambda: not mine(browser, host)), "the withdrawn table is still listed"


def test_the_announcement_says_no_table_code():
    assert set(discovery.table_properties("gin", "Anna", 1, 1, 4321)) == {"game", "host", "seats",
                                                                          "version", "port"}


def test_announcing_and_browsing_send_on_loopback_only(browser):
    advert = TableAdvert("gin", unique_name(), 1, 1, 4321, LOOPBACK)
    try:
        assert advert.registered.wait(WAIT)
        assert wait_for(lambda: browser._zc is not None)
        for zc in (advert._zc, browser._zc):
            senders = [t.sock for t in zc.engine.senders]
            assert senders
            for sock in senders:
                assert sock.getsockname()[0] == "127.0.0.1"
                out = sock.getsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, 4)
                assert socket.inet_ntoa(out) == "127.0.0.1"
    finally:
        advert.withdraw(wait=5)


def record(props: dict, name: str = "Bad", addresses=("127.0.0.1",)) -> ServiceInfo:
    return ServiceInfo(SERVICE_TYPE, f"{name}.{SERVICE_TYPE}", port=4321, properties=props,
                       server=f"{name.lower()}.local.", addresses=[socket.inet_aton(a) for a in addresses])


GOOD = {"game": "gin", "host": "Anna", "seats": "1", "version": "1", "port": "4321"}


@pytest.mark.parametrize("change", [
    {"game": None}, {"game": "Gin Rummy!"}, {"game": "x" * 17}, {"host": None}, {"host": "\x00\x01"},
    {"host": b"\xff\xfe"}, {"seats": "lots"}, {"seats": "-1"}, {"seats": "99"}, {"version": None},
    {"version": "1.2"}, {"port": "0"}, {"port": "70000"}, {"port": ""}, {"seats": None},
])
def test_a_record_that_does_not_read_as_a_table_is_left_out(change):
    props = {k: v for k, v in {**GOOD, **change}.items() if v is not None}
    assert parse_table(record(props)) is None
    assert parse_table(record(GOOD)) is not None


def test_a_record_without_an_address_is_left_out():
    assert parse_table(record(GOOD, addresses=())) is None


def test_a_long_or_strange_host_name_is_listed_cleaned_and_cut():
    table = parse_table(record({**GOOD, "host": "  Anna\tthe\nGreat of the Northern Seas  "}))
    assert table is not None and table.host_name == "Anna the Great of the No"


def test_a_malformed_record_on_the_network_is_ignored(browser):
    host = unique_name()
    zc = Zeroconf(interfaces=LOOPBACK, ip_version=IPVersion.V4Only)
    bad = [record({**GOOD, "host": host, "seats": "99"}, name=f"{host}a"),       # past any table
           record({**GOOD, "host": host, "game": "Gin Rummy!"}, name=f"{host}b"),
           record({"host": host}, name=f"{host}d")]
    good = record({**GOOD, "host": host, "seats": "2"}, name=f"{host}c")
    try:
        with ThreadPoolExecutor(len(bad)) as pool:      # each waits a second of probing
            list(pool.map(zc.register_service, bad))
        zc.register_service(good)
        assert wait_for(lambda: mine(browser, host)), "the good record never appeared"
        time.sleep(0.3)                    # the bad ones were announced first
        assert [t.seats_free for t in mine(browser, host)] == [2]
    finally:
        zc.close()


class Stub:
    """A zeroconf that answers every lookup with the record it was made with."""

    def __init__(self):
        self.host = unique_name()

    def get_service_info(self, service_type, name, timeout):
        return record({**GOOD, "host": self.host}, name=name.split(".")[0])


def test_the_list_is_bounded_on_a_crowded_network():
    b = TableBrowser(LOOPBACK, kind="_gnertsbound._tcp.local.")   # nobody announces this
    try:
        stub = Stub()
        for i in range(discovery.MAX_TABLES + 10):
            b._changed(stub, SERVICE_TYPE, f"t{i}.{SERVICE_TYPE}", discovery.ServiceStateChange.Added)
        assert len(b.tables()) == discovery.MAX_TABLES
        b._changed(stub, SERVICE_TYPE, f"t0.{SERVICE_TYPE}", discovery.ServiceStateChange.Removed)
        b._changed(stub, SERVICE_TYPE, f"t70.{SERVICE_TYPE}", discovery.ServiceStateChange.Added)
        assert len(b.tables()) == discovery.MAX_TABLES and f"t70.{SERVICE_TYPE}" in \
            {t.service for t in b.tables()}
    finally:
        assert b.close(wait=5)


def test_the_program_lists_on_the_lan_and_the_tests_on_loopback(monkeypatch):
    assert discovery.lan_interfaces() == LOOPBACK           # tests/conftest.py sets the switch
    assert service_type() == f"_gnerts{os.getpid() % 10**7}._tcp.local."   # and a service of its own
    monkeypatch.delenv("GNERTS_NET_LOOPBACK")
    monkeypatch.delenv("GNERTS_NET_SERVICE")
    assert discovery.lan_interfaces() is discovery.LAN and service_type() == "_gnerts._tcp.local."


def test_a_listing_that_cannot_start_says_why_and_never_raises():
    b = TableBrowser(LOOPBACK, kind="no-such-type")
    try:
        assert wait_for(lambda: b.problem is not None)
        assert b.problem.startswith("The network listing failed: ") and b.tables() == []
    finally:
        assert b.close(wait=5)


# The program's own setting (LAN: every interface, announced at every address but
# loopback) can only be tried where nothing leaves the machine: in a network namespace
# of the test's own (unshare -rn: no interface but its loopback, which is given a second
# address to stand for the LAN's).
IN_NAMESPACE = """
import dataclasses, json, time
from game.net import discovery
from game.net.discovery import LAN, TableAdvert, TableBrowser
print(json.dumps({"interfaces": discovery.lan_interfaces() is LAN}), flush=True)
b = TableBrowser(discovery.lan_interfaces())
a = TableAdvert("nerts", "Nina", 5, 2, 4321, discovery.lan_interfaces())
end = time.monotonic() + 8
while not b.tables() and time.monotonic() < end:
    time.sleep(0.05)
listed = [dataclasses.asdict(t) for t in b.tables()]
print(json.dumps({"listed": listed, "problems": [a.problem, b.problem]}), flush=True)
a.withdraw(wait=5)
end = time.monotonic() + 8
while b.tables() and time.monotonic() < end:
    time.sleep(0.05)
print(json.dumps({"after": len(b.tables())}), flush=True)
b.close(wait=5)
"""
NAMESPACE_SETUP = ("ip link set lo up && ip link set lo multicast on && ip addr add 10.9.9.1/32 dev lo"
                   " && ip route add 224.0.0.0/4 dev lo && exec \"$0\" -c \"$1\"")


def test_the_programs_lan_listing_in_a_network_namespace_of_its_own():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = {k: v for k, v in os.environ.items() if k != "GNERTS_NET_LOOPBACK"}   # the program's setting
    env["PYTHONPATH"] = root
    done = subprocess.run(["unshare", "-rn", "sh", "-c", NAMESPACE_SETUP, sys.executable, IN_NAMESPACE],
                          capture_output=True, text=True, timeout=40, env=env)
    assert done.returncode == 0, f"no network namespace could be made here, or it failed: {done.stderr}"
    said = [json.loads(line) for line in done.stdout.splitlines()]
    assert said[0] == {"interfaces": True}
    assert said[1]["problems"] == [None, None]
    (table,) = said[1]["listed"]
    assert [table[k] for k in ("game", "host_name", "seats_free", "version")] == ["nerts", "Nina", 5, 2]
    assert (table["address"], table["port"]) == ("10.9.9.1", 4321)     # the LAN address, not loopback
    assert said[2] == {"after": 0}
