"""The Gin table drawn on the 640x480 canvas: the computer's cards at the top, the
Stock and the Pile, the player's hand with its arrow row, the notes and the key bar.
A GinView reads a table's SeatPlay (game/gin/seat_play.py: the live table's
controller, a replay's, or the joiner's network table) and draws from its seat's
view (`ctl.seen`) and its keys' state alone, never the engine; it changes nothing.

    GinView(ctl).draw(canvas)
"""
from __future__ import annotations

import pygame

from game import card_art, ui
from game import palette as P
from game.cards import card_text
from game.gin import melds as M
from game.gin.arrangement import cpu_display, human_display
from game.gin.table_speech import result_lines

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


def draw_arrow(canvas, cx: int, top: int, colour: int) -> None:
    """A thick down arrow, 17 pixels high, its point at (cx, top + 16)."""
    rgb = P.PALETTE[colour]
    canvas.fill(rgb, (cx - 2, top, 5, 8))
    pygame.draw.polygon(canvas, rgb, [(cx - 7, top + 8), (cx + 7, top + 8), (cx, top + 15)])


def group_positions(marks: list[str], x0: int, dx: int = GROUP_DX, gap: int = GROUP_GAP) -> list[int]:
    """x of each card: cards of one mark side by side, a gap where the mark changes."""
    xs, x = [], x0
    for i, m in enumerate(marks):
        if i and m != marks[i - 1]:
            x += gap
        xs.append(x)
        x += dx
    return xs


def result_box(lines) -> tuple[int, int, int, int]:
    """(col, row, width, height) of the hand's result box. At least 28 columns wide, so
    that it covers the Stock's "N left" whole when it reaches down to it."""
    w = max(28, max(len(s) for s in lines) + 4)
    return 40 - w // 2 - 4, 7, w, len(lines) + 2


def stock_count_rect(text: str) -> pygame.Rect:
    """Where the Stock's "N left" is written: centred under the Stock, on text row 13
    (so that a box drawn over it covers it whole or not at all)."""
    return pygame.Rect(STOCK_X + CW // 2 - len(text) * ui.CELL_W // 2, 13 * ui.CELL_H,
                       len(text) * ui.CELL_W, ui.CELL_H)


class GinView:
    """The Gin table as drawn from its controller `ctl`."""

    def __init__(self, ctl) -> None:
        self.ctl = ctl

    def draw(self, canvas) -> None:
        ctl = self.ctl
        o = ctl.app.options
        col = {"table": o["colour.table"], "text": o["colour.text"], "arrows": o["colour.arrows"],
               "notes": o["colour.notes"], "face": o["colour.face"], "back": o["colour.back"]}
        canvas.fill(P.PALETTE[col["table"]])
        self._draw_top(canvas, col)
        self._draw_cpu(canvas, col)
        self._draw_middle(canvas, col)
        self._draw_hand(canvas, col)
        self._draw_notes(canvas, col)

    def _draw_top(self, canvas, col):
        ctl = self.ctl
        g = ctl.seen
        t, bg = col["text"], col["table"]
        deal_no = ctl.deal_number()
        deal = "" if deal_no is None else f"  Deal {deal_no}"
        ui.text(canvas, 1, 0, f"GIN!  Hand {g.hand_no}{deal}", t, bg)
        them = ctl.names[ctl.them]
        label = them if ctl.opponent_named or not ctl.level else f"{them} ({ctl.level})"
        shown = cpu_display(g)
        if shown is not None:
            label += f": unplayable points {M.deadwood_value(c for c, m in zip(*shown) if m == ' ')}"
        ui.text(canvas, 2, 1, label, t, bg)
        # the options in force and the knock value, upper right
        lines = ["Straight Gin" if g.options.straight_gin else "Oklahoma" if g.options.oklahoma
                 else "Regular Gin",
                 "Hollywood" if g.options.hollywood else f"Game to {g.options.game_target}",
                 "Gin only!" if g.knock_value == 0 else f"Knock: {g.knock_value}"]
        if g.options.big_gin:
            lines.append(f"Big Gin: {g.options.big_gin_bonus}")
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
        if len(g.games) == 1:
            gs = g.games[0]
            rows = [f"{ctl.names[0][:9]:<9}{gs.total(0):>6}", f"{ctl.names[1][:9]:<9}{gs.total(1):>6}",
                    f"Boxes  {gs.boxes[0]:>3} :{gs.boxes[1]:<3}"]
        else:
            rows = [f"   {ctl.names[0][:6]:>6} {ctl.names[1][:5]:>5}"]
            for i, gs in enumerate(g.games):
                mark = "*" if gs.winner is not None else " "
                rows.append(f"G{i + 1}{mark}{gs.total(0):>6}{gs.total(1):>6}")
        ui.box(canvas, 62, top, 18, len(rows) + 2, t, bg, double=False, shadow=False, title="Score")
        for i, s in enumerate(rows):
            ui.text(canvas, 63, top + 1 + i, s, t, bg)
        who = "Next dealer:" if ctl.mode == "result" else "Dealer:"
        ui.text(canvas, 63, top + len(rows) + 2, who, t, bg)
        ui.text(canvas, 64, top + len(rows) + 3, ctl.names[g.dealer], t, bg)

    def _draw_cpu(self, canvas, col):
        ctl = self.ctl
        g = ctl.seen
        shown = cpu_display(g)
        if shown is not None:
            cards, marks = shown
            xs = group_positions(marks, CPU_X0, CPU_DX, 12)
            self._draw_marks(canvas, marks, xs, 2, col, cursor=None)
            for c, x in zip(cards, xs):
                canvas.blit(card_art.face(c, "normal", col["face"]), (x, CPU_Y))
            return
        peeked = ctl.peek_hand()
        if peeked is not None:
            for i, c in enumerate(peeked):
                canvas.blit(card_art.face(c, "normal", col["face"]), (CPU_X0 + i * CPU_DX, CPU_Y))
        else:
            back = card_art.back(0, "normal", col["back"])
            for i in range(g.opponent_hand_size):
                canvas.blit(back, (CPU_X0 + i * CPU_DX, CPU_Y))

    def _draw_middle(self, canvas, col):
        ctl = self.ctl
        g = ctl.seen
        t, bg, ar = col["text"], col["table"], col["arrows"]
        ui.text_px(canvas, STOCK_X + 1, MID_Y - 36, "Stock", t, bg)
        left = f"{g.stock_size} left"
        ui.text_px(canvas, *stock_count_rect(left).topleft, left, t, bg)
        ui.text_px(canvas, PILE_X + 4, MID_Y - 36, "Pile", t, bg)
        back = card_art.back(0, "normal", col["back"])
        if g.stock_size:
            for k in range(min(3, (g.stock_size + 9) // 10)):
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
        if ctl.arr is not None and ctl.arr.kind == "out":
            down = ctl.arr.discard
        elif g.phase == "lay_down":
            down = True
        if down is not None:
            canvas.blit(back, (PILE_X + 6, MID_Y + 6))
        # the card just taken waits below the upcard
        if ctl.picked is not None:
            canvas.blit(card_art.face(ctl.picked, "normal", col["face"]), (PILE_X, PICK_Y))
            ui.text_px(canvas, PILE_X + CW + 6, PICK_Y + 20, "\x1b taken", ar, bg)
        # the pick-up arrow, flashing until the first key of the turn
        flash_off = ctl.flash and not ctl.app.blink
        if ctl.mode == "play" and ctl.my_turn and ctl.focus == "pickup" and not flash_off:
            x = (STOCK_X if ctl.target == "stock" else PILE_X) + CW // 2
            draw_arrow(canvas, x, MID_Y - 19, ar)
        if ctl.mode == "result":
            self._draw_result(canvas, col)
        elif ctl.mode == "wait" or (ctl.mode == "play" and g.turn == ctl.them):
            # left of the score column (col 62): "Computer plays..." ends at x 488; a replay
            # shows whose move comes (it may be paused there), not a player at work
            doing = "to play" if ctl.replaying else "plays..."
            ui.text_px(canvas, 352, MID_Y + 20, f"{ctl.names[g.turn][:9]} {doing}", t, bg)

    def _draw_result(self, canvas, col):
        ctl = self.ctl
        lines = result_lines(ctl)
        if not lines:
            return
        if not ctl.replaying:       # a replay goes on by itself
            lines += ["", "Press any key"]
        c0, row, w, h = result_box(lines)
        ui.box(canvas, c0, row, w, h, P.WHITE, P.BLUE, title="Hand over")
        for i, s in enumerate(lines):
            fg = P.YELLOW if i == 0 or s.startswith(("UNDER", "Press")) else P.WHITE
            ui.center(canvas, row + 1 + i, s, fg, P.BLUE, c0, w)

    def _draw_marks(self, canvas, marks, xs, row, col, cursor):
        ctl = self.ctl
        bg = col["table"]
        for i, (m, x) in enumerate(zip(marks, xs)):
            if i == cursor:
                s = m if m != " " else "\u00b7"     # the code page 437 middle dot
                if ctl.app.blink:
                    ui.text_px(canvas, x + CW // 2 - 4, row * 16, s, bg, col["arrows"])
                else:
                    ui.text_px(canvas, x + CW // 2 - 4, row * 16, s, col["arrows"], bg)
            elif m != " ":
                ui.text_px(canvas, x + CW // 2 - 4, row * 16, m, col["arrows"], bg)

    def _draw_hand(self, canvas, col):
        ctl = self.ctl
        g = ctl.seen
        t, bg, ar = col["text"], col["table"], col["arrows"]
        if ctl.mode == "handover":
            back = card_art.back(0, "normal", col["back"])
            for i in range(len(g.hand)):
                canvas.blit(back, (HAND_X0 + i * HAND_DX, HAND_Y))
            return
        if ctl.arr is not None and ctl.mode in ("confirm", "mark"):
            a = ctl.arr
            xs = group_positions(a.marks, HAND_X0 - 8)
            cursor = a.cursor if ctl.mode == "mark" else None
            self._draw_marks(canvas, a.marks, xs, ARROW_ROW, col, cursor)
            for i, (c, x) in enumerate(zip(a.cards, xs)):
                canvas.blit(card_art.face(c, "normal", col["face"]), (x, HAND_Y))
                if i == cursor:
                    card_art.draw_frame(canvas, (x, HAND_Y, CW, CH), ar)
            ui.text(canvas, 2, STATUS_ROW, f"{ctl.names[ctl.me]}: {ctl.arrangement_status()}", t, bg)
            return
        if ctl.mode in ("result", "over") or (ctl.mode == "wait" and g.out_seat == ctl.me):
            cards, marks = human_display(g, ctl.order)
            xs = group_positions(marks, HAND_X0 - 8)
            self._draw_marks(canvas, marks, xs, ARROW_ROW, col, None)
            for c, x in zip(cards, xs):
                canvas.blit(card_art.face(c, "normal", col["face"]), (x, HAND_Y))
            dw = M.deadwood_value(c for c, m in zip(cards, marks) if m == " ")
            ui.text(canvas, 2, STATUS_ROW, f"{ctl.names[ctl.me]}: unplayable points {dw}", t, bg)
            return
        flashing = ctl.my_turn and ctl.focus in ("hand", "arrow") and ctl.picked is None
        for i, c in enumerate(ctl.order):
            x = HAND_X0 + i * HAND_DX
            canvas.blit(card_art.face(c, "normal", col["face"]), (x, HAND_Y))
            label = card_text(c)
            lx = x + CW // 2 - 8
            is_sel = flashing and i == ctl.sel
            if is_sel and not ctl.app.blink:
                # the suit symbol flashes: its off phase is the bare card face
                canvas.fill(P.PALETTE[col["face"]], SUIT_PIP.move(x, HAND_Y))
                label = label[:-1] + " "
            if is_sel:
                ui.text_px(canvas, lx - 4, LABEL_ROW * 16, " " + label + " ", bg, ar)
            else:
                ui.text_px(canvas, lx, LABEL_ROW * 16, label, t, bg)
        if ctl.my_turn and ctl.focus == "arrow":
            x = HAND_X0 + ctl.arrow * HAND_DX - (HAND_DX - CW) // 2
            draw_arrow(canvas, x, ARROW_ROW * 16 + 1, ar)
        ui.text(canvas, 2, STATUS_ROW, f"{ctl.names[ctl.me]}: unplayable points {ctl.deadwood_text()}", t, bg)

    def _draw_notes(self, canvas, col):
        ctl = self.ctl
        nc, bg = col["notes"], col["table"]
        waiting = ctl.waiting_line()
        if waiting:      # a network table: who dropped out, in place of the other's moves
            ui.text(canvas, 2, NOTE_ROWS[0], waiting[:76], col["arrows"], bg)
        elif ctl.other_note:
            ui.text(canvas, 2, NOTE_ROWS[0], ctl.other_note[:76], nc, bg)
        if ctl.note:
            for i, line in enumerate(ui.wrap(ctl.note, 76)[:2]):
                ui.text(canvas, 2, NOTE_ROWS[1] + i, line, nc, bg)
        if ctl.mode == "confirm":
            q = "Is that how you want your hand played?"
            ui.text(canvas, 2, 28, q, col["text"], bg)
            ui.text(canvas, 3 + len(q), 28, "(Y/N)", col["arrows"] if ctl.app.blink else col["text"], bg)
