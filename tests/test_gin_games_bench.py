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


def test_a_run_saved_is_paired_with_a_later_one_on_the_same_games(tmp_path, capsys):
    from bench.gin_games import main
    saved = tmp_path / "base.json"
    assert main(["--a", "normal", "--b", "easy", "--games", "2", "--seed", "4", "--save", str(saved)]) == 0
    first = capsys.readouterr().out
    assert main(["--a", "normal", "--b", "easy", "--games", "2", "--seed", "4", "--against", str(saved)]) == 0
    out = capsys.readouterr().out
    same = first.split("; 0.")[0]                      # the same games, the same result (CPU aside)
    assert out.startswith(same)
    assert "games won by only one: normal 0, normal 0 (z +0.00)" in out


def test_a_saved_run_of_other_deals_is_refused(tmp_path):
    import pytest

    from bench.gin_games import main
    saved = tmp_path / "base.json"
    main(["--a", "normal", "--b", "easy", "--games", "1", "--seed", "4", "--save", str(saved)])
    with pytest.raises(SystemExit):
        main(["--a", "normal", "--b", "easy", "--games", "1", "--seed", "5", "--against", str(saved)])


def test_a_field_of_the_experts_reading_factors_is_set_by_name():
    import pytest

    from bench.gin_baselines import player
    ai = player("expert:factors.meld_thrown=0.02,w_danger=12.0")(1)
    assert ai.factors.meld_thrown == 0.02 and ai.w_danger == 12.0
    with pytest.raises(SystemExit):
        player("expert:factors.no_such=1")(1)
