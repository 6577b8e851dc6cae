"""Computer players for Gnono: the levels offered, weakest to strongest, and
make_ai. They see only a GnonoView, never the state.

  easy, normal, hard   GnonoAI (game/gnono/heuristic.py): hand-written judgement
  expert               ExpertAI (game/gnono/expert.py): determinized search, thinking
                       spread over frames (start_choice / work / finish)
  baseline             BaselineAI: a random legal card (a yardstick, not offered)
"""
from __future__ import annotations

import random

from game.gnono.expert import ExpertAI
from game.gnono.heuristic import PROFILE, BaselineAI, GnonoAI, most_held_color, wd4_lawful_in_view  # noqa: F401

LEVELS = ("easy", "normal", "hard", "expert")   # weakest to strongest


def make_ai(level: str, rng: random.Random | int | None = None) -> GnonoAI:
    """"easy" / "normal" / "hard" / "expert" / "baseline"."""
    if level == "baseline":
        return BaselineAI(rng=rng)
    if level == "expert":
        return ExpertAI(rng)
    return GnonoAI(level, rng)
