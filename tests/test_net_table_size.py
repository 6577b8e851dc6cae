"""A network table's size (game/net/adapters.new_engine, TableHost, --host --players):
the seats given set how many play, within the game's own range; options that seat
another number, or a size the game is not played at, are one clear ValueError."""
from __future__ import annotations

import pytest

from game.gostop.options import Options as GoStopOptions
from game.nerts.options import NertsOptions
from game.net.headless import seat_plan
from game.net.host import COMPUTER, REMOTE, TableHost


@pytest.mark.parametrize("game, seats", [("gostop", 3), ("gostop", 2), ("nerts", 4), ("nerts", 3),
                                         ("gnono", 6), ("gnono", 2), ("gin", 2)])
def test_the_seats_given_set_the_table_size(game, seats):
    host = TableHost(game, [REMOTE] * (seats - 1) + [COMPUTER], seed=3)
    assert host.engine.n_seats == seats
    assert any(host.engine.legal_moves(s) for s in range(seats))     # dealt and playable
    host.engine.check_invariants()


def test_options_are_the_games_own_and_must_agree_with_the_seats():
    host = TableHost("gostop", [REMOTE] * 3, seed=1, options=GoStopOptions(players=3, target=5))
    assert host.engine.options.players == 3 and host.engine.options.target == 5
    with pytest.raises(ValueError, match="Go-Stop with these options has 2 seats, not 3"):
        TableHost("gostop", [REMOTE] * 3, seed=1, options=GoStopOptions(players=2))
    with pytest.raises(ValueError, match="Nerts with these options has 4 seats, not 2"):
        TableHost("nerts", [REMOTE] * 2, seed=1, options=NertsOptions(seats=4))


@pytest.mark.parametrize("game, seats, says", [
    ("gostop", 4, "Go-Stop is played by 2 to 3, not 4"),
    ("gin", 3, "Gin Rummy is played by 2, not 3"),
    ("nerts", 1, "Nerts is played by 2 to 4, not 1"),
    ("gnono", 11, "Gnono is played by 2 to 10, not 11"),
])
def test_a_size_the_game_is_not_played_at_is_refused_with_a_sentence(game, seats, says):
    with pytest.raises(ValueError, match=says):
        TableHost(game, [REMOTE] * seats, seed=1)


def test_the_headless_plan_takes_the_table_size():
    assert seat_plan("gostop", 2, 3) == [REMOTE, REMOTE, COMPUTER]
    assert seat_plan("nerts", None, 4) == [REMOTE] * 3 + [COMPUTER]
    assert seat_plan("gnono", None) == [REMOTE] * 3 + [COMPUTER]       # the game's default
    with pytest.raises(ValueError, match="--seats is 1 to 3"):
        seat_plan("gostop", 4, 3)
