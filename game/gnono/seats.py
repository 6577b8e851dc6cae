"""Gnono at a joiner's program (issue #36): the seat source of the one Gnono table
(table.py) when its seat is played through the link to a host (game/net/remote_seat.py).
It answers what the table asks of its controller, from nothing but what the host sends
this seat: `state` is the seat's last GnonoView (None until the first update), the
seats are named as the host names them ("You" for this one), a move is sent (one at a
time), never applied: the host's next update is the truth, played back at the table.
What every joined table does alike (the host heard, keys held while a move is in
flight, whose turn on a rejoin, who is away, the table's end) is the table's
JoinedSeat (game/table/joined.py); LinkSeats is its `play`: the update played back,
the refusal, the names. No computer thinks here, nothing is saved or counted (the
host's program does it). table.join(app, link) makes the table.
"""
from __future__ import annotations

from typing import Any

from game import palette as P

from . import moves as M
from .cards import COLOR_NAMES
from .narrate import Speaker, card_words
from .net_codec import events_from_json
from .playback import Model
from .view import GnonoView

NETWORK_KIND = "net"      # a seat box's mark for a player at another computer
HOST_COMPUTER = "comp"    # ... and for a seat the host's computer plays


class Unsent(Exception):
    """The move was not sent (the link is down): the beep."""


def move_words(move: Any, names: list[str]) -> str:
    """A legal move in words (the notes' and the tests')."""
    colour = getattr(move, "color", None)
    as_colour = f" as {COLOR_NAMES[colour]}" if colour else ""
    if isinstance(move, M.Play):
        return f"play {card_words(move.card)}{as_colour}"
    if isinstance(move, M.PlayDrawn):
        return f"play the drawn card{as_colour}"
    if isinstance(move, M.ChooseColor):
        return f"choose {COLOR_NAMES[move.color]}"
    if isinstance(move, M.Challenge):
        return "challenge the Wild Draw Four" if move.challenge else "accept the Wild Draw Four"
    if isinstance(move, M.SwapHands | M.Catch):
        who = names[move.target] if move.target < len(names) else f"seat {move.target + 1}"
        return f"swap hands with {who}" if isinstance(move, M.SwapHands) else f"catch {who}"
    return {M.Draw: "draw", M.KeepDrawn: "keep the drawn card", M.CallUno: "call UNO!",
            M.NextRound: "deal the next round"}.get(type(move), "move")


class LinkSeats:
    """The joined table's controller: the seat's view in, its moves out, by the link."""
    hosting = None          # (a joined table hosts nothing)
    ais: dict[int, Any] = {}  # nor plays any computer: F9 has no hands to show there

    def __init__(self, link: Any):       # its game.net.remote_seat.RemoteSeat
        self.link = link
        self.table: Any = None    # the GnonoTable it plays at (set by the table)
        self.state: GnonoView | None = None
        self.version = 0          # updates taken: the playback's live model is kept for one

    @property
    def n(self) -> int:
        return self.state.n_players if self.state is not None else len(self.link.names)

    @property
    def names(self) -> list[str]:
        return [self.link.name(s) for s in range(self.n)]

    def spoken_names(self) -> list[str]:
        """The notes say "You" for this seat, the others by their names."""
        return ["You" if s == self.link.seat else self.link.name(s) for s in range(self.n)]

    @property
    def kinds(self) -> list[str]:
        computer = self.link.computer
        return ["human" if s == self.link.seat else HOST_COMPUTER if s < len(computer) and computer[s]
                else NETWORK_KIND for s in range(self.n)]

    @property
    def humans(self) -> list[int]:
        return [self.link.seat]

    def is_human(self, seat: int) -> bool:
        return self.kinds[seat] != HOST_COMPUTER

    def seat_view(self, seat: int) -> GnonoView:
        assert self.state is not None     # (nothing asks before the first view)
        return self.state

    def deal_no(self) -> int | None:
        return None       # the host's deal number would tell the deck: never sent

    def seat_missing(self, seat: int) -> bool:
        missing = self.link.missing
        return seat < len(missing) and missing[seat]

    def network_humans(self) -> int:
        return 1          # this seat itself: a joined table shows nobody else's cards

    def busy(self) -> bool:
        """A move of this seat's is on its way to the host."""
        return self.link.pending is not None

    def is_over(self) -> bool:
        return self.state is not None and self.state.phase in (M.ROUND_OVER, M.GAME_OVER)

    def submit(self, move: Any) -> None:
        """Send the move (None: the host's update will tell what it did); Unsent if not
        (a key pressed while a move is in flight is held by the JoinedSeat)."""
        if not self.link.send(move):
            raise Unsent("")

    def coach_used(self) -> None:
        """(The coach's hints are counted in the host's statistics, not here.)"""

    def take_finished(self) -> list[Any]:
        return []         # the host's program stores the replays

    # -- the host's messages (game/table/joined.py's JoinedPlay) ------------------------
    def received(self, events: list[dict[str, Any]]) -> None:
        self.take_update(events, self.table.joined.answered)

    def refused(self, reason: str) -> None:
        """(The beep is the JoinedSeat's.) The question is asked again."""
        self.table.asking = False
        self.table.messages.refusal(f"Not allowed: {reason}.", P.YELLOW)

    def seated(self) -> None:
        self.table.viewer = self.link.seat
        self.table.speaker = Speaker(self.spoken_names())

    def turn(self) -> int | None:
        return None if self.state is None or self.is_over() else self.state.current

    def tell(self, line: str) -> None:
        """A line of the JoinedSeat's: whose turn, or who is away (in red, as the host's)."""
        self.table.note(line, P.LIGHT_RED if line == self.link.waiting_for() else None)

    def take_update(self, json_events: list[dict[str, Any]], mine: bool) -> None:
        """The host's new view and the events that led to it (`mine`: the answer to this
        seat's move, played back quicker), played back."""
        link, t = self.link, self.table
        before_view, view = self.state, link.view
        try:
            events = events_from_json(json_events)
        except ValueError:
            events = []        # the view alone is the truth: shown without the playback
        before = (t.playback.shown().copy() if t.stages
                  else Model.of(before_view) if before_view is not None else None)
        self.state = view
        self.version += 1
        if before_view is None:
            t.note(f"You joined a network table as {link.name(t.viewer)}: round "
                   f"{view.round_no}, the first to {view.options.playout_score} points wins.")
            t.note(f"The top card is the {card_words(view.top)}.")
        if any(ev.kind == "deal" for ev in events):
            t.sel, t.sel_card, t.scroll = 0, None, 0
            t.messages.clear_lines()
            t.hand_seen = {}
        if before is not None and events:
            t.stages.extend(t.playback.build_stages(before, events, 0.5 if mine else 1.0))
            if mine:
                t.narrator.remember_hand(t.viewer)
        elif not t.stages:
            t.keymap._sync_selection()
        t.heard_events(events)

    def over_lines(self) -> list[str]:
        """The game over box's lines: who won, and the scores from the last view."""
        view, name = self.state, self.link.name
        if view is None:
            return []
        scores = sorted(range(view.n_players), key=lambda s: -view.scores[s])
        winner = "You win" if scores[0] == view.seat else f"{name(scores[0])} wins"
        return [f"The game is over: {winner}.",
                "Scores: " + ", ".join(f"{name(s)} {view.scores[s]}" for s in scores) + "."]
