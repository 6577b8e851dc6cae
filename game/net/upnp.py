"""PortMapping: host over the internet without the router's manual. It asks the home
router to forward the table's TCP port to this machine (UPnP IGD: the router's
WANIPConnection or WANPPPConnection service, through `async-upnp-client`, as Home
Assistant does), reads the router's public address to give to friends, keeps the
mapping alive and removes it when the table closes or the program ends. A mapping is
asked for LEASE_S at a time and renewed at half of it: after a crash the router drops
it by itself within the lease.

It runs in its own thread (an asyncio loop): the game loop reads `state` and `line()`
and never waits on the router. The router is found by an SSDP search on the local
network, in the program only; the tests give a simulated router's description URL
(`location`) on the loopback address instead. A router that does not answer, or
refuses, is told in words, with the way to forward the port by hand (README).
No pygame here.
"""
from __future__ import annotations

import asyncio
import atexit
import socket
import threading
from typing import Any
from urllib.parse import urlparse

from async_upnp_client.aiohttp import AiohttpRequester
from async_upnp_client.client import UpnpService
from async_upnp_client.client_factory import UpnpFactory
from async_upnp_client.exceptions import UpnpActionResponseError, UpnpError
from async_upnp_client.profiles.igd import IgdDevice

from game.net.discovery import loopback_only

ASKING, MAPPED, FAILED, REMOVED = "asking", "mapped", "failed", "removed"
LEASE_S = 3600           # the mapping's lease: renewed at half of it, gone by itself after a crash
SEARCH_S = 3             # how long the SSDP search listens for the router
ANSWER_S = 5             # how long one request to the router may take
CLOSE_S = 3.0            # how long closing waits for the router to remove the mapping
POLL_S = 0.05            # how often the mapping's thread looks whether the table closed
DESCRIPTION = "G'NERTS table"
CONNECTION_SERVICES = ("urn:schemas-upnp-org:service:WANIPConnection:2",
                       "urn:schemas-upnp-org:service:WANIPConnection:1",
                       "urn:schemas-upnp-org:service:WANPPPConnection:1")
ONLY_PERMANENT = 725     # the UPnP error of a router that takes no lease time
BY_HAND = "Forward TCP port {port} to this computer by hand (README: Over the internet)."


def local_address_toward(host: str) -> str:
    """This machine's address on the way to `host` (no packet is sent: a UDP socket
    is only connected, so the system picks the route)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_DGRAM) as s:
        s.connect((host, 9))
        return str(s.getsockname()[0])


def connection_service(device: Any) -> UpnpService | None:
    for kind in CONNECTION_SERVICES:
        service: UpnpService | None = device.find_service(kind)
        if service is not None:
            return service
    return None


async def search_router() -> str | None:
    """The router's description URL by an SSDP search (the program's own path only)."""
    found = await IgdDevice.async_search(timeout=SEARCH_S)
    return next((str(r["location"]) for r in found if r.get("location")), None)


class PortMapping:
    def __init__(self, port: int, location: str | None = None, lease_s: int = LEASE_S):
        self.port, self.location, self.lease_s = port, location, lease_s
        self.state = ASKING
        self.public: str | None = None      # the router's public address
        self.problem = ""                   # why it failed, in words
        self._service: UpnpService | None = None
        self._internal = ""
        self._closing = threading.Event()   # set by close(), from the game loop's thread
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        """Ask the router, in the background (`state` says how it goes)."""
        self._thread = threading.Thread(target=asyncio.run, args=(self._main(),), name="upnp",
                                        daemon=True)
        self._thread.start()
        atexit.register(self.close)

    def line(self) -> str:
        """The mapping's state, as the lobby shows it."""
        if self.state == ASKING:
            return f"Internet: asking the router to forward port {self.port}..."
        if self.state == MAPPED:
            return (f"Internet: friends join at {self.public}, port {self.port} "
                    "(the router forwards it to this computer).")
        if self.state == FAILED:
            return f"Internet: {self.problem} {BY_HAND.format(port=self.port)}"
        return "Internet: the router no longer forwards the port."

    def close(self, wait: float = CLOSE_S) -> None:
        """Remove the mapping (the table closed, or the program ends) and stop."""
        atexit.unregister(self.close)
        self._closing.set()
        if self._thread is not None:
            self._thread.join(wait)
            self._thread = None

    # -- the thread ---------------------------------------------------------------------
    async def _main(self) -> None:
        try:
            await self._map()
        except UpnpActionResponseError as e:
            self._failed(f"the router refused to forward port {self.port} "
                         f"(UPnP error {e.error_code}: {e.error_desc or 'no reason given'}).")
        except (UpnpError, OSError, asyncio.TimeoutError, ValueError) as e:
            self._failed(f"the router did not answer ({type(e).__name__}).")
        loop = asyncio.get_running_loop()
        renew_at = loop.time() + self.lease_s / 2
        while self.state == MAPPED:
            if self._closing.is_set():
                await self._remove()
            elif self.lease_s and loop.time() >= renew_at:
                try:
                    await self._add()       # renew the lease
                except (UpnpError, OSError, asyncio.TimeoutError):
                    self._failed("the router stopped forwarding the port.")
                renew_at = loop.time() + self.lease_s / 2
            else:
                await asyncio.sleep(POLL_S)

    def _failed(self, problem: str) -> None:
        self.state, self.problem = FAILED, problem[:1].upper() + problem[1:]

    async def _map(self) -> None:
        if self.location is None and loopback_only():     # (the tests: never a search)
            self._failed("this program runs on the loopback address only (GNERTS_NET_LOOPBACK).")
            return
        location = self.location or await search_router()
        if location is None:
            self._failed("no router answered on this network (UPnP is off, or none is there).")
            return
        device = await UpnpFactory(AiohttpRequester(ANSWER_S), non_strict=True).async_create_device(location)
        service = connection_service(device)
        if service is None:
            self._failed("the router offers no port forwarding (UPnP IGD).")
            return
        self._service = service
        self._internal = local_address_toward(urlparse(location).hostname or "")
        answer = await service.action("GetExternalIPAddress").async_call()
        self.public = str(answer.get("NewExternalIPAddress") or "") or None
        try:
            await self._add()
        except UpnpActionResponseError as e:
            if e.error_code != ONLY_PERMANENT or not self.lease_s:
                raise
            self.lease_s = 0                 # a permanent mapping: removed on close only
            await self._add()
        if not self.public:
            self._failed("the router forwards the port but does not say its public address.")
            return
        self.state = MAPPED

    async def _add(self) -> None:
        assert self._service is not None
        await self._service.action("AddPortMapping").async_call(
            NewRemoteHost="", NewExternalPort=self.port, NewProtocol="TCP",
            NewInternalPort=self.port, NewInternalClient=self._internal, NewEnabled=True,
            NewPortMappingDescription=DESCRIPTION, NewLeaseDuration=self.lease_s)

    async def _remove(self) -> None:
        assert self._service is not None
        try:
            await self._service.action("DeletePortMapping").async_call(
                NewRemoteHost="", NewExternalPort=self.port, NewProtocol="TCP")
            self.state = REMOVED
        except (UpnpError, OSError, asyncio.TimeoutError):
            self._failed("the router did not remove the mapping: it lapses with its lease.")
