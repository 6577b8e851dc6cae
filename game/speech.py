"""Speech: what the program says aloud when the Speech option is on.

A `Speaker` says short texts without holding up the frame loop: `say(text)` returns
at once, and a new text stops what is being said (a new key interrupts). The real one,
`VoiceSpeaker`, has the system's voices (pyttsx3: eSpeak NG on Linux, SAPI5 on
Windows, the macOS voices) render each text to a WAV in a thread of its own, and plays
it on the game's own sound channel (game.audio), where it can be cut off at once.
When no voice can be had it says why in plain words (`reason`: "No voice was found
for speech. On Linux: sudo apt install espeak-ng."; `detail` keeps the error) and the
game runs as before; `voice_problem()` finds the usual case (no eSpeak library on
Linux) at once, before a voice is started. Tests use `RecordingSpeaker`. No pygame here.
"""
from __future__ import annotations

import importlib.util
import os
import sys
from collections.abc import Callable
from typing import Protocol

# how fast the voice reads (words a minute): brisk, as screen-reader users set it
RATE = 190
FINISH_TIMEOUT = 10.0   # seconds a voice may take to finish a text after runAndWait

NO_VOICE = "No voice was found for speech."
GET_VOICE = "On Linux: sudo apt install espeak-ng."          # the README's line (Speech)
NO_PYTTSX3 = "Speech needs the pyttsx3 package: pip install pyttsx3."
# the eSpeak libraries pyttsx3's Linux driver loads (pyttsx3/drivers/_espeak.py)
ESPEAK_LIBRARIES = ("libespeak-ng.so.1", "/usr/local/lib/libespeak-ng.so.1", "libespeak.so.1")


def no_voice_text() -> str:
    """The notice when no voice was found: what is wrong and how to get one, in one line."""
    return f"{NO_VOICE} {GET_VOICE}"


def _loads(path: str) -> bool:
    import ctypes  # lazy, as threading and queue below: the speech is off at start-up
    try:
        ctypes.CDLL(path)
    except OSError:
        return False
    return True


def voice_problem(platform: str = sys.platform, loads: Callable[[str], bool] = _loads,
                  has_pyttsx3: Callable[[], bool] = lambda: importlib.util.find_spec("pyttsx3") is not None
                  ) -> str:
    """Why no voice can be had here, found at once ("" when one may be): no pyttsx3, or
    on Linux no eSpeak library for it to load. Other failures are told when the voice
    starts (VoiceSpeaker.reason)."""
    if not has_pyttsx3():
        return NO_PYTTSX3
    if platform.startswith("linux") and not any(loads(p) for p in ESPEAK_LIBRARIES):
        return no_voice_text()
    return ""


def plain_reason(error: str) -> str:
    """A voice's start-up error in plain words (the error itself goes to `detail`)."""
    if "espeak" in error.lower() or "No module named 'pyttsx3" in error:
        return no_voice_text() if "espeak" in error.lower() else NO_PYTTSX3
    return "Speech could not start: the system's voice failed (details in the log)."


class Speaker(Protocol):
    available: bool
    reason: str

    def say(self, text: str, interrupt: bool = True) -> None: ...

    def stop(self) -> None: ...

    def poll(self) -> None: ...

    def close(self) -> None: ...


class Player(Protocol):
    """Where rendered speech is heard (game.audio.Audio)."""

    def play_speech(self, wav: bytes) -> bool: ...

    def stop_speech(self) -> None: ...

    def speech_busy(self) -> bool: ...


class SilentSpeaker:
    """Speech off, or no voice on this machine (`reason` says why, in plain words)."""
    available = False

    def __init__(self, reason: str = ""):
        self.reason = reason
        self.detail = ""

    def say(self, text: str, interrupt: bool = True) -> None:
        pass

    def stop(self) -> None:
        pass

    def poll(self) -> None:
        pass

    def close(self) -> None:
        pass


class RecordingSpeaker(SilentSpeaker):
    """For tests: keeps what would have been said, newest last."""
    available = True

    def __init__(self):
        super().__init__("")
        self.said: list[str] = []
        self.stops = 0

    def say(self, text: str, interrupt: bool = True) -> None:
        if interrupt:
            self.stops += 1
        if text:
            self.said.append(text)

    def stop(self) -> None:
        self.stops += 1


def pyttsx3_renderer(init: Callable | None = None) -> Callable[[str], bytes]:
    """render(text) -> WAV bytes, with the system's default voice (render.close()
    removes its temporary file). init: pyttsx3.init, or a stand-in (tests)."""
    if init is None:
        import pyttsx3  # lazy: only when speech is turned on, start-up does not pay for it
        init = pyttsx3.init
    engine = init()
    engine.setProperty("rate", RATE)
    # pyttsx3's eSpeak driver prints "Audio saved to ..." for every file it writes:
    # silence that module's print alone (redirecting sys.stdout would hide the game's own)
    driver = sys.modules.get("pyttsx3.drivers.espeak")
    if driver is not None:
        driver.print = lambda *args, **kwargs: None
    import tempfile
    import threading
    fd, path = tempfile.mkstemp(suffix=".wav", prefix="gnerts-speech-")
    os.close(fd)

    # eSpeak renders on a thread of its own, and runAndWait may return before that
    # thread has written the file: then the file read is empty or the last text's.
    # At a busy table (bench speech_cost) the first text after the voice started came
    # back empty in 59 runs of 60, and eSpeak's late call sometimes found the engine
    # closed (an error printed; once an abort). A voice that tells when it starts a
    # text is waited for until it tells that it has finished.
    started, finished = threading.Event(), threading.Event()
    engine.connect("started-utterance", lambda **_: started.set())
    engine.connect("finished-utterance", lambda **_: finished.set())

    def render(text: str) -> bytes:
        started.clear()
        finished.clear()
        engine.save_to_file(text, path)
        engine.runAndWait()
        if started.is_set() and not finished.wait(FINISH_TIMEOUT):
            raise TimeoutError("the voice did not finish the text")
        with open(path, "rb") as f:
            return f.read()

    def close() -> None:
        try:
            os.remove(path)
        except OSError:
            pass   # already gone
    render.close = close
    return render


class VoiceSpeaker:
    """Texts go to a worker thread that renders them (the renderer is made, used and
    kept there only: pyttsx3 is not thread-safe); poll(), called by the App each frame,
    plays what is ready, in order. say(interrupt=True) drops what is queued and stops
    the voice at once."""
    def __init__(self, player: Player,
                 make_renderer: Callable[[], Callable[[str], bytes]] = pyttsx3_renderer):
        import queue
        import threading
        self.player = player
        self._texts: queue.Queue = queue.Queue()
        self._ready: list[tuple[int, bytes]] = []
        self._lock = threading.Lock()
        self._generation = 0
        self._started = threading.Event()
        self._error: str | None = None
        self._make_renderer = make_renderer
        self._closed = False
        self._thread = threading.Thread(target=self._work, name="speech", daemon=True)
        self._thread.start()   # the voice starts there; the game does not wait for it

    @property
    def available(self) -> bool:
        """Until the voice fails to start (then `reason` says why), or is closed."""
        return self._error is None and not self._closed

    @property
    def reason(self) -> str:
        return plain_reason(self._error) if self._error else ""

    @property
    def detail(self) -> str:
        """The error behind `reason`, as the voice gave it (for the log)."""
        return self._error or ""

    def say(self, text: str, interrupt: bool = True) -> None:
        if not self.available or not text:
            return
        if interrupt:
            self.stop()
        self._texts.put((self._generation, text))

    def stop(self) -> None:
        with self._lock:
            self._generation += 1
            self._ready.clear()
        self.player.stop_speech()

    def poll(self) -> None:
        if not self._ready or self.player.speech_busy():
            return
        with self._lock:
            generation, wav = self._ready.pop(0)
        if generation == self._generation:
            self.player.play_speech(wav)

    def close(self) -> None:
        if not self._closed:
            self.stop()
            self._closed = True
            self._texts.put(None)
            self._thread.join(2)

    def _work(self) -> None:
        try:
            render = self._make_renderer()
        except Exception as exc:   # no driver, no voice: the game goes on without speech
            self._error = f"{type(exc).__name__}: {exc}"
            self._started.set()
            return
        self._started.set()
        while True:
            item = self._texts.get()
            if item is None:
                getattr(render, "close", lambda: None)()
                return
            generation, text = item
            if generation != self._generation:
                continue   # interrupted before it was rendered
            try:
                wav = render(text)
            except Exception:
                continue   # one text the voice could not render; the next may work
            with self._lock:
                if generation == self._generation:
                    self._ready.append((generation, wav))


def open_speaker(enabled: bool, player: Player) -> Speaker:
    """The speaker for the Speech option: a voice when on and one can be had (else a
    silent one that says why)."""
    if not enabled:
        return SilentSpeaker()
    problem = voice_problem()
    if problem:
        return SilentSpeaker(problem)
    return VoiceSpeaker(player)
