"""G'NERTS: python main.py [--windowed] [--game NAME] [--seed N] [--save-dir DIR] [--frames N]
A headless network table: python main.py --host GAME [--port N] [--code CODE] [--seats N]
[--players N]"""
from __future__ import annotations

import argparse
import os
import sys
from typing import NoReturn

from game import VERSION
from game.deals import DEAL_LIMIT


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        """One line and exit status 2: no usage dump, no traceback."""
        self.exit(2, f"gnerts: {message} (try --help)\n")


def non_negative(text: str) -> int:
    if len(text) > 30:     # int() of thousands of digits is refused by Python itself
        raise argparse.ArgumentTypeError(f"too long a number: {text[:12]}...")
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if n < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more: {text}")
    return n


def deal_number(text: str) -> int:
    n = non_negative(text)
    if n >= DEAL_LIMIT:
        raise argparse.ArgumentTypeError(f"a deal number is 0 to {DEAL_LIMIT - 1}: {text}")
    return n


def port_number(text: str) -> int:
    n = non_negative(text)
    if n > 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535 (0: any free one): {text}")
    return n


def table_code(text: str) -> str:
    if not 4 <= len(text) <= 16 or not text.isascii() or not text.isalnum():
        # the code as given, whole (a very long one by its length: never cut as if it were whole)
        given = f"{text!r}" if len(text) <= 64 else f"the one given has {len(text)} characters"
        raise argparse.ArgumentTypeError(f"a table code is 4 to 16 letters and digits: {given}")
    return text.upper()


def either(words: list[str]) -> str:
    """"a, b or c"."""
    return " or ".join(filter(None, [", ".join(words[:-1]), words[-1]]))


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    from game.games import GAMES  # (their declarations only: the help names them)
    p = Parser(prog="gnerts",
               description=f"G'NERTS, a DOS-style card parlor: {', '.join(g.title for g in GAMES)}.")
    p.add_argument("--windowed", action="store_true", help="run in a window instead of full screen")
    p.add_argument("--game", metavar="NAME",
                   help=f"go straight to a game's table ({either([g.key for g in GAMES])})")
    p.add_argument("--seed", type=deal_number, metavar="N",
                   help=f"deal number (0 to {DEAL_LIMIT - 1}): the shuffle of the first deal")
    p.add_argument("--save-dir", metavar="DIR", help="where options, saved games and screenshots go")
    p.add_argument("--frames", type=non_negative, metavar="N", help="run N frames, then exit (smoke tests)")
    p.add_argument("--host", metavar="GAME",
                   help="run a network table of GAME without a window (see docs/network.md)")
    p.add_argument("--port", type=port_number, metavar="N",
                   help="with --host: the TCP port to listen on (default 47470)")
    p.add_argument("--code", type=table_code, metavar="CODE",
                   help="with --host: the table code players give (default: a new one)")
    p.add_argument("--seats", type=non_negative, metavar="N",
                   help="with --host: seats open to players (the rest are computers)")
    sizes = ", ".join(f"{g.title} {g.seats[0]}-{g.seats[-1]}" for g in GAMES if len(g.seats) > 1)
    p.add_argument("--players", type=non_negative, metavar="N",
                   help=f"with --host: how many sit at the table, where the game allows it "
                        f"({sizes}; default: the game's own)")
    p.add_argument("--bind", metavar="ADDRESS",
                   help="with --host: the address to listen on (default 0.0.0.0, every interface; "
                        "127.0.0.1 under GNERTS_NET_LOOPBACK=1)")
    p.add_argument("--version", action="version", version=f"G'NERTS {VERSION}")
    args = p.parse_args(argv)
    if args.host is None and any(v is not None for v in
                                  (args.port, args.code, args.seats, args.players, args.bind)):
        p.error("--port, --code, --seats, --players and --bind go with --host GAME")
    if args.host is not None and (args.game is not None or args.windowed or args.frames is not None):
        p.error("--host runs without a window: no --game, --windowed or --frames with it")
    return args


def host_table(args: argparse.Namespace) -> int:
    """python main.py --host GAME ...: the headless network table."""
    from game.games import BY_KEY
    from game.net import headless
    from game.net.protocol import DEFAULT_PORT

    if args.host not in BY_KEY:
        Parser(prog="gnerts").error(f"argument --host: invalid choice: {args.host!r} "
                                    f"(choose from {', '.join(BY_KEY)})")
    if args.players is not None:
        try:
            BY_KEY[args.host].check_seats(args.players)
        except ValueError as e:
            Parser(prog="gnerts").error(f"argument --players: {e}")
    try:
        headless.seat_plan(args.host, args.seats, args.players)
    except ValueError as e:
        Parser(prog="gnerts").error(f"argument --seats: {e}")
    return headless.run(args.host, DEFAULT_PORT if args.port is None else args.port, args.code,
                        args.seats, bind=args.bind, seed=args.seed,
                        players=args.players)


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    args = parse_args(argv)
    if args.host is not None:
        return host_table(args)
    # lazy: pygame is imported only after the flags are read (--help, --version and a
    # bad flag answer at once) and after the variable above hides pygame's greeting
    from game.app import App
    from game.games import BY_KEY
    from game.scenes.menu import MenuScene
    from game.scenes.title import TitleScene

    if args.game is not None and args.game not in BY_KEY:
        Parser(prog="gnerts").error(f"argument --game: invalid choice: {args.game!r} "
                                    f"(choose from {', '.join(BY_KEY)})")

    app = App(save_dir=args.save_dir, fullscreen=False if args.windowed else None, seed=args.seed)
    try:
        menu = MenuScene(app)
        if args.game:
            app.push(menu)
            app.apply(menu.choose([g for _, g in menu.items].index(BY_KEY[args.game])))
        else:
            app.push(TitleScene(app, lambda: menu))
        app.run(max_frames=args.frames)
        if os.environ.get("GNERTS_REPORT_SCENE"):
            # for the build test: which screen the run ended on
            print(f"GNERTS-SCENE {type(app.top).__name__ if app.top else None}", flush=True)
    finally:
        app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
