"""Gnono at a joiner's program (issue #36): the table drawn with the game's own drawing
(table_draw.py: cards, layout, colours, notes, key bar) and driven by its own keys
(table_keys.py, screens.py), from nothing but what the host sends this seat:
its GnonoView and the events it may know (game/net/remote_seat.py). The other hands
are unknown cards, as many as each seat holds.

Nothing is applied here: a key's move is sent to the host (one at a time), and the
host's next update is the truth; its events are played back (a card flies, the notes
say what happened) as at one keyboard. A key with nothing to do and the host's
refusal are the beep. A turn game waits: the title says whose turn it is, or
"Waiting for <name>" while that player's connection is down. At the round's end
Enter deals the next round (the host deals it by itself after a pause). Esc leaves
(the host keeps the seat a while: Alt+R on the Join screen rejoins); the table's end
(the game over, the host gone, the connection lost) is told in a box
(game/table/remote_end.py), then the menu. The Join screen makes it after the
host's welcome (game/scenes/join.py REMOTE_TABLES).
"""
from __future__ import annotations

from typing import Any

import pygame

from game import palette as P
from game import ui
from game.keys import Binding
from game.net.protocol import Message
from game.net.remote_seat import RemoteSeat
from game.scene import Pop, Push
from game.scenes.turn_table import TurnTable
from game.table.remote_end import end_table

from . import moves as M
from .cards import COLOR_NAMES
from .help_text import NETWORK_HELP
from .narrate import Speaker, card_words
from .net_codec import events_from_json
from .playback import Model, Playback, Stage
from .screens import ChallengeResult, GnonoQuestions
from .settings import SPEEDS
from .table_coach import GnonoCoach
from .table_draw import GnonoView as TableDrawing
from .table_keys import GnonoKeys
from .table_notes import GnonoNarrator
from .view import GnonoView

NETWORK_KIND = "net"      # a seat box's mark for a player at another computer
HOST_COMPUTER = "comp"    # ... and for a seat the host's computer plays


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


class RemoteSeats:
    """What the playback, the drawing and the keys read of a table's controller
    (`ctl`), at a joiner's table: the seats as the host names them, and as `state`
    the seat's last view (None until the host's first update)."""

    def __init__(self, link: RemoteSeat):
        self.link = link
        self.state: GnonoView | None = None
        self.version = 0          # updates taken: the playback's live model is kept for one

    @property
    def n(self) -> int:
        return self.state.n_players if self.state is not None else len(self.link.names)

    @property
    def names(self) -> list[str]:
        return [self.link.name(s) for s in range(self.n)]

    @property
    def kinds(self) -> list[str]:
        computer = self.link.computer
        return ["human" if s == self.link.seat else HOST_COMPUTER if s < len(computer) and computer[s]
                else NETWORK_KIND for s in range(self.n)]

    @property
    def humans(self) -> list[int]:
        return [self.link.seat]

    def coach_used(self) -> None:
        """(The coach's hints are counted in the host's statistics, not here.)"""


class RemoteGnonoTable(TurnTable):
    title = "Gnono at a network table"
    replaying = False
    spoken_detail_name = "your hand by colour"
    rules_help = NETWORK_HELP
    updates_when_covered = True     # the host's messages go on under a question or F1

    def __init__(self, app: Any, link: RemoteSeat):
        self.link = link
        self.ctl = RemoteSeats(link)
        self.viewer: int = link.seat
        super().__init__(app)
        self.playback = Playback(self)
        self.view = TableDrawing(self)
        self.keymap = GnonoKeys(self)
        self.narrator = GnonoNarrator(self)
        self.coach = GnonoCoach(self)
        self.questions = GnonoQuestions(self)
        self.speaker = self._speaker()
        speed = app.options["gnono.speed"]
        self.speed = speed if speed in SPEEDS else "normal"
        self.stages: list[Stage] = []
        self.hand_seen: dict = {}
        self._turn_told = False
        self._introduced = False
        self.history: list[str] = []
        self.sel, self.sel_card, self.scroll = 0, None, 0
        self.show_hands = False
        self.asking = False
        self.challenged: tuple[str, int] | None = None   # my challenge on its way: (colour, penalty)
        self.result: ChallengeResult | None = None        # what it showed, to open
        self.told_waiting = ""

    def _speaker(self) -> Speaker:
        """The notes say "You" for this seat, the others by their names."""
        return Speaker(["You" if s == self.viewer else name for s, name in enumerate(self.ctl.names)])

    # -- what the drawing, the keys and the narrator ask ------------------------------
    def seat_view(self) -> GnonoView:
        assert self.ctl.state is not None     # (nothing asks before the first view)
        return self.ctl.state

    def deal_no(self) -> int | None:
        return None       # the host's deal number would tell the deck: never sent

    def seat_missing(self, seat: int) -> bool:
        missing = self.link.missing
        return seat < len(missing) and missing[seat]

    def is_human(self, seat: int) -> bool:
        return self.ctl.kinds[seat] != HOST_COMPUTER

    def reader(self) -> int | None:
        return self.viewer

    def hand_open(self) -> bool:
        return True

    def my_turn(self) -> bool:
        v = self.ctl.state
        return (v is not None and not self.stages and not self.asking and self.link.pending is None
                and v.current == self.viewer and v.phase in (M.PLAY, M.DRAWN))

    def moves(self) -> list[Any]:
        """The seat's legal moves now (the host checks again)."""
        return list(self.ctl.state.legal) if self.ctl.state is not None else []

    def status(self) -> str:
        v = self.ctl.state
        if v is None:
            return "Waiting for the host..."
        if v.phase in (M.ROUND_OVER, M.GAME_OVER):
            return "Round over" if v.phase == M.ROUND_OVER else "Game over"
        return "Your turn" if v.current == self.viewer else self.view.turn_words(v.current)

    # -- the voice: the table's own narrator once there is a view ----------------------
    def spoken_intro(self) -> str:
        return self.narrator.spoken_intro() if self.ctl.state is not None else "Waiting for the host"

    def spoken_focus(self) -> str:
        return self.narrator.spoken_focus() if self.ctl.state is not None else ""

    def spoken_state(self) -> str:
        return self.narrator.spoken_state() if self.ctl.state is not None else "Waiting for the host."

    def spoken_detail(self) -> str | None:
        return self.narrator.spoken_detail() if self.ctl.state is not None else None

    # -- moves: sent, never applied here ------------------------------------------------
    def apply(self, move: Any, scale: float = 1.0) -> bool:
        if self.link.send(move):
            return True
        self.refuse("Wait for the host's answer to your last move." if self.link.pending is not None
                    else None)
        return False

    def call_uno(self, move: M.CallUno) -> bool:
        return self.apply(move)

    def answer_challenge(self, yes: bool, offender: int, prev: str, total: int) -> Push | None:
        if self.apply(M.Challenge(self.viewer, yes), 0.6) and yes:
            self.challenged = (prev, total + 2)     # the hand shown comes with the host's update
        return None

    def ask_colour(self, on_pick, cancel=True) -> Push:
        return self.questions.ask_colour(on_pick, cancel)

    def deal_next(self) -> bool:
        v = self.ctl.state
        if v is None or v.phase != M.ROUND_OVER:
            return False
        return self.apply(M.NextRound(self.viewer))

    # -- the network ---------------------------------------------------------------------
    def update(self, dt: float) -> Pop | Push | None:
        self.link.poll(self.heard)
        covered = self.app.top is not self     # (a box over the table is closed first)
        ending = self.link.ending
        if ending is not None and not covered and (not self.stages or ending[0] != "over"):
            return end_table(self, self.link, self.final_scores())    # (the last card shown first)
        if self.stages:
            self.playback.advance()
            return None
        if covered:
            return None
        if self.result is not None:
            box, self.result = self.result, None
            return Push(box)
        return self.decision()

    def heard(self, msg: Message) -> None:
        """One message from the host, as the link has taken it."""
        if msg.kind == "update":
            self.take_update(msg)
        elif msg.kind == "illegal":
            self.asking = False
            self.refuse(f"Not allowed: {self.link.refusal}.")
        elif msg.kind in ("seats", "welcome"):
            self.viewer = self.link.seat
            self.speaker = self._speaker()
            waiting = self.link.waiting_for()
            if waiting and waiting != self.told_waiting:
                self.note(waiting, P.LIGHT_RED)
            self.told_waiting = waiting

    def take_update(self, msg: Message) -> None:
        """The host's new view and the events that led to it, played back."""
        before_view, view = self.ctl.state, self.link.view
        try:
            events = events_from_json(msg["events"])
        except ValueError:
            events = []        # the view alone is the truth: shown without the playback
        before = (self.playback.shown().copy() if self.stages
                  else Model.of(before_view) if before_view is not None else None)
        self.ctl.state = view
        self.ctl.version += 1
        if before_view is None:
            self.note(f"You joined a network table as {self.link.name(self.viewer)}: round "
                      f"{view.round_no}, the first to {view.options.playout_score} points wins.")
            self.note(f"The top card is the {card_words(view.top)}.")
        if any(ev.kind == "deal" for ev in events):
            self.sel, self.sel_card, self.scroll = 0, None, 0
            self.messages.clear_lines()
            self.hand_seen = {}
        if before is not None and events:
            mine = msg.get("ack") is not None
            self.stages.extend(self.playback.build_stages(before, events, 0.5 if mine else 1.0))
            if mine:
                self.narrator.remember_hand(self.viewer)
        elif not self.stages:
            self.keymap._sync_selection()
        for ev in events:
            self.heard_event(ev)

    def heard_event(self, ev: M.Event) -> None:
        if ev.kind == "challenged" and ev.seat == self.viewer and self.challenged is not None:
            prev, penalty = self.challenged
            self.challenged = None
            self.result = ChallengeResult(self.app, self.link.name(ev.target), list(ev.cards),
                                          bool(ev.guilty), prev, penalty)
        elif ev.kind == "round_over":
            self.history.append(f"Round {self.seat_view().round_no}: {self.link.name(ev.seat)} "
                                f"went out, +{ev.points}")

    def decision(self) -> Push | None:
        """The seat's question of the moment (a colour, a challenge, a seat to swap with),
        once its turn is shown and no move of its own is on its way."""
        v = self.ctl.state
        if v is None or self.asking or self.link.pending is not None:
            return None
        if v.current != self.viewer or v.phase in (M.ROUND_OVER, M.GAME_OVER):
            self._turn_told = False
            return None
        self.narrator.announce_turn()
        self.narrator.tell_hand_changes()
        if v.phase == M.CHALLENGE:
            return self.questions.ask_challenge()
        if v.phase == M.COLOR:
            seat = self.viewer
            return self.questions.ask_colour(lambda c: self.apply(M.ChooseColor(seat, c), 0.5), cancel=False)
        if v.phase == M.SWAP:
            return self.questions.ask_swap()
        return None

    def final_scores(self) -> list[str]:
        """The game over box's lines: who won, and the scores from the last view."""
        view, name = self.ctl.state, self.link.name
        if view is None:
            return []
        scores = sorted(range(view.n_players), key=lambda s: -view.scores[s])
        winner = "You win" if scores[0] == view.seat else f"{name(scores[0])} wins"
        return [f"The game is over: {winner}.",
                "Scores: " + ", ".join(f"{name(s)} {view.scores[s]}" for s in scores) + "."]

    # -- the keys ---------------------------------------------------------------------
    def bindings(self) -> list[Binding]:
        if self.ctl.state is None:
            return [*self.app_keys(""), self._leave_binding()]
        b = self.keymap.bindings()
        if self.ctl.state.phase == M.ROUND_OVER:
            b.insert(0, Binding((pygame.K_RETURN, pygame.K_KP_ENTER), "Deal the next round",
                                self.deal_next, bar="Next round", bar_keys="Enter"))
        return b

    def table_bindings(self, f4_label, f4_action, bars) -> list[Binding]:
        """F3's log, F1/F2, F4's scores and Esc (no saving here, no computers' hands to show)."""
        return [Binding((pygame.K_F3,), "Log of the game", self.show_log, bar=bars.get(pygame.K_F3, "")),
                *self.app_keys(""),
                Binding((pygame.K_F4,), f4_label, f4_action, bar=bars.get(pygame.K_F4, "")),
                self._leave_binding()]

    def _leave_binding(self) -> Binding:
        return Binding((pygame.K_ESCAPE,), "Leave the table (the host keeps your seat a while)",
                       self.leave, bar="Leave")

    def leave(self, then=None) -> Pop:
        self.link.leave()
        return Pop(self, then=then)

    def save(self) -> bool:
        return False       # the host's program saves the game

    # -- the drawing ------------------------------------------------------------------
    def draw(self, canvas: Any) -> None:
        if self.ctl.state is not None:
            self.view.draw(canvas)
            return
        canvas.fill(P.PALETTE[self.app.options["colour.table"]])
        ui.fill(canvas, 0, 0, 80, 1, P.BLUE)
        ui.text(canvas, 0, 0, " GNONO  at a network table", P.WHITE, P.BLUE)
        ui.text(canvas, 2, 10, "Waiting for the host...", P.WHITE)
