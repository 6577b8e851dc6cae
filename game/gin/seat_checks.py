"""The checks of a going-out and of a defender's lay-down, from one seat's cards: the
engine (game/gin/rules.py) runs them on its state, and a table runs them on the
seat's view (GinView) before it offers the move: the local table and the joiner's
network table ask the same questions of the same cards. Each raises IllegalMove
with its reason. No pygame here.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.cards import Card, card_text
from game.engine import IllegalMove
from game.gin import melds as M
from game.gin.moves import TakeUpcard
from game.gin.options import GinOptions
from game.gin.view import GinView

Melds = Sequence[Sequence[Card]]


def upcard_kept(card: Card, taken_upcard: Card | None, options: GinOptions) -> bool:
    """`card` is the upcard just taken, which may not be thrown again."""
    return taken_upcard is not None and not options.discard_taken_upcard and card == taken_upcard


def go_out(hand: Sequence[Card], discard: Card | None, melds: Melds | None, *,
           taken_upcard: Card | None, options: GinOptions, knock_value: int,
           first_upcard: Card) -> tuple[list[list[Card]], list[Card]]:
    """A go-out of `hand` (11 cards) with `discard` (None: Big Gin) in `melds` (None:
    the best arrangement): (melds, unmatched), or IllegalMove."""
    if discard is None:
        return _big_gin(hand, melds, options)
    if discard not in hand:
        raise IllegalMove("that card is not in your hand")
    if upcard_kept(discard, taken_upcard, options):
        raise IllegalMove("you may not discard the upcard you just took")
    rest = [c for c in hand if c != discard]
    if melds is None:
        ms, un = M.best_melds(rest)
    else:
        try:
            ms, un = M.validate_arrangement(rest, melds)
        except ValueError as e:
            raise IllegalMove(str(e)) from None
    dw = M.deadwood_value(un)
    if knock_value == 0 and un:
        raise IllegalMove(f"no knocking: this hand is gin only ({options.gin_only_rule(first_upcard)})")
    if dw > knock_value:
        raise IllegalMove(f"{dw} unplayable points: you may knock with {knock_value} or less")
    return ms, un


def _big_gin(hand: Sequence[Card], melds: Melds | None, options: GinOptions
             ) -> tuple[list[list[Card]], list[Card]]:
    """Big Gin: every one of the 11 cards in groups, no discard (a variant)."""
    if not options.big_gin:
        raise IllegalMove("going out needs a discard (Big Gin is not played)")
    try:
        ms, un = M.best_melds(list(hand)) if melds is None else M.validate_arrangement(list(hand), melds)
    except ValueError as e:
        raise IllegalMove(str(e)) from None
    if un:
        raise IllegalMove("Big Gin needs all 11 cards in groups")
    return ms, un


def defense(hand: Sequence[Card], out_kind: str | None, out_melds: Melds
            ) -> tuple[list[list[Card]], list[Card], list[Card]]:
    """(melds, layoffs, unmatched) with the least deadwood for the defender."""
    return M.best_defense(list(hand), out_melds if out_kind == "knock" else None)


def lay_down(hand: Sequence[Card], melds: Melds | None, layoffs: Iterable[Card] | None, *,
             out_kind: str | None, out_melds: Melds
             ) -> tuple[list[list[Card]], list[tuple[Card, int]], list[Card]]:
    """A defender's lay-down of `hand`: (melds, layoff plan, unmatched), or IllegalMove."""
    gin = out_kind == "gin"
    if gin and layoffs:
        raise IllegalMove("no lay-offs after gin")
    if melds is None and layoffs is None:
        ms, lo, _ = defense(hand, out_kind, out_melds)
    elif melds is None:
        lo = list(layoffs)  # type: ignore[arg-type]  # both None: the branch above
        if any(c not in hand for c in lo):
            raise IllegalMove("a lay-off card is not in your hand")
        try:
            ms, _ = M.best_melds([c for c in hand if c not in lo])
        except ValueError as e:
            raise IllegalMove(str(e)) from None
    else:
        try:
            ms, rest = M.validate_arrangement(list(hand), melds)
        except ValueError as e:
            raise IllegalMove(str(e)) from None
        if layoffs is None:
            lo = [] if gin else M.layoff_candidates(rest, out_melds)
        else:
            lo = list(layoffs)
            if any(c not in rest for c in lo):
                raise IllegalMove("a lay-off card is not among your unmatched cards")
    if len(set(lo)) != len(lo):
        raise IllegalMove("a lay-off card is given twice")
    plan: list[tuple[Card, int]] = []
    if lo:
        found = M.layoff_plan(lo, out_melds)
        if found is None:
            stray = M.layoff_strays(lo, out_melds)
            raise IllegalMove(f"{' '.join(map(card_text, stray))} {'does' if len(stray) == 1 else 'do'}"
                              " not lay off on the knocker's groups")
        plan = found
    used = set(lo)
    for m in ms:
        used.update(m)
    return ms, plan, [c for c in hand if c not in used]


# --- the same questions, asked of a seat's view ------------------------------------

def check_go_out(v: GinView, discard: Card | None, melds: Melds | None = None
                 ) -> tuple[list[list[Card]], list[Card]]:
    """The view's seat goes out now (its turn to discard): (melds, unmatched), or IllegalMove."""
    if v.phase != "discard" or v.turn != v.seat:
        raise IllegalMove("you may go out only after drawing, in your turn")
    return go_out(v.hand, discard, melds, taken_upcard=v.taken_upcard, options=v.options,
                  knock_value=v.knock_value, first_upcard=v.first_upcard)


def check_lay_down(v: GinView, melds: Melds | None = None, layoffs: Iterable[Card] | None = None
                   ) -> tuple[list[list[Card]], list[tuple[Card, int]], list[Card]]:
    """The view's seat lays down its defense now: (melds, layoff plan, unmatched), or IllegalMove."""
    if v.phase != "lay_down" or v.turn != v.seat:
        raise IllegalMove("nothing to lay down now")
    return lay_down(v.hand, melds, layoffs, out_kind=v.out_kind, out_melds=v.out_melds)


def proposed_defense(v: GinView) -> tuple[list[list[Card]], list[Card], list[Card]]:
    return defense(v.hand, v.out_kind, v.out_melds)


def must_draw_stock(v: GinView) -> bool:
    """Both passed the first upcard: the seat to draw takes from the Stock."""
    return (v.phase == "draw" and v.turn == v.seat and not v.stock_end
            and TakeUpcard(v.seat) not in v.legal_moves)
