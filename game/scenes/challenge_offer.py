"""The end-of-game screen's Challenge: the code of the game just played, shown in a
box and written to challenge.txt in the saves folder (see game/challenges.py). The
tables offer it; the menu's side (typing a code in) is game/scenes/challenge.py."""
from __future__ import annotations

from typing import Any

from game import challenges
from game.challenges import Challenge
from game.scene import Push
from game.scenes.overlays import TextBox


def offer(app: Any, ch: Challenge, codec: Any) -> Push:
    """The code of `ch` (`codec`: its game's replay codec), shown and written to a file."""
    code = challenges.encode(ch, codec)
    saved = challenges.save_code(app.storage, code, ch)
    where = (f"Written to {challenges.FILE} in {app.storage.dir}" if saved
             else "It could not be written to a file: copy it from here.")
    return Push(TextBox(app, "Challenge", [
        f"{ch.name or 'You'} scored {ch.score}. Send this code to a friend: can they beat it "
        "on the very same deal, against the same computers?", "", code, "",
        where, "In G'NERTS: main menu, C Play a challenge, and type the code."]))
