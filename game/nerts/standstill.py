"""The standstill of the seed: "without being able to play any cards from their Pile,
Stock, or Stack". A seat is at a standstill when none of these plays is open to it:

- the Pile top to the Scoring Area or onto a column;
- a column top to the Scoring Area;
- a whole column onto another column (the emptied column takes the next Pile card);
- with "move runs", a run onto another column that uncovers a card for the Scoring
  Area or for the Pile top (a run shuttled between two columns changes nothing, so it
  is not counted: else a round could never reach its standstill);
- any card the seat can reach by flipping on through its Stack (the rest of this pass,
  then a whole pass after turning the waste over) to the Scoring Area or onto a column.

Pure: no pygame. The round (game/nerts/round.py) refuses a vote with `standstill_block`'s
reason; the computers (game/nerts/ai.py) agree only when `pass_tops` shows no card.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

from game.cards import Card
from game.nerts.piles import fits_column


def pass_tops(stack: Sequence[Card], waste: Sequence[Card], flip_count: int) -> list[Card]:
    """Every card that will be the waste top while the seat flips on without playing:
    the waste top now, the rest of this pass, then a whole pass after the turn."""
    order = list(waste) + list(stack)[::-1]     # the order the waste receives them
    last = len(order) - 1
    tops = [waste[-1]] if waste else []
    for i in (len(waste) - 1, -1):               # this pass, then a whole one
        while i < last:
            i = min(i + flip_count, last)
            tops.append(order[i])
    return tops


def card_fits(card: Card, columns: Sequence[Sequence[Card]], scores: Callable[[Card], bool]) -> bool:
    """The card goes to the Scoring Area or onto a column top."""
    return scores(card) or any(col and fits_column(card, col[-1]) for col in columns)


def standstill_block(lay, scores: Callable[[Card], bool], flip_count: int,
                     move_runs: bool) -> str | None:
    """Why the seat with layout `lay` is not at a standstill (a reason for the player),
    or None when it is. `scores(card)`: the card has a place in the Scoring Area now."""
    cols = lay.columns
    pile = lay.pile[-1] if lay.pile else None
    if pile is not None and card_fits(pile, cols, scores):
        return f"Not a standstill: you can still play {pile}."
    for col in cols:
        if col and scores(col[-1]):
            return f"Not a standstill: you can still play {col[-1]}."
    for i, col in enumerate(cols):
        if not col:
            continue
        starts = range(len(col)) if move_runs else (0,)
        for k in starts:
            if k and not (scores(col[k - 1]) or (pile is not None and fits_column(pile, col[k - 1]))):
                continue          # a run move that uncovers nothing of use
            if any(j != i and dest and fits_column(col[k], dest[-1]) for j, dest in enumerate(cols)):
                return f"Not a standstill: column {i + 1} can still move."
    if any(card_fits(c, cols, scores) for c in pass_tops(lay.stack, lay.waste, flip_count)):
        return "Not a standstill: a card of your Stack can still be played."
    return None
