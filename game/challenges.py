"""Deal challenges: a short code that says "beat my score on this very game" — the
game, its deal number, its options (those that differ from the defaults), the seats
(which is the challenger's, and each computer's level) and the challenger's score and
name. Typed in on another machine, it deals exactly that game against the same
computers. No pygame here.

A code is letters and digits in groups of four, "GIN-0A3F-...", in Crockford's base 32
(no I, L, O or U: a code read aloud or copied by hand survives), with a checksum, so a
mistyped code is refused, never dealt as another game: the checksum covers the bytes,
and the last letter's spare bits must be zero, so every single-letter typo is refused.
Codes made before that rule keep working (their spare bits were always zero).

Each game's replay codec (named by its GameSpec) says what a code needs of it: its
CHALLENGE_PREFIX and CHALLENGE_ID, its computers' LEVELS and its options as JSON.
A table encodes and decodes with its own codec; the menu finds the game by the code's
prefix (its GameSpec declares it) and decodes with that game's codec alone.
"""
from __future__ import annotations

import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.storage import LIMITS

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
FORMAT = 1
NAME_MAX = 12
MISTYPED = "the code is mistyped (its checksum does not match)"
FILE = "challenge.txt"     # in the saves folder: the last code made, to send to a friend
KIND = "challenge"         # its kind, for its size limit (game/storage.py)


class ChallengeError(ValueError):
    """A code that cannot be played; the message says why, for the player."""


@dataclass(frozen=True)
class Challenge:
    game: str
    deal_no: int
    options: dict            # the game's whole options, as JSON
    seats: tuple             # per seat: None for the challenger, else a computer's level
    score: int               # the challenger's score at the end of the game
    name: str                # the challenger's name

    @property
    def human(self) -> int:
        return self.seats.index(None)


# bytes --------------------------------------------------------------------------------

def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


class _Reader:
    def __init__(self, data: bytes):
        self.data, self.at = data, 0

    def byte(self) -> int:
        if self.at >= len(self.data):
            raise ChallengeError("the code is too short")
        self.at += 1
        return self.data[self.at - 1]

    def varint(self) -> int:
        n = shift = 0
        while True:
            b = self.byte()
            n |= (b & 0x7F) << shift
            shift += 7
            if not b & 0x80:
                return n
            if shift > 140:
                raise ChallengeError("the code is damaged")

    def take(self, k: int) -> bytes:
        if self.at + k > len(self.data):
            raise ChallengeError("the code is too short")
        self.at += k
        return self.data[self.at - k:self.at]


def _zigzag(n: int) -> int:
    return n * 2 if n >= 0 else -n * 2 - 1


def _unzigzag(n: int) -> int:
    return n // 2 if n % 2 == 0 else -(n + 1) // 2


def _b32(data: bytes) -> str:
    bits = int.from_bytes(data, "big")
    n = (len(data) * 8 + 4) // 5
    return "".join(ALPHABET[(bits << (n * 5 - len(data) * 8)) >> (5 * i) & 31] for i in reversed(range(n)))


def _unb32(text: str, nbytes_max: int = 4096) -> bytes:
    """The bytes of a code's letters. The last letter's bits past the last byte (0 to
    4 of them) are zero in every code made: any other value is a typo, refused (the
    checksum covers the bytes, this the rest: no bit of a code goes unchecked)."""
    bits = 0
    for ch in text:
        bits = bits << 5 | ALPHABET.index(ch)
    nbytes = len(text) * 5 // 8
    if nbytes > nbytes_max:
        raise ChallengeError("the code is too long")
    spare = len(text) * 5 - nbytes * 8
    if spare >= 5 or bits & ((1 << spare) - 1):
        raise ChallengeError(MISTYPED)
    return (bits >> spare).to_bytes(nbytes, "big")


# options: only those that differ from the defaults, by their place in the sorted names
_FALSE, _TRUE, _INT, _STR = range(4)


def _options_bytes(options: dict, defaults: dict) -> bytes:
    names = sorted(defaults)
    if set(options) != set(names):
        raise ValueError("the options are not the game's")
    diff = [(i, options[k]) for i, k in enumerate(names) if options[k] != defaults[k]]
    out = _varint(len(diff))
    for i, v in diff:
        out += _varint(i)
        if isinstance(v, bool):
            out += bytes([_TRUE if v else _FALSE])
        elif isinstance(v, int):
            out += bytes([_INT]) + _varint(_zigzag(v))
        elif isinstance(v, str):
            raw = v.encode("utf-8")
            out += bytes([_STR]) + _varint(len(raw)) + raw
        else:
            raise ValueError(f"option {names[i]} cannot go in a code: {v!r}")
    return out


def _read_options(r: _Reader, defaults: dict) -> dict:
    names = sorted(defaults)
    options = dict(defaults)
    for _ in range(r.varint()):
        i, tag = r.varint(), r.byte()
        if i >= len(names):
            raise ChallengeError("the code names an unknown option")
        if tag in (_FALSE, _TRUE):
            options[names[i]] = tag == _TRUE
        elif tag == _INT:
            options[names[i]] = _unzigzag(r.varint())
        elif tag == _STR:
            try:
                options[names[i]] = r.take(r.varint()).decode("utf-8")
            except ValueError:
                raise ChallengeError("the code is damaged (its options)") from None
        else:
            raise ChallengeError("the code is damaged (its options)")
    return options


# codes --------------------------------------------------------------------------------

def encode(ch: Challenge, c: Any) -> str:
    """The challenge as a code to type or send (`c`: its game's replay codec)."""
    if ch.game != c.GAME:
        raise ValueError(f"a challenge of {ch.game} encoded with the codec of {c.GAME}")
    levels = tuple(c.LEVELS)
    if ch.seats.count(None) != 1:
        raise ValueError("a challenge has exactly one challenger's seat")
    opts = _options_bytes(ch.options, c.options_to_json(c.default_options()))
    name = ch.name[:NAME_MAX].encode("utf-8")
    body = bytes([FORMAT, c.CHALLENGE_ID, len(ch.seats)])
    body += bytes(0 if s is None else 1 + levels.index(s) for s in ch.seats)
    body += _varint(ch.deal_no) + _varint(_zigzag(ch.score))
    body += opts + _varint(len(name)) + name
    body += (zlib.crc32(body) & 0xFFFF).to_bytes(2, "big")
    text = _b32(body)
    return c.CHALLENGE_PREFIX + "-" + "-".join(text[i:i + 4] for i in range(0, len(text), 4))


def decode(code: str, codecs: Sequence[Any]) -> Challenge:
    """The challenge of a code of one of the games whose codecs are given;
    ChallengeError (with the reason) if it is not a good one. Case, spaces and dashes
    do not matter; O reads as 0, I and L as 1."""
    text = "".join(code.split()).upper().replace("-", "")
    c = next((c for c in codecs if text.startswith(c.CHALLENGE_PREFIX)), None)
    if c is None:
        raise wrong_prefix([c.CHALLENGE_PREFIX for c in codecs])
    game = c.GAME
    text = text[len(c.CHALLENGE_PREFIX):].translate(str.maketrans("OIL", "011"))
    if not text or any(ch not in ALPHABET for ch in text):
        raise ChallengeError("a challenge code has only letters and digits")
    data = _unb32(text)
    if len(data) < 6 or (zlib.crc32(data[:-2]) & 0xFFFF).to_bytes(2, "big") != data[-2:]:
        raise ChallengeError(MISTYPED)
    r = _Reader(data[:-2])
    if r.byte() != FORMAT:
        raise ChallengeError("a code from another version of G'NERTS")
    gi = r.byte()
    if gi != c.CHALLENGE_ID:
        raise ChallengeError("the code is damaged (its game)")
    levels = tuple(c.LEVELS)
    n = r.byte()
    seats = []
    for _ in range(n):
        k = r.byte()
        if k > len(levels):
            raise ChallengeError("the code names an unknown computer level")
        seats.append(None if k == 0 else levels[k - 1])
    if seats.count(None) != 1:
        raise ChallengeError("the code is damaged (its seats)")
    deal_no = r.varint()
    score = _unzigzag(r.varint())
    options = _read_options(r, c.options_to_json(c.default_options()))
    try:
        name = r.take(r.varint()).decode("utf-8")
    except ValueError:
        raise ChallengeError("the code is damaged (its name)") from None
    if r.at != len(r.data) or len(name) > NAME_MAX:
        raise ChallengeError("the code is damaged")
    try:
        c.options_from_json(options)
    except ValueError as exc:
        raise ChallengeError(f"the code's options are refused: {exc}") from None
    return Challenge(game, deal_no, options, tuple(seats), score, name)


def wrong_prefix(prefixes: Sequence[str]) -> ChallengeError:
    """The refusal of a code that starts as no game's codes do."""
    *most, last = prefixes
    return ChallengeError(f"a challenge code starts with {', '.join(most) + ' or ' if most else ''}{last}")


def outcome(ch: Challenge, my_score: int, my_name: str = "You") -> str:
    """The comparison at the end of a challenge game (higher scores are better)."""
    if my_score > ch.score:
        return f"{my_name} beat {ch.name or 'the challenger'}'s {ch.score} with {my_score}!"
    if my_score == ch.score:
        return f"{my_name} tied {ch.name or 'the challenger'}'s {ch.score}."
    return f"{ch.name or 'The challenger'}'s {ch.score} stands: {my_name} scored {my_score}."


def save_code(storage, code: str, ch: Challenge) -> bool:
    """Write the code to challenge.txt in the saves folder, to send to a friend."""
    text = (f"G'NERTS deal challenge\n{code}\n\n{ch.name or 'A player'} scored {ch.score} at "
            f"{ch.game} on deal {ch.deal_no}. In G'NERTS: main menu, C Play a challenge.\n")
    return storage.write_text(FILE, text)


def read_code_file(storage, prefixes: Sequence[str]) -> str | None:
    """The code of challenge.txt in the saves folder (a friend's, dropped there), if any
    (a code starting with one of the games' `prefixes`). Read through the storage: a
    FIFO or a device is never opened, a file too large or not UTF-8 is set aside and
    told once."""
    text = storage.read_file(FILE, lambda raw: raw.decode("utf-8"), "no code was read from it",
                             LIMITS[KIND])
    lines = (text or "").splitlines()
    return next((ln.strip() for ln in lines if ln.strip().upper().startswith(tuple(prefixes))), None)
