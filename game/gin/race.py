"""The race to go out, for the Gin expert: which cards may still reach its hand.

A card I need reaches me from the Stock on my draw, or on his: a sound player
throws his highest unmatched card, so a card he draws that is worth more than what
he last threw (and does not meld for him) comes to me as the upcard. The outs of a
hand (game.gin.heuristic: _outs, _knock_outs) count each live card by the chance it
reaches me; reach_p gives that chance as 1 - p_out[i].
"""
from __future__ import annotations

from game.gin import melds as M
from game.gin.rules import GinView

_VALUES = M.BIT_VALUES


def reach_p(view: GinView, p_opp: list, w_pass: float) -> list:
    """p_out for the outs: 1 - p_out[i] = (1 - p_opp[i]) * (1 + w_pass * t[i]), t[i] 1
    for a card worth more than his last discard (a ten-card before his first), 1/2 for
    one worth as much, else 0. Cards he holds for certain stay at 1."""
    top = _VALUES[M.card_bit(view.opp_discards[-1]).bit_length() - 1] if view.opp_discards else 10
    out = list(p_opp)
    for i, p in enumerate(p_opp):
        if p >= 1.0:
            continue
        v = _VALUES[i]
        if v > top:
            out[i] = 1.0 - (1.0 - p) * (1.0 + w_pass)
        elif v == top:
            out[i] = 1.0 - (1.0 - p) * (1.0 + 0.5 * w_pass)
    return out
