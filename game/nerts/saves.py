"""Nerts rounds and games from their JSON: the one reader of the engine's saves.

Every field is checked for type and range, then the whole round against the rules
(check_round: every card of every deck once, sizes that fit the phase, the end with
its reason and caller), and the game's records against each other (each round's
score possible, totals their sums, the winner the one the totals name). A damaged
save is refused with ValueError and a reason. Pure; the classes to build are passed
in (rules.py delegates here), so this module does not import the rules.
"""
from __future__ import annotations

from typing import Any

from game.deals import check_optional_deal_no, is_deal_no
from game.engine import is_int, read_guarded, rng_from_json
from game.nerts.invariants import check_round, is_count
from game.nerts.moves import Move
from game.nerts.options import NertsOptions
from game.nerts.piles import PILE_SIZE, Layout, card_list

SCHEMA = 1
ROUND_KEYS = {"schema", "options", "step", "rng", "layouts", "foundations", "pending", "votes",
              "rotations", "over", "end_reason", "caller", "idle_flips", "moves_applied"}
ROUND_OPTIONAL = {"deal_no"}
GAME_KEYS = {"schema", "options", "seed", "rng", "totals", "history", "round", "over", "winner"}


def check_keys(d, keys: set, optional: set, what: str) -> None:
    if not isinstance(d, dict) or d.get("schema") != SCHEMA:
        raise ValueError(f"not a Nerts {what} (or an unknown schema)")
    missing, unknown = keys - set(d), set(d) - keys - optional
    if missing or unknown:
        raise ValueError(f"a Nerts {what} with missing {sorted(missing)} or unknown {sorted(unknown)} fields")


# --- a round ------------------------------------------------------------------------------
def read_round(cls, d):
    """A Round (built as `cls`) from Round.to_json's output; ValueError if damaged."""
    return read_guarded(lambda data: _read_round(cls, data), d, "Nerts round")


def _read_round(cls, d):
    check_keys(d, ROUND_KEYS, ROUND_OPTIONAL, "round")
    options = NertsOptions.from_json(d["options"])
    r = cls(options, deal=False, rng=rng_from_json(d["rng"]))
    n = options.sides
    r.step_no = read_count(d["step"], "step")
    r.moves_applied = read_count(d["moves_applied"], "moves_applied")
    r.layouts = read_list(d["layouts"], n, Layout.from_json, "layouts (one a seat)")
    r.foundations = read_list(d["foundations"], 4 * n, card_list, "foundations (4 a seat)")
    r.pending = [read_pending(item, options.seats) for item in read_list(d["pending"], None, None, "pending")]
    r.votes = read_votes(d["votes"], n)
    r.rotations = d["rotations"]
    r.over, r.end_reason, r.caller = d["over"], d["end_reason"], d["caller"]
    r.idle_flips = read_list(d["idle_flips"], n, lambda x: read_count(x, "idle_flips"), "idle_flips")
    r.deal_no = check_optional_deal_no(d.get("deal_no"))
    check_round(r)       # rotations, the end, every card: the rules' own checks
    return r


def read_count(v, what: str) -> int:
    if not is_count(v):
        raise ValueError(f"bad {what}: {v!r}")
    return v


def read_list(v, size: int | None, read, what: str) -> list:
    if not isinstance(v, list) or (size is not None and len(v) != size):
        raise ValueError(f"bad {what}")
    return [read(x) for x in v] if read else list(v)


def read_pending(item, seats: int) -> tuple[int, Move]:
    if not (isinstance(item, list) and len(item) == 2 and is_int(item[0]) and 0 <= item[0] < seats):
        raise ValueError("bad pending move")
    return item[0], Move.from_json(item[1])


def read_votes(v, seats: int) -> set[int]:
    if not (isinstance(v, list) and all(is_int(s) and 0 <= s < seats for s in v)
            and len(set(v)) == len(v)):
        raise ValueError("bad votes")
    return set(v)


# --- a game -------------------------------------------------------------------------------
def read_game(cls: Any, round_cls: Any, d: Any) -> Any:
    """A Game (built as `cls`, its round as `round_cls`) from Game.to_json's output."""
    return read_guarded(lambda data: _read_game(cls, round_cls, data), d, "Nerts game")


def _read_game(cls, round_cls, d):
    check_keys(d, GAME_KEYS, set(), "game")
    options = NertsOptions.from_json(d["options"])
    if options.seats < 2:
        raise ValueError("a game has two seats or more (one seat is a drill, never saved)")
    g = cls(options)
    g.rng = rng_from_json(d["rng"])
    g.seed = check_optional_deal_no(d["seed"])
    g.history = read_history(d["history"], g.options)
    g.totals = read_totals(d["totals"], g.history, g.options.sides)
    g.round = None if d["round"] is None else read_round(round_cls, d["round"])
    g.over, g.winner = d["over"], d["winner"]
    check_game(g)
    return g


def round_score_range(options: NertsOptions) -> range:
    """Every score one round can give a seat: all 13 Pile cards left (and nothing
    played) up to the whole deck played with the bonus."""
    return range(-PILE_SIZE * options.pile_penalty, 52 + options.call_bonus + 1)


def read_history(history, options: NertsOptions) -> list[list[int]]:
    scores = round_score_range(options)
    if not (isinstance(history, list) and all(
            isinstance(h, list) and len(h) == options.sides and all(is_int(x) and x in scores for x in h)
            for h in history)):
        raise ValueError("bad history: a round's scores out of range")
    return [list(h) for h in history]


def read_totals(totals, history: list[list[int]], seats: int) -> list[int]:
    if not (isinstance(totals, list) and len(totals) == seats and all(map(is_int, totals))):
        raise ValueError("bad totals")
    sums = [sum(col) for col in zip(*history)] if history else [0] * seats
    if totals != sums:
        raise ValueError("the totals are not the sums of the rounds")
    return list(totals)


def game_winner(totals: list[int], target: int) -> int | None:
    """The seat that has won: the single highest total, at the target or over."""
    top = max(totals)
    if top >= target and totals.count(top) == 1:
        return totals.index(top)
    return None


def check_game(g) -> None:
    """The game's records against each other; ValueError if they disagree."""
    if not isinstance(g.over, bool) or not (g.winner is None or is_int(g.winner)):
        raise ValueError("bad over or winner")
    winner = game_winner(g.totals, g.options.target)
    if g.winner != winner or g.over != (winner is not None):
        raise ValueError("the game's end does not follow from its totals")
    if g.round is not None:
        if g.over:
            raise ValueError("a round in a game that is over")
        if g.round.options != g.options:
            raise ValueError("the round's options differ from the game's")
        if not g.history and is_deal_no(g.seed) and g.round.deal_no != g.seed:
            raise ValueError("the first round is not dealt from the game's deal number")
