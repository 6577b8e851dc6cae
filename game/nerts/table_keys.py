"""The Nerts table's keys: each human's cluster (a source key, then a destination key),
the arrows and Enter for a single human, and the table's own keys (pause, leave, save).

`bindings(table)` lists what the keys do now; `key_map(seats)` finds a player's key by
its code first (fast, and never shadowed by a label). The moves themselves are made
by the controller (`table.ctl.press`).
"""
from __future__ import annotations

import pygame

from game.keys import Binding
from game.nerts import settings as S

# the arrow keys' cursor walks the near seat's places, left to right
CURSOR_PLACES = ("pile", "col1", "col2", "col3", "col4", "flip", "waste")


def key_map(seats) -> dict[int, tuple[int, str]]:
    """key code -> (seat, action) for every human's cluster."""
    out = {}
    for s in seats:
        if s.keys:
            for action, name in s.keys.items():
                out[S.KEY_CHOICES[name]] = (s.index, action)
    return out


def player_keys(table) -> list[Binding]:
    b = []
    for s in table.ctl.seats:
        if not s.keys:
            continue
        for action in S.ACTIONS:
            # a Pile partner's flip key is not offered (pressed, it says why it is refused)
            shown = action != "flip" or table.ctl.game.options.may_flip(s.index)
            key = S.KEY_CHOICES[s.keys[action]]
            b.append(Binding((key,), f"{s.name}: {S.ACTION_LABELS[action]}",
                             lambda i=s.index, a=action: table.ctl.press(i, a), show=shown))
    seat = table.arrow_seat
    if seat is not None:
        press = table.ctl.press
        b += [Binding((pygame.K_LEFT,), "Cursor left", lambda: table.move_cursor(-1)),
              Binding((pygame.K_RIGHT,), "Cursor right", lambda: table.move_cursor(1)),
              Binding((pygame.K_RETURN, pygame.K_KP_ENTER), "Take / put the card at the cursor",
                      table.enter),
              Binding((pygame.K_UP,), "The chosen card to the Scoring Area", lambda: press(seat, "found")),
              Binding((pygame.K_DOWN, pygame.K_BACKSPACE), "Cancel the chosen card",
                      lambda: press(seat, "cancel")),
              Binding((pygame.K_SPACE,), "Flip the Stack", lambda: press(seat, "flip"),
                      show=table.ctl.game.options.may_flip(seat))]
    return b


def bindings(table) -> list[Binding]:
    phase = table.ctl.phase
    b: list[Binding] = []
    if phase == "play":
        b += player_keys(table)
    elif phase == "banner":
        b.append(Binding((pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE), "The scores",
                         table.show_scores))
    b += [Binding(("p",), "Pause (the table is hidden)", table.pause),
          Binding((pygame.K_F3,), "The plays so far (the table is hidden)", table.show_plays),
          Binding((pygame.K_ESCAPE,), "Leave the game (it is saved)", table.ask_leave),
          Binding((pygame.K_F8,), "Save and leave", table.save_and_leave)]
    return b


def is_plain(event) -> bool:
    """A key without Ctrl or Alt (those belong to the App: Alt+F4, Ctrl+...)."""
    return not (event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT))
