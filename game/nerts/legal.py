"""Every legal move of a seat in a Nerts round (Round.legal_moves): foundation plays
name their foundation index; a seat with a partner gets only the moves of its share.
Pure: no pygame; reads the round only."""
from __future__ import annotations

from game.nerts.moves import COLUMN, PILE, WASTE, Move
from game.nerts.piles import fits_column


def legal_moves(rnd, seat: int) -> list[Move]:
    """Every legal move of `seat` now; [] for a seat that is not playing."""
    if rnd.over or not (type(seat) is int and 0 <= seat < rnd.options.seats):
        return []
    lay = rnd.layout_of(seat)
    out: list[Move] = []

    def found_indexes(card):
        if card.rank == 1:
            i = rnd.find_foundation(card)
            return [] if i is None else [i]
        return [i for i, f in enumerate(rnd.foundations)
                if f and f[-1].suit == card.suit and f[-1].rank == card.rank - 1]

    singles = []
    if lay.pile:
        singles.append((PILE, None, lay.pile[-1]))
    if lay.waste:
        singles.append((WASTE, None, lay.waste[-1]))
    for i, col in enumerate(lay.columns):
        if col:
            for fi in found_indexes(col[-1]):
                out.append(Move.to_scoring(COLUMN, col=i, foundation=fi))
    for src, _, card in singles:
        for fi in found_indexes(card):
            out.append(Move.to_scoring(src, foundation=fi))
        for j, col in enumerate(lay.columns):
            if col and fits_column(card, col[-1]):
                out.append(Move.to_column(src, j))
    for i, col in enumerate(lay.columns):
        if not col:
            continue
        starts = range(len(col)) if rnd.options.move_runs else (0,)
        for k in starts:
            for j, dest in enumerate(lay.columns):
                if j != i and dest and fits_column(col[k], dest[-1]):
                    count = None if k == 0 else len(col) - k
                    out.append(Move.to_column(COLUMN, j, col=i, count=count))
    if lay.stack:
        out.append(Move.flip())
    elif lay.waste:
        out.append(Move.turn())
    if rnd.options.side_of(seat) not in rnd.votes and rnd.standstill_block(seat) is None:
        out.append(Move.vote())
    return [m for m in out if rnd.options.role_refusal(seat, m) is None]
