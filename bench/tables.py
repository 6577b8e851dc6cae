"""Frame time and key-to-frame latency of each game's table at its busiest."""
from __future__ import annotations

import pygame

from bench import shell
from game.clock import BLINK_STEPS


def _ready(app, predicate, limit=20000):
    """Run frames until predicate() holds (e.g. it is the human's turn)."""
    for _ in range(limit):
        if predicate():
            return True
        app.run(max_frames=1)
    return False


def latency_when(app, predicate, key, unicode=""):
    """Frames from a key press to the frame that shows it, pressed when predicate()
    holds and just after a blink change, so that no blink can pass for the move."""
    if not _ready(app, predicate):
        return -1
    while app.clock.steps % BLINK_STEPS > 2:
        app.run(max_frames=1)
        if not predicate():
            return latency_when(app, predicate, key, unicode)
    app.run(max_frames=1)
    before = pygame.image.tobytes(app.canvas, "RGB")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=unicode, mod=0, scancode=0))
    for n in range(1, 10):
        app.run(max_frames=1)
        if pygame.image.tobytes(app.canvas, "RGB") != before:
            return n
    return -1


def gin(app, frames):
    from game.gin.table import new_table
    table = new_table(app, {"oklahoma": False, "hollywood": True, "name": "Bench"}, seed=3)
    app.push(table)
    c = table.ctl
    c.show_cpu = True  # both hands face up: the most drawn
    stats = shell.run_frames(app, frames)
    n = latency_when(app, lambda: c.my_turn and c.mode == "play" and c.focus == "pickup",
                     pygame.K_KP_PLUS, "+")
    return "Gin (both hands shown, Hollywood)", stats, ("Gin: + takes a card", n)


def gostop(app, frames):
    from game.gostop import table as T
    from game.gostop.ai import GoStopAI
    from game.gostop.rules import GoStopState
    from game.gostop.settings import rule_options
    from game.scenes.overlays import Question
    state = GoStopState.new(rule_options(app.options, 3), 5)
    table = T.GoStopTable(app, state, ["hard", "hard"], "fast", seed=5)
    table.show_hands = True
    app.push(table)
    me = GoStopAI("normal", 1)

    def autopilot():
        """The human seat played off the clock, so the hard computers keep thinking
        and moving during the timed frames; score screens and questions answered."""
        top = app.top
        if isinstance(top, T.GoStopScoring):
            app.apply(top.next_hand())
        elif isinstance(top, T.GoStopBox):
            app.apply(top.answered(False))
        elif isinstance(top, Question):
            app.apply(top.answer(True))
        elif top is table and table.keymap.human_phase() is not None:
            table.apply(me.choose(table.ctl.source.state.view(0)))
    stats = shell.run_frames(app, frames, before_frame=autopilot)
    n = latency_when(app, lambda: table.ctl.source.state.turn == 0 and table.ctl.source.state.phase == "play"
                     and not table.ctl.stages and not table.ctl.asking and app.top is table,
                     pygame.K_RETURN)
    return "Go-Stop (3 players, 2 hard computers, hands shown)", stats, ("Go-Stop: Enter plays a card", n)


def nerts(app, frames):
    from bench.nerts_table import busy_table, key_to_frame
    table = busy_table(app, seed=1)
    stats = shell.run_frames(app, frames)
    n = max(key_to_frame(app, table, pygame.K_e, tries=5))
    return "Nerts (4 seats, 3 expert computers)", stats, ("Nerts: E flips the Stack", n)


def gnono(app, frames):
    from game.gnono.rules import GnonoOptions
    from game.gnono.table import new_table
    kinds = ["human"] + ["hard"] * 9
    table = new_table(app, kinds, [f"P{i}" for i in range(10)], GnonoOptions(), speed="fast", seed=4)
    table.show_hands = True
    app.push(table)
    stats = shell.run_frames(app, frames)
    n = latency_when(app, lambda: table.my_turn() and app.top is table and table.ctl.state.phase == "play",
                     pygame.K_KP_PLUS, "+")
    return "Gnono (10 seats, 9 computers, hands shown)", stats, ("Gnono: + draws a card", n)


TABLES = [nerts, gin, gnono, gostop]
