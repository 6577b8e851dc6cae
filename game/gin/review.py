"""After a Gin hand: the turns where the expert would have drawn or discarded otherwise,
with the points at stake. No pygame here.

    review(replay, seat) -> lines          differences(replay, seat) -> (decisions, [Difference])

The hand is walked move by move (replays.ReplayCursor). At each of the seat's draws
(take the upcard, the Stock, or pass) and discards (gin and knock included) a fresh
expert, seeded from the move's position, decides on that seat's view as it stood; where
it chose otherwise the review says what the player did, what the expert would have
done and why (game/gin/coach.py's reason, with its figures: the least points each
choice leaves, the Stock's average), and, the hand being over, what hindsight shows:
the card the Stock gave, or what a knock would have scored against the hand the
opponent really held.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.cards import card_text
from game.gin import melds as M
from game.gin import replay_codec
from game.gin.ai import make_ai
from game.gin.coach import explain, feed_chance, least_after_discard
from game.gin.rules import Discard, DrawStock, GinGame, GoOut, LayDown, Pass, Redeal, TakeUpcard
from game.replays import Replay, ReplayCursor
from game.words import counted

REVIEW_SEED = 2100       # the expert of the move at position k is made on REVIEW_SEED + k
DRAWS = (TakeUpcard, DrawStock, Pass)
DISCARDS = (Discard, GoOut)
FEED_STAKE = 0.05        # a difference in the chance of feeding the opponent worth a line


@dataclass(frozen=True)
class Difference:
    position: int       # the move's index in the replay (the state before it: cursor position)
    turn: int           # the seat's turn in the hand, 1 first
    played: Any         # the player's move
    expert: Any         # the expert's
    lines: tuple        # what the review says of it


def differences(replay: Replay, seat: int) -> tuple[int, list[Difference]]:
    """(the seat's draw and discard decisions in the hand, those the expert would have
    made otherwise). ReplayError if the replay cannot be played."""
    cur = ReplayCursor(replay, replay_codec)
    opponent = opponent_name(replay, seat)
    decisions, found, turn = 0, [], 0
    for pos, group in enumerate(cur.groups):
        _, who, move = group[0]
        if isinstance(move, Redeal):
            turn = 0
        before = cur.engine.copy() if who == seat and isinstance(move, DRAWS + DISCARDS) else None
        cur.forward()
        if before is None or before.phase not in ("offer", "draw", "discard"):
            continue
        if isinstance(move, DRAWS):
            turn += 1
        decisions += 1
        view = before.view(seat)
        expert = make_ai("expert", REVIEW_SEED + pos).choose(view)
        if _same(move, expert) or not _at_stake(view, move, expert):
            continue
        lines = (_turn_line(view, turn, move, cur.engine, seat),
                 "  Expert: " + explain(view, expert, opponent)) \
            + _feed_line(view, move, expert, opponent) + _hindsight(before, view, move, expert, opponent)
        found.append(Difference(pos, max(turn, 1), move, expert, lines))
    return decisions, found


def review(replay: Replay, seat: int) -> list[str]:
    """The review of `seat`'s play in the hand, line by line."""
    decisions, found = differences(replay, seat)
    lines = [f"{replay.label}: {replay.result}" if replay.result else replay.label]
    if replay.coached:      # before the summary, whose colon opens the list of turns
        lines.append(f"You asked the coach {counted(replay.coached, 'time')}.")
    if not decisions:
        lines.append("No draw or discard of yours to review in this hand.")
    elif not found:
        what = ("your one draw or discard" if decisions == 1
                else f"each of your {decisions} draws and discards")
        lines.append(f"The expert would have made {what} as you did.")
    else:
        same = decisions - len(found)
        lines.append(f"Of your {decisions} draws and discards the expert would have made "
                     f"{same} the same; the other {len(found)}:")
    for d in found:
        lines.append("")
        lines += d.lines
    return lines


def opponent_name(replay: Replay, seat: int) -> str:
    other = replay.seats[1 - seat]
    return "the computer" if other.kind == "computer" else other.name


def _same(played: Any, expert: Any) -> bool:
    """The same decision: the same kind of draw; the same discard, going out or not (the
    groups a knock lays down are not weighed here)."""
    if type(played) is not type(expert):
        return False
    return played.discard == expert.discard if isinstance(played, GoOut) else played == expert


def _at_stake(view, played: Any, expert: Any) -> bool:
    """Something differs between the two: not two discards that leave the same points
    and give the opponent the same chance of a group (nothing to learn from such a turn)."""
    if not (isinstance(played, Discard) and isinstance(expert, Discard)):
        return True
    hand = M.cards_to_mask(view.hand)
    left = [M.min_deadwood_mask(hand ^ M.card_bit(m.card)) for m in (played, expert)]
    feed = abs(feed_chance(view, played.card) - feed_chance(view, expert.card))
    return left[0] != left[1] or feed >= FEED_STAKE


def _turn_line(view, turn: int, move: Any, after: GinGame, seat: int) -> str:
    """What the player did, with the points it left."""
    label = "The first upcard" if view.phase == "offer" else f"Turn {turn}"
    hand = M.cards_to_mask(view.hand)
    if isinstance(move, TakeUpcard):
        up = view.pile[-1]
        banned = 0 if view.options.discard_taken_upcard else M.card_bit(up)
        left = least_after_discard(hand | M.card_bit(up), banned)
        return f"{label}: you took {card_text(up)} ({counted(left, 'point')} at best after your discard)."
    if isinstance(move, Pass):
        return f"{label}: you passed {card_text(view.pile[-1])}."
    if isinstance(move, DrawStock):
        got = set(after.view(seat).hand) - set(view.hand)
        if not got:
            return f"{label}: you drew from the Stock."
        card = got.pop()
        left = least_after_discard(hand | M.card_bit(card))
        return (f"{label}: you drew from the Stock ({card_text(card)}: {counted(left, 'point')} at best "
                "after your discard).")
    if isinstance(move, GoOut):
        if move.discard is None:
            return f"{label}: you went Big Gin."
        left = M.min_deadwood_mask(hand ^ M.card_bit(move.discard))
        how = "went gin" if left == 0 else f"knocked with {left}"
        return f"{label}: you {how}, discarding {card_text(move.discard)}."
    left = M.min_deadwood_mask(hand ^ M.card_bit(move.card))
    return f"{label}: you threw {card_text(move.card)} ({counted(left, 'point')} left)."


def _feed_line(view, played: Any, expert: Any, opponent: str) -> tuple:
    """Two discards apart: the chance each gives the opponent a group, when it differs."""
    if not (isinstance(played, Discard) and isinstance(expert, Discard)):
        return ()
    mine, its = feed_chance(view, played.card), feed_chance(view, expert.card)
    if abs(mine - its) < FEED_STAKE:
        return ()
    return (f"  Chance that {opponent} can group it: your {card_text(played.card)} {mine:.0%}, "
            f"the expert's {card_text(expert.card)} {its:.0%}.",)


def _hindsight(before: GinGame, view, played: Any, expert: Any, opponent: str) -> tuple:
    """With the hand over, what a different going out would have scored against the hand
    the opponent really held (his best lay-down); () when neither move goes out."""
    out = []
    for who, move in (("Your", played), ("The expert's", expert)):
        if isinstance(move, GoOut):
            out.append(f"  {who} {'gin' if _is_gin(view, move) else 'knock'} "
                       + _score_of(before, view.seat, move, opponent) + ".")
    return tuple(out)


def _is_gin(view, move: GoOut) -> bool:
    return move.discard is None or M.min_deadwood_mask(
        M.cards_to_mask(view.hand) ^ M.card_bit(move.discard)) == 0


def _score_of(before: GinGame, seat: int, move: GoOut, opponent: str) -> str:
    """What going out with `move` scores once the opponent lays down his real hand."""
    g = before.copy()
    g.apply(move)
    events = g.apply(LayDown(1 - seat))
    scored = next(ev for ev in events if ev.kind == "hand_scored")
    pts = scored.data["points"]
    if scored.data["winner"] == seat:
        return f"wins {counted(pts, 'point')}"
    return f"is underknocked: {counted(pts, 'point')} to {opponent}"
