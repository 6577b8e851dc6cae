"""What a scene writes on the text grid, row by row, as a player reads it: every
ui.text call of one draw laid on an 80-column grid (a later write covers an earlier)."""
from __future__ import annotations

from typing import Any

from game import ui


def rows_drawn(monkeypatch: Any, scene: Any, canvas: Any) -> dict[int, str]:
    grid: dict[int, list[str]] = {}
    real = ui.text

    def watch(c, col, row, s, *a, **k):
        line = grid.setdefault(row, [" "] * 100)
        for i, ch in enumerate(str(s)):
            if 0 <= col + i < 100:
                line[col + i] = ch
        return real(c, col, row, s, *a, **k)
    monkeypatch.setattr(ui, "text", watch)
    try:
        scene.draw(canvas)
    finally:
        monkeypatch.setattr(ui, "text", real)
    return {row: "".join(chars).rstrip() for row, chars in grid.items()}
