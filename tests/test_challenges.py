"""Deal challenge codes (game/challenges.py): they round-trip, survive the ways people
copy codes (case, spaces, O for 0), and a mistyped or foreign code is refused; and the
menu's "Play a challenge" refuses a bad code with a message."""
from __future__ import annotations

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import challenges as C
from game.games import BY_KEY, CODECS, challenge_prefixes
from tests.helpers import key_event, type_into


def challenge(game="gin", **kw):
    c = BY_KEY[game].parts.replay_codec
    seats = kw.pop("seats", (None, c.LEVELS[-1]))
    base = dict(game=game, deal_no=123456789, options=c.options_to_json(c.default_options()),
                seats=seats, score=154, name="Anna")
    return C.Challenge(**{**base, **kw})


@pytest.mark.parametrize("game", list(BY_KEY))
def test_a_code_round_trips_for_every_game(game):
    ch = challenge(game, seats=(None,) + (BY_KEY[game].parts.replay_codec.LEVELS[0],))
    code = C.encode(ch, BY_KEY[game].parts.replay_codec)
    assert code.startswith(BY_KEY[game].parts.replay_codec.CHALLENGE_PREFIX + "-")
    assert C.decode(code, list(CODECS.values())) == ch
    assert len(code) < 60


@settings(max_examples=200, deadline=None)
@given(deal=st.integers(0, 10 ** 12), score=st.integers(-10 ** 6, 10 ** 6),
       name=st.text(max_size=C.NAME_MAX), human=st.integers(0, 1),
       level=st.sampled_from(("easy", "normal", "hard", "expert")),
       oklahoma=st.booleans(), target=st.integers(1, 10_000))
def test_gin_codes_round_trip(deal, score, name, human, level, oklahoma, target):
    c = BY_KEY["gin"].parts.replay_codec
    opts = {**c.options_to_json(c.default_options()), "oklahoma": oklahoma, "game_target": target}
    seats = (None, level) if human == 0 else (level, None)
    ch = C.Challenge("gin", deal, opts, seats, score, name)
    assert C.decode(C.encode(ch, BY_KEY[ch.game].parts.replay_codec), list(CODECS.values())) == ch


def test_codes_survive_how_people_copy_them():
    ch = challenge()
    code = C.encode(ch, BY_KEY[ch.game].parts.replay_codec)
    assert C.decode(code.lower(), list(CODECS.values())) == ch
    spaced = " ".join(code.replace("-", "")[i:i + 3] for i in range(0, len(code), 3))
    assert C.decode(spaced, list(CODECS.values())) == ch
    body = code[4:].replace("0", "O").replace("1", "l")
    assert C.decode(code[:4] + body, list(CODECS.values())) == ch


@pytest.mark.parametrize("game", list(BY_KEY))
def test_every_single_typo_is_refused(game):
    """Every letter of the code, the last included (its spare bits were unchecked:
    15 of its 31 typos were accepted), replaced by each of the 31 others."""
    c = BY_KEY[game].parts.replay_codec
    for name in ("", "Anna", "Bartholomew!"):
        code = C.encode(challenge(game, name=name, seats=(c.LEVELS[0], None)), c)
        for i, ch in enumerate(code):
            if ch == "-" or i < 4:
                continue
            for other in C.ALPHABET.replace(ch, ""):
                typo = code[:i] + other + code[i + 1:]
                with pytest.raises(C.ChallengeError, match="mistyped"):
                    C.decode(typo, list(CODECS.values()))


@pytest.mark.parametrize("game, code", [
    ("nerts", "NRT-0400-4004-JPDE-YENM-0800-8GBE-DSGG-1D0"),
    ("gin", "GIN-040G-4004-JPDE-YENM-0800-8GBE-DSGS-298"),
    ("gnono", "GNO-0410-4004-JPDE-YENM-0800-8GBE-DSGJ-BNR"),
    ("gostop", "GST-041G-4004-JPDE-YENM-0800-8GBE-DSGV-8HG")])
def test_codes_handed_out_before_the_stricter_check_still_play(game, code):
    """Codes made by the version before the last letter's check (their spare bits
    were always zero): they deal the same game."""
    c = BY_KEY[game].parts.replay_codec
    assert C.decode(code, list(CODECS.values())) == challenge(game, seats=(None, c.LEVELS[-1]))


def test_a_code_with_a_letter_too_many_is_refused():
    code = C.encode(challenge(), BY_KEY["gin"].parts.replay_codec)
    with pytest.raises(C.ChallengeError):
        C.decode(code + "0", list(CODECS.values()))


@pytest.mark.parametrize("code, why", [
    ("", "starts with"), ("HELLO-1234", "starts with"), ("GIN-", "letters"),
    ("GIN-!!!!", "letters"), ("GIN-0000-0000", "checksum"), ("GIN-U000", "letters")])
def test_bad_codes_are_refused_with_a_reason(code, why):
    with pytest.raises(C.ChallengeError, match=why):
        C.decode(code, list(CODECS.values()))


def test_a_code_of_another_game_prefix_is_refused():
    code = C.encode(challenge(), BY_KEY["gin"].parts.replay_codec)
    with pytest.raises(C.ChallengeError):
        C.decode("GNO" + code[3:], list(CODECS.values()))


def test_refused_options_are_refused_by_the_game():
    c = BY_KEY["gin"].parts.replay_codec
    opts = {**c.options_to_json(c.default_options()), "game_target": 99_999}
    code = C.encode(C.Challenge("gin", 5, opts, (None, "hard"), 3, "X"), BY_KEY["gin"].parts.replay_codec)
    with pytest.raises(C.ChallengeError, match="options"):
        C.decode(code, list(CODECS.values()))


# codes made before the games' list moved into their specs: each still deals its game
OLD_CODES = {"nerts": "NRT-0400-4001-JPDE-YENM-0800-8GBE-DSGV-79R",
             "gin": "GIN-040G-4001-JPDE-YENM-0800-8GBE-DSGJ-4DG",
             "gnono": "GNO-0410-4001-JPDE-YENM-0800-8GBE-DSGS-DH0",
             "gostop": "GST-041G-4001-JPDE-YENM-0800-8GBE-DSGG-EN8"}


@pytest.mark.parametrize("game", list(OLD_CODES))
def test_codes_made_by_earlier_versions_still_decode(game):
    ch = challenge(game, seats=(None, "easy"))
    assert C.decode(OLD_CODES[game], list(CODECS.values())) == ch
    assert C.encode(ch, BY_KEY[game].parts.replay_codec) == OLD_CODES[game]


def test_a_table_reads_only_its_own_game_s_codes():
    with pytest.raises(C.ChallengeError, match="starts with GIN"):
        C.decode(OLD_CODES["gnono"], [BY_KEY["gin"].parts.replay_codec])


def test_the_outcome_line():
    ch = challenge(score=100)
    assert "beat" in C.outcome(ch, 120)
    assert "tied" in C.outcome(ch, 100)
    assert "stands" in C.outcome(ch, 80)


def test_the_code_file_is_written_and_read_back(app):
    ch = challenge()
    code = C.encode(ch, BY_KEY[ch.game].parts.replay_codec)
    assert C.save_code(app.storage, code, ch)
    assert C.read_code_file(app.storage, challenge_prefixes()) == code


def test_the_menu_refuses_a_bad_code_with_a_message(menu_app):
    from game.scenes.challenge import CodePrompt
    from game.scenes.overlays import MessageBox
    menu_app.key(key_event(pygame.K_c, "c"))
    menu_app.run(max_frames=1)
    assert isinstance(menu_app.top, CodePrompt)
    type_into(menu_app, "GIN-1234")
    menu_app.key(key_event(pygame.K_RETURN))
    menu_app.run(max_frames=1)
    assert isinstance(menu_app.top, MessageBox)
    assert any("cannot be played" in line for line in menu_app.top.lines)


def test_the_menu_opens_the_replays_screen(menu_app):
    from game.scenes.replays import ReplaysScene
    menu_app.key(key_event(pygame.K_r, "r"))
    menu_app.run(max_frames=1)
    assert isinstance(menu_app.top, ReplaysScene)
    assert not menu_app.top.entries
