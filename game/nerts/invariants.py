"""What must hold of every Nerts round, whatever moves or save brought it there.

`check_round(r)` raises InvariantError (both a ValueError, as saves are refused
with, and an AssertionError, as the engine interface names it) when the round is
impossible: a card made, lost or in another seat's layout, a column or foundation
out of order, sizes that do not fit the phase (a Pile over 13, an empty column
beside a Pile that should have filled it), an end without its reason or caller,
votes or counters out of range. Pure: reads the round's attributes only.
"""
from __future__ import annotations

from game.cards import full_deck
from game.engine import is_int
from game.nerts.moves import NUM_COLUMNS, Move
from game.nerts.piles import MAX_ROTATIONS, PILE_SIZE, fits_column

COUNT_LIMIT = 10 ** 12     # steps and move counts: centuries at 120 steps a second
END_REASONS = (None, "gnerts", "standstill")


class InvariantError(ValueError, AssertionError):
    """An impossible round."""


def require(ok: bool, what: str) -> None:
    if not ok:
        raise InvariantError(what)


def is_count(v) -> bool:
    return is_int(v) and 0 <= v <= COUNT_LIMIT


def check_round(r) -> None:
    n = r.options.sides
    require(len(r.layouts) == n and len(r.foundations) == 4 * n, "one layout and 4 foundations a seat")
    check_cards(r)
    for seat, lay in enumerate(r.layouts):
        check_layout(r, seat, lay)
    for f in r.foundations:
        check_foundation(f)
    check_end(r)
    check_counters(r)


def check_cards(r) -> None:
    seen = [c for lay in r.layouts for c in lay.all_cards()]
    seen += [c for f in r.foundations for c in f]
    require(len(seen) == len(set(seen)), "a card is in two places")
    want = {c for s in range(r.options.sides) for c in full_deck(s)}
    require(set(seen) == want, "cards are missing or foreign")


def check_layout(r, seat: int, lay) -> None:
    require(all(c.deck == seat for c in lay.all_cards()), "a layout holds another seat's card")
    require(len(lay.columns) == NUM_COLUMNS, "a layout has 4 columns")
    for col in lay.columns:
        for lower, upper in zip(col, col[1:]):
            require(fits_column(upper, lower), "a column does not build down alternately")
    require(len(lay.pile) <= PILE_SIZE, f"a Pile holds at most {PILE_SIZE} cards")
    require(lay.pile or r.over or not r.options.pile_out_ends, "an empty Pile means the round is over")
    require(not lay.pile or all(lay.columns), "an empty column is filled from the Pile at once")


def check_foundation(f) -> None:
    for k, c in enumerate(f):
        require(c.rank == k + 1 and c.suit == f[0].suit, "a foundation goes up in suit from the ace")


def check_end(r) -> None:
    require(isinstance(r.over, bool) and r.end_reason in END_REASONS, "bad end of round")
    require(r.over == (r.end_reason is not None), "an end reason exactly when the round is over")
    gnerts = r.end_reason == "gnerts"
    require(r.caller is None or (is_int(r.caller) and 0 <= r.caller < r.options.sides), "bad caller")
    require((r.caller is not None) == gnerts, "a caller exactly when the round ended with G'NERTS")
    empty = [s for s, lay in enumerate(r.layouts) if not lay.pile]
    if r.options.pile_out_ends:
        require(empty == ([r.caller] if gnerts else []),
                "only the caller's Pile is empty, and only after G'NERTS")
    else:
        require(not gnerts, "a drill to N cards plays on past its empty Pile")
    require(not r.over or not r.votes, "no votes after the end")
    require(r.end_reason != "standstill" or r.rotations == MAX_ROTATIONS,
            "a standstill ends the round only after every rotation")


def check_counters(r) -> None:
    n = r.options.sides
    require(isinstance(r.votes, set) and all(is_int(v) and 0 <= v < n for v in r.votes), "bad votes")
    require(len(r.votes) < n, "every seat agreed but the Stacks were not rotated")
    require(is_int(r.rotations) and 0 <= r.rotations <= MAX_ROTATIONS, "bad rotations")
    require(len(r.idle_flips) == n and all(map(is_count, r.idle_flips)), "bad idle_flips")
    require(is_count(r.step_no) and is_count(r.moves_applied), "bad step or move count")
    require(all(is_int(s) and 0 <= s < r.options.seats and isinstance(m, Move) for s, m in r.pending),
            "bad pending move")
