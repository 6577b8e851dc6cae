"""Every scene as a player sees it, as PNG files: `python -m tools.gallery OUTDIR`.

Headless (SDL's dummy drivers), saves in a temporary folder. The core scenes are
shown in their interesting states; each game's table is reached only through its
stable entry points (its GameSpec's `start(app, seed=...)`) and keys, and then
played by a seeded "monkey" pressing keys the top scene accepts, with a picture of
every new kind of screen it meets (questions, scoring screens). What each game needs
(the keys to its most seats) is in TABLES below: update it there.

Each picture is also checked (tools/style_check.py): text that overflows its region
(drawn cut, ui.overflow), a letter at the screen's edge, a short word alone on the
last line of a paragraph, text across a box's edge. All are listed at the end, and
the exit status is 1 when there is any; tests/test_gallery.py runs a part of it.
"""
from __future__ import annotations

import os
import random
import sys
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("GNERTS_NET_LOOPBACK", "1")    # a table the monkey hosts: loopback only

import pygame  # noqa: E402

from game import ui  # noqa: E402
from game.app import App  # noqa: E402
from game.games import BY_KEY, start_table  # noqa: E402
from game.keys import Alt, AnyKey, Typed  # noqa: E402
from game.scenes.menu import MenuScene  # noqa: E402
from game.scenes.options import OptionsScene  # noqa: E402
from game.scenes.overlays import MessageBox, Question, TextBox  # noqa: E402
from game.scenes.scoring import ScoringScene  # noqa: E402
from game.scenes.title import TitleScene  # noqa: E402
from game.speech import SilentSpeaker, no_voice_text  # noqa: E402
from tools.random_replay import random_replay  # noqa: E402
from tools.style_check import Watcher, page_problems  # noqa: E402

# per game: the keys on its set-up screen that give the most seats (from the defaults)
TABLES = {
    "nerts": {"most_seats": [pygame.K_RIGHT, pygame.K_RIGHT]},
    "gin": {"most_seats": []},
    "gnono": {"most_seats": [pygame.K_RIGHT] * 6},      # 4 to 10
    "gostop": {"most_seats": [pygame.K_RIGHT]},
}
MONKEY_KEYS = 400            # keys pressed per table by the monkey
NEVER = {pygame.K_F8, pygame.K_ESCAPE, pygame.K_F12, pygame.K_F11}   # keys that leave


class Gallery:
    def __init__(self, out: str):
        self.out = out
        self.overflows: list[str] = []
        self.problems: list[str] = []      # what style_check saw (overflows included)
        self.failures: list[str] = []
        self.count = 0
        os.makedirs(out, exist_ok=True)
        self.saves = tempfile.mkdtemp(prefix="gnerts-gallery-")
        self.app = self.new_app()

    def new_app(self) -> App:
        app = App(save_dir=os.path.join(self.saves, str(self.count)), fullscreen=False, realtime=False)
        app.audio.open()
        pygame.event.clear()
        return app

    def shot(self, name: str) -> None:
        """Draw the stack as it is and save it as OUTDIR/NN-name.png."""
        app = self.app
        watcher = Watcher()
        try:
            with ui.overflow_check(True), watcher.watching():
                self.draw_scenes()
        except ui.TextOverflow as exc:
            self.overflows.append(f"{name}: {exc}")
        self.problems += [f"{name}: {p}" for p in watcher.problems()]
        self.problems += [f"{name}: {p}" for scene in app._visible_scenes() if isinstance(scene, TextBox)
                          for p in page_problems(scene)]
        with ui.overflow_check(False):
            app._draw(count=False)      # the picture as the player sees it (bell, toast)
        self.count += 1
        pygame.image.save(app.canvas, os.path.join(self.out, f"{self.count:03d}-{name}.png"))

    def draw_scenes(self) -> None:
        """The scenes drawn as the App draws them, but an overflow raised to the shot
        (the App would close the scene: the gallery only wants to list it)."""
        app = self.app
        app.canvas.fill((0, 0, 0))
        for scene in app._visible_scenes():
            scene.draw(app.canvas)
        app.draw_key_bar(app.canvas)      # the top scene's bar, as the App draws it

    def keys(self, *keys, frames: int = 2) -> None:
        for k in keys:
            ch = k if isinstance(k, str) else ""
            code = pygame.key.key_code(k) if isinstance(k, str) else k
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, unicode=ch, mod=0, scancode=0))
            if ch.isprintable() and ch:   # its text, as SDL sends it (typed only into a text field)
                pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch, window=None))
        self.run(frames)

    def run(self, frames: int) -> None:
        self.app.redraw()     # the gallery sets scenes' fields directly: draw them again
        with ui.overflow_check(False):
            self.app.run(max_frames=frames)

    def reset(self, scene_maker=None) -> None:
        self.app.close()
        pygame.init()
        self.app = self.new_app()
        if scene_maker:
            self.app.push(scene_maker(self.app))

    # -- the core scenes ---------------------------------------------------------
    def core(self) -> None:
        app = self.app
        app.push(TitleScene(app, lambda: MenuScene(app)))
        self.run(1)
        self.shot("title")
        app.audio.problem, app.audio.available = "no sound: dsp: No such audio device", False
        self.shot("title-no-sound")
        app.audio.problem, app.audio.available = None, True
        self.keys(pygame.K_SPACE)
        self.shot("menu")
        for key, name in ((pygame.K_DOWN, "menu-gin"), (pygame.K_DOWN, "menu-gnono")):
            self.keys(key)
            self.shot(name)
        menu = app.top
        for what in ("join", "replays", "challenge", "deal", "stats", "options", "quit"):
            menu.index = [w for _, w in menu.items].index(what)
            self.keys(frames=1)
            self.shot(f"menu-{what}")
        for g in ("nerts", "gostop"):
            app.storage.write_json(f"{g}.json", "gallery", 1, {})
        menu.refresh()
        menu.index = 0
        self.keys(frames=1)
        self.shot("menu-with-resume")
        for g in ("nerts", "gostop"):
            app.storage.remove(f"{g}.json")
        self.keys(pygame.K_F1)
        self.shot("menu-keys-F1")
        self.keys(pygame.K_ESCAPE, pygame.K_F2)
        self.shot("menu-help-F2")
        self.keys(pygame.K_ESCAPE, "c")
        self.shot("menu-challenge-code")
        self.keys(pygame.K_ESCAPE)
        app.push(menu.show_stats().scene)
        self.run(1)
        self.shot("statistics")
        app.pop()
        app.push(menu.ask_deal().scene)
        self.keys("1", "2", "3")
        self.shot("number-prompt")
        app.pop()
        app.push(menu.ask_quit().scene)
        self.run(1)
        self.shot("question-quit")
        app.pop()
        app.push(Question(app, ["A game of Gin Rummy is saved.",
                                "Start a new one? The saved game will be lost."], lambda: None,
                          title="New game"))
        self.run(1)
        self.shot("question-two-lines")
        app.pop()
        app.push(MessageBox(app, "Notice", ["options.json was damaged: it was set aside as "
                                            "options.json.bad and the defaults are used."]))
        self.run(1)
        self.shot("message")
        app.pop()
        app.push(TextBox(app, "Log", [f"Line {i}: something happened at the table." for i in range(50)]))
        self.run(1)
        self.shot("textbox-pages")
        app.pop()
        app.push(ScoringScene(app, "Hand 3", ["Player", "Hand", "Total"],
                              [["You", 12, 57], ["Computer", 0, 40], ["=", "", ""], ["Target", "", 100]],
                              notes=["You knock with 4; the computer has 16.", "You score 12."]))
        self.run(1)
        self.shot("scoring")
        app.pop()
        app.toast("Screenshot saved: /home/player/.local/share/gnerts/screenshot-20260101-120000.png")
        self.run(1)
        self.shot("toast")
        app.toast_steps = 0
        app.options["sound.visual_bell"] = True
        app.error()
        self.shot("visual-bell")
        app.bell_steps = 0
        app.options["sound.visual_bell"] = False
        opts = OptionsScene(app)
        app.push(opts)
        self.run(1)
        for i, page in enumerate(opts.pages):
            opts.page, opts.index = i, 0
            self.keys(frames=1)
            self.shot(f"options-{i + 1:02d}-{page.title.replace(' ', '_').replace(':', '')}")
        opts.page, opts.index = 0, 0
        opts.opts["colour.table"] = 3     # cyan: light cyan notes on it read badly
        self.keys(frames=1)
        self.shot("options-colours-warning")
        opts.opts["colour.table"] = 2
        app.audio.problem = "no sound: dsp: No such audio device"
        opts.page = 1
        self.keys(frames=1)
        self.shot("options-sound-no-device")
        app.audio.problem = None
        # Speech on where no voice can be had (no eSpeak NG): the item says so, and how
        speaker = app.speaker
        app.speaker = SilentSpeaker(no_voice_text())
        opts.opts["speech.on"], opts._voice_problem = True, None
        opts.index = [s.key for s in opts.current.opts].index("speech.on")
        self.keys(frames=1)
        self.shot("options-speech-no-voice")
        opts.index = 0
        self.keys(frames=1)
        self.shot("options-speech-no-voice-other-item")
        self.keys(pygame.K_F11)
        self.shot("options-speech-no-voice-F11")
        app.toast_steps = 0
        app.speaker, opts.opts["speech.on"], opts._voice_problem = speaker, False, None
        self.keys(pygame.K_F2)
        self.shot("options-help")
        app.pop()
        app.pop()

    # -- screens a player named in issue 35, which the monkey seldom reaches --------
    def named(self) -> None:
        from game.challenges import Challenge
        from game.gnono.screens import ChallengeBox
        from game.scenes.challenge_offer import offer
        from game.scenes.statistics import StatisticsBox
        from game.stats import HISTORY_MAX, GameEnd
        self.reset(MenuScene)
        app = self.app
        gin = BY_KEY["gin"].parts.replay_codec
        opts = gin.options_to_json(gin.default_options())
        ch = Challenge("gin", 123456, opts, (None, "normal"), 110, "Tester")
        app.push(offer(app, ch, gin).scene)
        self.run(1)
        self.shot("challenge-code")
        app.pop()
        app.push(ChallengeBox(app, [
            "Zoe played a Wild Draw Four on you (the colour was yellow, now green).",
            "Challenge?  Y: Zoe shows the hand. Holding a yellow card, Zoe draws 4 and you play on; "
            "if not, you draw 6.", "N: you draw 4 and miss your turn."], lambda: None, lambda: None))
        self.run(1)
        self.shot("gnono-challenge-short-name")
        app.pop()
        app.stats.data = {"nerts": {f"count_{k}": k for k in range(8)},     # "Gnono" at a page's foot
                          "gin": {f"count_{k}": k for k in range(7)}}
        app.push(StatisticsBox(app))
        self.run(1)
        for page in range(2):
            self.shot(f"statistics-page-{page + 1}")
            self.keys(pygame.K_PAGEDOWN)
        app.pop()
        app.stats.history = {      # the charts of the last games: a full one, and places
            "gin": [GameEnd((i * 37 % 260, 100 + i % 90), (0,), i % 3 % 2).entry("hard")
                    for i in range(HISTORY_MAX)],
            "nerts": [GameEnd((i * 13 % 90 - 10, 104, 60 + i), (0,), 1).entry() for i in range(7)]}
        box = StatisticsBox(app)
        app.push(box)
        self.run(1)
        for page in range(box.pages):
            self.shot(f"statistics-history-page-{page + 1}")
            self.keys(pygame.K_PAGEDOWN)
        app.pop()
        self.drill()

    def drill(self) -> None:
        """A Nerts drill's table, from its set-up screen."""
        from game.nerts.drill_setup import drill_setup
        self.reset(MenuScene)
        self.app.push(drill_setup(self.app))
        self.run(2)
        self.shot("nerts-drill-setup")
        self.keys(pygame.K_RETURN, frames=30)
        self.shot("nerts-drill-table")

    # -- the game tables ----------------------------------------------------------
    def table(self, key: str, most: bool) -> None:
        seats = "most" if most else "2"
        info = BY_KEY[key]
        self.reset()
        app = self.app
        app.push(MenuScene(app))
        app.push(start_table(app, info, seed=5))
        self.run(2)
        if most:
            self.keys(*TABLES[key]["most_seats"])
        self.shot(f"{key}-{seats}-setup")
        self.keys(pygame.K_RETURN, frames=30)
        self.shot(f"{key}-{seats}-table")
        self.run(300)
        self.shot(f"{key}-{seats}-later")
        if key == "gnono":
            self.gnono_challenge_box(f"{key}-{seats}")
        for fkey in (pygame.K_F1, pygame.K_F2, pygame.K_F3, pygame.K_F4, pygame.K_F5, pygame.K_F6):
            top = app.top
            self.keys(fkey)
            if app.top is not top or app.beeps == 0:
                self.shot(f"{key}-{seats}-F{fkey - pygame.K_F1 + 1}")
            while app.top is not top and len(app.scenes) > 1:
                self.keys(pygame.K_ESCAPE)
                if app.top is not top:
                    self.keys(pygame.K_RETURN)
                if app.top is not top:
                    app.pop()
        self.monkey(key, seats)

    def gnono_challenge_box(self, name: str) -> None:
        """The Wild Draw Four's question over the table (the monkey meets it only by chance)."""
        from game.gnono.screens import ChallengeBox
        app = self.app
        table = app.top
        box = ChallengeBox(app, ["Cleo played a Wild Draw Four on you (the colour was yellow, now green).",
                                 "Challenge? Y: Cleo shows the hand. N: you draw 4 and miss your turn."],
                           lambda: None, lambda: None, on_coach=lambda: None)
        app.push(box)
        self.run(1)
        self.shot(f"{name}-challenge-box")
        app.pop(box)
        self.run(1)
        assert app.top is table

    def monkey(self, key: str, seats: str) -> None:
        """Seeded random keys the top scene accepts; a picture of each new kind of screen."""
        app, rng = self.app, random.Random(f"{key}{seats}")
        seen = {type(s).__name__ for s in app.scenes}
        for _ in range(MONKEY_KEYS):
            if not app.running or len(app.scenes) < 2:
                break
            name = type(app.top).__name__
            if name not in seen:
                seen.add(name)
                self.shot(f"{key}-{seats}-{name}")
            choices = [pygame.K_a if isinstance(k, AnyKey) else k for b in app.top.bindings()
                       for k in b.keys if not isinstance(k, (Typed, Alt)) and k not in NEVER]
            if not choices:
                self.run(20)
                continue
            self.keys(rng.choice(choices), frames=rng.choice((1, 5, 30)))

    # -- replays: the Replays screen, and each game's hand played back ----------------
    def replays(self) -> None:
        from game import replays
        from game.scenes.replay_player import ReplayPlayer
        from game.scenes.replays import ReplaysScene
        self.reset(MenuScene)       # under the replays: the App stops when its stack is empty
        store = self.app.replays
        for game in BY_KEY:
            try:
                rep, _ = random_replay(game, seed=7, human=True)
                store.save(rep)
                self.app.push(ReplayPlayer(self.app, replays.verify(rep, BY_KEY[game].parts.replay_codec)))
            except Exception as exc:   # a game whose replays cannot be shown: say so, go on
                self.failures.append(f"replay of {game}: {type(exc).__name__}: {exc}")
                continue
            self.run(1)
            self.shot(f"replay-{game}-deal")
            player = self.app.top
            player.cursor.seek(player.cursor.length // 2)
            player.paused = True
            player._show()
            self.run(1)
            self.shot(f"replay-{game}-middle")
            self.keys(pygame.K_F9)
            self.shot(f"replay-{game}-all-hands")
            player.cursor.seek(player.cursor.length)
            player._show()
            self.run(1)
            self.shot(f"replay-{game}-end")
            self.app.pop()
        self.app.push(ReplaysScene(self.app))
        self.run(1)
        self.shot("replays-screen")
        self.app.pop()

    # -- the end of a Gin game: the last hand's box, the end screen, "another game?" -------
    def gin_end(self) -> None:
        from game.gin.ai import make_ai
        from game.gin.rules import GinGame, GinOptions
        from game.gin.table import GinTable
        self.reset(MenuScene)
        game = GinGame.new(seed=3, options=GinOptions(game_target=1))   # one scored hand ends it
        ais = [make_ai("normal", 1), make_ai("normal", 2)]
        for _ in range(3000):
            if game.phase in ("hand_over", "game_over"):
                break
            game.apply(ais[game.turn].choose(game.view(game.turn)))
        if game.phase != "game_over":
            self.failures.append(f"gin end of game: the hand ended in {game.phase}")
            return
        table = GinTable(self.app, game, "Anna", "normal", 4, {"oklahoma": False, "hollywood": False,
                                                               "name": "Anna"})
        table.ctl.mode = "result"
        self.app.push(table)
        self.run(2)
        self.shot("gin-last-hand")
        self.keys("x")
        self.shot("gin-end-of-game")
        self.keys(pygame.K_RETURN)
        self.shot("gin-play-another")

    # -- Gin at a network table: the joiner's table drawn from views the engine gives ----
    def gin_remote(self) -> None:
        from game.gin import net_codec
        from game.gin.ai import make_ai
        from game.gin.rules import DrawStock, GinGame
        from game.gin.table import join as join_gin
        from game.net import protocol
        from game.net.remote_seat import RemoteSeat
        self.reset(MenuScene)
        game = GinGame.new(seed=5)
        ai = make_ai("normal", 2)
        while not (game.turn == 0 and game.phase == "draw" and len(game.pile) > 1):
            game.apply(ai.choose(game.view(game.turn)))
        client = _StillClient()
        client.state, client.seat, client.names = "joined", 0, ["Anna", "Boris"]

        def host_says(kind, **fields):
            client.inbox.append(protocol.parse_from_host(protocol.encode(kind, **fields)))

        def update(events):
            host_says("update", view=net_codec.view_to_json(game.view(0)),
                      events=net_codec.events_for(events, 0), n=len(game.records))
        update([])
        table = join_gin(self.app, RemoteSeat(client, BY_KEY["gin"]))
        self.app.push(table)
        self.run(2)
        self.shot("gin-network-table")
        update(game.apply(DrawStock(0)))          # as the host answers the joiner's +
        self.run(2)
        self.shot("gin-network-taken")
        host_says("seats", names=["Anna", "Boris"], connected=[True, False], missing=[False, True],
                  computer=[False, False])
        self.keys(pygame.K_RETURN)
        self.shot("gin-network-waiting")

    # -- Join a table: the list, the form, connecting, joined, a refusal (no network) ----
    def join(self) -> None:
        from game.net.discovery import ListedTable
        from game.scenes.join import JoinScene
        self.reset(MenuScene)
        app = self.app
        browser = _StillBrowser()
        client = _StillClient()
        scene = JoinScene(app, browser=browser, connect=lambda *args: client)
        app.push(scene)
        self.run(1)
        self.shot("join-looking")
        browser.put([ListedTable(f"{h}'s {g} table", g, h, n, 1, f"192.168.1.{i + 20}", 4321)
                     for i, (g, h, n) in enumerate((("gnono", "Anna", 3), ("gin", "Boris", 1),
                                                    ("nerts", "Cleopatra the Magnificen", 5),
                                                    ("gostop", "Dae-jung", 2)))])
        self.run(1)
        self.keys(pygame.K_DOWN, "k", "7", "q", "2")
        self.shot("join-list-chosen")
        scene.values["address"] = "gnerts-host"
        self.keys(pygame.K_RETURN)
        self.shot("join-address-wrong")
        scene.values["address"] = "192.168.1.20:4321"
        self.keys(pygame.K_RETURN, frames=10)
        self.shot("join-connecting")
        client.inbox.append({"kind": "welcome", "seat": 1, "game": "gnono", "token": "x" * 24, "version": 1,
                             "names": ["Anna", "Player", "Computer (normal)"]})
        self.run(2)
        self.shot("join-joined")
        self.keys(pygame.K_ESCAPE)
        self.keys(pygame.K_RETURN, frames=2)
        client.inbox.append({"kind": "refused", "reason": "code", "text": "Wrong table code."})
        self.run(2)
        self.shot("join-refused-code")
        self.keys(pygame.K_RETURN)
        self.keys(pygame.K_F2)
        self.shot("join-help-F2")
        self.keys(pygame.K_ESCAPE, pygame.K_F1)
        self.shot("join-keys-F1")

    # -- a joiner's Nerts table, drawn from the views an engine gives (no network) -------
    def remote_nerts(self) -> None:
        from game.engine import apply_now
        from game.nerts import net_codec
        from game.nerts.rules import NertsOptions, new_engine
        from game.nerts.table import join
        from game.net import protocol
        from game.net.remote_seat import RemoteSeat
        self.reset(MenuScene)
        engine, rng = new_engine(7, NertsOptions(seats=3)), random.Random(7)
        for i in range(90):                   # some play: the plays first, a flip else
            legal = engine.legal_moves(i % 3)
            plays = [m for m in legal if m.move.kind == "play"]
            if not engine.round.over:
                apply_now(engine, rng.choice(plays or legal))
        client = _StillClient()
        client.state, client.seat, client.names = "joined", 1, ["Anna", "Zoe", "Boris"]
        client.inbox.append(protocol.parse_from_host(protocol.encode(
            "update", view=net_codec.view_to_json(engine.view(1)), events=[], n=120,
            step=engine.round.step_no, layouts=net_codec.layouts_to_json(engine))))
        self.app.push(join(self.app, RemoteSeat(client, BY_KEY["nerts"])))
        self.run(2)
        self.shot("nerts-remote-table")

    # -- a joiner's Go-Stop table, drawn from the views an engine gives (no network) --------
    def remote_gostop(self) -> None:
        from game.gostop.net_codec import events_for, view_to_json
        from game.gostop.options import Options
        from game.gostop.rules import new_engine
        from game.gostop.table import join
        from game.net.protocol import encode, parse_from_host
        from game.net.remote_seat import RemoteSeat
        self.reset(MenuScene)
        engine, rng = new_engine(7, Options(players=3)), random.Random(7)
        while sum(map(len, engine.captures)) < 8 or (engine.phase, engine.turn) != ("play", 1):
            engine.apply(rng.choice(engine.legal_moves()))    # a hand under way, seat 1 to play
        client = _StillClient()
        client.state, client.seat, client.names = "joined", 1, ["Anna", "Mina", "Computer (normal)"]

        def update(events=()):
            return parse_from_host(encode("update", view=view_to_json(engine.view(1)),
                                          events=events_for(list(events), 1), n=1))
        welcome = parse_from_host(encode("welcome", seat=1, token="x" * 24, names=client.names,
                                         game="gostop", version=1))
        self.app.push(join(self.app, RemoteSeat(client, BY_KEY["gostop"], [welcome, update()])))
        self.run(2)
        self.shot("gostop-remote-table")
        events = []
        while engine.turn == 1:                   # this seat plays; then the table waits for Anna
            events += engine.apply(engine.legal_moves()[0])
        client.inbox.append(update(events))
        client.inbox.append(parse_from_host(encode("seats", names=client.names, connected=[False, True, True],
                                                   missing=[True, False, False], computer=[False] * 3)))
        self.run(400)
        self.shot("gostop-remote-waiting")

    # -- the Gnono table at a joiner's program, drawn from the views an engine gives ------
    def remote_gnono(self) -> None:
        from game.gnono import net_codec
        from game.gnono.ai import make_ai
        from game.gnono.rules import GnonoState
        from game.gnono.table import join
        from game.net import protocol
        from game.net.remote_seat import RemoteSeat
        self.reset(MenuScene)
        engine, ais = GnonoState(4, 12), [make_ai("baseline", s) for s in range(4)]
        client = _StillClient()
        client.state, client.seat, client.names = "joined", 0, ["Zoe", "Anna", "Boris", "Computer 4"]
        scene = join(self.app, RemoteSeat(client, BY_KEY["gnono"]))
        self.app.push(scene)

        def update(events: list, seats_missing: tuple = ()) -> None:
            client.inbox.append(protocol.parse_from_host(protocol.encode(
                "seats", names=client.names, connected=[s not in seats_missing for s in range(4)],
                missing=[s in seats_missing for s in range(4)], computer=[False, False, False, True])))
            client.inbox.append(protocol.parse_from_host(protocol.encode(
                "update", view=net_codec.view_to_json(engine.view(0)),
                events=net_codec.events_for(events, 0), n=0)))
        update([])
        self.run(4)
        while engine.current != 0 or engine.phase != "play" or len(engine.seen) < 6:
            events = engine.apply(ais[engine.current].choose(engine.view(engine.current)))
            update(events)
            self.run(300)
        self.shot("gnono-remote-table")
        while engine.current != 2:
            events = engine.apply(ais[engine.current].choose(engine.view(engine.current)))
            update(events, (2,))
            self.run(300)
        self.shot("gnono-remote-waiting")
        self.keys(pygame.K_F1)
        self.shot("gnono-remote-keys-F1")
    def hosting(self) -> None:
        """Each set-up screen hosting over the network (its most seats), and the
        hosting lobby over a Gnono table: one seat joined, one open (no network)."""
        from game.table.host_lobby import HostLobby
        for key in TABLES:
            self.reset(MenuScene)
            app = self.app
            setup = start_table(app, BY_KEY[key], seed=5)
            app.push(setup)
            self.run(2)
            self.keys(*TABLES[key]["most_seats"])
            setup.host.offered = True           # (before the game's table takes hosting=)
            setup.index = [line.key for line in setup.lines()].index("net.play")
            self.keys(pygame.K_RIGHT)
            self.shot(f"{key}-host-setup")
        self.reset(MenuScene)                   # Nerts: two humans here below the hosting lines
        app = self.app
        app.options["nerts.seats"], app.options["nerts.seat3"] = 4, "human"
        setup = start_table(app, BY_KEY["nerts"], seed=5)
        app.push(setup)
        setup.host.offered = True
        setup.index = [line.key for line in setup.lines()].index("net.play")
        self.keys(pygame.K_RIGHT)
        setup.notice = "At most two humans share the keyboard."
        self.shot("nerts-host-setup-two-humans")
        app = self.app
        app.options["gnono.seats"] = 3
        setup = start_table(app, BY_KEY["gnono"], seed=5)
        app.push(setup)
        self.keys(pygame.K_RETURN, frames=5)
        app.push(HostLobby(app, _StillHosting("gnono", {1, 2}, ["Anna", "Boris", "Open seat 3"]), setup,
                           ["at this computer", "", ""]))
        self.run(2)
        self.shot("host-lobby")
        self.keys(pygame.K_F2)
        self.shot("host-lobby-help-F2")

    def everything(self, tables: bool = True, most_seats: bool = True) -> None:
        """Every picture; most_seats=False: each table with two seats only (the quick run)."""
        self.core()
        self.join()
        self.remote_nerts()
        self.remote_gostop()
        self.remote_gnono()
        self.hosting()
        self.named()
        self.gin_end()
        self.gin_remote()
        self.replays()
        for key in TABLES if tables else ():
            for most in (False, True) if most_seats else (False,):
                try:
                    self.table(key, most)
                except Exception as exc:   # a table that cannot be shown: say so, go on
                    self.failures.append(f"{key} ({'most' if most else '2'} seats): "
                                         f"{type(exc).__name__}: {exc}")
        self.app.close()


class _StillBrowser:
    """A LAN listing for the pictures: the tables it is given, no network."""

    def __init__(self):
        self.list, self.changes, self.problem = [], 0, None

    def tables(self):
        return list(self.list)

    def put(self, tables):
        self.list, self.changes = list(tables), self.changes + 1

    def close(self, wait=None):
        return True


class _StillHosting:
    """A hosted table for the pictures: seat 2 joined, the rest open; no port opened."""

    def __init__(self, game, remote, names):
        from game.net.host import LOCAL, REMOTE, TableHost
        self.game, self.remote, self.port = game, frozenset(remote), 47470
        self.advert, self.started = True, False     # (listed on the LAN, as a real table is)
        self.local_names = list(names)
        self.host = TableHost(game, [REMOTE if i in remote else LOCAL for i in range(len(names))],
                              seed=5, code="K7QX2M", names=names)
        self.host.seats[1].token, self.host.seats[1].conn = "x" * 24, 1

    def pump(self):
        pass

    def where(self):
        return "192.168.1.20 or 10.0.0.5, port 47470, code K7QX2M"

    def internet_line(self):
        return "Internet: I asks your router to forward port 47470 to this computer."

    def open_internet(self):
        pass

    def close(self):
        return None


class _StillClient:
    """A network client for the pictures: it says what it is given, no network."""

    def __init__(self):
        self.inbox, self.state, self.reason = [], "connecting", None

    def start(self):
        self.state = "connecting"

    def poll(self):
        out, self.inbox = self.inbox, []
        return out

    def send(self, message):
        pass

    def close(self):
        self.state = "closed"


def main(argv: list[str]) -> int:
    if len(argv) not in (1, 2) or argv[1:] not in ([], ["--core"]):
        print("usage: python -m tools.gallery OUTDIR [--core]", file=sys.stderr)
        return 2
    from game import errors
    with errors.raising(False):
        g = Gallery(argv[0])
        g.everything(tables="--core" not in argv)
    print(f"{g.count} pictures in {argv[0]}")
    for line in g.overflows:
        print("overflow:", line)
    for line in g.problems:
        print("style:", line)
    for line in g.failures:
        print("failed:", line)
    return 1 if g.overflows or g.problems or g.failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
