"""Nerts' replay codec (see game/replays.py): a round's JSON, its moves as JSON, and
the options for deal challenges. No pygame here.

A replay holds one round (the game's engine, rules.py's Game, holds rounds: `recorded`
gives the round on, and a replay's engine is a game holding that round). A Nerts
round is played on the App's clock: each step the table queues the seats' moves
(`Seated`) and the engine's `Step` applies them, the seats in a fair order drawn from
the round's random state when two or more raced in that step. A replay records what
was applied, in order, each with its clock step; and before the moves of a raced step
a `Race` naming the seats that had moves queued (those refused too), so that the draw
of the order is made again and the round's random state stays the table's, card for
card. Played back, each move goes through the engine's apply like any other.
"""
from __future__ import annotations

import re
from typing import Any

from game.clock import STEP
from game.engine import Event, IllegalMove
from game.nerts.moves import COLUMN, FOUND, PILE, PLAY, WASTE, Move, Race, Seated, Step
from game.nerts.options import NertsOptions
from game.nerts.players import LEVEL_CHOICES
from game.nerts.round import Round
from game.nerts.rules import Game

GAME = "nerts"
CHALLENGE_PREFIX = "NRT"    # a deal challenge's code starts with it
CHALLENGE_ID = 0            # its number inside the code: fixed, codes already sent carry it
VERSION = 1
BY_STEP = True
STEP_SECONDS = STEP              # the table's clock step, in seconds
LEVELS = tuple(lv for lv in LEVEL_CHOICES if lv != "human")   # weakest first


def engine_from_json(data: dict[str, Any]) -> Game:
    """A game holding the round of a replay's start (ValueError if damaged)."""
    rnd = Round.from_json(data)
    if rnd.options.seats < 2:
        raise ValueError("a replay is of a round of two seats or more")
    return Game.of_round(rnd)


def recorded(engine: Game) -> Round:
    """What a replay records of the game's engine (rules.py's Game): its round on.
    A replay holds one round, as the table records it (its start, its end's digest)."""
    if engine.round is None:
        raise ValueError("no round is being played")
    return engine.round


def seat_count(state: dict[str, Any]) -> int:
    return int(state["options"]["seats"])


# a move as a short text, a few bytes a move (a round has hundreds): "F" flip, "T" turn,
# "V" vote; a play "p>s3" (source p Pile, w waste or c0..c3 a column; destination s and
# the foundation, or c0..c3 a column, with "x2" the cards of a run); a race "r013"
_WORDS = {"F": Move.flip(), "T": Move.turn(), "V": Move.vote()}
_PLAY = re.compile(r"(p|w|c[0-3])>(s|c)(\d{1,2})?(?:x(\d{1,2}))?")
_RACE = re.compile(r"r([0-3]{2,4})")
_SOURCES: dict[str | None, str] = {PILE: "p", WASTE: "w"}   # a column: "c" and its number


def move_to_json(move: Move | Race) -> str:
    if isinstance(move, Race):
        return "r" + "".join(str(s) for s in move.seats)
    if not isinstance(move, Move):
        raise TypeError(f"not a Nerts move: {move!r}")
    word = next((w for w, m in _WORDS.items() if m == move), None)
    if word is not None:
        return word
    src = _SOURCES.get(move.src) or f"c{move.col}"
    dst = ("s" if move.dst == FOUND else "c") + ("" if move.to is None else str(move.to))
    return f"{src}>{dst}" + ("" if move.count is None else f"x{move.count}")


def move_from_json(data: Any) -> Move | Race:
    if not isinstance(data, str):
        raise ValueError(f"not a Nerts move: {data!r}")
    if data in _WORDS:
        return _WORDS[data]
    race = _RACE.fullmatch(data)
    if race:
        seats = tuple(int(ch) for ch in race.group(1))
        if len(set(seats)) != len(seats):
            raise ValueError(f"a damaged race: {data!r}")
        return Race(seats)
    play = _PLAY.fullmatch(data)
    if not play:
        raise ValueError(f"not a Nerts move: {data!r}")
    src, dst, to, count = play.groups()
    move = Move(PLAY, {"p": PILE, "w": WASTE}.get(src, COLUMN), int(src[1]) if src[0] == "c" else None,
                FOUND if dst == "s" else COLUMN, None if to is None else int(to),
                None if count is None else int(count))
    move.check_shape()
    return move


def outcome(start: dict[str, Any], engine: Game, names: list[str]) -> tuple[str, list[int]]:
    """The round's result line (who called G'NERTS, each side's points; a side is a
    seat, or partners' names joined by &) and each seat's points, from the game's
    engine as the round ended."""
    final = recorded(engine)
    o = final.options

    def side(i: int) -> str:
        return " & ".join(names[s] for s in o.seats_of(i))
    if final.end_reason == "gnerts":
        assert final.caller is not None, "a G'NERTS call names its caller (the round's invariants)"
        how = f"{side(final.caller)} called G'NERTS"
    else:
        how = "A standstill"
    totals = ", ".join(f"{side(i)} {d['total']:+d}" for i, d in enumerate(final.score_details()))
    return (how + ": " + totals)[:200], final.scores()


def apply(engine: Game, step: int, seat: int, move: Move | Race) -> list[Event]:
    """The move as the table's step applied it, through the engine: a race's order
    drawn again, or the move queued and applied by a `Step` that leaves the clock
    after that step, as it stood at the table. IllegalMove (the round unchanged) if
    refused."""
    rnd = engine.round
    if rnd is None:
        raise IllegalMove("no round is being played")
    if rnd.step_no > step + 1:
        raise IllegalMove(f"step {step} is past: the round is at step {rnd.step_no}")
    if isinstance(move, Race):
        if any(s >= engine.n_seats for s in move.seats):
            raise IllegalMove("a race of seats that are not at the table")
        return engine.apply(move) + engine.apply(Step(step + 1))
    engine.apply(Seated(seat, move))
    return engine.apply(Step(step + 1))


# the rules options, for deal challenges: the defaults, as JSON, and back
default_options = NertsOptions
options_to_json = NertsOptions.to_json
options_from_json = NertsOptions.from_json       # OptionError if damaged
