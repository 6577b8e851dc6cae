"""The drawing view of the Go-Stop table (GoStopView, held by table.GoStopTable as `view`): the info bar, the
computers' blocks, the stock and the table's months, your captures and hand with
the chosen card framed, the card moving in the playback, the hint rows."""
from __future__ import annotations

import pygame

from game import palette as P
from game import ui
from game.words import counted

from . import hwatu_art as art
from .narrate import card_label
from .table_layout import CARD_H, CARD_W, HAND_Y, RAISE

FLIP = "flip"   # the "turn up the stock only" entry of the hand (bomb credits)


class GoStopView:
    def __init__(self, table) -> None:
        self.table = table

    def computer(self, seat: int) -> bool:
        """A computer plays the seat here (not a player at another program: a hosted game)."""
        return seat in self.table.ctl.ais and seat not in self.table.ctl.remote

    def shows_hand(self, seat: int) -> bool:
        """A top seat's hand face up: F9 shows the computers' hands, never another human's."""
        return self.table.show_hands and self.computer(seat)

    def draw(self, canvas):
        o = self.table.app.options
        tbl, txt = o["colour.table"], o["colour.text"]
        canvas.fill(P.PALETTE[tbl])
        if self.table.ctl.source.state is None:       # a joiner before the host's first view (joined.py's)
            self.table.joined.draw_waiting(canvas)
            self.table.draw_notes(canvas)
            return
        model, lay = self.table.shown()
        st = self.table.ctl.source.state
        stage = self.table.ctl.stages[0] if self.table.ctl.stages else None
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
                canvas.blit(art.face(c, face_c) if self.shows_hand(seat) else back, rr)
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
        self._draw_seat_text(canvas, self.table.bottom, lay, 1, 14, 78, tbl, txt)
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
        self.table.draw_notes(canvas)

    def _draw_info(self, canvas):
        st = self.table.ctl.source.state
        ui.fill(canvas, 0, 0, 80, 1, P.BLUE)
        deal = "-" if st.deal_no is None else st.deal_no
        q = st.question()
        mover = self.table.ctl.stages[0].seat if self.table.ctl.stages else None
        if q.kind == "hand_over":
            t = "Hand over"
        elif mover is not None and mover != self.table.ctl.viewer:    # its cards still moving
            t = f"{self.table.names[mover]} is playing"
        elif q.seat == self.table.ctl.viewer:
            whose = "Your turn" if self.table.names[q.seat] == "You" else self.table.names[q.seat]
            t = {"play": f"{whose}: play a card", "match_hand": f"{whose}: choose a card",
                 "match_stock": f"{whose}: choose a card", "go_stop": "Go or Stop?",
                 "bomb": "Bomb?", "shake": "Shake?"}.get(q.kind, whose)
        else:
            t = f"{self.table.names[q.seat]} is playing"
        # the left part loses its least useful pieces until it fits beside the right one
        parts = ["GO-STOP", f"Hand {st.hand_no}", f"Deal {deal}", f"Target {st.options.target_points}",
                 f"Pays x{st.multiplier}" if st.multiplier > 1 else f"Dealer: {self.table.names[st.dealer]}"]
        for drop in ("GO-STOP", f"Deal {deal}"):
            if len(" " + "  ".join(parts)) <= 77 - len(t):
                break
            parts.remove(drop)
        s = " " + "  ".join(parts)
        ui.text(canvas, 0, 0, s[:77 - len(t)], P.WHITE, P.BLUE)
        mine = q.seat == self.table.ctl.viewer and not t.endswith(" is playing")
        ui.text(canvas, 79 - len(t), 0, t, P.YELLOW if mine else P.LIGHT_CYAN, P.BLUE)

    def _draw_seat_text(self, canvas, seat, lay, col, row, width, tbl, txt):
        st = self.table.ctl.source.state
        bd = lay.breakdowns[seat]
        pts = bd.total
        turn = st.question().seat == seat and st.phase != "hand_over"
        name = self.table.names[seat]
        if self.computer(seat) and self.table.ctl.n == 2:
            name += f" ({self.table.ctl.levels[sorted(self.table.ctl.ais).index(seat)]})"
        head = ("\x10" if turn else " ") + name
        ui.text(canvas, col, row, head, P.YELLOW if turn else P.WHITE, None)
        # the points the hand would pay: the Go points too, as the line below adds them
        bits = [counted(pts + st.go_counts[seat], "pt")]
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
                P.LIGHT_GREEN if pts >= st.options.target_points else txt, None)
        # what the score is made of
        # "13 junk: 4 pts + 5 animals: 1 + Go: 1": what scores, and its points
        parts = [*bd.lines, *([("Go", st.go_counts[seat])] if st.go_counts[seat] else [])]
        if parts:
            s = " + ".join(f"{n}: {counted(p, 'pt') if i == 0 else p}" for i, (n, p) in enumerate(parts))
        else:
            target = st.options.target_points
            s = f"no points yet (target {target})" if width > 50 else f"no points (target {target})"
        if len(s) > width - 2:
            s = s[:width - 3] + "\x10"
        ui.text(canvas, col + 1, row + 1, s, P.LIGHT_CYAN if bd.lines else P.LIGHT_GREY, None)

    def _draw_captures(self, canvas, lay, model, face_c, tbl, txt):
        for seat in range(self.table.ctl.n):
            groups = lay.cap_groups[seat]
            if not groups:
                continue
            for g, x, cards, rects, count, compact in groups:
                label = lay.label(g, count, compact)
                ly = (64 if seat != self.table.bottom else 272) - 16
                scoring_now = ((g == "brights" and count >= 3) or (g == "animals" and count >= 5)
                               or (g == "ribbons" and count >= 5) or (g == "junk" and count >= 10))
                colour = P.LIGHT_GREEN if scoring_now else (txt if cards else P.LIGHT_GREY)
                ui.text_px(canvas, x, ly, label, colour)
                for c, rr in zip(cards, rects):
                    canvas.blit(art.face(c, face_c), rr)

    def _draw_hand(self, canvas, lay, model, face_c, back, txt):
        ph = self.table.keymap.human_phase()
        me = self.table.bottom
        hand = model.hands[me]
        rects = lay.hand_rects[me]
        face_up = self.table.hand_visible()
        arrows = self.table.app.options["colour.arrows"]
        ents = self.table.keymap.entries() if ph == "play" else []
        sel = ents[self.table.sel % len(ents)] if ents else None
        shown = self.table.ctl.source.state.revealed[me]
        for c, rr in zip(hand, rects):
            r = rr.move(0, -RAISE) if c is sel else rr
            canvas.blit(art.face(c, face_c) if face_up or c in shown else back, r)
            if c in shown:
                # a magenta frame, not a label: below the hand lies the card's description
                art.draw_frame(canvas, r, P.LIGHT_MAGENTA, 1)
        if FLIP in ents:
            x = (rects[-1].right + 10) if rects else 12
            r = pygame.Rect(x, HAND_Y - (RAISE if sel == FLIP else 0), CARD_W, CARD_H)
            canvas.blit(back, r)
            if sel == FLIP:
                art.draw_frame(canvas, r, arrows)
        if ph == "play" and sel is not None and sel != FLIP:
            r = lay.rect_of(sel).move(0, -RAISE)
            art.draw_frame(canvas, r, arrows)
            for m, _cards, trs in lay.table_groups:
                if m == sel.month:
                    for tr in trs:
                        art.draw_frame(canvas, tr, arrows if self.table.app.blink else P.WHITE, 1)
        if ph == "match":
            choices = self.table.ctl.source.state.choices
            for i, c in enumerate(choices):
                tr = lay.rect_of(c)
                if tr is None:
                    continue
                on = i == self.table.choice % len(choices)
                art.draw_frame(canvas, tr, arrows if on else P.WHITE, 2 if on else 1)
                if on:
                    ui.text_px(canvas, tr.x + 12, tr.bottom + 2, "\x18",
                               arrows if self.table.app.blink else P.WHITE)

    def _draw_marks(self, canvas, lay, stage):
        if stage is None or not stage.marks:
            return
        for c in stage.marks:
            r = lay.rect_of(c)
            if r is not None:
                art.draw_frame(canvas, r, P.WHITE, 1)

    def _draw_help_rows(self, canvas, txt):
        """Rows 24-25: what the chosen card is and what playing it would do."""
        t = self.table
        ph = t.keymap.human_phase()
        st = t.ctl.source.state
        waiting = t.waiting_line()
        if waiting and ph is None:          # a network game: a player away (on this seat's turn: its card)
            ui.text(canvas, 1, 24, waiting, P.LIGHT_RED, width=78)
        elif ph == "play":
            ents = t.keymap.entries()
            if not ents:
                return
            e = ents[t.sel % len(ents)]
            if e == FLIP:
                ui.text(canvas, 1, 24, "Turn up the stock only (a turn left to you by your bomb).", P.WHITE)
                return
            shown = " (everyone saw it)" if e in st.revealed[t.bottom] else ""
            ui.text(canvas, 1, 24, f"\x1b\x1a {card_label(e)}: {category_words(e)}{shown}", P.WHITE, width=78)
            ui.text(canvas, 1, 25, play_hint(st, e, t.bottom), t.app.options["colour.arrows"],
                    width=78)
        elif ph == "match":
            c = st.choices[t.choice % len(st.choices)]
            card = st.t_card if st.phase == "match_hand" else st.t_stock
            ui.text(canvas, 1, 24, f"Your {card_label(card)} matches two cards: take which one?", P.WHITE)
            ui.text(canvas, 1, 25, f"\x1b\x1a choose, Enter takes {card_label(c)}.",
                    t.app.options["colour.arrows"])
        elif not t.ctl.stages and st.question().seat != t.ctl.viewer and st.phase != "hand_over":
            ui.text(canvas, 1, 24, f"{t.names[st.question().seat]} is thinking...", P.LIGHT_GREY)


def category_words(c) -> str:
    cat = c.category
    if cat == "bright":
        return "a bright" + (" (3 brights with him: 2 points)" if c.month == 12 else "")
    if cat == "animal":
        if c.month in (2, 4, 8):
            return "an animal, one of the 3 birds (godori)"
        if c.month == 9:
            return "an animal or double junk, as scores best"
        return "an animal"
    if cat == "ribbon":
        return {"red": "a red poem ribbon (set: 1, 2, 3)", "blue": "a blue ribbon (set: 6, 9, 10)",
                "grass": "a grass ribbon (set: 4, 5, 7)", "rain": "the rain ribbon (in no set)"}[c.ribbon]
    if cat == "double":
        return "a double junk, worth 2 junk"
    if cat == "bonus":
        return f"a bonus worth {c.value} junk: you take it, play on"
    return "a junk card"


def play_hint(st, c, seat) -> str:
    if c.month == 0:
        return "Played, it goes to your captures and you turn up a card in its place."
    same = [t for t in st.table if t.month == c.month]
    in_hand = sum(1 for h in st.hands[seat] if h.month == c.month)
    extra = ""
    if in_hand == 3 and len(same) == 1:
        extra = " You hold three: you may bomb."
    elif in_hand == 2 and len(same) == 2 and st.options.two_card_bomb:
        extra = " Two and two: you may bomb."
    elif in_hand == 3:
        extra = " You hold three: you may shake."
    if not same:
        return "It matches nothing: it will stay on the table." + extra
    if len(same) == 1:
        return f"It takes the framed {card_label(same[0])}." + extra
    if len(same) == 2:
        return "Two of its month lie there: you take one of them." + extra
    maker = st.stacks.get(c.month)
    if maker is None:
        return f"It takes all three {c.month}s." + extra
    junk = "two junk" if maker == seat else "one junk"
    return f"It takes all three {c.month}s, a ppuk: {junk} from each opponent too." + extra

