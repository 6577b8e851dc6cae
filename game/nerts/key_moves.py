"""A Nerts player's keys made moves, the same at every table a player's keys drive
(seat_play.SeatPlay: the local table's controller, a joiner's at a network table): a
source key chooses a card, then a column key or the Scoring Area key (or the source
key again) makes the move through the table's `try_move`. Pure: no pygame.
"""
from __future__ import annotations

from game.nerts.moves import COLUMN, PILE, WASTE, Move
from game.nerts.piles import fits_column


def press(ctl, seat: int, action: str):
    """One key of a human seat at a table's controller `ctl` (this table's, or a joiner's
    of a network table: game/nerts/seat_play.py): a source chosen, or the move made
    through ctl.try_move. False (the App beeps) when refused, the reason said."""
    if ctl.phase != "play":
        return False
    s = ctl.seats[seat]
    if action in ("flip", "vote"):
        s.selected = None
        return ctl.try_move(seat, Move.flip() if action == "flip" else Move.vote())
    if action == "cancel":
        was, s.selected = s.selected, None
        return was is not None
    src, s.selected = s.selected, None
    if action == "found":
        if src is None:
            ctl.say(s, "Choose a card first (a pile key), then the Scoring Area.")
            return False
        return ctl.try_move(seat, to_scoring(src))
    # a pile key: choose a source, or put the chosen card there
    lay = ctl.game.round.layout_of(seat)
    if src is None:
        reason = source_refusal(lay, action)
        if reason:
            ctl.say(s, reason)
            return False
        s.selected = action
        return True
    if action == src:
        return ctl.try_move(seat, to_scoring(src))
    if not action.startswith("col"):
        ctl.say(s, "A card goes onto a column or to the Scoring Area.")
        return False
    return ctl.try_move(seat, to_column(lay, src, int(action[3]) - 1, ctl.game.options.move_runs))


def source_refusal(lay, action: str) -> str | None:
    if action == "pile":
        return None if lay.pile else "Your Pile is empty."
    if action == "waste":
        return None if lay.waste else "Your waste is empty: flip the Stack."
    i = int(action[3]) - 1
    return None if lay.columns[i] else f"Column {i + 1} is empty."


def to_scoring(src: str) -> Move:
    if src == "pile":
        return Move.to_scoring(PILE)
    if src == "waste":
        return Move.to_scoring(WASTE)
    return Move.to_scoring(COLUMN, col=int(src[3]) - 1)


def to_column(lay, src: str, dest: int, move_runs: bool) -> Move:
    if src == "pile":
        return Move.to_column(PILE, dest)
    if src == "waste":
        return Move.to_column(WASTE, dest)
    col = int(src[3]) - 1
    count = None
    column, target = lay.columns[col], lay.columns[dest]
    if move_runs and target and column:
        # the one run whose bottom card fits the destination (ranks are distinct)
        for k, card in enumerate(column):
            if fits_column(card, target[-1]):
                count = None if k == 0 else len(column) - k
                break
    return Move.to_column(COLUMN, dest, col=col, count=count)
