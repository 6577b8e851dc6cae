"""The busiest Nerts table for bench/tables.py, and its key-to-frame count.

busy_table(app, seed) builds it: four seats, a human and three expert computers (they
play about a card every half second each; slides run most frames).
"""
from __future__ import annotations

import pygame

from game.nerts.rules import NertsOptions
from game.nerts.table import new_table


def busy_table(app, seed: int = 1):
    t = new_table(app, ["human", "expert", "expert", "expert"], NertsOptions(seats=4), seed=seed)
    app.push(t)
    return t


def key_to_frame(app, table, key=None, tries: int = 5) -> list[int]:
    """Frames from posting a flip key until a frame has drawn its move (1 = the first
    frame after the press). The table's own count (`latencies`, frames between the
    frame that read the key and the frame that drew the move) is checked as well."""
    key = key or pygame.K_e
    out = []
    for _ in range(tries):
        app.run(max_frames=7)
        before = len(table.ctl.log)
        drawn = len(table.ctl.latencies)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode="", mod=0, scancode=0))
        for n in range(1, 11):
            app.run(max_frames=1)
            if any(seat == 0 for seat, _ in table.ctl.log[before:]) and len(table.ctl.latencies) > drawn:
                out.append(n + table.ctl.latencies[-1])
                break
        else:
            out.append(-1)
    return out
