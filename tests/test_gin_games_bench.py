"""bench/gin_games.py: whole games to 100 by seed (the same games for the same seed,
so two players can be paired), the EAAI rules as the issue names them."""
from bench.gin_games import RULES, describe, paired, run


def test_the_eaai_rules_are_knock_10_gin_and_undercut_25_no_box_game_or_blitz_bonus():
    r = RULES["eaai"]
    assert (r.knock_value, r.gin_bonus, r.underknock_bonus, r.game_target) == (10, 25, 25, 100)
    assert (r.box_bonus, r.game_bonus, r.blitz_bonus) == (0, 0, 0)
    assert not (r.oklahoma or r.hollywood)


def test_games_are_played_whole_and_the_same_for_the_same_seed():
    a = run("hard", "normal", 2, seed=4, rules="eaai")
    b = run("hard", "normal", 2, seed=4, rules="eaai")
    assert a["games"] == b["games"] and a["nets"] == b["nets"] and len(a["games"]) == 2
    assert len(a["nets"]) >= 2 * 2          # a game to 100 takes several hands
    assert "games " in describe(a) and "points a hand" in describe(a)
    assert "games won by only one: hard 0, hard 0" in paired(a, b)
