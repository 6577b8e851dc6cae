"""The drills' records, kept in the saves folder (nerts-drills.json through game/storage.py):
per drill (its goal and rule options, game/nerts/drill.py's Drill.key) the runs and the
completed runs, the best time (with its deal) and the best cards per minute; and the same
two bests per deal. Only a completed drill can set a best. A damaged file is set aside
by the storage (the player is told) and the records start empty.

Pure: no pygame.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.deals import is_deal_no
from game.engine import is_int
from game.nerts.drill import GOALS, variant_key
from game.storage import Storage

FILE = "nerts-drills.json"
KIND = "nerts-drills"
SCHEMA = 1
MAX_BYTES = 1024 * 1024    # a larger file is damaged, not read (game/storage.py)
MAX_DEALS = 200            # deals kept per drill (the oldest forgotten first)
MAX_STEPS = 10 ** 9        # over three months of steps: no drill takes that long
MAX_CPM = 100_000.0
DRILL_BEST = {"steps", "cpm", "deal"}
DEAL_BEST = {"steps", "cpm"}
# every drill's key: its goal and its rule options (Drill.key)
KEYS = {g.key + variant_key(ones, runs) for g in GOALS for ones in (False, True) for runs in (False, True)}


@dataclass(frozen=True)
class News:
    """What one drill did to the records, for the result screen."""
    best_time: bool            # a new best time of this drill (all deals)
    best_cpm: bool             # a new best cards per minute of this drill
    deal_best_time: bool       # a new best time on this deal
    previous_steps: int | None       # the drill's best time before, if any
    previous_deal_steps: int | None  # this deal's best time before, if any
    previous_cpm: float | None       # the drill's best cards per minute before


def _check_best(d, what: str, fields: set[str]) -> dict:
    """A best: its time and cards a minute, and (a drill's best) the deal it was on."""
    if not (isinstance(d, dict) and set(d) == fields):
        raise ValueError(f"bad {what}")
    if not (is_int(d["steps"]) and 0 < d["steps"] <= MAX_STEPS):
        raise ValueError(f"bad time in {what}")
    if not (isinstance(d["cpm"], (int, float)) and not isinstance(d["cpm"], bool)
            and 0 <= d["cpm"] <= MAX_CPM):
        raise ValueError(f"bad cards per minute in {what}")
    if "deal" in d and not is_deal_no(d["deal"]):
        raise ValueError(f"bad deal in {what}")
    return dict(d, cpm=float(d["cpm"]))


def _agree(best: dict, deals: dict) -> bool:
    """The drill's best time is no slower than any deal's (its own deal's if kept), its
    best cards a minute no fewer."""
    return (best["steps"] <= min(d["steps"] for d in deals.values())
            and best["cpm"] >= max(d["cpm"] for d in deals.values())
            and deals.get(str(best["deal"]), best)["steps"] == best["steps"])


def validate(data) -> dict:
    """The records from the file, checked; ValueError if anything is out of shape."""
    if not isinstance(data, dict):
        raise ValueError("drill records are not a table")
    out = {}
    for key, rec in data.items():
        if not (isinstance(key, str) and key in KEYS and isinstance(rec, dict)
                and set(rec) == {"runs", "completed", "best", "deals"}):
            raise ValueError(f"bad drill {key!r}")
        runs, done = rec["runs"], rec["completed"]
        if not (is_int(runs) and is_int(done) and 0 <= done <= runs <= MAX_STEPS):
            raise ValueError(f"bad counts of drill {key!r}")
        best = None if rec["best"] is None else _check_best(rec["best"], f"best of {key}", DRILL_BEST)
        deals = rec["deals"]
        if not isinstance(deals, dict) or len(deals) > MAX_DEALS:
            raise ValueError(f"bad deals of drill {key!r}")
        clean = {}
        for deal, d in deals.items():
            if not (isinstance(deal, str) and deal.isdigit() and len(deal) <= 30):
                raise ValueError(f"bad deal number {deal!r}")
            clean[deal] = _check_best(d, f"deal {deal} of {key}", DEAL_BEST)
        if (best is None) != (not clean) or (best is not None and done == 0):
            raise ValueError(f"the bests of drill {key!r} do not agree")
        if best is not None and not _agree(best, clean):
            raise ValueError(f"the bests of drill {key!r} do not agree with its deals'")
        out[key] = {"runs": runs, "completed": done, "best": best, "deals": clean}
    return out


class DrillRecords:
    """Read once from the saves folder; `add` a finished drill, `save` writes the file."""

    def __init__(self, storage: Storage):
        self.storage = storage
        self.data: dict = storage.read_json(FILE, KIND, SCHEMA, validate,
                                            "the drill records start again", MAX_BYTES) or {}

    def drill(self, key: str) -> dict | None:
        return self.data.get(key)

    def deal_best(self, key: str, deal: int) -> dict | None:
        rec = self.data.get(key)
        return None if rec is None else rec["deals"].get(str(deal))

    def add(self, result: dict) -> News:
        """A finished drill (Drill.result()): counted, its bests kept if better; saved."""
        key, deal, steps, cpm = result["key"], result["deal"], result["steps"], result["cpm"]
        rec = self.data.setdefault(key, {"runs": 0, "completed": 0, "best": None, "deals": {}})
        best, deal_best = rec["best"], rec["deals"].get(str(deal))
        news = News(False, False, False, best and best["steps"], deal_best and deal_best["steps"],
                    best and best["cpm"])
        rec["runs"] = min(rec["runs"] + 1, MAX_STEPS)
        if result["completed"] and 0 < steps <= MAX_STEPS:
            rec["completed"] = min(rec["completed"] + 1, rec["runs"])
            cpm = min(cpm, MAX_CPM)
            news = News(best_time=best is None or steps < best["steps"],
                        best_cpm=best is None or cpm > best["cpm"],
                        deal_best_time=deal_best is None or steps < deal_best["steps"],
                        previous_steps=news.previous_steps, previous_deal_steps=news.previous_deal_steps,
                        previous_cpm=news.previous_cpm)
            rec["best"] = {"steps": steps if news.best_time else best["steps"],
                           "cpm": cpm if news.best_cpm else best["cpm"],
                           "deal": deal if news.best_time else best["deal"]}
            old = deal_best or {"steps": steps, "cpm": cpm}
            rec["deals"].pop(str(deal), None)            # the latest deal last: kept longest
            rec["deals"][str(deal)] = {"steps": min(steps, old["steps"]), "cpm": max(cpm, old["cpm"])}
            while len(rec["deals"]) > MAX_DEALS:
                del rec["deals"][next(iter(rec["deals"]))]
        self.save()
        return news

    def save(self) -> bool:
        return self.storage.write_json(FILE, KIND, SCHEMA, self.data)
