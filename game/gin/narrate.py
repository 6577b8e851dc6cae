"""The Gin table's narrator (as Gnono's and Go-Stop's narrate.py: what the engine's
events say in the notes, and their sounds) and statistics, without pygame: the line that tells the other
player's turn (the computer's, or the other human's in hot seat or over the network,
never naming a card drawn from the Stock), the sounds of the events, and the counts
kept after each hand (statistics per level and per variant). A table's SeatPlay
(seat_play.py) holds a Narrator (its `narrator`), which reads the seat's view (`seen`)
and writes the table's notes (names, me, opponent_named, app, note, other_note,
_other_note, _say); record and hand_stats read the local table's engine.
"""
from __future__ import annotations

from game.cards import Card, card_text
from game.engine import Event
from game.gin import settings as S
from game.stats import GameEnd
from game.table_support import record_stats


def who(t, seat: int) -> str:
    """The subject of a sentence about a seat's move at table `t`."""
    if seat == t.me and not t.hot_seat:
        return "You"
    return t.names[seat] if t.opponent_named else "The computer"


class Narrator:
    """The notes and sounds of the events at one table; keeps the other player's draw
    of this turn (`took`) to say it with the discard."""

    def __init__(self, table) -> None:
        self.table = table
        self.took = ""

    def narrate(self, events) -> None:
        t = self.table
        for ev in events:
            k = ev.kind
            card = ev.get("card")
            ctext = card_text(Card.parse(card)) if card else ""
            seat = ev.seat
            if seat is not None and (t.hot_seat or seat != t.me):
                drew = self.took if k == "discard" else ""
                line = self.turn_line(seat, k, ev, ctext)
                if line and drew:   # the draw was said as it was made: the voice says the discard
                    t._other_note = line
                    t._say(f"{who(t, seat)} discards {ctext}.")
                elif line:
                    t.other_note = line
            if k in ("take_upcard", "draw_stock", "discard"):
                t.app.sound("card")
            elif k in ("gin", "knock"):
                t.app.sound("call")
            elif k == "deal":
                t.app.sound("shuffle")
                t.note = ""     # nothing of the last hand stays in the notes
                t.other_note = f"Hand {ev.data['hand_no']}: {t.names[ev.data['dealer']]} dealt."
            elif k == "dead_hand":
                t.other_note = "Two cards left in the Stock: the hand is dead."
            elif k == "game_won":
                t.app.sound("win" if ev.data["winner"] == t.me or t.hot_seat else "lose")

    def turn_line(self, seat: int, kind: str, ev: Event, ctext: str) -> str | None:
        """The notes' line for the other player's move; a draw and discard of one turn
        share a line ("The computer takes your 10\\x04 and discards 3\\x05."). A card
        drawn from the Stock is never named (it is private to its player)."""
        subject = who(self.table, seat)
        if kind == "take_upcard":
            v = self.table.seen
            theirs = v.my_discards if v.seat == 1 - seat else v.opp_discards
            mine = theirs[-1:] == (Card.parse(ev.data["card"]),)
            self.took = f"{subject} takes {'your' if mine else 'the upcard'} {ctext}"
            return self.took + "."
        if kind == "draw_stock":
            self.took = f"{subject} draws from the Stock"
            return self.took + "."
        if kind == "discard":
            took, self.took = self.took, ""
            return f"{took} and discards {ctext}." if took else f"{subject} discards {ctext}."
        return {
            "pass": f"{subject} passes the upcard {ctext}.",
            "knock": f"{subject} knocks with {ev.get('deadwood')}!",
            "gin": f"GIN! {subject} goes {'Big Gin' if ev.data.get('discard', '') is None else 'gin'}.",
            "lay_down": f"{subject} lays down the groups"
                        + (f" and lays off {len(ev.data['layoffs'])}." if ev.get("layoffs") else "."),
        }.get(kind)


def record(t, events, coach_uses: int) -> None:
    """A hand's counts for the statistics, by level and by variant (hot seat: the first
    player's, under the level "hot seat"; a hosted network table's under "network"),
    with the coach's hints once it is over."""
    me = 0 if t.hot_seat else t.me
    counts, bests = hand_stats(t.game, events, me)
    if coach_uses:
        counts["coach_uses"] = coach_uses
    record_stats(t.app.stats, "gin", counts, bests,
                 level="hot seat" if t.hot_seat else "network" if t.networked else t.level,
                 variant=S.variant_name(t.game.options), ended=games_ended(events, me))


def games_ended(events, me: int) -> list[GameEnd]:
    """The games a hand finished (Hollywood: up to three), for the history: each game's
    totals with its bonuses, seat `me` the player's."""
    return [GameEnd(tuple(ev.data["totals"]), (me,), ev.data["winner"])
            for ev in events if ev.kind == "game_won"]


def hand_stats(g, events, me: int) -> tuple[dict, dict]:
    """Hands and games played and won by seat `me`, gins, knocks, underknocks, blitzes; bests."""
    counts: dict[str, int] = {}
    best: dict[str, int] = {}
    for ev in events:
        k = ev.kind
        if k == "hand_scored":
            won = ev.data["winner"] == me
            counts.update(hands_played=1, hands_won=int(won),
                          gins=int(won and ev.data["how"] in ("gin", "big_gin")),
                          knocks=int(g.out_seat == me and g.out_kind == "knock"),
                          underknocks=int(won and ev.data["how"] == "underknock"))
            if won:
                best["best_hand"] = ev.data["points"]
        elif k == "dead_hand":
            counts["hands_played"] = 1
        elif k == "game_won":
            won = ev.data["winner"] == me
            counts["games_played"] = counts.get("games_played", 0) + 1
            counts["games_won"] = counts.get("games_won", 0) + int(won)
            counts["blitzes"] = counts.get("blitzes", 0) + int(won and ev.data["blitz"])
            if won:
                best["best_score"] = max(best.get("best_score", 0), ev.data["totals"][me])
    return counts, best
