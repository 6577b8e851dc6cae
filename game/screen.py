"""The display: one 640x480 logical canvas, scaled by whole numbers with black borders.

pygame's SCALED flag letterboxes at fractional scales in full screen, so we place the
canvas ourselves (as pygame-ce's retro_scaling example does): nearest neighbour, the
largest whole factor that fits, centred.

Two ways to put it on screen, chosen once at start:
- the SDL renderer (`pygame.Window` + `Renderer` + a streaming `Texture`): the
  graphics card scales the canvas; the CPU only uploads 640x480 pixels;
- the CPU path (`pygame.display.set_mode`, `transform.scale`, `flip`): the fallback
  when no renderer can be made, or when GNERTS_RENDERER=cpu.

Either way `present()` is called only for a frame whose picture changed (the App
keeps the last presented canvas and compares), so an idle screen costs nothing here.
"""
from __future__ import annotations

import os

import pygame
from pygame._sdl2 import video

WIDTH, HEIGHT = 640, 480
COLS, ROWS = 80, 30  # text cells of 8x16
CAPTION = "G'NERTS"


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


def windowed_size() -> tuple[int, int]:
    """The largest whole multiple of the canvas that fits the desktop, with room."""
    try:
        dw, dh = pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):
        dw, dh = 0, 0
    scale = max(1, min((dw - 80) // WIDTH, (dh - 120) // HEIGHT)) if dw and dh else 1
    return WIDTH * scale, HEIGHT * scale


def desktop_size() -> tuple[int, int] | None:
    try:
        return tuple(pygame.display.get_desktop_sizes()[0])
    except (pygame.error, IndexError):
        return None


class Display:
    """The window and how the canvas reaches it. `kind` is "renderer" or "cpu"."""

    def __init__(self, fullscreen: bool, renderer: bool | None = None):
        self.canvas = pygame.Surface((WIDTH, HEIGHT))
        self.fullscreen = fullscreen
        if renderer is None:
            renderer = os.environ.get("GNERTS_RENDERER", "gpu").lower() != "cpu"
        self.backend = None
        if renderer:
            try:
                self.backend = RendererBackend(fullscreen)
            except (pygame.error, RuntimeError, AttributeError):
                self.backend = None   # no renderer here: the CPU path below
        if self.backend is None:
            self.backend = SurfaceBackend(fullscreen)
        self.fullscreen = self.backend.fullscreen
        pygame.mouse.set_visible(False)

    @property
    def window_size(self) -> tuple[int, int]:
        return self.backend.size()

    def toggle_fullscreen(self) -> None:
        self.backend.set_fullscreen(not self.fullscreen)
        self.fullscreen = self.backend.fullscreen

    def resized(self) -> None:
        self.backend.layout()

    def present(self) -> None:
        self.backend.present(self.canvas)

    def close(self) -> None:
        """Free the window's objects while SDL still lives (pygame.quit comes after)."""
        self.backend.close()


class RendererBackend:
    """The graphics card scales: the canvas is uploaded to a texture and drawn at
    the whole-number scale; the borders are the renderer's black clear."""
    kind = "renderer"

    def __init__(self, fullscreen: bool):
        self.window = pygame.Window(CAPTION, windowed_size(), resizable=True, hidden=True)
        try:
            self.renderer = video.Renderer(self.window, accelerated=-1, vsync=False)
            self.renderer.draw_color = (0, 0, 0, 255)
            # nearest neighbour: pixels stay square and sharp
            self.texture = video.Texture(self.renderer, (WIDTH, HEIGHT), streaming=True,
                                         scale_quality=0)
        except Exception:
            self.window.destroy()
            raise
        self.fullscreen = False
        if fullscreen:
            self.set_fullscreen(True)
        self.window.show()
        self.layout()

    def size(self) -> tuple[int, int]:
        return tuple(self.window.size)

    def layout(self) -> None:
        self.target = fit((WIDTH, HEIGHT), self.size())

    def set_fullscreen(self, on: bool) -> None:
        try:
            if on:
                self.window.set_fullscreen(desktop=True)
            else:
                self.window.set_windowed()
                self.window.size = windowed_size()
                self.window.position = video.WINDOWPOS_CENTERED
            self.fullscreen = on
        except pygame.error:
            pass   # the window stays as it was; the player sees no change
        self.layout()

    def close(self) -> None:
        # in this order, now: a texture freed by the garbage collector after SDL has
        # quit would free whatever new texture took its address
        self.texture = None
        self.renderer = None
        self.window.destroy()

    def present(self, canvas: pygame.Surface) -> None:
        self.texture.update(canvas)
        self.renderer.clear()
        self.texture.draw(dstrect=self.target)
        self.renderer.present()


class SurfaceBackend:
    """The CPU scales: transform.scale into a surface the size of the picture, blit,
    flip. Used when no renderer can be made."""
    kind = "cpu"

    def __init__(self, fullscreen: bool):
        pygame.display.set_caption(CAPTION)
        self.fullscreen = False
        self.window = None
        self.set_fullscreen(fullscreen)

    def size(self) -> tuple[int, int]:
        return self.window.get_size()

    def set_fullscreen(self, on: bool) -> None:
        if on:
            try:
                # the desktop's own size: a window made full screen ends where a
                # full-screen start would be (not at the old window's size)
                size = desktop_size() or (0, 0)
                self.window = pygame.display.set_mode(size, pygame.FULLSCREEN)
                self.fullscreen = True
            except pygame.error:
                on = False
        if not on:
            self.window = pygame.display.set_mode(windowed_size(), pygame.RESIZABLE)
            self.fullscreen = False
        self.layout()

    def layout(self) -> None:
        surface = pygame.display.get_surface()
        if surface is not None:
            self.window = surface
        self.target = fit((WIDTH, HEIGHT), self.window.get_size())
        self._scaled = None
        if self.target.size != (WIDTH, HEIGHT):
            self._scaled = pygame.Surface(self.target.size)
        self.window.fill((0, 0, 0))

    def close(self) -> None:
        self._scaled = None

    def present(self, canvas: pygame.Surface) -> None:
        if self._scaled is None:
            self.window.blit(canvas, self.target)
        else:
            pygame.transform.scale(canvas, self.target.size, self._scaled)
            self.window.blit(self._scaled, self.target)
        pygame.display.flip()
