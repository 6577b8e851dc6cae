"""Go-Stop points of a capture area, with their breakdown.

`breakdown(cards)` lists (name, points) lines whose sum is the score; the sake
cup (September animal) is counted as an animal or as a double junk, whichever
gives more points (animal on a tie).
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .cards import ANIMAL, BIRD_MONTHS, BLUE, BRIGHT, CARDS, GRASS, RED, RIBBON, Card

SAKE_ANIMAL = "animal"
SAKE_JUNK = "junk"


@dataclass(frozen=True)
class Counts:
    """What a capture area holds, with the sake cup counted as `sake_as`."""

    brights: int = 0
    rain_man: bool = False
    animals: int = 0
    birds: int = 0
    ribbons: int = 0
    red: int = 0
    blue: int = 0
    grass: int = 0
    junk: int = 0            # junk value: doubles 2, bonus cards their value
    sake_as: str | None = None  # None when the area has no sake cup


@dataclass(frozen=True)
class Breakdown:
    lines: list[tuple[str, int]] = field(default_factory=list)   # [(name, points)]
    counts: Counts = field(default_factory=Counts)

    @property
    def total(self) -> int:
        return sum(p for _, p in self.lines)

    @property
    def bright_points(self) -> int:
        return sum(p for n, p in self.lines if "bright" in n)

    @property
    def junk_points(self) -> int:
        return sum(p for n, p in self.lines if n.endswith(" junk"))


# Per card id: what it adds to the counts (the sake cup is handled apart).
# code: 0 bright, 1 rain man, 2 bird, 3 other animal, 4 red, 5 blue, 6 grass,
# 7 rain ribbon, 8 junk (value in _JUNK_VALUE), 9 sake cup
def _code(c: Card) -> int:
    if c.category == BRIGHT:
        return 1 if c.month == 12 else 0
    if c.category == ANIMAL:
        if c.month == 9:
            return 9
        return 2 if c.month in BIRD_MONTHS else 3
    if c.category == RIBBON:
        return {RED: 4, BLUE: 5, GRASS: 6}.get(c.ribbon, 7)  # type: ignore[arg-type]  # a ribbon has its kind
    return 8


_CODE = [_code(c) for c in CARDS]
_JUNK_VALUE = [c.value if x == 8 else 0 for c, x in zip(CARDS, _CODE)]   # by card id


def _tally(cards: Iterable[Card]) -> tuple[list[int], int]:
    """Cards per scoring code, and the junk value (doubles and bonus cards count
    their value): the one pass over a capture area that count() and score() share."""
    k = [0] * 10
    junk = 0
    code, value = _CODE, _JUNK_VALUE
    for c in cards:
        i = c.id
        k[code[i]] += 1
        junk += value[i]
    return k, junk


def count(cards: Iterable[Card], sake_as: str = SAKE_ANIMAL) -> Counts:
    k, junk = _tally(cards)
    has_sake = k[9] > 0
    animals = k[2] + k[3]
    if has_sake:
        if sake_as == SAKE_JUNK:
            junk += 2
        else:
            animals += 1
    return Counts(k[0] + k[1], k[1] > 0, animals, k[2], k[4] + k[5] + k[6] + k[7],
                  k[4], k[5], k[6], junk, sake_as if has_sake else None)


def lines_for(k: Counts) -> list[tuple[str, int]]:
    lines: list[tuple[str, int]] = []
    if k.brights == 3:
        lines.append(("3 brights with rain" if k.rain_man else "3 brights", 2 if k.rain_man else 3))
    elif k.brights == 4:
        lines.append(("4 brights", 4))
    elif k.brights >= 5:
        lines.append(("5 brights", 15))
    if k.birds == 3:
        lines.append(("godori", 5))
    if k.animals >= 5:
        lines.append((f"{k.animals} animals", k.animals - 4))
    if k.red == 3:
        lines.append(("red ribbons", 3))
    if k.blue == 3:
        lines.append(("blue ribbons", 3))
    if k.grass == 3:
        lines.append(("grass ribbons", 3))
    if k.ribbons >= 5:
        lines.append((f"{k.ribbons} ribbons", k.ribbons - 4))
    if k.junk >= 10:
        lines.append((f"{k.junk} junk", k.junk - 9))
    return lines


def _points(k: Counts) -> int:
    return sum(p for _, p in lines_for(k))


def breakdown(cards: Iterable[Card], sake_as: str | None = None) -> Breakdown:
    """The scoring lines of a capture area. sake_as forces the sake cup's role;
    None picks the better one for its holder."""
    if sake_as is not None:
        k = count(cards, sake_as)
        return Breakdown(lines_for(k), k)
    ka = count(cards, SAKE_ANIMAL)
    if ka.sake_as is None:
        return Breakdown(lines_for(ka), ka)
    kj = count(cards, SAKE_JUNK)
    la, lj = lines_for(ka), lines_for(kj)
    if sum(p for _, p in lj) > sum(p for _, p in la):
        return Breakdown(lj, kj)
    return Breakdown(la, ka)


def _pts(brights: int, rain: bool, animals: int, birds: int, ribbons: int, red: int, blue: int, grass: int,
         junk: int) -> int:
    p = 0
    if brights == 3:
        p = 2 if rain else 3
    elif brights == 4:
        p = 4
    elif brights >= 5:
        p = 15
    if birds == 3:
        p += 5
    if animals >= 5:
        p += animals - 4
    if red == 3:
        p += 3
    if blue == 3:
        p += 3
    if grass == 3:
        p += 3
    if ribbons >= 5:
        p += ribbons - 4
    if junk >= 10:
        p += junk - 9
    return p


def score(cards: Iterable[Card]) -> int:
    """Points of a capture area (the sake cup counted the better way).
    The same as breakdown(cards).total, without building the lines (fast)."""
    k, junk = _tally(cards)
    b = k[0] + k[1]
    rain = k[1] > 0
    r = k[4] + k[5] + k[6] + k[7]
    a = k[2] + k[3]
    if k[9]:
        return max(_pts(b, rain, a + 1, k[2], r, k[4], k[5], k[6], junk),
                   _pts(b, rain, a, k[2], r, k[4], k[5], k[6], junk + 2))
    return _pts(b, rain, a, k[2], r, k[4], k[5], k[6], junk)


def junk_count(cards: Iterable[Card], sake_as: str = SAKE_ANIMAL) -> int:
    return count(cards, sake_as).junk


def cheapest_junk(cards: list[Card], need: int) -> list[Card]:
    """The junk a giver surrenders: the cheapest set worth `need` junk (ordinary
    before double), or all his junk if it is worth less."""
    junk = sorted((c for c in cards if c.category in ("junk", "double", "bonus")),
                  key=lambda c: (c.value, c.id))
    if not junk:
        return []
    if need == 1:
        return [junk[0]]
    best: tuple[tuple[int, int], list[Card]] | None = None
    n = len(junk)
    for i in range(n):
        if junk[i].value >= need:
            cand = [junk[i]]
            key = (junk[i].value, -1)
            if best is None or key < best[0]:
                best = (key, cand)
            break
    for i in range(n):
        for j in range(i + 1, n):
            v = junk[i].value + junk[j].value
            if v >= need:
                key = (v, -2)
                if best is None or key < best[0]:
                    best = (key, [junk[i], junk[j]])
                break
    if best is None:
        return junk[:need]  # worth less than needed: everything (at most need-1 cards)
    return best[1]
