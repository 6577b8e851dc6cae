"""Statistics kept per game in saves/stats.json: counters (games and hands played
and won, gins, G'NERTS calls, ...) and bests, and the history of the last finished
games (HISTORY_MAX a game: when, won / lost / level or the place, the points, the
level and variant). Tables call record(), best() and add_game() (through
table_support.record_stats) when a hand or a game ends; the menu's statistics screen
shows them.

The file's data is {"counters": {key: {name: count}}, "history": {game: [entry]}}
(schema 2; schema 1 held the counters alone and is read as counters without
history). A damaged counter refuses the whole file, as before; a damaged entry of the
history is dropped alone (one notice, the file written again repaired), since an old
game's record is not worth the counters."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.storage import Storage

if TYPE_CHECKING:
    import datetime  # (loaded where a date is read or made: not before the first frame)

FILE = "stats.json"
SCHEMA = 2
MAX_COUNT = 10 ** 12
HISTORY_MAX = 50            # the finished games kept per game, the newest last
OUTCOMES = ("won", "lost", "level")
MAX_POINTS = 10 ** 6        # a game's points, either way
MAX_PLAYERS = 10            # the sides of a game (a seat, or a partnership): the most any game seats
NAME_MAX = 40               # an entry's level or variant

# What the lines every game may count read like on the screen, in order: the counts,
# then the game's own (its GameSpec's stat_labels), then the bests.
COUNTS = {
    "games_played": "Games played", "games_won": "Games won",
    "hands_played": "Hands played", "hands_won": "Hands won",
    "rounds_played": "Rounds played", "rounds_won": "Rounds won",
}
BESTS = {
    "best_score": "Best score", "best_round": "Best round", "best_hand": "Best hand",
    "coach_uses": "Coach's hints asked",
}


def _validate_counters(data) -> dict:
    if not isinstance(data, dict):
        raise ValueError("statistics are not a table")
    out = {}
    for game, counters in data.items():
        if not isinstance(game, str) or not isinstance(counters, dict):
            raise ValueError("bad statistics entry")
        clean = {}
        for name, value in counters.items():
            if not isinstance(name, str) or type(value) is not int or abs(value) > MAX_COUNT:
                raise ValueError(f"bad count {name!r}")
            clean[name] = value
        out[game] = clean
    return out


def _int(entry: Mapping[str, Any], name: str, lo: int, hi: int) -> int:
    value = entry.get(name)
    if type(value) is not int or not lo <= value <= hi:
        raise ValueError(f"{name} {str(value)[:12]}")
    return value


def check_entry(entry: Any) -> dict[str, Any]:
    """A finished game of the history, checked (ValueError if it cannot be true) and
    cleaned (only the fields known here): date, outcome, points, winner_points, players,
    place (with 3 players or more), level and variant (when the statistics had them).
    Points may be below zero (a loser's), the winner's never; a game won is the
    winner's points and the first place."""
    if not isinstance(entry, dict):
        raise ValueError("not a table")
    day = entry.get("date")
    try:
        if not isinstance(day, str) or len(day) != 10:
            raise ValueError
        import datetime
        datetime.date.fromisoformat(day)
    except ValueError:
        raise ValueError(f"date {str(day)[:12]!r}") from None
    outcome = entry.get("outcome")
    if outcome not in OUTCOMES:
        raise ValueError(f"outcome {str(outcome)[:12]!r}")
    out: dict[str, Any] = {"date": day, "outcome": outcome,
                           "points": _int(entry, "points", -MAX_POINTS, MAX_POINTS),
                           "winner_points": _int(entry, "winner_points", 0, MAX_POINTS),
                           "players": _int(entry, "players", 2, MAX_PLAYERS)}
    place = None
    if out["players"] >= 3:
        place = out["place"] = _int(entry, "place", 1, out["players"])
    elif "place" in entry:
        raise ValueError("a place with two players")
    points, top = out["points"], out["winner_points"]
    if outcome == "won" and (place not in (None, 1) or points != top) or \
            outcome == "lost" and place == 1 or outcome == "level" and points > top:
        raise ValueError(f"{outcome} with {points} points, the winner's {top}"
                         + (f", place {place}" if place else ""))
    for name in ("level", "variant"):
        if name in entry:
            value = entry[name]
            if not isinstance(value, str) or not 0 < len(value) <= NAME_MAX or not value.isprintable():
                raise ValueError(f"{name} {str(value)[:12]!r}")
            out[name] = value
    return out


def _validate_history(data: Any, dropped: list[str]) -> dict[str, list[dict[str, Any]]]:
    """Each game's finished games, the bad ones dropped one by one and the list cut to
    its last HISTORY_MAX (what was left out and why in `dropped`)."""
    if not isinstance(data, dict):
        dropped.append("the history is not a table")
        return {}
    out: dict[str, list[dict[str, Any]]] = {}
    for game, entries in data.items():
        if not isinstance(game, str) or not isinstance(entries, list):
            dropped.append(f"the history of {str(game)[:12]!r} is not a list")
            continue
        if len(entries) > HISTORY_MAX:
            dropped.extend([f"more than {HISTORY_MAX} games of {game[:12]!r}"] * (len(entries) - HISTORY_MAX))
            entries = entries[-HISTORY_MAX:]
        clean = []
        for entry in entries:
            try:
                clean.append(check_entry(entry))
            except ValueError as exc:
                dropped.append(str(exc))
        if clean:
            out[game] = clean
    return out


def _validate(data: Any, dropped: list[str]) -> tuple[dict, dict]:
    """(counters, history) of the file's data: ValueError if the counters are damaged
    (a file without history has none)."""
    if not isinstance(data, dict) or "counters" not in data:
        raise ValueError("no counters")
    return _validate_counters(data["counters"]), _validate_history(data.get("history", {}), dropped)


@dataclass(frozen=True)
class GameEnd:
    """A finished game as its table tells the statistics: each side's points (a seat's,
    or a partnership's), the sides of the player at the keyboard (more than one: every
    human side, as the table's counters count them), and the winning side (None: a
    game with no winner, level)."""
    points: Sequence[int]
    mine: Sequence[int]
    winner: int | None

    def place(self, side: int) -> int:
        """1 for the winner; else 1 + the sides ahead (the winner, and a better score)."""
        if side == self.winner:
            return 1
        p = self.points
        return 1 + sum(1 for o in range(len(p)) if o != side and (o == self.winner or p[o] > p[side]))

    def entry(self, level: str | None = None, variant: str | None = None,
              day: datetime.date | None = None) -> dict[str, Any]:
        """The history's entry of this game (checked: ValueError if it cannot be true)."""
        import datetime
        side = min(self.mine, key=lambda s: (self.place(s), -self.points[s]))
        n = len(self.points)
        entry: dict[str, Any] = {
            "date": (day or datetime.date.today()).isoformat(),
            "outcome": "level" if self.winner is None else "won" if self.winner in self.mine else "lost",
            "points": int(self.points[side]), "players": n,
            "winner_points": int(self.points[self.winner] if self.winner is not None else max(self.points))}
        if n >= 3:
            entry["place"] = self.place(side)
        entry.update({k: v[:NAME_MAX] for k, v in (("level", level), ("variant", variant)) if v})
        return check_entry(entry)


class Stats:
    def __init__(self, storage: Storage, data: dict | None = None,
                 history: dict[str, list[dict[str, Any]]] | None = None):
        self.storage = storage
        self.data: dict[str, dict[str, int]] = data or {}
        self.history: dict[str, list[dict[str, Any]]] = history or {}

    def record(self, game: str, **counts: int) -> None:
        """Add to a game's counters (by its key), e.g. record(key, hands_played=1, hands_won=1)."""
        g = self.data.setdefault(game, {})
        for name, n in counts.items():
            g[name] = max(-MAX_COUNT, min(MAX_COUNT, g.get(name, 0) + int(n)))
        self.save()

    def best(self, game: str, name: str, value: int) -> bool:
        """Keep the highest value seen; True if this is a new best."""
        g = self.data.setdefault(game, {})
        value = max(-MAX_COUNT, min(MAX_COUNT, int(value)))
        if name in g and g[name] >= value:
            return False
        g[name] = value
        self.save()
        return True

    def add_game(self, game: str, entry: Mapping[str, Any]) -> None:
        """A finished game into the game's history (checked; the oldest beyond
        HISTORY_MAX dropped)."""
        games = self.history.setdefault(game, [])
        games.append(check_entry(dict(entry)))
        del games[:-HISTORY_MAX]
        self.save()

    def games(self, game: str) -> list[dict[str, Any]]:
        """The game's last finished games, the oldest first."""
        return list(self.history.get(game, []))

    def get(self, game: str, name: str, default: int = 0) -> int:
        return self.data.get(game, {}).get(name, default)

    def save(self, quiet: bool = False) -> bool:
        data = {"counters": self.data, "history": self.history}
        return self.storage.write_json(FILE, "stats", SCHEMA, data, quiet)

    @staticmethod
    def breakdown_key(game: str, kind: str, value: str) -> str:
        """Where a game's counts by level or by variant are kept: "<key>/level/expert"."""
        return f"{game}/{kind}/{value}"

    def breakdowns(self, game: str) -> list[tuple[str, str]]:
        """(kind, value) of each breakdown of a game with counts, sorted."""
        out = []
        for key in self.data:
            parts = key.split("/", 2)
            if len(parts) == 3 and parts[0] == game:
                out.append((parts[1], parts[2]))
        return sorted(out)

    def to_csv(self) -> str:
        """Every counter as CSV: game, breakdown (level or variant), its value, counter, count;
        then the history's fields the same way: game, "game", "<n> <date>" (1 the oldest),
        field, value."""
        import csv  # lazy: only the export needs it
        import io
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["game", "breakdown", "value", "counter", "count"])
        for key in sorted(self.data):
            parts = key.split("/", 2)
            game, kind, value = (parts + ["", ""])[:3] if len(parts) == 3 else (key, "all", "")
            for name, count in sorted(self.data[key].items()):
                writer.writerow([game, kind, value, name, count])
        for game in sorted(self.history):
            for n, entry in enumerate(self.history[game], 1):
                for name, field in entry.items():
                    if name != "date":
                        writer.writerow([game, "game", f"{n} {entry['date']}", name, field])
        return out.getvalue()

    def lines(self, game: str, own: Mapping[str, str] | None = None) -> list[tuple[str, int]]:
        """A game's (or a breakdown's) counters as (label, count), labelled in order:
        the common counts, the game's `own` labels (its spec's stat_labels), the bests,
        then any other counter by its name."""
        g = self.data.get(game, {})
        labels = {**COUNTS, **(own or {}), **BESTS}
        known = [(labels[k], g[k]) for k in labels if k in g]
        others = [(k.replace("_", " ").capitalize(), v) for k, v in sorted(g.items()) if k not in labels]
        return known + others


def load_stats(storage: Storage) -> Stats:
    """The statistics of the saves folder. Damaged counters: the file is set aside and
    they start again (told). Damaged entries of the history: dropped (told once), the
    file written again without them."""
    dropped: list[str] = []
    read = storage.read_json(FILE, "stats", SCHEMA, lambda data: _validate(data, dropped),
                             "the statistics start again",
                             upgrade={1: lambda counters: {"counters": counters, "history": {}}})
    if read is None:
        return Stats(storage)
    stats = Stats(storage, *read)
    if dropped:
        n = len(dropped)
        storage.tell(f"{FILE} had {n} damaged entr{'y' if n == 1 else 'ies'} in its history of finished "
                     f"games ({dropped[0]}): {'it was' if n == 1 else 'they were'} dropped, "
                     "the others are kept.")
        stats.save(quiet=True)      # repaired
    return stats
