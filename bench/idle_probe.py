"""One scene of the real program, full screen on the current display, run until killed:
the process bench/idle.py measures the CPU share of (python -m bench.idle_probe SCENE).

Scenes: title, menu, gin (a Gin hand waiting for the player), nerts4 (a 4-seat Nerts
round: the player idle, three expert computers playing). Prints READY once set up.
Uses only the program's public set-up calls, so the same probe measures an older
version of the program too (the 'before' figures).
"""
from __future__ import annotations

import os
import sys


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
    elif scene == "nerts4":
        from game.nerts.rules import NertsOptions
        from game.nerts.table import new_table
        app.push(new_table(app, ["human", "expert", "expert", "expert"], NertsOptions(seats=4), seed=1))
    else:
        raise SystemExit(f"unknown scene {scene!r}")


def main() -> None:
    scene, save_dir = sys.argv[1], sys.argv[2]
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.app import App
    app = App(save_dir=save_dir, fullscreen=True)
    build(app, scene)
    app.run(max_frames=2)
    print("READY", getattr(getattr(app, "display", None), "kind", "cpu"), flush=True)
    app.run()


if __name__ == "__main__":
    main()
