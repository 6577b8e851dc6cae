"""A yes/no read from an environment variable that a block of code can force either way
(tests and tools): `errors.raising` and `ui.overflow_check` are two such switches.
No pygame here."""
from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator


class EnvSwitch:
    """On when the environment variable `env` is set and not empty, unless forced."""

    def __init__(self, env: str) -> None:
        self.env = env
        self._forced: bool | None = None

    def on(self) -> bool:
        if self._forced is not None:
            return self._forced
        return bool(os.environ.get(self.env))

    @contextlib.contextmanager
    def forced(self, on: bool) -> Iterator[None]:
        """On (or off) inside the block, whatever the environment says."""
        before = self._forced
        self._forced = on
        try:
            yield
        finally:
            self._forced = before
