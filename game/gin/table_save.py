"""The Gin table's save: the engine's game (game/gin/saves.py) with what the table
adds — the player's name, the computer's level and random state, this session's
options, the player's order of his cards and the card he holds — and its one
validation path. No pygame here.

    write(storage, table) -> bool        read(storage) -> dict | None (a bad save set aside)
"""
from __future__ import annotations

from game import challenges, presets
from game.challenges import Challenge
from game.engine import is_int, rng_state_to_json
from game.gin import replay_codec
from game.gin import settings as S
from game.gin.arrangement import HUMAN
from game.gin.rules import GinGame
from game.gin.saves import card_or_none, cards, flag, game_rng
from game.gin.table_coach import coach_from_json
from game.storage import GAME_LOST

SAVE_NAME, SAVE_KIND, SAVE_SCHEMA = "gin.json", "gin-game", 1
KEYS = frozenset(("game", "name", "level", "ai_seed", "session", "order", "picked", "show_cpu", "ai_rng"))
# hot seat: the seat at the bottom (0 when absent); the hand's recording so far, the
# deal challenge played and the coach's hints (issue #21: a save from before has none)
OPTIONAL_KEYS = frozenset(("me", "replay", "challenge", "coach"))
SESSION_KEYS = frozenset(("oklahoma", "hollywood", "name"))
# added with the presets and hot seat (a save from before has none: their defaults)
SESSION_MORE = {"opponent": "computer", "name2": "Player 2", "preset": "", "rules": {}}


def ai_rng_at_rest(ai):
    """The computer's random state to keep: as it was before a choice under way began
    (a resumed game thinks that choice over from the start, and chooses the same)."""
    at_rest = getattr(ai, "rng_at_rest", None)
    return at_rest() if at_rest is not None else getattr(ai, "rng", None)


def table_to_json(t) -> dict:
    rng = ai_rng_at_rest(None if t.bot is None else t.bot.ai)
    return {"game": t.game.to_json(), "name": t.names[0], "level": t.level,
            "ai_seed": t.ai_seed, "session": dict(t.session),
            "order": [str(c) for c in t.order],
            "picked": None if t.picked is None else str(t.picked),
            "show_cpu": t.show_cpu, "me": t.me,
            "ai_rng": rng_state_to_json(rng) if rng is not None else None,
            "replay": t.recording.to_json(),
            "challenge": None if t.challenge is None else challenges.encode(t.challenge, replay_codec),
            "coach": t.coaching.to_json()}


def write(storage, t) -> bool:
    return storage.write_json(SAVE_NAME, SAVE_KIND, SAVE_SCHEMA, table_to_json(t))


def read(storage) -> dict | None:
    """The checked save (see validate), or None: no save, or a bad one (set aside, told)."""
    return storage.read_json(SAVE_NAME, SAVE_KIND, SAVE_SCHEMA, validate, GAME_LOST)


def validate(data) -> dict:
    """Every field of a table save checked; ValueError names the first that is wrong."""
    if not isinstance(data, dict) or not KEYS <= set(data) <= KEYS | OPTIONAL_KEYS:
        raise ValueError("not a Gin table save")
    game = GinGame.from_json(data["game"])
    if game.phase == "game_over":
        raise ValueError("the saved game is over")
    session = _session(data["session"], game)
    me = data.get("me", HUMAN)
    if me not in (0, 1) or isinstance(me, bool) or (me != HUMAN and session["opponent"] != "human"):
        raise ValueError("bad seat at the bottom")
    show_cpu = flag(data["show_cpu"], "show_cpu")
    if show_cpu and session["opponent"] == "human":
        raise ValueError("hot seat shows no hand of the other player")
    return {"game": game, "name": _name(data["name"]), "level": _level(data["level"]),
            "ai_seed": _seed(data["ai_seed"]), "session": session, "me": me,
            **_hand_order(data, game, me), "show_cpu": show_cpu,
            "ai_rng": None if data["ai_rng"] is None else game_rng(data["ai_rng"]),
            # worth less than the game: a damaged one is dropped, never a reason to refuse
            "replay": data.get("replay"), "challenge": _challenge(data.get("challenge")),
            "coach": coach_from_json(data.get("coach"))}


def _challenge(code) -> Challenge | None:
    if code is None:
        return None
    try:
        ch = challenges.decode(code, [replay_codec]) if isinstance(code, str) and len(code) <= 200 else None
    except challenges.ChallengeError:
        return None
    return ch if ch is not None and ch.game == "gin" else None


def _name(name) -> str:
    if not (isinstance(name, str) and 0 < len(name) <= S.NAME_MAX and name.isprintable()):
        raise ValueError("bad name")
    return name


def _level(level) -> str:
    if level not in S.LEVELS:
        raise ValueError("bad level")
    return level


def _seed(seed) -> int:
    if not (is_int(seed) and 0 <= seed < 10 ** 30):
        raise ValueError("bad computer seed")
    return seed


def _session(session, game) -> dict:
    """This session's options: the game's own Oklahoma and Hollywood (a new game is
    dealt with them), and the player's name."""
    if not isinstance(session, dict) or not SESSION_KEYS <= set(session) <= SESSION_KEYS | set(SESSION_MORE):
        raise ValueError("bad session")
    for key in ("oklahoma", "hollywood"):
        if flag(session[key], key) != getattr(game.options, key):
            raise ValueError(f"the session's {key} is not the game's")
    more = {**SESSION_MORE, **{k: session[k] for k in SESSION_MORE if k in session}}
    if more["opponent"] not in ("computer", "human"):
        raise ValueError("bad opponent")
    preset = more["preset"]
    if not (isinstance(preset, str) and len(preset) <= presets.NAME_MAX and preset.isprintable()):
        raise ValueError("bad preset name")
    rules = S.BOOK.check_values(more["rules"])
    if not set(rules) <= set(S.RULE_KEYS) - {"gin.oklahoma", "gin.hollywood"}:
        raise ValueError("a session rule that is not a rule")
    return {"oklahoma": session["oklahoma"], "hollywood": session["hollywood"],
            "name": _name(session["name"]), "opponent": more["opponent"],
            "name2": _name(more["name2"]), "preset": preset, "rules": rules}


def _hand_order(data, game, me: int) -> dict:
    """The player's order of his cards (a part of his hand; the rest is added in order)
    and the card he took and holds, which exists only in his discard phase."""
    order = cards(data["order"], 11)
    picked = card_or_none(data["picked"])
    hand = game.hands[me]
    if len(set(order)) != len(order) or any(c not in hand for c in order):
        raise ValueError("the saved hand order does not match the hand")
    if picked is not None and (picked not in hand or picked in order
                               or game.phase != "discard" or game.turn != me):
        raise ValueError("a card held in the hand but not in its order, out of the discard phase")
    return {"order": order, "picked": picked}


def restore(t, d: dict) -> None:
    """Put a read save's table state into a fresh table `t` (built on d["game"])."""
    if d["ai_rng"] is not None and t.bot is not None and hasattr(t.bot.ai, "rng"):
        t.bot.ai.rng = d["ai_rng"]
    t.me = d["me"]
    t.order = d["order"]
    t.picked = d["picked"]
    t._sync_order()
    t.show_cpu = d["show_cpu"]
    t.recording.restore(d["replay"], t.game)
    t.challenge = d["challenge"]
    t.coaching.restore(d.get("coach"))
    if t.picked is not None and t.mode == "play":
        t.focus, t.arrow, t.flash = "arrow", len(t.order), False
    elif t.game.phase == "discard" and t.game.turn == t.me:
        t.focus, t.flash = "hand", False
    if t.hot_seat and t.mode != "result":
        # whoever opens the save may not be the player at the bottom: hide the hands first
        t.mode, t.handover_to = "handover", t.game.turn


