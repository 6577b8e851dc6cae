"""The monkey: tens of thousands of random key presses through every scene of the
headless App (seeded, so a failure replays). No exception may reach the program
(App.internal_errors stays empty) and each game's invariants must hold.

GNERTS_MONKEY_KEYS sets how many keys (default 20000 through the menu, and 15% of that
again at each game's table, started directly); GNERTS_MONKEY_SEED the seed.
"""
import os
import random

import pygame
import pytest

from tests.helpers import key_event

KEYS = ([pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN] * 4 +
        [pygame.K_RETURN] * 4 + [pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_INSERT, pygame.K_DELETE,
                                 pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_TAB, pygame.K_BACKSPACE,
                                 pygame.K_KP_PLUS, pygame.K_KP_MINUS, pygame.K_HOME, pygame.K_END] +
        [pygame.K_F1 + i for i in range(10)])
CHARS = list("1234567890+-ynygsucpqwerasdfzxcvjklio;,./ ") + ["y", "n", "+", "-"] * 3


def random_key(rng):
    if rng.random() < 0.45:
        ch = rng.choice(CHARS)
        code = pygame.key.key_code(ch) if ch.isalnum() else 0
        return key_event(code, unicode=ch)
    return key_event(rng.choice(KEYS))


def check_invariants(app):
    """Each table may expose check_invariants(); a failure is a test failure."""
    for scene in app.scenes:
        check = getattr(scene, "check_invariants", None)
        if check:
            check()


def new_app(tmp_path, n):
    from game.app import App
    from game.scenes.menu import MenuScene
    app = App(save_dir=str(tmp_path / "saves"), fullscreen=False, realtime=False, seed=n)
    app.push(MenuScene(app))
    return app


def test_monkey(tmp_path):
    total = int(os.environ.get("GNERTS_MONKEY_KEYS", "20000"))
    seed = int(os.environ.get("GNERTS_MONKEY_SEED", "1"))
    rng = random.Random(seed)
    restarts = 0
    app = new_app(tmp_path, restarts)
    scenes_seen = set()
    pressed = 0
    while pressed < total:
        for _ in range(rng.randint(1, 4)):
            pygame.event.post(random_key(rng))
            pressed += 1
        app.run(max_frames=rng.choice((1, 1, 2, 5)))
        scenes_seen.update(type(s).__name__ for s in app.scenes)
        assert not app.internal_errors, (seed, pressed, app.internal_errors)
        check_invariants(app)
        if not app.running or not app.scenes:
            app.close()
            restarts += 1
            app = new_app(tmp_path, restarts)
    app.close()
    print(f"monkey: {pressed} keys, {restarts} restarts, scenes: {sorted(scenes_seen)}")
    assert {"MenuScene", "OptionsScene", "KeysBox"} <= scenes_seen


# --- each game's table, started directly -------------------------------------------------
GAME_PROGRESS = {
    # how far a game got: (moves or turns applied, hands or rounds dealt)
    "nerts": lambda t: (sum(r.moves_applied for r in [t.ctl.game.round] if r) + len(t.ctl.game.history),
                        t.ctl.game.round_no),
    "gin": lambda t: (len(t.ctl.game.records) + sum(map(len, t.ctl.game.discards)), t.ctl.game.hand_no),
    "gnono": lambda t: (t.ctl.state.turns, t.ctl.state.round_no),
    "gostop": lambda t: (sum(map(len, t.ctl.source.state.captures)) + len(t.ctl.history),
                         t.ctl.source.state.hand_no),
}


def key_for(binding_key):
    if isinstance(binding_key, str):
        try:
            code = pygame.key.key_code(binding_key)
        except ValueError:
            code = 0
        return key_event(code, unicode=binding_key)
    return key_event(binding_key)


def weighted_key(app, rng):
    """Mostly a key the top scene accepts now (its bindings), so that games go deep;
    Esc and the function keys (leave, save, new deal, boxes) seldom; sometimes any key."""
    top = app.top
    if rng.random() < 0.8 and top is not None:
        keys = [k for b in top.bindings() for k in b.keys]
        calm = [k for k in keys if not (isinstance(k, int) and (k == pygame.K_ESCAPE or
                                                               pygame.K_F1 <= k <= pygame.K_F12))]
        if rng.random() < 0.03:
            calm = keys
        elif not calm:
            return None   # only leaving or boxes now (a computer's turn): let the time pass
        if calm:
            return key_for(rng.choice(calm))
    return random_key(rng)


def autopilot(app, game, rng, players):
    """Now and then a computer plays the human's turn through the table's own move path,
    so that the random keys also reach later hands, score screens and game ends."""
    t = app.top
    if type(t).__module__ in ("game.gin.setup", "game.nerts.setup", "game.gnono.setup") or \
            type(t).__name__ == "GoStopSetup":
        # a set-up screen with many lines can hold the keys for long: deal now and then
        pygame.event.post(key_for(pygame.K_RETURN))
        return True
    if type(t).__name__ != {"nerts": "NertsTable", "gin": "GinTable", "gnono": "GnonoTable",
                            "gostop": "GoStopTable"}[game]:
        return False
    if game == "gin":
        from game.gin.ai import make_ai
        from game.gin.table import HUMAN
        c = t.ctl
        if c.mode == "play" and c.my_turn and c.picked is None and not c.moving:
            ai = players.setdefault(game, make_ai("easy", rng.randrange(1000)))
            move = ai.choose(c.game.view(HUMAN))
            return move is not None and c._apply(move) is not None
    elif game == "gnono":
        from game.gnono.ai import make_ai
        if t.my_turn():
            ai = players.setdefault(game, make_ai("easy", random.Random(rng.randrange(1000))))
            return t.apply(ai.choose(t.ctl.state.view(t.viewer)))
    elif game == "gostop":
        from game.gostop.ai import GoStopAI
        from game.gostop.table import HUMAN
        q = t.ctl.source.state.question()
        if not t.ctl.stages and not t.ctl.asking and q.seat == HUMAN and q.kind != "hand_over":
            ai = players.setdefault(game, GoStopAI("easy", random.Random(rng.randrange(1000))))
            return t.apply(ai.choose(t.ctl.source.state.view(HUMAN)))
    return False


@pytest.mark.parametrize("game", ["nerts", "gin", "gnono", "gostop"])
def test_monkey_at_each_table(tmp_path, game):
    """Random keys at one game's table, weighted to the keys it takes now; leaving it
    (Esc, F8) comes back through the menu's Resume line, so saves and resumes are
    exercised too. Each table's check_invariants() holds after every batch of keys."""
    from game.games import BY_KEY
    from game.scenes.menu import MenuScene
    total = int(os.environ.get("GNERTS_MONKEY_KEYS", "20000")) * 3 // 20
    seed = int(os.environ.get("GNERTS_MONKEY_SEED", "1"))
    rng = random.Random(f"{seed}-{game}")
    app = new_app(tmp_path, seed)
    menu = app.top
    app.apply(menu.start_game(BY_KEY[game]))
    pressed = resumes = restarts = helped = 0
    players = {}
    tables = set()
    best = (0, 0)
    while pressed < total:
        top = app.top
        if isinstance(top, MenuScene):
            # back at the menu: resume the game (the first line) or start it again
            if menu.items and isinstance(menu.items[0][1], tuple):
                resumes += 1
                chosen = menu.choose(0)
                if chosen:      # False: the save was set aside (the menu beeps)
                    app.apply(chosen)
            else:
                app.apply(menu.start_game(BY_KEY[game]))
        if type(app.top).__module__.startswith("game.nerts.drill") and rng.random() < 0.1:
            pygame.event.post(key_for(pygame.K_ESCAPE))   # out of the drills (D at the set-up) again
        if rng.random() < 0.3 and autopilot(app, game, rng, players):
            helped += 1
        for _ in range(rng.randint(1, 3)):
            event = weighted_key(app, rng)
            if event is not None:
                pygame.event.post(event)
                pressed += 1
        app.run(max_frames=rng.choice((1, 2, 4, 8)))
        assert not app.internal_errors, (game, seed, pressed, app.internal_errors)
        for scene in app.scenes:
            check = getattr(scene, "check_invariants", None)
            if check:
                check()
                if type(scene).__module__ == f"game.{game}.table":
                    tables.add(scene)
                    best = max(best, GAME_PROGRESS[game](scene))
        if not app.running or not app.scenes:
            app.close()
            restarts += 1
            app = new_app(tmp_path, seed + restarts)
            menu = app.top
    stats = dict(app.stats.data.get(game, {}))
    cards = app.audio.counts.get("card", 0)
    app.close()
    print(f"monkey at the {game} table: {pressed} keys, {helped} turns by the autopilot, "
          f"{resumes} resumes, {restarts} restarts, {len(tables)} tables, progress {best}, "
          f"statistics {stats}, {cards} card sounds")
    assert tables, "the table was never reached"
    assert best[0] > 0, "nothing was ever played"
