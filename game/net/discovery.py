"""The LAN listing of hosted tables: DNS-SD over multicast DNS (the `zeroconf` library).

A host announces its table (`TableAdvert`) as a "_gnerts._tcp" service whose TXT
properties say the game, the host's name, the free seats, the protocol version and
the port, never the table code (a joiner still types it). A joiner's `TableBrowser`
keeps the current list, which `tables()` reads at any time. Both run on zeroconf's own
threads and on a worker of their own (registering probes the network for about a
second): the game loop never waits for the network. Both are bound to the interfaces
they are given: the program passes LAN (every interface), tests pass loopback only.
A record that does not read as a table (missing or malformed properties) is left out.
"""
from __future__ import annotations

import os
import queue
import re
import socket
import threading
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import ifaddr  # zeroconf's own way to list the machine's addresses (it depends on it)
from zeroconf import (
    Error,
    InterfaceChoice,
    IPVersion,
    ServiceBrowser,
    ServiceInfo,
    ServiceStateChange,
    Zeroconf,
)

from game.switches import EnvSwitch

SERVICE_TYPE = "_gnerts._tcp.local."
# set (tests/conftest.py: one per test process): the service type to announce and browse
# instead, so that tests running side by side never list each other's tables
SERVICE_ENV = "GNERTS_NET_SERVICE"
LAN = InterfaceChoice.All          # the program: every interface of the machine
LOOPBACK = ["127.0.0.1"]           # tests: nothing leaves the machine
# set (tests/conftest.py, the bench): the program lists, announces and joins on this
# machine only, whatever screen a test reaches
LOOPBACK_ONLY = EnvSwitch("GNERTS_NET_LOOPBACK")
MAX_TABLES = 64                    # a crowded (or hostile) network cannot grow the list past this
MAX_SEATS = 16
NAME_CHARS = 24                    # a host's name as listed, at most
LOOKUP_MS = 1500                   # how long the browser asks for a new table's details
GAME_KEY = re.compile(r"[a-z0-9_]{1,16}")

Interfaces = Sequence[str] | InterfaceChoice


def loopback_only() -> bool:
    return LOOPBACK_ONLY.on()


def service_type() -> str:
    return os.environ.get(SERVICE_ENV) or SERVICE_TYPE


def lan_interfaces() -> Interfaces:
    """The interfaces the program lists and announces tables on."""
    return LOOPBACK if loopback_only() else LAN


@dataclass(frozen=True)
class ListedTable:
    """A table seen on the network, as its host announced it."""
    service: str        # the service instance name: unique on the network
    game: str           # the game's key ("gnono")
    host_name: str      # the host player's name
    seats_free: int
    version: int        # the host's protocol version
    address: str        # an IPv4 address of the host
    port: int

    @property
    def where(self) -> str:
        """The address as a player types it: "192.168.1.5:4321"."""
        return f"{self.address}:{self.port}"


def table_properties(game: str, host_name: str, seats_free: int, version: int, port: int) -> dict[str, str]:
    """The TXT properties of an announced table (no table code: that stays with the host)."""
    return {"game": game, "host": clean_name(host_name), "seats": str(seats_free),
            "version": str(version), "port": str(port)}


def clean_name(name: str) -> str:
    """A player's name as listed: printable, one line, single spaces, at most NAME_CHARS."""
    text = " ".join("".join(c if c.isprintable() else " " for c in name).split())
    return text[:NAME_CHARS].rstrip() or "?"


Properties = dict[bytes, bytes | None]


def _text(props: Properties, key: str) -> str | None:
    value = props.get(key.encode())
    if not isinstance(value, bytes):
        return None
    try:
        return value.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _number(props: Properties, key: str, low: int, high: int) -> int | None:
    text = _text(props, key)
    if text is None or not text.isdigit() or len(text) > 6:
        return None
    value = int(text)
    return value if low <= value <= high else None


def parse_table(info: ServiceInfo) -> ListedTable | None:
    """The table a service record announces, or None when it does not read as one."""
    props = info.properties or {}
    game, host = _text(props, "game"), _text(props, "host")
    seats = _number(props, "seats", 0, MAX_SEATS)
    version = _number(props, "version", 0, 999_999)
    port = _number(props, "port", 1, 65535)
    addresses = info.parsed_addresses(IPVersion.V4Only)
    if game is None or not GAME_KEY.fullmatch(game) or host is None or not clean_name(host).strip("?"):
        return None
    if seats is None or version is None or port is None or not addresses:
        return None
    return ListedTable(info.name, game, clean_name(host), seats, version, addresses[0], port)


def _addresses(interfaces: Interfaces) -> list[str]:
    """The IPv4 addresses a table is announced at: the interfaces given, or (LAN) every
    address of the machine but loopback."""
    if isinstance(interfaces, InterfaceChoice):
        found = {ip.ip for adapter in ifaddr.get_adapters() for ip in adapter.ips if ip.is_IPv4}
        return sorted(a for a in found if isinstance(a, str) and not a.startswith("127."))
    return [a for a in interfaces if "." in a]


class _Worker:
    """One background thread that runs jobs in order (zeroconf calls that wait)."""

    def __init__(self, name: str):
        self.jobs: queue.Queue[Callable[[], None] | None] = queue.Queue()
        self.problem: str | None = None    # the last failure, a sentence for the player
        self.thread = threading.Thread(target=self._run, name=name, daemon=True)
        self.thread.start()

    def put(self, job: Callable[[], None]) -> None:
        self.jobs.put(job)

    def stop(self, wait: float | None) -> bool:
        """No more jobs; wait (at most `wait` seconds) for the last. True: it has ended."""
        self.jobs.put(None)
        if wait is not None:
            self.thread.join(wait)
        return not self.thread.is_alive()

    def _run(self) -> None:
        while (job := self.jobs.get()) is not None:
            try:
                job()
            except (OSError, Error) as exc:   # no network, a name zeroconf refuses
                self.problem = f"The network listing failed: {exc}"


class TableAdvert:
    """Announces one hosted table until withdrawn; `set_seats_free` keeps it current."""

    def __init__(self, game: str, host_name: str, seats_free: int, version: int, port: int,
                 interfaces: Interfaces = LAN):
        self.interfaces = interfaces
        self.service_type = service_type()
        self.props = table_properties(game, host_name, seats_free, version, port)
        self.port = port
        self.service = f"{clean_name(host_name)}'s {game} table.{self.service_type}"
        self.registered = threading.Event()
        self._zc: Zeroconf | None = None
        self._info: ServiceInfo | None = None
        self._worker = _Worker("gnerts-advert")
        self._worker.put(self._register)

    @property
    def problem(self) -> str | None:
        return self._worker.problem

    def _register(self) -> None:
        self._zc = Zeroconf(interfaces=self.interfaces, ip_version=IPVersion.V4Only)
        self._info = ServiceInfo(self.service_type, self.service, port=self.port, properties=self.props,
                                 server=f"gnerts-{uuid.uuid4().hex[:12]}.local.",
                                 addresses=[socket.inet_aton(a) for a in _addresses(self.interfaces)])
        self._zc.register_service(self._info, allow_name_change=True)   # "(2)" after a taken name
        self.service = self._info.name
        self.registered.set()

    def set_seats_free(self, seats_free: int) -> None:
        self.props = {**self.props, "seats": str(seats_free)}
        props = self.props

        def update() -> None:
            if self._zc is not None and self._info is not None:
                self._info = ServiceInfo(self.service_type, self._info.name, port=self.port, properties=props,
                                         server=self._info.server, addresses=self._info.addresses)
                self._zc.update_service(self._info)
        self._worker.put(update)

    def withdraw(self, wait: float | None = None) -> bool:
        """Say goodbye on the network and stop. `wait`: seconds to wait for it (None:
        return at once). True when it is over."""
        def close() -> None:
            zc, self._zc = self._zc, None
            if zc is None:
                return
            try:
                if self.registered.is_set() and self._info is not None:
                    zc.unregister_service(self._info)     # the goodbye: listings drop it at once
            finally:
                zc.close()
        self._worker.put(close)
        return self._worker.stop(wait)


class TableBrowser:
    """The tables announced on the network, kept current by zeroconf's thread."""

    def __init__(self, interfaces: Interfaces = LAN, kind: str | None = None):
        self.interfaces = interfaces
        self.service_type = kind or service_type()
        self.changes = 0                  # counts every change of the list (for redrawing)
        self._lock = threading.Lock()
        self._tables: dict[str, ListedTable] = {}
        self._zc: Zeroconf | None = None
        self._browser: ServiceBrowser | None = None
        self._closed = False
        self._worker = _Worker("gnerts-browser")
        self._worker.put(self._open)

    @property
    def problem(self) -> str | None:
        return self._worker.problem

    def tables(self) -> list[ListedTable]:
        """The current list, by host name then game."""
        with self._lock:
            return sorted(self._tables.values(), key=lambda t: (t.host_name.lower(), t.game, t.service))

    def _open(self) -> None:
        self._zc = Zeroconf(interfaces=self.interfaces, ip_version=IPVersion.V4Only)
        self._browser = ServiceBrowser(self._zc, self.service_type, handlers=[self._changed])

    def _changed(self, zeroconf: Zeroconf, service_type: str, name: str,
                 state_change: ServiceStateChange) -> None:
        """On the browser's thread: a service came, changed or went."""
        table = None
        if state_change is not ServiceStateChange.Removed and not self._closed:
            info = zeroconf.get_service_info(service_type, name, timeout=LOOKUP_MS)
            table = parse_table(info) if info is not None else None
        with self._lock:
            if table is None:
                if self._tables.pop(name, None) is None:
                    return
            elif name in self._tables or len(self._tables) < MAX_TABLES:
                if self._tables.get(name) == table:
                    return
                self._tables[name] = table
            else:
                return
            self.changes += 1

    def close(self, wait: float | None = None) -> bool:
        """Stop listening. `wait`: seconds to wait for it (None: return at once)."""
        self._closed = True

        def close() -> None:
            try:
                if self._browser is not None:
                    self._browser.cancel()
            finally:
                if self._zc is not None:
                    self._zc.close()
        self._worker.put(close)
        return self._worker.stop(wait)
