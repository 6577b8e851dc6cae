"""Go-Stop rule options: nonsense refused with a message naming the option (built,
read from a save or from the options file), and every rule variant that the
default play never reaches shown to change the game."""
import json

import pytest

from game.engine import OptionError
from game.gostop.cards import parse_card
from game.gostop.options import SPEC, Options
from game.gostop.rules import GoStop, GoStopState, NextHand, PlayCard, Shake
from game.gostop.settings import PAGES, rule_options

c = parse_card
JUNK15 = "1J1 1J2 2J1 2J2 3J1 3J2 4J1 4J2 5J1 5J2 6J1 6J2 7J1 11D"   # 6 points
JUNK17 = JUNK15 + " 8J1 8J2"                                            # 8 points


def P(hands, table, stock, **kw):
    return GoStopState.from_position(hands, table, stock, **kw)


def pay(s, seat=0):
    return s.payments_if_stop(seat)[2]


# ------------------------------------------------------------------ refused values
REFUSED = [
    ("players", 4), ("players", True), ("players", "2"),
    ("target", 0), ("target", 51), ("target", 7.0), ("target", False),
    ("bonus_cards", 5), ("bonus_cards", -1), ("bonus_cards", True),
    ("chongtong_points", 0), ("chongtong_points", 10 ** 30),
    ("go_doubling_from", 0), ("go_doubling_from", "3"),
    ("pibak_under", 0), ("pibak_under", 31), ("pibak_under", True),
    ("gwang_bak", 5), ("gwang_bak", 1), ("gwang_bak", None), ("pi_bak", "yes"),
    ("meong_tta", 0), ("meong_tta_animals", 10), ("meong_tta_animals", 0),
    ("go_bak", []), ("shaking_doubles", 2), ("bomb_doubles", {}), ("nagari_doubles", -1),
]


@pytest.mark.parametrize("name,value", REFUSED)
def test_nonsense_is_refused_when_built_and_when_read(name, value):
    with pytest.raises(OptionError, match=name):
        Options(**{name: value})
    with pytest.raises(OptionError, match=name):
        Options.from_json({**Options().to_json(), name: value})


@pytest.mark.parametrize("name,value", [("gwang_bak", 5), ("bonus_cards", True), ("target", 0)])
def test_a_save_with_a_nonsense_option_is_refused(name, value):
    d = GoStopState.new(Options(), 3).to_json()
    d["options"][name] = value
    with pytest.raises(ValueError, match=name):
        GoStopState.from_json(json.loads(json.dumps(d)))


def test_options_from_json_refuses_unknown_keys_and_non_objects():
    with pytest.raises(OptionError, match="unknown option colour"):
        Options.from_json({"colour": 1})
    for bad in (None, [], "players=2", 2):
        with pytest.raises(OptionError):
            Options.from_json(bad)
    assert Options.from_json({}) == Options()
    assert Options.from_json({"target": None, "pibak_under": 5}).pibak_limit == 5


def test_every_option_has_a_rule_and_the_defaults_pass():
    assert set(SPEC) == set(Options().to_json())
    o = Options(players=3, target=4, bonus_cards=3, pibak_under=4, meong_tta_animals=9)
    assert Options.from_json(json.loads(json.dumps(o.to_json()))) == o


def test_every_choice_of_the_option_pages_makes_valid_options():
    values = {}
    for page in PAGES:
        for item in page.opts:
            values[item.key] = item.default
    for page in PAGES:
        for item in page.opts:
            if not item.key.startswith("gostop.") or item.key.startswith(("gostop.level", "gostop.name")):
                continue      # seats and hot-seat names: not rules
            for v in item.values:
                opts = dict(values, **{item.key: v})
                for n in (2, 3):
                    assert isinstance(rule_options(opts, n), Options)


# ------------------------------------------------------------------ the variants
def test_nagari_doubles_off_keeps_the_next_hand_at_single_pay():
    for doubles, after in ((True, 2), (False, 1)):
        s = P(["5J1", "7J1"], "", "6J1 8J1", dealer=1, options=Options(nagari_doubles=doubles))
        s.apply(PlayCard(c("5J1")))
        s.apply(PlayCard(c("7J1")))
        assert s.result["nagari"] and s.multiplier == after
        s.apply(NextHand())
        assert s.multiplier == after
        # the next hand's payment carries the nagari doubling only when it doubles
        assert (("nagari", 2) in pay(s)[0].doublings) == doubles


def test_shaking_doubles_off():
    s = P(["1B 1R 1J1 5J1", "10J1 10J2 11J1 11J2"], "7J1", "8J1 9J1 6J1 4J1",
          captures=["3B 8B 11B", "2J1"], options=Options(shaking_doubles=False))
    s.apply(PlayCard(c("1B")))
    s.apply(Shake(True))
    assert s.shakes == [1, 0]
    p = pay(s)[0]
    assert all(n != "shaking" for n, _ in p.doublings)
    on = P(["", ""], "", "", captures=["1B 3B 8B", "11B"], shakes=[1, 0])
    off = P(["", ""], "", "", captures=["1B 3B 8B", "11B"], shakes=[1, 0],
            options=Options(shaking_doubles=False))
    assert pay(on)[0].total == 6 and pay(off)[0].total == 3


def test_bomb_doubles_off():
    on = P(["", ""], "", "", captures=["1B 3B 8B", "11B"], bombs=[2, 0])
    off = P(["", ""], "", "", captures=["1B 3B 8B", "11B"], bombs=[2, 0],
            options=Options(bomb_doubles=False))
    assert pay(on)[0].total == 12 and pay(off)[0].doublings == [] and pay(off)[0].total == 3


@pytest.mark.parametrize("start,goes,factor", [
    (2, 1, 1), (2, 2, 2), (2, 3, 4), (1, 1, 2), (5, 4, 1), (5, 5, 2), (5, 6, 4)])
def test_go_doubling_from(start, goes, factor):
    s = P(["9J1", "12A"], "", "5A", captures=[JUNK17, ""], go_counts=[goes, 0],
          options=Options(go_doubling_from=start))
    p = pay(s)[0]
    assert p.total == (8 + goes) * factor
    assert ((f"{goes} Go", factor) in p.doublings) == (factor > 1)


@pytest.mark.parametrize("players,under,loser_junk,bak", [
    (2, 5, 4, True), (2, 5, 5, False), (2, 10, 9, True), (2, 10, 8, True),
    (3, 3, 2, True), (3, 3, 3, False), (3, 8, 7, True)])
def test_pibak_under(players, under, loser_junk, bak):
    loser = " ".join(["9J1", "9J2", "10J1", "10J2", "11J1", "11J2", "12D"][:loser_junk])
    if loser_junk >= 7:
        loser = "9J1 9J2 10J1 10J2 11J1 11J2 8J1 8J2 7J2"
        loser = " ".join(loser.split()[:loser_junk])
    caps = [JUNK15, loser] + [""] * (players - 2)
    s = P([""] * players, "", "", captures=caps, options=Options(players=players, pibak_under=under))
    assert (("pi-bak", 2) in pay(s)[0].doublings) == bak


def test_go_doubling_from_in_play_asks_and_pays():
    s = P(["8J1 9J1 10J1", "12A 12R 11B"], "8J2", "5A 6A 4A 7A", captures=[JUNK15, ""],
          options=Options(go_doubling_from=1))
    s.apply(PlayCard(c("8J1")))
    s.apply(GoStop(True))
    assert s.go_counts == [1, 0]
    assert ("1 Go", 2) in pay(s)[0].doublings
