"""The Gin Rummy table, key for key as GIN! (1981) played it.

The player (seat 0) against the computer (seat 1). The manual's keys:
- the pick-up arrow at the Stock or the upcard (Left/Right switch it; on the first
  upcard there is no choice: + takes it, - passes), + or Ins takes the card;
- the taken card waits below the upcard, an arrow in the row above the hand shows
  where it will go (Left/Right), Enter puts it in;
- the suit symbol of the selected card flashes; Left/Right move it; - or Del
  discards it; Up on a card, then Left/Right and Enter, moves it (sorting);
  Up/Down move between the Stock/Pile, the arrow row and the hand;
- F10 gins or knocks with the flashing card as the discard: the hand is shown in
  groups with the question "is that how you want it played? (Y/N)"; N lets the
  player mark groups 1/2/3 or space over each card (P: a lay-off on the computer's
  groups after it knocked), F10 again to finish; Esc returns to play;
- F3 box scores, F4 game score, F5 the Pile, F6 the Stock, F7 a new deal (not in a
  challenge: its deal is the challenge), F8 save and leave, F9 shows or hides the
  computer's hand. Every other key beeps.

The table is composed, as Go-Stop's and Gnono's are: the state, the moves, the
computer's pacing, autosave and statistics in game/gin/controller.py (no pygame),
held as `ctl`; the drawing a table_draw.GinView, the keys a table_keys.GinKeys; the
save and its validation in table_save.py. GinTable is the Scene around them, with
the screens it opens.

Hosted over the network (issue #36): new_table(..., hosting=NetHosting(...)) opens
the table to a joiner at seat 1 (game/gin/controller.py says how it plays); F8 or
quitting closes it for the joiner too, Esc asks first (the joiner is dropped).
Joined (issue #42): the same table at the joiner's program, its controller SeatPlay
reading the host's views and sending its moves through a RemoteSeat; what every
joined table does alike (the host heard, keys held while a move is in flight, whose
turn on a rejoin, the table's end) is game/table/joined.py's JoinedSeat.

    start(app, seed=None) -> the session options screen, then the table
    start_challenge(app, ch) -> a deal challenge's table (game/scenes/challenge.py)
    resume(app) -> the saved table, or None
    join(app, seat) -> the table joined over the network (seat: its RemoteSeat)
"""
from __future__ import annotations

from game import challenges
from game.challenges import Challenge
from game.deals import DEAL_LIMIT, fresh_deal_no, is_deal_no
from game.gin import replay_codec, table_keys, table_save, table_speech
from game.gin import screens as SC
from game.gin import settings as S
from game.gin.arrangement import CPU, HUMAN, Arrangement, sort_for_hand  # noqa: F401
from game.gin.controller import GinController
from game.gin.review_screen import review_keys
from game.gin.rules import GinGame
from game.gin.seat_play import SeatPlay
from game.gin.setup import SessionScene, session_for
from game.gin.table_draw import CPU_X0, CPU_Y, CW, MID_Y, PILE_X, STOCK_X, GinView  # noqa: F401
from game.gin.table_keys import GinKeys
from game.gin.table_save import SAVE_NAME
from game.scene import Pop, Push, Replace, Scene
from game.scenes.overlays import MessageBox, Question
from game.table.handover import HandOver
from game.table.joined import JoinedSeat, Link
from game.table.leaving import leave_question
from game.table_support import resume_safely


class GinTable(Scene):
    """The scene: the controller (self.ctl, no pygame) drawn by a GinView, its keys a
    GinKeys; the screens it opens (scores, the Pile, the end of the game, another
    game?) and the hot-seat hand-over (game/table/handover.py). Joined (`seat`, a
    RemoteSeat; the other arguments unused): the controller is a SeatPlay on the link,
    and a JoinedSeat (game/table/joined.py) hears the host."""
    title = "Gin Rummy"
    spoken_detail_name = "your hand by suit"

    def __init__(self, app, game: GinGame | None, name: str = "", level: str = "", ai_seed: int = 0,
                 session: dict | None = None, hosting=None, seat: Link | None = None):
        super().__init__(app)
        if seat is None:
            assert game is not None
            self.ctl = GinController(app, game, name, level, ai_seed, session or session_for(app), hosting)
            self.joined: JoinedSeat | None = None
        else:
            self.ctl = SeatPlay(app, None, seat.seat, source=seat)
            self.joined = JoinedSeat(self, seat, self.ctl, tell_waiting=False)   # (drawn: waiting_line)
            self.title = "Gin Rummy at a network table"
        self.view = GinView(self.ctl)
        self.keymap = GinKeys(self)
        self.focus_line = table_speech.FocusLine()
        self.handing_over = False    # the hand-over screen is up (hot seat)
        # a network table: the network is heard while a score screen covers the table
        self.updates_when_covered = hosting is not None or seat is not None

    # ---- the clock: the host (joined), hot seat's hand-over, then the computer -----------
    def update(self, dt=None):
        """Joined: the host's messages (game/table/joined.py). Hot seat: the hand-over
        screen (game/table/handover.py) covers the table while the keyboard changes
        hands; else the computer's step (GinController.update). A hosted table hears
        the network first."""
        if self.joined is not None:
            return self.joined.update()
        self.ctl.follow_hosting()
        return self.hand_over() or self.ctl.update(dt)

    def hand_over(self) -> Push | None:
        """The hand-over screen, when the keyboard must change hands and it is not up."""
        c = self.ctl
        if c.mode != "handover" or self.handing_over:
            return None
        self.handing_over = True
        seat = c.handover_to
        return Push(HandOver(self.app, seat, c.names[seat], self._taken, self.save_and_leave,
                             c.save, self.help_lines))

    def _taken(self) -> None:
        self.handing_over = False
        self.ctl.take_keyboard()

    def check_invariants(self):
        """The controller's invariants, and the hand-over screen up only while the
        keyboard changes hands; raises AssertionError or ValueError."""
        self.ctl.check_invariants()
        assert not self.handing_over or self.ctl.mode == "handover", "a hand-over screen over play"

    # ---- keys and drawing ------------------------------------------------------------
    def handle(self, event):
        if self.joined is not None and self.joined.hold(event):    # a move is in flight
            return True
        c = self.ctl
        if c.my_turn and c.mode == "play":
            c.flash = False
        c.in_key = True
        try:
            done = super().handle(event)
        finally:
            c.in_key = False
        # a move that ends the turn hands over at once: the next key is the hand-over's
        return (done is True and self.hand_over()) or done

    # ---- speech (game/gin/table_speech.py) ----------------------------------------------
    def spoken_focus(self) -> str:
        """The item under the cursor; with the note a key has just set, said together."""
        return self.focus_line(self.ctl)

    def spoken_state(self) -> str:
        return table_speech.state(self.ctl)

    def spoken_detail(self) -> str | None:
        return table_speech.by_suit(self.ctl)

    def bindings(self):
        if self.joined is not None and self.ctl.seen is None:     # nothing from the host yet
            return self.joined.waiting_bindings()
        return self.keymap.bindings()

    def draw(self, canvas):
        self.ctl.moved = False
        if self.joined is not None and self.ctl.seen is None:
            self.joined.draw_waiting(canvas)
            return
        self.view.draw(canvas)

    def dirty(self) -> bool:
        """Drawn every frame only while the computer is to move (its pause, its thinking)
        or a move has not been drawn yet; the blink and keys redraw anyway (issue #19)."""
        return self.ctl.moved or self.ctl.cpu_to_move()

    def help_lines(self):
        return table_keys.help_text(self.ctl.seen)

    # ---- the screens the table opens ---------------------------------------------------
    def go_on(self):
        """Any key after a hand: the score (then the next hand), or the end of the game
        (joined: the host's `end` closes the table, game/table/joined.py)."""
        c = self.ctl
        v = c.seen
        if v is None or v.phase not in ("hand_over", "game_over") or (c.remote and v.phase == "game_over"):
            return None
        if v.phase == "game_over":
            g = c.game
            c.mode = "over"      # the last hand's box is closed: "another game?" comes over the cards
            self.app.storage.remove(SAVE_NAME)
            screen = SC.end_of_game(self.app, g, c.names, self._after_game,
                                    challenge=self.make_challenge, outcome=self.challenge_outcome())
            screen.notes += [n for n in (c.coach_end_note(),) if n]
            screen.extra_keys = review_keys(c)     # R: the last hand's review
            return Push(screen)
        if v.last_record is not None and v.last_record.how == "dead":
            c._next_hand()
            return None
        return Push(SC.game_score(self.app, c.sheet(), c.names, on_done=c._next_hand, any_key=True,
                                  extra_keys=[] if c.remote else review_keys(c)))

    # ---- deal challenges (issue #21) ----------------------------------------------------
    def make_challenge(self) -> Challenge | str:
        """C at the end of the game: this game as a challenge, or the reason it is none."""
        c = self.ctl
        g = c.game
        if c.hot_seat or c.networked:
            return "A challenge needs one player against computers"
        if not is_deal_no(g.seed):
            return "This game was not dealt from a deal number: no challenge"
        return Challenge("gin", g.seed, replay_codec.options_to_json(g.options), (None, c.level),
                         g.scores()[HUMAN], c.names[HUMAN])

    def challenge_outcome(self) -> str:
        """How the challenge played at this table came out ("" when none was)."""
        c = self.ctl
        if c.challenge is None:
            return ""
        return challenges.outcome(c.challenge, c.game.scores()[HUMAN], c.names[HUMAN])

    def _after_game(self) -> Push | Pop:
        if self.ctl.networked:      # the players were told the game is over: the table closes
            return self.save_and_leave()
        return Push(Question(self.app, "Play another game?", self._new_game, self._leave_done,
                             title="Gin Rummy"))

    def _new_game(self) -> Replace:
        # the next game's deal number comes from this game's RNG: a whole session replays
        c = self.ctl
        game = GinGame.new(seed=c.game.rng.randrange(DEAL_LIMIT),
                           options=S.gin_options(self.app.options, c.session))
        return Replace(GinTable(self.app, game, c.names[0], c.level, c.ai_seed + 1, c.session))

    def _leave_done(self) -> Pop:
        return Pop(self)

    def show_boxes(self):
        return Push(SC.box_scores(self.app, self.ctl.sheet(), self.ctl.names, any_key=True))

    def show_score(self):
        return Push(SC.game_score(self.app, self.ctl.sheet(), self.ctl.names, any_key=True,
                                  hand=table_keys.this_hand(self.ctl.seen)))

    def show_pile(self):
        return Push(SC.pile_box(self.app, self.ctl.seen.pile))

    def show_stock(self):
        stock = list(reversed(self.ctl.game.stock))
        return Push(SC.CardsBox(self.app, "The Stock", stock,
                                f"{len(stock)} cards left, the next to be drawn first"))

    def ask_redeal(self):
        return Push(Question(self.app, "Throw this hand in and deal again?", self.ctl._redeal,
                             title="New deal"))

    def save_and_leave(self):
        self.ctl.save()
        self.ctl.close_hosting()
        return Pop(self)

    def ask_leave(self):
        """Esc at a hosted table: leave? (saved; the joined player is dropped)."""
        return Push(Question(self.app, leave_question(self.ctl.hosting.seated()), self.save_and_leave,
                             title="Leave"))

    def leave(self):
        """F8 or Esc at a joined table: the player leaves; the host keeps the seat a while."""
        return self.joined.leave()

    def save_state(self):
        """Quit (or an error closing the table): the game saved, a hosted table closed
        (a joined table keeps nothing: the host has the game)."""
        if self.joined is None:
            self.ctl.save()
            self.ctl.close_hosting()

    def to_json(self) -> dict:
        """The table's save (game/gin/table_save.py), as F8 or the autosave writes it."""
        return table_save.table_to_json(self.ctl)


# --- entry points for the menu ---------------------------------------------------------
def new_table(app, session: dict, seed: int | None = None, hosting=None) -> GinTable:
    """The table the session screen chose; `hosting` (a game/net/hosting.NetHosting,
    seat 1 remote) opens it to the network (OSError if its port cannot be opened)."""
    game_seed = fresh_deal_no() if seed is None else seed
    game = GinGame.new(seed=game_seed, options=S.gin_options(app.options, session))
    session = dict(session)
    level = session.pop("level", None) or app.options["gin.level"]     # chosen on the session screen
    return GinTable(app, game, session["name"], level, game_seed + 1,
                    {**S.session_defaults(app.options), **session}, hosting)


def start(app, seed: int | None = None) -> Scene:
    """The session options screen; Enter starts the table."""
    return SessionScene(app, lambda session, hosting=None: Replace(new_table(app, session, seed, hosting)))


def start_challenge(app, ch: Challenge) -> Scene:
    """A deal challenge's table: the game on its deal number and options, the computer at
    its level with the seed new_table gives a game started on that deal number, so it is
    the very game the challenger played (as far as the player's moves are the same)."""
    if ch.human != HUMAN or not is_deal_no(ch.deal_no + 1):
        return MessageBox(app, "Challenge", ["This challenge cannot be dealt at the Gin table: "
                                             "it plays the challenger in the first seat."
                                             if ch.human != HUMAN else "Its deal number is too large."])
    options = replay_codec.options_from_json(ch.options)
    session = {**session_for(app), "oklahoma": options.oklahoma, "hollywood": options.hollywood,
               "opponent": "computer"}
    game = GinGame.new(seed=ch.deal_no, options=options)
    table = GinTable(app, game, session["name"], ch.seats[CPU], ch.deal_no + 1, session)
    table.ctl.challenge = ch
    return table


def join(app, seat: Link) -> Scene:
    """The table joined over the network: `seat` is the link to the host, after its
    welcome (game/scenes/join.py)."""
    return GinTable(app, None, seat=seat)


def resume(app):
    """The saved game's table, or None (see table_support.resume_safely)."""
    return resume_safely(app, SAVE_NAME, _resume)


def _resume(app):
    """The saved game's table, or None (no save, or a bad one set aside and reported)."""
    d = table_save.read(app.storage)
    if d is None:
        return None
    t = GinTable(app, d["game"], d["name"], d["level"], d["ai_seed"], d["session"])
    table_save.restore(t.ctl, d)
    return t

