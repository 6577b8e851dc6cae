"""One scene of the real program, full screen on the current display, run until killed:
the process bench/idle.py measures the CPU share of (python -m bench.idle_probe SCENE).

Scenes: title, menu, the four tables waiting for the player (gin, gnono, gostop: the
player's turn, the computers done; nertsp: a Nerts round paused, since a real-time round
never waits: the pause box is where it waits for the player's key), and nerts4 (a 4-seat
Nerts round: the player idle, three expert computers playing). Prints READY once set up.
Uses only the program's public set-up calls, so the same probe measures an older
version of the program too (the 'before' figures).
"""
from __future__ import annotations

import os
import sys

SETTLE_FRAMES = 900     # frames of game time (15 s, not waited) for the computers to play first


def build(app, scene: str) -> None:
    if scene == "title":
        from game.scenes.menu import MenuScene
        from game.scenes.title import TitleScene
        app.push(TitleScene(app, lambda: MenuScene(app)))
    elif scene == "menu":
        from game.scenes.menu import MenuScene
        app.push(MenuScene(app))
    elif scene == "gin":
        from game.gin.table import new_table
        app.push(new_table(app, {"oklahoma": False, "hollywood": False, "name": "Bench"}, seed=3))
    elif scene == "gnono":
        from game.gnono.options import GnonoOptions
        from game.gnono.table import new_table as gnono_table
        app.push(gnono_table(app, ["human", "normal", "normal"], ["You", "Ada", "Max"], GnonoOptions(),
                             speed="fast", seed=4))
    elif scene == "gostop":
        from game.gostop import table as T
        from game.gostop.rules import GoStopState
        from game.gostop.settings import rule_options
        app.push(T.GoStopTable(app, GoStopState.new(rule_options(app.options, 2), 5), ["normal"], "fast",
                               seed=5))
    elif scene in ("nerts4", "nertsp"):
        from game.nerts.rules import NertsOptions
        from game.nerts.table import new_table
        app.push(new_table(app, ["human", "expert", "expert", "expert"], NertsOptions(seats=4), seed=1))
    else:
        raise SystemExit(f"unknown scene {scene!r}")


def settle(app, scene: str) -> None:
    """The tables: the computers' turns played (in game time, not waited for); the
    Nerts round paused with its P key."""
    if scene in ("gin", "gnono", "gostop", "nertsp"):
        import pygame
        app.realtime = False
        app.run(max_frames=SETTLE_FRAMES if scene != "nertsp" else 2)
        if scene == "nertsp":
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, unicode="p", mod=0,
                                                 scancode=0))
            app.run(max_frames=2)
        app.realtime = True


def main() -> None:
    scene, save_dir = sys.argv[1], sys.argv[2]
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.app import App
    app = App(save_dir=save_dir, fullscreen=True)
    build(app, scene)
    app.run(max_frames=2)
    settle(app, scene)
    backend = getattr(getattr(app, "display", None), "backend", None)
    print("READY", getattr(backend, "kind", "cpu"), type(app.top).__name__, flush=True)
    app.run()


if __name__ == "__main__":
    main()
