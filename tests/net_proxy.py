"""A byte-level TCP proxy on the loopback address that keeps everything it passes on,
each way of each connection apart: what a listener on the way between the programs
would see (bounded: the tests' connections are few; closed with the test). `readable`
is that as the listener reads it: the HTTP upgrade, then each WebSocket frame's
payload unmasked (a joiner's frames are masked, which hides nothing)."""
from __future__ import annotations

import socket
import threading


class CapturingProxy:
    def __init__(self, target_port: int, host: str = "127.0.0.1"):
        self.target = (host, target_port)
        self.listener = socket.create_server((host, 0))
        self.port: int = self.listener.getsockname()[1]
        self.streams: list[bytearray] = []      # one a way of a connection
        self.lock = threading.Lock()
        self.sockets: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                near, _ = self.listener.accept()
            except OSError:
                return                    # closed
            far = socket.create_connection(self.target)
            self.sockets += [near, far]
            for a, b in ((near, far), (far, near)):
                stream = bytearray()
                self.streams.append(stream)
                threading.Thread(target=self._pipe, args=(a, b, stream), daemon=True).start()

    def _pipe(self, src: socket.socket, dst: socket.socket, stream: bytearray) -> None:
        try:
            while data := src.recv(65536):
                with self.lock:
                    stream += data
                dst.sendall(data)
        except OSError:
            pass
        finally:
            for s in (src, dst):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def close(self) -> None:
        self.listener.close()
        for s in self.sockets:
            s.close()

    def readable(self) -> bytes:
        with self.lock:
            return b"".join(unframed(bytes(s)) for s in self.streams)


def unframed(stream: bytes) -> bytes:
    """One way of a WebSocket connection as a listener reads it (RFC 6455 framing)."""
    head, sep, rest = stream.partition(b"\r\n\r\n")
    out, i = [head + sep], 0
    while i + 2 <= len(rest):
        masked, n = rest[i + 1] & 0x80, rest[i + 1] & 0x7F
        i += 2
        if n == 126:
            n, i = int.from_bytes(rest[i:i + 2], "big"), i + 2
        elif n == 127:
            n, i = int.from_bytes(rest[i:i + 8], "big"), i + 8
        mask = rest[i:i + 4] if masked else b""
        i += 4 if masked else 0
        payload = rest[i:i + n]
        i += n
        out.append(bytes(b ^ mask[k % 4] for k, b in enumerate(payload)) if masked else payload)
    return b"".join(out)
