"""App: the display, the fixed-timestep loop, audio, options and the scene stack.

Runs headless with SDL_VIDEODRIVER=dummy and SDL_AUDIODRIVER=dummy:
`App(...).run(max_frames=N)` runs N frames and returns; tests post pygame events
before or between runs. With realtime=False every frame accounts exactly one
60th of a second, so a headless run is the same on any machine.
"""
from __future__ import annotations

import os
import time

import pygame

from game import errors, palette, ui
from game.audio import Audio
from game.clock import STEP, STEP_HZ, FixedClock, blink_on
from game.keys import is_alt_enter, is_modifier_only
from game.options import load_options, save_options
from game.paths import default_save_dir
from game.scene import TRANSITIONS, Pop, Push, Replace, Scene, Transition
from game.scenes.overlays import HelpBox, KeysBox, MessageBox
from game.screen import Display
from game.stats import load_stats
from game.storage import FAILURE_LIMIT, Storage

FPS = 60
BELL_STEPS = STEP_HZ // 6  # how long the visual bell flashes the border


def elide(text: str, width: int) -> str:
    """A path cut in the middle to fit `width` characters (its start and its name show)."""
    if len(text) <= width:
        return text
    keep = width - 3
    return text[:keep // 2] + "..." + text[len(text) - (keep - keep // 2):]


class App:
    def __init__(self, save_dir: str | None = None, fullscreen: bool | None = None,
                 seed: int | None = None, realtime: bool = True):
        pygame.display.init()  # the rest (the mixer) starts after the first frame
        self.save_dir = save_dir or default_save_dir()
        errors.set_log_dir(self.save_dir)
        self.storage = Storage(self.save_dir)
        self.storage.check_writable()
        self.options = load_options(self.storage)
        self.stats = load_stats(self.storage)
        self.audio = Audio(enabled=self.options["sound.on"])
        if fullscreen is None:
            fullscreen = self.options["screen.fullscreen"]
        self.display = Display(fullscreen)
        self.canvas = self.display.canvas
        pygame.key.stop_text_input()  # KEYDOWN.unicode is all we read
        self.clock = FixedClock()
        self.seed = seed
        self.realtime = realtime
        self.scenes: list = []
        self.running = True
        self.frames = 0
        self.beeps = 0          # error answers given, heard or flashed
        self.bell_steps = 0
        self.toast_text = ""
        self.toast_steps = 0
        self.frame_times: list[float] = []  # update+draw seconds of recent frames
        self.internal_errors: list[str] = []  # bugs caught before they reached the player
        self._pg_clock = pygame.time.Clock()

    # the scene stack --------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        scene.on_enter()

    def pop(self, scene: Scene | None = None) -> None:
        """Remove the top scene (or the given one, wherever it is)."""
        if scene is None:
            if self.scenes:
                self.scenes.pop()
        elif scene in self.scenes:
            self.scenes.remove(scene)
        if self.scenes:
            self.scenes[-1].on_enter()
        else:
            self.running = False

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop()
        self.push(scene)

    def apply(self, transition: Transition) -> None:
        """What a scene asked of the stack (a Push, Pop or Replace it returned)."""
        if isinstance(transition, Push):
            self.push(transition.scene)
        elif isinstance(transition, Pop):
            self.pop(transition.scene)
            after = transition.then() if transition.then else None
            if isinstance(after, TRANSITIONS):
                self.apply(after)
        elif isinstance(transition, Replace):
            self.replace(transition.scene)
        else:
            raise TypeError(f"not a transition: {transition!r}")

    # time --------------------------------------------------------------------
    @property
    def steps(self) -> int:
        return self.clock.steps

    @property
    def blink(self) -> bool:
        """The blink attribute's phase now (about 2 Hz, on the fixed clock)."""
        return blink_on(self.clock.steps)

    # answers to the player ----------------------------------------------------
    def error(self) -> None:
        """The error beep (or the visual bell's flash). Nothing else happens."""
        self.beeps += 1
        if self.options["sound.visual_bell"]:
            self.bell_steps = BELL_STEPS
        else:
            self.audio.play("error")

    def sound(self, name: str) -> None:
        self.audio.play(name)

    def toast(self, text: str, seconds: float = 2.5) -> None:
        """A short message on the bottom line, over everything."""
        self.toast_text = text
        self.toast_steps = int(seconds * STEP_HZ)

    def apply_options(self) -> None:
        self.audio.enabled = self.options["sound.on"]

    def save_options(self) -> None:
        save_options(self.storage, self.options)

    def screenshot(self) -> str | None:
        """F12: the canvas as a PNG in the saves folder; a folder that cannot be made
        or written is told on the bottom line, and play goes on."""
        try:
            os.makedirs(self.save_dir, exist_ok=True)
        except OSError as exc:
            self.toast(f"No screenshot: cannot make {elide(self.save_dir, 36)} ({exc.strerror or exc})",
                       seconds=5)
            return None
        stamp = time.strftime("%Y%m%d-%H%M%S")
        n = 0
        while True:
            path = os.path.join(self.save_dir, f"screenshot-{stamp}{'-%d' % n if n else ''}.png")
            if not os.path.exists(path):
                break
            n += 1
        try:
            pygame.image.save(self.canvas, path)
        except (pygame.error, OSError) as exc:
            self.toast(f"No screenshot in {elide(self.save_dir, 36)}: {exc}", seconds=5)
            return None
        name = os.path.basename(path)
        self.toast(f"Screenshot saved: {elide(self.save_dir, 78 - 19 - len(name))}{os.sep}{name}")
        return path

    # the loop -----------------------------------------------------------------
    def run(self, max_frames: int | None = None) -> None:
        end = None if max_frames is None else self.frames + max_frames
        last = time.perf_counter()
        while self.running and self.scenes and (end is None or self.frames < end):
            if self.realtime:
                now = time.perf_counter()
                dt, last = now - last, now
            else:
                dt = 1.0 / FPS
            t0 = time.perf_counter()
            due = self.clock.advance(dt)
            if due == 0:
                self._pump()
            for _ in range(due):
                self._pump()
                if not self.running:
                    break
                self._step()
                if not self.running:
                    break
            if not self.running:
                break      # quit saved the game as it stood: no step and no draw after it
            self._draw()
            self.frame_times.append(time.perf_counter() - t0)
            if len(self.frame_times) > 1200:
                del self.frame_times[:600]
            self.display.present()
            self.frames += 1
            if self.frames == 1:
                if os.environ.get("GNERTS_REPORT_FIRST_FRAME"):
                    # for bench/: the wall-clock moment the first frame was on screen
                    print(f"GNERTS-FIRST-FRAME {time.time():.6f}", flush=True)
                self.audio.open()  # after the first frame: the title does not wait for it
            if self.realtime:
                self._pg_clock.tick(FPS)

    def _pump(self) -> None:
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                self.quit()
            elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                self.display.resized()
            elif event.type == pygame.KEYDOWN:
                self.key(event)
            if not self.running:
                return

    def key(self, event: pygame.event.Event) -> None:
        """One key press: the common keys, then the top scene, else the beep."""
        if is_modifier_only(event):
            return
        if is_alt_enter(event):
            self.display.toggle_fullscreen()
            self.canvas = self.display.canvas
            return
        if event.key in (pygame.K_F12, pygame.K_PRINTSCREEN):
            self.screenshot()
            return
        if event.key == pygame.K_F4 and event.mod & pygame.KMOD_ALT:
            self.quit()
            return
        scene = self.top
        if scene is None:
            return
        try:
            handled = scene.handle(event)
        except Exception as exc:
            # a bug must never reach the player as a crash: the key is refused
            self._internal_error(exc, "key")
            self.toast("Internal error: that key was refused (details on the console).")
            self.error()
            return
        if isinstance(handled, TRANSITIONS):
            self.apply(handled)
            return
        if handled:
            return
        if event.key == pygame.K_F1:
            self.push(KeysBox(self, scene))
        elif event.key == pygame.K_F2 and scene.help_lines():
            self.push(HelpBox(self, scene.title or "Help", scene.help_lines()))
        else:
            self.error()

    def _internal_error(self, exc: Exception, where: str) -> None:
        """Every bug the App catches goes through errors.report (which raises under tests)."""
        self.internal_errors.append(f"{where}: {type(exc).__name__}: {exc}")
        errors.report(exc, where)

    def _scene_failed(self, scene, exc: Exception, where: str) -> None:
        """A scene's update or draw raised: save what it holds, close it, tell the
        player. The program goes on from the scene below. A save whose table fails a
        second time in a row is set aside as NAME.bad: never "Resume it" for ever."""
        self._internal_error(exc, where)
        with self.storage.failure_saves() as written:
            try:
                scene.save_state()
            except Exception as exc2:
                self._internal_error(exc2, "save after error")
        lines = [f"An internal error closed the {scene.title or 'screen'} ({type(exc).__name__})."]
        for name in written:
            if self.storage.note_failure(name) >= FAILURE_LIMIT:
                where = self.storage.move_aside(name)
                lines.append(f"The saved game failed again: {name} was set aside ({where}).")
            else:
                lines.append("A game in progress was saved: Resume it from the menu.")
        self.pop(scene)
        if self.scenes:
            self.push(MessageBox(self, "Sorry", lines))

    def _step(self) -> None:
        for scene in self._updating_scenes():
            try:
                transition = scene.update(STEP)
            except Exception as exc:
                self._scene_failed(scene, exc, "update")
                continue
            if transition is not None:
                self.apply(transition)
        if self.bell_steps:
            self.bell_steps -= 1
        if self.toast_steps:
            self.toast_steps -= 1
        problems = self.storage.take_problems()
        if problems:
            self.push(MessageBox(self, "Notice", problems))

    def _updating_scenes(self):
        """The top scene; a covered one only if it asks to keep running."""
        top = self.top
        return [s for s in self.scenes if s is top or s.updates_when_covered]

    def _draw(self) -> None:
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        self.canvas.fill(palette.PALETTE[palette.BLACK])
        for scene in self.scenes[start:]:
            try:
                scene.draw(self.canvas)
            except Exception as exc:
                self._scene_failed(scene, exc, "draw")
                return
        if self.bell_steps:
            w, h = self.canvas.get_size()
            pygame.draw.rect(self.canvas, palette.PALETTE[palette.WHITE], (0, 0, w, h), 6)
        if self.toast_steps and self.toast_text:
            ui.fill(self.canvas, 0, 29, 80, 1, palette.BLUE)
            ui.text(self.canvas, 1, 29, self.toast_text[:78], palette.YELLOW, palette.BLUE)

    def quit(self) -> None:
        """Leave the program: every scene keeps what it must (closing the window saves)."""
        for scene in reversed(self.scenes):
            try:
                scene.save_state()
            except Exception as exc:
                self._internal_error(exc, "save on quit")
        self.running = False

    def close(self) -> None:
        self.audio.stop()
        pygame.quit()
