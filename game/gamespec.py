"""The contract between the shell and a game, in two parts (after OpenSpiel's GameType):

- `GameSpec`, the cheap declaration: what the title, the menu, the options file, the
  statistics and a network lobby need to know of a game without loading it (its key,
  title, blurb, levels, seat range, real time or turns and the clock's rate, the
  name of its save, its challenge codes' prefix, its statistics' labels, its options
  pages). game/<game>/spec.py builds it from declarations alone.
- `GameParts`, the heavy parts: the engine factory, the computer player, the tables,
  the set-up screen, the codecs and the replay board. They load on first use through
  the spec's own `load` (a function of game/<game>/spec.py whose import statements
  name the package's modules: nothing is imported by a string name, so the import
  graph the checks see is the real one), once, and are checked against the
  declaration (`GameSpec.parts`).

`spec.parts.new_engine`, `spec.parts.replay_codec`... read the parts (and so load the game);
`spec.key`, `spec.title`, `spec.levels`... never do. game/games.py lists the specs.
No pygame here.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, Protocol

from game.bot import Bot
from game.engine import Engine, Event
from game.option_pages import OptionPage
from game.presets import PresetBook

if TYPE_CHECKING:
    from game.challenges import Challenge
    from game.replays import Replay
    from game.scene import Scene


# the heavy parts' shapes ------------------------------------------------------------

class NewEngine(Protocol):
    def __call__(self, seed: int | None, options: Any = None, seats: int | None = None, /) -> Engine:
        """A new game dealt from `seed`: `options` the game's rules options (None: its
        defaults for `seats` seats, None: its usual table); ValueError with a sentence
        for a number of seats the game is not played by. Options seat the number they
        say (the caller compares the engine's n_seats)."""
        ...


class MakeBot(Protocol):
    def __call__(self, level: str, seed: int, seat: int, /) -> Bot:
        """The game's one computer player at `level` (one of the spec's levels) for
        `seat`, its random source from `seed` (game/bot.py)."""
        ...


class StartTable(Protocol):
    def __call__(self, app: Any, seed: int | None = None) -> Scene:
        """The game's first scene: its set-up screen (or its table)."""
        ...


class ResumeTable(Protocol):
    def __call__(self, app: Any, /) -> Scene | None:
        """The saved game's table, or None (the save set aside and the player told)."""
        ...


class StartChallenge(Protocol):
    def __call__(self, app: Any, challenge: Challenge, /) -> Scene:
        """The table of a deal challenge (game/challenges.py)."""
        ...


class JoinTable(Protocol):
    def __call__(self, app: Any, link: Any, /) -> Scene:
        """The joiner's table, its seat's link to the host given (game/net/remote_seat.py's
        RemoteSeat, after the host's welcome)."""
        ...


class ReplayBoardFactory(Protocol):
    def __call__(self, app: Any, replay: Replay, /) -> Any:
        """The board a replay is played back on (game/scenes/replay_player.py)."""
        ...


class ReplayCodec(Protocol):
    """A game's replay codec (game/<game>/replay_codec.py; game/replays.py says each
    part): its replays, its moves as JSON and its challenge codes."""
    @property
    def GAME(self) -> str: ...
    @property
    def VERSION(self) -> int: ...
    @property
    def BY_STEP(self) -> bool: ...
    @property
    def LEVELS(self) -> tuple[str, ...]: ...
    @property
    def CHALLENGE_PREFIX(self) -> str: ...
    @property
    def CHALLENGE_ID(self) -> int: ...

    def engine_from_json(self, data: Any, /) -> Engine: ...
    def recorded(self, engine: Any, /) -> Any: ...
    def move_to_json(self, move: Any, /) -> Any: ...
    def move_from_json(self, data: Any, /) -> Any: ...
    def apply(self, engine: Any, step: int, seat: int, move: Any, /) -> list[Event]: ...
    def seat_count(self, state: Any, /) -> int: ...
    def outcome(self, start: Any, final: Any, names: list[str], /) -> tuple[str, Sequence[int]]: ...
    def default_options(self) -> Any: ...
    def options_to_json(self, options: Any, /) -> dict[str, Any]: ...
    def options_from_json(self, data: Any, /) -> Any: ...


class NetCodec(Protocol):
    """A game's net codec (game/<game>/net_codec.py): a seat's view and the events it
    may know as JSON, and its moves on the wire (a real-time game's seated moves are
    sent bare: the host seats them). `listed_form(move)`: the form in which the engine
    lists a move it accepts in another form too (Gin's going out names the groups the
    player marked; the listed move leaves them to the engine): the host checks a move
    is listed in that form. `layouts_to_json`, where a game has it, is every seat's
    face-up layout (Nerts)."""
    def view_to_json(self, view: Any, /) -> dict[str, Any]: ...
    def view_from_json(self, data: Any, /) -> Any: ...
    def events_for(self, events: Sequence[Event], seat: int, /) -> list[dict[str, Any]]: ...
    def move_to_wire(self, move: Any, /) -> Any: ...
    def move_from_wire(self, seat: int, data: Any, /) -> Any: ...
    def listed_form(self, move: Any, /) -> Any: ...


# the modules of a game package that hold its parts (GameParts.of_package): a module
# is checked against its role's protocol as an object would be
class RulesRole(Protocol):
    @property
    def new_engine(self) -> NewEngine: ...


class BotRole(Protocol):
    @property
    def make_bot(self) -> MakeBot: ...


class TableRole(Protocol):
    @property
    def start(self) -> StartTable: ...
    @property
    def resume(self) -> ResumeTable: ...
    @property
    def start_challenge(self) -> StartChallenge: ...
    @property
    def join(self) -> JoinTable: ...


class SaveRole(Protocol):
    @property
    def SAVE_NAME(self) -> str: ...


class ReplayBoardRole(Protocol):
    @property
    def board(self) -> ReplayBoardFactory: ...


@dataclass(frozen=True)
class GameParts:
    """A game's heavy parts, loaded when it is first played, replayed or joined."""
    new_engine: NewEngine
    make_bot: MakeBot
    start: StartTable
    setup: type                      # the set-up screen's class
    resume: ResumeTable
    start_challenge: StartChallenge
    join: JoinTable
    replay_codec: ReplayCodec
    replay_board: ReplayBoardFactory
    net_codec: NetCodec
    save_name: str                   # as the table's saves name it (checked against the spec's)

    @classmethod
    def of_package(cls, rules: RulesRole, bot: BotRole, table: TableRole, table_save: SaveRole,
                   replay_codec: ReplayCodec, replay_board: ReplayBoardRole, net_codec: NetCodec, *,
                   setup: type) -> GameParts:
        """A game package's parts, each read from the module of its role (the same
        names in every game): rules.new_engine, bot.make_bot, table's start, resume,
        start_challenge and join, table_save's SAVE_NAME, replay_board's board."""
        return cls(new_engine=rules.new_engine, make_bot=bot.make_bot, start=table.start, setup=setup,
                   resume=table.resume, start_challenge=table.start_challenge, join=table.join,
                   replay_codec=replay_codec, replay_board=replay_board.board, net_codec=net_codec,
                   save_name=table_save.SAVE_NAME)


# the cheap declaration -----------------------------------------------------------------

@dataclass(frozen=True)
class GameSpec:
    key: str                       # "gin": the saves, replays and statistics name it so
    title: str                     # "Gin Rummy": the menu's line
    blurb: tuple[str, ...]         # the menu's lines about the game (4 of 40 columns)
    levels: tuple[str, ...]        # the computer players' levels, weakest first
    seats: range                   # how many sit at its table (its set-up screen's range)
    save_name: str                 # the game in progress, in the saves folder
    challenge_prefix: str          # its challenge codes start with it ("GIN")
    option_pages: Sequence[OptionPage]   # the game's pages of the options screen
    presets: PresetBook | None     # the presets it ships and the player's own (or none)
    load: Callable[[], GameParts] = field(repr=False, compare=False)  # the heavy parts
    clock_rate: int | None = None  # real time: its clock's steps a second; None: turns
    stat_labels: Mapping[str, str] = field(default_factory=dict)   # its own counters' lines
    # what its tables give the statistics' history of finished games: a "game", or a
    # "hand" where a game has no end of its own (a session of hands)
    history_unit: str = "game"

    @property
    def realtime(self) -> bool:
        """Every seat moves at once, on the table's clock (the engine is Clocked)."""
        return self.clock_rate is not None

    def seats_text(self) -> str:
        """"2", "2 to 4": how many play it, for a sentence."""
        lo, hi = self.seats[0], self.seats[-1]
        return f"{lo}" if lo == hi else f"{lo} to {hi}"

    def check_seats(self, seats: int) -> None:
        """ValueError with a sentence unless the game is played by `seats`."""
        if seats not in self.seats:
            raise ValueError(f"{self.title} is played by {self.seats_text()}, not {seats}")

    @cached_property
    def parts(self) -> GameParts:
        """The heavy parts, loaded now if they were not (ValueError if they do not
        match the declaration: a slip in the game's spec.py)."""
        parts = self.load()
        codec = parts.replay_codec
        found = {"key": codec.GAME, "levels": tuple(codec.LEVELS), "save_name": parts.save_name,
                 "challenge_prefix": codec.CHALLENGE_PREFIX}
        wrong = [k for k, v in found.items() if getattr(self, k) != v]
        if wrong:
            raise ValueError(f"{self.key}: the spec declares {wrong} unlike its modules")
        return parts
