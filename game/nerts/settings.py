"""Nerts options: seats, target, the rule options of the sheet, and the keys.

Keys are stored as names from KEY_CHOICES ("Q", ";", "KP 4", ...), one option per
key of each player's cluster. Two humans share one keyboard:

  Player 1 (left hand)      Pile Q  Waste W  Flip E  Scoring G
                            Columns A S D F          Agree Z  Cancel X
  Player 2 (right hand)     Pile U  Waste I  Flip O  Scoring H
                            Columns J K L ;          Agree M  Cancel ,

Why these: the two clusters sit on opposite halves of the letter block, so two
people can sit side by side without their hands crossing. Each player presses one
key at a time, so usually two keys are down at once (one per player), and any two
keys register on every keyboard; ghosting needs three keys down at the corners of a
rectangle of the key matrix, which a short overlap of one player's presses rarely
makes. The clusters avoid the keys the table itself uses (P pause, Esc, F-keys,
arrows, Enter, Space, Backspace), and letters exist on laptops without a numeric
keypad (the keypad can be chosen in the options by a player who prefers it).
"""
from __future__ import annotations

import pygame

from game import palette as P
from game import ui
from game.nerts.players import (  # noqa: F401  (the table and set-up read them here too)
    ACTION_LABELS,
    ACTIONS,
    DEFAULT_SEATS,
    LEVEL_CHOICES,
    LEVEL_LABELS,
    MAX_HUMANS,
    ROLE_ACTIONS,
)
from game.option_pages import OptionPage, choice, flag

DEFAULT_KEYS = (
    {"pile": "Q", "waste": "W", "flip": "E", "found": "G",
     "col1": "A", "col2": "S", "col3": "D", "col4": "F", "vote": "Z", "cancel": "X"},
    {"pile": "U", "waste": "I", "flip": "O", "found": "H",
     "col1": "J", "col2": "K", "col3": "L", "col4": ";", "vote": "M", "cancel": ","},
)


def _key_choices() -> dict[str, int]:
    keys: dict[str, int] = {}
    for ch in "abcdefghijklmnoqrstuvwxyz0123456789":      # no P: it pauses
        keys[ch.upper()] = getattr(pygame, f"K_{ch}")
    for name, code in ((";", pygame.K_SEMICOLON), (",", pygame.K_COMMA),
                       (".", pygame.K_PERIOD), ("/", pygame.K_SLASH),
                       ("'", pygame.K_QUOTE), ("[", pygame.K_LEFTBRACKET),
                       ("]", pygame.K_RIGHTBRACKET), ("-", pygame.K_MINUS),
                       ("=", pygame.K_EQUALS), ("\\", pygame.K_BACKSLASH),
                       ("`", pygame.K_BACKQUOTE)):
        keys[name] = code
    for d in range(10):
        keys[f"KP {d}"] = getattr(pygame, f"K_KP{d}")
    for name, code in (("KP .", pygame.K_KP_PERIOD), ("KP /", pygame.K_KP_DIVIDE),
                       ("KP *", pygame.K_KP_MULTIPLY), ("KP -", pygame.K_KP_MINUS),
                       ("KP +", pygame.K_KP_PLUS), ("KP Enter", pygame.K_KP_ENTER)):
        keys[name] = code
    return keys


KEY_CHOICES: dict[str, int] = _key_choices()   # name -> pygame key constant
KEY_NAMES = tuple(KEY_CHOICES)

def key_option(player: int, action: str) -> str:
    return f"nerts.keys{player + 1}.{action}"


def cluster(options, player: int) -> dict[str, str]:
    """{action: key name} of player 0 (left) or 1 (right), as the options say."""
    return {a: options.get(key_option(player, a), DEFAULT_KEYS[player][a]) for a in ACTIONS}


def key_conflicts(options) -> list[str]:
    """Readable descriptions of keys used twice across both clusters (empty: fine)."""
    seen: dict[str, str] = {}
    out = []
    for p in range(2):
        for a, name in cluster(options, p).items():
            who = f"Player {p + 1} {ACTION_LABELS[a]}"
            if name in seen:
                out.append(f"{name} is both {seen[name]} and {who}")
            else:
                seen[name] = who
    return out


def clusters_checked(options) -> tuple[list[dict[str, str]], list[str]]:
    """Both clusters, usable: a cluster with a key used twice (within it or with the
    other player's) falls back to its defaults. Returns (clusters, problems)."""
    problems = key_conflicts(options)
    if not problems:
        return [cluster(options, 0), cluster(options, 1)], []
    out = []
    for p in range(2):
        c = cluster(options, p)
        out.append(c if len(set(c.values())) == len(c) else dict(DEFAULT_KEYS[p]))
    if set(out[0].values()) & set(out[1].values()):
        out = [dict(DEFAULT_KEYS[0]), dict(DEFAULT_KEYS[1])]
    return out, problems


def seat_levels(options) -> list[str]:
    """The seats the options ask for: "human" or an AI level, one per seat."""
    n = options.get("nerts.seats", 2)
    return [options.get(f"nerts.seat{i + 1}", DEFAULT_SEATS[i]) for i in range(n)]


def _preview_keys(canvas, opts, row: int) -> None:
    """The two players' keys, or their clashes, from `row` (the page's first free row) down."""
    problems = key_conflicts(opts)
    if problems:
        ui.center(canvas, row, "These keys are used twice:", P.YELLOW, P.BLUE)
        for i, p in enumerate(problems[:4]):
            ui.center(canvas, row + 1 + i, p, P.LIGHT_RED, P.BLUE)
        ui.center(canvas, row + 2 + len(problems[:4]),
                  "A player with a double key plays with the default keys.", P.LIGHT_CYAN, P.BLUE)
    else:
        ui.center(canvas, row, "No key is used twice.", P.LIGHT_GREEN, P.BLUE)
        for p in range(2):
            c = cluster(opts, p)
            line = (f"P{p + 1}: Pile {c['pile']}  Waste {c['waste']}  Flip {c['flip']}  "
                    f"Columns {c['col1']} {c['col2']} {c['col3']} {c['col4']}  "
                    f"Score {c['found']}  Agree {c['vote']}  Cancel {c['cancel']}")
            ui.center(canvas, row + 2 + p, line, P.WHITE, P.BLUE)


def _key_page(player: int) -> OptionPage:
    hand = "left" if player == 0 else "right"
    opts = [choice(key_option(player, a), ACTION_LABELS[a], DEFAULT_KEYS[player][a], KEY_NAMES,
                   hint="P, Esc, Enter, Space, arrows and F-keys belong to the table.")
            for a in ACTIONS]
    return OptionPage(f"Nerts keys P{player + 1}", opts, preview=_preview_keys, help=[
        f"The keys of the {'first' if player == 0 else 'second'} human at the Nerts table "
        f"({hand} hand). A move is a source key then a destination key; a source pressed "
        "twice sends its card to the Scoring Area.",
        "No key may serve twice: the page shows any clash, and a player whose keys clash "
        "plays with the default keys."])


SEAT_OPTS = [choice("nerts.seats", "Seats at the table", 2, (2, 3, 4))]
SEAT_OPTS += [choice(f"nerts.seat{i + 1}", f"Seat {i + 1}", DEFAULT_SEATS[i], LEVEL_CHOICES,
                     LEVEL_LABELS, hint="At most two humans share the keyboard.")
              for i in range(4)]

PAGES = [
    OptionPage("Nerts", SEAT_OPTS + [
        choice("nerts.target", "Play to", 100, (100, 150, 500, 1000), hint="Points that win the game."),
        flag("nerts.flip_by_ones", "Flip by ones", False,
             hint="Turn the Stack one card at a time instead of three."),
        flag("nerts.move_runs", "Move runs", False,
             hint="Any top part of a column may move, not only whole columns."),
        choice("nerts.pile_penalty", "Pile penalty", 2, (2, 1), ("-2 a card", "-1 a card"),
               hint="Points lost for each card left in your Pile."),
        choice("nerts.call_bonus", "Bonus for G'NERTS", 0, (0, 5, 10, 20),
               hint="Points for the seat that empties its Pile first."),
        flag("nerts.partners", "Partnerships", False,
             hint="4 seats as 2 teams: seats 1+2 and 3+4 share a layout."),
    ], help=["Seats, difficulty and the rule options of Nerts. The set-up screen at the "
             "start of a game starts from these."]),
    _key_page(0),
    _key_page(1),
]
BOOK = None     # no presets: a Nerts game's few rules are set on its set-up screen
