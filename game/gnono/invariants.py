"""What must hold of every Gnono state (GnonoState.check_invariants): every card of
the deck exactly once, the seats, the turn and the pending questions consistent with
the phase, the scores with the playout, and the last round's record (the scoring
screen shows it) with the round it records. AssertionError names the first broken
promise. Written with `require`, not `assert`, so it holds under `python -O` too.
No pygame here."""
from __future__ import annotations

from game.gnono.cards import DECK_SIZE, DRAW_TWO, WILD_DRAW_FOUR, Card, full_deck
from game.gnono.moves import CHALLENGE, COLOR, DRAWN, GAME_OVER, PHASES, PLAY, ROUND_OVER, is_color
from game.gnono.state_fields import StateFields

_DECK = full_deck()
DECK_POINTS = sum(c.points for c in _DECK)   # the most one round can score
BY_NAME = {str(c): c for c in _DECK}         # "R7" -> a card of that kind
MAX_PENDING = 16                             # four W+4 (or eight +2) stacked
MAX_PENDING_MIXED = 32                       # mixed stacking: all twelve of them


def require(ok: bool, what: str) -> None:
    if not ok:
        raise AssertionError(what)


def is_seat(v: object, n: int) -> bool:
    return type(v) is int and 0 <= v < n


def check_state(s: StateFields) -> None:
    """AssertionError if the state `s` (a GnonoState) is impossible."""
    n = s.n
    require(type(n) is int and 2 <= n <= 10, f"{n!r} seats")
    _check_cards(s)
    _check_seats(s, n)
    _check_phase(s)
    _check_scores(s)
    _check_last_round(s)


def _check_cards(s: StateFields) -> None:
    cards = s.all_cards()
    # the deck is 108 distinct valid cards: 108 distinct Cards (each checked when made) are it
    require(len(cards) == DECK_SIZE and len(set(cards)) == DECK_SIZE
            and all(type(c) is Card for c in cards),
            "the hands and piles are not one deck, each card once")
    require(bool(s.discard), "the discard pile is empty")
    require(bool(s.seen) and s.seen[-1] == s.discard[-1],
            "the cards seen this round do not end with the top card")
    require(is_color(s.color), f"colour {s.color!r}")


def _check_seats(s: StateFields, n: int) -> None:
    require(len(s.hands) == n, "one hand per seat")
    for name in ("totals", "uno_called", "last_drew_on", "wd4_record"):
        require(len(getattr(s, name)) == n, f"{name}: one per seat")
    require(is_seat(s.current, n) and is_seat(s.dealer, n), "whose turn, the dealer")
    require(s.direction in (1, -1), f"direction {s.direction!r}")
    require(all(type(x) is bool for x in s.uno_called), "UNO! calls are yes or no")
    require(all(x is None or is_color(x) for x in s.last_drew_on), "colours drawn on")
    require(all(type(g) is int and type(i) is int and g >= 0 and i >= 0 for g, i in s.wd4_record),
            "the challenge record")
    require(type(s.round_no) is int and s.round_no >= 1, f"round {s.round_no!r}")
    require(type(s.turns) is int and s.turns >= 0, f"turn count {s.turns!r}")


def _check_phase(s: StateFields) -> None:
    ph, n = s.phase, s.n
    require(ph in PHASES, f"phase {ph!r}")
    over = ph in (ROUND_OVER, GAME_OVER)
    if over:
        require(not s.hands[s.current], "the round is over but its winner holds cards")
        require(s.uno_window is None and s.pending_draw == 0 and s.wd4 is None,
                "a round over with a question still open")
    else:
        require(all(s.hands), "a hand is empty but the round goes on")
    require((s.drawn_card is not None) == (ph == DRAWN), "a drawn card outside its phase")
    if ph == DRAWN:
        require(s.drawn_card in s.hands[s.current], "the drawn card is not in the hand")
    if ph == CHALLENGE:
        require(s.wd4 is not None and s.discard[-1].is_wild_draw_four,
                "a challenge without a Wild Draw Four")
    if s.wd4 is not None:
        w = s.wd4
        require(isinstance(w, dict) and set(w) == {"seat", "guilty", "prev_color"}
                and is_seat(w["seat"], n) and type(w["guilty"]) is bool and is_color(w["prev_color"]),
                "the Wild Draw Four record")
        require(ph != CHALLENGE or w["seat"] != s.current, "a seat challenges itself")
    _check_pending(s)
    window = s.uno_window
    if window is not None:
        require(is_seat(window, n) and len(s.hands[window]) == 1 and not s.uno_called[window],
                "the seat that may be caught does not hold one card uncalled")
    require((s.winner is not None) == (ph == GAME_OVER), "a winner before the game is over")


def _check_pending(s: StateFields) -> None:
    k, face = s.pending_draw, s.pending_face
    require(type(k) is int, "the pending draw is a count")
    if k == 0:
        require(face is None, "a pending card with nothing to draw")
        return
    require(s.options.stacking, "cards to draw waiting without stacking")
    require(s.phase in (PLAY, CHALLENGE, COLOR), f"cards to draw waiting in phase {s.phase}")
    step = 2 if face == DRAW_TWO else 4 if face == WILD_DRAW_FOUR else 0
    most = MAX_PENDING
    if step and s.options.stack_mixed:
        step, most = 2, MAX_PENDING_MIXED   # fours and twos mixed in one stack
    require(step > 0 and k % step == 0 and 0 < k <= most, f"{k} cards to draw for {face!r}")


def _check_scores(s: StateFields) -> None:
    playout = s.options.playout_score
    require(all(type(x) is int and 0 <= x < playout + DECK_POINTS for x in s.totals), "a score")
    reached = [seat for seat, x in enumerate(s.totals) if x >= playout]
    if s.phase == GAME_OVER:
        require(reached == [s.winner] and s.winner == s.current,
                "the game's winner is not the one seat at the playout score")
    else:
        require(not reached, "a seat reached the playout score but the game goes on")


def _check_last_round(s: StateFields) -> None:
    """The record the scoring screen shows: of this round once it is over (then it
    must be there), else of the round before."""
    lr = s.last_round
    over = s.phase in (ROUND_OVER, GAME_OVER)
    if lr is None:
        require(not over, "a round over without its record")
        return
    require(isinstance(lr, dict) and set(lr) == {"round", "winner", "points", "hands"},
            "the last round's record")
    require(type(lr["round"]) is int and type(lr["points"]) is int
            and lr["round"] == (s.round_no if over else s.round_no - 1),
            "the last round's record is of another round")
    winner, hands = lr["winner"], lr["hands"]
    require(is_seat(winner, s.n) and isinstance(hands, list) and len(hands) == s.n,
            "the last round's winner and hands")
    held = [parse_shown(h) for h in hands]
    require(not held[winner], "the last round's winner holds cards")
    require(sum(map(len, held)) < DECK_SIZE, "more cards shown than in play")
    require(lr["points"] == sum(c.points for h in held for c in h), "the last round's points")
    require(s.totals[winner] >= lr["points"], "the last round's points are not in the score")
    if over:
        require(winner == s.current, "the round's record names another winner")
        require([list(map(str, h)) for h in held] == [list(map(str, h)) for h in s.hands],
                "the round's record does not show the hands left")


def parse_shown(cards: object) -> list[Card]:
    """A hand as the round's record keeps it: card names ("R7", "W+4")."""
    if not isinstance(cards, list) or not all(isinstance(t, str) and t in BY_NAME for t in cards):
        raise AssertionError("a hand of the last round")
    return [BY_NAME[t] for t in cards]
