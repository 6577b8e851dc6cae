"""The end of a network table at a joiner's program, the same for the four games'
remote tables: the link is closed, a box says why (the game over with its lines, the
host closing the table, or the connection lost with the way back: Alt+R on the Join
screen), then the menu. The seat token is forgotten when nothing is left to rejoin."""
from __future__ import annotations

from typing import Any

from game.net import last_table
from game.scene import Pop, Push, Scene
from game.scenes.overlays import MessageBox

REJOIN_LINE = "Alt+R on the Join screen rejoins your seat while the host keeps it."


def end_table(scene: Scene, link: Any, over_lines: list[str]) -> Pop:
    """Leave `scene` for the box that tells how the table ended; `over_lines` are the
    game over's own lines (who won, the scores), drawn from the last view. `link`: the
    seat's game.net.remote_seat.RemoteSeat (not imported: it reads the games' list, and
    a game's one table, local or joined, comes here)."""
    app = scene.app
    reason, text = link.ending or ("lost", "")
    link.leave()
    if reason in ("over", "host_left"):
        last_table.forget(app.storage)
    if reason == "over":
        lines = over_lines or [text or "The game is over."]
    elif reason == "host_left":
        lines = [text]
    else:
        lines = [text or link.client.reason or "The connection to the table was lost.", REJOIN_LINE]
        app.error()
    box = MessageBox(app, link.end_title(), [line for line in lines if line])
    return Pop(scene, then=lambda: Push(box))
