"""Card previews (called by preview.py)."""
from __future__ import annotations

import os

import pygame

from game import card_art
from game.cards import Card, full_deck
from game.font import get_font
from game.palette import (
    BLACK,
    BLUE,
    BROWN,
    CYAN,
    GREEN,
    LIGHT_GREY,
    MAGENTA,
    PALETTE,
    RED,
    WHITE,
    YELLOW,
)


def cards_sheet() -> pygame.Surface:
    nw, nh = card_art.card_size("normal")
    sw, sh = card_art.card_size("small")
    sheet = pygame.Surface((13 * (nw + 4) + 8, 4 * (nh + 4) + 4 * (sh + 4) + nh + sh + 60))
    sheet.fill(PALETTE[GREEN])
    deck = full_deck()
    y = 4
    for row in range(4):
        for col in range(13):
            sheet.blit(card_art.face(deck[row * 13 + col], "normal"), (4 + col * (nw + 4), y))
        y += nh + 4
    for row in range(4):
        for col in range(13):
            sheet.blit(card_art.face(deck[row * 13 + col], "small"), (4 + col * (sw + 4), y))
        y += sh + 4
    colours = [BLUE, RED, GREEN, MAGENTA]
    for d in range(4):
        sheet.blit(card_art.back(d, "normal", colours[d]), (4 + d * (nw + 4), y))
        sheet.blit(card_art.back(d, "small", colours[d]), (4 + d * (sw + 4), y + nh + 4))
    x = 4 + 4 * (nw + 4) + 8
    for d, c in enumerate((CYAN, BROWN, BLACK, LIGHT_GREY)):
        sheet.blit(card_art.back(d, "normal", c), (x + d * (nw + 4), y))
    x += 4 * (nw + 4) + 8
    sheet.blit(card_art.empty_slot("normal", LIGHT_GREY), (x, y))
    sheet.blit(card_art.empty_slot("small", LIGHT_GREY), (x, y + nh + 4))
    x += nw + 8
    f = card_art.face(Card(12, "H"), "normal")
    sheet.blit(f, (x, y))
    card_art.draw_frame(sheet, pygame.Rect(x, y, nw, nh), YELLOW)
    return sheet


def table_mock() -> pygame.Surface:
    """A 640x480 Nerts-like table: four seats of four columns, 16 foundations."""
    screen = pygame.Surface((640, 480))
    screen.fill(PALETTE[GREEN])
    sw, sh = card_art.card_size("small")
    font = get_font()
    # 16 foundations across the middle
    for i in range(16):
        x, y = 4 + i * (sw + 3) + 84, 220
        if i % 3 == 0:
            screen.blit(card_art.empty_slot("small", LIGHT_GREY), (x, y))
        else:
            screen.blit(card_art.face(Card(1 + i % 13, "CDHS"[i % 4]), "small"), (x, y))
    # a seat: 4 columns of 13 overlapped cards going down from y=0
    for seat, (ox, oy, colour) in enumerate(((10, 4, BLUE), (330, 4, RED))):
        for col in range(4):
            for i in range(13 if col == 0 else 5 + col):
                rank = 13 - i
                suit = "HSDC"[(i + col) % 4]
                screen.blit(card_art.face(Card(rank, suit), "small"),
                            (ox + col * (sw + 4), oy + i * card_art.TOP_STRIP))
        screen.blit(card_art.back(seat, "small", colour), (ox + 4 * (sw + 4) + 6, oy))
        wx = ox + 5 * (sw + 4) + 6
        for k, t in enumerate(("TS", "QH", "7D")):  # the waste fanned sideways
            screen.blit(card_art.face(Card.parse(t), "small"), (wx + k * (9 + seat), oy))
        wx += 2 * (9 + seat)
        card_art.draw_frame(screen, pygame.Rect(wx, oy, sw, sh), YELLOW)
    # a Gin hand of 11 normal cards
    nw, nh = card_art.card_size("normal")
    hand = [Card.parse(t) for t in ["AS", "2S", "3S", "7H", "7D", "7C", "TD", "JD", "QD", "KD", "9C"]]
    for i, c in enumerate(hand):
        screen.blit(card_art.face(c, "normal"), (20 + i * (nw + 4), 400))
    screen.blit(card_art.back(0, "normal", BLUE), (560, 400))
    font.draw_cell(screen, 0, 16, f" Gin hand: 11 cards x {nw + 4} px ", WHITE, BLUE)
    return screen


def main(outdir: str) -> None:
    pygame.image.save(pygame.transform.scale_by(cards_sheet(), 2), os.path.join(outdir, "preview_cards.png"))
    pygame.image.save(table_mock(), os.path.join(outdir, "preview_table.png"))
    pygame.image.save(pygame.transform.scale_by(table_mock(), 2), os.path.join(outdir, "preview_table2.png"))
