"""Host over the internet (game/net/upnp.py) against a simulated router on loopback
(tests/upnp_router.py; never an SSDP search): the mapping is made with a lease, the
router's public address shown, the mapping removed on close; a refusal, a router that
only takes permanent mappings and a router that does not answer are told in words."""
from __future__ import annotations

import os
import socket
import time

import pygame
import pytest

from game.net.upnp import FAILED, MAPPED, REMOVED, PortMapping
from tests.host_standin import Made, key
from tests.test_host_lobby import frames, hosted
from tests.upnp_router import SimulatedRouter


@pytest.fixture
def router():
    r = SimulatedRouter()
    yield r
    r.close()


@pytest.fixture
def hostings():
    made = Made()
    yield made
    made.close()


def snap(app, name: str) -> None:
    """The lobby's picture, where GNERTS_SHOTS names a folder (to look at it)."""
    folder = os.environ.get("GNERTS_SHOTS")
    if folder:
        app.run(max_frames=1)
        pygame.image.save(app.canvas, os.path.join(folder, name))


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
                                  "hand (README: Over the internet).")
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


def test_the_lobby_asks_the_router_by_i_shows_the_public_address_and_esc_removes_the_forward(
        menu_app, hostings, router):
    app = menu_app
    lobby = hosted(app, hostings, "gnono")
    hosting = lobby.hosting
    port = hosting.port
    text = " ".join(line for line, _ in lobby.lines())
    assert f"Internet: I asks your router to forward port {port} to this computer." in text
    snap(app, "lobby-internet-before.png")
    hosting.router = router.location
    key(app, pygame.K_i, "i")
    assert frames(app, lambda: "friends join at 203.0.113.7" in lobby.internet)
    text = " ".join(line for line, _ in lobby.lines())
    assert f"Internet: friends join at 203.0.113.7, port {port} (the router forwards it to this " \
           "computer)." in text
    assert (port, "TCP") in router.mappings
    snap(app, "lobby-internet.png")
    key(app, pygame.K_ESCAPE, "\x1b")
    app.run(max_frames=2)
    assert router.mappings == {} and hosting.internet is None


def test_without_a_router_given_the_tests_never_search(menu_app, hostings):
    lobby = hosted(menu_app, hostings, "gnono")
    key(menu_app, pygame.K_i, "i")
    assert frames(menu_app, lambda: "loopback" in lobby.internet)
    assert "by hand" in lobby.internet
    snap(menu_app, "lobby-internet-failed.png")


def test_the_lease_is_renewed_and_a_close_at_once_leaves_no_mapping(router):
    mapping = PortMapping(47472, location=router.location, lease_s=2)
    mapping.start()
    try:
        assert settled(mapping) == MAPPED
        end = time.monotonic() + 5
        while [a for a, _ in router.calls].count("AddPortMapping") < 2 and time.monotonic() < end:
            time.sleep(0.02)
        assert [a for a, _ in router.calls].count("AddPortMapping") == 2      # renewed at half
    finally:
        mapping.close()
    hasty = PortMapping(47473, location=router.location)
    hasty.start()
    hasty.close(wait=10)          # (before the router answered: made, then removed)
    assert router.mappings == {}
