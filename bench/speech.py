"""What speech costs the frame loop: the same busy Gnono table (6 seats, 5 computers
narrating every move) run with Speech off and on. The voice renders in its own
thread, so the frame's CPU time should hardly move; the row judges the difference of
the medians and of the p99s (at most 1 ms)."""
from __future__ import annotations

from bench import shell
from game.speech import VoiceSpeaker


def speech_frames(save_dir: str, frames: int) -> tuple[dict, dict, str]:
    """(frame stats with Speech off, with Speech on, which voice was used)."""
    from game.gnono.options import GnonoOptions
    from game.gnono.table import new_table
    out, voice = [], "none"
    for on in (False, True):
        app = shell.make_app(save_dir)
        app.options["speech.on"] = on
        app.audio.open()
        if on:
            app.speaker = VoiceSpeaker(app.audio)
        table = new_table(app, ["human"] + ["hard"] * 5, [f"P{i}" for i in range(6)], GnonoOptions(),
                          speed="fast", seed=4)
        table.show_hands = True
        app.push(table)
        out.append(shell.run_frames(app, frames))
        if on:
            voice = "pyttsx3 voice" if app.speaker.available else f"no voice ({app.speaker.reason})"
        app.close()
    return out[0], out[1], voice
