"""game/gamespec.py: each game's SPEC declares what the menu and the title need, and
its heavy parts (engine, tables, codecs, computer) load on first use through the
spec's own factory, checked against the declaration; importing the program loads no
game, and a resume, a replay, a join or a challenge loads only its own."""
from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys

import pytest

from game.bot import Bot
from game.games import GAMES
from game.gin import settings, table_save

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGES = [f"game.{g.key}" for g in GAMES]


def test_every_game_spec_is_read_from_its_own_modules():
    """(This loads every game: the "every game registered" check.)"""
    for spec in GAMES:
        package = f"game.{spec.key}"
        assert spec.parts.replay_codec.__name__ == f"{package}.replay_codec"
        parts = spec.parts
        for field in (parts.new_engine, parts.start, parts.resume, parts.start_challenge, parts.replay_board,
                      spec.parts.join, spec.parts.make_bot):
            assert field.__module__.startswith(package + "."), (spec.key, field)
        assert spec.levels == spec.parts.replay_codec.LEVELS
        assert spec.parts.net_codec.__name__ == f"{package}.net_codec"
        assert spec.option_pages and all(p.title for p in spec.option_pages)
        assert spec.challenge_prefix == spec.parts.replay_codec.CHALLENGE_PREFIX
    keys = {s.key: s for s in GAMES}
    assert keys["nerts"].presets is None and keys["gin"].presets is settings.BOOK
    assert keys["gin"].save_name == table_save.SAVE_NAME == "gin.json"


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.key)
def test_every_game_deals_its_whole_seat_range_and_refuses_the_rest(spec):
    for seats in spec.seats:
        assert spec.parts.new_engine(3, None, seats).n_seats == seats
    for seats in (spec.seats[0] - 1, spec.seats[-1] + 1):
        with pytest.raises(ValueError):
            spec.parts.new_engine(3, None, seats)


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.key)
def test_every_game_has_one_computer_player_behind_the_bot_api(spec):
    engine = spec.parts.new_engine(5, None, spec.seats[0])
    for level in spec.levels:
        bot = spec.parts.make_bot(level, 1, 0)
        assert isinstance(bot, Bot)
    seat = engine.to_move()[0]
    bot = spec.parts.make_bot(spec.levels[0], 1, seat)
    move = None
    for clock in range(0, 2000, 10):      # a real-time bot looks when its reaction time is up
        move = bot.step(engine.view(seat), clock)
        if move is not None:
            break
    assert move is not None and spec.parts.net_codec.listed_form(move) in engine.legal_moves(seat)


def test_a_spec_that_does_not_match_its_modules_is_refused_when_it_loads():
    gin = next(g for g in GAMES if g.key == "gin")
    wrong = dataclasses.replace(gin, levels=("easy",))
    with pytest.raises(ValueError, match="levels"):
        _ = wrong.parts


def loaded_after(code: str) -> list[str]:
    """The game packages whose rules are loaded after `code` runs in a fresh program."""
    probe = (f"{code}\nimport sys, json\n"
             f"print(json.dumps([p for p in {PACKAGES!r} if p + '.rules' in sys.modules]))")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True,
                          env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_program_starts_with_no_game_loaded():
    assert loaded_after("import game.app, game.scenes.menu, game.scenes.title, game.options") == []


def test_a_resume_a_replay_a_join_and_a_challenge_each_load_only_their_game(tmp_path):
    setup = (f"import os, tempfile\nfrom game.app import App\nfrom game.games import BY_KEY\n"
             f"app = App(save_dir={str(tmp_path)!r}, fullscreen=False)\n")
    # a resume: the saved game's resume (none saved here: the game loads to look)
    assert loaded_after(setup + "from game.games import resume_table\n"
                        "resume_table(app, BY_KEY['gostop'])") == ["game.gostop"]
    # a replay: the replay's codec, asked of the replays folder by its game
    assert loaded_after(setup + "app.replays.codecs['gnono']") == ["game.gnono"]
    # a join: the welcome's game's joiner's table
    assert loaded_after(setup + "from game.scenes.join import join_table\njoin_table('nerts')") \
        == ["game.nerts"]
    # a challenge: read by its prefix's game alone
    code = ("from game.scenes.challenge import decode\n"
            "try:\n    decode('GIN-0000-0000')\nexcept ValueError:\n    pass")
    assert loaded_after(setup + code) == ["game.gin"]
