"""Host over the internet (game/net/upnp.py) against a simulated router on loopback
(tests/upnp_router.py; never an SSDP search): the mapping is made with a lease, the
router's public address shown, the mapping removed on close; a refusal, a router that
only takes permanent mappings and a router that does not answer are told in words."""
from __future__ import annotations

import socket
import time

import pytest

from game.net.upnp import FAILED, MAPPED, REMOVED, PortMapping
from tests.upnp_router import SimulatedRouter


@pytest.fixture
def router():
    r = SimulatedRouter()
    yield r
    r.close()


def settled(mapping: PortMapping, timeout_s: float = 10.0) -> str:
    end = time.monotonic() + timeout_s
    while mapping.state == "asking" and time.monotonic() < end:
        time.sleep(0.01)
    return mapping.state


def test_the_router_forwards_the_port_shows_its_address_and_the_mapping_goes_on_close(router):
    mapping = PortMapping(47470, location=router.location, lease_s=3600)
    mapping.start()
    try:
        assert settled(mapping) == MAPPED, mapping.line()
        assert mapping.line() == ("Internet: friends join at 203.0.113.7, port 47470 "
                                  "(the router forwards it to this computer).")
        asked = router.mappings[(47470, "TCP")]
        assert (asked["NewInternalPort"], asked["NewInternalClient"], asked["NewLeaseDuration"]) == \
            ("47470", "127.0.0.1", "3600")
    finally:
        mapping.close()
    assert mapping.state == REMOVED and router.mappings == {}
    assert [a for a, _ in router.calls] == ["GetExternalIPAddress", "AddPortMapping", "DeletePortMapping"]


def test_a_refusal_is_told_with_the_way_by_hand():
    router = SimulatedRouter(refuse={"AddPortMapping": (718, "ConflictInMappingEntry")})
    mapping = PortMapping(47470, location=router.location)
    try:
        mapping.start()
        assert settled(mapping) == FAILED
        assert mapping.line() == ("Internet: The router refused to forward port 47470 (UPnP error 718: "
                                  "ConflictInMappingEntry). Forward TCP port 47470 to this computer by "
                                  "hand (README: Behind a home router).")
    finally:
        mapping.close()
        router.close()


def test_a_router_that_takes_only_permanent_mappings_gets_one_and_it_goes_on_close():
    router = SimulatedRouter()
    first = router.answer

    def only_permanent(action, args):
        if action == "AddPortMapping" and args.get("NewLeaseDuration") != "0":
            router.calls.append((action, args))
            return 500, '<s:Fault><detail><UPnPError xmlns="urn:schemas-upnp-org:control-1-0">' \
                        "<errorCode>725</errorCode><errorDescription>OnlyPermanentLeasesSupported" \
                        "</errorDescription></UPnPError></detail></s:Fault>"
        return first(action, args)
    router.answer = only_permanent
    mapping = PortMapping(47471, location=router.location)
    try:
        mapping.start()
        assert settled(mapping) == MAPPED
        assert router.mappings[(47471, "TCP")]["NewLeaseDuration"] == "0"
        mapping.close()
        assert router.mappings == {}
    finally:
        mapping.close()
        router.close()


def test_a_router_that_does_not_answer_is_told():
    with socket.socket() as s:          # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    mapping = PortMapping(47470, location=f"http://127.0.0.1:{port}/desc.xml")
    try:
        mapping.start()
        assert settled(mapping) == FAILED
        assert mapping.line().startswith("Internet: The router did not answer")
        assert "Forward TCP port 47470 to this computer by hand" in mapping.line()
    finally:
        mapping.close()
