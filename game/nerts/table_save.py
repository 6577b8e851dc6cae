"""The Nerts table's save (nerts.json): written by the controller, read back here
with the one validation of a table save.

A save is {"game": Game.to_json(), "levels": one per seat, "seed": the table's deal
number (it seeds the computers), "ais": the computers' states for the round on the
table or None}. Everything is checked: the game through Game.from_json (every field,
every card, the records against each other), the seats (levels, at most two humans),
the seed, and each computer against its seat, its level, the round it plays and the
table's clock. The round's replay in progress ("replay", Recorder.to_json) and the
deal challenge the game plays ("challenge", its code) are optional: a damaged one is
dropped (the Recorder and the code reader check them), never a reason to refuse the
game. A game that is over is never saved. Pure: no pygame.
"""
from __future__ import annotations

from game import challenges
from game.challenges import Challenge, ChallengeError
from game.clock import STEP_HZ
from game.deals import is_deal_no
from game.nerts import replay_codec
from game.nerts.ai import NertsAI
from game.nerts.invariants import COUNT_LIMIT
from game.nerts.players import LEVEL_CHOICES, MAX_HUMANS
from game.nerts.rules import Game
from game.storage import GAME_LOST

SAVE_NAME, SAVE_KIND, SAVE_SCHEMA = "nerts.json", "nerts-game", 1
KEYS = {"game", "levels", "seed", "ais", "replay", "challenge"}
REQUIRED = {"game", "levels", "seed"}   # without "ais" the computers start afresh
# the furthest ahead a computer may plan to look again: a finished round's "never"
LOOK_AHEAD = 1_000_000_000 + 1


def write(storage, data: dict) -> bool:
    """Save the table's JSON; moves typed this very step are not applied yet: not saved."""
    if data["game"]["round"] is not None:
        data["game"]["round"]["pending"] = []
    return storage.write_json(SAVE_NAME, SAVE_KIND, SAVE_SCHEMA, data)


def remove(storage) -> None:
    storage.remove(SAVE_NAME)


def load(storage) -> dict | None:
    """The saved table's parts {game, levels, seed, ais}, or None (no save, or a bad one
    the storage set aside and reported)."""
    return storage.read_json(SAVE_NAME, SAVE_KIND, SAVE_SCHEMA, validate, GAME_LOST)


def validate(data) -> dict:
    """The save's parts, every one checked; ValueError with the reason if any is bad."""
    if not isinstance(data, dict) or not REQUIRED <= set(data) <= KEYS:
        raise ValueError("not a Nerts table save")
    game = Game.from_json(data["game"])
    if game.over:
        raise ValueError("the saved game is over")
    levels = read_levels(data["levels"], game.options.seats)
    seed = data["seed"]
    if not is_deal_no(seed):
        raise ValueError("bad seed")
    return {"game": game, "levels": levels, "seed": seed, "ais": read_ais(data.get("ais"), game, levels),
            "replay": data.get("replay"), "challenge": read_challenge(data.get("challenge"), levels)}


def read_challenge(code, levels: list[str]) -> Challenge | None:
    """The game's deal challenge from its code; None if there is none or it is damaged."""
    if not isinstance(code, str):
        return None
    try:
        ch = challenges.decode(code, [replay_codec])
    except ChallengeError:
        return None
    seats = [None if lv == "human" else lv for lv in levels]
    return ch if ch.game == "nerts" and list(ch.seats) == seats else None


def read_levels(levels, seats: int) -> list[str]:
    if not (isinstance(levels, list) and len(levels) == seats
            and all(isinstance(lv, str) and lv in LEVEL_CHOICES for lv in levels)
            and levels.count("human") <= MAX_HUMANS):
        raise ValueError("bad seats")
    return list(levels)


def read_ais(saved, game: Game, levels: list[str]) -> list[NertsAI | None] | None:
    """The computers of the round on the table (None: none saved, they start afresh)."""
    if saved is None:
        return None
    if game.round is None:
        raise ValueError("computer players saved without a round")
    players = saved.get("players") if isinstance(saved, dict) else None
    if not (isinstance(players, list) and len(players) == len(levels)
            and set(saved) == {"round_no", "players"} and saved["round_no"] == game.round_no):
        raise ValueError("bad computer players")
    return [read_ai(lv, p, game.round.step_no) for lv, p in zip(levels, players)]


def read_ai(level: str, saved, step: int) -> NertsAI | None:
    if (level == "human") != (saved is None):
        raise ValueError("a computer player for a human seat, or none for a computer")
    if saved is None:
        return None
    ai = NertsAI.from_json(saved)
    if ai.name != level:
        raise ValueError("a computer player of another level")
    if ai.sps != STEP_HZ or ai.next_step > step + LOOK_AHEAD or ai.decisions > COUNT_LIMIT:
        raise ValueError("a computer player off the table's clock")
    return ai
