"""The Nerts table drawn: the seats' panels, the Scoring Area, the notes line, the key
bar, the G'NERTS banner, and the card slides (an animation is drawn over the state that
has already changed: it never delays a move).

`TableDrawing(table)` reads the scene's controller (`table.ctl`: the round, the seats,
the notes) and its arrow-key cursor; `animate(events)` starts the slides of a step's
events; `draw(canvas)` draws a frame. A replay (game/nerts/replay_board.py) draws the
same table with `live` off (no key bar, never hidden under another scene; a game
without totals shows each round's score) and `show_hidden` on for F9: the face-down
cards of every Pile and Stack listed under the Stack.
"""
from __future__ import annotations

import pygame

from game import card_art, ui
from game import palette as P
from game.cards import card_text
from game.nerts import table_layout as L
from game.nerts.controller import FEED_LINES, SeatInfo
from game.nerts.moves import COLUMN, FOUND, PILE, WASTE
from game.nerts.round import Round
from game.nerts.table_keys import CURSOR_PLACES, key_lines

SLIDE_STEPS = 10          # a card slide (about 80 ms): drawn over the new state
# a human's keys box beside the table (key_lines: only the keys of a partner's share)
BOX_LABELS = {"pile": "Pile", "waste": "Waste", "flip": "Flip Stack", "columns": "Columns",
              "found": "Scoring Area", "vote": "Agree (stand.)", "cancel": "Cancel"}
BACK_STEPS = 30           # a card that lost a race going back (a quarter second)


class Slide:
    __slots__ = ("cards", "x0", "y0", "x1", "y1", "start", "steps")

    def __init__(self, cards, x0, y0, x1, y1, start, steps):
        self.cards, self.x0, self.y0, self.x1, self.y1 = cards, x0, y0, x1, y1
        self.start, self.steps = start, steps


class TableDrawing:
    def __init__(self, table):
        self.table = table
        self.app = table.app
        self.ctl = table.ctl
        self.boxes = L.seat_boxes(len(self.ctl.sides))     # a panel per layout
        self.slides: list[Slide] = []
        self.ticks = 0                    # the table's own steps (animations)
        self._bg = None
        self._bg_key = None
        self._banner_cache = {}
        self.live = True                  # False: a replay's table
        self.show_hidden = False          # list the face-down cards (a replay's F9)

    def box_of(self, seat: int):
        """The panel of a seat's layout (its team's, with partners)."""
        return self.boxes[self.ctl.game.options.side_of(seat)]

    def tick(self) -> None:
        self.ticks += 1
        if self.slides:
            self.slides = [sl for sl in self.slides if self.ticks - sl.start < sl.steps]

    def animate(self, events) -> None:
        """The slides of a step's events (the round has already changed)."""
        for e in events:
            if e.kind == "card_moved":
                self._slide_moved(e)
            elif e.kind == "column_refilled":
                self._slide_refill(e)
            elif e.kind == "refused":
                self._slide_back(e)

    def draw(self, canvas) -> None:
        if self.live and self.app.top is not self.table and self.ctl.phase != "done":
            self._draw_hidden(canvas)
            return
        canvas.blit(self._background(), (0, 0))
        if self.ctl.game.round is not None:
            rnd = self.ctl.game.round
            for side in range(len(self.ctl.sides)):
                self._draw_side(canvas, side, rnd)
            self._draw_foundations(canvas, rnd)
            self._draw_side_boxes(canvas)
            self._draw_slides(canvas)
            self._draw_status(canvas, rnd)
        if self.ctl.phase == "banner":
            self._draw_banner(canvas)
        if self.live:
            self.ctl.frame_drawn(self.app.frames)

    def _background(self):
        o = self.app.options
        key = (o["colour.table"], o["colour.text"], len(self.ctl.sides),
               tuple(s.colour for s in self.ctl.seats))
        if self._bg_key == key:
            return self._bg
        surf = pygame.Surface((640, 480))
        table = o["colour.table"]
        surf.fill(P.PALETTE[table])
        n = len(self.ctl.sides)
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
            slot = P.LIGHT_GREY if table != P.LIGHT_GREY else P.DARK_GREY
            surf.blit(card_art.empty_slot("small", slot), (x, y))
        # the panels: a thin frame in the seat's colour
        for side, box in enumerate(self.boxes):
            r = pygame.Rect(box.x + 1, box.y + 1, L.PANEL_W - 2, L.PANEL_H - 2)
            pygame.draw.rect(surf, P.PALETTE[self.ctl.side_colour(side)], r, 1)
        self._bg, self._bg_key = surf, key
        return surf

    def _draw_hidden(self, canvas) -> None:
        canvas.fill(P.PALETTE[self.app.options["colour.table"]])
        ui.fill(canvas, 0, 0, 80, 1, P.BLUE)
        # (a network game is not paused by a box over its table: it goes on)
        what = "paused: the table is hidden" if self.table.pauses else "the table is hidden, the game goes on"
        ui.text(canvas, 1, 0, f"NERTS  round {self.ctl.game.round_no}  -  {what}", P.WHITE, P.BLUE)

    def _draw_status(self, canvas, rnd: Round) -> None:
        o = self.app.options
        ui.fill(canvas, 0, 0, 80, 1, P.BLUE)
        deal = rnd.deal_no if rnd.deal_no is not None else "-"
        left = (f"NERTS  Round {self.ctl.game.round_no}  Deal {deal}"
                f"  To {self.ctl.game.options.target}  Standstill {rnd.rotations}/3")
        ui.text(canvas, 1, 0, left, P.WHITE, P.BLUE)
        if self.ctl.note_steps and self.ctl.notes:
            msg = self.ctl.notes[-1]
            room = 78 - len(left) - 2
            if len(msg) > room:
                # a long note takes the whole line for its short life
                ui.fill(canvas, 0, 0, 80, 1, P.BLUE)
                ui.text(canvas, 1, 0, msg[:78], o["colour.notes"], P.BLUE)
            else:
                ui.text(canvas, 79 - len(msg), 0, msg, o["colour.notes"], P.BLUE)

    def _draw_side(self, canvas, side: int, rnd: Round) -> None:
        """One layout's panel: its seat, or the two partners who share it."""
        o = self.app.options
        box = self.boxes[side]
        lay = rnd.layouts[side]
        seats = self.ctl.sides[side]
        s = seats[0]
        colour = self.ctl.side_colour(side)
        face_c, text_c = o["colour.face"], o["colour.text"]
        # name line
        x, y = box.x, box.y
        tag = f" {self.ctl.side_name(side)} "
        ui.text_px(canvas, x + 4, y + 2, tag, P.WHITE if colour not in (P.CYAN, P.LIGHT_GREY) else P.BLACK,
                   colour)
        self._draw_scores(canvas, side, rnd, x + 8 + 8 * len(tag), y + 2, len(tag) < 14)
        voter = next((h for h in seats if h.keys), None)
        if side in rnd.votes:
            right, rc = "agrees", o["colour.notes"]
        elif voter is not None and rnd.votes:
            # the others wait for this human to agree to a rotation
            right = f"{voter.keys['vote']}: agree?"
            rc = o["colour.arrows"] if self.app.blink else text_c
        else:
            right, rc = ("" if any(h.human for h in seats) or len(seats) > 1 else s.tag), text_c
        if right:
            # 10 pixels in: the right-hand panels' words stay off the screen's last column
            ui.text_px(canvas, x + L.PANEL_W - 10 - 8 * len(right), y + 2, right, rc)
        # key line: each human's key above the places it works; the other keys under the Stack
        ky = y + 17
        legend_x = box.stack()[0]
        for h in seats:
            if not h.keys:
                continue
            role = rnd.options.role_of(h.index)
            places = []
            if role != "stack":
                places += [("pile", box.pile()[0])] + [(f"col{i + 1}", box.column(i)[0]) for i in range(4)]
            if role != "pile":
                places += [("flip", box.stack()[0]), ("waste", box.waste()[0])]
            cur = CURSOR_PLACES[self.table.cursor] if self.table.arrow_seat == h.index else None
            for action, px in places:
                self._key_tag(canvas, h, action, px + L.CARD_W // 2, ky, centre=True, cursor=action == cur)
            if cur is not None and self.app.blink and cur in dict(places):
                cx = dict(places)[cur]
                ui.text_px(canvas, cx + L.CARD_W // 2 + 8, ky - 1, "\x19", o["colour.arrows"])
            ey = box.cards_y + L.CARD_H + 24
            for i, (action, label) in enumerate((("found", "Score"), ("vote", "Agree"),
                                                  ("cancel", "Cancel"))):
                w = self._key_tag(canvas, h, action, legend_x, ey + 17 * i)
                ui.text_px(canvas, legend_x + w + 4, ey + 17 * i - 1, label, text_c)
            legend_x -= 76          # a second human partner's legend to the left
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
        if self.show_hidden:
            self._draw_face_down(canvas, box, lay)
        # the half-typed move: a frame round the chosen source
        for h in seats:
            if h.selected is not None:
                r = self._source_rect(side, h.selected, lay)
                if r is not None:
                    card_art.draw_frame(canvas, r, o["colour.arrows"] if self.app.blink else P.WHITE)

    def _draw_face_down(self, canvas, box, lay) -> None:
        """Under the Stack: the Pile's cards under its top, then the Stack's, each in
        the order they come up (a replay's F9: these are never shown at the table)."""
        o = self.app.options
        x, y = box.stack()[0], box.cards_y + L.CARD_H + 20
        for label, cards in (("Under Pile", lay.pile[-2::-1]), ("In Stack", lay.stack[::-1])):
            ui.text_px(canvas, x, y, f"{label} {len(cards)}", o["colour.notes"])
            shown = [card_text(c) for c in cards[:6]]     # the next six: the room there is
            for row in range(2):
                line = " ".join(shown[3 * row:3 * row + 3])
                ui.text_px(canvas, x, y + 14 * (row + 1), line, o["colour.text"])
            y += 44

    def _draw_scores(self, canvas, side: int, rnd: Round, x: int, y: int, room: bool) -> None:
        """The name line's scores: the side's total and (with room) this round's score;
        without totals (a replay of one round) this round's score alone."""
        o = self.app.options
        if self.ctl.game.totals is None:
            ui.text_px(canvas, x, y, f"round {self._live_score(side, rnd):+d}", o["colour.text"])
            return
        total = self.ctl.game.totals[side]
        ui.text_px(canvas, x, y, f"{total} pts", o["colour.text"])
        if room:
            grey = P.LIGHT_GREY if o["colour.table"] != P.LIGHT_GREY else P.DARK_GREY
            ui.text_px(canvas, x + 8 * (len(str(total)) + 5), y,
                       f"round {self._live_score(side, rnd):+d}", grey)

    def _side_places(self):
        """Free 160x200 corners beside centred panels (2 or 3 seats): a legend of keys
        beside each human's panel (first human left, second right), the plays feed in
        the first corner left over."""
        n = len(self.ctl.sides)
        if n == 4:
            return []
        rows = [L.TOP_Y, L.BOTTOM_Y] if n == 2 else [L.BOTTOM_Y]
        free = [(x, y) for y in reversed(rows) for x in (0, 480)]
        out = []
        humans = [s for s in self.ctl.seats if s.keys]
        for h, s in enumerate(humans):
            y = self.boxes[self.ctl.game.options.side_of(s.index)].y
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
                role = self.ctl.game.options.role_of(s.index)
                lines = key_lines(k, role, BOX_LABELS)
                ui.text_px(canvas, x + 8, y + 4, title, s.colour if s.colour not in (P.BLACK,) else text_c)
                for i, (key, label) in enumerate(lines):
                    ui.text_px(canvas, x + 8, y + 24 + 16 * i, key, o["colour.arrows"])
                    ui.text_px(canvas, x + 16 + 8 * max(1, len(key)), y + 24 + 16 * i, label, text_c)
                tips = ["Source, then", "destination;", "a source twice:", "Scoring Area."]
                if self.table.arrow_seat == s.index and role == "pile":     # his partner flips
                    tips = ["Or \x1b\x1a Enter,", "\x18 Scoring Area."]
                elif self.table.arrow_seat == s.index:
                    tips = ["Or \x1b\x1a Enter,", "\x18 Scoring Area,", "Space flips."]
                for i, t in enumerate(tips):
                    ui.text_px(canvas, x + 8, y + 140 + 14 * i, t, o["colour.notes"])
            else:
                ui.text_px(canvas, x + 8, y + 4, "Plays", text_c)
                for i, line in enumerate(self.ctl.feed[-FEED_LINES:]):
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

    def _live_score(self, side: int, rnd: Round) -> int:
        return rnd.played_counts()[side] - len(rnd.layouts[side].pile) * self.ctl.game.options.pile_penalty

    def _source_rect(self, side: int, action: str, lay):
        box = self.boxes[side]
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
            colour = self.ctl.side_colour(top.deck) if 0 <= top.deck < len(self.ctl.sides) else P.BLACK
            canvas.fill(P.PALETTE[P.BLACK], (x + 1, y + L.CARD_H + 1, L.CARD_W - 2, 5))
            canvas.fill(P.PALETTE[colour], (x + 2, y + L.CARD_H + 2, L.CARD_W - 4, 3))

    # slides -----------------------------------------------------------------------------
    def _place_xy(self, seat: int, src: str, index, n_before: int, k: int = 0):
        """Where a card sat: src PILE/WASTE/COLUMN (column index), position k of n."""
        box = self.box_of(seat)
        if src == PILE:
            return box.pile()
        if src == WASTE:
            return box.waste(max(0, min(n_before, L.MAX_FAN) - 1))
        if src == COLUMN:
            return L.column_card(box, index, k, n_before)
        if src == FOUND:
            return L.foundation(index, len(self.ctl.game.round.foundations))
        return box.stack()

    def _slide_moved(self, e) -> None:
        lay = self.ctl.game.round.layout_of(e.seat)
        n = len(e.cards)
        if e.src == WASTE:
            x0, y0 = self._place_xy(e.seat, WASTE, None, len(lay.waste) + 1)
        elif e.src == COLUMN:
            left = len(lay.columns[e.src_index])
            x0, y0 = self._place_xy(e.seat, COLUMN, e.src_index, left + n, left)
        else:
            x0, y0 = self._place_xy(e.seat, PILE, None, 0)
        if e.dst == FOUND:
            x1, y1 = self._place_xy(e.seat, FOUND, e.dst_index, 0)
        else:
            col = lay.columns[e.dst_index]
            x1, y1 = L.column_card(self.box_of(e.seat), e.dst_index, len(col) - n, len(col))
        self.slides.append(Slide(e.cards, x0, y0, x1, y1, self.ticks, SLIDE_STEPS))

    def _slide_refill(self, e) -> None:
        x0, y0 = self.box_of(e.seat).pile()
        x1, y1 = self.box_of(e.seat).column(e.dst_index)
        self.slides.append(Slide(e.cards, x0, y0, x1, y1, self.ticks, SLIDE_STEPS))

    def _slide_back(self, e) -> None:
        """A card that lost the race: from where it tried to go back to its place."""
        m = e.move
        if m is None or not e.cards or m.kind != "play":
            return
        card = e.cards[0]
        rnd = self.ctl.game.round
        lay = rnd.layout_of(e.seat)
        if m.dst == FOUND:
            x0, y0 = L.foundations_x0(len(rnd.foundations)), L.BAND_Y + 3
            for i, f in enumerate(rnd.foundations):
                if f and f[-1].suit == card.suit and f[-1].rank >= card.rank - 1:
                    x0, y0 = L.foundation(i, len(rnd.foundations))
                    break
        else:
            x0, y0 = L.column_card(self.box_of(e.seat), m.to, max(0, len(lay.columns[m.to]) - 1),
                                   max(1, len(lay.columns[m.to])))
        if m.src == PILE:
            x1, y1 = self.box_of(e.seat).pile()
        elif m.src == WASTE:
            x1, y1 = self._place_xy(e.seat, WASTE, None, len(lay.waste))
        else:
            col = lay.columns[m.col]
            n = len(e.cards)
            x1, y1 = L.column_card(self.box_of(e.seat), m.col, len(col) - n, len(col))
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
        rnd = self.ctl.game.round
        if rnd is None:
            return
        if rnd.end_reason == "gnerts":
            big, small = "G'NERTS!", f"{self.ctl.side_name(rnd.caller)} emptied the Pile first!"
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
        frame = P.YELLOW if self.app.blink else P.WHITE
        pygame.draw.rect(canvas, P.PALETTE[frame], (x + 3, y + 3, w - 6, h - 6), 2)
        canvas.blit(surf, (x + (w - surf.get_width()) // 2, y + 12))
        ui.text_px(canvas, x + (w - 8 * len(small)) // 2, y + h - 30, small, P.WHITE, P.RED)
