"""The Nerts table's controller apart from where its game comes from, without pygame.

One table (game/nerts/table.py), one drawing (table_draw.py) and one key map
(table_keys.py, key_moves.press) serve local, hosted and joined play: they read a
SeatPlay, whose seat source is either the engine at hand (controller.TableControl:
the computers, the clock, saves, replays, statistics, a hosted table's network) or
the link to a host (LinkPlay below: the seat's view and every side's face-up layout
as the host sent them, remote_board.ViewGame; each move sent at once, the host's next
view the truth and its refusal the beep). What both do alike lives here: the seats
and sides, the notes line and the plays feed, a key made a move, the words of the
moves applied (notes, feed, voice), the round's score sheet and the spoken texts.

A source gives:
    game               the game as the drawing reads it (rules.Game, or a ViewGame)
    try_move(seat, m)  apply or send the move: True, or False (refused, said)
    tick()             one step: (the round's events to animate, whether the scores are due)
    score_round()      the round's score sheet (score_sheet's dict)
    next_round()       after the scores: True when the game is over here
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.cards import CARD_CODE, Card, card_text, codes_as_text
from game.clock import STEP_HZ
from game.engine import EVERYONE
from game.nerts import key_moves, net_codec
from game.nerts.moves import FOUND, Move, NextRound, Seated
from game.nerts.players import ACTIONS
from game.nerts.remote_board import ViewGame
from game.nerts.saves import game_winner
from game.spoken import card_name, cards_text
from game.words import counted

BANNER_STEPS = 3 * STEP_HZ
NOTE_STEPS = 3 * STEP_HZ
FEED_LINES = 9            # shown beside the panels
FEED_KEPT = 200           # kept for the F3 box
PHASES = ("play", "banner", "done")    # playing; the G'NERTS / standstill banner; scores shown


def subject(name: str, verb: str) -> str:
    """"Ada agrees", "You agree", "Ada & Max agree": the verb in the person the name asks for."""
    return f"{name} {verb if name == 'You' or ' & ' in name else verb + 's'}"


def spoken_cards(text: str) -> str:
    """The engine's card codes ("4C") in words, for the voice."""
    return CARD_CODE.sub(lambda m: card_name(Card.parse(m.group(0)).rank, m.group(2)), text)


def layout_words(lay, who: str, share: str = "") -> str:
    """A Nerts layout in words: the Pile and its top, the Stack's top, the columns."""
    pile = f"top {cards_text(lay.pile[-1:])}" if lay.pile else "empty"
    waste = cards_text(lay.waste[-1:]) if lay.waste else "none"
    cols = "; ".join(f"column {i + 1}: {cards_text(c[-1:]) if c else 'empty'}"
                     + (f" on {len(c) - 1} more" if len(c) > 1 else "")
                     for i, c in enumerate(lay.columns))
    return (f"{who} Pile {counted(len(lay.pile), 'card')}, {pile}. Stack top {waste}, "
            f"{len(lay.stack)} in the Stack{share}. {cols}.")


class SeatInfo:
    """What the table keeps per seat besides the engine's layout."""

    def __init__(self, index: int, level: str, name: str, colour: int, keys: dict | None,
                 design: int = 0):
        self.index = index
        self.level = level
        self.name = name
        self.colour = colour
        self.design = design
        self.keys = keys                  # action -> key name (humans), else None
        self.bot: Any = None              # the seat's computer (game/nerts/bot.py) at a local table
        self.selected: str | None = None  # a source action while a move is half-typed
        self.remote = False               # played over the network (a hosted table): no keys, no AI
        self.away = False                 # a remote seat whose player is not there now

    @property
    def human(self) -> bool:
        return self.level == "human"

    @property
    def computer(self) -> bool:
        """Played by this table's computer (`level` is also a remote seat's level when
        the game is taken up again without the network)."""
        return not self.human and not self.remote

    @property
    def tag(self) -> str:
        """What the seat's name line says of its player: a computer's level, "away"."""
        return ("away" if self.away else "") if self.remote else self.level


class SeatPlay:
    game: Any                # the game the drawing reads (see the module's docstring)
    hosting: Any = None      # a hosted table's NetHosting (the local engine's)
    link: Any = None         # the joiner's RemoteSeat (LinkPlay)

    def __init__(self, app: Any) -> None:
        self.app = app
        self.seats: list[SeatInfo] = []
        self.sides: list[list[SeatInfo]] = []
        self.phase = "play"
        self.banner_steps = 0
        self.notes: list[str] = []
        self.note_steps = 0
        self.feed: list[str] = []                 # the last plays, for the side box and F3
        self.dealt_by_network = False    # the next round was dealt elsewhere: the scores go

    def seat_up(self, seats: list[SeatInfo]) -> None:
        """The seats, and the layouts on the table: a seat each, or a team of partners each."""
        o = self.game.options
        self.seats = seats
        self.sides = [[seats[i] for i in o.seats_of(side)] for side in range(o.sides)]

    def side_name(self, side: int) -> str:
        return " & ".join(s.name for s in self.sides[side])

    def side_colour(self, side: int) -> int:
        return self.sides[side][0].colour

    # --- what a source gives ------------------------------------------------------------
    def try_move(self, seat: int, move: Move) -> bool:
        raise NotImplementedError

    def tick(self) -> tuple[list, bool]:
        raise NotImplementedError

    def frame_drawn(self, frame: int) -> None:
        """A frame showing the applied moves was drawn (the local table times its keys)."""

    # --- a human's keys ---------------------------------------------------------------
    def press(self, seat: int, action: str):
        """One key of a human seat. Returns False (the App beeps) when refused."""
        return key_moves.press(self, seat, action)

    # --- words ------------------------------------------------------------------------
    def note(self, text: str) -> None:
        self.notes.append(codes_as_text(text))     # the voice reads the codes as words
        del self.notes[:-4]
        self.note_steps = NOTE_STEPS
        self.app.say(spoken_cards(text))

    def say(self, seat: SeatInfo, reason: str) -> None:
        """A refusal for a human seat, named unless it is the only human ("You")."""
        self.note(reason if seat.name == "You" else f"{seat.name}: {reason}")

    def _feed(self, line: str) -> None:
        self.feed.append(line)
        del self.feed[:-FEED_KEPT]

    def heard(self, e: Any, seat: SeatInfo | None) -> None:
        """The notes, plays feed and voice of an applied move's event, for everyone."""
        k = e.kind
        if k == "card_moved" and e.dst == FOUND and seat is not None:
            self._feed(f"{seat.name} {card_text(e.cards[0])} scored")
            if not seat.human:       # an opponent's play to the Scoring Area, said as it comes
                self.app.say(f"{seat.name} scores {cards_text(e.cards[:1])}.")
        elif k == "vote" and seat is not None:
            self.note(f"{subject(seat.name, 'agree')} to rotate ({e.value} of {len(self.sides)}).")
        elif k == "votes_cleared" and seat is not None:
            self.note(f"{seat.name} played a card: the standstill agreement is off.")
        elif k == "rotation":
            self.note(f"Standstill: every Stack is rotated ({e.value} of 3).")
            self.app.sound("shuffle")

    def score_sheet(self, title: str, details: list[dict], caller: int | None, totals: list[int],
                    winner: int | None) -> dict:
        """The round's scoring screen: its title, rows and notes, the Enter key's label,
        and the totals and winner of the race to the target."""
        rows = [[self.side_name(i) + (" *" if caller == i else ""), d["played"], d["pile_left"],
                 f"{d['total']:+d}", totals[i]] for i, d in enumerate(details)]
        notes = [f"* {self.side_name(caller)} called G'NERTS!" if caller is not None
                 else "A standstill after three rotations ends the round."]
        if winner is not None:
            notes.append(f"{subject(self.side_name(winner), 'win')} the game with {totals[winner]} points!")
            label = "End the game"
        else:
            notes.append(f"Play to {self.game.options.target}. Enter: round {self.game.round_no + 1}.")
            label = "Next round"
        return {"title": title, "rows": rows, "notes": notes, "label": label, "totals": totals,
                "winner": winner}

    def spoken_state(self) -> str:
        """F11: each human's layout (Pile, waste and Stack, columns), then the scores.
        Nothing at a Nerts table is private: every layout lies open."""
        if self.game is None:
            return "Waiting for the host."
        rnd, o = self.game.round, self.game.options
        if rnd is None:
            return "Between rounds. " + self.scores_text()
        parts = []
        humans = [s for s in self.seats if s.human] or self.seats[:1]
        for s in humans:
            who = "Your" if s.name == "You" else f"{s.name}:"
            share = {"pile": " (you work the Pile and columns)",
                     "stack": " (you work the Stack)"}.get(o.role_of(s.index), "")
            parts.append(layout_words(rnd.layout_of(s.index), who, share))
        return " ".join(parts) + " " + self.scores_text()

    def spoken_others(self) -> str | None:
        """Ctrl+F11: every layout no human here plays, its player's name first."""
        rnd = None if self.game is None else self.game.round
        if rnd is None:
            return None
        mine = [rnd.layout_of(s.index) for s in self.seats if s.human]
        return " ".join(layout_words(lay, f"{self.side_name(i)}:") for i, lay in enumerate(rnd.layouts)
                        if not any(lay is m for m in mine)) or None

    def scores_text(self) -> str:
        rnd = self.game.round
        live = rnd.side_scores() if rnd is not None else None
        return "Scores: " + ", ".join(
            f"{self.side_name(i)} {t}" + (f", this round {live[i]:+d}" if live else "")
            for i, t in enumerate(self.game.totals)) + "."

    def check_seats(self) -> None:
        assert self.phase in PHASES
        for s in self.seats:
            assert s.selected is None or s.selected in ACTIONS


class LinkPlay(SeatPlay):
    """The joiner's seat: the game as the host showed it (a ViewGame from the first
    view on; None before), each move sent at once (`send(..., wait=False)`: the host
    orders the moves as they arrive; real time: no key waits for an answer). `make_seats(
    options, mine)` makes the seats once the first view tells the rules (game/nerts/
    table.py's, with the player's keys). The table's JoinedSeat (game/table/joined.py)
    hears the host and tells this, its `play`: received, refused, seated; it says who is
    away and, on a (re)join, that the round is under way (turn: EVERYONE)."""

    def __init__(self, app: Any, link: Any, make_seats: Callable[[Any, int], list[SeatInfo]]):
        super().__init__(app)
        self.link = link
        self.make_seats = make_seats
        self.game: ViewGame | None = None
        self.phase = "done"              # (between rounds, or nothing from the host yet)
        self.ended: Any = None           # the last round that ended (a ViewRound: its scores)
        self.events: list[Any] = []      # the updates' events since the last step, to animate

    # -- the host's news (the JoinedSeat's play) --------------------------------------
    def received(self, events: list[dict[str, Any]]) -> None:
        if self.link.view is not None:
            self.events += self._refresh(events)

    def refused(self, reason: str) -> None:
        if reason:
            self.note(reason)

    def seated(self) -> None:
        """The seats' names and who is away (a computer plays a dropped player's seat)."""
        for s in self.seats:
            if s.index != self.link.seat:
                s.name = self.link.name(s.index)
                s.away = s.index < len(self.link.missing) and self.link.missing[s.index]

    def turn(self) -> int | None:
        rnd = self.game.round if self.game is not None else None
        return EVERYONE if rnd is not None and not rnd.over else None

    def tell(self, line: str) -> None:
        self.note(line)

    def tick(self) -> tuple[list, bool]:
        """One step (the host heard by the table's JoinedSeat before): the round's events
        to animate, and whether the round's end banner is over (the scores due)."""
        if self.note_steps:
            self.note_steps -= 1
        if self.phase == "banner" and self.banner_steps:
            self.banner_steps -= 1
        events, self.events = self.events, []
        if self.game is None or self.game.round is None:
            events = []
        return events, self.phase == "banner" and self.banner_steps <= 0

    def _refresh(self, heard: list[dict[str, Any]]) -> list[Any]:
        try:
            layouts = net_codec.layouts_from_json(self.link.layouts) if self.link.layouts else ()
            events = [e for e in map(net_codec.event_from_json, heard) if e is not None]
            self.game = ViewGame(self.link.view, layouts)
        except ValueError as e:
            self.link.ending = ("lost", f"The host sent what this program cannot read ({e}).")
            return []
        if not self.seats:
            self.seat_up(self.make_seats(self.game.options, self.link.seat))
            self.seated()
        mine, sound = self.link.seat, ""
        for e in events:
            self.heard(e, self.seats[e.seat] if e.seat is not None and e.seat < len(self.seats) else None)
            if e.seat == mine and e.kind in ("card_moved", "flipped", "waste_turned"):
                sound = sound or ("card" if e.kind == "card_moved" else "flip")
        rnd = self.game.round
        if rnd is not None and not rnd.over:
            if self.phase != "play":
                if self.ended is not None:
                    self.app.sound("shuffle")
                    self.dealt_by_network = True
                self.phase, self.ended = "play", None
                for s in self.seats:
                    s.selected = None
        elif rnd is not None:
            self.ended = rnd
            if self.phase == "play":
                self.phase, self.banner_steps = "banner", BANNER_STEPS
                self.app.sound("call" if rnd.end_reason == "gnerts" else "lose")
                for s in self.seats:
                    s.selected = None
        elif self.phase == "play":
            self.phase = "done"
        if sound and self.phase == "play":
            self.app.sound(sound)
        return events

    # -- moves ---------------------------------------------------------------------
    def try_move(self, seat: int, move: Move) -> bool:
        """Send the move at once (the host's refusal comes back as the beep)."""
        if not self.link.send(Seated(seat, move), wait=False):
            self.note("The connection to the table is down.")
            return False
        return True

    def next_round(self) -> bool:
        """Ask the host to deal the next round (any player may; the game's end is the host's)."""
        if self.phase != "play" and self.link.send(NextRound(self.link.seat), wait=False):
            self.note("Waiting for the next round...")
        return False

    # -- between rounds and at the end ------------------------------------------------
    def score_round(self) -> dict | None:
        """The round's score sheet from the last view of the ended round (scored at the
        host or not yet: then the totals to be)."""
        rnd, g = self.ended, self.game
        if rnd is None or g is None:
            return None
        details = rnd.score_details()
        totals = list(g.totals)
        if g.round is not None:
            totals = [t + d["total"] for t, d in zip(totals, details)]
        winner = g.winner if g.round is None else game_winner(totals, g.options.target)
        self.phase = "done"
        return self.score_sheet(f"Nerts - round {g.round_no}", details, rnd.caller, totals, winner)

    def over_lines(self) -> list[str]:
        """The game over box's lines: who won, and the totals from the last view."""
        g = self.game
        if g is None or g.winner is None:
            return []
        order = sorted(range(len(g.totals)), key=lambda i: -g.totals[i])
        return [f"The game is over: {subject(self.side_name(g.winner), 'win')}.",
                "Scores: " + ", ".join(f"{self.side_name(i)} {g.totals[i]}" for i in order) + "."]

    def scores_text(self) -> str:
        return "Waiting for the host." if self.game is None else super().scores_text()

    def save(self) -> bool:
        """(The host keeps the game.)"""
        return True

    def make_challenge(self) -> None:
        """(A network game is no challenge.)"""
        return None

    def check_invariants(self) -> None:
        self.check_seats()
        assert self.phase != "play" or (self.game is not None and self.game.round is not None)
