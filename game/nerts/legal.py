"""Every legal move of a seat in a Nerts round (Round.legal_moves): foundation plays
name their foundation index; a seat with a partner gets only the moves of its share.
The game's engine lists besides them the table's own forms (`with_table_forms`: a
play to the Scoring Area "wherever it fits", flip to turn the waste) and takes just
what it lists (`listed_refusal` says why not, without making the list).
Pure: no pygame; reads the round only."""
from __future__ import annotations

from game.nerts.moves import COLUMN, FOUND, PILE, PLAY, TURN, WASTE, Move
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


def with_table_forms(moves: list[Move]) -> list[Move]:
    """The listed moves, then the forms the table's keys and the computers use for
    some of them: a play to the Scoring Area "wherever it fits" (no foundation named:
    the engine picks when it applies it) and flip where the waste is turned over."""
    extra: list[Move] = []
    for m in moves:
        if m.kind == PLAY and m.dst == FOUND:
            anywhere = Move.to_scoring(m.src, m.col)
            if anywhere not in extra:
                extra.append(anywhere)
        elif m.kind == TURN:
            extra.append(Move.flip())
    return moves + extra


def listed_refusal(rnd, seat: int, m: Move) -> str | None:
    """Why `m` of `seat` is not among with_table_forms(legal_moves(rnd, seat)), or None
    if it is: the round's refusal, or a legal move in a form the list does not hold
    (an ace named to a free foundation other than the first, a whole column moved
    by its count). As fast as the round's own check."""
    reason = rnd.refusal(seat, m)
    if reason is not None or m.kind != PLAY:
        return reason
    if m.dst == FOUND:
        if m.to is not None:
            card = rnd.source_cards(seat, m)[0]
            if card.rank == 1 and m.to != rnd.find_foundation(card):
                return "An ace goes to the first free place of the Scoring Area."
    elif m.src == COLUMN and m.count is not None and m.count >= len(rnd.layout_of(seat).columns[m.col]):
        return "A whole column is moved without a count."
    return None
