"""The Gnono table: the engine's state on screen, the keys turned into moves.

The seat whose hand is shown sits at the bottom (the human at the keyboard; with
several humans, the one on turn after a hand-over screen); the others sit round
the table in play order. Every move is applied to the engine at once; its events
are then played back as `Stage`s on a `Model` of the table, so a card flies, the
table rests, and the notes line says what happened, with its sound.

Keys: Left/Right choose a card, Enter plays it, + or Ins draws, then Enter plays
the drawn card or - or Del keeps it; a colour question after a Wild (arrows or
R/Y/G/B); U calls "UNO!", C catches a seat that forgot; Y/N challenges a Wild Draw
Four. F2 rules, F4 scores, F8 save and leave, F9 the computers' hands, Space hurries
a computer's turn, Esc leaves (saved). Anything else beeps.

Computers catch a missed "UNO!" after their reaction time, never sooner than
HUMAN_GRACE after a human's card lands; a computer that forgot stays catchable for
at least HUMAN_CATCH before the next computer moves.

    start(app, seed=None) -> the set-up scene
    resume(app) -> the table of saves/gnono.json, or None
    GnonoTable(app, state, kinds, names, speed="normal", seed=None, ai_rngs=None)
"""
from __future__ import annotations

import random
from dataclasses import dataclass

import pygame

from game import palette as P, ui
from game.clock import STEP_HZ
from game.deals import fresh_deal_no
from game.engine import IllegalMove, rng_from_json
from game.keys import Binding
from game.scenes.turn_table import TurnTable
from game.scenes.overlays import TextBox

from . import card_art as art
from .cards import COLOR_NAMES, Card
from .narrate import Speaker, card_words, narrate
from .rules import (CHALLENGE, COLOR, DRAWN, GAME_OVER, PLAY, ROUND_OVER, SWAP, CallUno,
                    Catch, Challenge, ChooseColor, Draw, GnonoState, KeepDrawn, NextRound,
                    Play, PlayDrawn, SwapHands)
from .settings import KINDS, PACE, SPEEDS
from .table_layout import (CARD_H, CARD_W, CENTRE, DISCARD_RECT, DRAW_RECT, HAND_Y, INFO_ROW,
                           RAISE, SWATCH_RECT, HandView, fan_rects,
                           seat_boxes, seat_target)

HUMAN = "human"
SAVE_NAME = "gnono.json"
SAVE_KIND = "gnono-game"
SAVE_SCHEMA = 1
HUMAN_GRACE = int(1.2 * STEP_HZ)   # no computer catches a human sooner after his card lands
HUMAN_CATCH = int(1.6 * STEP_HZ)   # a computer's missed call stays open at least this long
CALL_DELAY = int(0.25 * STEP_HZ)   # a computer that remembers calls this soon
COLOR_ORDER = {c: i for i, c in enumerate("RYGBW")}
FACE_ORDER = {f: i for i, f in enumerate(["0", "1", "2", "3", "4", "5", "6", "7", "8", "9",
                                          "S", "R", "+2", "", "+4"])}


def sort_key(c: Card):
    return (COLOR_ORDER[c.color], FACE_ORDER[c.face], c.copy)


def _make_ai(level, rng):
    from .ai import make_ai
    return make_ai(level, rng)


# ------------------------------------------------------------------------ the model
@dataclass
class Model:
    """What the table shows: a snapshot of the state, moved on event by event."""
    hands: list
    top: Card
    color: str
    direction: int
    current: int
    draw_size: int
    uno_called: list
    scores: list

    @classmethod
    def of(cls, st: GnonoState) -> "Model":
        return cls([list(h) for h in st.hands], st.top, st.color, st.direction, st.current,
                   len(st.draw_pile), list(st.uno_called), list(st.scores))

    def copy(self) -> "Model":
        return Model([list(h) for h in self.hands], self.top, self.color, self.direction,
                     self.current, self.draw_size, list(self.uno_called), list(self.scores))


@dataclass
class Stage:
    """One moment of a turn's playback: the table as `model`, maybe a card flying
    (card or None for a back, from Rect, to Rect), a note and a sound at its start."""
    model: Model
    steps: int
    moving: tuple | None = None
    note: str | None = None
    cue: str | None = None
    t: int = 0
    colour: int | None = None


@dataclass
class Timer:
    at: int                 # app step when it fires
    move: object
    window: tuple           # the UNO window it belongs to


# ------------------------------------------------------------------------ the table
class GnonoTable(TurnTable):
    title = "Gnono"

    def __init__(self, app, state: GnonoState, kinds, names, speed: str = "normal",
                 seed: int | None = None, ai_rngs=None):
        super().__init__(app)
        self.state = state
        self.n = state.n
        if len(kinds) != self.n or len(names) != self.n:
            raise ValueError("one kind and one name per seat")
        self.kinds = list(kinds)
        self.names = list(names)
        self.speed = speed if speed in SPEEDS else "normal"
        self.speaker = Speaker(self.names)
        base = random.Random(seed)
        self.ais = {}
        k = 0
        for s in range(self.n):
            rng = random.Random(base.randrange(2 ** 32))
            if self.kinds[s] == HUMAN:
                continue
            if ai_rngs and k < len(ai_rngs) and ai_rngs[k] is not None:
                rng = ai_rngs[k]
            self.ais[s] = _make_ai(self.kinds[s], rng)
            k += 1
        self.humans = [s for s in range(self.n) if self.kinds[s] == HUMAN]
        self.viewer = self.humans[0] if len(self.humans) == 1 else None
        self.stages: list[Stage] = []
        self.notes: list[tuple[str, int]] = []
        self.log: list[str] = []
        self.history: list[str] = []
        self.sel = 0
        self.sel_card: Card | None = None
        self.scroll = 0
        self.show_hands = False
        self.wait = 0
        self.asking = False
        self.scoring_open = False
        self.handing_over = False
        self.version = 0
        self._live = None
        self.window = None          # (seat, turns, round) of the UNO window being watched
        self.window_since = 0
        self.hold_until = 0         # no computer turn before this step
        self.timers: list[Timer] = []
        self.turn_steps = None
        self.timing: list[int] = []  # steps of each computer turn, think to rest
        self.stats_round = None      # the round already counted in the statistics
        self.note(f"Round {state.round_no}: {self.speaker.verb(state.dealer, 'deal')} "
                  f"{state.options.hand_size} cards each. Playout score {state.options.playout_score}.")
        self.note(f"The first card is the {card_words(state.top)}.")

    # -- pace -------------------------------------------------------------------------
    @property
    def move_steps(self):
        return PACE[self.speed][0]

    @property
    def pause_steps(self):
        return PACE[self.speed][1]

    # -- who is where -----------------------------------------------------------------
    @property
    def bottom(self) -> int:
        return self.viewer if self.viewer is not None else (self.humans[0] if self.humans else 0)

    def boxes(self):
        key = (self.n, self.bottom)
        if getattr(self, "_boxes_key", None) != key:
            self._boxes_key = key
            self._boxes = seat_boxes(self.n, self.bottom)
        return self._boxes

    def is_human(self, seat) -> bool:
        return self.kinds[seat] == HUMAN

    # -- notes ------------------------------------------------------------------------
    # -- the models -------------------------------------------------------------------
    def live(self) -> Model:
        if self._live is None or self._live[0] != self.version:
            self._live = (self.version, Model.of(self.state))
        return self._live[1]

    def shown(self) -> Model:
        return self.stages[0].model if self.stages else self.live()

    def hand_cards(self, model: Model | None = None) -> list[Card]:
        m = model or self.shown()
        return sorted(m.hands[self.bottom], key=sort_key)

    def hand_view(self, cards) -> HandView:
        hv = HandView(len(cards), self.sel if cards else None, self.scroll)
        self.scroll = hv.first
        return hv

    def card_rect(self, model: Model, seat: int, card: Card | None) -> pygame.Rect:
        """Where a card of `seat` lies on screen (for a flight's start or end)."""
        if seat == self.bottom:
            cards = sorted(model.hands[seat], key=sort_key)
            hv = HandView(len(cards), None, self.scroll)
            if card is not None and card in cards:
                return hv.nearest(cards.index(card))
            return hv.nearest(max(0, len(cards) - 1)) if cards else pygame.Rect(300, HAND_Y, CARD_W, CARD_H)
        box = self.boxes()[seat]
        hand = sorted(model.hands[seat], key=sort_key)
        rects = fan_rects(box, len(hand), self.show_hands)
        if card is not None and card in hand and hand.index(card) < len(rects):
            return rects[hand.index(card)]
        return seat_target(box, len(hand))

    # -- applying moves ---------------------------------------------------------------
    def apply(self, move, scale: float = 1.0) -> bool:
        before = self.shown().copy() if self.stages else Model.of(self.state)
        try:
            events = self.state.apply(move)
        except IllegalMove as exc:
            self.refuse(f"Not allowed: {exc}.")
            return False
        self.version += 1
        self.stages.extend(self.build_stages(before, events, scale))
        return True

    def build_stages(self, model: Model, events, scale: float = 1.0) -> list[Stage]:
        mv = max(1, int(self.move_steps * scale))
        rest = max(1, int(self.pause_steps * scale) // 2)
        out: list[Stage] = []
        m = model.copy()
        for ev in events:
            k = ev.kind
            s = ev.seat
            text, cue = narrate(ev, self.speaker, self.bottom if self.viewer is not None else None)
            if k == "played":
                c = ev.card
                src = self.card_rect(m, s, c)
                if c in m.hands[s]:
                    m.hands[s].remove(c)
                out.append(Stage(m, mv, moving=(c, src, DISCARD_RECT), note=text, cue=cue))
                m = m.copy()
                m.top = c
                m.color = (ev.color or m.color) if c.is_wild else c.color
                out.append(Stage(m, rest))
            elif k == "drew":
                if ev.count:
                    dst = self.card_rect(m, s, None)
                    out.append(Stage(m, mv, moving=(None, DRAW_RECT, dst), note=text, cue=cue))
                    m = m.copy()
                    m.hands[s].extend(ev.cards)
                    m.draw_size = max(0, m.draw_size - ev.count)
                    m.uno_called[s] = False
                    out.append(Stage(m, max(1, rest // 2)))
                else:
                    out.append(Stage(m, rest, note=text, cue=cue))
            elif k == "color":
                m = m.copy()
                m.color = ev.color
                out.append(Stage(m, rest, note=text, cue=cue))
            elif k == "reversed":
                m = m.copy()
                m.direction = -m.direction
                out.append(Stage(m, rest, note=text, cue=cue))
            elif k == "turn":
                m = m.copy()
                m.current = s
            elif k == "uno":
                m = m.copy()
                m.uno_called[s] = True
                out.append(Stage(m, rest, note=text, cue=cue, colour=P.YELLOW))
            elif k in ("swapped", "hands_passed", "deal", "first_card", "wild_returned"):
                m = Model.of(self.state) if k in ("deal", "first_card") else m.copy()
                if k == "swapped":
                    m.hands[s], m.hands[ev.target] = m.hands[ev.target], m.hands[s]
                elif k == "hands_passed":
                    old = m.hands
                    m.hands = [None] * self.n
                    for x in range(self.n):
                        m.hands[(x + m.direction) % self.n] = old[x]
                out.append(Stage(m, rest * (2 if k == "deal" else 1), note=text, cue=cue))
            elif k in ("round_over", "game_over"):
                m = m.copy()
                m.scores = list(self.state.scores)
                out.append(Stage(m, rest * 2, note=text, cue=cue, colour=P.YELLOW))
            elif k in ("challenged", "caught"):
                out.append(Stage(m, rest * 2, note=text, cue=cue, colour=P.LIGHT_MAGENTA))
            elif text:
                out.append(Stage(m, rest, note=text, cue=cue))
        out.append(Stage(Model.of(self.state), 1))
        return out

    def act(self, move) -> bool:
        """A human's move: applied, or refused with the beep and the reason (either way
        the key is answered, so the App must not beep again)."""
        self.apply(move, 0.5)
        return True

    def hurry(self):
        """Space during a playback: show its end at once (notes kept)."""
        for st in self.stages:
            if st.t == 0 and st.note:
                self.note(st.note, st.colour)
        self.stages = []
        return True

    # -- the clock --------------------------------------------------------------------
    def update(self, dt):
        if self.stages:
            st = self.stages[0]
            if st.t == 0:
                if st.cue:
                    self.app.sound(st.cue)
                if st.note:
                    self.note(st.note, st.colour)
            st.t += 1
            if st.t >= st.steps:
                self.stages.pop(0)
                if not self.stages:
                    self._sync_selection()
            if self.turn_steps is not None:
                self.turn_steps += 1
            return
        st = self.state
        if st.phase in (ROUND_OVER, GAME_OVER):
            self.timers = []
            if not self.scoring_open:
                self.wait += 1
                if self.wait >= self.pause_steps:
                    self.wait = 0
                    self.open_scoring()
            return
        now = self.app.steps
        self._watch_window(now)
        if self._fire_timers(now):
            return
        cur = st.current
        if self.is_human(cur):
            if self.turn_steps is not None:
                self.timing.append(self.turn_steps)
                self.turn_steps = None
            self.wait = 0
            if cur != self.viewer:
                # a viewer who may still call "UNO!" keeps the keyboard a moment
                if self.viewer is not None and st.uno_window == self.viewer and now < self.hold_until:
                    return
                self.hand_over(cur)
                return
            if not self.asking:
                if st.phase == CHALLENGE:
                    self.ask_challenge()
                elif st.phase == COLOR:
                    self.ask_colour(lambda c: self.apply(ChooseColor(cur, c), 0.5), cancel=False)
                elif st.phase == SWAP:
                    self.ask_swap()
            return
        # a computer's turn: think, then move (not while a missed call is still open)
        if self.turn_steps is None:
            self.turn_steps = 0
        self.turn_steps += 1
        self.wait += 1
        if self.wait >= self.pause_steps and now >= self.hold_until:
            self.wait = 0
            self.computer_move(cur)

    def _watch_window(self, now):
        """A seat is down to one card without "UNO!": schedule the calls and catches."""
        st = self.state
        w = st.uno_window
        key = (w, st.turns, st.round_no) if w is not None else None
        if key == self.window:
            return
        self.window = key
        self.timers = []
        if w is None:
            return
        self.window_since = now
        if not self.is_human(w):
            ai = self.ais[w]
            if ai.would_call_uno(st.view(w)):
                self.timers.append(Timer(now + CALL_DELAY, CallUno(w), key))
                self.hold_until = now + CALL_DELAY + 1
                return
        best = None
        for c, ai in self.ais.items():
            if c == w:
                continue
            target = ai.would_catch(st.view(c))
            if target is None:
                continue
            delay = int(ai.reaction_time() * STEP_HZ)
            if self.is_human(w):
                delay = max(delay, HUMAN_GRACE)
            if best is None or delay < best[0]:
                best = (delay, c)
        hold = now
        if best is not None:
            self.timers.append(Timer(now + best[0], Catch(best[1], w), key))
            hold = now + best[0] + 1
        if self.is_human(w):
            hold = max(hold, now + HUMAN_GRACE)
        elif self.humans:
            hold = max(hold, now + HUMAN_CATCH)
        self.hold_until = hold

    def _fire_timers(self, now) -> bool:
        for t in list(self.timers):
            if now >= t.at:
                self.timers.remove(t)
                if t.window == self.window and self.state.is_legal(t.move):
                    self.apply(t.move)
                    return True
        return False

    def computer_move(self, seat):
        st = self.state
        # another computer may jump in with an identical card (house rule)
        if st.options.jump_in and st.phase == PLAY:
            for k in range(1, self.n):
                other = st.next_seat(seat, k)
                if other in self.ais:
                    m = self.ais[other].jump_in(st.view(other))
                    if m is not None and st.is_legal(m):
                        self.apply(m)
                        return
        try:
            move = self.ais[seat].choose(st.view(seat))
        except Exception:   # a computer's bug must not stop the game: a legal move
            import traceback
            traceback.print_exc()
            move = None
        if move is None or not st.is_legal(move):
            legal = [m for m in st.legal_moves(seat) if not isinstance(m, (CallUno, Catch))]
            move = legal[0]
        self.apply(move)
        if self.turn_steps is not None:
            self.timing.append(self.turn_steps)
            self.turn_steps = None

    # -- hot seat ---------------------------------------------------------------------
    def hand_over(self, seat):
        self.handing_over = True
        self.app.push(PassScreen(self.app, self, seat))

    def take_over(self, seat):
        self.handing_over = False
        self.viewer = seat
        self.sel, self.sel_card, self.scroll = 0, None, 0
        self.version += 1
        self.note(f"{self.names[seat]} has the keyboard.")

    # -- questions to the human ---------------------------------------------------------
    def ask_colour(self, on_pick, cancel=True):
        self.asking = True

        def picked(c):
            self.asking = False
            on_pick(c)

        def cancelled():
            self.asking = False

        hand = self.state.hands[self.viewer] if self.viewer is not None else []
        self.app.push(ColourBox(self.app, picked, cancelled if cancel else None, hand))

    def ask_challenge(self):
        st = self.state
        seat = self.viewer
        w = st.wd4
        offender = w["seat"] if w else st.next_seat(seat, -1)
        prev = COLOR_NAMES[w["prev_color"]] if w else "?"
        self.asking = True
        total = st.pending_draw if st.options.stacking else 4
        text = [f"{self.names[offender]} played a Wild Draw Four on you "
                f"(the colour was {prev}, now {COLOR_NAMES[st.color]}).",
                f"Challenge?  Y: {self.names[offender]} shows the hand. Holding a {prev} card, "
                f"{'you' if self.speaker.you(offender) else 'he'} draws 4 and you play on; "
                f"if not, you draw {total + 2}.",
                f"N: you draw {total} and miss your turn."]
        can_stack = st.options.stacking and any(c.is_wild_draw_four for c in st.hands[seat])

        def answer(yes):
            self.asking = False
            if st is not self.state or st.phase != CHALLENGE:
                return
            shown_before = list(st.hands[offender])
            if self.apply(Challenge(seat, yes), 0.6) and yes:
                self.app.push(ChallengeResult(self.app, self.names[offender], shown_before,
                                              w["guilty"] if w else False, prev))

        def stack():
            self.asking = False
            card = next(c for c in st.hands[seat] if c.is_wild_draw_four)
            self.ask_colour(lambda c: self.apply(Play(seat, card, c), 0.5))

        self.app.push(ChallengeBox(self.app, text, lambda: answer(True), lambda: answer(False),
                                   stack if can_stack else None))

    def ask_swap(self):
        self.asking = True
        seat = self.viewer

        def picked(t):
            self.asking = False
            self.apply(SwapHands(seat, t), 0.6)

        others = [s for s in range(self.n) if s != seat]
        self.app.push(SeatChooser(self.app, "A 7: swap hands with whom?",
                                  [(s, f"{self.names[s]} ({len(self.state.hands[s])} cards)")
                                   for s in others], picked))

    # -- the round's end --------------------------------------------------------------
    def open_scoring(self):
        self.scoring_open = True
        st = self.state
        lr = st.last_round or {}
        w = lr.get("winner")
        if w is not None:
            self.history.append(f"Round {lr.get('round')}: {self.names[w]} went out, "
                                f"+{lr.get('points', 0)}")
        self.record_stats()
        if st.phase == GAME_OVER:
            self.app.storage.remove(SAVE_NAME)
        else:
            self.save()   # every finished round is kept: a crash loses at most one round
        self.app.push(GnonoScoring(self.app, self))

    def record_stats(self):
        st = self.state
        if not self.humans or self.stats_round == st.round_no:
            return
        self.stats_round = st.round_no   # a round resumed at its scores is not counted twice
        lr = st.last_round or {}
        w = lr.get("winner")
        counts = {"rounds_played": 1, "rounds_won": int(w in self.humans)}
        if st.phase == GAME_OVER:
            counts.update(games_played=1, games_won=int(st.winner in self.humans))
        try:
            self.app.stats.record("gnono", **counts)
            if w in self.humans:
                self.app.stats.best("gnono", "best_round", int(lr.get("points", 0)))
            self.app.stats.save()
        except Exception:   # statistics must never stop a game
            import traceback
            traceback.print_exc()

    def next_round(self):
        self.scoring_open = False
        if self.state.phase == GAME_OVER:
            self.app.pop(self)
            return
        self.sel, self.sel_card, self.scroll = 0, None, 0
        self.notes = []
        self.apply(NextRound())
        self.save()

    # -- the human's keys -------------------------------------------------------------
    def my_turn(self) -> bool:
        st = self.state
        return (self.viewer is not None and not self.stages and not self.asking
                and st.current == self.viewer and st.phase in (PLAY, DRAWN))

    def _sync_selection(self):
        cards = self.hand_cards(self.live())
        if not cards:
            self.sel = 0
            return
        if self.state.phase == DRAWN and self.state.current == self.bottom and self.state.drawn_card in cards:
            self.sel_card = self.state.drawn_card
        if self.sel_card in cards:
            self.sel = cards.index(self.sel_card)
        self.sel = max(0, min(self.sel, len(cards) - 1))
        self.sel_card = cards[self.sel]

    def move_sel(self, d):
        if self.viewer is None:
            return False
        if self.state.phase == DRAWN and self.my_turn():
            return self.refuse("Enter plays the card you drew, - keeps it.")
        cards = self.hand_cards()
        if not cards:
            return False
        self.sel = (self.sel + d) % len(cards)
        self.sel_card = cards[self.sel]

    def sel_end(self, last: bool):
        cards = self.hand_cards()
        if not cards or self.viewer is None:
            return False
        self.sel = len(cards) - 1 if last else 0
        self.sel_card = cards[self.sel]

    def selected(self) -> Card | None:
        cards = self.hand_cards()
        if not cards:
            return None
        self.sel = max(0, min(self.sel, len(cards) - 1))
        return cards[self.sel]

    def enter(self):
        st = self.state
        seat = self.viewer
        if seat is None or self.stages or self.asking:
            return False
        if st.current != seat:
            # jump in (house rule) with a card identical to the top card
            card = self.selected()
            if st.options.jump_in and card is not None and st.phase == PLAY:
                return self.act(Play(seat, card))
            return self.refuse("It is not your turn.")
        if st.phase == DRAWN:
            card = st.drawn_card
            if card.is_wild:
                self.ask_colour(lambda c: self.apply(PlayDrawn(seat, c), 0.5))
                return True
            return self.act(PlayDrawn(seat))
        if st.phase != PLAY:
            return False
        card = self.selected()
        if card is None:
            return False
        if card.is_wild:
            probe = Play(seat, card, "R")
            if not st.is_legal(probe):
                return self.act(probe)   # refused by the engine: the beep and its reason
            self.ask_colour(lambda c: self.apply(Play(seat, card, c), 0.5))
            return True
        return self.act(Play(seat, card))

    def playable(self, card) -> bool:
        """May the bottom seat play this card now (its turn, phase play)?"""
        return self.state.is_legal(Play(self.bottom, card, "R" if card.is_wild else None))

    def draw_card(self):
        if not self.my_turn() or self.state.phase != PLAY:
            return False
        return self.act(Draw(self.viewer))

    def keep(self):
        if not self.my_turn() or self.state.phase != DRAWN:
            return False
        return self.act(KeepDrawn(self.viewer))

    def call_uno(self):
        if self.viewer is None or self.asking:
            return False
        m = CallUno(self.viewer)
        if not self.state.is_legal(m):
            return self.refuse("No reason to call \"UNO!\" now: call it with two cards in "
                               "hand on your turn, or right after playing the second-to-last.")
        # no playback: the call must not hold up the card that follows it
        for ev in self.state.apply(m):
            text, cue = narrate(ev, self.speaker, self.viewer)
            self.note(text, P.YELLOW)
            if cue:
                self.app.sound(cue)
        self.version += 1
        for stage in self.stages:
            stage.model.uno_called[self.viewer] = True
        return True

    def catch(self):
        if self.viewer is None or self.asking:
            return False
        w = self.state.uno_window
        if w is None or w == self.viewer:
            return self.refuse("Nobody to catch: every seat with one card called \"UNO!\".")
        return self.act(Catch(self.viewer, w))

    def show_scores(self):
        st = self.state
        lines = [f"Round {st.round_no}; the first to {st.options.playout_score} points wins.", ""]
        order = sorted(range(self.n), key=lambda s: -st.scores[s])
        for s in order:
            who = "human" if self.is_human(s) else f"computer, {self.kinds[s]}"
            lines.append(f"  {self.names[s]:<12} {st.scores[s]:5d}   ({who})")
        lines += ["", "Rounds played:"] + (self.history[-30:] or ["  none finished yet"])
        self.app.push(TextBox(self.app, "Scores", lines))


    def bindings(self):
        b = []
        if self.stages:
            b.append(Binding((pygame.K_SPACE,), "Hurry: show the turn's end", self.hurry))
        if self.viewer is not None:
            b += [Binding((pygame.K_LEFT,), "Choose a card", lambda: self.move_sel(-1)),
                  Binding((pygame.K_RIGHT,), "Choose a card", lambda: self.move_sel(1)),
                  Binding((pygame.K_HOME,), "First card", lambda: self.sel_end(False), show=False),
                  Binding((pygame.K_END,), "Last card", lambda: self.sel_end(True), show=False)]
            if self.my_turn() or (self.state.options.jump_in and not self.stages):
                label = "Play the drawn card" if self.state.phase == DRAWN else "Play the chosen card"
                b.append(Binding((pygame.K_RETURN, pygame.K_KP_ENTER), label, self.enter))
            if self.my_turn() and self.state.phase == PLAY:
                b.append(Binding(("+", pygame.K_INSERT, pygame.K_KP_PLUS), "Draw a card", self.draw_card))
            if self.my_turn() and self.state.phase == DRAWN:
                b.append(Binding(("-", pygame.K_DELETE, pygame.K_KP_MINUS), "Keep the drawn card", self.keep))
            b += [Binding(("u",), "Call \"UNO!\"", self.call_uno),
                  Binding(("c",), "Catch a seat that forgot \"UNO!\"", self.catch)]
        return b + self.table_bindings("Scores", self.show_scores)

    def help_lines(self):
        return HELP

    # -- saving -------------------------------------------------------------------------
    def to_json(self) -> dict:
        rngs = self.ai_rng_states()
        return {"state": self.state.to_json(), "kinds": self.kinds, "names": self.names,
                "speed": self.speed, "ai_rngs": rngs, "viewer": self.viewer,
                "history": self.history[-50:], "log": self.log[-50:], "clock": self.clock_json()}

    def clock_json(self) -> dict:
        """The table's timers, relative to now: the pause before a computer's turn and
        the UNO window's scheduled calls and catches (whose reaction times were drawn
        from the computers' RNGs), so a resumed game goes on as it would have."""
        now = self.app.steps
        timers = []
        for t in self.timers:
            if isinstance(t.move, CallUno):
                timers.append([max(0, t.at - now), "call", t.move.seat, None])
            elif isinstance(t.move, Catch):
                timers.append([max(0, t.at - now), "catch", t.move.catcher, t.move.target])
        return {"wait": self.wait, "hold": max(0, self.hold_until - now), "stats_round": self.stats_round,
                "window": list(self.window) if self.window is not None else None,
                "timers": timers}

    def restore_clock(self, clock) -> None:
        now = self.app.steps
        self.wait = clock["wait"]
        self.stats_round = clock["stats_round"]
        self.hold_until = now + clock["hold"]
        self.window = tuple(clock["window"]) if clock["window"] is not None else None
        self.timers = []
        for at, kind, a, b in clock["timers"]:
            move = CallUno(a) if kind == "call" else Catch(a, b)
            self.timers.append(Timer(now + at, move, self.window))

    def check_invariants(self):
        """Every card somewhere exactly once (the engine's JSON check), the table's
        seats and timers consistent; raises AssertionError or ValueError."""
        st = self.state
        GnonoState.from_json(st.to_json())
        assert len(self.kinds) == len(self.names) == st.n
        assert set(self.ais) == {s for s in range(st.n) if self.kinds[s] != HUMAN}
        assert self.viewer is None or self.kinds[self.viewer] == HUMAN
        for t in self.timers:
            assert t.window == self.window

    def save(self):
        if self.state.phase == GAME_OVER:
            return False
        return self.app.storage.write_json(SAVE_NAME, SAVE_KIND, SAVE_SCHEMA, self.to_json())

    # -- drawing ------------------------------------------------------------------------
    def draw(self, canvas):
        o = self.app.options
        tbl, txt = o["colour.table"], o["colour.text"]
        canvas.fill(P.PALETTE[tbl])
        m = self.shown()
        stage = self.stages[0] if self.stages else None
        self._draw_title(canvas, m)
        self._draw_centre(canvas, m, txt)
        for seat, box in self.boxes().items():
            self._draw_seat(canvas, seat, box, m, txt)
        self._draw_bottom(canvas, m, txt)
        if stage is not None and stage.moving is not None:
            c, a, b = stage.moving
            f = min(1.0, (stage.t + 1) / max(1, stage.steps))
            f = f * f * (3 - 2 * f)
            x = a.x + (b.x - a.x) * f
            y = a.y + (b.y - a.y) * f
            if c is None:
                canvas.blit(art.back("small", self._back_colour()), (int(x), int(y)))
            else:
                canvas.blit(art.face(c, "normal"), (int(x), int(y)))
        self.draw_notes(canvas)
        ui.key_bar(canvas, self._key_items())

    def _back_colour(self):
        c = self.app.options["colour.back"]
        return P.RED if c == P.BLUE else c

    def _draw_title(self, canvas, m):
        st = self.state
        ui.fill(canvas, 0, 0, 80, 1, P.BLUE)
        s = f" GNONO  Round {st.round_no}  Deal {st.deal_no}  To {st.options.playout_score}"
        if st.phase in (ROUND_OVER, GAME_OVER):
            t = "Round over" if st.phase == ROUND_OVER else "Game over"
            mine = False
        else:
            cur = m.current
            mine = cur == self.viewer
            if mine:
                t = {PLAY: "Your turn: play or draw", DRAWN: "Play the drawn card or keep it",
                     CHALLENGE: "Challenge?", COLOR: "Choose a colour",
                     SWAP: "Swap with whom?"}.get(st.phase, "Your turn")
            else:
                t = f"{self.names[cur]}'s turn"
        dealer = f"  Dealer: {self.names[st.dealer]}"
        if len(s) + len(dealer) + len(t) + 2 <= 80:
            s += dealer
        ui.text(canvas, 0, 0, s, P.WHITE, P.BLUE)
        ui.text(canvas, 79 - len(t), 0, t, P.YELLOW if mine else P.LIGHT_CYAN, P.BLUE)

    def _draw_centre(self, canvas, m, txt):
        canvas.blit(_ring(m.direction, txt), (CENTRE[0] - RING_W // 2, CENTRE[1] - RING_H // 2))
        # draw pile
        if m.draw_size:
            back = art.back("normal", self._back_colour())
            for i in range(min(3, (m.draw_size + 9) // 10)):
                canvas.blit(back, (DRAW_RECT.x - 2 * i, DRAW_RECT.y - 2 * i))
        else:
            canvas.blit(art.empty_slot("normal", P.LIGHT_GREY), DRAW_RECT)
        ui.text_px(canvas, DRAW_RECT.x - 4, DRAW_RECT.bottom + 4, f"Draw{m.draw_size:3d}", txt)
        # discard pile, framed in the colour to follow
        ink = art.COLOR_INK[m.color]
        pygame.draw.rect(canvas, P.PALETTE[P.BLACK], DISCARD_RECT.inflate(8, 8), border_radius=3)
        pygame.draw.rect(canvas, P.PALETTE[ink], DISCARD_RECT.inflate(6, 6), border_radius=3)
        canvas.blit(art.face(m.top, "normal"), DISCARD_RECT)
        # the colour to follow: its patch, letter and name
        canvas.blit(art.swatch(m.color, SWATCH_RECT.w, SWATCH_RECT.h), SWATCH_RECT)
        name = COLOR_NAMES[m.color].upper()
        ui.text_px(canvas, SWATCH_RECT.right + 6, SWATCH_RECT.y + 4, "Colour", txt)
        ui.text_px(canvas, SWATCH_RECT.right + 6, SWATCH_RECT.y + 20, name, P.WHITE, P.BLACK)
        arrow = "clockwise" if m.direction == 1 else "anticlockwise"
        ui.text_px(canvas, SWATCH_RECT.x, SWATCH_RECT.bottom + 12, "Play goes", txt)
        ui.text_px(canvas, SWATCH_RECT.x, SWATCH_RECT.bottom + 28, arrow, P.YELLOW)
        st = self.state
        if st.pending_draw:
            ui.text_px(canvas, DRAW_RECT.x, DRAW_RECT.y - 20, f"+{st.pending_draw} waiting", P.LIGHT_RED)

    def _draw_seat(self, canvas, seat, box, m, txt):
        turn = m.current == seat and self.state.phase not in (ROUND_OVER, GAME_OVER)
        bg = P.BLUE if turn else P.BLACK
        pygame.draw.rect(canvas, P.PALETTE[bg], (box.x + 1, box.y, box.w - 2, 16))
        name = ("\x10" if turn else " ") + self.names[seat]
        ui.text_px(canvas, box.x + 1, box.y, name[:11], P.YELLOW if turn else P.WHITE)
        kind = "you" if seat == self.viewer else ("hum" if self.is_human(seat) else self.kinds[seat][:4])
        ui.text_px(canvas, box.right - 8 * len(kind) - 3, box.y, kind, P.LIGHT_GREY)
        hand = m.hands[seat]
        face_up = self.show_hands and not self.is_human(seat)
        if face_up:
            hand = sorted(hand, key=sort_key)
        rects = fan_rects(box, len(hand), face_up)
        back = art.back("small", self._back_colour())
        for c, r in zip(hand, rects):
            canvas.blit(art.face(c, "small") if face_up else back, r)
        k = len(hand)
        right = box.right - 4
        ui.text_px(canvas, right - 8 * len(str(k)) - 12, box.y + 20, str(k), P.WHITE if k > 1 else P.YELLOW)
        label = "cards" if k != 1 else "card"
        ui.text_px(canvas, right - 8 * len(label), box.y + 36, label, txt)
        ui.text_px(canvas, box.x + 4, box.y + 62, f"{m.scores[seat]} pts", txt)
        if m.uno_called[seat] and k == 1:
            ui.text_px(canvas, box.right - 44, box.y + 62, "UNO!", P.YELLOW, P.RED)
        elif self.state.uno_window == seat and not self.stages:
            ui.text_px(canvas, box.right - 44, box.y + 62, "1 ?", P.LIGHT_RED)

    def _draw_bottom(self, canvas, m, txt):
        st = self.state
        seat = self.bottom
        cards = self.hand_cards(m)
        face_up = self.viewer is not None or self.show_hands
        turn = m.current == seat and st.phase not in (ROUND_OVER, GAME_OVER)
        # the seat's line
        head = ("\x10" if turn else " ") + self.names[seat]
        ui.fill(canvas, 0, INFO_ROW, 80, 1, P.BLUE if turn else P.BLACK)
        ui.text(canvas, 0, INFO_ROW, head, P.YELLOW if turn else P.WHITE)
        info = f"{len(cards)} card{'s' if len(cards) != 1 else ''}   {m.scores[seat]} pts"
        if m.uno_called[seat] and len(cards) == 1:
            info += "   UNO!"
        ui.text(canvas, 79 - len(info), INFO_ROW, info, txt)
        hv = self.hand_view(cards)
        sel = self.sel if (self.viewer is not None and cards) else None
        mine = self.my_turn()
        hints = self.app.options["gnono.hints"] and mine and st.phase == PLAY
        arrows = self.app.options["colour.arrows"]
        back = art.back("normal", self._back_colour())
        drawn = st.drawn_card if (st.phase == DRAWN and st.current == seat) else None
        for i, c in enumerate(cards):
            r = hv.rect(i)
            if r is None:
                continue
            if i == sel:
                r = r.move(0, -RAISE)
            canvas.blit(art.face(c, "normal") if face_up else back, r)
            if hints and self.playable(c):
                pygame.draw.rect(canvas, P.PALETTE[arrows], (r.x + 4, HAND_Y + CARD_H + 2, 6, 3))
        if sel is not None:
            r = hv.rect(sel)
            if r is not None:
                art.draw_frame(canvas, r.move(0, -RAISE), arrows if (mine or self.app.blink) else P.WHITE)
        if hv.scrolled_left:
            ui.text_px(canvas, 2, HAND_Y + 20, "\x11", arrows)
        if hv.scrolled_right:
            ui.text_px(canvas, 630, HAND_Y + 20, "\x10", arrows)
        # the chosen card and what the keys do now (below the playable-card marks)
        row = 24
        if self.viewer is None:
            ui.text(canvas, 1, row, "You are watching the computers play (F9 shows every hand).",
                    P.LIGHT_GREY)
            return
        if drawn is not None and mine:
            ui.text(canvas, 1, row, f"You drew the {card_words(drawn)}: it can be played.", P.WHITE)
            keep = "" if st.options.draw_until_playable else ", - or Del keeps it"
            ui.text(canvas, 1, row + 1, f"Enter plays it{keep}.", arrows)
            return
        c = self.selected()
        if c is not None:
            desc = f"\x1b\x1a {card_words(c)}"
            if mine and st.phase == PLAY:
                ok = self.playable(c)
                desc += ": " + ("playable" if ok else "does not match")
            ui.text(canvas, 1, row, desc, P.WHITE)
        if mine and st.phase == PLAY:
            tip = "Enter plays it, + or Ins draws."
            if len(cards) == 2 and not st.uno_called[seat]:
                tip += "  Two cards: press U for \"UNO!\"" if not self.app.blink else "  Two cards: call U \"UNO!\""
            ui.text(canvas, 1, row + 1, tip, arrows)
        elif st.uno_window == seat:
            ui.text(canvas, 1, row + 1, "One card left: press U to call \"UNO!\" before you are caught!",
                    P.YELLOW if self.app.blink else P.LIGHT_RED)
        elif st.uno_window is not None:
            ui.text(canvas, 1, row + 1, f"{self.names[st.uno_window]} has one card and did not call "
                    "\"UNO!\": press C to catch!", P.YELLOW if self.app.blink else P.LIGHT_RED)
        elif not self.stages and st.phase not in (ROUND_OVER, GAME_OVER) and st.current != seat:
            ui.text(canvas, 1, row + 1, f"{self.names[st.current]} is thinking...", P.LIGHT_GREY)

    def _key_items(self):
        st = self.state
        if self.stages:
            items = [("Space", "Hurry")]
        elif self.my_turn() and st.phase == PLAY:
            items = [("\x1b\x1a", "Card"), ("Enter", "Play"), ("+", "Draw"), ("U", "UNO!")]
        elif self.my_turn() and st.phase == DRAWN:
            items = [("Enter", "Play it")] + ([] if st.options.draw_until_playable else [("-", "Keep it")])
        else:
            items = []
        if st.uno_window is not None and st.uno_window != self.viewer and self.viewer is not None:
            items.append(("C", "Catch"))
        return items + [("F1", "Keys"), ("F2", "Rules"), ("F4", "Scores"), ("F8", "Save"),
                        ("F9", "Hands"), ("Esc", "Leave")]


# ------------------------------------------------------------------ the direction ring
RING_W, RING_H = 300, 170


_RING_CACHE: dict = {}


def _ring(direction: int, colour: int) -> pygame.Surface:
    """An oval round the piles with arrowheads showing which way play goes."""
    key = (direction, colour)
    if key in _RING_CACHE:
        return _RING_CACHE[key]
    import math
    s = pygame.Surface((RING_W, RING_H))
    s.fill((254, 0, 254))
    s.set_colorkey((254, 0, 254))
    rgb = P.PALETTE[colour]
    rect = pygame.Rect(4, 4, RING_W - 8, RING_H - 8)
    pygame.draw.ellipse(s, rgb, rect, 1)
    a, b = rect.w / 2, rect.h / 2
    cx, cy = rect.centerx, rect.centery
    for k in range(8):
        t = k * math.pi / 4 + math.pi / 8
        x, y = cx + a * math.cos(t), cy + b * math.sin(t)
        # screen clockwise is increasing t (y points down)
        dx, dy = -a * math.sin(t) * direction, b * math.cos(t) * direction
        d = math.hypot(dx, dy)
        dx, dy = dx / d, dy / d
        tip = (x + dx * 5, y + dy * 5)
        left = (x - dx * 3 - dy * 4, y - dy * 3 + dx * 4)
        right = (x - dx * 3 + dy * 4, y - dy * 3 - dx * 4)
        pygame.draw.polygon(s, rgb, [tip, left, right])
    s.set_colorkey((254, 0, 254), pygame.RLEACCEL)
    _RING_CACHE[key] = s
    return s


from .overlays import (ChallengeBox, ChallengeResult, ColourBox, GnonoScoring,  # noqa: E402
                       PassScreen, SeatChooser)

HELP = [
    "GNONO, the UNO family of rules: be the first to play every card of your hand.",
    "",
    "YOUR TURN: play a card that matches the top card of the discard pile by colour",
    "(the framed colour), by number or by symbol, or play a Wild. \x1b\x1a choose, Enter",
    "plays. Or draw with + (or Ins), also when you could play: a drawn card that fits",
    "may be played at once (Enter), or kept (- or Del). A card that does not fit",
    "beeps and stays in your hand. The dot under a card means it may be played.",
    "",
    "ACTION CARDS: Skip (\x1a with a slash) - the next player misses his turn.",
    "Reverse (two arrows) - play changes direction (with two players: play again).",
    "Draw Two (+2) - the next player draws two and misses his turn.",
    "Wild (four colours) - you name the colour to follow (arrows or R, Y, G, B).",
    "Wild Draw Four (+4) - you name the colour; the next player draws four and misses",
    "his turn. Lawful only when you hold no card of the current colour: the next",
    "player may CHALLENGE (Y/N): guilty, you draw 4 instead; innocent, he draws 6.",
    "",
    "UNO!: when you play your second-to-last card, call \"UNO!\" with U (before, on",
    "your turn with two cards, or right after). If someone catches you first (C), you",
    "draw two. Press C to catch another seat that forgot.",
    "",
    "SCORING: the player who goes out scores the cards left in the other hands:",
    "numbers their value, Skip/Reverse/Draw Two 20, Wilds 50. First to the playout",
    "score (500 unless the options say otherwise) wins the game.",
    "",
    "KEYS: F3 log, F4 scores, F8 save and leave, F9 show the computers' hands (a",
    "cheat), Space hurries a computer's turn, Esc leaves (the game is saved).",
    "Options (hand of 7 or 11, drawing until playable, house rules: stacking,",
    "jump-in, 7-0) are on the Gnono pages of the Options.",
]


# ---------------------------------------------------------------- menu hooks
def new_table(app, kinds, names, options, speed="normal", seed=None) -> GnonoTable:
    if seed is None:
        seed = fresh_deal_no()   # a random game has a deal number too
    st = GnonoState(len(kinds), seed, options)
    return GnonoTable(app, st, kinds, names, speed, seed=seed)


def start(app, seed=None):
    from .setup import GnonoSetup
    return GnonoSetup(app, seed=seed)


def _validate_save(data):
    if not isinstance(data, dict):
        raise ValueError("not a Gnono game")
    st = GnonoState.from_json(data["state"])
    kinds, names = data.get("kinds"), data.get("names")
    if not isinstance(kinds, list) or len(kinds) != st.n or any(k not in KINDS for k in kinds):
        raise ValueError("bad seats")
    if not isinstance(names, list) or len(names) != st.n or \
            not all(isinstance(x, str) and 0 < len(x) <= 16 for x in names):
        raise ValueError("bad names")
    speed = data.get("speed", "normal")
    if speed not in SPEEDS:
        raise ValueError("bad speed")
    viewer = data.get("viewer")
    if viewer is not None and (not isinstance(viewer, int) or not 0 <= viewer < st.n
                               or kinds[viewer] != HUMAN):
        raise ValueError("bad viewer")
    rngs = [rng_from_json(r) if r is not None else None for r in data.get("ai_rngs") or []]
    history = [str(x) for x in data.get("history") or []]
    log = [str(x) for x in data.get("log") or []]
    clock = _validate_clock(data.get("clock"), st)
    return st, kinds, names, speed, rngs, viewer, history, log, clock


def _validate_clock(clock, st):
    if clock is None:
        return None

    def steps(v):
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 3600 * STEP_HZ:
            raise ValueError("bad timer")
        return v

    def seat(v):
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < st.n:
            raise ValueError("bad seat in a timer")
        return v
    if not isinstance(clock, dict) or set(clock) != {"wait", "hold", "window", "timers", "stats_round"}:
        raise ValueError("bad table clock")
    if clock["stats_round"] is not None:
        steps(clock["stats_round"])
    steps(clock["wait"])
    steps(clock["hold"])
    w = clock["window"]
    if w is not None and not (isinstance(w, list) and len(w) == 3 and all(isinstance(x, int) for x in w)):
        raise ValueError("bad UNO window")
    if not isinstance(clock["timers"], list) or (clock["timers"] and w is None):
        raise ValueError("bad timers")
    for t in clock["timers"]:
        if not (isinstance(t, list) and len(t) == 4 and t[1] in ("call", "catch")):
            raise ValueError("bad timer")
        steps(t[0])
        seat(t[2])
        if t[1] == "catch":
            seat(t[3])
    return clock


def resume(app):
    """The saved game's table, or None (see games.resume_safely)."""
    from game.games import resume_safely
    return resume_safely(app, SAVE_NAME, _resume)


def _resume(app):
    loaded = app.storage.read_json(SAVE_NAME, SAVE_KIND, SAVE_SCHEMA, _validate_save)
    if loaded is None:
        return None
    st, kinds, names, speed, rngs, viewer, history, log, clock = loaded
    t = GnonoTable(app, st, kinds, names, speed, ai_rngs=rngs)
    if clock is not None:
        t.restore_clock(clock)
    if len(t.humans) > 1:
        t.viewer = None   # the hand-over screen asks who is at the keyboard
    t.history = history
    t.log = log + t.log
    t.notes = []
    t.note("The game is resumed where you left it.")
    return t
