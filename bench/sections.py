"""The sections of the benchmark table. Each takes quick and save_dir and returns
rows: {"section", "name", "value" (text), "data" (numbers), "target", "met"}."""
from __future__ import annotations

from bench import engines, idle, net, replays, shell, speech, tables


def ms(x: float) -> str:
    return f"{x * 1000:.2f} ms"


def row(section, name, value, data=None, target="", met=None):
    return {"section": section, "name": name, "value": value, "data": data or {},
            "target": target, "met": met}


def startup(quick: bool, save_dir: str):
    """The first frame against bare pygame, the three launched in turn, with SDL's dummy
    driver and in a real window (Xvfb, as the idle rows; skipped where there is none)."""
    s = shell.startup(2 if quick else 10, save_dir)
    rows = _startup_rows(s, "")
    try:
        display = idle.VirtualDisplay()
    except RuntimeError as exc:
        return rows + [row("start-up", "in a window (X11)", f"not measured: {exc}")]
    try:
        s = shell.startup(2 if quick else 10, save_dir, display.name)
    finally:
        display.close()
    return rows + _startup_rows(s, " (a window under Xvfb)")


def _startup_rows(s, where):
    g, b, w = s["game"]["median"], s["bare"]["median"], s["window"]["median"]
    ratio = g / b
    return [row("start-up", f"main.py to first frame{where} (median)",
                f"{g:.3f} s (min {s['game']['min']:.3f})", s["game"], "< 1 s", g < 1.0),
            row("start-up", f"bare pygame display init{where} (median)", f"{b:.3f} s", s["bare"]),
            row("start-up", f"bare pygame window shown{where} (median)", f"{w:.3f} s (ratio {g / w:.2f}x)",
                s["window"]),
            row("start-up", f"ratio to bare pygame display init{where}", f"{ratio:.2f}x", {"ratio": ratio},
                "<= 2x", ratio <= 2.0)]


def import_time(quick: bool, save_dir: str):
    """What start-up imports, and what each game costs when it is first chosen."""
    from game.games import BY_KEY
    t = shell.import_times(2 if quick else 5)
    rows = [row("start-up", "import game.app after pygame (median): no game's parts",
                f"{ms(t['app']['median'])} (pygame's own import: {ms(t['pygame']['median'])})",
                {"app": t["app"], "pygame": t["pygame"]})]
    for key, parts in ((k, v) for k, v in t.items() if k not in ("app", "pygame")):
        rows.append(row("start-up", f"{BY_KEY[key].title}: its spec at start-up / its parts on first use",
                        f"{ms(parts['spec']['median'])} / {ms(parts['parts']['median'])}", parts))
    return rows


def _frame_row(name, stats):
    """Judged on CPU time per frame: on a shared machine the wall-time tail is other
    processes' time; both are shown."""
    c = stats["cpu"]
    return row("frame time", f"{name}: CPU median / p99 (wall)",
               f"{ms(c['median'])} / {ms(c['p99'])} (wall {ms(stats['median'])} / {ms(stats['p99'])})", stats,
               "p99 < 4 ms", c["p99"] < 0.004)


def shell_frames(quick: bool, save_dir: str):
    from game.scenes.menu import MenuScene
    from game.scenes.options import OptionsScene
    frames = 60 if quick else 600
    out = []
    # each App closed before the next: one left to the garbage collector would free its
    # renderer after SDL has quit and started again, and take a later App's with it
    app = shell.make_app(save_dir)
    out.append(_frame_row("menu", shell.frame_times(app, MenuScene(app), frames)))
    app.close()
    app = shell.make_app(save_dir)
    out.append(_frame_row("options (colour preview)", shell.frame_times(app, OptionsScene(app), frames)))
    app.close()
    return out


def latency(quick: bool, save_dir: str):
    import pygame

    from game.scenes.menu import MenuScene
    app = shell.make_app(save_dir)
    app.push(MenuScene(app))
    n = shell.key_latency(app, pygame.K_DOWN)
    app.close()
    return [row("key to frame", "menu: Down moves the bar", f"{n} frame(s)", {"frames": n},
                "1 frame", n == 1)]


def table_frames(quick: bool, save_dir: str):
    out, lat = [], []
    for build in tables.TABLES:
        app = shell.make_app(save_dir)
        name, stats, (what, n) = build(app, 120 if quick else 1200)
        out.append(_frame_row(name, stats))
        lat.append(row("key to frame", what, f"{n} frame(s)", {"frames": n}, "1 frame", n == 1))
        app.close()
    return out + lat


def speech_cost(quick: bool, save_dir: str):
    off, on, voice = speech.speech_frames(save_dir, 120 if quick else 1200)
    d_med = on["cpu"]["median"] - off["cpu"]["median"]
    d_p99 = on["cpu"]["p99"] - off["cpu"]["p99"]
    return [row("speech", f"Gnono table frame CPU, Speech off vs on ({voice}): median / p99",
                f"off {ms(off['cpu']['median'])} / {ms(off['cpu']['p99'])}; "
                f"on {ms(on['cpu']['median'])} / {ms(on['cpu']['p99'])}",
                {"off": off, "on": on, "voice": voice}, "on - off <= 1 ms", max(d_med, d_p99) <= 0.001)]


def idle_cpu(quick: bool, save_dir: str):
    return idle.rows(quick, row)


def kept_replays(quick: bool, save_dir: str):
    return replays.rows(quick, save_dir, row)


def network(quick: bool, save_dir: str):
    return net.rows(quick, row)


ALL = [startup, import_time, idle_cpu, shell_frames, latency, table_frames, speech_cost, kept_replays,
       network, engines.nerts, engines.gin, engines.gnono, engines.gostop]
