"""G'NERTS: python main.py [--windowed] [--game NAME] [--seed N] [--save-dir DIR] [--frames N]"""
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


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = Parser(prog="gnerts",
               description="G'NERTS, a DOS-style card parlor: Nerts, Gin Rummy, Gnono, Go-Stop.")
    p.add_argument("--windowed", action="store_true", help="run in a window instead of full screen")
    p.add_argument("--game", metavar="NAME",
                   help="go straight to a game's table (nerts, gin, gnono or gostop)")
    p.add_argument("--seed", type=deal_number, metavar="N",
                   help=f"deal number (0 to {DEAL_LIMIT - 1}): the shuffle of the first deal")
    p.add_argument("--save-dir", metavar="DIR", help="where options, saved games and screenshots go")
    p.add_argument("--frames", type=non_negative, metavar="N", help="run N frames, then exit (smoke tests)")
    p.add_argument("--version", action="version", version=f"G'NERTS {VERSION}")
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
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
