"""The sealed channel between a joiner and the host, keyed by the table code, as
magic-wormhole does it: no home-made cryptography, the two libraries do all of it.

- The first messages (one each way, in clear) are a SPAKE2 exchange on the table code
  (the `spake2` library: the joiner is side A, the host side B). Each side gets the same
  key only if both typed the same code; a listener learns nothing of the code or the
  key, and a party in the middle gets one guess of the code per connection.
- Each direction has its own key, from HKDF-SHA256 over the SPAKE2 key with its own
  info string, and every later message is sealed with ChaCha20-Poly1305 (`cryptography`)
  under a counter nonce (0, 1, 2... per direction, never sent: both sides count).
- The key confirmation is the first sealed message each way (as magic-wormhole's
  version message): it opens only under the same key, so a wrong code is known there.
- A message that does not open (altered, replayed, reordered, from another connection)
  is a SealError: the connection is closed, nothing else.
No pygame here.
"""
from __future__ import annotations

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from spake2 import SPAKE2_A, SPAKE2_B  # type: ignore[import-untyped]

JOINER, HOST = "joiner", "host"
ID_JOINER, ID_HOST = b"gnerts/2 joiner", b"gnerts/2 host"
INFO = {JOINER: b"gnerts/2 joiner to host", HOST: b"gnerts/2 host to joiner"}   # (who sends)
PAKE_BYTES = 33          # one SPAKE2 message (a side byte and an Ed25519 point)


class SealError(ValueError):
    """A sealed message that does not open, or a key exchange that cannot finish."""


def password(code: str) -> bytes:
    """The code as both sides key it (codes are not case-sensitive)."""
    return code.strip().upper().encode("utf-8")


def _key(secret: bytes, info: bytes) -> ChaCha20Poly1305:
    return ChaCha20Poly1305(HKDF(hashes.SHA256(), length=32, salt=None, info=info).derive(secret))


class Channel:
    """Both directions of one connection's seal, once the exchange is done."""

    def __init__(self, secret: bytes, side: str):
        other = HOST if side == JOINER else JOINER
        self._out, self._in = _key(secret, INFO[side]), _key(secret, INFO[other])
        self.sent = self.opened = 0

    def seal(self, text: str) -> bytes:
        nonce = self.sent.to_bytes(12, "big")
        self.sent += 1
        return self._out.encrypt(nonce, text.encode("utf-8"), None)

    def open(self, data: str | bytes) -> str:
        """The text of the next sealed message; SealError if it is not that."""
        if not isinstance(data, bytes):
            raise SealError("a message in clear inside the sealed channel")
        try:
            plain = self._in.decrypt(self.opened.to_bytes(12, "big"), data, None)
            text = plain.decode("utf-8")
        except (InvalidTag, UnicodeDecodeError):
            raise SealError("a sealed message that does not open") from None
        self.opened += 1
        return text


class Exchange:
    """One side's SPAKE2 on the table code: `message` goes to the other side, whose
    message `finish` turns into the Channel (SealError for one that is no SPAKE2
    message of the other side)."""

    def __init__(self, code: str, side: str):
        self.side = side
        kind = SPAKE2_A if side == JOINER else SPAKE2_B
        self._pake = kind(password(code), idA=ID_JOINER, idB=ID_HOST)
        self.message: bytes = self._pake.start()

    def finish(self, theirs: bytes) -> Channel:
        if len(theirs) != PAKE_BYTES:
            raise SealError("not a key exchange message")
        try:
            secret = self._pake.finish(theirs)
        except Exception as e:        # the library's SPAKEError family and bad points
            raise SealError(f"not a key exchange message ({type(e).__name__})") from None
        return Channel(secret, self.side)
