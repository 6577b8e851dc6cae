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
- F3 box scores, F4 game score, F5 the Pile, F6 the Stock, F7 a new deal, F8 save
  and leave, F9 shows or hides the computer's hand. Every other key beeps.

The table keeps the player's own order of his cards (the engine's hand is a set);
everything else is the engine's state (game.gin.rules.GinGame).

    start(app, seed=None) -> the session options screen, then the table
    resume(app) -> the saved table, or None
"""
from __future__ import annotations

import time

import pygame

from game import card_art, palette as P, ui
from game.cards import Card
from game.clock import STEP_HZ
from game.deals import DEAL_LIMIT, fresh_deal_no
from game.engine import IllegalMove, rng_from_json, rng_state_to_json
from game.gin import melds as M
from game.gin import screens as SC
from game.gin import settings as S
from game.gin.rules import (DrawStock, Discard, GinGame, GoOut, LayDown, NextHand, Pass,
                            Redeal, TakeUpcard)
from game.gin.session import SessionScene, session_for
from game.keys import Binding
from game.scene import Scene
from game.scenes.overlays import Question

SAVE_NAME, SAVE_KIND, SAVE_SCHEMA = "gin.json", "gin-game", 1
HUMAN, CPU = 0, 1
CPU_NAME = "Computer"

# the computer's pace, in fixed steps: a pause before each of its moves
CPU_DRAW_STEPS = int(0.7 * STEP_HZ)
CPU_DISCARD_STEPS = int(0.9 * STEP_HZ)
CPU_LAYDOWN_STEPS = int(1.0 * STEP_HZ)

# layout, in pixels (canvas 640x480, cells 8x16)
CW, CH = card_art.card_size("normal")
CPU_X0, CPU_Y, CPU_DX = 16, 48, 42
STOCK_X, PILE_X, MID_Y = 184, 264, 148
PICK_Y = MID_Y + CH + 8
HAND_X0, HAND_Y, HAND_DX = 44, 292, 50
ARROW_ROW = 17          # the arrow row above the hand (cells)
LABEL_ROW = 22          # rank and suit under each card of the hand
STATUS_ROW = 23
NOTE_ROWS = (25, 26, 27)
GROUP_DX, GROUP_GAP = 44, 16
SUIT_PIP = pygame.Rect(3, 13, 7, 7)   # the suit under the rank in the top left index

PLUS_KEYS = ("+", pygame.K_KP_PLUS, pygame.K_INSERT, pygame.K_PLUS)
MINUS_KEYS = ("-", pygame.K_KP_MINUS, pygame.K_DELETE, pygame.K_MINUS)
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
FKEYS = tuple(range(pygame.K_F1, pygame.K_F12 + 1))


def sort_for_hand(cards) -> list:
    """The order of a fresh hand: by suit, then rank (runs sit together)."""
    return sorted(cards, key=lambda c: ("CDHS".index(c.suit), c.rank))


def draw_arrow(canvas, cx: int, top: int, colour: int) -> None:
    """A thick down arrow, 17 pixels high, its point at (cx, top + 16)."""
    rgb = P.PALETTE[colour]
    canvas.fill(rgb, (cx - 2, top, 5, 8))
    pygame.draw.polygon(canvas, rgb, [(cx - 7, top + 8), (cx + 7, top + 8), (cx, top + 15)])


class Arrangement:
    """A hand shown in groups: the player's marks over each card ("1", "2", "3",
    "P" for a lay-off, " " unplayable), in display order."""

    def __init__(self, kind: str, discard: Card | None, melds, layoffs, unmatched):
        self.kind = kind            # "out" (the player gins or knocks) or "defend"
        self.discard = discard
        self.cards: list[Card] = []
        self.marks: list[str] = []
        for k, m in enumerate(melds):
            for c in M.sort_meld(m):
                self.cards.append(c)
                self.marks.append(str(k + 1))
        for c in sorted(layoffs):
            self.cards.append(c)
            self.marks.append("P")
        for c in sort_for_hand(unmatched):
            self.cards.append(c)
            self.marks.append(" ")
        self.cursor = 0

    def groups(self) -> list[list[Card]]:
        out = []
        for g in "123":
            cards = [c for c, m in zip(self.cards, self.marks) if m == g]
            if cards:
                out.append(cards)
        return out

    def layoffs(self) -> list[Card]:
        return [c for c, m in zip(self.cards, self.marks) if m == "P"]

    def unmatched(self) -> list[Card]:
        return [c for c, m in zip(self.cards, self.marks) if m == " "]


def group_positions(marks: list[str], x0: int, dx: int = GROUP_DX, gap: int = GROUP_GAP) -> list[int]:
    """x of each card: cards of one mark side by side, a gap where the mark changes."""
    xs, x = [], x0
    for i, m in enumerate(marks):
        if i and m != marks[i - 1]:
            x += gap
        xs.append(x)
        x += dx
    return xs


def cpu_display(game) -> tuple[list[Card], list[str]] | None:
    """The computer's cards with their marks once they are shown (it went out, or
    the hand is over); None while they are face down."""
    g = game
    if g.phase not in ("lay_down", "hand_over", "game_over"):
        return None
    if g.out_seat == CPU:
        a = Arrangement("show", None, g.out_melds, [], g.out_unmatched)
        return a.cards, a.marks
    if g.out_seat == HUMAN and g.phase != "lay_down":
        a = Arrangement("show", None, g.def_melds, [c for c, _ in g.def_layoffs], g.def_unmatched)
        return a.cards, a.marks
    if g.phase != "lay_down":     # a dead hand: the cards as they are
        cards = sort_for_hand(g.hands[CPU])
        return cards, [" "] * len(cards)
    return None


class GinTable(Scene):
    title = "Gin Rummy"

    def __init__(self, app, game: GinGame, name: str, level: str, ai_seed: int,
                 session: dict | None = None):
        super().__init__(app)
        from game.gin.ai import make_ai   # the computer player (its own module)
        self.game = game
        self.names = (name or "Player", CPU_NAME)
        self.level = level
        self.ai_seed = ai_seed
        self.ai = make_ai(level, ai_seed)
        self.session = dict(session or session_for(app))
        self.order: list[Card] = sort_for_hand(game.hands[HUMAN])
        self.picked: Card | None = None      # taken this turn, not yet put in the hand
        self.focus = "pickup"                # pickup / arrow / hand
        self.target = "stock"                # the pick-up arrow: stock / pile
        self.arrow = 0                       # insertion point in the arrow row
        self.sel = 0                         # the card whose suit flashes
        self.moving = False                  # the arrow row is moving the selected card
        self.mode = "play"                   # play / wait / confirm / mark / result
        self.arr: Arrangement | None = None  # the hand in groups (going out, defending)
        self.show_cpu = False
        self.flash = False                   # the play arrow flashes until the first key
        self.note = ""
        self.cpu_note = ""
        self.cpu_wait = 0
        self.think_times: list[float] = []
        self._dw_cache: dict = {}
        self._sync()

    # ---- helpers -----------------------------------------------------------------
    @property
    def my_turn(self) -> bool:
        return self.game.turn == HUMAN and self.game.phase in ("offer", "draw", "discard")

    def refuse(self, reason: str = ""):
        """A refused key: the note says why; returning False makes the App beep."""
        if reason:
            self.note = reason
        return False

    def _sync_order(self):
        hand = self.game.hands[HUMAN]
        keep = [c for c in self.order if c in hand and c != self.picked]
        new = [c for c in sort_for_hand(hand) if c not in keep and c != self.picked]
        self.order = keep + new
        self.sel = min(self.sel, max(0, len(self.order) - 1))

    def _sync(self):
        """Put the table's mode in step with the engine's phase."""
        g = self.game
        self._sync_order()
        if g.phase in ("hand_over", "game_over"):
            self.mode, self.arr, self.picked = "result", None, None
            self.show_cpu = False
        elif g.phase == "lay_down":
            if g.turn == HUMAN:
                self._propose_defense()
            else:
                self.mode = "wait"
                self.cpu_wait = CPU_LAYDOWN_STEPS
        else:
            if self.mode != "play":
                self.mode = "play"
            self.arr = None
            if g.turn == HUMAN and g.phase in ("offer", "draw"):
                self._begin_turn()
            elif g.turn == CPU:
                self.cpu_wait = CPU_DRAW_STEPS if g.phase != "discard" else CPU_DISCARD_STEPS

    def _begin_turn(self):
        g = self.game
        if self.picked is not None:
            self.picked = None
            self._sync_order()   # a card still held goes back into the shown hand
        self.moving = False
        self.focus = "pickup"
        self.target = "pile" if (g.phase == "offer" or g.stock_end) else "stock"
        self.flash = True
        if g.phase == "offer":
            self.note = "Take the upcard with + (or Ins), or pass it with - (or Del)."
        elif g.stock_end:
            self.note = "Two cards left in the Stock: take the upcard (+) only to go out, or pass (-)."
        elif g.must_draw_stock:
            self.note = "Both passed the upcard: take the top card of the Stock with +."
        else:
            self.note = "Your turn: \x1b\x1a Stock or upcard, + takes the card."

    def _pickup_choice(self) -> bool:
        g = self.game
        return g.phase == "draw" and not g.must_draw_stock and not g.stock_end

    def _deadwood_text(self) -> str:
        hand = tuple(sorted(self.game.hands[HUMAN]))
        got = self._dw_cache.get(hand)
        if got is None:
            if len(hand) == 11:
                best = min(M.min_deadwood([c for c in hand if c != d]) for d in hand)
                got = f"{best} after the best discard"
            else:
                got = str(M.min_deadwood(hand))
            if len(self._dw_cache) > 64:
                self._dw_cache.clear()
            self._dw_cache[hand] = got
        return got

    # ---- applying moves ------------------------------------------------------------
    def _apply(self, move) -> list | None:
        """Apply a move; None (with the reason in the notes) if the engine refused it."""
        try:
            events = self.game.apply(move)
        except IllegalMove as e:
            self.note = str(e)[:1].upper() + str(e)[1:] + "."
            return None
        self._narrate(events)
        self._sync()
        self._autosave(events)
        return events

    def _narrate(self, events):
        n = self.names
        for ev in events:
            k = ev["kind"]
            who = ev.get("seat")
            card = ev.get("card")
            ctext = SC.card_text(Card.parse(card)) if card else ""
            if who == CPU:
                line = {
                    "take_upcard": f"The computer took the upcard {ctext}.",
                    "draw_stock": "The computer took the top card of the Stock.",
                    "pass": f"The computer passed the upcard {ctext}.",
                    "discard": f"The computer discarded {ctext}.",
                    "knock": f"The computer knocks with {ev.get('deadwood')}!",
                    "gin": "GIN! The computer goes gin.",
                    "lay_down": "The computer laid down its groups"
                                + (f" and laid off {len(ev['layoffs'])}." if ev.get("layoffs") else "."),
                }.get(k)
                if line:
                    self.cpu_note = line
            if k in ("take_upcard", "draw_stock", "discard"):
                self.app.sound("card")
            elif k in ("gin", "knock"):
                self.app.sound("call")
            elif k == "deal":
                self.app.sound("shuffle")
                self.cpu_note = f"Hand {ev['hand_no']}: {n[ev['dealer']]} dealt."
            elif k == "dead_hand":
                self.cpu_note = "Two cards left in the Stock: the hand is dead."
            elif k == "game_won":
                self.app.sound("win" if ev["winner"] == HUMAN else "lose")

    def _autosave(self, events):
        """After every hand (and every deal) the game is saved: a crash loses at most one hand."""
        kinds = {ev["kind"] for ev in events}
        if kinds & {"hand_scored", "dead_hand", "deal"}:
            self._record_stats(events)
            self.save()

    def _record_stats(self, events):
        """Hands and games played and won, gins, knocks, underknocks, blitzes, bests."""
        g = self.game
        counts: dict[str, int] = {}
        best = {}
        for ev in events:
            k = ev["kind"]
            if k == "hand_scored":
                won = ev["winner"] == HUMAN
                counts.update(hands_played=1, hands_won=int(won),
                              gins=int(won and ev["how"] == "gin"),
                              knocks=int(g.out_seat == HUMAN and g.out_kind == "knock"),
                              underknocks=int(won and ev["how"] == "underknock"))
                if won:
                    best["best_hand"] = ev["points"]
            elif k == "dead_hand":
                counts["hands_played"] = 1
            elif k == "game_won":
                won = ev["winner"] == HUMAN
                counts["games_played"] = counts.get("games_played", 0) + 1
                counts["games_won"] = counts.get("games_won", 0) + int(won)
                counts["blitzes"] = counts.get("blitzes", 0) + int(won and ev["blitz"])
                if won:
                    best["best_score"] = max(best.get("best_score", 0), ev["totals"][HUMAN])
        if not counts:
            return
        try:
            self.app.stats.record("gin", **counts)
            for name, value in best.items():
                self.app.stats.best("gin", name, value)
        except Exception:   # statistics must never stop a game
            import traceback
            traceback.print_exc()

    def check_invariants(self):
        """Every card somewhere exactly once (through the engine's JSON check), the
        shown hand order the human's hand; raises AssertionError or ValueError."""
        g = self.game
        GinGame.from_json(g.to_json())
        hand = g.hands[HUMAN]
        assert len(set(self.order)) == len(self.order)
        assert all(c in hand for c in self.order), "a card shown in the hand is not in it"
        assert self.picked is None or (self.picked in hand and self.picked not in self.order)
        if g.phase not in ("lay_down",) and self.mode in ("play", "wait", "result"):
            assert set(self.order) | ({self.picked} if self.picked else set()) == set(hand), \
                f"the shown hand differs from the hand: {self.mode} {g.phase} {self.focus} " \
                f"{self.picked} {sorted(map(str, self.order))} {sorted(map(str, hand))}"
        assert self.mode in ("play", "wait", "confirm", "mark", "result")

    # ---- the computer's turns (paced on the fixed clock) ---------------------------
    def update(self, dt):
        g = self.game
        if self.mode not in ("play", "wait") or g.turn != CPU:
            return
        if g.phase not in ("offer", "draw", "discard", "lay_down"):
            return
        self.cpu_wait -= 1
        if self.cpu_wait > 0:
            return
        self._cpu_move()

    def _cpu_move(self):
        g = self.game
        view = g.view(CPU)
        t0 = time.perf_counter()
        move = self.ai.choose(view)
        self.think_times.append(time.perf_counter() - t0)
        if move is None:
            return
        try:
            events = g.apply(move)
        except IllegalMove as e:   # should not happen: fall back on a legal move
            self.cpu_note = f"(computer move refused: {e})"
            legal = g.legal_moves(CPU)
            if not legal:
                return
            events = g.apply(legal[-1] if g.phase == "discard" else legal[0])
        self._narrate(events)
        if g.phase == "discard" and g.turn == CPU:
            self.cpu_wait = CPU_DISCARD_STEPS
        self._sync()
        self._autosave(events)

    # ---- the player's keys ---------------------------------------------------------
    def handle(self, event):
        if self.my_turn and self.mode == "play":
            self.flash = False
        if self.mode == "result" and event.key not in FKEYS:
            self.go_on()
            return True
        return super().handle(event)

    def bindings(self):
        b: list[Binding] = []
        m = self.mode
        if m == "play" and self.my_turn:
            b += self._play_bindings()
        elif m in ("confirm", "mark"):
            b += self._arrange_bindings()
        elif m == "result":
            b.append(Binding((pygame.K_RETURN,), "Any key: go on", self.go_on))
        b += [Binding((pygame.K_F3,), "Box scores of the hands played", self.show_boxes),
              Binding((pygame.K_F4,), "The game score", self.show_score),
              Binding((pygame.K_F5,), "The cards in the Pile", self.show_pile),
              Binding((pygame.K_F6,), "The cards left in the Stock", self.show_stock)]
        if m == "play":
            b.append(Binding((pygame.K_F7,), "A new deal", self.ask_redeal))
        b.append(Binding((pygame.K_F8,), "Save the game and leave", self.save_and_leave))
        if m != "result":
            b.append(Binding((pygame.K_F9,), "Show/hide the computer's hand", self.toggle_cpu))
        if m in ("play", "wait"):
            b.append(Binding((pygame.K_ESCAPE,), "Leave the game (it is saved)", self.ask_leave))
        return b

    def _play_bindings(self):
        f = self.focus
        g = self.game
        b = []
        if f == "pickup":
            b += [Binding((pygame.K_LEFT, pygame.K_RIGHT), "Stock or upcard", self.switch_target),
                  Binding(PLUS_KEYS, "Take the card", self.take),
                  Binding(("=",), "Take the card", self.take, show=False),
                  Binding((pygame.K_DOWN,), "Down to your hand", self.to_hand)]
            if g.phase == "offer" or g.stock_end:
                b.append(Binding(MINUS_KEYS, "Pass the upcard", self.pass_upcard))
        elif f == "arrow":
            b += [Binding((pygame.K_LEFT,), "Arrow left", lambda: self.move_arrow(-1)),
                  Binding((pygame.K_RIGHT,), "Arrow right", lambda: self.move_arrow(1)),
                  Binding(ENTER_KEYS, "Insert the card where the arrow points", self.insert)]
            if self.moving:
                b += [Binding((pygame.K_DOWN,), "Back to your hand", self.arrow_down),
                      Binding((pygame.K_UP,), "Up to the Stock/Pile", self.arrow_up)]
        else:
            b += [Binding((pygame.K_LEFT,), "Previous card", lambda: self.move_sel(-1)),
                  Binding((pygame.K_RIGHT,), "Next card", lambda: self.move_sel(1)),
                  Binding((pygame.K_UP,), "Up: move this card (sort)", self.hand_up),
                  Binding(MINUS_KEYS, "Discard the flashing card", self.discard),
                  Binding((pygame.K_F10,), "Gin or Knock with the flashing card", self.go_out)]
        return b

    def _arrange_bindings(self):
        a = self.arr
        b = []
        if self.mode == "confirm":
            b += [Binding(("y",), "Yes, play the hand this way", self.confirm_yes),
                  Binding(("n",), "No: mark the groups yourself", self.confirm_no)]
            if a.kind == "out":
                b.append(Binding((pygame.K_ESCAPE,), "Back to play (no gin or knock)", self.cancel_out))
        else:
            b += [Binding((pygame.K_LEFT,), "Previous card", lambda: self.move_cursor(-1)),
                  Binding((pygame.K_RIGHT,), "Next card", lambda: self.move_cursor(1)),
                  Binding(("1",), "Mark group 1", lambda: self.mark("1")),
                  Binding(("2",), "Mark group 2", lambda: self.mark("2")),
                  Binding(("3",), "Mark group 3", lambda: self.mark("3")),
                  Binding((pygame.K_SPACE, " "), "Unplayable (blank)", lambda: self.mark(" ")),
                  Binding((pygame.K_F10,), "Done marking", self.finish_marking)]
            if a.kind == "defend":
                b.append(Binding(("p",), "Playable on the computer's groups", lambda: self.mark("P")))
                b.append(Binding((pygame.K_ESCAPE,), "Back to the computer's proposal",
                                 self._propose_defense))
            else:
                b.append(Binding((pygame.K_ESCAPE,), "Back to play (no gin or knock)", self.cancel_out))
        return b

    # pick-up row
    def switch_target(self):
        if not self._pickup_choice():
            if self.game.phase == "offer":
                return self.refuse("No choice now: the first upcard is offered. + takes it, - passes.")
            if self.game.must_draw_stock:
                return self.refuse("No choice now: both passed the upcard, take from the Stock.")
            return self.refuse("No choice now: take the upcard only to go out, or pass (-).")
        self.target = "pile" if self.target == "stock" else "stock"

    def take(self):
        g = self.game
        if g.phase == "offer" or self.target == "pile":
            events = self._apply(TakeUpcard(HUMAN))
        else:
            events = self._apply(DrawStock(HUMAN))
        if events is None:
            return False
        card = Card.parse(events[0]["card"])
        self.picked = card
        self._sync_order()
        self.focus = "arrow"
        self.moving = False
        self.arrow = len(self.order)
        src = "the upcard" if events[0]["kind"] == "take_upcard" else "from the Stock"
        self.note = (f"You took {src}: {SC.card_text(card)}. \x1b\x1a move the arrow, "
                     "Enter puts the card in your hand.")

    def pass_upcard(self):
        if self._apply(Pass(HUMAN)) is None:
            return False
        if self.game.phase in ("offer", "draw", "discard"):
            self.note = "You passed the upcard."

    def to_hand(self):
        self.focus = "hand"
        if self.game.phase in ("offer", "draw"):
            self.note = "Sort your cards (\x18 on a card moves it), or \x18 back to the Stock/Pile."

    # arrow row
    def move_arrow(self, d):
        n = len(self.order)
        a = self.arrow + d
        if not 0 <= a <= n:
            return False
        self.arrow = a

    def insert(self):
        if self.picked is not None:
            c = self.picked
            self.order.insert(self.arrow, c)
            self.picked = None
            self.sel = self.arrow
            self.focus = "hand"
            self.note = "Move the flashing card with \x1b\x1a and discard it with - (F10: gin or knock)."
            return
        if not self.moving:
            return False
        c = self.order.pop(self.sel)
        at = self.arrow if self.arrow <= self.sel else self.arrow - 1
        self.order.insert(at, c)
        self.sel = at
        self.moving = False
        self.focus = "hand"

    def arrow_down(self):
        self.moving = False
        self.focus = "hand"

    def arrow_up(self):
        if self.game.phase not in ("offer", "draw"):
            return self.refuse("You have picked up already.")
        self.moving = False
        self.focus = "pickup"

    # hand
    def move_sel(self, d):
        s = self.sel + d
        if not 0 <= s < len(self.order):
            return False
        self.sel = s

    def hand_up(self):
        if not self.order:
            return False
        self.focus = "arrow"
        self.moving = True
        self.arrow = self.sel
        self.note = "Move the arrow with \x1b\x1a, Enter moves the flashing card there."

    def discard(self):
        g = self.game
        if g.phase != "discard":
            return self.refuse("Pick up first: \x18 to the Stock/Pile and +.")
        card = self.order[self.sel]
        if self._apply(Discard(HUMAN, card)) is None:
            return False
        self.note = f"You discarded {SC.card_text(card)}."

    def go_out(self):
        g = self.game
        if g.phase != "discard":
            return self.refuse("Pick up first: you gin or knock after taking a card.")
        card = self.order[self.sel]
        try:
            melds, un = g.check_go_out(HUMAN, card)
        except IllegalMove as e:
            return self.refuse(str(e)[:1].upper() + str(e)[1:] + ".")
        self.arr = Arrangement("out", card, melds, [], un)
        self.mode = "confirm"
        self.note = self._arr_summary()

    # arranging (going out, defending)
    def _arr_summary(self) -> str:
        a = self.arr
        dw = M.deadwood_value(a.unmatched())
        if a.kind == "out":
            what = "Gin!" if not a.unmatched() else f"You knock with {dw}."
            return f"{what} Discard {SC.card_text(a.discard)} face down."
        lo = len(a.layoffs())
        return (f"Your unplayable points: {dw}" + (f" ({lo} laid off on the computer's groups)." if lo else "."))

    def _propose_defense(self):
        g = self.game
        melds, layoffs, un = g.proposed_defense(HUMAN)
        self.arr = Arrangement("defend", None, melds, layoffs, un)
        self.mode = "confirm"
        self.picked = None
        kind = "goes gin" if g.out_kind == "gin" else "knocks"
        self.note = f"The computer {kind}. " + self._arr_summary()

    def confirm_yes(self):
        a = self.arr
        melds = tuple(tuple(m) for m in a.groups())
        if a.kind == "out":
            events = self._apply(GoOut(HUMAN, a.discard, melds))
            if events is None:
                self.mode = "mark"
                return False
            self.order = [c for c in self.order if c != a.discard]
            self.note = "GIN!" if events[0]["kind"] == "gin" else f"You knock with {events[0]['deadwood']}."
        else:
            if self._apply(LayDown(HUMAN, melds, tuple(a.layoffs()))) is None:
                self.mode = "mark"
                return False

    def confirm_no(self):
        self.mode = "mark"
        self.arr.cursor = 0
        extra = ", P on the computer's groups" if self.arr.kind == "defend" and self.game.out_kind == "knock" else ""
        self.note = f"Mark each card 1, 2, 3 or space{extra}; F10 when done."

    def cancel_out(self):
        self.arr = None
        self.mode = "play"
        self.focus = "hand"
        self.note = "Back to play: no gin, no knock."

    def move_cursor(self, d):
        c = self.arr.cursor + d
        if not 0 <= c < len(self.arr.cards):
            return False
        self.arr.cursor = c

    def mark(self, m):
        a = self.arr
        if m == "P" and self.game.out_kind != "knock":
            return self.refuse("No lay-offs after gin.")
        a.marks[a.cursor] = m
        if a.cursor < len(a.cards) - 1:
            a.cursor += 1

    def finish_marking(self):
        a = self.arr
        g = self.game
        groups = a.groups()
        try:
            if a.kind == "out":
                melds, un = g.check_go_out(HUMAN, a.discard, groups)
                layoffs = []
            else:
                melds, plan, un = g.check_lay_down(HUMAN, groups, a.layoffs())
                layoffs = [c for c, _ in plan]
        except IllegalMove as e:
            return self.refuse(str(e)[:1].upper() + str(e)[1:] + ". Try again.")
        self.arr = Arrangement(a.kind, a.discard, melds, layoffs, un)
        self.mode = "confirm"
        self.note = self._arr_summary()

    # the hand is over
    def go_on(self):
        g = self.game
        if g.phase == "game_over":
            self.app.storage.remove(SAVE_NAME)
            self.app.push(SC.end_of_game(self.app, g, self.names, self._after_game))
        elif g.records and g.records[-1].how == "dead":
            self._next_hand()
        else:
            self.app.push(SC.game_score(self.app, g, self.names, on_done=self._next_hand, any_key=True))

    def _next_hand(self):
        if self.game.phase != "hand_over":
            return
        self.cpu_note = ""
        self.order = []
        self._apply(NextHand())
        self.order = sort_for_hand(self.game.hands[HUMAN])
        self.sel = 0

    def _after_game(self):
        self.app.push(Question(self.app, "Play another game?", self._new_game, self._leave_done,
                               title="Gin Rummy"))

    def _new_game(self):
        # the next game's deal number comes from this game's RNG: a whole session replays
        game = GinGame.new(seed=self.game.rng.randrange(DEAL_LIMIT),
                           options=S.gin_options(self.app.options, self.session))
        self.app.replace(GinTable(self.app, game, self.names[0], self.level,
                                  self.ai_seed + 1, self.session))

    def _leave_done(self):
        self.app.pop(self)

    # function keys
    def show_boxes(self):
        self.app.push(SC.box_scores(self.app, self.game, self.names))

    def show_score(self):
        self.app.push(SC.game_score(self.app, self.game, self.names))

    def show_pile(self):
        pile = self.game.pile
        n = f"{len(pile)} card{'s' if len(pile) != 1 else ''}"
        self.app.push(SC.CardsBox(self.app, "The Pile", pile, f"{n}, the first discard first",
                                  "\x18 the upcard" if pile else ""))

    def show_stock(self):
        stock = list(reversed(self.game.stock))
        self.app.push(SC.CardsBox(self.app, "The Stock", stock,
                                  f"{len(stock)} cards left, the next to be drawn first"))

    def toggle_cpu(self):
        self.show_cpu = not self.show_cpu
        self.note = "The computer's hand is shown (F9 hides it)." if self.show_cpu else "The computer's hand is hidden."

    def ask_redeal(self):
        self.app.push(Question(self.app, "Throw this hand in and deal again?", self._redeal,
                               title="New deal"))

    def _redeal(self):
        self.order = []
        self.picked = None
        if self._apply(Redeal(HUMAN)) is not None:
            self.order = sort_for_hand(self.game.hands[HUMAN])
            self.sel = 0
            self.cpu_note = "A new deal."

    def ask_leave(self):
        self.app.push(Question(self.app, "Leave the game? (the game is saved)", self.save_and_leave,
                               title="Leave Gin Rummy"))

    def save_and_leave(self):
        self.save()
        self.app.pop(self)

    def save_state(self):
        self.save()

    # ---- save --------------------------------------------------------------------
    def to_json(self) -> dict:
        rng = getattr(self.ai, "rng", None)
        return {"game": self.game.to_json(), "name": self.names[0], "level": self.level,
                "ai_seed": self.ai_seed, "session": dict(self.session),
                "order": [str(c) for c in self.order],
                "picked": None if self.picked is None else str(self.picked),
                "show_cpu": self.show_cpu,
                "ai_rng": rng_state_to_json(rng) if rng is not None else None}

    def save(self) -> bool:
        if self.game.phase == "game_over":
            self.app.storage.remove(SAVE_NAME)
            return True
        return self.app.storage.write_json(SAVE_NAME, SAVE_KIND, SAVE_SCHEMA, self.to_json())

    # ---- help --------------------------------------------------------------------
    def help_lines(self):
        return help_text(self.game)

    # ---- drawing -----------------------------------------------------------------
    def draw(self, canvas):
        o = self.app.options
        col = {"table": o["colour.table"], "text": o["colour.text"], "arrows": o["colour.arrows"],
               "notes": o["colour.notes"], "face": o["colour.face"], "back": o["colour.back"]}
        canvas.fill(P.PALETTE[col["table"]])
        self._draw_top(canvas, col)
        self._draw_cpu(canvas, col)
        self._draw_middle(canvas, col)
        self._draw_hand(canvas, col)
        self._draw_notes(canvas, col)
        ui.key_bar(canvas, self._key_bar())

    def _draw_top(self, canvas, col):
        g = self.game
        t, bg = col["text"], col["table"]
        deal = "" if g.deal_no is None else f"  Deal {g.deal_no}"
        ui.text(canvas, 1, 0, f"GIN!  Hand {g.hand_no}{deal}", t, bg)
        label = f"{CPU_NAME} ({self.level})"
        shown = cpu_display(g)
        if shown is not None:
            label += f": unplayable points {M.deadwood_value(c for c, m in zip(*shown) if m == ' ')}"
        ui.text(canvas, 2, 1, label, t, bg)
        # the options in force and the knock value, upper right
        lines = ["Oklahoma" if g.options.oklahoma else "Regular Gin",
                 "Hollywood" if g.options.hollywood else f"Game to {g.options.game_target}",
                 "Gin only!" if g.knock_value == 0 else f"Knock: {g.knock_value}"]
        if g.doubled:
            lines.append("Spade: double")
        elif g.options.hollywood:
            lines.append(f"Games to {g.options.game_target}")
        ui.box(canvas, 62, 0, 18, len(lines) + 2, t, bg, double=False, shadow=False)
        for i, s in enumerate(lines):
            fg = col["arrows"] if (i == 2 or s.startswith("Spade")) else t
            ui.text(canvas, 64, 1 + i, s, fg, bg)
        # the score
        top = len(lines) + 3
        if g.n_games == 1:
            gs = g.games[0]
            rows = [f"{self.names[0][:9]:<9}{gs.total(0):>6}", f"{CPU_NAME:<9}{gs.total(1):>6}",
                    f"Boxes  {gs.boxes[0]:>3} :{gs.boxes[1]:<3}"]
        else:
            rows = [f"   {self.names[0][:6]:>6} {'Comp':>5}"]
            for i, gs in enumerate(g.games):
                mark = "*" if gs.winner is not None else " "
                rows.append(f"G{i + 1}{mark}{gs.total(0):>6}{gs.total(1):>6}")
        ui.box(canvas, 62, top, 18, len(rows) + 2, t, bg, double=False, shadow=False, title="Score")
        for i, s in enumerate(rows):
            ui.text(canvas, 63, top + 1 + i, s, t, bg)
        who = "Next" if self.mode == "result" else "Dealer"
        ui.text(canvas, 63, top + len(rows) + 2, f"{who}: {self.names[g.dealer][:8]}", t, bg)

    def _draw_cpu(self, canvas, col):
        g = self.game
        shown = cpu_display(g)
        if shown is not None:
            cards, marks = shown
            xs = group_positions(marks, CPU_X0, CPU_DX, 12)
            self._draw_marks(canvas, marks, xs, 2, col, cursor=None)
            for c, x in zip(cards, xs):
                canvas.blit(card_art.face(c, "normal", col["face"]), (x, CPU_Y))
            return
        hand = g.hands[CPU]
        if self.show_cpu:
            for i, c in enumerate(sort_for_hand(hand)):
                canvas.blit(card_art.face(c, "normal", col["face"]), (CPU_X0 + i * CPU_DX, CPU_Y))
        else:
            back = card_art.back(0, "normal", col["back"])
            for i in range(len(hand)):
                canvas.blit(back, (CPU_X0 + i * CPU_DX, CPU_Y))

    def _draw_middle(self, canvas, col):
        g = self.game
        t, bg, ar = col["text"], col["table"], col["arrows"]
        ui.text_px(canvas, STOCK_X + 1, MID_Y - 36, "Stock", t, bg)
        left = f"{len(g.stock)} left"
        ui.text_px(canvas, STOCK_X + CW // 2 - len(left) * 4, MID_Y + CH + 4, left, t, bg)
        ui.text_px(canvas, PILE_X + 4, MID_Y - 36, "Pile", t, bg)
        back = card_art.back(0, "normal", col["back"])
        if g.stock:
            for k in range(min(3, (len(g.stock) + 9) // 10)):
                canvas.blit(back, (STOCK_X + 2 * k, MID_Y - 2 * k))
        else:
            canvas.blit(card_art.empty_slot("normal", t), (STOCK_X, MID_Y))
        if len(g.pile) > 1:
            canvas.blit(card_art.face(g.pile[-2], "normal", col["face"]), (PILE_X + 2, MID_Y + 2))
        if g.pile:
            canvas.blit(card_art.face(g.pile[-1], "normal", col["face"]), (PILE_X, MID_Y))
        else:
            canvas.blit(card_art.empty_slot("normal", t), (PILE_X, MID_Y))
        # a going-out discard lies face down on the pile
        down = None
        if self.arr is not None and self.arr.kind == "out":
            down = self.arr.discard
        elif g.phase == "lay_down":
            down = True
        if down is not None:
            canvas.blit(back, (PILE_X + 6, MID_Y + 6))
        # the card just taken waits below the upcard
        if self.picked is not None:
            canvas.blit(card_art.face(self.picked, "normal", col["face"]), (PILE_X, PICK_Y))
            ui.text_px(canvas, PILE_X + CW + 6, PICK_Y + 20, "\x1b taken", ar, bg)
        # the pick-up arrow, flashing until the first key of the turn
        if self.mode == "play" and self.my_turn and self.focus == "pickup":
            if not (self.flash and not self.app.blink):
                x = (STOCK_X if self.target == "stock" else PILE_X) + CW // 2
                draw_arrow(canvas, x, MID_Y - 19, ar)
        if self.mode == "result":
            self._draw_result(canvas, col)
        elif self.mode == "wait" or (self.mode == "play" and g.turn == CPU):
            ui.text_px(canvas, 352, MID_Y + 20, "The computer plays...", t, bg)

    def _draw_result(self, canvas, col):
        g = self.game
        r = g.records[-1] if g.records else None
        lines = []
        n = self.names
        if r is None:
            return
        if r.how == "dead":
            lines = ["The hand is dead:", "two cards left in the Stock.", "No score.",
                     f"{n[r.dealer]} deals again."]
        else:
            ko = r.out_seat
            de = 1 - ko
            kv = r.deadwood[ko]
            if r.how == "gin":
                lines.append(f"GIN! by {n[ko]}")
            else:
                lines.append(f"{n[ko]} knocked with {kv}")
            lines.append(f"{n[de]}: {r.deadwood[de]} unplayable")
            if r.how == "underknock":
                lines.append("UNDERKNOCK!")
            if r.doubled:
                lines.append("Oklahoma spade: doubled")
            lines.append(f"{n[r.winner]} scores {r.points}")
        lines.append("")
        lines.append("Press any key")
        w = max(len(s) for s in lines) + 4
        h = len(lines) + 2
        c0 = 40 - w // 2 - 4
        ui.box(canvas, c0, 7, w, h, P.WHITE, P.BLUE, title="Hand over")
        for i, s in enumerate(lines):
            fg = P.YELLOW if i == 0 or s.startswith(("UNDER", "Press")) else P.WHITE
            ui.center(canvas, 8 + i, s, fg, P.BLUE, c0, w)

    def _draw_marks(self, canvas, marks, xs, row, col, cursor):
        bg = col["table"]
        for i, (m, x) in enumerate(zip(marks, xs)):
            if i == cursor:
                s = m if m != " " else "\xfa"
                if self.app.blink:
                    ui.text_px(canvas, x + CW // 2 - 4, row * 16, s, bg, col["arrows"])
                else:
                    ui.text_px(canvas, x + CW // 2 - 4, row * 16, s, col["arrows"], bg)
            elif m != " ":
                ui.text_px(canvas, x + CW // 2 - 4, row * 16, m, col["arrows"], bg)

    def _draw_hand(self, canvas, col):
        g = self.game
        t, bg, ar = col["text"], col["table"], col["arrows"]
        if self.arr is not None and self.mode in ("confirm", "mark"):
            a = self.arr
            xs = group_positions(a.marks, HAND_X0 - 8)
            cursor = a.cursor if self.mode == "mark" else None
            self._draw_marks(canvas, a.marks, xs, ARROW_ROW, col, cursor)
            for i, (c, x) in enumerate(zip(a.cards, xs)):
                canvas.blit(card_art.face(c, "normal", col["face"]), (x, HAND_Y))
                if i == cursor:
                    card_art.draw_frame(canvas, (x, HAND_Y, CW, CH), ar)
            ui.text(canvas, 2, STATUS_ROW, f"{self.names[0]}: unplayable points "
                    f"{M.deadwood_value(a.unmatched())}", t, bg)
            return
        if self.mode == "result" or (self.mode == "wait" and g.out_seat == HUMAN):
            cards, marks = self._human_result()
            xs = group_positions(marks, HAND_X0 - 8)
            self._draw_marks(canvas, marks, xs, ARROW_ROW, col, None)
            for c, x in zip(cards, xs):
                canvas.blit(card_art.face(c, "normal", col["face"]), (x, HAND_Y))
            dw = M.deadwood_value(c for c, m in zip(cards, marks) if m == " ")
            ui.text(canvas, 2, STATUS_ROW, f"{self.names[0]}: unplayable points {dw}", t, bg)
            return
        flashing = self.my_turn and self.focus in ("hand", "arrow") and self.picked is None
        for i, c in enumerate(self.order):
            x = HAND_X0 + i * HAND_DX
            canvas.blit(card_art.face(c, "normal", col["face"]), (x, HAND_Y))
            label = SC.card_text(c)
            lx = x + CW // 2 - 8
            is_sel = flashing and i == self.sel
            if is_sel and not self.app.blink:
                # the suit symbol flashes: its off phase is the bare card face
                canvas.fill(P.PALETTE[col["face"]], SUIT_PIP.move(x, HAND_Y))
                label = label[:-1] + " "
            if is_sel:
                ui.text_px(canvas, lx - 4, LABEL_ROW * 16, " " + label + " ", bg, ar)
            else:
                ui.text_px(canvas, lx, LABEL_ROW * 16, label, t, bg)
        if self.my_turn and self.focus == "arrow":
            x = HAND_X0 + self.arrow * HAND_DX - (HAND_DX - CW) // 2
            draw_arrow(canvas, x, ARROW_ROW * 16 + 1, ar)
        ui.text(canvas, 2, STATUS_ROW, f"{self.names[0]}: unplayable points {self._deadwood_text()}", t, bg)

    def _human_result(self):
        g = self.game
        if g.out_seat == HUMAN:
            a = Arrangement("show", None, g.out_melds, [], g.out_unmatched)
        elif g.out_seat == CPU:
            a = Arrangement("show", None, g.def_melds, [c for c, _ in g.def_layoffs], g.def_unmatched)
        else:
            a = Arrangement("show", None, [], [], list(self.order))
            a.cards = list(self.order)
        return a.cards, a.marks

    def _draw_notes(self, canvas, col):
        nc, bg = col["notes"], col["table"]
        if self.cpu_note:
            ui.text(canvas, 2, NOTE_ROWS[0], self.cpu_note[:76], nc, bg)
        if self.note:
            for i, line in enumerate(ui.wrap(self.note, 76)[:2]):
                ui.text(canvas, 2, NOTE_ROWS[1] + i, line, nc, bg)
        if self.mode == "confirm":
            q = "Is that how you want your hand played?"
            ui.text(canvas, 2, 28, q, col["text"], bg)
            ui.text(canvas, 3 + len(q), 28, "(Y/N)", col["arrows"] if self.app.blink else col["text"], bg)

    def _key_bar(self):
        m = self.mode
        if m == "result":
            return [("Any key", "Go on"), ("F3", "Boxes"), ("F4", "Score"), ("F1", "Keys")]
        if m == "confirm":
            items = [("Y", "Yes"), ("N", "No, mark groups")]
            if self.arr.kind == "out":
                items.append(("Esc", "Back to play"))
            return items + [("F9", "Computer"), ("F1", "Keys")]
        if m == "mark":
            marks = "1 2 3 Space" + (" P" if self.arr.kind == "defend" and self.game.out_kind == "knock" else "")
            return [("\x1b\x1a", "Card"), (marks, "Mark"), ("F10", "Done"), ("Esc", "Back"), ("F1", "Keys")]
        if not self.my_turn:
            return [("F3", "Boxes"), ("F4", "Score"), ("F9", "Computer"), ("F8", "Exit"), ("F1", "Keys")]
        f = self.focus
        if f == "pickup":
            items = [("+/Ins", "Take")]
            if self.game.phase == "offer" or self.game.stock_end:
                items.append(("-/Del", "Pass"))
            if self._pickup_choice():
                items.append(("\x1b\x1a", "Stock/Pile"))
            items.append(("\x19", "Hand"))
        elif f == "arrow":
            items = [("\x1b\x1a", "Arrow"), ("Enter", "Insert")]
            if self.moving:
                items.append(("\x19", "Hand"))
        else:
            items = [("\x1b\x1a", "Card"), ("\x18", "Sort"), ("-/Del", "Discard"), ("F10", "Gin/Knock")]
        return items + [("F1", "Keys"), ("F2", "Help")]


def help_text(game=None) -> list[str]:
    kv = ""
    if game is not None:
        kv = " This hand: " + ("Gin only." if game.knock_value == 0 else f"knock with {game.knock_value}.")
    return [
        "Form groups: sets of 3 or 4 of a rank, runs of 3 or more in one suit (ace low). "
        "Take the upcard or the top of the Stock, then discard.",
        "Gin: every card in groups. Knock: unplayable points no more than the knock value."
        + kv,
        "After a knock the other player lays off on the knocker's groups; if he has as "
        "few points or fewer, he Underknocks and wins the bonus. A Box for each hand won; "
        "Game, Box and Blitz bonuses at the end.",
        "",
        "KEYS TO PLAY",
        "+ or Ins   take the card at the arrow (Stock or upcard)",
        "- or Del   discard the flashing card; pass the 1st upcard",
        "\x1b \x1a        move the arrow or the flashing card",
        "\x18 \x19        between Stock/Pile, arrow row and hand",
        "Enter      insert the card where the arrow points",
        "\x18 on a card, \x1b\x1a, Enter: move the card (sort your hand)",
        "F10        gin or knock with the flashing card;",
        "           done marking the groups",
        "Esc        back to play after a mistaken F10",
        "1 2 3 P    mark the groups (Space: unplayable,",
        "           P: playable on the computer's knock)",
        "Y N        answer the computer's questions",
        "",
        "FUNCTION KEYS",
        "F1 keys    F2 help     F3 box scores  F4 game score",
        "F5 Pile    F6 Stock    F7 new deal    F8 save, exit",
        "F9 show/hide the computer's hand      F10 gin/knock",
    ]


# --- entry points for the menu ---------------------------------------------------------
def new_table(app, session: dict, seed: int | None = None) -> GinTable:
    game_seed = fresh_deal_no() if seed is None else seed
    game = GinGame.new(seed=game_seed, options=S.gin_options(app.options, session))
    return GinTable(app, game, session["name"], app.options["gin.level"], game_seed + 1, session)


def start(app, seed: int | None = None) -> Scene:
    """The session options screen; Enter starts the table."""
    def on_start(session):
        app.replace(new_table(app, session, seed))

    return SessionScene(app, on_start)


def _validate_save(data) -> dict:
    if not isinstance(data, dict):
        raise ValueError("not a Gin table save")
    game = GinGame.from_json(data["game"])
    if game.phase == "game_over":
        raise ValueError("the saved game is over")
    name = data["name"]
    if not (isinstance(name, str) and 0 < len(name) <= S.NAME_MAX and name.isprintable()):
        raise ValueError("bad name")
    if data["level"] not in S.LEVELS:
        raise ValueError("bad level")
    seed = data["ai_seed"]
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError("bad seed")
    session = data["session"]
    if not isinstance(session, dict) or set(session) != {"oklahoma", "hollywood", "name"}:
        raise ValueError("bad session")
    order = [Card.parse(s) for s in data["order"]]
    picked = None if data["picked"] is None else Card.parse(data["picked"])
    hand = game.hands[HUMAN]
    if len(set(order)) != len(order) or any(c not in hand for c in order) or \
            (picked is not None and (picked not in hand or picked in order)):
        raise ValueError("the saved hand order does not match the hand")
    rng = None if data.get("ai_rng") is None else rng_from_json(data["ai_rng"])
    return {"game": game, "name": name, "level": data["level"], "ai_seed": seed,
            "session": session, "order": order, "picked": picked,
            "show_cpu": bool(data.get("show_cpu")), "ai_rng": rng}


def resume(app):
    """The saved game's table, or None (see games.resume_safely)."""
    from game.games import resume_safely
    return resume_safely(app, SAVE_NAME, _resume)


def _resume(app):
    """The saved game's table, or None (no save, or a bad one set aside and reported)."""
    d = app.storage.read_json(SAVE_NAME, SAVE_KIND, SAVE_SCHEMA, _validate_save)
    if d is None:
        return None
    t = GinTable(app, d["game"], d["name"], d["level"], d["ai_seed"], d["session"])
    if d["ai_rng"] is not None and hasattr(t.ai, "rng"):
        t.ai.rng = d["ai_rng"]
    t.order = d["order"]
    t.picked = d["picked"]
    t._sync_order()
    t.show_cpu = d["show_cpu"]
    if t.picked is not None and t.mode == "play":
        t.focus, t.arrow, t.flash = "arrow", len(t.order), False
    elif t.game.phase == "discard" and t.game.turn == HUMAN:
        t.focus, t.flash = "hand", False
    return t


__all__ = ["GinTable", "Arrangement", "start", "resume", "new_table", "SAVE_NAME", "HUMAN", "CPU"]
