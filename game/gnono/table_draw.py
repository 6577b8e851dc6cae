"""Drawing the Gnono table: the title line, the piles and the colour to follow round
the direction ring, each seat's box, the bottom hand with what the keys do now, a
card in flight, the notes and the key bar. GnonoView, held by GnonoTable (and the
replay's table, and a joiner's table: seats.py) as `view`.

What it shows of the game comes from the bottom seat's view (`table.seat_view()`,
the same GnonoView of game/gnono/view.py a computer or a network player gets) and the
table's playback models, so one drawing serves the local table, a replay and a table
joined over the network."""
from __future__ import annotations

import math

import pygame

from game import palette as P
from game import ui

from . import card_art as art
from .cards import COLOR_NAMES, hand_order
from .narrate import card_words
from .rules import CHALLENGE, COLOR, DRAWN, GAME_OVER, PLAY, ROUND_OVER, SWAP
from .table_layout import (
    CARD_H,
    CENTRE,
    DISCARD_RECT,
    DRAW_LABEL,
    DRAW_RECT,
    HAND_Y,
    INFO_ROW,
    RAISE,
    SWATCH_RECT,
    fan_rects,
)

SHORT_KIND = {"expert": "exp"}   # the level beside a name has four letters' room


class GnonoView:
    """GnonoTable's drawing (and a replay's: game/gnono/replay_board.py)."""

    def __init__(self, table) -> None:
        self.table = table

    def draw(self, canvas):
        o = self.table.app.options
        tbl, txt = o["colour.table"], o["colour.text"]
        canvas.fill(P.PALETTE[tbl])
        m = self.table.playback.shown()
        stage = self.table.stages[0] if self.table.stages else None
        self._draw_title(canvas, m)
        self._draw_centre(canvas, m, txt)
        for seat, box in self.table.playback.boxes().items():
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
        self.table.draw_notes(canvas)

    def turn_words(self, seat: int) -> str:
        """The title's word on another seat's turn; a network player whose connection
        is down (or who has not joined yet) is waited for by name."""
        name = self.table.ctl.names[seat]
        return f"Waiting for {name}" if self.table.seat_missing(seat) else f"{name}'s turn"

    def _back_colour(self):
        c = self.table.app.options["colour.back"]
        return P.RED if c == P.BLUE else c

    def _draw_title(self, canvas, m):
        st = self.table.seat_view()
        ui.fill(canvas, 0, 0, 80, 1, P.BLUE)
        deal = self.table.deal_no()
        deal_words = "" if deal is None else f"  Deal {deal}"
        s = f" GNONO  Round {st.round_no}{deal_words}  To {st.options.playout_score}"
        if st.phase in (ROUND_OVER, GAME_OVER):
            t = "Round over" if st.phase == ROUND_OVER else "Game over"
            mine = False
        else:
            cur = m.current
            mine = cur == self.table.viewer and not self.table.replaying
            if mine:
                t = {PLAY: "Your turn: play or draw", DRAWN: "Play the drawn card or keep it",
                     CHALLENGE: "Challenge?", COLOR: "Choose a colour",
                     SWAP: "Swap with whom?"}.get(st.phase, "Your turn")
            else:
                t = self.turn_words(cur)
        dealer = f"  Dealer: {self.table.ctl.names[st.dealer]}"
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
        label = f"Draw {m.draw_size}"
        x = DRAW_LABEL.centerx - 4 * len(label)
        ui.text_px(canvas, x, DRAW_LABEL.y, label, txt, width=(DRAW_LABEL.right - x) // 8)
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
        st = self.table.seat_view()
        if st.pending_draw:
            ui.text_px(canvas, DRAW_RECT.x, DRAW_RECT.y - 20, f"+{st.pending_draw} waiting", P.LIGHT_RED)

    def _draw_seat(self, canvas, seat, box, m, txt):
        st = self.table.seat_view()
        turn = m.current == seat and st.phase not in (ROUND_OVER, GAME_OVER)
        bg = P.BLUE if turn else P.BLACK
        pygame.draw.rect(canvas, P.PALETTE[bg], (box.x + 1, box.y, box.w - 2, 16))
        kind = ("you" if seat == self.table.viewer else "hum" if self.table.is_human(seat)
                else SHORT_KIND.get(self.table.ctl.kinds[seat], self.table.ctl.kinds[seat][:4]))
        edge = min(box.right, ui.EDGE_COL * ui.CELL_W)     # the screen's last column stays free
        kind_x = edge - 8 * len(kind) - 3
        room = min(11, (kind_x - box.x - 1) // 8 - 1)      # the name never runs into the kind
        name = ("\x10" if turn else " ") + self.table.ctl.names[seat]
        ui.text_px(canvas, box.x + 1, box.y, name[:room], P.YELLOW if turn else P.WHITE)
        ui.text_px(canvas, kind_x, box.y, kind, P.LIGHT_GREY)
        hand = m.hands[seat]
        face_up = self.table.show_hands and (self.table.replaying or not self.table.is_human(seat))
        if face_up:
            hand = sorted(hand, key=hand_order)
        rects = fan_rects(box, len(hand), face_up)
        back = art.back("small", self._back_colour())
        for c, r in zip(hand, rects):
            canvas.blit(art.face(c, "small") if face_up else back, r)
        k = len(hand)
        right = edge - 4
        ui.text_px(canvas, right - 8 * len(str(k)) - 12, box.y + 20, str(k), P.WHITE if k > 1 else P.YELLOW)
        label = "cards" if k != 1 else "card"
        ui.text_px(canvas, right - 8 * len(label), box.y + 36, label, txt)
        ui.text_px(canvas, box.x + 4, box.y + 62, f"{m.scores[seat]} pts", txt)
        if m.uno_called[seat] and k == 1:
            ui.text_px(canvas, box.right - 44, box.y + 62, "UNO!", P.YELLOW, P.RED)
        elif st.uno_window == seat and not self.table.stages:
            ui.text_px(canvas, box.right - 44, box.y + 62, "1 ?", P.LIGHT_RED)

    def _draw_bottom(self, canvas, m, txt):
        t = self.table
        st = t.seat_view()
        seat = t.playback.bottom
        cards = t.playback.hand_cards(m)
        # hot seat: a human's hand is open only on his turn; F9 never shows a human's
        face_up = t.hand_open() or (t.show_hands and not t.is_human(seat))
        turn = m.current == seat and st.phase not in (ROUND_OVER, GAME_OVER)
        # the seat's line
        head = ("\x10" if turn else " ") + t.ctl.names[seat]
        ui.fill(canvas, 0, INFO_ROW, 80, 1, P.BLUE if turn else P.BLACK)
        ui.text(canvas, 0, INFO_ROW, head, P.YELLOW if turn else P.WHITE)
        info = f"{len(cards)} card{'s' if len(cards) != 1 else ''}   {m.scores[seat]} pts"
        if m.uno_called[seat] and len(cards) == 1:
            info += "   UNO!"
        ui.text(canvas, 79 - len(info), INFO_ROW, info, txt)
        hv = t.playback.hand_view(cards)
        sel = t.sel if (face_up and t.viewer is not None and cards and not t.replaying) else None
        mine = t.my_turn()
        hints = t.app.options["gnono.hints"] and mine and st.phase == PLAY
        arrows = t.app.options["colour.arrows"]
        back = art.back("normal", self._back_colour())
        drawn = st.drawn_card if (st.phase == DRAWN and st.current == seat) else None
        for i, c in enumerate(cards):
            r = hv.rect(i)
            if r is None:
                continue
            if i == sel:
                r = r.move(0, -RAISE)
            canvas.blit(art.face(c, "normal") if face_up else back, r)
            if hints and t.keymap.playable(c):
                pygame.draw.rect(canvas, P.PALETTE[arrows], (r.x + 4, HAND_Y + CARD_H + 2, 6, 3))
        if sel is not None:
            r = hv.rect(sel)
            if r is not None:
                art.draw_frame(canvas, r.move(0, -RAISE), arrows if (mine or t.app.blink) else P.WHITE)
        if hv.scrolled_left:
            ui.text_px(canvas, 2, HAND_Y + 20, "\x11", arrows)
        if hv.scrolled_right:
            ui.text_px(canvas, 630, HAND_Y + 20, "\x10", arrows)
        # the chosen card and what the keys do now (below the playable-card marks)
        row = 24
        if t.replaying:
            hidden = "every hand is face up" if t.show_hands else "F9 shows every hand"
            whose = "Your" if t.speaker.you(seat) else f"{t.ctl.names[seat]}'s"
            ui.text(canvas, 1, row, f"Replay: {whose} cards face up; {hidden}.",
                    P.LIGHT_GREY)
            return
        if t.viewer is None:
            ui.text(canvas, 1, row, "You are watching the computers play (F9 shows every hand).",
                    P.LIGHT_GREY)
            return
        if not face_up:
            ui.text(canvas, 1, row, f"Hot seat: {t.ctl.names[seat]}'s cards stay hidden until "
                    f"{t.ctl.names[seat]}'s turn.", P.LIGHT_GREY)
            self._draw_window_tip(canvas, row + 1, seat)
            return
        if drawn is not None and mine:
            ui.text(canvas, 1, row, f"You drew the {card_words(drawn)}: it can be played.", P.WHITE)
            keep = "" if st.options.draw_until_playable else ", - or Del keeps it"
            ui.text(canvas, 1, row + 1, f"Enter plays it{keep}.", arrows)
            return
        c = t.keymap.selected()
        if c is not None:
            desc = f"\x1b\x1a {card_words(c)}"
            if mine and st.phase == PLAY:
                desc += ": " + t.keymap.card_verdict(c)
            ui.text(canvas, 1, row, desc, P.WHITE)
        if mine and st.phase == PLAY:
            tip = "Enter plays it, + or Ins draws."
            if len(cards) == 2 and not st.uno_called[seat]:
                tip += ("  Two cards: press U for \"UNO!\"" if not t.app.blink
                        else "  Two cards: call U \"UNO!\"")
            ui.text(canvas, 1, row + 1, tip, arrows)
        else:
            self._draw_window_tip(canvas, row + 1, seat)

    def _draw_window_tip(self, canvas, y, seat):
        """Who may call "UNO!" or be caught now, or who is thinking."""
        st = self.table.seat_view()
        if st.uno_window == seat:
            ui.text(canvas, 1, y, "One card left: press U to call \"UNO!\" before you are caught!",
                    P.YELLOW if self.table.app.blink else P.LIGHT_RED)
        elif st.uno_window is not None:
            ui.text(canvas, 1, y, f"{self.table.ctl.names[st.uno_window]} has one card and did not call "
                    "\"UNO!\": press C to catch!", P.YELLOW if self.table.app.blink else P.LIGHT_RED)
        elif self.table.held == seat and not self.table.stages:
            ui.text(canvas, 1, y, "The card drawn does not play: your turn has passed. Enter goes on.",
                    P.LIGHT_GREY)
        elif not self.table.stages and st.phase not in (ROUND_OVER, GAME_OVER) and st.current != seat:
            name = self.table.ctl.names[st.current]
            line = (f"Waiting for {name}..." if self.table.seat_missing(st.current)
                    else f"{name} is thinking...")
            ui.text(canvas, 1, y, line, P.LIGHT_GREY)


# ------------------------------------------------------------------ the direction ring
RING_W, RING_H = 300, 170


_RING_CACHE: dict = {}


def _ring(direction: int, colour: int) -> pygame.Surface:
    """An oval round the piles with arrowheads showing which way play goes."""
    key = (direction, colour)
    if key in _RING_CACHE:
        return _RING_CACHE[key]
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
