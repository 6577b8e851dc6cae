"""Statistics kept per game in saves/stats.json: counters (games and hands played
and won, gins, G'NERTS calls, ...) and bests. Tables call record() and best() when
a hand or a game ends; the menu's statistics screen shows them."""
from __future__ import annotations

from collections.abc import Mapping

from game.storage import Storage

FILE = "stats.json"
SCHEMA = 1
MAX_COUNT = 10 ** 12

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


def _validate(data) -> dict:
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


class Stats:
    def __init__(self, storage: Storage, data: dict | None = None):
        self.storage = storage
        self.data: dict[str, dict[str, int]] = data or {}

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

    def get(self, game: str, name: str, default: int = 0) -> int:
        return self.data.get(game, {}).get(name, default)

    def save(self) -> bool:
        return self.storage.write_json(FILE, "stats", SCHEMA, self.data)

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
        """Every counter as CSV: game, breakdown (level or variant), its value, counter, count."""
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
    data = storage.read_json(FILE, "stats", SCHEMA, _validate, "the statistics start again")
    return Stats(storage, data)
