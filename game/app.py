"""App: the display, the fixed-timestep loop, audio, options and the scene stack.

Runs headless with SDL_VIDEODRIVER=dummy and SDL_AUDIODRIVER=dummy:
`App(...).run(max_frames=N)` runs N frames and returns; tests post pygame events
before or between runs. With realtime=False every frame accounts exactly one
60th of a second, so a headless run is the same on any machine.
"""
from __future__ import annotations

import io
import os
import time
from collections.abc import Collection
from functools import cached_property
from typing import TYPE_CHECKING, Any

import pygame

from game import errors, palette, ui
from game.audio import Audio
from game.clock import BLINK_STEPS, STEP, STEP_HZ, FixedClock, blink_on
from game.games import CODECS
from game.keys import is_alt_enter, is_modifier_only
from game.options import load_options, save_options
from game.paths import default_save_dir
from game.scene import TRANSITIONS, Pop, Push, Replace, Scene, Transition
from game.scenes.overlays import HelpBox, KeysBox, MessageBox
from game.screen import Display, changed_rects
from game.speech import SilentSpeaker, open_speaker
from game.spoken import speakable
from game.stats import load_stats
from game.storage import FAILURE_LIMIT, Storage
from game.text_input import TextInput

if TYPE_CHECKING:
    from game.replay_store import ReplayStore

FPS = 60
BELL_STEPS = STEP_HZ // 6  # how long the visual bell flashes the border
BELL_EDGE, BELL_SIDE = 1, 4   # the bell's band in pixels: top/bottom, sides
TOAST_ROW = 29             # a toast's line: the bottom one, or the one above a key bar
IDLE_WAIT_MAX = 0.2        # the longest idle sleep: below the clock's 0.25 s clamp
# An idle sleep looks for events this often: pygame's event.wait(timeout) polls every
# millisecond (2.5% of a core doing nothing), and a key still shows in the next frame.
IDLE_POLL = 1.0 / FPS


def elide(text: str, width: int) -> str:
    """A path cut in the middle to fit `width` characters (its start and its name show)."""
    if len(text) <= width:
        return text
    keep = width - 3
    return text[:keep // 2] + "..." + text[len(text) - (keep - keep // 2):]


def flash_border(canvas: pygame.Surface) -> None:
    """The visual bell: the canvas's edge in inverse colours, where no text is: the
    top line of the first text row and the bottom line of the last are blank in every
    glyph, and the sides are the outer half of the edge columns."""
    w, h = canvas.get_size()
    for rect in ((0, 0, w, BELL_EDGE), (0, h - BELL_EDGE, w, BELL_EDGE),
                 (0, 0, BELL_SIDE, h), (w - BELL_SIDE, 0, BELL_SIDE, h)):
        under = canvas.subsurface(rect).copy()
        canvas.fill((255, 255, 255), rect)
        canvas.blit(under, rect[:2], special_flags=pygame.BLEND_RGB_SUB)


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
        pygame.key.stop_text_input()  # on only while a text field has the focus (game/text_input.py)
        self.typing = TextInput(lambda: self.top, self._to_scene, self.error, self.display.to_window)
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
        # drawing only what changed (see run): counters for tests and the bench
        self.draws = 0
        self.presents = 0
        self.always_draw = False   # the bench's frame-time rows draw every frame
        self.check_dirty = bool(os.environ.get("GNERTS_CHECK_DIRTY"))
        self._redraw = True
        self._must_present = True
        self._drawn_blink: bool | None = None
        self._presented: bytes | None = None
        self._waited_events: list = []
        self.speaker = SilentSpeaker()      # opened after the first frame if the option is on
        self._spoken: tuple = (None, None)  # (top scene, focus text) last said
        self.last_said = ""                 # Shift+F11 says it again
        self._told_no_voice = False

    @cached_property
    def replays(self) -> ReplayStore:     # the replays folder, read when listed
        from game.replay_store import ReplayStore  # lazy: start-up time (hashing, the index)
        return ReplayStore(self.storage, CODECS)

    # the scene stack --------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self._redraw = True
        self.scenes.append(scene)
        scene.on_enter()

    def pop(self, scene: Scene | None = None) -> None:
        """Remove the top scene (or the given one, wherever it is)."""
        self._redraw = True
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
        elif isinstance(transition, (Pop, Replace)):
            if isinstance(transition, Pop):
                self.pop(transition.scene)
            else:
                self.replace(transition.scene)
            after = transition.then() if transition.then else None
            if isinstance(after, TRANSITIONS):
                self.apply(after)
        else:
            raise TypeError(f"not a transition: {transition!r}")

    # network play ------------------------------------------------------------
    def open_hosting(self, game: str, remote: Collection[int], **options: Any) -> Any:
        """A NetHosting for a table a set-up screen opens to the network (made here,
        where the program is put together: the network imports the games' list, which
        imports the set-up screens)."""
        # lazy: the transport (websockets) loads only when a table is hosted
        from game.net.hosting import NetHosting
        return NetHosting(game, remote, **options)

    # time --------------------------------------------------------------------
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
            self._redraw = True
        else:
            self.audio.play("error")

    def sound(self, name: str) -> None:
        self.audio.play(name)

    def toast(self, text: str, seconds: float = 2.5) -> None:
        """A short message on the bottom line, over everything."""
        self.toast_text = text
        self.toast_steps = int(seconds * STEP_HZ)
        self._redraw = True

    def apply_options(self) -> None:
        self.audio.enabled = self.options["sound.on"]
        self.open_speech()

    # speech ------------------------------------------------------------------------
    def open_speech(self) -> None:
        """Start or stop the voice to match the Speech option; say why if none is had."""
        wanted = bool(self.options.get("speech.on", False))
        if wanted == self.speaker.available and (wanted or not self.speaker.reason):
            return
        self.speaker.close()
        self.speaker = open_speaker(wanted, self.audio)
        self._spoken = (None, None)
        self._told_no_voice = False

    def say(self, text: str, interrupt: bool = False) -> None:
        """Speak a line (a note, a question...) when Speech is on; queued after what is
        being said unless interrupt."""
        if self.speaker.available and text:
            self.last_said = speakable(text)
            self.speaker.say(self.last_said, interrupt)

    def _speak_changes(self) -> None:
        """After a key or a change of scene: the new scene's intro, or the new focus."""
        top = self.top
        if top is None:
            return
        focus = top.spoken_focus()
        last_top, last_focus = self._spoken
        if top is not last_top:
            self.say(". ".join(t for t in (top.spoken_intro(), focus) if t), interrupt=True)
        elif focus != last_focus:
            self.say(focus, interrupt=True)
        self._spoken = (top, focus)

    def speak_state(self) -> bool:
        """F11: where things stand, from the top scene. Speech on without a voice: why,
        on the bottom line. False: speech is off."""
        if not self.speaker.available and self.speaker.reason:
            self.toast(self.speaker.reason, 5)
            return True
        if not self.speaker.available or self.top is None:
            return False
        top = self.top
        self.say(top.spoken_state() or ". ".join(t for t in (top.spoken_intro(), top.spoken_focus()) if t),
                 interrupt=True)
        return True

    def speak_again(self) -> bool:
        """Shift+F11: the last thing said, said again (False: nothing to say)."""
        if not self.speaker.available or not self.last_said:
            return False
        self.speaker.say(self.last_said, True)
        return True

    def speak_detail(self) -> bool:
        """Ctrl+F11: the top scene's detail (the hand sorted, the Nerts layouts)."""
        detail = self.top.spoken_detail() if self.top is not None else None
        if not self.speaker.available or not detail:
            return False
        self.say(detail, interrupt=True)
        return True


    def save_options(self) -> bool:
        """Write the options; False (and the player told by the storage) if not written."""
        return save_options(self.storage, self.options)

    def screenshot(self) -> str | None:
        """F12: the canvas as a PNG in the saves folder, written whole or not at all (a
        full disk leaves no truncated file); a folder that cannot be made or written is
        told on the bottom line, and play goes on."""
        try:
            os.makedirs(self.save_dir, exist_ok=True)
        except OSError as exc:
            self.toast(f"No screenshot: cannot make {elide(self.save_dir, 36)} ({exc.strerror or exc})",
                       seconds=5)
            return None
        stamp = time.strftime("%Y%m%d-%H%M%S")
        n = 0
        while True:
            name = f"screenshot-{stamp}{f'-{n}' if n else ''}.png"
            if not os.path.lexists(self.storage.path(name)):
                break
            n += 1
        try:
            png = io.BytesIO()
            pygame.image.save(self.canvas, png, name)
            self.storage.write_atomic(name, png.getvalue())
        except (pygame.error, OSError) as exc:
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
            self.toast(f"No screenshot in {elide(self.save_dir, 36)}: {why}", seconds=5)
            return None
        self.toast(f"Screenshot saved: {elide(self.save_dir, 78 - 19 - len(name))}{os.sep}{name}")
        return self.storage.path(name)

    # the loop -----------------------------------------------------------------
    def run(self, max_frames: int | None = None) -> None:
        """Run frames until the program ends (or max_frames frames). A frame takes the
        steps that are due, draws only if the picture may have changed, presents only
        if it did, and then sleeps: a frame's worth when something moves, else until
        the next event or the next change the clock can bring (the blink, a toast)."""
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
                    break   # a quit saved the game: no step after the save
                self._step()
                if not self.running:
                    break
            if not self.running:
                break      # quit saved the game as it stood: no step and no draw after it
            if self.speaker.available:
                if self._redraw:
                    self._speak_changes()
                self.speaker.poll()
            elif self.speaker.reason and not self._told_no_voice:
                self._told_no_voice = True      # the voice failed to start: say so once
                self.toast(self.speaker.reason, 5)
                if self.speaker.detail:
                    errors.note(self.speaker.detail, "speech")
            if self._wants_draw():
                self._draw()
                self.frame_times.append(time.perf_counter() - t0)
                if len(self.frame_times) > 1200:
                    del self.frame_times[:600]
                self._present_if_changed()
            elif self.check_dirty:
                self._check_still_picture()
            self.frames += 1
            if self.frames == 1:
                if os.environ.get("GNERTS_REPORT_FIRST_FRAME"):
                    # for bench/: the wall-clock moment the first frame was on screen
                    print(f"GNERTS-FIRST-FRAME {time.time():.6f}", flush=True)
                self.audio.open()  # after the first frame: the title does not wait for it
                self.open_speech()
            if self.realtime:
                self._sleep()

    # drawing only what changed --------------------------------------------------
    def _visible_scenes(self) -> list:
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        return self.scenes[start:]

    def redraw(self) -> None:
        """The picture must be drawn again at the next frame (an event, a change of
        scene, a toast, the options...)."""
        self._redraw = True

    def _moving(self) -> bool:
        """May a scene on screen have moved on its own? (only a stepped one can)"""
        updating = self._updating_scenes()
        return any(scene.dirty() for scene in self._visible_scenes() if scene in updating)

    def _wants_draw(self) -> bool:
        if self._redraw or self.always_draw or self.blink != self._drawn_blink:
            return True
        return self._moving()

    def _present_if_changed(self) -> None:
        """Present the canvas if a pixel changed since the last present: only the
        rectangles that changed (a blink: a word), the whole after a resize or an expose."""
        picture = self.canvas.get_buffer().raw
        if picture == self._presented and not self._must_present:
            return
        rects = None if self._must_present else changed_rects(self._presented, picture,
                                                              self.canvas.get_pitch())
        self.display.present(rects)
        self.presents += 1
        self._presented = picture
        self._must_present = False

    def _check_still_picture(self) -> None:
        """Under tests: a frame skipped as unchanged must really be unchanged (a scene
        whose dirty() says False while its picture moved is a bug)."""
        before = self._presented
        self._draw(count=False)
        if before is not None and self.canvas.get_buffer().raw != before:
            names = ", ".join(type(s).__name__ for s in self._visible_scenes())
            self._presented = self.canvas.get_buffer().raw
            errors.report(AssertionError(
                f"the picture changed but no scene said so (dirty() was False): {names}"), "draw")

    def _sleep(self) -> None:
        """Wait for the next frame: 1/FPS while anything is moving; else until an event
        arrives or the clock brings a change (a key is answered at once either way)."""
        if self.always_draw or self._redraw or self.speaker.available or self._moving():
            self._pg_clock.tick(FPS)
            return
        steps = self.clock.steps
        wait = BLINK_STEPS - steps % BLINK_STEPS          # the next blink edge
        for left in (self.toast_steps, self.bell_steps):
            if left:
                wait = min(wait, left)
        seconds = min(wait * STEP - self.clock.accumulator, IDLE_WAIT_MAX)
        until = time.perf_counter() + seconds
        while True:
            left = until - time.perf_counter()
            if left <= 0:
                break
            time.sleep(min(left, IDLE_POLL))
            self._waited_events = pygame.event.get()
            if self._waited_events:
                break
        self._pg_clock.tick()   # keep the clock's own bookkeeping, without a wait

    def _pump(self) -> None:
        self.typing.sync()      # before SDL reads the keys: text input as the top scene wants
        events = pygame.event.get()
        if self._waited_events:      # the events that ended an idle wait
            events[:0] = self._waited_events
            self._waited_events = []
        if events:
            self._redraw = True
        for event in events:
            if event.type == pygame.QUIT:
                self.quit()
            elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                self.display.resized()
                self._must_present = True
            elif event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED):
                self._must_present = True
            elif event.type == pygame.KEYDOWN:
                self.key(event)
                self.typing.sync()
            elif event.type == pygame.TEXTINPUT:
                self.text(event)
                self.typing.sync()
            if not self.running:
                return

    def key(self, event: pygame.event.Event) -> None:
        """One key press: the common keys, then the top scene, else the beep."""
        if is_modifier_only(event):
            return
        if is_alt_enter(event):
            self.display.toggle_fullscreen()
            self.canvas = self.display.canvas
            self._must_present = True
            return
        self.speaker.stop()   # a new key stops what is being said
        if event.key == pygame.K_F11 and not event.mod & pygame.KMOD_ALT:
            if event.mod & pygame.KMOD_CTRL:
                done = self.speak_detail()
            elif event.mod & pygame.KMOD_SHIFT:
                done = self.speak_again()
            else:
                done = self.speak_state()
            if not done:
                self.error()
            return
        if event.key in (pygame.K_F12, pygame.K_PRINTSCREEN):
            self.screenshot()
            return
        if event.key == pygame.K_F4 and event.mod & pygame.KMOD_ALT:
            self.quit()
            return
        scene = self.top
        if scene is None or self.typing.hold(scene, event):
            return      # no scene, or a character typed: its TEXTINPUT follows
        self._to_scene(scene, event)

    def text(self, event: pygame.event.Event) -> None:
        """Text typed (TEXTINPUT): into the top scene's text field (game/text_input.py)."""
        try:
            self.typing.text(event)
        except Exception as exc:
            self._internal_error(exc, "typing")
            self.toast("Internal error: that key was refused (details on the console).")
            self.error()

    def _to_scene(self, scene: Scene, event: pygame.event.Event) -> None:
        """A key for the scene: its bindings, else F1/F2's boxes, else the beep."""
        try:
            handled = scene.handle(event)
            if isinstance(handled, TRANSITIONS):
                self.apply(handled)   # a Pop's callback runs here: guarded as the key itself
                return
        except Exception as exc:
            # a bug must never reach the player as a crash: the key is refused
            self._internal_error(exc, "key")
            self.toast("Internal error: that key was refused (details on the console).")
            self.error()
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
            self._redraw = self._redraw or self.bell_steps == 0
        if self.toast_steps:
            self.toast_steps -= 1
            self._redraw = self._redraw or self.toast_steps == 0
        problems = self.storage.take_problems()
        if problems:
            self.push(MessageBox(self, "Notice", problems))

    def _updating_scenes(self):
        """The top scene; a covered one only if it asks to keep running."""
        top = self.top
        return [s for s in self.scenes if s is top or s.updates_when_covered]

    def _draw(self, count: bool = True) -> None:
        if count:
            self.draws += 1
            self._redraw = False
            self._drawn_blink = self.blink
        self.canvas.fill(palette.PALETTE[palette.BLACK])
        for scene in self._visible_scenes():
            try:
                scene.draw(self.canvas)
            except Exception as exc:
                self._scene_failed(scene, exc, "draw")
                return
        try:
            bar = self.draw_key_bar(self.canvas)
        except Exception as exc:
            self._scene_failed(self.top, exc, "draw")
            return
        if self.bell_steps:
            flash_border(self.canvas)
        if self.toast_steps and self.toast_text:
            row = TOAST_ROW - 1 if bar else TOAST_ROW     # never over the keys that work now
            ui.fill(self.canvas, 0, row, 80, 1, palette.BLUE)
            ui.text_cut(self.canvas, 1, row, self.toast_text, palette.YELLOW, palette.BLUE, 78)

    def draw_key_bar(self, canvas: pygame.Surface) -> bool:
        """The top scene's key bar on the bottom line (only the top scene's: the keys
        shown are always the keys that work); False if it has none."""
        items = self.top.key_bar() if self.top is not None else None
        if items:
            ui.key_bar(canvas, items)
        return bool(items)

    def quit(self) -> None:
        """Leave the program: every scene keeps what it must (closing the window saves)."""
        for scene in reversed(self.scenes):
            try:
                scene.save_state()
            except Exception as exc:
                self._internal_error(exc, "save on quit")
        self.running = False

    def close(self) -> None:
        if "replays" in self.__dict__:     # (opened: closing opens nothing)
            self.replays.close()
        self.speaker.close()
        self.audio.stop()
        self.display.close()
        pygame.quit()
