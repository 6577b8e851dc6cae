"""The Gin table drawn on the 640x480 canvas: the computer's cards at the top, the
Stock and the Pile, the player's hand with its arrow row, the notes and the key bar.
Reads the table (a GinController) and draws; changes nothing.

    draw(table, canvas)
"""
from __future__ import annotations

import pygame

from game import card_art, ui
from game import palette as P
from game.cards import card_text
from game.gin import melds as M
from game.gin.arrangement import cpu_display, human_display, sort_for_hand
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


def draw(tbl, canvas) -> None:
    o = tbl.app.options
    col = {"table": o["colour.table"], "text": o["colour.text"], "arrows": o["colour.arrows"],
           "notes": o["colour.notes"], "face": o["colour.face"], "back": o["colour.back"]}
    canvas.fill(P.PALETTE[col["table"]])
    _draw_top(tbl, canvas, col)
    _draw_cpu(tbl, canvas, col)
    _draw_middle(tbl, canvas, col)
    _draw_hand(tbl, canvas, col)
    _draw_notes(tbl, canvas, col)


def _draw_top(tbl, canvas, col):
    g = tbl.game
    t, bg = col["text"], col["table"]
    deal = "" if g.deal_no is None else f"  Deal {g.deal_no}"
    ui.text(canvas, 1, 0, f"GIN!  Hand {g.hand_no}{deal}", t, bg)
    label = tbl.names[tbl.them] if tbl.hot_seat or not tbl.level else f"{tbl.names[tbl.them]} ({tbl.level})"
    shown = cpu_display(g, tbl.them)
    if shown is not None:
        label += f": unplayable points {M.deadwood_value(c for c, m in zip(*shown) if m == ' ')}"
    ui.text(canvas, 2, 1, label, t, bg)
    # the options in force and the knock value, upper right
    lines = ["Oklahoma" if g.options.oklahoma else "Regular Gin",
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
    if g.n_games == 1:
        gs = g.games[0]
        rows = [f"{tbl.names[0][:9]:<9}{gs.total(0):>6}", f"{tbl.names[1][:9]:<9}{gs.total(1):>6}",
                f"Boxes  {gs.boxes[0]:>3} :{gs.boxes[1]:<3}"]
    else:
        rows = [f"   {tbl.names[0][:6]:>6} {tbl.names[1][:5]:>5}"]
        for i, gs in enumerate(g.games):
            mark = "*" if gs.winner is not None else " "
            rows.append(f"G{i + 1}{mark}{gs.total(0):>6}{gs.total(1):>6}")
    ui.box(canvas, 62, top, 18, len(rows) + 2, t, bg, double=False, shadow=False, title="Score")
    for i, s in enumerate(rows):
        ui.text(canvas, 63, top + 1 + i, s, t, bg)
    who = "Next dealer:" if tbl.mode == "result" else "Dealer:"
    ui.text(canvas, 63, top + len(rows) + 2, who, t, bg)
    ui.text(canvas, 64, top + len(rows) + 3, tbl.names[g.dealer], t, bg)


def _draw_cpu(tbl, canvas, col):
    g = tbl.game
    shown = cpu_display(g, tbl.them)
    if shown is not None:
        cards, marks = shown
        xs = group_positions(marks, CPU_X0, CPU_DX, 12)
        _draw_marks(tbl, canvas, marks, xs, 2, col, cursor=None)
        for c, x in zip(cards, xs):
            canvas.blit(card_art.face(c, "normal", col["face"]), (x, CPU_Y))
        return
    hand = g.hands[tbl.them]
    if tbl.show_cpu:
        for i, c in enumerate(sort_for_hand(hand)):
            canvas.blit(card_art.face(c, "normal", col["face"]), (CPU_X0 + i * CPU_DX, CPU_Y))
    else:
        back = card_art.back(0, "normal", col["back"])
        for i in range(len(hand)):
            canvas.blit(back, (CPU_X0 + i * CPU_DX, CPU_Y))


def _draw_middle(tbl, canvas, col):
    g = tbl.game
    t, bg, ar = col["text"], col["table"], col["arrows"]
    ui.text_px(canvas, STOCK_X + 1, MID_Y - 36, "Stock", t, bg)
    left = f"{len(g.stock)} left"
    ui.text_px(canvas, *stock_count_rect(left).topleft, left, t, bg)
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
    if tbl.arr is not None and tbl.arr.kind == "out":
        down = tbl.arr.discard
    elif g.phase == "lay_down":
        down = True
    if down is not None:
        canvas.blit(back, (PILE_X + 6, MID_Y + 6))
    # the card just taken waits below the upcard
    if tbl.picked is not None:
        canvas.blit(card_art.face(tbl.picked, "normal", col["face"]), (PILE_X, PICK_Y))
        ui.text_px(canvas, PILE_X + CW + 6, PICK_Y + 20, "\x1b taken", ar, bg)
    # the pick-up arrow, flashing until the first key of the turn
    if tbl.mode == "play" and tbl.my_turn and tbl.focus == "pickup" and not (tbl.flash and not tbl.app.blink):
        x = (STOCK_X if tbl.target == "stock" else PILE_X) + CW // 2
        draw_arrow(canvas, x, MID_Y - 19, ar)
    if tbl.mode == "result":
        _draw_result(tbl, canvas, col)
    elif tbl.mode == "wait" or (tbl.mode == "play" and g.turn == tbl.them):
        # left of the score column (col 62): "Computer plays..." ends at x 488
        ui.text_px(canvas, 352, MID_Y + 20, f"{tbl.names[g.turn][:9]} plays...", t, bg)


def _draw_result(tbl, canvas, col):
    lines = result_lines(tbl)
    if not lines:
        return
    if not tbl.replaying:       # a replay goes on by itself
        lines += ["", "Press any key"]
    c0, row, w, h = result_box(lines)
    ui.box(canvas, c0, row, w, h, P.WHITE, P.BLUE, title="Hand over")
    for i, s in enumerate(lines):
        fg = P.YELLOW if i == 0 or s.startswith(("UNDER", "Press")) else P.WHITE
        ui.center(canvas, row + 1 + i, s, fg, P.BLUE, c0, w)


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


def _draw_marks(tbl, canvas, marks, xs, row, col, cursor):
    bg = col["table"]
    for i, (m, x) in enumerate(zip(marks, xs)):
        if i == cursor:
            s = m if m != " " else "\u00b7"     # the code page 437 middle dot
            if tbl.app.blink:
                ui.text_px(canvas, x + CW // 2 - 4, row * 16, s, bg, col["arrows"])
            else:
                ui.text_px(canvas, x + CW // 2 - 4, row * 16, s, col["arrows"], bg)
        elif m != " ":
            ui.text_px(canvas, x + CW // 2 - 4, row * 16, m, col["arrows"], bg)


def _draw_hand(tbl, canvas, col):
    g = tbl.game
    t, bg, ar = col["text"], col["table"], col["arrows"]
    if tbl.mode == "handover":
        back = card_art.back(0, "normal", col["back"])
        for i in range(len(g.hands[tbl.me])):
            canvas.blit(back, (HAND_X0 + i * HAND_DX, HAND_Y))
        return
    if tbl.arr is not None and tbl.mode in ("confirm", "mark"):
        a = tbl.arr
        xs = group_positions(a.marks, HAND_X0 - 8)
        cursor = a.cursor if tbl.mode == "mark" else None
        _draw_marks(tbl, canvas, a.marks, xs, ARROW_ROW, col, cursor)
        for i, (c, x) in enumerate(zip(a.cards, xs)):
            canvas.blit(card_art.face(c, "normal", col["face"]), (x, HAND_Y))
            if i == cursor:
                card_art.draw_frame(canvas, (x, HAND_Y, CW, CH), ar)
        ui.text(canvas, 2, STATUS_ROW, f"{tbl.names[tbl.me]}: {tbl.arrangement_status()}", t, bg)
        return
    if tbl.mode in ("result", "over") or (tbl.mode == "wait" and g.out_seat == tbl.me):
        cards, marks = human_display(tbl.game, tbl.order, tbl.me)
        xs = group_positions(marks, HAND_X0 - 8)
        _draw_marks(tbl, canvas, marks, xs, ARROW_ROW, col, None)
        for c, x in zip(cards, xs):
            canvas.blit(card_art.face(c, "normal", col["face"]), (x, HAND_Y))
        dw = M.deadwood_value(c for c, m in zip(cards, marks) if m == " ")
        ui.text(canvas, 2, STATUS_ROW, f"{tbl.names[tbl.me]}: unplayable points {dw}", t, bg)
        return
    flashing = tbl.my_turn and tbl.focus in ("hand", "arrow") and tbl.picked is None
    for i, c in enumerate(tbl.order):
        x = HAND_X0 + i * HAND_DX
        canvas.blit(card_art.face(c, "normal", col["face"]), (x, HAND_Y))
        label = card_text(c)
        lx = x + CW // 2 - 8
        is_sel = flashing and i == tbl.sel
        if is_sel and not tbl.app.blink:
            # the suit symbol flashes: its off phase is the bare card face
            canvas.fill(P.PALETTE[col["face"]], SUIT_PIP.move(x, HAND_Y))
            label = label[:-1] + " "
        if is_sel:
            ui.text_px(canvas, lx - 4, LABEL_ROW * 16, " " + label + " ", bg, ar)
        else:
            ui.text_px(canvas, lx, LABEL_ROW * 16, label, t, bg)
    if tbl.my_turn and tbl.focus == "arrow":
        x = HAND_X0 + tbl.arrow * HAND_DX - (HAND_DX - CW) // 2
        draw_arrow(canvas, x, ARROW_ROW * 16 + 1, ar)
    ui.text(canvas, 2, STATUS_ROW, f"{tbl.names[tbl.me]}: unplayable points {tbl.deadwood_text()}", t, bg)


def _draw_notes(tbl, canvas, col):
    nc, bg = col["notes"], col["table"]
    if tbl.other_note:
        ui.text(canvas, 2, NOTE_ROWS[0], tbl.other_note[:76], nc, bg)
    if tbl.note:
        for i, line in enumerate(ui.wrap(tbl.note, 76)[:2]):
            ui.text(canvas, 2, NOTE_ROWS[1] + i, line, nc, bg)
    if tbl.mode == "confirm":
        q = "Is that how you want your hand played?"
        ui.text(canvas, 2, 28, q, col["text"], bg)
        ui.text(canvas, 3 + len(q), 28, "(Y/N)", col["arrows"] if tbl.app.blink else col["text"], bg)
