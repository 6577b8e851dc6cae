"""The host's door: who may hold a connection before proving the table code, so that
no stranger can keep the players out.

- A connection is a *stranger* from its TCP accept until its sealed hello opens (it
  proved the code: seal.py), then a *member*. The two are counted apart: strangers
  can never take the room of joined seats (MEMBERS), and members never wait on them.
- At most PER_ADDRESS strangers from one address at once (an IPv6 /64 is one address:
  `address_key`); a stranger over that is closed at once.
- At most STRANGERS strangers in all: a newcomer then evicts the oldest stranger of
  the most crowded address if that address holds more than the newcomer's own would,
  else it is closed. A flood from a few addresses makes room for anyone else.
- Each stranger has HELLO_S from its accept to prove the code (the server's deadline).
- A key exchange costs the host a few milliseconds: an address gets EXCHANGES_BURST at
  once, then EXCHANGES_RATE a second (beyond, the connection is closed before it).
A rejoin with its token is a stranger like any until its hello opens, so these limits
are what lets it in ahead of a flood (tests/test_net_door.py). The clock is given;
what is kept is bounded. No pygame here.
"""
from __future__ import annotations

import ipaddress
from collections.abc import Callable
from dataclasses import dataclass, field

PER_ADDRESS = 4          # strangers of one address at once
STRANGERS = 32           # strangers of all addresses at once
MEMBERS = 24             # connections that proved the code (seats, and a rejoin replacing one)
HELLO_S = 4.0            # from the TCP accept to the sealed hello
EXCHANGES_RATE = 1.0     # key exchanges a second an address may start, sustained...
EXCHANGES_BURST = 12.0   # ...and at once (more than the guard lets through)
MAX_ADDRESSES = 4096     # addresses whose exchanges are remembered at most


def address_key(address: str) -> str:
    """What the door counts as one address: an IPv4 address, an IPv6 /64 (one home's
    or one machine's network), an IPv4 address mapped into IPv6 as that IPv4 address."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network(f"{ip}/64", strict=False))
    return str(ip)


@dataclass(eq=False)
class Visitor:
    address: str                      # its address_key
    arrived: float
    close: Callable[[], None]         # ends its connection at once (an eviction)
    member: bool = False
    gone: bool = False


@dataclass
class _Bucket:
    tokens: float
    at: float


@dataclass
class Door:
    clock: Callable[[], float]
    per_address: int = PER_ADDRESS
    strangers: int = STRANGERS
    members: int = MEMBERS
    hello_s: float = HELLO_S
    exchange_rate: float = EXCHANGES_RATE
    exchange_burst: float = EXCHANGES_BURST
    waiting: dict[Visitor, None] = field(default_factory=dict)    # strangers, oldest first
    inside: set[Visitor] = field(default_factory=set)             # members
    by_address: dict[str, int] = field(default_factory=dict)      # strangers of each address
    buckets: dict[str, _Bucket] = field(default_factory=dict)

    def arrive(self, address: str, close: Callable[[], None]) -> Visitor | None:
        """A TCP connection from `address`: its Visitor, or None to close it now."""
        key = address_key(address)
        mine = self.by_address.get(key, 0) + 1
        if mine > self.per_address:
            return None
        if len(self.waiting) >= self.strangers:
            crowded = max(self.by_address, key=lambda a: self.by_address[a])
            if self.by_address[crowded] <= mine:
                return None
            victim = next(v for v in self.waiting if v.address == crowded)
            self.left(victim)
            victim.close()
        visitor = Visitor(key, self.clock(), close)
        self.waiting[visitor] = None
        self.by_address[key] = mine
        return visitor

    def deadline(self, visitor: Visitor) -> float:
        return visitor.arrived + self.hello_s

    def may_exchange(self, visitor: Visitor) -> bool:
        """The visitor's address may start a key exchange now (one is counted)."""
        now = self.clock()
        b = self.buckets.pop(visitor.address, None) or _Bucket(self.exchange_burst, now)
        b.tokens = min(self.exchange_burst, b.tokens + (now - b.at) * self.exchange_rate)
        b.at = now
        self.buckets[visitor.address] = b      # (re)inserted last: the oldest go first
        while len(self.buckets) > MAX_ADDRESSES:
            del self.buckets[next(iter(self.buckets))]
        if b.tokens < 1:
            return False
        b.tokens -= 1
        return True

    def seated(self, visitor: Visitor) -> bool:
        """The visitor proved the code: a member now (False: the members' room is full)."""
        if visitor.gone or len(self.inside) >= self.members:
            return False
        self._unwait(visitor)
        visitor.member = True
        self.inside.add(visitor)
        return True

    def left(self, visitor: Visitor) -> None:
        """The connection is gone (closed by either side, or evicted)."""
        if visitor.gone:
            return
        visitor.gone = True
        self._unwait(visitor)
        self.inside.discard(visitor)

    def _unwait(self, visitor: Visitor) -> None:
        if visitor in self.waiting:
            del self.waiting[visitor]
            left = self.by_address[visitor.address] - 1
            if left:
                self.by_address[visitor.address] = left
            else:
                del self.by_address[visitor.address]
