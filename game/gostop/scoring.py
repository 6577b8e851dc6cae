"""Go-Stop points of a capture area, with their breakdown.

`breakdown(cards)` lists (name, points) lines whose sum is the score; the sake
cup (September animal) is counted as an animal or as a double junk, whichever
gives more points (animal on a tie).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .cards import ANIMAL, BIRD_MONTHS, BLUE, BRIGHT, GRASS, RED, RIBBON

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
    lines: list = field(default_factory=list)   # [(name, points)]
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


def count(cards, sake_as: str = SAKE_ANIMAL) -> Counts:
    brights = animals = birds = ribbons = red = blue = grass = junk = 0
    rain_man = False
    has_sake = False
    for c in cards:
        cat = c.category
        if cat == BRIGHT:
            brights += 1
            if c.month == 12:
                rain_man = True
        elif cat == ANIMAL:
            if c.month == 9:
                has_sake = True
                if sake_as == SAKE_JUNK:
                    junk += 2
                    continue
            animals += 1
            if c.month in BIRD_MONTHS:
                birds += 1
        elif cat == RIBBON:
            ribbons += 1
            r = c.ribbon
            if r == RED:
                red += 1
            elif r == BLUE:
                blue += 1
            elif r == GRASS:
                grass += 1
        else:
            junk += c.value
    return Counts(brights, rain_man, animals, birds, ribbons, red, blue, grass, junk,
                  sake_as if has_sake else None)


def lines_for(k: Counts) -> list:
    lines = []
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


def breakdown(cards, sake_as: str | None = None) -> Breakdown:
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


def score(cards) -> int:
    """Points of a capture area (the sake cup counted the better way)."""
    ka = count(cards, SAKE_ANIMAL)
    pa = _points(ka)
    if ka.sake_as is None:
        return pa
    return max(pa, _points(count(cards, SAKE_JUNK)))


def junk_count(cards, sake_as: str = SAKE_ANIMAL) -> int:
    return count(cards, sake_as).junk
