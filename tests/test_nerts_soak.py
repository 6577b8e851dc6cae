"""Computer-only Nerts rounds, many of them, with the invariants checked as they go.

GNERTS_SOAK=1 multiplies the counts (thousands of rounds)."""
import os
import random
import subprocess
import sys

import pytest

from game.nerts.ai import NertsAI
from game.nerts.rules import Game, NertsOptions, Round
from game.nerts.sim import main as sim_main
from game.nerts.sim import play_game, play_rounds, step_timings
from tests import nerts_clock as clock

SOAK = 50 if os.environ.get("GNERTS_SOAK") == "1" else 1


def soak_round(options: NertsOptions, seed: int, levels):
    r = Round(options, seed)
    players = [NertsAI(levels[s % len(levels)], random.Random(seed * 10 + s))
               for s in range(options.seats)]
    step = 0
    while not r.over:
        assert step < 200_000, "a round must end"
        for s, p in enumerate(players):
            m = p.poll(r.step_no, lambda s=s: r.view(s))
            if m is not None:
                clock.submit(r, s, m)
        for e in clock.step(r):
            # the only refusals: another seat got there first in the same step (a
            # foundation taken, or a card scored that ends a standstill), or G'NERTS
            assert e.kind != "refused" or "too late" in e.reason.lower() or \
                "round is over" in e.reason.lower() or (
                    e.move.kind == "vote" and "not a standstill" in e.reason.lower()), (e, r.step_no)
        if step % 37 == 0:
            r.check_invariants()
        step += 1
    r.check_invariants()
    assert r.end_reason in ("gnerts", "standstill")
    if r.end_reason == "gnerts":
        assert r.layouts[r.caller].pile == []
    else:
        assert r.rotations == 3
    return r


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_soak_instant_rounds(seats):
    for k in range(30 * SOAK):
        options = NertsOptions(seats=seats, flip_by_ones=(k % 5 == 4), move_runs=(k % 3 == 2))
        soak_round(options, 1000 * seats + k, ["instant"])


def test_soak_mixed_levels_on_the_clock():
    # every step stepped (no jumps), mixed levels racing each other
    for k in range(2 * SOAK):
        soak_round(NertsOptions(seats=4, move_runs=bool(k % 2)), 77 + k,
                   ["expert", "hard", "normal", "easy"])


def test_play_rounds_stats_and_games():
    st = play_rounds(["instant", "instant", "instant"], 6 * SOAK, seed=2)
    assert st["rounds"] == 6 * SOAK and sum(st["ends"].values()) == 6 * SOAK
    assert abs(sum(st["wins"]) - 6 * SOAK) < 1e-9 and st["moves"] > 0
    g = play_game(["instant", "instant"], seed=4, options=NertsOptions(target=100))
    assert g["winner"] in (0, 1) and max(g["totals"]) >= 100
    assert g["totals"][g["winner"]] == max(g["totals"])
    t = step_timings(["expert", "hard"], rounds=1, seed=1)
    assert t["samples"] > 100 and t["median_ms"] >= 0


def test_sim_command_line(capsys):
    assert sim_main(["--seats", "3", "--rounds", "3", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "rounds/s" in out and "seat 2" in out
    assert sim_main(["--seats", "2", "--rounds", "1", "--levels", "expert,hard", "--game"]) == 0
    with pytest.raises(SystemExit):
        sim_main(["--levels", "godlike"])
    res = subprocess.run([sys.executable, "-m", "game.nerts.sim", "--help"],
                         capture_output=True, text=True, timeout=60)
    assert res.returncode == 0 and "--seats" in res.stdout


def test_jumping_idle_steps_changes_nothing():
    from game.nerts.sim import make_players, run_round
    results = []
    for jump in (True, False):
        r = Round(NertsOptions(seats=3), 21)
        players = make_players(["expert", "normal", "easy"], 21)
        results.append((run_round(Game.of_round(r), players, jump=jump), r.to_json()))
    assert results[0] == results[1]
