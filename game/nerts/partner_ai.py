"""A computer partner in a Nerts partnership (game/nerts/ai.py hands it the decision
when its SeatView has a role). Partners share one layout and split it, so they never
race each other for a card:

  "pile" share   Pile to the Scoring Area, column tops to the Scoring Area (those that
                 empty a column first), Pile onto a column, column onto column when it
                 frees a space; otherwise it waits. It leaves the agreeing to its partner.
  "stack" share  waste to the Scoring Area, waste onto a column when it helps (never
                 onto a column the Pile top fits: that place is its partner's next
                 play), flip; after a whole pass without a play, any waste card that
                 fits; it agrees to rotate only when the whole layout is stuck (its
                 partner has no play either, and no card of the Stack fits).

Pure: no pygame; sees only the SeatView.
"""
from __future__ import annotations

from collections.abc import Callable

from game.cards import Card
from game.nerts.moves import COLUMN, NUM_COLUMNS, PILE, WASTE, Move
from game.nerts.piles import fits_column
from game.nerts.standstill import card_fits, pass_tops
from game.nerts.view import SeatView


def decide_partner(ai, v: SeatView, scores: Callable[[Card], bool],
                   seen: Callable[[], bool]) -> tuple[Move | None, str]:
    """The move of a computer partner now and its kind, or (None, "wait")."""
    cols, pile = v.columns, v.pile_top
    if v.role == "pile":
        return _pile_share(ai, v, scores, seen, cols, pile)
    return _stack_share(ai, v, scores, seen, cols, pile)


def _pile_share(ai, v, scores, seen, cols, pile):
    if pile is not None and scores(pile) and seen():
        return Move.to_scoring(PILE), "score"
    order = sorted((i for i in range(NUM_COLUMNS) if cols[i]),
                   key=lambda i: (len(cols[i]) > 1, cols[i][-1].rank))
    for i in order:
        if scores(cols[i][-1]) and seen():
            return Move.to_scoring(COLUMN, col=i), "score"
    if pile is not None:
        for j in range(NUM_COLUMNS):
            if cols[j] and fits_column(pile, cols[j][-1]) and seen():
                return Move.to_column(PILE, j), "column"
    m = ai._column_move(v, scores)
    if m is not None and seen():
        return m, "column"
    return None, "wait"


def _partner_can_play(v: SeatView, scores, cols, pile) -> bool:
    """The pile share has a play (so the layout is not at a standstill)."""
    if pile is not None and card_fits(pile, cols, scores):
        return True
    if any(col and scores(col[-1]) for col in cols):
        return True
    return any(col and any(j != i and dest and fits_column(col[0], dest[-1])
                           for j, dest in enumerate(cols))
               for i, col in enumerate(cols))


def _stack_share(ai, v, scores, seen, cols, pile):
    waste = v.waste_top
    partners_spot = {j for j in range(NUM_COLUMNS)
                     if pile is not None and cols[j] and fits_column(pile, cols[j][-1])}
    if waste is not None and scores(waste) and seen():
        return Move.to_scoring(WASTE), "score"
    if waste is not None:
        m = ai._helpful_waste(v, scores)
        if m is not None and m.to not in partners_spot and seen():
            return m, "column"
    whole_pass = v.idle_flips >= v.stack_count + len(v.waste)
    if whole_pass and waste is not None:
        for j in range(NUM_COLUMNS):
            if j not in partners_spot and cols[j] and fits_column(waste, cols[j][-1]):
                return Move.to_column(WASTE, j), "column"
    if whole_pass and not v.stack_count and v.side not in v.votes \
            and not _partner_can_play(v, scores, cols, pile) \
            and not any(card_fits(c, cols, scores) for c in pass_tops((), v.waste, v.flip_count)):
        return Move.vote(), "vote"
    if v.side in v.votes:
        return None, "wait"
    if v.stack_count or v.waste:
        return Move.flip(), "flip"
    return None, "wait"
