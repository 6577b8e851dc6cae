"""The Gin table's notes and statistics, without pygame: the line that tells the other
player's turn (the computer's, or in hot seat the other human's, never naming a card
drawn from the Stock), the sounds of the events, and the counts kept after each hand
(statistics per level and per variant). A mixin of GinController (self.game, names,
me, hot_seat, app, note, other_note).
"""
from __future__ import annotations

from game.cards import Card, card_text
from game.engine import Event
from game.gin import settings as S
from game.table_support import record_stats


class TableNotes:
    def who(self, seat: int) -> str:
        """The subject of a sentence about a seat's move."""
        if seat == self.me and not self.hot_seat:
            return "You"
        return self.names[seat] if self.hot_seat else "The computer"

    def _narrate(self, events):
        for ev in events:
            k = ev.kind
            card = ev.get("card")
            ctext = card_text(Card.parse(card)) if card else ""
            seat = ev.seat
            if seat is not None and (self.hot_seat or seat != self.me):
                drew = self._took if k == "discard" else ""
                line = self._turn_line(seat, k, ev, ctext)
                if line and drew:   # the draw was said as it was made: the voice says the discard
                    self._other_note = line
                    self._say(f"{self.who(seat)} discards {ctext}.")
                elif line:
                    self.other_note = line
            if k in ("take_upcard", "draw_stock", "discard"):
                self.app.sound("card")
            elif k in ("gin", "knock"):
                self.app.sound("call")
            elif k == "deal":
                self.app.sound("shuffle")
                self.note = ""     # nothing of the last hand stays in the notes
                self.other_note = f"Hand {ev.data['hand_no']}: {self.names[ev.data['dealer']]} dealt."
            elif k == "dead_hand":
                self.other_note = "Two cards left in the Stock: the hand is dead."
            elif k == "game_won":
                self.app.sound("win" if ev.data["winner"] == self.me or self.hot_seat else "lose")

    def _turn_line(self, seat: int, kind: str, ev: Event, ctext: str) -> str | None:
        """The notes' line for the other player's move; a draw and discard of one turn
        share a line ("The computer takes your 10\\x04 and discards 3\\x05."). A card
        drawn from the Stock is never named (it is private to its player)."""
        who = self.who(seat)
        if kind == "take_upcard":
            mine = self.game.discards[1 - seat][-1:] == [Card.parse(ev.data["card"])]
            self._took = f"{who} takes {'your' if mine else 'the upcard'} {ctext}"
            return self._took + "."
        if kind == "draw_stock":
            self._took = f"{who} draws from the Stock"
            return self._took + "."
        if kind == "discard":
            took, self._took = self._took, ""
            return f"{took} and discards {ctext}." if took else f"{who} discards {ctext}."
        return {
            "pass": f"{who} passes the upcard {ctext}.",
            "knock": f"{who} knocks with {ev.get('deadwood')}!",
            "gin": f"GIN! {who} goes {'Big Gin' if ev.get('discard') is None else 'gin'}.",
            "lay_down": f"{who} lays down the groups"
                        + (f" and lays off {len(ev.data['layoffs'])}." if ev.get("layoffs") else "."),
        }.get(kind)

    def _record(self, events) -> None:
        """The hand's counts for the statistics, by level and by variant (hot seat: the
        first player's, under the level "hot seat")."""
        counts, bests = self._hand_stats(events)
        record_stats(self.app.stats, "gin", counts, bests,
                     level="hot seat" if self.hot_seat else self.level,
                     variant=S.variant_name(self.game.options))

    def _hand_stats(self, events) -> tuple[dict, dict]:
        """Hands and games played and won, gins, knocks, underknocks, blitzes; bests."""
        g = self.game
        me = 0 if self.hot_seat else self.me
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
