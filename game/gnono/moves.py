"""The words of a Gnono game: its phases, the moves a seat makes and the events the
engine reports. No pygame here; game.gnono.rules re-exports every name.

Phases (GnonoState.phase):
  play        `current` plays a card or draws (with stacking on, a pending
              Draw Two / Wild Draw Four penalty limits the choice)
  color       `current` played a Wild without naming a colour: ChooseColor
  drawn       `current` drew a playable card: PlayDrawn or KeepDrawn
  challenge   `current` (the next player) decides whether to challenge the
              Wild Draw Four just played
  swap        7-0 house rule: `current` played a 7 and picks a seat (SwapHands)
  round_over  NextRound deals again;   game_over: nothing more
Independently, `uno_window` is the seat that just played down to one card
without calling "UNO!": anyone else may Catch it (two cards penalty), the seat
may still CallUno. The window closes when the next player acts, i.e. at the
next turn move (Play/Draw/...) that does not belong to the same turn.

Choices where the sheet is silent:
- A Wild Draw Four may always be put down (a bluff); whether it was lawful is
  judged on the hand at that moment and only matters if challenged. With the
  option wd4_challenge=False an unlawful one is refused instead.
- Challenge found guilty: the offender draws 4 and the challenger takes his turn
  normally (with stacking, fours stacked lawfully before still land on him).
  Not guilty: the challenger draws 4 + 2 and misses his turn.
- The last card of a round needs no colour; a last Draw Two / Wild Draw Four
  makes the next player draw (no challenge: with no cards left it is lawful).
- Stacking: a pending penalty can only be passed on with the same kind (+2 on
  +2, W+4 on W+4); Draw takes the whole pile of it and misses the turn.
- Jump-in: a coloured card identical to the top card, by any other seat, while
  the player on turn has not acted yet; play goes on from the jumper.
- 7-0: a 7 (not as last card) asks the player for a seat to swap hands with; a
  0 passes every hand to the next seat in the direction of play. Moving hands
  ends any UNO window.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, TypeGuard

from game import engine
from game.gnono.cards import COLORS, Card

PLAY, COLOR, DRAWN, CHALLENGE, SWAP = "play", "color", "drawn", "challenge", "swap"
ROUND_OVER, GAME_OVER = "round_over", "game_over"
PHASES = (PLAY, COLOR, DRAWN, CHALLENGE, SWAP, ROUND_OVER, GAME_OVER)


def is_color(value: object) -> TypeGuard[str]:
    """One of the four colour letters ("" and "RY" are in the string COLORS, not colours)."""
    return isinstance(value, str) and len(value) == 1 and value in COLORS


# ---------------------------------------------------------------- moves
@dataclass(frozen=True, slots=True)
class Play:
    seat: int
    card: Card
    color: str | None = None   # a Wild's colour; None asks for ChooseColor later


@dataclass(frozen=True, slots=True)
class Draw:
    seat: int                  # draw one (or until playable), or take a stacked penalty


@dataclass(frozen=True, slots=True)
class PlayDrawn:
    seat: int
    color: str | None = None


@dataclass(frozen=True, slots=True)
class KeepDrawn:
    seat: int                  # keep the drawn card: play passes


@dataclass(frozen=True, slots=True)
class ChooseColor:
    seat: int
    color: str


@dataclass(frozen=True, slots=True)
class Challenge:
    seat: int
    challenge: bool            # False: accept the Wild Draw Four and draw


@dataclass(frozen=True, slots=True)
class CallUno:
    seat: int


@dataclass(frozen=True, slots=True)
class Catch:
    catcher: int
    target: int


@dataclass(frozen=True, slots=True)
class SwapHands:
    seat: int
    target: int


@dataclass(frozen=True, slots=True)
class NextRound:
    seat: int | None = None    # anyone may deal the next round


Move = Play | Draw | PlayDrawn | KeepDrawn | ChooseColor | Challenge | CallUno | Catch \
    | SwapHands | NextRound
TURN_MOVES = (Play, Draw, PlayDrawn, KeepDrawn, ChooseColor, Challenge, SwapHands)
ALL_MOVES = TURN_MOVES + (CallUno, Catch, NextRound)


def move_seat(move: Move) -> int | None:
    """The seat making a move."""
    return move.catcher if isinstance(move, Catch) else move.seat


# ---------------------------------------------------------------- events
@dataclass(frozen=True, slots=True)
class Event(engine.Event):
    """What happened (game.engine's one Event type, its details as fields). kinds:
    deal, first_card, wild_returned, turn, played, color, jump_in, drew, passed, skipped,
    reversed, challenged, uno, caught, reshuffled, swapped, hands_passed, round_over,
    game_over.

    `cards` of a "drew" event (and of "challenged": the hand shown) are private
    to `seat` (to `target` for "challenged"); a table shows only the count to others.
    """
    kind: str
    seat: int | None = None
    card: Card | None = None
    cards: tuple[Card, ...] = ()
    count: int = 0
    target: int | None = None
    color: str | None = None
    reason: str = ""
    points: int = 0
    guilty: bool | None = None

    def as_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            v = getattr(self, f.name)
            if f.name == "kind" or (v == f.default and type(v) is type(f.default)):
                continue             # (by type too: seat 0 and guilty False are news)
            if isinstance(v, Card):
                v = str(v)
            elif f.name == "cards":
                v = [str(c) for c in v]
            d[f.name] = v
        return d

    @property
    def data(self) -> dict[str, Any]:
        """The details as JSON-able data (as_dict without kind and seat)."""
        data = self.as_dict()
        del data["kind"]
        data.pop("seat", None)
        return data
