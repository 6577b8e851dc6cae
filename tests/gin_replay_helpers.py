"""Playing Gin hands at the real table for the replay and challenge tests: the player's
turns through the table's own actions (take, insert, discard, F10 and Y), chosen by a
computer player from the player's view; the computer's turns through its paced clock."""
from __future__ import annotations

from game.gin import table as T
from game.gin.rules import Discard, DrawStock, GinOptions, GoOut, LayDown, Pass, TakeUpcard

SESSION = {"oklahoma": False, "hollywood": False, "name": "Anna"}
PLAYING = ("offer", "draw", "discard", "lay_down")


def human_turn(t: T.GinTable, ai) -> None:
    """One move of the player at the bottom, made as the keys make it."""
    g = t.ctl.game
    move = ai.choose(g.view(t.ctl.me))
    version = t.ctl.version
    if isinstance(move, Pass):
        t.ctl.pass_upcard()
    elif isinstance(move, (TakeUpcard, DrawStock)):
        t.ctl.target = "pile" if isinstance(move, TakeUpcard) else "stock"
        t.ctl.take()
        t.ctl.insert()
    elif isinstance(move, Discard):
        t.ctl.sel = t.ctl.order.index(move.card)
        t.ctl.discard()
    elif isinstance(move, GoOut):
        if move.discard is not None:
            t.ctl.sel = t.ctl.order.index(move.discard)
        t.ctl.go_out()
        t.ctl.confirm_yes()
    elif isinstance(move, LayDown):
        assert t.ctl.mode == "confirm"       # the table proposes the best groups: Y
        t.ctl.confirm_yes()
    assert t.ctl.version == version + 1, f"the table did not play {move}: {t.ctl.note}"


def computer_turn(t: T.GinTable) -> None:
    version = t.ctl.version
    for _ in range(1000):
        t.ctl.cpu_wait = 0
        t.update(1 / 120)
        if t.ctl.version != version:
            return
    raise AssertionError("the computer never moved")


def play(t: T.GinTable, ai, moves: int | None = None) -> None:
    """Play on until the hand is over (or `moves` moves were made)."""
    made = 0
    while t.ctl.game.phase in PLAYING and (moves is None or made < moves):
        if t.ctl.game.turn == t.ctl.me:
            human_turn(t, ai)
        else:
            computer_turn(t)
        made += 1


def new_table(app, seed: int, level: str = "normal", options: GinOptions | None = None) -> T.GinTable:
    """A table as the menu starts one on a deal number (T.new_table: the computer's
    seed is the deal number + 1), on the given rules."""
    options = options or GinOptions()
    session = {**SESSION, "oklahoma": options.oklahoma, "hollywood": options.hollywood}
    t = T.GinTable(app, T.GinGame.new(seed=seed, options=options), SESSION["name"], level,
                   seed + 1, session)
    app.push(t)
    return t
