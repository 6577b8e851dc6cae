"""The Go-Stop table: the engine's state on screen, the keys turned into moves.

The human is seat 0, at the bottom; the computers sit at the top. Every move (the
human's or a computer's) is applied to the engine at once; its events are then
played back as `Stage`s on a `Model` of the table, so the cards move one after the
other with a pause, each event announced in the notes with its sound. A computer
thinks in slices of about a millisecond a step (think()), from the moment the engine
asks it, so the hard player's look-ahead never stalls a frame.

Keys: Left/Right choose a hand card (the table cards it would take are framed),
Enter plays it; a choice between two table cards by Left/Right and Enter; Y/N for
shaking and bombs, G/S for Go or Stop; F3 log, F4 chips, F8 save and leave, F9 the
computers' hands, Esc leave (the game is saved). Anything else beeps.

    start(app, seed=None) -> the set-up scene
    resume(app) -> the table of saves/gostop.json, or None
    GoStopTable(app, state, levels=None, speed="normal", seed=None)
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

import pygame

from game import palette as P, ui
from game.deals import fresh_deal_no
from game.engine import IllegalMove, rng_from_json
from game.keys import Binding
from game.scene import Scene
from game.scenes.turn_table import TurnTable
from game.scenes.overlays import Overlay, Question, TextBox

from . import hwatu_art as art
from .cards import PLANTS
from .narrate import Speaker, card_label, narrate, seat_names
from .rules import (Bomb, ChooseMatch, FlipStock, GoStop, GoStopState, NextHand, PlayCard,
                    Shake)
from .settings import LEVELS, PACE, SPEEDS, rule_options
from .table_view import (CARD_H, CARD_W, HAND_Y, RAISE, Layout, Model, capture_groups)

HUMAN = 0
SAVE_NAME = "gostop.json"
SAVE_KIND = "gostop-game"
SAVE_SCHEMA = 1
FLIP = "flip"   # the "turn up the stock only" entry of the hand (bomb credits)
HARD_ROLLOUTS = 48
# Seconds of a computer's thinking per update step (120 a second, two a frame at 60
# frames a second): the hard player's look-ahead (tens of milliseconds) is spread over
# the playback of the turn before and the pause before its move, and the frame, with
# its drawing, stays under 4 ms.
THINK_S = 0.001


def _make_ai(level, rng):
    """A computer player from game/gostop/ai.py; a plain stand-in if it is missing."""
    try:
        from .ai import GoStopAI
        # a fixed count of look-ahead samples (about 25 ms on a 2020 laptop) rather than a
        # time budget: the computers' play is then the same for the same seed, resumed or not
        return GoStopAI(level, rng, rollouts=HARD_ROLLOUTS)
    except ImportError:
        return _FirstLegal(rng)


class _FirstLegal:
    def __init__(self, rng):
        self.rng = rng

    def choose(self, view):
        return view.legal[0]


class _Thinking:
    """A computer's choice under way: for which seat and state version, and the move
    once made (None while thinking)."""
    __slots__ = ("seat", "version", "move")

    def __init__(self, seat, version):
        self.seat, self.version, self.move = seat, version, None


@dataclass
class Stage:
    """One moment of a turn's playback: the table as `model`, maybe a card moving
    (card, from Rect, to Rect), cards framed, a note and a sound at its start."""
    model: Model
    steps: int
    moving: tuple | None = None
    marks: frozenset = frozenset()
    note: str | None = None
    cue: str | None = None
    t: int = 0
    layout: Layout | None = field(default=None, repr=False)


# ------------------------------------------------------------------------ the table
class GoStopTable(TurnTable):
    title = "Go-Stop"

    def __init__(self, app, state: GoStopState, levels=None, speed: str = "normal",
                 seed: int | None = None, ai_rngs=None):
        super().__init__(app)
        self.state = state
        self.n = state.n
        self.levels = list(levels) if levels else ["normal"] * (self.n - 1)
        self.speed = speed if speed in SPEEDS else "normal"
        self.names = seat_names(self.n, HUMAN)
        self.speaker = Speaker(self.names)
        base = random.Random(seed)
        self.ais = {}
        k = 0
        for s in range(self.n):
            if s == HUMAN:
                continue
            rng = random.Random(base.randrange(2 ** 32))
            if ai_rngs and k < len(ai_rngs) and ai_rngs[k] is not None:
                rng = ai_rngs[k]
            self.ais[s] = _make_ai(self.levels[k], rng)
            k += 1
        self.sel = 0                 # the chosen hand entry
        self.choice = 0              # the chosen table card of a match question
        self.stages: list[Stage] = []
        self.notes: list[tuple[str, int]] = []   # (text, colour), newest last
        self.log: list[str] = []
        self.history: list[str] = []
        self.show_hands = False
        self.wait = 0                # steps waited before a computer's move / the scores
        self.asking = False          # a question overlay is up
        self.scoring_open = False
        self._model_cache = None     # (version, model, layout) of the live state
        self.version = 0
        self.timing = []             # (seat, steps) of each finished computer turn
        self._turn_steps = None
        self.stats_hand = None       # the hand already counted in the statistics
        self.thinking = None         # a computer's choice under way (_Thinking)
        self.note(f"Hand {state.hand_no}: {self.speaker.verb(state.dealer, 'deal')} and "
                  f"play{'' if self.speaker.you(state.dealer) else 's'} first. "
                  f"Target {state.target} points.")

    # -- pace
    @property
    def move_steps(self):
        return PACE[self.speed][0]

    @property
    def pause_steps(self):
        return PACE[self.speed][1]

    # -- notes
    # -- the live model
    def live(self):
        if self._model_cache is None or self._model_cache[0] != self.version:
            m = Model.of(self.state)
            self._model_cache = (self.version, m, Layout(m, HUMAN, self.n))
        return self._model_cache[1], self._model_cache[2]

    def shown(self):
        """The model and layout on screen now (a stage of a turn, or the live state)."""
        if self.stages:
            st = self.stages[0]
            if st.layout is None:
                st.layout = Layout(st.model, HUMAN, self.n)
            return st.model, st.layout
        return self.live()

    # -- applying moves
    def apply(self, move, pace_scale=1.0) -> bool:
        before = Model.of(self.state)
        try:
            events = self.state.apply(move)
        except IllegalMove as exc:
            self.refuse(f"Not allowed: {exc}.")
            return False
        self.version += 1
        self.stages.extend(self.build_stages(before, events, pace_scale))
        return True

    def build_stages(self, model: Model, events, pace_scale=1.0) -> list[Stage]:
        mv = max(1, int(self.move_steps * pace_scale))
        pause = max(1, int(self.pause_steps * pace_scale))
        out: list[Stage] = []
        m = model.copy()

        def rest(mm, note, cue, special=False, marks=()):
            out.append(Stage(mm, pause * (2 if special else 1), marks=frozenset(marks), note=note, cue=cue))

        for ev in events:
            k = ev["kind"]
            seat = ev.get("seat")
            cs = list(ev.get("cards") or [])
            text, cue, special = narrate(ev, self.speaker)
            if k == "deal":
                m = Model.of(self.state)
                rest(m, text, cue, True)
            elif k == "play" and cs:
                c = cs[0]
                src_layout = Layout(m, HUMAN, self.n)
                hand = m.hands[seat]
                src = src_layout.hand_slot(seat, hand.index(c) if c in hand else 0)
                if c in hand:
                    hand.remove(c)
                dest = m.copy()
                (dest.captures[seat] if c.month == 0 else dest.table).append(c)
                dst = Layout(dest, HUMAN, self.n).rect_of(c)
                out.append(Stage(m, mv, moving=(c, src, dst), note=text, cue=cue))
                m = dest
                rest(m, None, None, marks=[c])
            elif k == "flip":
                c = cs[0]
                src = pygame.Rect(Layout(m, HUMAN, self.n).stock_rect)
                m.stock = max(0, m.stock - 1)
                dest = m.copy()
                (dest.captures[seat] if c.month == 0 else dest.table).append(c)
                dst = Layout(dest, HUMAN, self.n).rect_of(c)
                out.append(Stage(m, mv, moving=(c, src, dst), note=text, cue=cue))
                m = dest
                rest(m, None, None, marks=[c])
            elif k == "bomb":
                m = m.copy()
                for c in cs:
                    if c in m.hands[seat]:
                        m.hands[seat].remove(c)
                        m.table.append(c)
                rest(m, text, cue, True, marks=cs)
            elif k in ("capture", "bonus"):
                m = m.copy()
                moved = False
                for c in cs:
                    if c in m.captures[seat]:
                        continue
                    moved = True
                    if c in m.table:
                        m.table.remove(c)
                    elif c in m.hands[seat]:
                        m.hands[seat].remove(c)
                    else:
                        m.stock = max(0, m.stock - 1)   # a bonus left under the last card
                    m.captures[seat].append(c)
                if moved or k == "bonus":
                    rest(m, text, cue, marks=cs)
            elif k == "junk_taken":
                m = m.copy()
                giver = ev["from"]
                for c in cs:
                    if c in m.captures[giver]:
                        m.captures[giver].remove(c)
                    m.captures[seat].append(c)
                rest(m, text, cue, True, marks=cs)
            elif k in ("turn", "place", "hand_over", "payment"):
                if k == "place":
                    continue
                if k == "hand_over" and text:
                    rest(m, text, cue)
            elif text:
                rest(m, text, cue, special, marks=cs if k in ("ppuk", "shake", "chongtong") else ())
        out.append(Stage(Model.of(self.state), 1))
        return out

    def hurry(self):
        """Enter/Space during a playback: show its end at once (notes kept)."""
        for st in self.stages:
            if st.t == 0 and st.note:
                self.note(st.note)
        self.stages = []
        return True

    # -- the clock
    def update(self, dt):
        self.think()
        if self.stages:
            st = self.stages[0]
            if st.t == 0:
                if st.cue:
                    self.app.sound(st.cue)
                if st.note:
                    self.note(st.note)
            st.t += 1
            if st.t >= st.steps:
                self.stages.pop(0)
            if self._turn_steps is not None:
                self._turn_steps += 1
            return
        q = self.state.question()
        if q.kind == "hand_over":
            if not self.scoring_open:
                self.wait += 1
                if self.wait >= self.pause_steps:
                    self.wait = 0
                    self.open_scoring()
            return
        if q.seat != HUMAN:
            if self._turn_steps is None:
                self._turn_steps = 0
            self._turn_steps += 1
            # the pause, and longer if the computer is still thinking
            self.wait = min(self.wait + 1, self.pause_steps)
            th = self.thinking
            if self.wait >= self.pause_steps and th is not None and th.move is not None:
                self.wait = 0
                self.thinking = None
                self.computer_move(q.seat, th.move)
            return
        if self._turn_steps is not None:
            self.timing.append(self._turn_steps)
            self._turn_steps = None
        self.wait = 0
        if q.kind in ("bomb", "shake", "go_stop") and not self.asking:
            self.ask(q)
        self._clamp_selection()

    def think(self, budget=None):
        """Give the computer whose question is pending a slice of thinking. It begins
        as soon as the engine asks it, while the turn before is still played back;
        a choice for a state that has changed since is dropped."""
        q = self.state.question()
        seat = q.seat if q.kind != "hand_over" and q.seat != HUMAN else None
        th = self.thinking
        if th is not None and (th.seat != seat or th.version != self.version):
            ai = self.ais.get(th.seat)
            if th.move is None and hasattr(ai, "cancel"):
                ai.cancel()
            th = self.thinking = None
        if seat is None or (th is not None and th.move is not None):
            return
        ai = self.ais[seat]
        try:
            if th is None:
                th = self.thinking = _Thinking(seat, self.version)
                view = self.state.view(seat)
                if not hasattr(ai, "start_choice"):
                    th.move = ai.choose(view)
                    return
                ai.start_choice(view)
            th.move = ai.work(THINK_S if budget is None else budget)
        except Exception:   # a computer's bug must not stop the game: first legal move
            import traceback
            traceback.print_exc()
            th.move = self.state.legal_moves()[0]

    def computer_move(self, seat, move=None):
        """Play the computer's move (thought out here at once if none is given)."""
        if move is None:
            try:
                move = self.ais[seat].choose(self.state.view(seat))
            except Exception:   # a computer's bug must not stop the game: first legal move
                import traceback
                traceback.print_exc()
                move = self.state.legal_moves()[0]
        if not self.apply(move):
            self.apply(self.state.legal_moves()[0])

    # -- the human's questions
    def ask(self, q):
        self.asking = True
        st = self.state
        if q.kind == "go_stop":
            self.app.push(GoStopBox(self.app, self))
            return
        c = q.cards[0]
        m = c.month
        if q.kind == "bomb":
            text = [f"Bomb? You hold three {m}s ({PLANTS[m]}) and the fourth lies on the table.",
                    "Yes: play all three at once and take the four cards, one junk from each "
                    "opponent; your payment doubles if you win, and on two later turns you "
                    "only turn up the stock.",
                    "No: play only the card you chose."]
            yes, no = Bomb(True), Bomb(False)
        else:
            text = [f"Shake? You hold three {m}s ({PLANTS[m]}).",
                    "Yes: show them to everyone; your payment doubles if you win this hand.",
                    "No: just play the card."]
            yes, no = Shake(True), Shake(False)

        def answer(move):
            self.asking = False
            if st is self.state:
                self.apply(move, pace_scale=0.6)

        self.app.push(Question(self.app, text, lambda: answer(yes), lambda: answer(no),
                               title="Bomb" if q.kind == "bomb" else "Shaking"))

    def answer_go(self, go: bool):
        self.asking = False
        self.apply(GoStop(go), pace_scale=0.6)

    # -- the hand over
    def open_scoring(self):
        self.scoring_open = True
        self.history.append(hand_summary(self.state, self.names))
        self.record_stats()
        self.save()   # every finished hand is kept: a crash loses at most one hand
        self.app.push(GoStopScoring(self.app, self, self.next_hand))

    def record_stats(self):
        """Hands played and won, Go calls, stops, nagari, net chips, the best hand's chips."""
        st = self.state
        if self.stats_hand == st.hand_no or st.result is None:
            return
        self.stats_hand = st.hand_no
        res = st.result
        w = res.get("winner")
        pays = res.get("payments", [])
        if w == HUMAN:
            chips = sum(p.total for p in pays)
        else:
            chips = -sum(p.total for p in pays if p.payer == HUMAN)
        counts = {"hands_played": 1, "hands_won": int(w == HUMAN), "gos": st.go_counts[HUMAN],
                  "stops": int(w == HUMAN and not res.get("chongtong")),
                  "nagari": int(bool(res.get("nagari"))), "chips": chips}
        try:
            self.app.stats.record("gostop", **counts)
            if w == HUMAN:
                self.app.stats.best("gostop", "best_hand", chips)
        except Exception:   # statistics must never stop a game
            import traceback
            traceback.print_exc()

    def check_invariants(self):
        """Every card somewhere exactly once (the engine's JSON check), the table's
        computers and selection consistent; raises AssertionError or ValueError."""
        st = self.state
        GoStopState.from_json(st.to_json())
        assert set(self.ais) == set(range(st.n)) - {HUMAN}
        assert len(self.levels) == st.n - 1

    def next_hand(self):
        self.scoring_open = False
        self.sel = 0
        self.apply(NextHand())
        self.save()

    # -- the human's keys
    def entries(self):
        """The hand entries to choose from: hand cards, and FLIP with bomb credits."""
        hand = list(self.state.hands[HUMAN])
        if self.state.credits[HUMAN] > 0 and self.state.stock:
            hand.append(FLIP)
        return hand

    def _clamp_selection(self):
        k = len(self.entries())
        if k and not 0 <= self.sel < k:
            self.sel = max(0, min(self.sel, k - 1))

    def human_phase(self):
        """'play', 'match' or None: what the human's keys do now."""
        if self.stages or self.asking or self.scoring_open:
            return None
        q = self.state.question()
        if q.seat != HUMAN:
            return None
        if q.kind == "play":
            return "play"
        if q.kind in ("match_hand", "match_stock"):
            return "match"
        return None

    def move_sel(self, d):
        ph = self.human_phase()
        if ph == "play":
            k = len(self.entries())
            if k == 0:
                return False
            self.sel = (self.sel + d) % k
        elif ph == "match":
            self.choice = (self.choice + d) % len(self.state.choices)
        else:
            return False

    def enter(self):
        ph = self.human_phase()
        if ph == "play":
            ents = self.entries()
            if not ents:
                return False
            e = ents[self.sel % len(ents)]
            self.choice = 0
            return self.apply(FlipStock() if e == FLIP else PlayCard(e), pace_scale=0.6)
        if ph == "match":
            c = self.state.choices[self.choice % len(self.state.choices)]
            self.choice = 0
            return self.apply(ChooseMatch(c), pace_scale=0.6)
        return False

    def show_chips(self):
        lines = ["Chips won and lost since the start:", ""]
        for s in range(self.n):
            lines.append(f"  {self.names[s]:<12} {self.state.chips[s]:+6d}")
        if self.state.multiplier > 1:
            lines += ["", f"The next payment is multiplied by {self.state.multiplier} (nagari)."]
        lines += ["", "Hands played:"] + (self.history[-30:] or ["  none finished yet"])
        self.app.push(TextBox(self.app, "Chips", lines))


    def bindings(self):
        b = []
        ph = self.human_phase()
        if self.stages:
            b.append(Binding((pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE), "Hurry: show the turn's end", self.hurry))
        elif ph == "play":
            b += [Binding((pygame.K_LEFT,), "Choose a hand card", lambda: self.move_sel(-1)),
                  Binding((pygame.K_RIGHT,), "Choose a hand card", lambda: self.move_sel(1)),
                  Binding((pygame.K_RETURN, pygame.K_KP_ENTER), "Play the chosen card", self.enter)]
        elif ph == "match":
            b += [Binding((pygame.K_LEFT,), "Choose a table card", lambda: self.move_sel(-1)),
                  Binding((pygame.K_RIGHT,), "Choose a table card", lambda: self.move_sel(1)),
                  Binding((pygame.K_RETURN, pygame.K_KP_ENTER), "Take the chosen card", self.enter)]
        return b + self.table_bindings("Chips", self.show_chips)

    def help_lines(self):
        return HELP

    # -- saving
    def to_json(self) -> dict:
        rngs = self.ai_rng_states()
        return {"state": self.state.to_json(), "levels": self.levels, "speed": self.speed,
                "ai_rngs": rngs, "history": self.history[-50:], "log": self.log[-50:],
                "wait": self.wait, "stats_hand": self.stats_hand}

    def save(self):
        return self.app.storage.write_json(SAVE_NAME, SAVE_KIND, SAVE_SCHEMA, self.to_json())

    # -- drawing
    def draw(self, canvas):
        o = self.app.options
        tbl, txt = o["colour.table"], o["colour.text"]
        canvas.fill(P.PALETTE[tbl])
        model, lay = self.shown()
        st = self.state
        stage = self.stages[0] if self.stages else None
        self._draw_info(canvas)
        face_c, back_c = o["colour.face"], o["colour.back"]
        back = art.back(P.RED if back_c == P.BLUE else back_c)
        # the computers
        for seat, r in lay.blocks.items():
            self._draw_seat_text(canvas, seat, lay, r.x // 8, r.y // 16, r.w // 8, tbl, txt)
            hand = model.hands[seat]
            area = lay.hand_area[seat]
            ui.text_px(canvas, area.x, area.y - 16, f"Hand {len(hand)}", txt, None)
            for c, rr in zip(hand, lay.hand_rects[seat]):
                canvas.blit(art.face(c, face_c) if self.show_hands else back, rr)
        # the stock and the table
        sr = lay.stock_rect
        if model.stock:
            for i in range(min(3, model.stock)):
                canvas.blit(back, (sr.x - i * 2 + 4, sr.y - i * 2 + 4))
        ui.text_px(canvas, sr.x - 4, sr.bottom + 8, "Stock", txt)
        ui.text_px(canvas, sr.x + 4, sr.bottom + 24, f"{model.stock:2d}", P.YELLOW)
        for m, cards, rects in lay.table_groups:
            for c, rr in zip(cards, rects):
                canvas.blit(art.face(c, face_c), rr)
            if m in st.stacks and len(cards) >= 3:
                ui.text_px(canvas, rects[0].x, rects[0].bottom + 1, "stack", P.LIGHT_RED)
        if not lay.table_groups:
            ui.text(canvas, 24, 9, "(the table is empty)", txt)
        # you
        self._draw_seat_text(canvas, HUMAN, lay, 1, 14, 78, tbl, txt)
        self._draw_captures(canvas, lay, model, face_c, tbl, txt)
        self._draw_hand(canvas, lay, model, face_c, back, txt)
        self._draw_marks(canvas, lay, stage)
        if stage is not None and stage.moving is not None:
            c, a, b = stage.moving
            if b is not None:
                f = min(1.0, (stage.t + 1) / max(1, stage.steps))
                f = f * f * (3 - 2 * f)
                x = a.x + (b.x - a.x) * f
                y = a.y + (b.y - a.y) * f
                canvas.blit(art.face(c, face_c), (int(x), int(y)))
        self._draw_help_rows(canvas, txt)
        self.draw_notes(canvas)
        ui.key_bar(canvas, self._key_items())

    def _key_items(self):
        ph = self.human_phase()
        if self.stages:
            items = [("Enter", "Hurry")]
        elif ph == "play":
            items = [("\x1b\x1a", "Choose"), ("Enter", "Play")]
        elif ph == "match":
            items = [("\x1b\x1a", "Which card"), ("Enter", "Take it")]
        else:
            items = []
        return items + [("F1", "Keys"), ("F2", "Rules"), ("F4", "Chips"), ("F8", "Save+leave"),
                        ("F9", "Hands"), ("Esc", "Leave")]

    def _draw_info(self, canvas):
        st = self.state
        ui.fill(canvas, 0, 0, 80, 1, P.BLUE)
        deal = "-" if st.deal_no is None else st.deal_no
        s = (f" GO-STOP  Hand {st.hand_no}  Deal {deal}  Target {st.target}"
             + (f"  Pays x{st.multiplier}" if st.multiplier > 1 else f"  Dealer: {self.names[st.dealer]}"))
        q = st.question()
        if q.kind == "hand_over":
            t = "Hand over"
        elif q.seat == HUMAN:
            t = {"play": "Your turn: play a card", "match_hand": "Your turn: choose a card",
                 "match_stock": "Your turn: choose a card", "go_stop": "Go or Stop?",
                 "bomb": "Bomb?", "shake": "Shake?"}.get(q.kind, "Your turn")
        else:
            t = f"{self.names[q.seat]} is playing"
        ui.text(canvas, 0, 0, s[:78 - len(t)], P.WHITE, P.BLUE)
        ui.text(canvas, 79 - len(t), 0, t, P.YELLOW if q.seat == HUMAN else P.LIGHT_CYAN, P.BLUE)

    def _draw_seat_text(self, canvas, seat, lay, col, row, width, tbl, txt):
        st = self.state
        bd = lay.breakdowns[seat]
        pts = bd.total
        turn = st.question().seat == seat and st.phase != "hand_over"
        name = self.names[seat]
        if seat != HUMAN:
            name += f" ({self.levels[sorted(self.ais).index(seat)]})" if self.n == 2 else ""
        head = ("\x10" if turn else " ") + name
        ui.text(canvas, col, row, head, P.YELLOW if turn else P.WHITE, None)
        bits = [f"{pts} pt"]
        if st.go_counts[seat]:
            bits.append(f"{st.go_counts[seat]} Go")
        if st.shakes[seat]:
            bits.append("shook" if st.shakes[seat] == 1 else f"shook x{st.shakes[seat]}")
        if st.bombs[seat]:
            bits.append("bomb" if st.bombs[seat] == 1 else f"bomb x{st.bombs[seat]}")
        if st.credits[seat]:
            bits.append(f"{st.credits[seat]} skip{'s' if st.credits[seat] > 1 else ''}")
        bits.append(f"chips {st.chips[seat]:+d}")
        right = "  ".join(bits)
        ui.text(canvas, col + width - len(right) - 1, row, right,
                P.LIGHT_GREEN if pts >= st.target else txt, None)
        # what the score is made of
        if bd.lines:
            parts = [f"{n} {p}" for n, p in bd.lines]
            s = "= " + " + ".join(parts)
        else:
            s = f"no points yet (target {st.target})" if width > 50 else f"no points (target {st.target})"
        if st.go_counts[seat]:
            s += f"  + {st.go_counts[seat]} for Go"
        if len(s) > width - 2:
            s = s[:width - 3] + "\x10"
        ui.text(canvas, col + 1, row + 1, s, P.LIGHT_CYAN if bd.lines else P.LIGHT_GREY, None)

    def _draw_captures(self, canvas, lay, model, face_c, tbl, txt):
        for seat in range(self.n):
            groups = lay.cap_groups[seat]
            if not groups:
                continue
            for g, x, cards, rects, count, compact in groups:
                label = lay.label(g, count, compact)
                ly = (64 if seat != HUMAN else 272) - 16
                scoring_now = ((g == "brights" and count >= 3) or (g == "animals" and count >= 5)
                               or (g == "ribbons" and count >= 5) or (g == "junk" and count >= 10))
                colour = P.LIGHT_GREEN if scoring_now else (txt if cards else P.LIGHT_GREY)
                ui.text_px(canvas, x, ly, label, colour)
                for c, rr in zip(cards, rects):
                    canvas.blit(art.face(c, face_c), rr)

    def _draw_hand(self, canvas, lay, model, face_c, back, txt):
        ph = self.human_phase()
        hand = model.hands[HUMAN]
        rects = lay.hand_rects[HUMAN]
        arrows = self.app.options["colour.arrows"]
        ents = self.entries() if ph == "play" else []
        sel = ents[self.sel % len(ents)] if ents else None
        for c, rr in zip(hand, rects):
            r = rr.move(0, -RAISE) if c is sel else rr
            canvas.blit(art.face(c, face_c), r)
            if c in self.state.revealed[HUMAN]:
                ui.text_px(canvas, r.x + 4, r.bottom + 1, "shown", P.LIGHT_MAGENTA)
        if FLIP in ents:
            x = (rects[-1].right + 10) if rects else 12
            r = pygame.Rect(x, HAND_Y - (RAISE if sel == FLIP else 0), CARD_W, CARD_H)
            canvas.blit(back, r)
            ui.text_px(canvas, r.x - 4, r.bottom + 1, "stock", txt)
            if sel == FLIP:
                art.draw_frame(canvas, r, arrows)
        if ph == "play" and sel is not None and sel != FLIP:
            r = lay.rect_of(sel).move(0, -RAISE)
            art.draw_frame(canvas, r, arrows)
            for m, cards, trs in lay.table_groups:
                if m == sel.month:
                    for c, tr in zip(cards, trs):
                        art.draw_frame(canvas, tr, arrows if self.app.blink else P.WHITE, 1)
        if ph == "match":
            choices = self.state.choices
            for i, c in enumerate(choices):
                tr = lay.rect_of(c)
                if tr is None:
                    continue
                on = i == self.choice % len(choices)
                art.draw_frame(canvas, tr, arrows if on else P.WHITE, 2 if on else 1)
                if on:
                    ui.text_px(canvas, tr.x + 12, tr.bottom + 2, "\x18", arrows if self.app.blink else P.WHITE)

    def _draw_marks(self, canvas, lay, stage):
        if stage is None or not stage.marks:
            return
        for c in stage.marks:
            r = lay.rect_of(c)
            if r is not None:
                art.draw_frame(canvas, r, P.WHITE, 1)

    def _draw_help_rows(self, canvas, txt):
        """Rows 24-25: what the chosen card is and what playing it would do."""
        ph = self.human_phase()
        st = self.state
        if ph == "play":
            ents = self.entries()
            if not ents:
                return
            e = ents[self.sel % len(ents)]
            if e == FLIP:
                ui.text(canvas, 1, 24, "Turn up the stock only (a turn left to you by your bomb).", P.WHITE)
                return
            ui.text(canvas, 1, 24, f"\x1b\x1a {card_label(e)}: {_category_words(e)}", P.WHITE)
            ui.text(canvas, 1, 25, _play_hint(st, e), self.app.options["colour.arrows"])
        elif ph == "match":
            c = st.choices[self.choice % len(st.choices)]
            card = st.t_card if st.phase == "match_hand" else st.t_stock
            ui.text(canvas, 1, 24, f"Your {card_label(card)} matches two cards: take which one?", P.WHITE)
            ui.text(canvas, 1, 25, f"\x1b\x1a choose, Enter takes {card_label(c)}.", self.app.options["colour.arrows"])
        elif not self.stages and st.question().seat != HUMAN and st.phase != "hand_over":
            ui.text(canvas, 1, 24, f"{self.names[st.question().seat]} is thinking...", P.LIGHT_GREY)


def _category_words(c) -> str:
    cat = c.category
    if cat == "bright":
        return "a bright" + (" (the rain man: 3 brights with him score 2)" if c.month == 12 else "")
    if cat == "animal":
        if c.month in (2, 4, 8):
            return "an animal, one of the three birds (godori)"
        if c.month == 9:
            return "an animal, or a double junk: whichever scores better"
        return "an animal"
    if cat == "ribbon":
        return {"red": "a red poem ribbon (set: 1, 2, 3)", "blue": "a blue ribbon (set: 6, 9, 10)",
                "grass": "a grass ribbon (set: 4, 5, 7)", "rain": "the rain ribbon (in no set)"}[c.ribbon]
    if cat == "double":
        return "a double junk, worth 2 junk"
    if cat == "bonus":
        return f"a bonus card worth {c.value} junk: you take it and play on"
    return "a junk card"


def _play_hint(st, c) -> str:
    if c.month == 0:
        return "Played, it goes to your captures and you turn up a card in its place."
    same = [t for t in st.table if t.month == c.month]
    in_hand = sum(1 for h in st.hands[HUMAN] if h.month == c.month)
    extra = ""
    if in_hand == 3 and len(same) == 1:
        extra = " You hold three: you may bomb."
    elif in_hand == 3:
        extra = " You hold three: you may shake."
    if not same:
        return "It matches nothing on the table: it will stay there." + extra
    if len(same) == 1:
        return f"It takes {card_label(same[0])} (framed on the table)." + extra
    if len(same) == 2:
        return "Two cards of its month lie there: you take one of them." + extra
    return f"It takes all three {c.month}s (the stack): one junk from each opponent if it was a ppuk." + extra


# ---------------------------------------------------------------- Go or Stop
class GoStopBox(Overlay):
    """The big question: G for Go, S for Stop, with what each means right now."""
    title = "Go or Stop"

    def __init__(self, app, table: GoStopTable):
        super().__init__(app)
        self.table = table
        st = table.state
        seat = HUMAN
        pts, lines, pays = st.payments_if_stop(seat)
        g = st.go_counts[seat]
        self.lines = [f"You have {pts} points" + (f" and {g} Go (+{g})" if g else "") + ":"]
        for name, p in lines:
            self.lines.append(f"   {name:<24}{p:>3}")
        total = sum(p.total for p in pays)
        self.lines.append("")
        self.lines.append(f"STOP: the hand ends and you are paid {total} chips now:")
        for p in pays:
            dbl = " ".join(f"x{f} {n}" for n, f in p.doublings)
            self.lines.append(f"   {table.names[p.payer]} pays {p.total}" + (f"  ({dbl})" if dbl else ""))
        self.lines.append(f"GO: +1 point ({g + 1} Go" + (", payment doubled" if g + 1 >= st.options.go_doubling_from else "")
                          + "); you play on and are asked")
        self.lines.append("    again when your score rises. If someone else wins")
        self.lines.append("    after your Go, you pay for everyone (go-bak).")

    def bindings(self):
        return [Binding(("g",), "Go: play on for more", lambda: self.answer(True)),
                Binding(("s",), "Stop: take the chips now", lambda: self.answer(False))]

    def answer(self, go):
        self.app.pop(self)
        self.table.answer_go(go)

    def draw(self, canvas):
        w, h = 60, len(self.lines) + 5
        col, row = 10, max(1, (28 - h) // 2)
        ui.box(canvas, col, row, w, h, P.WHITE, P.MAGENTA, title="GO or STOP?")
        for i, line in enumerate(self.lines):
            ui.text(canvas, col + 2, row + 1 + i, line[:w - 4], P.WHITE, P.MAGENTA)
        c = P.YELLOW if self.app.blink else P.WHITE
        ui.center(canvas, row + h - 2, " G = Go      S = Stop ", c, P.MAGENTA, col, w)


# ---------------------------------------------------------------- the hand's score
def hand_summary(st, names) -> str:
    res = st.result or {}
    w = res.get("winner")
    if res.get("nagari"):
        return f"  Hand {st.hand_no}: nagari (nobody paid)"
    if w is None:
        return f"  Hand {st.hand_no}: over"
    paid = sum(p.total for p in res.get("payments", []))
    how = "chongtong" if res.get("chongtong") else f"{res.get('points')} points"
    return f"  Hand {st.hand_no}: {names[w]} won with {how}, {paid} chips"


DOUBLING_WHY = {
    "Go": ": three Go or more", "shaking": ": the winner shook", "bomb": ": the winner bombed",
    "meong-tta": ": the winner has 7 animals or more",
    "gwang-bak": ": the winner scored brights, the loser has none",
    "pi-bak": ": the winner scored junk, the loser has too little",
    "nagari": ": nobody won the hand before",
}


def scoring_lines(st, names) -> tuple[str, list[tuple[str, int]]]:
    """The title and the (text, colour) lines of the hand's scoring screen."""
    res = st.result or {}
    out = []
    w = res.get("winner")
    if res.get("nagari"):
        title = f"Hand {st.hand_no}: Nagari"
        out.append(("The stock ran out and nobody stopped: nobody is paid.", P.WHITE))
        out.append((f"The next hand's payment is multiplied by {st.multiplier}.", P.YELLOW))
    else:
        title = f"Hand {st.hand_no}: {names[w]} win{'' if names[w] == 'You' else 's'}"
        if res.get("chongtong"):
            out.append((f"Chongtong: all four cards of a month in one hand, {res.get('points')} points.", P.WHITE))
        else:
            out.append((f"{names[w]} stopped with {res.get('points')} points:", P.WHITE))
            for name, p in res.get("lines", []):
                out.append((f"   {name:<28}{p:>4}", P.LIGHT_CYAN))
            g = st.go_counts[w]
            if g:
                out.append((f"   {'Go bonus (' + str(g) + ' Go)':<28}{g:>4}", P.LIGHT_CYAN))
        out.append(("", P.WHITE))
        out.append(("What each player pays:", P.WHITE))
        for p in res.get("payments", []):
            s = f"   {names[p.loser]}: {p.base} points" + (f" + {p.go_bonus} for Go" if p.go_bonus else "")
            out.append((s, P.WHITE))
            for n, f in p.doublings:
                out.append((f"      x{f} {n}{DOUBLING_WHY.get(n.split()[-1] if n.endswith('Go') else n, '')}",
                            P.LIGHT_MAGENTA))
            s = f"      = {p.total} chips"
            if p.payer != p.loser:
                s += f", all paid by {names[p.payer]} (go-bak: he said Go and lost)"
            out.append((s, P.YELLOW))
    out.append(("", P.WHITE))
    out.append(("Chips so far:  " + "   ".join(f"{names[s]} {st.chips[s]:+d}" for s in range(st.n)), P.YELLOW))
    return title, out


class GoStopScoring(Scene):
    """The hand's scoring screen: the winner's combinations line by line, the Go
    bonus, each doubling with its name, the chips of each loser, the totals."""
    title = "Go-Stop score"

    def __init__(self, app, table: GoStopTable, on_done):
        super().__init__(app)
        self.table = table
        self.on_done = on_done
        self.heading, self.lines = scoring_lines(table.state, table.names)

    def done(self):
        self.app.pop(self)
        self.on_done()

    def bindings(self):
        return [Binding((pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE), "Deal the next hand", self.done),
                Binding((pygame.K_F8,), "Save and leave", self.leave),
                Binding((pygame.K_ESCAPE,), "Leave the game (saved)", self.ask_leave)]

    def leave(self):
        self.app.pop(self)
        self.table.leave()

    def ask_leave(self):
        self.app.push(Question(self.app, "Leave the game? (the game is saved)", self.leave, title="Leave"))

    def help_lines(self):
        return HELP

    def save_state(self):
        self.table.save()

    def draw(self, canvas):
        canvas.fill(P.PALETTE[self.app.options["colour.table"]])
        h = min(27, len(self.lines) + 4)
        ui.box(canvas, 3, 1, 74, h, P.WHITE, P.BLUE, title=self.heading)
        for i, (line, colour) in enumerate(self.lines[:h - 4]):
            ui.text(canvas, 5, 3 + i, line[:70], colour, P.BLUE)
        w = (self.table.state.result or {}).get("winner")
        top = (h + 2) * 16 + 20
        if w is not None and top + 64 <= 464:
            ui.text_px(canvas, 24, top, f"{self.table.names[w]}: captures", P.WHITE)
            groups, counts, _bd = capture_groups(self.table.state.captures[w])
            x = 24
            for g in ("brights", "animals", "ribbons", "junk"):
                cs = groups[g]
                if not cs:
                    continue
                step = 14 if len(cs) < 12 else 8
                for i, c in enumerate(cs):
                    canvas.blit(art.face(c, self.app.options["colour.face"]), (x + i * step, top + 18))
                x += CARD_W + (len(cs) - 1) * step + 12
        ui.key_bar(canvas, [("Enter", "Next hand"), ("F8", "Save and leave"), ("F1", "Keys")])


# ---------------------------------------------------------------- set-up
class GoStopSetup(Scene):
    """A short set-up: players, the computers' levels, their pace. Enter deals."""
    title = "Go-Stop set-up"

    def __init__(self, app, seed=None):
        super().__init__(app)
        self.seed = seed
        self.row = 0

    def items(self):
        o = self.app.options
        its = [("gostop.players", "Players", (2, 3), {2: "2: you and a computer", 3: "3: you and two computers"})]
        its.append(("gostop.level1", "Computer 1" if o["gostop.players"] == 3 else "Computer", LEVELS, None))
        if o["gostop.players"] == 3:
            its.append(("gostop.level2", "Computer 2", LEVELS, None))
        its.append(("gostop.speed", "Computer turns", SPEEDS, None))
        return its

    def change(self, d):
        key, _label, values, _names = self.items()[self.row]
        vals = list(values)
        cur = self.app.options[key]
        self.app.options[key] = vals[(vals.index(cur) + d) % len(vals)]
        self.row = min(self.row, len(self.items()) - 1)

    def move(self, d):
        self.row = (self.row + d) % len(self.items())

    def start(self):
        self.app.save_options()
        o = self.app.options
        n = o["gostop.players"]
        opts = rule_options(o, n)
        seed = fresh_deal_no() if self.seed is None else self.seed   # a random game has a number too
        st = GoStopState.new(opts, seed)
        levels = [o["gostop.level1"], o["gostop.level2"]][:n - 1]
        self.app.storage.remove(SAVE_NAME)
        table = GoStopTable(self.app, st, levels, o["gostop.speed"], seed=seed)
        self.app.replace(table)
        table.save()

    def bindings(self):
        return [Binding((pygame.K_UP,), "Previous line", lambda: self.move(-1)),
                Binding((pygame.K_DOWN,), "Next line", lambda: self.move(1)),
                Binding((pygame.K_LEFT,), "Change", lambda: self.change(-1)),
                Binding((pygame.K_RIGHT, pygame.K_SPACE), "Change", lambda: self.change(1)),
                Binding((pygame.K_RETURN, pygame.K_KP_ENTER), "Deal", self.start),
                Binding((pygame.K_ESCAPE,), "Back to the menu", lambda: self.app.pop(self))]

    def help_lines(self):
        return HELP

    def draw(self, canvas):
        o = self.app.options
        canvas.fill(P.PALETTE[o["colour.table"]])
        ui.box(canvas, 14, 4, 52, 15, P.WHITE, P.BLUE, title="Go-Stop")
        for i, (key, label, values, names) in enumerate(self.items()):
            sel = i == self.row
            fg, bg = (P.BLACK, P.CYAN) if sel else (P.WHITE, P.BLUE)
            ui.fill(canvas, 15, 6 + i * 2, 50, 1, bg)
            v = o[key]
            vt = names[v] if names else str(v).capitalize()
            ui.text(canvas, 17, 6 + i * 2, f"{label:<16}", fg, bg)
            ui.text(canvas, 34, 6 + i * 2, f"\x11 {vt} \x10", P.YELLOW if not sel else P.RED, bg)
        n = o["gostop.players"]
        ui.center(canvas, 15, f"Target {o['gostop.target2'] if n == 2 else o['gostop.target3']} points;"
                  " more rules in the Options.", P.LIGHT_CYAN, P.BLUE, 14, 52)
        ui.center(canvas, 16, "Enter deals the cards.", P.YELLOW, P.BLUE, 14, 52)
        # a few cards, to say what the game looks like
        from .cards import parse_cards
        for i, c in enumerate(parse_cards("1B 2A 3R 6R 9A 11D 12B +2")):
            canvas.blit(art.face(c, o["colour.face"]), (176 + i * 36, 320))
        ui.key_bar(canvas, [("\x18\x19", "Line"), ("\x1b\x1a", "Change"), ("Enter", "Deal"),
                            ("F2", "Rules"), ("Esc", "Back")])


HELP = [
    "GO-STOP with Hwatu cards: 12 months of 4 cards; the corner number is the month.",
    "",
    "Your turn: choose a hand card with \x1b\x1a and play it with Enter. It takes a table",
    "card of the same month (framed); if two lie there you choose one. Then the top",
    "card of the stock is turned up and plays the same way. Cards taken go to your",
    "capture area: brights, animals, ribbons and junk.",
    "",
    "POINTS: 3 brights 3 (2 with the rain man), 4 brights 4, 5 brights 15. 5 animals",
    "1, +1 each more; the 3 birds (2, 4, 8) godori 5. 5 ribbons 1, +1 each more; each",
    "set of 3 (red poems 1 2 3, blue 6 9 10, grass 4 5 7) 3. 10 junk 1, +1 each more",
    "(x2 cards count 2, bonus cards their value). The sake cup (9) counts as an",
    "animal or a double junk, whichever is better.",
    "",
    "GO OR STOP: reach the target (7 with 2 players, 3 with 3) and choose: Stop (G/S)",
    "and be paid your points by each player, or Go: +1 point and play on. From the",
    "3rd Go the payment doubles each Go. Lose after a Go and you pay for all (go-bak).",
    "",
    "DOUBLINGS: shaking or a bomb by the winner; gwang-bak (winner scored brights,",
    "the loser has none); pi-bak (winner scored junk, the loser has 1 to 7 junk, 1 to",
    "5 with 3 players); meong-tta (7+ animals); nagari (no one stopped last hand).",
    "",
    "EVENTS: ppuk (your hand and stock card of one month land on a third: a stack),",
    "jjok (the stock card pairs your own card), ttadak (hand and stock take a pair),",
    "sseul (you empty the table), taking a stack: each takes junk from every opponent.",
    "Shaking: show three of a month when you play one (Y/N). Bomb: three in hand and",
    "the fourth on the table: play all three (Y/N), then two turns with no hand card.",
    "",
    "KEYS: F3 log, F4 chips, F8 save and leave, F9 show the computers' hands,",
    "Enter or Space during a computer's turn shows its end at once.",
]


# ---------------------------------------------------------------- menu hooks
def start(app, seed=None):
    return GoStopSetup(app, seed=seed)


def _validate_save(data):
    if not isinstance(data, dict):
        raise ValueError("not a Go-Stop game")
    st = GoStopState.from_json(data["state"])
    levels = data.get("levels") or ["normal"] * (st.n - 1)
    if len(levels) != st.n - 1 or any(l not in LEVELS for l in levels):
        raise ValueError("bad computer levels")
    speed = data.get("speed", "normal")
    if speed not in SPEEDS:
        raise ValueError("bad speed")
    rngs = [rng_from_json(r) if r is not None else None for r in data.get("ai_rngs") or []]
    history = [str(x) for x in data.get("history") or []]
    log = [str(x) for x in data.get("log") or []]
    wait, stats_hand = data.get("wait", 0), data.get("stats_hand")
    if not isinstance(wait, int) or isinstance(wait, bool) or not 0 <= wait <= 3600 * 120:
        raise ValueError("bad wait")
    if stats_hand is not None and (not isinstance(stats_hand, int) or isinstance(stats_hand, bool)):
        raise ValueError("bad statistics mark")
    return st, levels, speed, rngs, history, log, wait, stats_hand


def resume(app):
    """The saved game's table, or None (see games.resume_safely)."""
    from game.games import resume_safely
    return resume_safely(app, SAVE_NAME, _resume)


def _resume(app):
    loaded = app.storage.read_json(SAVE_NAME, SAVE_KIND, SAVE_SCHEMA, _validate_save)
    if loaded is None:
        return None
    st, levels, speed, rngs, history, log, wait, stats_hand = loaded
    t = GoStopTable(app, st, levels, speed, ai_rngs=rngs)
    t.wait, t.stats_hand = wait, stats_hand
    t.history = history
    t.log = log + t.log
    t.notes = []
    t.note("The game is resumed where you left it.")
    return t
