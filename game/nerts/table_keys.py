"""The Nerts table's keys: each human's cluster (a source key, then a destination key),
the arrows and Enter for a single human, and the table's own keys (pause, leave, save:
as the table has them, `pauses`, `saves`, `leave_label`; a joiner's has only Esc).

`bindings(table)` lists what the keys do now; `key_map(seats)` finds a player's key by
its code first (fast, and never shadowed by a label). The moves themselves are made
by the controller (`table.ctl.press`). (The scene both Nerts tables are made of, the
game's and the drill's, is game/scenes/realtime_table.py's RealTimeTable.)
"""
from __future__ import annotations

import pygame

from game.keys import Binding
from game.nerts import settings as S

# the arrow keys' cursor walks the near seat's places, left to right
CURSOR_PLACES = ("pile", "col1", "col2", "col3", "col4", "flip", "waste")
COLUMNS = ("col1", "col2", "col3", "col4")


def key_map(seats) -> dict[int, tuple[int, str]]:
    """key code -> (seat, action) for every human's cluster."""
    out = {}
    for s in seats:
        if s.keys:
            for action, name in s.keys.items():
                out[S.KEY_CHOICES[name]] = (s.index, action)
    return out


def key_lines(keys: dict[str, str], role: str, labels: dict[str, str]) -> list[tuple[str, str]]:
    """A human seat's keys to show, as (key, label) in the order of `labels` (action ->
    label; "columns" the four column keys together), for the actions its role has
    (a partner shows only the keys of its share: S.ROLE_ACTIONS)."""
    has = S.ROLE_ACTIONS[role]
    out = []
    for action, label in labels.items():
        acts = COLUMNS if action == "columns" else (action,)
        if all(a in has for a in acts):
            out.append((" ".join(keys[a] for a in acts), label))
    return out


def player_keys(table) -> list[Binding]:
    b = []
    for s in table.ctl.seats:
        if not s.keys:
            continue
        # a partner's keys of the other share are not offered (pressed, they say why)
        has = S.ROLE_ACTIONS[table.ctl.game.options.role_of(s.index)]
        for action in S.ACTIONS:
            key = S.KEY_CHOICES[s.keys[action]]
            b.append(Binding((key,), f"{s.name}: {S.ACTION_LABELS[action]}",
                             lambda i=s.index, a=action: table.ctl.press(i, a), show=action in has))
    if table.arrow_seat is not None:
        b += arrow_keys(table, table.arrow_seat)
    return b


def arrow_keys(table, seat: int) -> list[Binding]:
    """A single human's arrows: the cursor over the seat's places, Enter takes or puts
    the card there, Up to the Scoring Area, Down cancels, Space flips (a Pile partner
    does not: pressed, it says why)."""
    press = table.ctl.press
    flips = table.ctl.game.options.may_flip(seat)
    return [Binding((pygame.K_LEFT,), "Cursor left", lambda: table.move_cursor(-1), bar="Cursor",
                    bar_keys="\x1b\x1a"),
            Binding((pygame.K_RIGHT,), "Cursor right", lambda: table.move_cursor(1)),
            Binding((pygame.K_RETURN, pygame.K_KP_ENTER), "Take / put the card at the cursor",
                    table.enter, bar="Move", bar_keys="Enter"),
            Binding((pygame.K_UP,), "The chosen card to the Scoring Area", lambda: press(seat, "found"),
                    bar="Score"),
            Binding((pygame.K_DOWN, pygame.K_BACKSPACE), "Cancel the chosen card",
                    lambda: press(seat, "cancel")),
            Binding((pygame.K_SPACE,), "Flip the Stack", lambda: press(seat, "flip"), show=flips,
                    bar="Flip" if flips else "", bar_keys="Spc")]


def bindings(table) -> list[Binding]:
    """The keys of the moment, in the key bar's order: F1 first (F2 and F3 too when no
    arrows need the room), a human's moves, pause, save and leave."""
    phase = table.ctl.phase
    arrows = phase == "play" and table.arrow_seat is not None
    b: list[Binding] = []
    if phase == "banner":
        b.append(Binding((pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE), "The scores",
                         table.show_scores, bar="Scores", bar_keys="Enter"))
    else:
        b += table.app_keys("" if arrows else "Rules")
    if phase == "play":
        b += player_keys(table)
    b.append(Binding((pygame.K_F3,), "The plays so far (the table is hidden)", table.show_plays,
                     bar="" if arrows or phase == "banner" else "Plays"))
    if table.pauses:        # (not a network game's: it goes on)
        b.append(Binding(("p",), "Pause (the table is hidden)", table.pause, bar="Pause"))
    if table.saves:         # (not a joiner's: the host keeps the game)
        b.append(Binding((pygame.K_F8,), "Save and leave", table.save_and_leave,
                         bar="Save" if arrows else "Save & leave"))
    b.append(Binding((pygame.K_ESCAPE,), table.leave_label, table.ask_leave,
                     bar="" if phase == "banner" else "Leave"))
    return b
