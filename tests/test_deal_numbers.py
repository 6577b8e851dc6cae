"""Deal numbers: a hand's number alone reproduces its cards; a game started on N deals
its first hand with N; two games on the same number get the same numbers hand after
hand whatever is played; numbers survive the JSON round trip; every table shows its
number; and a resumed computer-only game goes on exactly as the uninterrupted one."""
import json
import random

import pygame
import pytest

from game.deals import DEAL_LIMIT, deal_rng, next_deal_no
from tests import nerts_clock as clock
from tests.helpers import key_event


def test_next_deal_no():
    rng = random.Random(1)
    assert next_deal_no(rng, 77, first=True) == 77
    a = next_deal_no(rng, 77, first=False)
    assert 0 <= a < DEAL_LIMIT
    assert (next_deal_no(random.Random(5), None, first=True)
            == next_deal_no(random.Random(5), None, first=False))
    assert deal_rng(9).random() == random.Random(9).random()


# --- per engine: (new game on a seed, the current hand's number, the hand's cards
#     independent of who deals, play the hand to its end some way, deal the next)
def nerts_game(seed):
    from game.nerts.rules import NertsOptions, new_engine
    return new_engine(seed, NertsOptions(seats=3))


def nerts_cards(g):
    return json.dumps([lay.to_json() for lay in g.round.layouts])


def nerts_next(g, rng):
    from game.nerts.moves import NextRound
    r = g.round
    while not r.over:   # the round ends by standstills (nobody plays)
        for s in range(r.options.seats):
            clock.submit(r, s, r.legal_moves(s)[-1] if rng.random() < 0.5 else r.legal_moves(s)[0])
        clock.step(r)
        if r.step_no > 20000:
            break
    if not r.over:
        r.over, r.end_reason = True, "standstill"
    g.apply(NextRound())     # scored, and the next dealt


def gin_game(seed):
    from game.gin.rules import GinGame
    return GinGame.new(seed=seed)


def gin_cards(g):
    return (sorted(map(str, g.hands[0] + g.hands[1])), [str(c) for c in g.stock + g.pile])


def gin_next(g, rng):
    from game.gin.rules import NextHand
    while g.phase not in ("hand_over", "game_over"):
        moves = g.legal_moves(g.turn)
        g.apply(rng.choice(moves))
    g.apply(NextHand())


def gnono_game(seed):
    from game.gnono.rules import GnonoState
    return GnonoState(4, seed)


def gnono_cards(g):
    return (sorted(c.token for h in g.hands for c in h), [c.token for c in g.draw_pile + g.discard])


def gnono_next(g, rng):
    from game.gnono.rules import ROUND_OVER, NextRound
    for _ in range(5000):
        if g.phase == ROUND_OVER:
            break
        g.apply(rng.choice(g.legal_moves()))
    g.apply(NextRound())


def gostop_game(seed):
    from game.gostop.rules import GoStopState, Options
    return GoStopState.new(Options(), seed)


def gostop_cards(g):
    return (sorted(c.name for h in g.hands for c in h),
            [c.name for c in g.table + g.stock], sorted(c.name for c in g.captures[g.dealer]))


def gostop_next(g, rng):
    from game.gostop.rules import NextHand
    while g.question().kind != "hand_over":
        g.apply(rng.choice(g.legal_moves()))
    g.apply(NextHand())


ENGINES = {"nerts": (nerts_game, nerts_cards, nerts_next), "gin": (gin_game, gin_cards, gin_next),
           "gnono": (gnono_game, gnono_cards, gnono_next),
           "gostop": (gostop_game, gostop_cards, gostop_next)}


def deal_no(g):
    return g.round.deal_no if hasattr(g, "round") else g.deal_no


@pytest.mark.parametrize("game", list(ENGINES))
def test_a_hands_number_alone_reproduces_its_cards(game):
    new, cards, nxt = ENGINES[game]
    g = new(123456)
    assert deal_no(g) == 123456
    rng = random.Random(1)
    for _ in range(3):
        nxt(g, rng)
        d = deal_no(g)
        assert d != 123456 and 0 <= d < DEAL_LIMIT
        assert cards(new(d)) == cards(g), f"hand with deal number {d} is not reproduced"


@pytest.mark.parametrize("game", list(ENGINES))
def test_the_same_start_gives_the_same_numbers_whatever_is_played(game):
    new, cards, nxt = ENGINES[game]
    a, b = new(42), new(42)
    ra, rb = random.Random(1), random.Random(2)
    for _ in range(3):
        assert deal_no(a) == deal_no(b)
        nxt(a, ra)
        nxt(b, rb)
    assert deal_no(a) == deal_no(b)


@pytest.mark.parametrize("game", list(ENGINES))
def test_deal_numbers_survive_json(game):
    new, cards, nxt = ENGINES[game]
    g = new(7)
    nxt(g, random.Random(3))
    cls = type(g)
    g2 = cls.from_json(json.loads(json.dumps(g.to_json())))
    assert deal_no(g2) == deal_no(g) and g2.seed == g.seed == 7
    assert json.dumps(g2.to_json(), sort_keys=True) == json.dumps(g.to_json(), sort_keys=True)
    # the future too: the next hand has the same number
    nxt(g, random.Random(4))
    nxt(g2, random.Random(4))
    assert deal_no(g2) == deal_no(g)


# --- the tables ---------------------------------------------------------------------------
@pytest.mark.parametrize("game", list(ENGINES))
def test_the_menus_deal_number_starts_the_game_and_the_table_shows_it(app, monkeypatch, game):
    from game import ui
    from game.scenes.menu import MenuScene
    from tests.test_saves_abuse import start_table
    shown = []
    real_text, real_px = ui.text, ui.text_px
    monkeypatch.setattr(ui, "text", lambda c, col, row, s, *a, **k: (
        shown.append(s), real_text(c, col, row, s, *a, **k)))
    monkeypatch.setattr(ui, "text_px", lambda c, x, y, s, *a, **k: (
        shown.append(s), real_px(c, x, y, s, *a, **k)))
    menu = MenuScene(app)
    app.push(menu)
    menu.index = [w for _, w in menu.items].index("deal")
    app.apply(menu.choose())                         # the "Deal number" line
    from tests.helpers import post_keys
    post_keys(*"987654321", pygame.K_RETURN)
    app.run(max_frames=2)
    assert app.seed == 987654321 and "Deal number: 987654321" in menu.deal_label()
    table = start_table(app, game)
    ctl = getattr(table, "ctl", table)
    engine = ctl.source.state if game == "gostop" else getattr(ctl, "game", None) or ctl.state
    assert deal_no(engine) == 987654321
    shown.clear()
    app.run(max_frames=1)
    assert any("Deal 987654321" in s for s in shown), shown[:5]


@pytest.mark.parametrize("game", ["nerts", "gnono"])
def test_a_resumed_computer_game_goes_on_as_the_uninterrupted_one(tmp_path, game):
    """Computers only: save, play on 40 s; resume the save in another program, play on
    40 s: the same game (cards, scores, the computers' random state and clocks). A Nerts
    round is taken up behind a Ready box: the uninterrupted one is paused there too."""
    from game.app import App
    if game == "nerts":
        from game.nerts.rules import NertsOptions
        from game.nerts.table import new_table, resume
        make = lambda a: new_table(a, ["expert", "hard", "normal"], NertsOptions(seats=3), seed=11)  # noqa: E731
    else:
        from game.gnono.rules import GnonoOptions
        from game.gnono.table import new_table, resume
        make = lambda a: new_table(a, ["normal", "hard", "easy"], ["A", "B", "C"], GnonoOptions(), seed=11)  # noqa: E731
    one = App(save_dir=str(tmp_path / "one"), fullscreen=False, realtime=False)
    t1 = make(one)
    one.push(t1)
    one.run(max_frames=900)
    while one.top is not t1:   # a score screen: on to the next round
        one.pop()
    assert t1.save()
    (tmp_path / "two").mkdir()
    (tmp_path / "two" / f"{game}.json").write_bytes((tmp_path / "one" / f"{game}.json").read_bytes())
    two = App(save_dir=str(tmp_path / "two"), fullscreen=False, realtime=False)
    # the second program has run a while already: the table's clocks are relative
    two.run(max_frames=0)
    two.clock.steps = 12345 if hasattr(two.clock, "steps") else 0
    t2 = resume(two)
    assert t2 is not None
    two.push(t2)
    if game == "nerts":
        # a resumed round waits behind its Ready box (Enter plays on): the uninterrupted
        # game pauses there the same way (a pause is part of the round's timing)
        from game.nerts.screens import PauseBox
        one.push(PauseBox(one, t1, ready=True))
        for app, table in ((one, t1), (two, t2)):
            app.run(max_frames=2)
            assert app.top is not table
            pygame.event.post(key_event(pygame.K_RETURN))
            app.run(max_frames=2)
            assert app.top is table
    for app in (one, two):
        app.run(max_frames=2400)
    a = json.dumps(t1.ctl.game.to_json() if game == "nerts" else t1.ctl.state.to_json(),
                   sort_keys=True)
    b = json.dumps(t2.ctl.game.to_json() if game == "nerts" else t2.ctl.state.to_json(),
                   sort_keys=True)
    assert a == b
    assert not one.internal_errors and not two.internal_errors
    one.close()
    two.close()


def test_gnono_colours_are_single_letters_not_substrings():
    """Found by the save mutations: "" passed `in "RYGB"` and a table's draw then failed."""
    from game.gnono.rules import GnonoState, is_color
    assert is_color("R") and not is_color("") and not is_color("RY") and not is_color(["R"])
    d = GnonoState(3, 5).to_json()
    d["color"] = ""
    with pytest.raises(ValueError):
        GnonoState.from_json(d)
