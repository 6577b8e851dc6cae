"""A pilot of the remote table (issue #36): Gnono drawn at a joiner's program from
only what the host sends: its seat's GnonoView (the net codec) and the seats' names.
Left/Right pick one of the seat's legal moves, Enter sends it through the NetClient;
a key with nothing to do, and the host's `illegal`, are the beep, as at one keyboard.
Nothing is applied here: the host's next view is the truth. The Join screen hands it
its RemoteSeat (game/net/remote_seat.py) after the welcome (game/scenes/join.py); the
table's end (the game over, the host gone, the connection lost) is told in a box
(game/table/remote_end.py), and the menu comes back.

The drawing is text on the 80x25 grid, not yet table_draw's: its GnonoView reads the
local table's controller (state, stages, boxes), which a view cannot feed as it is.
"""
from __future__ import annotations

from typing import Any

import pygame

from game import palette as P
from game import ui
from game.keys import Binding
from game.net.remote_seat import RemoteSeat
from game.scene import Pop, Scene
from game.table.remote_end import end_table

from . import moves as M
from .cards import COLOR_NAMES
from .narrate import card_words


def move_words(move: Any, names: list[str]) -> str:
    """A legal move as the move line says it."""
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


def hand_lines(cards: list[str], width: int, rows: int) -> list[str]:
    """The hand's cards in lines of `width`, a line break never inside a card; past
    `rows` lines the last says how many more."""
    lines: list[str] = []
    for i, card in enumerate(cards):
        if lines and len(lines[-1]) + 2 + len(card) + 1 <= width:
            lines[-1] += f", {card}"
        elif len(lines) < rows:
            lines[-1:] = [lines[-1] + ","] if lines else []
            lines.append(card)
        else:
            more = f" and {len(cards) - i} more"
            lines[-1] = lines[-1][:width - len(more)] + more
            break
    return lines


class RemoteGnonoTable(Scene):
    title = "Gnono at a network table"

    def __init__(self, app: Any, link: RemoteSeat):
        super().__init__(app)
        self.link = link
        self.pick = 0                  # which legal move Enter sends

    # -- the network ------------------------------------------------------------------
    def update(self, dt: float) -> Pop | None:
        for kind in self.link.poll():
            if kind == "illegal":
                self.app.error()
            elif kind == "update":
                self.pick = min(self.pick, max(0, len(self.moves()) - 1))
        return None if self.link.ending is None else end_table(self, self.link, self.final_scores())

    def final_scores(self) -> list[str]:
        """The game over box's lines: who won, and the scores from the last view."""
        view, name = self.link.view, self.link.name
        if view is None:
            return []
        scores = sorted(range(view.n_players), key=lambda s: -view.scores[s])
        winner = "You win" if scores[0] == view.seat else f"{name(scores[0])} wins"
        return [f"The game is over: {winner}.",
                "Scores: " + ", ".join(f"{name(s)} {view.scores[s]}" for s in scores) + "."]

    def moves(self) -> list[Any]:
        return list(self.link.view.legal) if self.link.view is not None else []

    # -- the keys ---------------------------------------------------------------------
    def bindings(self) -> list[Binding]:
        return [Binding((pygame.K_LEFT,), "The previous legal move", lambda: self.turn(-1),
                        bar="Move", bar_keys="Left/Right"),
                Binding((pygame.K_RIGHT,), "The next legal move", lambda: self.turn(1)),
                Binding((pygame.K_RETURN,), "Send the move to the host", self.send, bar="Send"),
                Binding((pygame.K_ESCAPE,), "Leave the table (the seat is kept a while)",
                        self.leave, bar="Leave")]

    def turn(self, by: int) -> bool:
        moves = self.moves()
        if len(moves) < 2:
            return False
        self.pick = (self.pick + by) % len(moves)
        return True

    def send(self) -> bool:
        moves = self.moves()
        return bool(moves) and self.link.send(moves[self.pick])

    def leave(self) -> Pop:
        self.link.leave()
        return Pop(self)

    # -- the drawing ------------------------------------------------------------------
    def status(self) -> str:
        v = self.link.view
        if v is None:
            return "Waiting for the host..."
        if v.phase in (M.ROUND_OVER, M.GAME_OVER):
            return "Round over" if v.phase == M.ROUND_OVER else "Game over"
        return "Your turn" if v.current == v.seat else f"{self.link.name(v.current)}'s turn"

    def draw(self, canvas: Any) -> None:
        canvas.fill(P.PALETTE[self.app.options["colour.table"]])
        ui.fill(canvas, 0, 0, 80, 1, P.BLUE)
        ui.text(canvas, 0, 0, " GNONO  at a network table", P.WHITE, P.BLUE)
        status = self.status()
        ui.text(canvas, 79 - len(status), 0, status, P.YELLOW, P.BLUE)
        v, names = self.link.view, self.link.names
        if v is not None:
            way = "clockwise" if v.direction == 1 else "anticlockwise"
            ui.text(canvas, 2, 2, f"On the pile: {card_words(v.top)}   Colour: {COLOR_NAMES[v.color]}",
                    P.WHITE, width=76)
            ui.text(canvas, 2, 3, f"Play goes {way}   Draw pile: {v.draw_pile_size}", P.WHITE, width=76)
            for seat in range(v.n_players):
                mark = "\x10" if seat == v.current and v.phase not in (M.ROUND_OVER, M.GAME_OVER) else " "
                who = "you" if seat == v.seat else ""
                uno = "UNO!" if v.uno_called[seat] and v.counts[seat] == 1 else ""
                ui.text(canvas, 2, 4 + seat, f"{mark}{self.link.name(seat)[:20]:<20} {who:<4}"
                        f"{v.counts[seat]:>3} cards {v.scores[seat]:>5} pts  {uno}",
                        P.YELLOW if mark != " " else P.WHITE, width=76)
            ui.text(canvas, 2, 16, f"Your hand ({len(v.hand)}):", P.LIGHT_CYAN)
            for i, line in enumerate(hand_lines([card_words(c) for c in v.hand], 76, 4)):
                ui.text(canvas, 2, 17 + i, line, P.WHITE, width=76)
            moves = self.moves()
            if moves:
                line = f"Move {self.pick + 1} of {len(moves)}: {move_words(moves[self.pick], names)}"
                ui.text(canvas, 2, 21, line[:76], P.YELLOW, P.BLACK)
        note = self.link.refusal or self.link.waiting_for()
        if note:
            ui.text(canvas, 2, 22, note[:76], P.LIGHT_RED)
