"""The shared default table of a turn game, so that a new game needs only its rules and
a spec (docs/adding-a-game.md): `plain_parts` makes a GameParts from the game's engine
factory, its computer player and its codecs (game/plain_codecs.py), with this table
for local, resumed, challenged and joined play and a replay board.

One table, one drawing and one key map for local and joined play: the table reads
its seat's view and sends its moves through a seat source, the local engine
(`LocalSeat`: computers at the other seats through the game's Bot, the table's own
deal through the engine's table_move, the replays recorded, the game saved) or the
link to a host (`LinkSeat`, game/net/remote_seat.py). What it asks of the game: a
view with `legal` (its seat's moves now) and `lines()` (the table in words, one line
each), and moves whose str() names them. Up/Down choose a move, Enter plays it, Esc
(or F8, local) saves and leaves. A computer's move waits COMPUTER_STEPS; the deal of
the next hand DEAL_STEPS.
"""
from __future__ import annotations

from typing import Any

import pygame

from game import palette as P
from game import ui
from game.challenges import Challenge
from game.engine import Engine, IllegalMove
from game.gamespec import GameParts, GameSpec, MakeBot, NetCodec, NewEngine, ReplayCodec
from game.keys import Binding
from game.replays import Recorder, Replay, Seat
from game.scene import Pop, Scene
from game.storage import GAME_LOST

SAVE_KIND, SAVE_SCHEMA = "plain-game", 1
COMPUTER_STEPS = 30          # a computer's move, in the App's fixed steps
DEAL_STEPS = 60              # the pause before the table deals the next hand
YOU = "You"


class LocalSeat:
    """The seat at this keyboard of a game played here: the engine, its computers."""

    def __init__(self, app: Any, spec: GameSpec, engine: Engine, levels: dict[int, str], seed: int,
                 seat: int = 0, replay: Any = None):
        self.app, self.spec, self.engine, self.seat = app, spec, engine, seat
        self.levels = dict(levels)
        self.seed = seed
        self.bots = {s: spec.parts.make_bot(level, seed + s, s) for s, level in self.levels.items()}
        names = [f"Computer {s + 1}" if s in self.levels else YOU for s in range(engine.n_seats)]
        seats = [Seat(n, "computer", self.levels[s]) if s in self.levels else Seat(n, "human")
                 for s, n in enumerate(names)]
        self.recorder = Recorder(spec.parts.replay_codec, seats, viewer=seat)
        self.recorder.restore(replay)
        if replay is None:
            self.recorder.begin(engine, "Hand 1")
        self.wait = 0
        self.hands = 1

    def view(self) -> Any:
        return self.engine.view(self.seat)

    @property
    def ending(self) -> str | None:
        return "Game over." if self.engine.is_over() and self.engine.table_move() is None else None

    def send(self, move: Any) -> str | None:
        """Play the seat's move: None, or the engine's reason for refusing it."""
        try:
            self._apply(self.seat, move)
        except IllegalMove as e:
            return e.reason
        return None

    def _apply(self, seat: int, move: Any) -> None:
        self.engine.apply(move)
        self.recorder.record(0, seat, move)
        if self.engine.table_move() is not None or self.engine.is_over():
            rep = self.recorder.finish(self.engine)
            if rep is not None:
                self.app.replays.save(rep)

    def pump(self) -> None:
        """One step: a computer to move plays after its pause; between hands the table
        deals after its own."""
        self.wait += 1
        deal = self.engine.table_move()
        if deal is not None:
            if self.wait >= DEAL_STEPS:
                self.engine.apply(deal)
                self.hands += 1
                self.recorder.begin(self.engine, f"Hand {self.hands}")
                self.wait = 0
            return
        for seat, bot in self.bots.items():
            if seat in self.engine.to_move() and self.wait >= COMPUTER_STEPS:
                move = bot.step(self.engine.view(seat), 0)
                if move is not None:
                    self._apply(seat, move)
                    self.wait = 0
                return

    def save(self) -> None:
        """The game in progress into the saves folder (a finished one's save removed)."""
        if self.ending is not None:
            self.app.storage.remove(self.spec.save_name)
            return
        self.app.storage.write_json(self.spec.save_name, SAVE_KIND, SAVE_SCHEMA, {
            "engine": self.engine.to_json(), "levels": {str(s): lv for s, lv in self.levels.items()},
            "seat": self.seat, "seed": self.seed, "replay": self.recorder.to_json()})

    def leave(self) -> None:
        self.save()


class LinkSeat:
    """The seat of a game joined over the network: the host's views, moves sent."""

    def __init__(self, link: Any):
        self.link = link

    def view(self) -> Any:
        return self.link.view

    @property
    def ending(self) -> str | None:
        return None if self.link.ending is None else str(self.link.ending[1])

    def send(self, move: Any) -> str | None:
        return None if self.link.send(move) else "Your last move is on its way."

    def pump(self) -> None:
        self.link.poll()

    def leave(self) -> None:
        self.link.leave()


class PlainTable(Scene):
    title = "Table"

    def __init__(self, app: Any, spec: GameSpec, source: LocalSeat | LinkSeat):
        super().__init__(app)
        self.spec, self.source = spec, source
        self.title = spec.title
        self.cursor = 0
        self.note = ""

    def legal(self) -> list[Any]:
        view = self.source.view()
        return [] if view is None or self.source.ending else list(view.legal)

    # the keys -----------------------------------------------------------------------
    def bindings(self) -> list[Binding]:
        keys = [Binding((pygame.K_ESCAPE,), "Save and leave", self.leave, bar="Leave")]
        if self.legal():
            keys = [Binding((pygame.K_UP,), "The move above", lambda: self.choose(-1)),
                    Binding((pygame.K_DOWN,), "The move below", lambda: self.choose(1)),
                    Binding((pygame.K_RETURN,), "Play the move chosen", self.play, bar="Play"), *keys]
        if isinstance(self.source, LocalSeat):
            keys.append(Binding((pygame.K_F8,), "Save and leave", self.leave))
        return [*keys, *self.app_keys()]

    def choose(self, d: int) -> None:
        self.cursor = (self.cursor + d) % len(self.legal())

    def play(self) -> bool:
        moves = self.legal()
        refused = self.source.send(moves[min(self.cursor, len(moves) - 1)])
        self.note = refused or ""
        self.cursor = 0
        return refused is None        # a refusal beeps

    def leave(self) -> Pop:
        self.source.leave()
        return Pop(self)

    def save_state(self) -> None:
        if isinstance(self.source, LocalSeat):
            self.source.save()

    def help_lines(self) -> list[str]:
        return [f"{self.spec.title}: Up and Down choose one of your moves, Enter plays it. "
                "Esc saves the game and leaves."]

    # the life -----------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.source.pump()

    def draw(self, canvas: Any) -> None:
        canvas.fill(P.PALETTE[P.GREEN])
        ui.center(canvas, 0, f" {self.spec.title} ", P.YELLOW, P.BLUE)
        view = self.source.view()
        lines = ["Waiting for the host..."] if view is None else list(view.lines())
        for row, line in enumerate(lines[:14]):
            ui.text_cut(canvas, 2, 2 + row, line, P.WHITE, None, 76)
        for i, move in enumerate(self.legal()[:8]):
            mark = "\x10" if i == self.cursor else " "
            ui.text_cut(canvas, 4, 17 + i, f"{mark} {move}", P.YELLOW if i == self.cursor else P.WHITE,
                        None, 72)
        ui.text_cut(canvas, 2, 26, self.source.ending or self.note, P.LIGHT_CYAN, None, 76)


class PlainBoard:
    """A replay's board (game/scenes/replay_player.py): the recorded seat's view in words."""
    move_seconds = 0.6

    def __init__(self, app: Any, rep: Replay):
        self.viewer = rep.viewer
        self.view: Any = None

    def show(self, engine: Engine, events: list[Any], show_all: bool) -> None:
        self.view = engine.view(self.viewer)

    def describe(self, events: list[Any]) -> str:
        return ", ".join(e.kind for e in events)

    def draw(self, canvas: Any) -> None:
        canvas.fill(P.PALETTE[P.GREEN])
        for row, line in enumerate(self.view.lines()[:24] if self.view is not None else []):
            ui.text_cut(canvas, 2, 2 + row, line, P.WHITE, None, 76)


def plain_parts(spec: GameSpec, new_engine: NewEngine, make_bot: MakeBot, replay_codec: ReplayCodec,
                net_codec: NetCodec) -> GameParts:
    """A GameParts of shared defaults: this table against the spec's weakest computer
    at every other seat of its smallest table, its saves, its challenges and its
    joiner's table; PlainBoard for its replays."""
    def local(app: Any, engine: Engine, levels: dict[int, str], seed: int) -> PlainTable:
        return PlainTable(app, spec, LocalSeat(app, spec, engine, levels, seed))

    def start(app: Any, seed: int | None = None) -> Scene:
        engine = new_engine(seed, None, spec.seats[0])
        return local(app, engine, dict.fromkeys(range(1, engine.n_seats), spec.levels[0]), seed or 0)

    def resume(app: Any) -> Scene | None:
        data = app.storage.read_json(spec.save_name, SAVE_KIND, SAVE_SCHEMA, lambda d: d, GAME_LOST)
        if data is None:
            return None
        try:
            engine = replay_codec.engine_from_json(data["engine"])
            levels = {int(s): str(lv) for s, lv in data["levels"].items()}
            seat = LocalSeat(app, spec, engine, levels, int(data["seed"]), int(data["seat"]), data["replay"])
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            app.storage.set_aside(spec.save_name, exc, GAME_LOST)
            return None
        return PlainTable(app, spec, seat)

    def start_challenge(app: Any, ch: Challenge) -> Scene:
        engine = new_engine(ch.deal_no, replay_codec.options_from_json(ch.options), len(ch.seats))
        levels = {s: lv for s, lv in enumerate(ch.seats) if lv is not None}
        return local(app, engine, levels, ch.deal_no)

    def join(app: Any, link: Any) -> Scene:
        return PlainTable(app, spec, LinkSeat(link))

    return GameParts(new_engine=new_engine, make_bot=make_bot, start=start, setup=PlainTable,
                     resume=resume, start_challenge=start_challenge, join=join,
                     replay_codec=replay_codec, replay_board=PlainBoard, net_codec=net_codec,
                     save_name=spec.save_name)
