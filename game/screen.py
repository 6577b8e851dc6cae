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
keeps the last presented canvas and compares), and with the rectangles of the canvas
that changed (`changed_rects`): the CPU path scales and sends only those to the window
(`pygame.display.update(rects)`), the renderer uploads only those to its texture (it
must draw the whole window anyway). A blinking word costs a few thousand pixels.

A renderer that is itself software (Mesa's llvmpipe under a virtual X display, a
machine without a graphics driver) presents the whole window at each frame, a costly
copy at full screen; there the CPU path is taken instead, since it sends only what
changed. Measurements: docs/performance.md.
"""
from __future__ import annotations

import os
import sys

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


SOFTWARE_GL = (b"llvmpipe", b"softpipe", b"software rasterizer", b"swrast", b"lavapipe")
# Where a Linux system's hardware OpenGL is reached: a DRM device (Mesa's drivers),
# NVIDIA's own driver, WSL's GPU. With none of them its OpenGL can only be software.
GPU_DEVICES = ("/dev/dri", "/dev/nvidia0", "/dev/dxg")
FULL_SHARE = 0.5      # changed rectangles covering more than this of the canvas: present it whole


def changed_rects(before: bytes | None, after: bytes, pitch: int) -> list[pygame.Rect] | None:
    """The rectangles of the canvas whose pixels differ between two copies of its
    buffer (`pitch` bytes a row): one per run of changed rows, as wide as the changes
    in that run. None: present the whole canvas (no earlier picture, or most of it changed).
    Rows and their changed spans are found by comparing slices (memcmp), a binary
    search for a span's ends: no numpy, whose import would stall the first frames."""
    if before is None or len(before) != len(after):
        return None
    if before == after:
        return []
    width = WIDTH * 4                       # the bytes of a row's pixels (the pitch may pad it)
    rows = [y for y in range(len(after) // pitch)
            if before[y * pitch:y * pitch + width] != after[y * pitch:y * pitch + width]]
    rects, area = [], 0
    i = 0
    while i < len(rows):
        j = i
        while j + 1 < len(rows) and rows[j + 1] == rows[j] + 1:
            j += 1
        lo, hi = width, 0                   # the changed bytes of the run: [lo, hi)
        for y in rows[i:j + 1]:
            b, a = before[y * pitch:y * pitch + width], after[y * pitch:y * pitch + width]
            if b[:lo] != a[:lo]:
                lo = _first_change(b, a, lo)
            if b[hi:] != a[hi:]:
                hi = _last_change(b, a, hi) + 1
        x0, x1 = lo // 4, (hi + 3) // 4
        rects.append(pygame.Rect(x0, rows[i], x1 - x0, j - i + 1))
        area += (x1 - x0) * (j - i + 1)
        i = j + 1
    return None if area > FULL_SHARE * WIDTH * HEIGHT else rects


def _first_change(b: bytes, a: bytes, end: int) -> int:
    """The first index where b and a differ, one known to lie before `end`."""
    lo, hi = 0, end
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if b[lo:mid] != a[lo:mid]:
            hi = mid
        else:
            lo = mid
    return lo


def _last_change(b: bytes, a: bytes, start: int) -> int:
    """The last index where b and a differ, one known to lie at or after `start`."""
    lo, hi = start, len(b)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if b[mid:hi] != a[mid:hi]:
            lo = mid
        else:
            hi = mid
    return lo


def no_gpu() -> bool:
    """Could only a software OpenGL run here? On Linux under X11 or Wayland, when no
    device of a graphics card exists: then the renderer is not even tried, since making
    one to ask (software_renderer) costs about 60 ms of start-up (docs/performance.md)."""
    return (sys.platform.startswith("linux") and pygame.display.get_driver() in ("x11", "wayland")
            and not any(os.path.exists(path) for path in GPU_DEVICES))


def software_renderer() -> bool:
    """Is the current OpenGL context a software rasterizer (Mesa's llvmpipe and kin)?
    Asked of libGL where the SDL renderer is OpenGL's (Linux and the BSDs); False
    where it cannot be told (SDL's dummy and offscreen drivers have no OpenGL)."""
    if (not sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd"))
            or pygame.display.get_driver() in ("dummy", "offscreen")):
        return False
    # lazy: ctypes.util brings subprocess (8 ms of start-up) and looks libGL up with ldconfig
    import ctypes
    import ctypes.util
    try:
        name = ctypes.util.find_library("GL")
        if name is None:
            return False
        gl = ctypes.CDLL(name)
        gl.glGetString.restype = ctypes.c_char_p
        gl.glGetString.argtypes = [ctypes.c_uint]
        renderer = gl.glGetString(0x1F01)     # GL_RENDERER; NULL without a current context
    except (OSError, AttributeError):
        return False
    return bool(renderer) and any(word in renderer.lower() for word in SOFTWARE_GL)


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
        forced = renderer is not None
        software = False
        if renderer is None:
            renderer = os.environ.get("GNERTS_RENDERER", "gpu").lower() != "cpu"
            software = renderer and no_gpu()
        self.backend = None
        if renderer and not software:
            try:
                self.backend = RendererBackend(fullscreen)
            except (pygame.error, RuntimeError, AttributeError):
                self.backend = None   # no renderer here: the CPU path below
            if self.backend is not None and not forced and software_renderer():
                self.backend.close()  # a software renderer copies the whole window a frame
                self.backend = None
                software = True
        if software:
            # SDL would put the CPU path's window through a renderer too (and make a test
            # window with an OpenGL context to decide): its window surface is sent by
            # MIT-SHM instead, the changed rectangles only
            os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        if self.backend is None:
            self.backend = SurfaceBackend(fullscreen)
        self.fullscreen = self.backend.fullscreen
        pygame.mouse.set_visible(False)

    @property
    def window_size(self) -> tuple[int, int]:
        return self.backend.size()

    def to_window(self, rect: pygame.Rect) -> pygame.Rect:
        """A rectangle of the canvas where it shows in the window (scaled, letterboxed)."""
        t = self.backend.target
        sx, sy = t.w / WIDTH, t.h / HEIGHT
        return pygame.Rect(t.x + round(rect.x * sx), t.y + round(rect.y * sy),
                           max(1, round(rect.w * sx)), max(1, round(rect.h * sy)))

    def toggle_fullscreen(self) -> None:
        self.backend.set_fullscreen(not self.fullscreen)
        self.fullscreen = self.backend.fullscreen

    def resized(self) -> None:
        self.backend.layout()

    def present(self, rects: list[pygame.Rect] | None = None) -> None:
        """The canvas on screen: whole, or only `rects` of it (what changed since the
        last present)."""
        self.backend.present(self.canvas, rects)

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

    def present(self, canvas: pygame.Surface, rects: list[pygame.Rect] | None = None) -> None:
        if rects is None:
            self.texture.update(canvas)
        else:
            for r in rects:
                self.texture.update(canvas.subsurface(r), area=r)
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

    def present(self, canvas: pygame.Surface, rects: list[pygame.Rect] | None = None) -> None:
        scale = self.target.w // WIDTH
        if rects is None or self.target.size != (WIDTH * scale, HEIGHT * scale):
            # whole (or shrunk to a window smaller than the canvas)
            if self._scaled is None:
                self.window.blit(canvas, self.target)
            else:
                pygame.transform.scale(canvas, self.target.size, self._scaled)
                self.window.blit(self._scaled, self.target)
            pygame.display.flip()
            return
        shown = []
        for r in rects:
            dest = pygame.Rect(self.target.x + r.x * scale, self.target.y + r.y * scale,
                               r.w * scale, r.h * scale)
            part = canvas.subsurface(r)
            self.window.blit(part if scale == 1 else pygame.transform.scale(part, dest.size), dest)
            shown.append(dest)
        pygame.display.update(shown)
