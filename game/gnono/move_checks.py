"""Whether a Gnono state accepts a move, and why not (GnonoState._check, is_legal):
the seat, the card, the colour, the phase and the turn. No pygame here."""
from __future__ import annotations

from game.engine import IllegalMove
from game.gnono import moves as M
from game.gnono.cards import DRAW_TWO, WILD_DRAW_FOUR, Card
from game.gnono.moves import (
    CallUno,
    Catch,
    Challenge,
    ChooseColor,
    Draw,
    KeepDrawn,
    NextRound,
    Play,
    PlayDrawn,
    SwapHands,
    is_color,
)
from game.gnono.state_fields import StateFields


def _seat_ok(st: StateFields, seat: object) -> None:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < st.n:
        raise IllegalMove(f"there is no seat {seat!r}")


def _color_ok(card: Card, color: object) -> None:
    if card.is_wild:
        if color is not None and not is_color(color):
            raise IllegalMove(f"{color!r} is not a colour")
    elif color is not None:
        raise IllegalMove("only a Wild names a colour")


def check_move(st: StateFields, m: object) -> None:
    """IllegalMove, with the reason, unless the state `st` (a GnonoState) accepts move `m`."""
    ph = st.phase
    if isinstance(m, NextRound):
        if ph != M.ROUND_OVER:
            raise IllegalMove("the round is not over")
        if m.seat is not None:
            _seat_ok(st, m.seat)
        return
    if ph in (M.ROUND_OVER, M.GAME_OVER):
        raise IllegalMove("the round is over" if ph == M.ROUND_OVER else "the game is over")
    if isinstance(m, Catch):
        _seat_ok(st, m.catcher)
        _seat_ok(st, m.target)
        if m.catcher == m.target:
            raise IllegalMove("you cannot catch yourself")
        if st.uno_window != m.target:
            raise IllegalMove("that player cannot be caught now")
        return
    if not isinstance(m, (Play, Draw, PlayDrawn, KeepDrawn, ChooseColor, Challenge,
                          CallUno, SwapHands)):
        raise IllegalMove(f"not a Gnono move: {m!r}")
    s = m.seat
    _seat_ok(st, s)
    cur = st.current
    if isinstance(m, CallUno):
        if st.uno_window == s:
            return
        if s == cur and ph in (M.PLAY, M.DRAWN) and len(st.hands[s]) == 2 \
                and not st.uno_called[s]:
            return
        raise IllegalMove("no reason to call UNO now")
    if isinstance(m, Play):
        if not isinstance(m.card, Card):
            raise IllegalMove("not a card")
        if m.card not in st.hands[s]:
            raise IllegalMove(f"{m.card.name} ({m.card}) is not in that hand")
        _color_ok(m.card, m.color)
        if s != cur:
            if not st.options.jump_in:
                raise IllegalMove("it is not your turn")
            if ph != M.PLAY or st.top.color == "W" or not m.card.same_kind(st.top):
                raise IllegalMove("you can jump in only with a card identical to the top card")
            return
        if ph == M.CHALLENGE:
            if stacks_on(st, m.card, WILD_DRAW_FOUR):
                return
            raise IllegalMove("decide whether to challenge the Wild Draw Four")
        if ph != M.PLAY:
            raise IllegalMove(phase_reason(st))
        if not st._play_ok(s, m.card):
            if st.pending_draw:
                raise IllegalMove(stack_reason(st))
            if m.card.is_wild_draw_four:
                raise IllegalMove("you may play a Wild Draw Four only when you hold no card of the colour")
            raise IllegalMove(f"{m.card.name} ({m.card}) does not match")
        return
    if s != cur:
        raise IllegalMove("it is not your turn")
    need = {Draw: M.PLAY, PlayDrawn: M.DRAWN, KeepDrawn: M.DRAWN, ChooseColor: M.COLOR,
            Challenge: M.CHALLENGE, SwapHands: M.SWAP}[type(m)]
    if ph != need:
        raise IllegalMove(phase_reason(st))
    if isinstance(m, PlayDrawn):
        if st.drawn_card is None:
            raise IllegalMove("no card was drawn")
        _color_ok(st.drawn_card, m.color)
    elif isinstance(m, KeepDrawn):
        if st.options.draw_until_playable:
            raise IllegalMove("you must play the card you drew")
    elif isinstance(m, ChooseColor):
        if not is_color(m.color):
            raise IllegalMove(f"{m.color!r} is not a colour")
    elif isinstance(m, Challenge):
        if not isinstance(m.challenge, bool):
            raise IllegalMove("challenge must be yes or no")
    elif isinstance(m, SwapHands):
        _seat_ok(st, m.target)
        if m.target == s:
            raise IllegalMove("swap with another player")


def stacks_on(st: StateFields, card: Card, face: str) -> bool:
    """Stacking: may `card` pass on a penalty begun by a card of `face` (DRAW_TWO or
    WILD_DRAW_FOUR)? Same kind on same kind; with mixed stacking also a Wild Draw Four
    on a Draw Two, and a Draw Two of the colour named (st.color) on a Wild Draw Four.
    A stacked Wild Draw Four is not judged for lawfulness: the stack is its own rule."""
    o = st.options
    if not o.stacking:
        return False
    two = card.face == DRAW_TWO and card.color != "W"
    if face == DRAW_TWO:
        return two or (o.stack_mixed and card.is_wild_draw_four)
    return card.is_wild_draw_four or (o.stack_mixed and two and card.color == st.color)


def stack_reason(st: StateFields) -> str:
    """Why a card cannot go on a pending penalty: what can."""
    if st.pending_face == DRAW_TWO:
        kinds = "a Draw Two or a Wild Draw Four" if st.options.stack_mixed else "a Draw Two"
    else:
        kinds = "a Wild Draw Four" + (" or a Draw Two of the colour" if st.options.stack_mixed else "")
    return f"stack {kinds}, or draw"


def drawn_playable(st: StateFields, seat: int, card: Card) -> bool:
    """Does a card just drawn by `seat` stop the drawing and may it be played at once?
    A Wild Draw Four the player may not lawfully play does not stop it where it could
    not be played as a bluff (challenges off) or would have to be played (draw until
    playable: keeping is not allowed there)."""
    if not st.matches(card):
        return False
    if card.is_wild_draw_four and (not st.options.wd4_challenge or st.options.draw_until_playable):
        return st.wd4_lawful(seat)
    return True


def phase_reason(st: StateFields) -> str:
    return {M.PLAY: "play a card or draw", M.COLOR: "choose a colour",
            M.DRAWN: "play the drawn card or keep it",
            M.CHALLENGE: "decide whether to challenge the Wild Draw Four",
            M.SWAP: "choose a player to swap hands with"}[st.phase]
