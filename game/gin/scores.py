"""The score records of a Gin game: each game's score (Hollywood keeps three) and one
line of the box score per hand. Their JSON readers check each field's type and range;
what ties them to each other and to the options is checked by game/gin/invariants.py.
No pygame here.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.engine import Details, Event, is_int
from game.gin.options import GinOptions

HOW = ("gin", "knock", "underknock", "dead", "big_gin")
GINS = ("gin", "big_gin")
POINTS_MAX = 10 ** 6        # far above any real score: a bigger number is a damaged save
DEADWOOD_MAX = 100          # ten cards of ten points


def _count(v: object, what: str, hi: int = POINTS_MAX) -> int:
    if not (is_int(v) and 0 <= v <= hi):
        raise ValueError(f"bad {what}: {v!r}")
    return v


def _pair(v: object, what: str, hi: int = POINTS_MAX) -> list[int]:
    if not (isinstance(v, list) and len(v) == 2):
        raise ValueError(f"bad {what}: two numbers expected")
    return [_count(x, what, hi) for x in v]


def _seat_or_none(v: object, what: str) -> int | None:
    if v is None or (is_int(v) and v in (0, 1)):
        return v
    raise ValueError(f"bad {what}: {v!r}")


@dataclass
class GameScore:
    """One game (Hollywood keeps three)."""
    points: list[int] = field(default_factory=lambda: [0, 0])   # hand points only
    boxes: list[int] = field(default_factory=lambda: [0, 0])
    winner: int | None = None
    game_bonus: list[int] = field(default_factory=lambda: [0, 0])
    box_bonus: list[int] = field(default_factory=lambda: [0, 0])
    blitz_bonus: list[int] = field(default_factory=lambda: [0, 0])

    @property
    def is_open(self) -> bool:
        return self.winner is None

    def total(self, p: int) -> int:
        return self.points[p] + self.game_bonus[p] + self.box_bonus[p] + self.blitz_bonus[p]

    def copy(self) -> GameScore:
        return GameScore(list(self.points), list(self.boxes), self.winner, list(self.game_bonus),
                         list(self.box_bonus), list(self.blitz_bonus))

    def to_json(self) -> dict[str, Any]:
        return {"points": list(self.points), "boxes": list(self.boxes), "winner": self.winner,
                "game_bonus": list(self.game_bonus), "box_bonus": list(self.box_bonus),
                "blitz_bonus": list(self.blitz_bonus)}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> GameScore:
        return cls(_pair(d["points"], "game score points"), _pair(d["boxes"], "game score boxes"),
                   _seat_or_none(d["winner"], "game winner"),
                   _pair(d["game_bonus"], "game score game_bonus"),
                   _pair(d["box_bonus"], "game score box_bonus"),
                   _pair(d["blitz_bonus"], "game score blitz_bonus"))


@dataclass
class HandRecord:
    """A line of the box score: one hand's result."""
    hand_no: int
    dealer: int
    winner: int | None        # None: dead hand
    how: str                     # gin / knock / underknock / dead
    points: int
    games: list[int]             # indexes (0-based) of the games the points entered
    out_seat: int | None = None   # who went out (gin or knock)
    knock_value: int = 10
    deadwood: list[int] = field(default_factory=lambda: [0, 0])
    doubled: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"hand_no": self.hand_no, "dealer": self.dealer, "winner": self.winner,
                "how": self.how, "points": self.points, "games": list(self.games),
                "out_seat": self.out_seat, "knock_value": self.knock_value,
                "deadwood": list(self.deadwood), "doubled": self.doubled}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> HandRecord:
        how = d["how"]
        if how not in HOW:
            raise ValueError(f"bad hand record: how {how!r}")
        games = d["games"]
        if not (isinstance(games, list) and len(games) <= 3 and len(set(games)) == len(games)):
            raise ValueError("bad hand record: games")
        dealer = _seat_or_none(d["dealer"], "hand record dealer")
        if not isinstance(d["doubled"], bool) or dealer is None:
            raise ValueError("bad hand record")
        r = cls(_count(d["hand_no"], "hand number"), dealer,
                _seat_or_none(d["winner"], "hand winner"), how, _count(d["points"], "hand points"),
                [_count(g, "game index", 2) for g in games], _seat_or_none(d["out_seat"], "out seat"),
                _count(d["knock_value"], "knock value", 10),
                _pair(d["deadwood"], "deadwood", DEADWOOD_MAX), d["doubled"])
        r.check_shape()
        return r

    def check_shape(self) -> None:
        """The fields agree with each other (ValueError): a dead hand has no winner, no
        points and entered no game; otherwise the winner follows from how it was won."""
        dead = self.how == "dead"
        if dead != (self.winner is None) or dead != (self.out_seat is None):
            raise ValueError("bad hand record: a dead hand has no winner, a won one has")
        if dead:
            if self.points or self.games or self.deadwood != [0, 0]:
                raise ValueError("bad hand record: a dead hand scores nothing")
            return
        if self.hand_no < 1 or not self.games:
            raise ValueError("bad hand record: a won hand enters a game")
        # a won hand has its out_seat (the first check above)
        expected = 1 - self.out_seat if self.how == "underknock" else self.out_seat  # type: ignore[operator]
        if self.winner != expected:
            raise ValueError(f"bad hand record: the winner of a {self.how}")
        if self.how in GINS and self.deadwood[self.out_seat]:  # type: ignore[index]  # (see above)
            raise ValueError("bad hand record: gin with unplayable points")


def next_dealer(record: HandRecord) -> int:
    """Who deals after this hand: its winner; the same dealer after a dead hand."""
    return record.dealer if record.winner is None else record.winner


def enter_win(games: list[GameScore], wins: list[int], w: int, pts: int,
              options: GinOptions) -> tuple[list[int], list[Event]]:
    """Score a hand won by `w` for `pts` in the games it enters (Hollywood: the k-th win
    goes to the first min(k, 3) open games); close the games that reach the target.
    Changes `games` and `wins`; returns (the indexes entered, the game_won events)."""
    wins[w] += 1
    open_games = [i for i, g in enumerate(games) if g.is_open]
    entered = open_games[:min(wins[w], len(games))]
    ev: list[Event] = []
    for i in entered:
        g = games[i]
        g.points[w] += pts
        g.boxes[w] += 1
        if g.points[w] >= options.game_target:
            lo = 1 - w
            g.winner = w
            g.game_bonus[w] = options.game_bonus
            diff = g.boxes[w] - g.boxes[lo]
            if diff > 0:
                g.box_bonus[w] = diff * options.box_bonus
            elif diff < 0:
                g.box_bonus[lo] = -diff * options.box_bonus
            blitz = g.boxes[lo] == 0
            if blitz:
                g.blitz_bonus[w] = options.blitz_bonus
            ev.append(Details("game_won", None, {"game": i, "winner": w, "blitz": blitz,
                                                 "totals": [g.total(0), g.total(1)]}))
    return entered, ev


def hand_points(how: str, deadwood_out: int, deadwood_def: int, doubled: bool, options: GinOptions) -> int:
    """The points of a hand gone out: gin, knock or underknock (GinOptions decide the
    bonuses; an Oklahoma spade doubles the unplayable points, and the bonuses too only
    with oklahoma_double_bonuses)."""
    mult = 2 if doubled else 1
    bmult = 2 if (doubled and options.oklahoma_double_bonuses) else 1
    if how in GINS:
        bonus = options.gin_bonus if how == "gin" else options.big_gin_bonus
        return deadwood_def * mult + bonus * bmult
    if how == "knock":
        return (deadwood_def - deadwood_out) * mult
    return (deadwood_out - deadwood_def) * mult + options.underknock_bonus * bmult


@dataclass
class ScoreSheet:
    """What the score screens (game/gin/screens.py) read of a game, at a joined table
    from the views received: the options, the games' scores, the hands won, the hands'
    records (the local table gives its engine's game)."""
    options: GinOptions
    games: tuple[GameScore, ...]
    wins: tuple[int, ...]
    records: list[HandRecord]

    @property
    def n_games(self) -> int:
        return len(self.games)
