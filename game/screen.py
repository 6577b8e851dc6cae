"""The display: one 640x480 logical canvas, scaled by whole numbers with black borders.

pygame's SCALED flag letterboxes at fractional scales in full screen, so we scale the
canvas ourselves (as pygame-ce's retro_scaling example does): nearest neighbour, the
largest whole factor that fits, centred.
"""
from __future__ import annotations

import pygame

WIDTH, HEIGHT = 640, 480
COLS, ROWS = 80, 30  # text cells of 8x16


def fit(canvas_size, window_size) -> pygame.Rect:
    """Where the scaled canvas goes in the window: whole-number scale, centred.
    A window smaller than the canvas gets it shrunk to fit (never a crash)."""
    cw, ch = canvas_size
    ww, wh = window_size
    scale = min(ww // cw, wh // ch)
    if scale >= 1:
        w, h = cw * scale, ch * scale
    else:
        f = min(ww / cw, wh / ch)
        w, h = max(1, int(cw * f)), max(1, int(ch * f))
    return pygame.Rect((ww - w) // 2, (wh - h) // 2, w, h)


class Display:
    def __init__(self, fullscreen: bool, caption: str = "G'NERTS"):
        self.canvas = pygame.Surface((WIDTH, HEIGHT))
        self.fullscreen = fullscreen
        self.caption = caption
        self.window = None
        self._scaled = None
        self.open()

    def _windowed_size(self):
        """The largest whole multiple of the canvas that fits the desktop, with room."""
        try:
            dw, dh = pygame.display.get_desktop_sizes()[0]
        except (pygame.error, IndexError):
            dw, dh = 0, 0
        scale = max(1, min((dw - 80) // WIDTH, (dh - 120) // HEIGHT)) if dw and dh else 1
        return WIDTH * scale, HEIGHT * scale

    def open(self):
        pygame.display.set_caption(self.caption)
        if self.fullscreen:
            try:
                self.window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error:
                self.fullscreen = False
        if not self.fullscreen:
            self.window = pygame.display.set_mode(self._windowed_size(), pygame.RESIZABLE)
        pygame.mouse.set_visible(False)
        self._layout()

    def _layout(self):
        self.target = fit((WIDTH, HEIGHT), self.window.get_size())
        self._scaled = None
        if self.target.size != (WIDTH, HEIGHT):
            self._scaled = pygame.Surface(self.target.size)

    def toggle_fullscreen(self):
        self.fullscreen = not self.fullscreen
        self.open()

    def resized(self):
        self.window = pygame.display.get_surface()
        self._layout()

    def present(self):
        """Scale the canvas onto the window and flip."""
        win = self.window
        if self._scaled is None:
            win.blit(self.canvas, self.target)
        else:
            pygame.transform.scale(self.canvas, self.target.size, self._scaled)
            win.blit(self._scaled, self.target)
        pygame.display.flip()

    def clear_borders(self):
        self.window.fill((0, 0, 0))
