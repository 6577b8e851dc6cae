"""The last network table this player joined, kept in the saves folder so that a
player whose connection dropped can rejoin the same seat: the host holds a dropped
seat for its token during the grace (game/net/host.py, GRACE_S). The Join screen
writes it on the welcome and offers "Rejoin"; it is forgotten when the table ends for
good (the game over, the host closed it) or the host no longer knows the token.
It holds the code and the seat's token as they are, because a rejoin needs both (the
code keys the sealed link: game/net/seal.py; the token asks for the seat inside it),
and nothing on this machine could keep them better than the player's own account: the
file is written readable by its owner only (0600: storage's temporary file) and is
forgotten when the table ends. Only this program's welcome is ever written here.
No pygame here."""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from game.net import protocol
from game.storage import Storage

FILE = "last_table.json"
KIND = "last-table"
SCHEMA = 1
FIELDS = {"address": 45, "code": 16, "name": protocol.MAX_NAME, "token": 64, "game": 16}


@dataclass(frozen=True)
class LastTable:
    address: str        # as the player typed it: host:port
    code: str
    name: str
    token: str          # the seat token of the host's welcome
    game: str
    seat: int


def validate(data: Any) -> LastTable:
    """The saved table, or ValueError for damaged data."""
    if not isinstance(data, dict) or set(data) != {*FIELDS, "seat"}:
        raise ValueError("not a last table")
    for key, most in FIELDS.items():
        value = data[key]
        if not isinstance(value, str) or not 0 < len(value) <= most or not value.isprintable():
            raise ValueError(f"a bad {key}")
    if len(data["token"]) < 16:
        raise ValueError("a bad token")
    seat = data["seat"]
    if type(seat) is not int or not 0 <= seat < protocol.MAX_SEATS:
        raise ValueError("a bad seat")
    return LastTable(**data)


def load(storage: Storage) -> LastTable | None:
    table: LastTable | None = storage.read_json(FILE, KIND, SCHEMA, validate,
                                                "the last table cannot be rejoined")
    return table


def save(storage: Storage, table: LastTable) -> bool:
    return storage.write_json(FILE, KIND, SCHEMA, asdict(table))


def forget(storage: Storage) -> None:
    storage.remove(FILE)
