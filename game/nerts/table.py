"""The Nerts table: every seat plays at once, on the App's fixed clock; the one table
of local, hosted and joined play.

    start(app, seed=None) -> the set-up scene;  resume(app) -> the saved table or None
    join(app, seat) -> the table of a joiner's seat (seat: game/net/remote_seat.py's RemoteSeat)
(game/nerts/spec.py names these for the shell.)

The scene joins the parts: the controller, a seat_play.SeatPlay whose seat source is
the engine at hand (controller.py: the game, the computers, the phases, saving; a
hosted table's network) or the link to a host (seat_play.LinkPlay), the drawing
(table_draw.py), the keys (table_keys.py), the boxes over the table (screens.py) and
the save with its validation (table_save.py). A key's move is in the state before the
frame that reads the key is drawn (a joiner's: sent at once, drawn when the host's
view comes); anything refused beeps and changes nothing, with the reason in the notes
line. A joiner's table has no pause and no save (the host keeps the game); Esc leaves
it (the seat is kept a while: Alt+R on the Join screen); its end is game/table/remote_end.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game import card_art
from game import palette as P
from game.challenges import Challenge
from game.deals import fresh_deal_no
from game.engine import IllegalMove
from game.nerts import settings as S
from game.nerts import table_keys as K
from game.nerts import table_save
from game.nerts.ai import LEVELS
from game.nerts.bot import NertsBot
from game.nerts.controller import SeatInfo, TableControl
from game.nerts.rules import Game, NertsOptions
from game.nerts.screens import NertsScoring, PauseBox, PlaysBox, help_text
from game.nerts.seat_play import LinkPlay, SeatPlay
from game.nerts.setup import SetupScene
from game.nerts.table_draw import TableDrawing
from game.nerts.table_save import SAVE_NAME
from game.scene import Pop, Push, Scene
from game.scenes.overlays import Question
from game.scenes.realtime_table import RealTimeTable
from game.table.joined import JoinedSeat
from game.table.leaving import leave_question
from game.table_support import resume_saved

CPU_NAMES = ("Ada", "Max", "Sid", "Liz")
SEAT_COLOUR_CHOICES = (P.BLUE, P.RED, P.MAGENTA, P.BROWN, P.CYAN, P.DARK_GREY, P.BLACK)
SCORE_HEADERS = ["Seat", "Scoring Area", "Pile left", "Round", "Total"]
LEAVE_TEXT = "Leave the table? (your seat is kept a few minutes: Alt+R on the Join screen)"


def seat_colours(app, seats: int) -> list[int]:
    """A back colour per seat: the player's own deck colour first, then colours that
    stand out from the table and from each other."""
    table = app.options["colour.table"]
    first = app.options["colour.back"]
    out = [first]
    for c in SEAT_COLOUR_CHOICES:
        if len(out) == seats:
            break
        if c in out or c == table or c ^ 8 == table or c ^ 8 in out:
            continue
        out.append(c)
    while len(out) < seats:
        out.append(P.DARK_GREY)
    return out


def options_from_app(app, seats: int) -> NertsOptions:
    o = app.options
    return NertsOptions(seats=seats, target=o["nerts.target"], flip_by_ones=o["nerts.flip_by_ones"],
                        move_runs=o["nerts.move_runs"], pile_penalty=o["nerts.pile_penalty"],
                        call_bonus=o["nerts.call_bonus"], partners=o["nerts.partners"] and seats == 4)


def make_seats(app, levels: list[str], remote: frozenset[int] = frozenset(),
               remote_level: str = "normal", me: int | None = None) -> list[SeatInfo]:
    """Each seat's name, colour, card back and (a human's) keys. A `remote` seat (a
    hosted table's) is played over the network: no keys, no computer; its level is
    the computer's that plays it when the game is taken up again without the network.
    `me`: a joiner's own seat (the player's own deck colour; every other seat remote)."""
    clusters, problems = S.clusters_checked(app.options)
    if problems:
        app.toast("Nerts keys clash (" + problems[0] + "): default keys used.", 5)
    levels = [(lv if lv in LEVELS else remote_level) if i in remote else lv for i, lv in enumerate(levels)]
    humans = [i for i, lv in enumerate(levels) if lv == "human"]
    if len(humans) > S.MAX_HUMANS:
        raise ValueError("at most two humans share the keyboard")
    colours = seat_colours(app, len(levels))
    if me is not None:
        colours[0], colours[me] = colours[me], colours[0]
    seats = []
    for i, lv in enumerate(levels):
        if lv == "human":
            h = humans.index(i)
            name = "You" if len(humans) == 1 else f"Player {h + 1}"
            keys = clusters[h]
        else:
            if lv not in LEVELS:
                raise ValueError(f"unknown level {lv!r}")
            name, keys = (f"Open seat {i + 1}" if i in remote else CPU_NAMES[i]), None
        seats.append(SeatInfo(i, lv, name, colours[i], keys, i % card_art.BACK_DESIGNS))
        seats[-1].remote = i in remote
    return seats


class NertsTable(RealTimeTable):
    cursor_places = K.CURSOR_PLACES
    title = "Nerts"
    spoken_detail_name = "the other players' layouts"

    def __init__(self, app, game: Game | None, levels: list[str] | None, seed: int | None = None,
                 hosting: Any = None, link: Any = None):
        """A table of this program's `game` with a level a seat (`hosting`: a game/net/
        hosting.py NetHosting opens it to the network), or a joiner's: `link` (its
        RemoteSeat) brings the game, the seats and the drawing with the host's first view."""
        super().__init__(app)
        self.hosting, self.link = hosting, link
        self.joined: JoinedSeat | None = None
        self.cursor = 0
        self.scores_screen: NertsScoring | None = None
        self.ready_first = False    # a resumed round: its clock waits for the "ready" box
        # a network game never pauses: its news comes in under the boxes
        self.updates_when_covered = hosting is not None or link is not None
        self.saves = link is None                            # (a joiner's game is the host's)
        self.pauses = link is None and hosting is None
        self.drawing: TableDrawing | None = None
        if link is not None:
            self.title = "Nerts at a network table"
            self.ctl: SeatPlay = LinkPlay(app, link, self._joined_seats)
            self.joined = JoinedSeat(self, link, self.ctl)    # (real time: no key is held)
            self.arrow_seat: int | None = link.seat
            self._key_map = {}
            return
        if game is None or levels is None or len(levels) != game.options.seats:
            raise ValueError("one level per seat")
        remote = frozenset() if hosting is None else hosting.remote
        seats = make_seats(app, levels, remote, "normal" if hosting is None else hosting.level)
        humans = [s.index for s in seats if s.human]
        self.arrow_seat = humans[0] if len(humans) == 1 else None
        self.ctl = TableControl(app, game, seats, fresh_deal_no() if seed is None else seed, hosting)
        self._made_seats()

    def _joined_seats(self, options: NertsOptions, me: int) -> list[SeatInfo]:
        """A joiner's seats, once the host's first view tells the rules: this seat has
        the first player's keys, every other one is played elsewhere."""
        return make_seats(self.app, ["human" if i == me else "normal" for i in range(options.seats)],
                          frozenset(range(options.seats)) - {me}, me=me)

    def _made_seats(self) -> None:
        """The drawing and the key map, once the seats are known."""
        self._key_map = K.key_map(self.ctl.seats)
        self.drawing = TableDrawing(self)
        if self.link is not None:      # the player's own layout near, as at one keyboard
            n, mine = len(self.ctl.sides), self.ctl.game.options.side_of(self.link.seat)
            boxes = self.drawing.boxes
            self.drawing.boxes = [boxes[(side - mine) % n] for side in range(n)]

    # every table's save answers to_json() and save(), called alike at the four tables
    # (the saves tests, test_deal_numbers); Nerts' save is its controller's (a joiner's: the host's)
    def to_json(self) -> dict:
        return self.ctl.to_json()

    def save(self) -> bool:
        return self.ctl.save()

    # --- the clock --------------------------------------------------------------------
    def update(self, dt):
        if self.ready_first:
            self.ready_first = False
            if self.ctl.phase == "play" and self.hosting is None:
                return Push(PauseBox(self.app, self, ready=True))
        if self.joined is not None:        # the host heard (game/table/joined.py); its end
            ended = self.joined.update()
            if ended is not None:
                return ended
        if self.drawing is None:           # a joiner's, before the host's first view
            self.ctl.tick()
            if self.ctl.seats:
                self._made_seats()
            return None
        out = super().update(dt)
        if self.ctl.dealt_by_network:      # the next round was dealt elsewhere: its scores go
            self.ctl.dealt_by_network = False
            self.drawing.slides = []
            screen, self.scores_screen = self.scores_screen, None
            if screen is not None and screen in self.app.scenes:
                return Pop(screen)
        return out

    def tick_due(self) -> Push | None:
        return self.show_scores() if self.app.top is self else None

    def show_scores(self) -> Push | None:
        """The round's scoring screen; Enter goes on to the next round or the end."""
        s = self.ctl.score_round()
        if s is None:
            return None
        self.scores_screen = NertsScoring(self.app, s["title"], SCORE_HEADERS, s["rows"], s["notes"],
                                          on_done=self.after_scores, done_label=s["label"], table=self)
        self.scores_screen.totals, self.scores_screen.winner = s["totals"], s["winner"]
        return Push(self.scores_screen)

    def after_scores(self) -> Pop | None:
        """The scoring screen's callback (Pop.then): the next round, or leave when the
        game is over (a joiner's: the next round asked of the host; the end is the host's)."""
        self.scores_screen = None
        if self.ctl.phase == "play":      # (dealt elsewhere meanwhile)
            return None
        if self.ctl.next_round():
            self.close_hosting()
            return Pop(self)
        self.drawing.slides = []
        return None

    # --- keys -------------------------------------------------------------------------
    def bindings(self):
        if self.joined is not None and self.drawing is None:     # nothing from the host yet
            return self.joined.waiting_bindings()
        return K.bindings(self)

    def pause(self) -> Push:
        return Push(PauseBox(self.app, self))

    def show_plays(self) -> Push:
        return Push(PlaysBox(self.app, self.ctl.feed))

    @property
    def leave_label(self) -> str:
        return "Leave the game (it is saved)" if self.saves else "Leave the table (the seat is kept a while)"

    @property
    def leave_text(self) -> str:
        if not self.saves:
            return LEAVE_TEXT
        return leave_question(self.hosting.seated() if self.hosting is not None else ())

    def ask_leave(self) -> Push:
        return Push(Question(self.app, self.leave_text, self.save_and_leave, title="Leave Nerts"))

    def save_and_leave(self, then: Callable[[], Any] | None = None) -> Pop:
        """Save and leave the table (a joiner's: goodbye to the host, which keeps the seat
        for its token); `then` (a Pop's callback) runs once it is gone."""
        if self.joined is not None:
            return self.joined.leave(then)
        self.ctl.save()
        self.close_hosting()
        return Pop(self, then=then)

    def save_state(self) -> None:
        """(The App's quit, or a failure: the table goes, every player is told.)"""
        self.ctl.save()
        self.close_hosting()

    def close_hosting(self) -> None:
        """A hosted table's end: every player is told "The host closed the table"."""
        if self.hosting is not None:
            problem = self.hosting.close()
            if problem:
                self.app.toast(problem, 5)

    def spoken_detail(self) -> str | None:
        return self.ctl.spoken_others()

    def help_lines(self):
        return help_text()

    def draw(self, canvas) -> None:
        if self.joined is not None and self.drawing is None:     # before the host's first view
            self.joined.draw_waiting(canvas)
        elif self.ready_first and self.ctl.phase == "play":
            self.drawing._draw_hidden(canvas)     # (not one frame of the round before its box)
        else:
            super().draw(canvas)


def new_table(app, levels: list[str], options: NertsOptions | None = None,
              seed: int | None = None, hosting: Any = None) -> NertsTable:
    """A new game's table; with `hosting`, opened to the network (its remote seats
    played by joiners: game/net/hosting.py), OSError if its port cannot be opened."""
    options = options or options_from_app(app, len(levels))
    game_seed = fresh_deal_no() if seed is None else seed
    return NertsTable(app, Game(options, seed=game_seed), levels, seed=game_seed, hosting=hosting)


# --- entry points for the menu -----------------------------------------------------------
def start(app, seed: int | None = None) -> Scene:
    """The set-up scene of a new game (seats, difficulties), Enter starts."""
    return SetupScene(app, seed, new_table)


def resume(app) -> NertsTable | None:
    """The saved game's table, or None (see table_support.resume_saved)."""
    return resume_saved(app, SAVE_NAME, table_save.load, _resumed)


def _resumed(app, d: dict) -> NertsTable:
    table = NertsTable(app, d["game"], d["levels"], seed=d["seed"])
    if d["ais"] is not None:
        for s, ai in zip(table.ctl.seats, d["ais"]):
            s.bot = None if ai is None else NertsBot(ai, s.index)
    ctl = table.ctl
    table.ready_first = True       # (a round in play waits for the player's key)
    ctl.challenge = d["challenge"]
    ctl.recorder.restore(d["replay"], tell=app.storage.tell)   # whole, or dropped and told
    rec = ctl.recorder.replay
    if rec is not None and (ctl.game.round is None or rec.deal_no != ctl.game.round.deal_no
                            or rec.label != f"Round {ctl.game.round_no}"):
        ctl.recorder.restore(None)     # a recording of another round: dropped
    return table


def join(app, seat: Any) -> NertsTable:
    """The table of a joiner's seat at a network game (`seat`: its RemoteSeat, after the
    host's welcome: game/scenes/join.py)."""
    return NertsTable(app, None, None, link=seat)


def start_challenge(app, ch: Challenge) -> NertsTable:
    """The challenge's game: its deal number and options, the computers at its levels
    (seeded by the deal number, as in any game started on it), the human in its seat."""
    options = NertsOptions.from_json(ch.options)
    if len(ch.seats) != options.seats:
        raise ValueError("the challenge's seats do not match its options")
    table = new_table(app, ["human" if lv is None else lv for lv in ch.seats], options, seed=ch.deal_no)
    table.ctl.challenge = ch
    table.ctl.save()
    return table


__all__ = ["NertsTable", "NertsScoring", "PauseBox", "start", "resume", "join", "new_table",
           "start_challenge", "options_from_app", "seat_colours", "IllegalMove", "SAVE_NAME"]
