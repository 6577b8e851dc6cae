"""What the Gin table says (issue #23), without pygame: the item under the cursor or
the arrow, the F10 question with the hand in groups, the result of a hand, and the F11
state (your hand in groups with its unplayable points, the upcard, the Stock, the
scores). In hot seat nothing of the other human's hand is ever said. The words are made
by game.spoken (card names); the App speaks them.
"""
from __future__ import annotations

from game.gin import melds as M
from game.spoken import RANK_NUMBERS, SUIT_LETTERS, card_name, cards_text
from game.words import counted

MARK_WORDS = {" ": "unplayable", "P": "on the knocker's groups"}


def _card(c) -> str:
    return card_name(c.rank, c.suit)


def result_lines(tbl) -> list[str]:
    """The lines of the box shown when a hand is over (drawn and spoken)."""
    return hand_result_lines(tbl.seen.last_record, tbl.names)


def hand_result_lines(r, n: list[str]) -> list[str]:
    """The lines of a hand's result (a HandRecord; None: no hand scored yet), with the
    seats' names: the table's box, and a replay's result (Gin's replay codec)."""
    if r is None:
        return []
    if r.how == "dead":
        return ["The hand is dead:", "two cards left in the Stock.", "No score.",
                f"{n[r.dealer]} deals again."]
    ko, de = r.out_seat, 1 - r.out_seat
    lines = [{"gin": f"GIN! by {n[ko]}", "big_gin": f"BIG GIN! by {n[ko]}"}.get(
        r.how, f"{n[ko]} knocked with {r.deadwood[ko]}"), f"{n[de]}: {r.deadwood[de]} unplayable"]
    if r.how == "underknock":
        lines.append("UNDERKNOCK!")
    if r.doubled:
        lines.append("Oklahoma spade: doubled")
    lines.append(f"{n[r.winner]} scores {r.points}")
    return lines


class FocusLine:
    """What a table says of its focus (the scene's spoken_focus): the item under the
    cursor, with the note a key has just set said once before it."""

    def __init__(self) -> None:
        self.item = self.text = ""

    def __call__(self, tbl) -> str:
        item = focus(tbl)
        if item != self.item or tbl.note_unsaid:
            note = tbl.note if tbl.note_unsaid else ""
            self.text = ". ".join(t.rstrip(".") for t in (note, item) if t)
            self.item, tbl.note_unsaid = item, False
        return self.text


def groups_text(cards, marks) -> str:
    """A hand in marked groups in words: "group 1: 2, 3, 4 of diamonds; unplayable: ..."."""
    parts = []
    for g in "123P ":
        group = [c for c, m in zip(cards, marks) if m == g]
        if group:
            label = f"group {g}" if g in "123" else MARK_WORDS[g]
            parts.append(f"{label}: {cards_text(group)}")
    dw = M.deadwood_value(c for c, m in zip(cards, marks) if m == " ")
    return "; ".join(parts) + f". {dw} unplayable points"


def focus(tbl) -> str:
    """The item under the cursor, or what the table waits for."""
    g, m = tbl.seen, tbl.mode
    if g is None:
        return "Waiting for the host"
    if m == "handover":
        name = tbl.names[tbl.handover_to]
        return f"{name}'s turn. Hand the keyboard to {name}; {name}, press Enter."
    if m == "result":
        return ". ".join(result_lines(tbl)) + ". Press any key"
    if m == "confirm":
        a = tbl.arr
        return ("Is that how you want your hand played? Y or N. "
                + groups_text(a.cards, a.marks))
    if m == "mark":
        a = tbl.arr
        mark = a.marks[a.cursor]
        return f"{_card(a.cards[a.cursor])}, {MARK_WORDS.get(mark, 'group ' + mark)}"
    if not tbl.my_turn:
        return f"{tbl.names[g.turn]} plays"
    if tbl.focus == "pickup":
        if tbl.target == "stock":
            return f"Stock, {g.stock_size} cards"
        return f"upcard, {_card(g.pile[-1])}" if g.pile else "the Pile is empty"
    if tbl.focus == "arrow":
        held = f"holding {_card(tbl.picked)}, " if tbl.picked is not None else ""
        where = (f"arrow before {_card(tbl.order[tbl.arrow])}" if tbl.arrow < len(tbl.order)
                 else "arrow at the end")
        return held + where
    if not tbl.order:
        return ""
    return f"{_card(tbl.order[tbl.sel])}, card {tbl.sel + 1} of {len(tbl.order)}"


def state(tbl) -> str:
    """F11: your hand in groups, the upcard, the Stock, the knock value, the scores."""
    g = tbl.seen
    if g is None:
        return "Waiting for the host."
    parts = []
    if tbl.mode != "handover":
        hand = g.hand
        melds, un = M.best_melds(hand)
        groups = "; ".join(f"group {k + 1}: {cards_text(m)}" for k, m in enumerate(melds))
        parts.append(f"Your hand: {groups + '; ' if groups else ''}unplayable: {cards_text(un)}, "
                     f"{counted(M.deadwood_value(un), 'point')}")
    parts.append(f"Upcard: {_card(g.pile[-1])}" if g.pile else "The Pile is empty")
    parts.append(f"Stock: {g.stock_size} cards")
    parts.append(g.options.knock_limit(g.first_upcard))
    for i, gs in enumerate(g.games):
        head = f"Game {i + 1}: " if len(g.games) > 1 else "Score: "
        parts.append(head + f"{tbl.names[0]} {gs.total(0)}, {tbl.names[1]} {gs.total(1)}")
    return ". ".join(parts) + "."


def by_suit(tbl) -> str | None:
    """Ctrl+F11: your hand suit by suit, low to high (nothing behind a hot-seat hand-over)."""
    if tbl.mode == "handover" or tbl.seen is None:
        return None
    hand = tbl.seen.hand
    parts = []
    for suit in "CDHS":
        ranks = sorted(c.rank for c in hand if c.suit == suit)
        parts.append(f"{SUIT_LETTERS[suit]} {len(ranks)}"
                     + (": " + ", ".join(RANK_NUMBERS.get(r, str(r)) for r in ranks) if ranks else ""))
    return "Your hand by suit. " + "; ".join(parts) + "."


def over_lines(tbl) -> list[str]:
    """The game over box of a joined table (game/table/remote_end.py): the last hand's
    result, who won, the scores, from the last view."""
    v = tbl.seen
    if v is None:
        return []
    totals = [sum(g.total(s) for g in v.games) for s in (0, 1)]
    if totals[0] == totals[1]:
        verdict = "A tie!"
    else:
        w = 0 if totals[0] > totals[1] else 1
        who = "You win" if w == v.seat else f"{tbl.names[w]} wins"
        verdict = f"{who} by {counted(abs(totals[0] - totals[1]), 'point')}."
    return [*result_lines(tbl), "", f"The game is over: {verdict}",
            f"Scores: {tbl.names[0]} {totals[0]}, {tbl.names[1]} {totals[1]}."]
