"""The Nerts table: every seat plays at once, on the App's fixed clock.

Each fixed step (120 a second) the human moves read from the keys are already
queued with `Round.submit`; `update` polls the computer players (each from its own
SeatView, at its level's pace), queues their moves and calls `Round.step()`, which
applies the step's moves in a fair order. So a key's move is in the state before
the frame that reads the key is drawn. Card slides are drawn over the state that
has already changed: an animation never delays a move.

A move is two key presses: a source (Pile, waste, a column), then a destination (a
column, the Scoring Area key, or the same source again for the Scoring Area).
Anything refused beeps and changes nothing, with the reason in the notes line.

    start(app, seed=None) -> the set-up scene;  resume(app) -> the saved table or None
"""
from __future__ import annotations

import random

import pygame

from game import card_art, palette as P, ui
from game.clock import STEP_HZ
from game.deals import fresh_deal_no
from game.engine import IllegalMove
from game.keys import Binding
from game.nerts import settings as S
from game.nerts import table_layout as L
from game.nerts.ai import LEVELS, NertsAI
from game.nerts.moves import COLUMN, FOUND, PILE, WASTE, Move
from game.nerts.rules import Game, NertsOptions, Round, fits_column
from game.scene import Scene
from game.scenes.overlays import Overlay, Question
from game.scenes.scoring import ScoringScene

SAVE_NAME, SAVE_KIND, SAVE_SCHEMA = "nerts.json", "nerts-game", 1
SLIDE_STEPS = 10          # a card slide (about 80 ms): drawn over the new state
BACK_STEPS = 30           # a card that lost a race going back (a quarter second)
BANNER_STEPS = 3 * STEP_HZ
NOTE_STEPS = 3 * STEP_HZ
SOURCES = ("pile", "waste", "col1", "col2", "col3", "col4")
FEED_LINES = 9
SUIT_GLYPHS = {"H": "\x03", "D": "\x04", "C": "\x05", "S": "\x06"}
CPU_NAMES = ("Ada", "Max", "Sid", "Liz")
SEAT_COLOUR_CHOICES = (P.BLUE, P.RED, P.MAGENTA, P.BROWN, P.CYAN, P.DARK_GREY, P.BLACK)
# the arrow keys' cursor walks the near seat's places, left to right
CURSOR_PLACES = ("pile", "col1", "col2", "col3", "col4", "flip", "waste")


def card_text(card) -> str:
    rank = {1: "A", 11: "J", 12: "Q", 13: "K"}.get(card.rank, str(card.rank))
    return rank + SUIT_GLYPHS[card.suit]


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
                        call_bonus=o["nerts.call_bonus"])


class SeatInfo:
    """What the table keeps per seat besides the engine's layout."""

    def __init__(self, index: int, level: str, name: str, colour: int, keys: dict | None):
        self.index = index
        self.level = level
        self.name = name
        self.colour = colour
        self.design = index % card_art.BACK_DESIGNS
        self.keys = keys                  # action -> key name (humans), else None
        self.ai: NertsAI | None = None
        self.selected: str | None = None  # a source action while a move is half-typed

    @property
    def human(self) -> bool:
        return self.level == "human"


class Slide:
    __slots__ = ("cards", "x0", "y0", "x1", "y1", "start", "steps")

    def __init__(self, cards, x0, y0, x1, y1, start, steps):
        self.cards, self.x0, self.y0, self.x1, self.y1 = cards, x0, y0, x1, y1
        self.start, self.steps = start, steps


class NertsTable(Scene):
    title = "Nerts"

    def __init__(self, app, game: Game, levels: list[str], seed: int | None = None):
        super().__init__(app)
        if len(levels) != game.options.seats:
            raise ValueError("one level per seat")
        self.game = game
        self.levels = list(levels)
        self.seed = fresh_deal_no() if seed is None else seed
        clusters, problems = S.clusters_checked(app.options)
        if problems:
            app.toast("Nerts keys clash (" + problems[0] + "): default keys used.", 5)
        humans = [i for i, lv in enumerate(levels) if lv == "human"]
        if len(humans) > S.MAX_HUMANS:
            raise ValueError("at most two humans share the keyboard")
        colours = seat_colours(app, len(levels))
        self.seats: list[SeatInfo] = []
        for i, lv in enumerate(levels):
            if lv == "human":
                h = humans.index(i)
                name = "You" if len(humans) == 1 else f"Player {h + 1}"
                keys = clusters[h]
            else:
                if lv not in LEVELS:
                    raise ValueError(f"unknown level {lv!r}")
                name, keys = CPU_NAMES[i], None
            self.seats.append(SeatInfo(i, lv, name, colours[i], keys))
        self.arrow_seat = humans[0] if len(humans) == 1 else None
        self.cursor = 0
        self.boxes = L.seat_boxes(len(levels))
        self.slides: list[Slide] = []
        self.notes: list[str] = []
        self.note_steps = 0
        self.phase = "play"               # "play" | "banner" (G'NERTS / standstill) | "done"
        self.banner_steps = 0
        self.ticks = 0                    # the table's own steps (animations)
        self.feed: list[str] = []          # the last plays, for the side box
        self.log: list[tuple[int, Move]] = []   # moves applied, for tests and replays
        self.key_frames: dict[int, list[int]] = {}  # seat -> frames its keys were read
        self.latencies: list[int] = []    # frames from reading a key to drawing its move
        self._drawn_moves = 0
        self._key_map: dict[int, tuple[int, str]] = {}
        for s in self.seats:
            if s.keys:
                for action, name in s.keys.items():
                    self._key_map[S.KEY_CHOICES[name]] = (s.index, action)
        self._bg = None
        self._bg_key = None
        self._banner_cache = {}
        if game.round is None and not game.over:
            game.start_round()
        self._new_round_players()
        if game.round is not None and game.round.over:
            self._round_over(sound=False)

    # --- the round ---------------------------------------------------------------------
    @property
    def round(self) -> Round:
        return self.game.round

    def _new_round_players(self) -> None:
        rnd_no = self.game.round_no
        for s in self.seats:
            s.selected = None
            if not s.human:
                rng = random.Random(self.seed * 1009 + rnd_no * 131 + s.index)
                s.ai = NertsAI(s.level, rng, STEP_HZ)
                if self.round is not None:
                    s.ai.next_step = self.round.step_no
        self._views = [(lambda i: (lambda: self.round.view(i)))(i) for i in range(len(self.seats))]

    def update(self, dt) -> None:
        self.ticks += 1
        if self.note_steps:
            self.note_steps -= 1
        if self.slides:
            self.slides = [sl for sl in self.slides if self.ticks - sl.start < sl.steps]
        if self.phase == "banner":
            self.banner_steps -= 1
            if self.banner_steps <= 0:
                self.show_scores()
            return
        if self.phase != "play":
            return
        rnd = self.round
        step = rnd.step_no
        for s in self.seats:
            ai = s.ai
            if ai is not None and ai.next_step <= step:
                m = ai.poll(step, self._views[s.index])
                if m is not None:
                    rnd.submit(s.index, m)
        self._events(rnd.step())

    def _events(self, events) -> None:
        human_sound = None
        for e in events:
            k = e.kind
            seat = self.seats[e.seat] if e.seat is not None else None
            if k == "card_moved":
                self.log.append((e.seat, e.move))
                if e.dst == FOUND:
                    self._feed(f"{seat.name} {card_text(e.cards[0])} scored")
                self._slide_moved(e)
                if seat.human:
                    human_sound = "card"
                    self._latency(e.seat)
            elif k == "column_refilled":
                self._slide_refill(e)
            elif k == "flipped" or k == "waste_turned":
                self.log.append((e.seat, Move.flip() if k == "flipped" else Move.turn()))
                if seat.human:
                    human_sound = human_sound or "flip"
                    self._latency(e.seat)
            elif k == "vote":
                self.log.append((e.seat, Move.vote()))
                self.note(f"{seat.name} agrees to rotate ({e.value} of {len(self.seats)}).")
                if seat.human:
                    self._latency(e.seat)
            elif k == "rotation":
                self.note(f"Standstill: every Stack is rotated ({e.value} of 3).")
                self.app.sound("shuffle")
            elif k == "refused":
                self._slide_back(e)
                if e.cards and e.move is not None and e.move.dst == FOUND:
                    self._feed(f"{seat.name} {card_text(e.cards[0])} too late")
                if seat.human:
                    self.app.error()
                    self.say(seat, e.reason)
                    self.key_frames.pop(e.seat, None)
            elif k == "round_over":
                self._round_over()
        if human_sound and self.phase == "play":
            self.app.sound(human_sound)

    def _feed(self, line: str) -> None:
        self.feed.append(line)
        del self.feed[:-FEED_LINES]

    def _latency(self, seat: int) -> None:
        frames = self.key_frames.get(seat)
        if frames:
            read = frames.pop(0)
            self._pending_latency = getattr(self, "_pending_latency", [])
            self._pending_latency.append(read)

    def _round_over(self, sound: bool = True) -> None:
        self.phase = "banner"
        self.banner_steps = BANNER_STEPS
        for s in self.seats:
            s.selected = None
        if sound:
            self.app.sound("call" if self.round.end_reason == "gnerts" else "lose")
        self.save()

    def show_scores(self) -> None:
        """The round's scoring screen; Enter goes on to the next round or the end."""
        rnd = self.round
        details = rnd.score_details()
        reason = rnd.end_reason
        caller = rnd.caller
        result = self.game.end_round()
        self.phase = "done"
        round_scores = [d["total"] for d in details]
        rows = []
        for s, d in zip(self.seats, details):
            score = d["total"]
            rows.append([s.name + (" *" if caller == s.index else ""), d["played"], d["pile_left"],
                         f"{score:+d}", result["totals"][s.index]])
        notes = []
        if reason == "gnerts":
            notes.append(f"* {self.seats[caller].name} called G'NERTS!")
        else:
            notes.append("A standstill after three rotations ends the round.")
        if result["over"]:
            w = self.seats[result["winner"]]
            notes.append(f"{w.name} win{'' if w.name == 'You' else 's'} the game "
                         f"with {result['totals'][w.index]} points!")
            self.app.sound("win" if w.human else "lose")
            label = "End the game"
        else:
            notes.append(f"Play to {self.game.options.target}. Enter: round {self.game.round_no + 1}.")
            label = "Next round"
        self.save()
        self.record_stats(round_scores, caller, result)
        self.app.push(NertsScoring(
            self.app, f"Nerts - round {len(self.game.history)}",
            ["Seat", "Scoring Area", "Pile left", "Round", "Total"], rows, notes,
            on_done=self.after_scores, done_label=label, table=self))

    def record_stats(self, scores: list[int], caller: int | None, result: dict) -> None:
        """The humans' round (and game) in the statistics: played, won (the round's single
        best score), G'NERTS calls, best round; at the end, games played and won, best score."""
        humans = [s.index for s in self.seats if s.human]
        if not humans:
            return
        top = max(scores)
        won = scores.count(top) == 1 and scores.index(top) in humans
        counts = {"rounds_played": 1, "rounds_won": int(won), "calls": int(caller in humans)}
        if result["over"]:
            counts.update(games_played=1, games_won=int(result["winner"] in humans))
        try:
            self.app.stats.record("nerts", **counts)
            self.app.stats.best("nerts", "best_round", max(scores[i] for i in humans))
            if result["over"]:
                self.app.stats.best("nerts", "best_score", max(result["totals"][i] for i in humans))
        except Exception:   # statistics must never stop a game
            import traceback
            traceback.print_exc()

    def after_scores(self) -> None:
        if self.game.over:
            self.app.storage.remove(SAVE_NAME)
            self.app.pop(self)
            return
        self.game.start_round()
        self._new_round_players()
        self.slides = []
        self.phase = "play"
        self.app.sound("shuffle")
        self.save()

    # --- notes ------------------------------------------------------------------------
    def note(self, text: str) -> None:
        self.notes.append(text)
        del self.notes[:-4]
        self.note_steps = NOTE_STEPS

    def say(self, seat: SeatInfo, reason: str) -> None:
        """A refusal for a human seat, named unless it is the only human ("You")."""
        self.note(reason if seat.name == "You" else f"{seat.name}: {reason}")

    # --- keys -------------------------------------------------------------------------
    def bindings(self) -> list[Binding]:
        b: list[Binding] = []
        if self.phase == "play":
            for s in self.seats:
                if not s.keys:
                    continue
                for action in S.ACTIONS:
                    key = S.KEY_CHOICES[s.keys[action]]
                    b.append(Binding((key,), f"{s.name}: {S.ACTION_LABELS[action]}",
                                     lambda i=s.index, a=action: self.press(i, a)))
            if self.arrow_seat is not None:
                b += [Binding((pygame.K_LEFT,), "Cursor left", lambda: self.move_cursor(-1)),
                      Binding((pygame.K_RIGHT,), "Cursor right", lambda: self.move_cursor(1)),
                      Binding((pygame.K_RETURN, pygame.K_KP_ENTER), "Take / put the card at the cursor",
                              self.enter),
                      Binding((pygame.K_UP,), "The chosen card to the Scoring Area",
                              lambda: self.press(self.arrow_seat, "found")),
                      Binding((pygame.K_DOWN, pygame.K_BACKSPACE), "Cancel the chosen card",
                              lambda: self.press(self.arrow_seat, "cancel")),
                      Binding((pygame.K_SPACE,), "Flip the Stack",
                              lambda: self.press(self.arrow_seat, "flip"))]
        elif self.phase == "banner":
            b.append(Binding((pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE), "The scores",
                             self.show_scores))
        b += [Binding(("p",), "Pause (the table is hidden)", self.pause),
              Binding((pygame.K_ESCAPE,), "Leave the game (it is saved)", self.ask_leave),
              Binding((pygame.K_F8,), "Save and leave", self.save_and_leave)]
        return b

    def handle(self, event) -> bool:
        # the players' keys first, by key code (fast, and never shadowed by a label)
        hit = self._key_map.get(event.key)
        if hit is not None and self.phase == "play" and not (event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT)):
            return self.press(*hit) is not False
        return super().handle(event)

    def press(self, seat: int, action: str):
        """One key of a human seat. Returns False (the App beeps) when refused."""
        if self.phase != "play":
            return False
        s = self.seats[seat]
        lay = self.round.layouts[seat]
        if action == "flip":
            s.selected = None
            return self.try_move(seat, Move.flip())
        if action == "vote":
            s.selected = None
            return self.try_move(seat, Move.vote())
        if action == "cancel":
            if s.selected is None:
                return False
            s.selected = None
            return True
        if action == "found":
            src = s.selected
            if src is None:
                self.say(s, "Choose a card first (a pile key), then the Scoring Area.")
                return False
            s.selected = None
            return self.try_move(seat, self._to_scoring(src))
        # a pile key: choose a source, or put the chosen card there
        src = s.selected
        if src is None:
            reason = self._source_refusal(lay, action)
            if reason:
                self.say(s, reason)
                return False
            s.selected = action
            return True
        s.selected = None
        if action == src:
            return self.try_move(seat, self._to_scoring(src))
        if not action.startswith("col"):
            self.say(s, "A card goes onto a column or to the Scoring Area.")
            return False
        return self.try_move(seat, self._to_column(lay, src, int(action[3]) - 1))

    @staticmethod
    def _source_refusal(lay, action: str) -> str | None:
        if action == "pile":
            return None if lay.pile else "Your Pile is empty."
        if action == "waste":
            return None if lay.waste else "Your waste is empty: flip the Stack."
        i = int(action[3]) - 1
        return None if lay.columns[i] else f"Column {i + 1} is empty."

    @staticmethod
    def _to_scoring(src: str) -> Move:
        if src == "pile":
            return Move.to_scoring(PILE)
        if src == "waste":
            return Move.to_scoring(WASTE)
        return Move.to_scoring(COLUMN, col=int(src[3]) - 1)

    def _to_column(self, lay, src: str, dest: int) -> Move:
        if src == "pile":
            return Move.to_column(PILE, dest)
        if src == "waste":
            return Move.to_column(WASTE, dest)
        col = int(src[3]) - 1
        count = None
        column, target = lay.columns[col], lay.columns[dest]
        if self.game.options.move_runs and target and column:
            # the one run whose bottom card fits the destination (ranks are distinct)
            for k, card in enumerate(column):
                if fits_column(card, target[-1]):
                    count = None if k == 0 else len(column) - k
                    break
        return Move.to_column(COLUMN, dest, col=col, count=count)

    def try_move(self, seat: int, move: Move):
        """Queue a human move for this step, or refuse it now (beep, reason shown)."""
        reason = self.round.refusal(seat, move)
        if reason is not None:
            self.say(self.seats[seat], reason)
            return False
        self.round.submit(seat, move)
        self.key_frames.setdefault(seat, []).append(self.app.frames)
        return True

    # arrows + Enter, for a single human ------------------------------------------------
    def move_cursor(self, delta: int):
        self.cursor = (self.cursor + delta) % len(CURSOR_PLACES)

    def enter(self):
        place = CURSOR_PLACES[self.cursor]
        return self.press(self.arrow_seat, place)

    # pause, leave, save ----------------------------------------------------------------
    def pause(self):
        self.app.push(PauseBox(self.app, self))

    def ask_leave(self):
        self.app.push(Question(self.app, "Leave the game? (the game is saved)",
                               self.save_and_leave, title="Leave Nerts"))

    def save_and_leave(self):
        self.save()
        self.app.pop(self)

    def save_state(self) -> None:
        self.save()

    def to_json(self) -> dict:
        # the computers' random state and clocks, so that a resumed round goes on as it would have
        ais = None
        if self.round is not None:
            ais = {"round_no": self.game.round_no,
                   "players": [None if s.ai is None else s.ai.to_json() for s in self.seats]}
        return {"game": self.game.to_json(), "levels": list(self.levels), "seed": self.seed, "ais": ais}

    def check_invariants(self) -> None:
        """Every card somewhere exactly once (through the engine), and the table's own
        bookkeeping in step with it; raises AssertionError or ValueError."""
        g = self.game
        if g.round is not None:
            g.round.check_invariants()
        assert g.over or g.round is not None or self.phase == "done", "no round on the table"
        assert len(g.totals) == len(self.seats) == g.options.seats
        assert [sum(c) for c in zip(*g.history)] == g.totals or not g.history
        assert self.phase in ("play", "banner", "done")
        assert self.phase != "play" or (g.round is not None and not g.round.over)
        for s in self.seats:
            assert s.selected is None or s.selected in S.ACTIONS
            assert s.human == (s.ai is None)

    def save(self) -> bool:
        if self.game.over:
            self.app.storage.remove(SAVE_NAME)
            return True
        # moves typed this very step are not yet applied: they are not saved
        data = self.to_json()
        if data["game"]["round"] is not None:
            data["game"]["round"]["pending"] = []
        return self.app.storage.write_json(SAVE_NAME, SAVE_KIND, SAVE_SCHEMA, data)

    def help_lines(self):
        return help_text()

    # --- drawing ---------------------------------------------------------------------
    def draw(self, canvas) -> None:
        if self.app.top is not self and self.phase != "done":
            self._draw_hidden(canvas)
            return
        canvas.blit(self._background(), (0, 0))
        if self.round is not None:
            rnd = self.round
            for s in self.seats:
                self._draw_seat(canvas, s, rnd)
            self._draw_foundations(canvas, rnd)
            self._draw_side_boxes(canvas)
            self._draw_slides(canvas)
            self._draw_status(canvas, rnd)
        if self.phase == "banner":
            self._draw_banner(canvas)
        self._key_bar(canvas)
        pend = getattr(self, "_pending_latency", None)
        if pend:
            self.latencies.extend(self.app.frames - f for f in pend)
            pend.clear()

    def _background(self):
        o = self.app.options
        key = (o["colour.table"], o["colour.text"], len(self.seats),
               tuple(s.colour for s in self.seats))
        if self._bg_key == key:
            return self._bg
        surf = pygame.Surface((640, 480))
        table = o["colour.table"]
        surf.fill(P.PALETTE[table])
        n = len(self.seats)
        # the Scoring Area band
        band = pygame.Rect(0, L.BAND_Y, 640, L.BAND_H)
        edge = P.DARK_GREY if table != P.DARK_GREY else P.BLACK
        surf.fill(P.PALETTE[edge], (0, band.y, 640, 1))
        surf.fill(P.PALETTE[edge], (0, band.bottom - 1, 640, 1))
        x0 = L.foundations_x0(4 * n)
        lab = o["colour.text"]
        if x0 >= 72:
            ui.text_px(surf, 4, L.BAND_Y + 8, "Scoring", lab)
            ui.text_px(surf, 4, L.BAND_Y + 24, "Area", lab)
        for i in range(4 * n):
            x, y = L.foundation(i, 4 * n)
            surf.blit(card_art.empty_slot("small", P.LIGHT_GREY if table != P.LIGHT_GREY else P.DARK_GREY), (x, y))
        # the panels: a thin frame in the seat's colour
        for s, box in zip(self.seats, self.boxes):
            r = pygame.Rect(box.x + 1, box.y + 1, L.PANEL_W - 2, L.PANEL_H - 2)
            pygame.draw.rect(surf, P.PALETTE[s.colour], r, 1)
        self._bg, self._bg_key = surf, key
        return surf

    def _draw_hidden(self, canvas) -> None:
        canvas.fill(P.PALETTE[self.app.options["colour.table"]])
        ui.fill(canvas, 0, 0, 80, 1, P.BLUE)
        ui.text(canvas, 1, 0, f"NERTS  round {self.game.round_no}  -  paused: the table is hidden",
                P.WHITE, P.BLUE)

    def _draw_status(self, canvas, rnd: Round) -> None:
        o = self.app.options
        ui.fill(canvas, 0, 0, 80, 1, P.BLUE)
        left = (f"NERTS  Round {self.game.round_no}  Deal {rnd.deal_no if rnd.deal_no is not None else '-'}"
                f"  To {self.game.options.target}  Standstill {rnd.rotations}/3")
        ui.text(canvas, 1, 0, left, P.WHITE, P.BLUE)
        if self.note_steps and self.notes:
            msg = self.notes[-1]
            room = 78 - len(left) - 2
            if len(msg) > room:
                # a long note takes the whole line for its short life
                ui.fill(canvas, 0, 0, 80, 1, P.BLUE)
                ui.text(canvas, 1, 0, msg[:78], o["colour.notes"], P.BLUE)
            else:
                ui.text(canvas, 79 - len(msg), 0, msg, o["colour.notes"], P.BLUE)

    def _key_bar(self, canvas) -> None:
        if self.phase == "banner":
            items = [("Enter", "Scores"), ("P", "Pause"), ("F8", "Save & leave")]
        else:
            items = [("F1", "Keys"), ("F2", "Rules"), ("P", "Pause"), ("F8", "Save & leave"),
                     ("Esc", "Leave")]
            if self.arrow_seat is not None:
                items[1:1] = [("\x1b\x1a", "Cursor"), ("Enter", "Take/put"), ("\x18", "Score"),
                              ("Spc", "Flip")]
        ui.key_bar(canvas, items)

    def _draw_seat(self, canvas, s: SeatInfo, rnd: Round) -> None:
        o = self.app.options
        box = self.boxes[s.index]
        lay = rnd.layouts[s.index]
        face_c, text_c, table = o["colour.face"], o["colour.text"], o["colour.table"]
        # name line
        x, y = box.x, box.y
        tag = f" {s.name} "
        ui.text_px(canvas, x + 4, y + 2, tag, P.WHITE if s.colour not in (P.CYAN, P.LIGHT_GREY) else P.BLACK, s.colour)
        total = self.game.totals[s.index]
        live = self._live_score(s.index, rnd)
        ui.text_px(canvas, x + 8 + 8 * len(tag), y + 2, f"{total} pts", text_c)
        ui.text_px(canvas, x + 8 + 8 * len(tag) + 8 * (len(str(total)) + 5), y + 2,
                   f"round {live:+d}", P.LIGHT_GREY if table != P.LIGHT_GREY else P.DARK_GREY)
        if s.index in rnd.votes:
            right, rc = "agrees", o["colour.notes"]
        elif s.keys and rnd.votes:
            # the others wait for this human to agree to a rotation
            right = f"{s.keys['vote']}: agree?"
            rc = o["colour.arrows"] if self.app.blink else text_c
        else:
            right, rc = ("" if s.human else s.level), text_c
        if right:
            ui.text_px(canvas, x + L.PANEL_W - 6 - 8 * len(right), y + 2, right, rc)
        # key line: the key above each place; the other keys under the Stack
        ky = y + 17
        if s.keys:
            places = [("pile", box.pile()[0]), ("flip", box.stack()[0]), ("waste", box.waste()[0])]
            places += [(f"col{i + 1}", box.column(i)[0]) for i in range(4)]
            cur = CURSOR_PLACES[self.cursor] if self.arrow_seat == s.index else None
            for action, px in places:
                self._key_tag(canvas, s, action, px + L.CARD_W // 2, ky, centre=True, cursor=action == cur)
            if cur is not None and self.app.blink:
                cx = dict(places)[cur]
                ui.text_px(canvas, cx + L.CARD_W // 2 + 8, ky - 1, "\x19", o["colour.arrows"])
            ex, ey = box.stack()[0], box.cards_y + L.CARD_H + 24
            for i, (action, label) in enumerate((("found", "Score"), ("vote", "Agree"),
                                                  ("cancel", "Cancel"))):
                w = self._key_tag(canvas, s, action, ex, ey + 17 * i)
                ui.text_px(canvas, ex + w + 4, ey + 17 * i - 1, label, text_c)
        # the Pile: a back under the face-up top card, the count below
        px, py = box.pile()
        if lay.pile:
            if len(lay.pile) > 1:
                canvas.blit(card_art.back(s.design, "small", s.colour), (px + 2, py + 2))
            canvas.blit(card_art.face(lay.pile[-1], "small", face_c), (px, py))
        else:
            canvas.blit(card_art.empty_slot("small"), (px, py))
        ui.text_px(canvas, px + 1, py + L.CARD_H + 4, f"{len(lay.pile):>3}", o["colour.arrows"])
        # columns
        for i, col in enumerate(lay.columns):
            n = len(col)
            if not n:
                canvas.blit(card_art.empty_slot("small"), box.column(i))
                continue
            step = L.overlap(n)
            cx, cy = box.column(i)
            for k, c in enumerate(col):
                canvas.blit(card_art.face(c, "small", face_c), (cx, cy + k * step))
        # Stack and waste
        sx, sy = box.stack()
        if lay.stack:
            canvas.blit(card_art.back(s.design, "small", s.colour), (sx, sy))
        else:
            canvas.blit(card_art.empty_slot("small"), (sx, sy))
            if lay.waste:
                ui.text_px(canvas, sx + 11, sy + 12, "\x1b", text_c)
        ui.text_px(canvas, sx + 1, sy + L.CARD_H + 4, f"{len(lay.stack):>3}", text_c)
        shown = lay.waste[-L.MAX_FAN:]
        if shown:
            for k, c in enumerate(shown):
                canvas.blit(card_art.face(c, "small", face_c), box.waste(k))
        else:
            canvas.blit(card_art.empty_slot("small"), box.waste(0))
        if lay.waste:
            ui.text_px(canvas, box.waste(0)[0] + 1, sy + L.CARD_H + 4, f"{len(lay.waste):>3}", text_c)
        # the half-typed move: a frame round the chosen source
        if s.selected is not None:
            r = self._source_rect(s.index, s.selected, lay)
            if r is not None:
                card_art.draw_frame(canvas, r, o["colour.arrows"] if self.app.blink else P.WHITE)

    def _side_places(self):
        """Free 160x200 corners beside centred panels (2 or 3 seats): a legend of keys
        beside each human's panel (first human left, second right), the plays feed in
        the first corner left over."""
        n = len(self.seats)
        if n == 4:
            return []
        rows = [L.TOP_Y, L.BOTTOM_Y] if n == 2 else [L.BOTTOM_Y]
        free = [(x, y) for y in reversed(rows) for x in (0, 480)]
        out = []
        humans = [s for s in self.seats if s.keys]
        for h, s in enumerate(humans):
            y = self.boxes[s.index].y
            want = (0 if h == 0 else 480, y)
            if want not in free:     # same row first, else any corner left
                want = next((f for f in free if f[1] == y), free[0] if free else None)
            if want is None:
                continue
            free.remove(want)
            out.append(("keys", s, want))
        if free:
            out.append(("feed", None, free[0]))
        return out

    def _draw_side_boxes(self, canvas) -> None:
        o = self.app.options
        text_c = o["colour.text"]
        for kind, s, (x, y) in self._side_places():
            if kind == "keys":
                k = s.keys
                title = "Your keys" if s.name == "You" else f"{s.name} keys"
                lines = [(k["pile"], "Pile"), (k["waste"], "Waste"), (k["flip"], "Flip Stack"),
                         (" ".join(k[f"col{i}"] for i in range(1, 5)), "Columns"),
                         (k["found"], "Scoring Area"), (k["vote"], "Agree (stand.)"),
                         (k["cancel"], "Cancel")]
                ui.text_px(canvas, x + 8, y + 4, title, s.colour if s.colour not in (P.BLACK,) else text_c)
                for i, (key, label) in enumerate(lines):
                    ui.text_px(canvas, x + 8, y + 24 + 16 * i, key, o["colour.arrows"])
                    ui.text_px(canvas, x + 16 + 8 * max(1, len(key)), y + 24 + 16 * i, label, text_c)
                tips = ["Source, then", "destination;", "a source twice:", "Scoring Area."]
                if self.arrow_seat == s.index:
                    tips = ["Or \x1b\x1a Enter,", "\x18 Scoring Area,", "Space flips."]
                for i, t in enumerate(tips):
                    ui.text_px(canvas, x + 8, y + 140 + 14 * i, t, o["colour.notes"])
            else:
                ui.text_px(canvas, x + 8, y + 4, "Plays", text_c)
                for i, line in enumerate(self.feed[-FEED_LINES:]):
                    ui.text_px(canvas, x + 8, y + 24 + 16 * i, line[:19],
                               o["colour.notes"] if "too late" in line else text_c)

    def _key_tag(self, canvas, s: SeatInfo, action: str, x: int, y: int, centre: bool = False,
                 cursor: bool = False) -> int:
        """A key cap with the seat's key for `action`; returns its width."""
        name = s.keys[action]
        label = name.replace("KP ", "") if len(name) > 3 else name
        w = 8 * len(label) + 6
        if centre:
            x -= w // 2
        if cursor:
            bg = self.app.options["colour.arrows"]
        elif s.selected == action:
            bg = P.WHITE
        else:
            bg = P.LIGHT_GREY
        canvas.fill(P.PALETTE[bg], (x, y, w, 14))
        ui.text_px(canvas, x + 3, y - 1, label, P.BLACK)
        return w

    def _live_score(self, seat: int, rnd: Round) -> int:
        played = 0
        for f in rnd.foundations:
            for c in f:
                if c.deck == seat:
                    played += 1
        return played - len(rnd.layouts[seat].pile) * self.game.options.pile_penalty

    def _source_rect(self, seat: int, action: str, lay):
        box = self.boxes[seat]
        if action == "pile":
            return pygame.Rect(*box.pile(), L.CARD_W, L.CARD_H)
        if action == "waste":
            k = min(len(lay.waste), L.MAX_FAN) - 1
            return pygame.Rect(*box.waste(max(0, k)), L.CARD_W, L.CARD_H)
        if action.startswith("col"):
            i = int(action[3]) - 1
            n = len(lay.columns[i])
            x, y = box.column(i)
            return pygame.Rect(x, y, L.CARD_W, L.CARD_H + max(0, n - 1) * L.overlap(n))
        return None

    def _draw_foundations(self, canvas, rnd: Round) -> None:
        face_c = self.app.options["colour.face"]
        count = len(rnd.foundations)
        for i, f in enumerate(rnd.foundations):
            if not f:
                continue
            x, y = L.foundation(i, count)
            top = f[-1]
            canvas.blit(card_art.face(top, "small", face_c), (x, y))
            # whose deck the top card came from: a bar in that seat's back colour
            colour = self.seats[top.deck].colour if 0 <= top.deck < len(self.seats) else P.BLACK
            canvas.fill(P.PALETTE[P.BLACK], (x + 1, y + L.CARD_H + 1, L.CARD_W - 2, 5))
            canvas.fill(P.PALETTE[colour], (x + 2, y + L.CARD_H + 2, L.CARD_W - 4, 3))

    # slides -----------------------------------------------------------------------------
    def _place_xy(self, seat: int, src: str, index, n_before: int, k: int = 0):
        """Where a card sat: src PILE/WASTE/COLUMN (column index), position k of n."""
        box = self.boxes[seat]
        if src == PILE:
            return box.pile()
        if src == WASTE:
            return box.waste(max(0, min(n_before, L.MAX_FAN) - 1))
        if src == COLUMN:
            return L.column_card(box, index, k, n_before)
        if src == FOUND:
            return L.foundation(index, len(self.round.foundations))
        return box.stack()

    def _slide_moved(self, e) -> None:
        lay = self.round.layouts[e.seat]
        n = len(e.cards)
        if e.src == WASTE:
            x0, y0 = self._place_xy(e.seat, WASTE, None, len(lay.waste) + 1)
        elif e.src == COLUMN:
            left = len(lay.columns[e.src_index])
            if e.move is not None and e.move.src == COLUMN and e.dst == COLUMN:
                pass
            x0, y0 = self._place_xy(e.seat, COLUMN, e.src_index, left + n, left)
        else:
            x0, y0 = self._place_xy(e.seat, PILE, None, 0)
        if e.dst == FOUND:
            x1, y1 = self._place_xy(e.seat, FOUND, e.dst_index, 0)
        else:
            col = lay.columns[e.dst_index]
            x1, y1 = L.column_card(self.boxes[e.seat], e.dst_index, len(col) - n, len(col))
        self.slides.append(Slide(e.cards, x0, y0, x1, y1, self.ticks, SLIDE_STEPS))

    def _slide_refill(self, e) -> None:
        x0, y0 = self.boxes[e.seat].pile()
        x1, y1 = self.boxes[e.seat].column(e.dst_index)
        self.slides.append(Slide(e.cards, x0, y0, x1, y1, self.ticks, SLIDE_STEPS))

    def _slide_back(self, e) -> None:
        """A card that lost the race: from where it tried to go back to its place."""
        m = e.move
        if m is None or not e.cards or m.kind != "play":
            return
        card = e.cards[0]
        rnd = self.round
        lay = rnd.layouts[e.seat]
        if m.dst == FOUND:
            x0, y0 = L.foundations_x0(len(rnd.foundations)), L.BAND_Y + 3
            for i, f in enumerate(rnd.foundations):
                if f and f[-1].suit == card.suit and f[-1].rank >= card.rank - 1:
                    x0, y0 = L.foundation(i, len(rnd.foundations))
                    break
        else:
            x0, y0 = L.column_card(self.boxes[e.seat], m.to, max(0, len(lay.columns[m.to]) - 1),
                                   max(1, len(lay.columns[m.to])))
        if m.src == PILE:
            x1, y1 = self.boxes[e.seat].pile()
        elif m.src == WASTE:
            x1, y1 = self._place_xy(e.seat, WASTE, None, len(lay.waste))
        else:
            col = lay.columns[m.col]
            n = len(e.cards)
            x1, y1 = L.column_card(self.boxes[e.seat], m.col, len(col) - n, len(col))
        self.slides.append(Slide(e.cards, x0, y0, x1, y1, self.ticks, BACK_STEPS))

    def _draw_slides(self, canvas) -> None:
        if not self.slides:
            return
        face_c = self.app.options["colour.face"]
        for sl in self.slides:
            t = min(1.0, (self.ticks - sl.start + 1) / sl.steps)
            t = 1 - (1 - t) * (1 - t)          # ease out
            x = round(sl.x0 + (sl.x1 - sl.x0) * t)
            y = round(sl.y0 + (sl.y1 - sl.y0) * t)
            step = L.overlap(len(sl.cards))
            for k, c in enumerate(sl.cards):
                canvas.blit(card_art.face(c, "small", face_c), (x, y + k * step))

    def _draw_banner(self, canvas) -> None:
        rnd = self.round
        if rnd is None:
            return
        if rnd.end_reason == "gnerts":
            big, small = "G'NERTS!", f"{self.seats[rnd.caller].name} emptied the Pile first!"
        else:
            big, small = "STANDSTILL", "Nobody can play: the round is over."
        surf = self._banner_cache.get(big)
        if surf is None:
            base = pygame.Surface((8 * len(big), 16))
            base.fill(P.PALETTE[P.RED])
            ui.text_px(base, 0, 0, big, P.YELLOW, P.RED)
            surf = pygame.transform.scale_by(base, 3)
            self._banner_cache[big] = surf
        w = max(surf.get_width() + 48, 8 * len(small) + 32)
        h = surf.get_height() + 56
        x, y = (640 - w) // 2, 240 - h // 2
        canvas.fill(P.PALETTE[P.BLACK], (x + 6, y + 6, w, h))
        canvas.fill(P.PALETTE[P.RED], (x, y, w, h))
        pygame.draw.rect(canvas, P.PALETTE[P.YELLOW if self.app.blink else P.WHITE], (x + 3, y + 3, w - 6, h - 6), 2)
        canvas.blit(surf, (x + (w - surf.get_width()) // 2, y + 12))
        ui.text_px(canvas, x + (w - 8 * len(small)) // 2, y + h - 30, small, P.WHITE, P.RED)


class NertsScoring(ScoringScene):
    """The round's scores, then each seat's race to the target in its deck colour."""

    def __init__(self, *args, table: NertsTable, **kw):
        super().__init__(*args, **kw)
        self.seats = [(s.name, s.colour) for s in table.seats]
        self.totals = list(table.game.totals)
        self.target = table.game.options.target
        self.winner = table.game.winner

    def draw(self, canvas):
        super().draw(canvas)
        top = min(27, len(self.rows) + len(self.notes) + 7) + 3
        n = len(self.seats)
        ui.box(canvas, 6, top, 68, n * 2 + 3, P.WHITE, P.BLUE, title=f"The race to {self.target}")
        width = 40
        for i, ((name, colour), total) in enumerate(zip(self.seats, self.totals)):
            y = top + 2 + 2 * i
            tag = colour if colour != P.BLUE else P.LIGHT_BLUE     # the box is blue
            ui.text(canvas, 8, y, f" {name:<9}", P.BLACK if tag in (P.CYAN, P.LIGHT_BLUE) else P.WHITE, tag)
            filled = max(0, min(width, total * width // self.target))
            ui.text(canvas, 20, y, "█" * filled + "░" * (width - filled),
                    P.YELLOW if i == self.winner else P.LIGHT_GREY, P.BLUE)
            ui.text(canvas, 62, y, f"{total:>5}", P.YELLOW if i == self.winner else P.WHITE, P.BLUE)
            if i == self.winner:
                ui.text(canvas, 68, y, "WINS", P.YELLOW if self.app.blink else P.WHITE, P.BLUE)


class PauseBox(Overlay):
    """The pause: the table below is hidden; P, Enter or Esc goes on."""
    title = "Paused"

    def __init__(self, app, table: NertsTable):
        super().__init__(app)
        self.table = table

    def go_on(self):
        self.app.pop(self)

    def leave(self):
        self.app.pop(self)
        self.table.save_and_leave()

    def bindings(self):
        return [Binding(("p", pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE), "Go on playing",
                        self.go_on),
                Binding((pygame.K_F8,), "Save and leave", self.leave)]

    def help_lines(self):
        return help_text()

    def draw(self, canvas):
        ui.box(canvas, 25, 11, 30, 7, P.WHITE, P.BLUE, title="Paused")
        ui.center(canvas, 13, "The table is hidden.", P.WHITE, P.BLUE, 25, 30)
        ui.center(canvas, 15, "P or Enter: go on playing", P.YELLOW, P.BLUE, 25, 30)
        ui.center(canvas, 16, "F8: save and leave", P.LIGHT_CYAN, P.BLUE, 25, 30)


def help_text() -> list[str]:
    return [
        "NERTS - everybody plays at once; there are no turns.",
        "",
        "Empty your Pile (13 cards, top face up) before the others. Play aces to the "
        "shared Scoring Area and build them up in suit, ace to king, with anyone's "
        "cards. Build your four columns down in alternating colours; a whole column "
        "moves onto another when its bottom card fits. An empty column is filled at "
        "once from your Pile. Flip the Stack three cards at a time onto the waste; "
        "only the top waste card plays.",
        "",
        "A move is two keys: the source (Pile, waste or a column), then where it goes "
        "(a column, or the Scoring Area key; the source key twice also sends its card "
        "to the Scoring Area). Each human's keys are shown over the piles.",
        "",
        "When two players race for one foundation, the first card there stays; the "
        "other goes back (with a beep).",
        "",
        "Standstill: when nobody can play, every player agrees (the Agree key) and all "
        "Stacks rotate; after three rotations the next standstill ends the round.",
        "",
        "The round ends when a player empties the Pile: G'NERTS! Each card of yours in "
        "the Scoring Area scores +1, each card left in your Pile -2. The game ends when "
        "a player reaches the target.",
        "",
        "P pauses (the table is hidden), F8 saves and leaves, Esc leaves.",
    ]


# --- entry points for the menu -----------------------------------------------------------
def start(app, seed: int | None = None) -> Scene:
    """The set-up scene of a new game (seats, difficulties), Enter starts."""
    from game.nerts.setup import SetupScene
    return SetupScene(app, seed)


def new_table(app, levels: list[str], options: NertsOptions | None = None,
              seed: int | None = None) -> NertsTable:
    options = options or options_from_app(app, len(levels))
    game_seed = fresh_deal_no() if seed is None else seed
    game = Game(options, seed=game_seed)
    return NertsTable(app, game, levels, seed=game_seed)


def _validate_save(data) -> dict:
    if not isinstance(data, dict) or not {"game", "levels", "seed"} <= set(data) <= {"game", "levels", "seed", "ais"}:
        raise ValueError("not a Nerts table save")
    game = Game.from_json(data["game"])
    levels = data["levels"]
    if not (isinstance(levels, list) and len(levels) == game.options.seats
            and all(lv in S.LEVEL_CHOICES for lv in levels)
            and levels.count("human") <= S.MAX_HUMANS):
        raise ValueError("bad seats")
    seed = data["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise ValueError("bad seed")
    if game.over:
        raise ValueError("the saved game is over")
    ais = None
    saved = data.get("ais")
    if saved is not None and game.round is not None:
        players = saved["players"] if isinstance(saved, dict) else None
        if not (isinstance(players, list) and len(players) == len(levels)
                and saved.get("round_no") == game.round_no):
            raise ValueError("bad computer players")
        ais = []
        for lv, p in zip(levels, players):
            if (lv == "human") != (p is None):
                raise ValueError("a computer player for a human seat, or none for a computer")
            ai = None if p is None else NertsAI.from_json(p)
            if ai is not None and ai.name != lv:
                raise ValueError("a computer player of another level")
            ais.append(ai)
    return {"game": game, "levels": levels, "seed": seed, "ais": ais}


def resume(app):
    """The saved game's table, or None (see games.resume_safely)."""
    from game.games import resume_safely
    return resume_safely(app, SAVE_NAME, _resume)


def _resume(app):
    """The saved game's table, or None (no save, or a bad one set aside and reported)."""
    d = app.storage.read_json(SAVE_NAME, SAVE_KIND, SAVE_SCHEMA, _validate_save)
    if d is None:
        return None
    table = NertsTable(app, d["game"], d["levels"], seed=d["seed"])
    if d["ais"] is not None:
        for s, ai in zip(table.seats, d["ais"]):
            s.ai = ai
    return table


__all__ = ["NertsTable", "start", "resume", "new_table", "options_from_app", "seat_colours",
           "IllegalMove", "SAVE_NAME"]
