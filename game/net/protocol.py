"""The network protocol: its version, the kinds of message and their fields, and
`parse`, the one door every message from the network comes through.

A message is one JSON object {"kind": ..., field: value...}. parse() checks its size,
its JSON, its kind and every field's type and range, and raises ProtocolError with a
reason for anything else: nothing unchecked reaches the host or a client. encode()
checks the same schema on the way out, so a host cannot send what a client refuses.
The moves, views and events inside are the games' own JSON (their replay and net
codecs check them).

Version 2 seals the table (game/net/seal.py): the one message each way in clear is the
opening (`parse_opening`: the joiner's protocol version and its SPAKE2 message; the
host's SPAKE2 message, or a refusal); every message above then travels sealed, the
hello (which no longer carries the code: the key exchange proved it) first. No pygame here.
"""
from __future__ import annotations

import base64
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

PROTOCOL_VERSION = 2      # 2: sealed by the table code (seal.py); 1 was in clear
MAX_MESSAGE = 64 * 1024      # bytes of one client message (the host's updates: MAX_UPDATE)
MAX_UPDATE = 1024 * 1024     # bytes of one host message (a view and its events)
DEFAULT_PORT = 47470         # the host's TCP port (the one to open on a router)
MAX_NAME = 24                # a player's name
MAX_SEATS = 10
MAX_SEQ = 2 ** 31 - 1

# why a join is refused: the reason's code and the sentence a joiner's screen shows
REFUSALS = {
    "version": "The host runs another version of G'NERTS.",
    "game": "That table plays another game.",
    "code": "Wrong table code.",
    "codes": "Too many wrong codes: wait a minute.",
    "full": "The table is full.",
    "seat_taken": "That seat is taken.",
    "token": "That seat is no longer held for you.",
    "joined": "You have already joined.",
    "busy": "The table is busy: try again in a moment.",
}
# why a table ends for a client
ENDINGS = {
    "over": "The game is over.",
    "host_left": "The host closed the table.",
    "bad_message": "Your program sent a message the host could not read.",
    "flood": "Too many messages: the host closed the connection.",
    "replaced": "Your seat was taken over by a newer connection.",
    "timeout": "No hello in time.",
}


class ProtocolError(ValueError):
    """A message that breaks the schema; `reason` says how."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Message:
    kind: str
    fields: dict[str, Any]

    def __getitem__(self, name: str) -> Any:
        return self.fields[name]

    def get(self, name: str, default: Any = None) -> Any:
        return self.fields.get(name, default)


# -- field checks: each returns None if the value fits, else the reason -----------------
Check = Callable[[Any], "str | None"]


def _int(lo: int, hi: int) -> Check:
    def check(v: Any) -> str | None:
        if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
            return f"a whole number from {lo} to {hi}"
        return None
    return check


def _text(lo: int, hi: int, printable: bool = True) -> Check:
    def check(v: Any) -> str | None:
        if not isinstance(v, str) or not lo <= len(v) <= hi or (printable and not v.isprintable()):
            return f"text of {lo} to {hi} printable characters"
        return None
    return check


def _optional(inner: Check) -> Check:
    return lambda v: None if v is None else inner(v)


def _is(kind: type, what: str) -> Check:
    return lambda v: None if isinstance(v, kind) and not isinstance(v, bool) else what


def _number(v: Any) -> str | None:
    ok = isinstance(v, (int, float)) and not isinstance(v, bool) and abs(v) < 1e15
    return None if ok else "a number"


def _names(v: Any) -> str | None:
    if not isinstance(v, list) or not 2 <= len(v) <= MAX_SEATS \
            or any(_text(0, MAX_NAME)(x) for x in v):
        return "a list of 2 to 10 names"
    return None


def _flags(v: Any) -> str | None:
    if not isinstance(v, list) or len(v) > MAX_SEATS or not all(isinstance(x, bool) for x in v):
        return "a list of yes/no, one per seat"
    return None


def _move(v: Any) -> str | None:
    """A game's move as its replay codec writes it: an object (Gin, Gnono, Go-Stop) or a
    short text (Nerts)."""
    ok = isinstance(v, dict) or (isinstance(v, str) and 0 < len(v) <= 40)
    return None if ok else "a move: a JSON object or a short text"


def _one_of(table: dict[str, str]) -> Check:
    return lambda v: None if isinstance(v, str) and v in table else f"one of {', '.join(table)}"


_SEAT = _int(0, MAX_SEATS - 1)
_SEQ = _int(0, MAX_SEQ)
_TOKEN = _text(16, 64)
_SENTENCE = _text(0, 200)

# kind -> (required fields, optional fields), each field -> its check
CLIENT_KINDS: dict[str, tuple[dict[str, Check], dict[str, Check]]] = {
    "hello": ({"version": _int(0, 10 ** 6), "name": _text(1, MAX_NAME), "app": _text(0, 32)},
              {"game": _optional(_text(1, 16)), "token": _optional(_TOKEN), "seat": _optional(_SEAT)}),
    "move": ({"seq": _SEQ, "move": _move}, {}),
    "ping": ({"t": _number}, {}),
    "bye": ({}, {}),
}
HOST_KINDS: dict[str, tuple[dict[str, Check], dict[str, Check]]] = {
    "welcome": ({"seat": _SEAT, "token": _TOKEN, "names": _names, "game": _text(1, 16),
                 "version": _int(0, 10 ** 6)}, {}),
    "refused": ({"reason": _one_of(REFUSALS), "text": _SENTENCE}, {}),
    "update": ({"view": _is(dict, "a view as a JSON object"),
                "events": _is(list, "a list of events")},
               {"ack": _optional(_SEQ), "step": _optional(_int(0, 10 ** 12)),
                "n": _int(0, 10 ** 12), "layouts": _is(list, "the table's layouts as a list")}),
    "illegal": ({"seq": _SEQ, "reason": _SENTENCE}, {}),
    "seats": ({"names": _names, "connected": _flags, "missing": _flags, "computer": _flags}, {}),
    "end": ({"reason": _one_of(ENDINGS), "text": _SENTENCE}, {}),
    "pong": ({"t": _number}, {}),
}


def _pake(v: Any) -> str | None:
    """A SPAKE2 message: 33 bytes in base64 (44 characters)."""
    ok = isinstance(v, str) and re.fullmatch(r"[A-Za-z0-9+/]{44}", v) is not None
    return None if ok else "a key exchange message"


# the openings, in clear: the joiner's first message, and the host's answer (a refusal
# in clear is the host's refused above: the version, a barred code, a wrong code)
OPENING_KINDS: dict[str, tuple[dict[str, Check], dict[str, Check]]] = {
    "pake": ({"version": _int(0, 10 ** 6), "msg": _pake}, {}),
}
HOST_OPENING_KINDS: dict[str, tuple[dict[str, Check], dict[str, Check]]] = {
    "pake": ({"msg": _pake}, {}),
    "refused": HOST_KINDS["refused"],
    "end": HOST_KINDS["end"],       # (a host of version 1 ends a message it cannot read)
}
MAX_OPENING = 256        # bytes of an opening


def _check(kinds: dict[str, tuple[dict[str, Check], dict[str, Check]]], data: Any) -> Message:
    if not isinstance(data, dict):
        raise ProtocolError("a message is a JSON object")
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in kinds:
        raise ProtocolError(f"unknown kind {str(kind)[:20]!r}")
    required, optional = kinds[kind]
    fields = {k: v for k, v in data.items() if k != "kind"}
    for name in required:
        if name not in fields:
            raise ProtocolError(f"{kind}: missing field {name!r}")
    for name, value in fields.items():
        check = required.get(name) or optional.get(name)
        if check is None:
            raise ProtocolError(f"{kind}: unknown field {str(name)[:20]!r}")
        why = check(value)
        if why is not None:
            raise ProtocolError(f"{kind}: {name} must be {why}")
    return Message(kind, fields)


def _decode(raw: str | bytes, limit: int) -> Any:
    if not isinstance(raw, (str, bytes)):
        raise ProtocolError("a message is text")
    if len(raw) > limit or (isinstance(raw, str) and len(raw.encode("utf-8", "replace")) > limit):
        raise ProtocolError(f"message over {limit} bytes")
    try:
        return json.loads(raw)
    except (ValueError, RecursionError) as e:   # UnicodeDecodeError is a ValueError
        raise ProtocolError(f"not JSON: {str(e)[:60]}") from None


def parse(raw: str | bytes) -> Message:
    """A client's message, checked (the host's door); ProtocolError if it breaks the schema."""
    return _check(CLIENT_KINDS, _decode(raw, MAX_MESSAGE))


def parse_from_host(raw: str | bytes) -> Message:
    """A host's message, checked (a client's door); ProtocolError if it breaks the schema."""
    return _check(HOST_KINDS, _decode(raw, MAX_UPDATE))


def parse_opening(raw: str | bytes, from_host: bool = False) -> Message:
    """The first message of a connection, in clear (the host's answer if `from_host`)."""
    return _check(HOST_OPENING_KINDS if from_host else OPENING_KINDS, _decode(raw, MAX_OPENING))


def opening(msg: bytes, version: int | None = None) -> str:
    """A side's opening: its SPAKE2 message (the joiner's with its protocol version)."""
    fields: dict[str, Any] = {"msg": base64.b64encode(msg).decode("ascii")}
    kinds = OPENING_KINDS if version is not None else HOST_OPENING_KINDS
    if version is not None:
        fields["version"] = version
    _check(kinds, {"kind": "pake", **fields})
    return json.dumps({"kind": "pake", **fields}, separators=(",", ":"))


def pake_bytes(message: Message) -> bytes:
    return base64.b64decode(message["msg"])


def encode(kind: str, **fields: Any) -> str:
    """A message as JSON text, checked against the schema of its side (ValueError: a bug)."""
    kinds = CLIENT_KINDS if kind in CLIENT_KINDS else HOST_KINDS
    _check(kinds, {"kind": kind, **fields})
    return json.dumps({"kind": kind, **fields}, separators=(",", ":"))


def refused(reason: str) -> str:
    return encode("refused", reason=reason, text=REFUSALS[reason])


def end(reason: str) -> str:
    return encode("end", reason=reason, text=ENDINGS[reason])
