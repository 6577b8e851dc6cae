"""What a player tripped on at the Gnono table (issue 44 items 7, 8, 12, 21 and 2, issue
43 item 3): a first Draw Two's effect told, an unplayable drawn card shown until a key
in the hot seat, F2's text, a refused play private to its seat, and F9 refused in a
challenge and at a hosted table."""
from __future__ import annotations

import pygame

from game.challenges import Challenge
from game.gnono import replay_codec
from game.gnono import table as T
from game.gnono.help_text import HELP
from game.gnono.options import GnonoOptions
from game.gnono.rules import GnonoState
from game.gnono.table_keys import GnonoKeys
from game.net.hosting import NetHosting
from game.scenes.overlays import TextBox
from game.table.handover import HandOver
from game.table.peeking import CHALLENGE, NETWORK
from tests.helpers import post_keys, run_until


def hot_seat(app, hands, top, **kw) -> T.GnonoTable:
    st = GnonoState.setup(len(hands), hands, top, seed=1, **kw)
    t = T.GnonoTable(app, st, ["human"] * len(hands), ["Ann", "Bob", "Cy"][:len(hands)], "fast", seed=1)
    app.push(t)
    assert run_until(app, lambda: isinstance(app.top, HandOver), 20)
    post_keys(pygame.K_RETURN)
    app.run(max_frames=1)
    assert t.viewer == 0 and app.top is t
    return t


def choose(app, t: T.GnonoTable, card: str) -> None:
    post_keys(pygame.K_HOME)
    app.run(max_frames=1)
    for _ in range(len(t.seat_view().hand)):
        if str(t.keymap.selected()) == card:
            return
        post_keys(pygame.K_RIGHT)
        app.run(max_frames=1)
    raise AssertionError(f"{card} not in the hand")


def shown(t: T.GnonoTable) -> list[str]:
    return t.log + [line for line, _c in t.notes]


def test_a_refused_play_stays_with_the_seat_refused(app):
    # issue 44 item 21: Ann tries G1 on R9 (refused), plays R5; Bob never reads her G1
    t = hot_seat(app, ["G1 R5 Y3", "B1 B2 B3"], "R9")
    choose(app, t, "G1")
    post_keys(pygame.K_RETURN)
    app.run(max_frames=1)
    assert app.beeps == 1 and any("G1" in line for line in shown(t))     # Ann reads why
    choose(app, t, "R5")
    post_keys(pygame.K_RETURN)
    assert run_until(app, lambda: isinstance(app.top, HandOver), 400)
    assert not any("G1" in line for line in shown(t))                    # behind the hand-over
    post_keys(pygame.K_RETURN)
    app.run(max_frames=2)
    assert t.viewer == 1
    assert not any("G1" in line for line in shown(t)), shown(t)
    post_keys(pygame.K_F3)
    app.run(max_frames=1)
    assert isinstance(app.top, TextBox) and not any("G1" in line for line in app.top.lines)


def test_an_unplayable_drawn_card_stays_in_sight_until_a_key(app):
    # issue 44 item 8: Ann draws Y7 on R9: it passes, but her hand (with Y7) stays open
    # until she presses a key, as a drawn card that can be played waits for her
    t = hot_seat(app, ["G1 G2 G3", "B1 B2 B3"], "R9", draw="Y7")
    post_keys("+")
    app.run(max_frames=4 * 120)          # four seconds
    assert app.top is t and t.hand_open() and t.viewer == 0
    assert any(str(c) == "Y7" for c in t.playback.hand_cards())
    assert ("Enter", "Go on") in t.key_bar()
    assert t.ctl.state.current == 1      # (the turn has passed)
    post_keys(pygame.K_RETURN)
    assert run_until(app, lambda: isinstance(app.top, HandOver), 200)
    assert not t.hand_open()


def test_a_first_draw_two_says_who_drew_and_was_skipped(app):
    # issue 44 item 7: seed 10 turns up a Draw Two first; the first player draws two
    st = GnonoState(2, 10)
    assert [e.kind for e in st.deal_events][1:4] == ["first_card", "drew", "skipped"]
    first = st.deal_events[2].seat
    t = T.GnonoTable(app, st, ["human", "normal"], ["Ann", "Ada"], "fast", seed=10)
    app.push(t)
    app.run(max_frames=1)
    who = "You" if first == 0 else "Ada"
    log = " ".join(t.log)
    assert "Draw Two" in log
    assert f"{'You draw' if first == 0 else 'Ada draws'} 2 cards for the Draw Two" in log
    assert f"{who} {'are' if first == 0 else 'is'} skipped." in log


def test_f2_speaks_of_players_without_his_and_says_who_draws_six():
    # issue 44 item 12: "misses his turn ... he draws 6"
    text = " ".join(HELP)
    assert " his " not in text and " he " not in text
    assert "lawful, the challenger draws 6" in text


def test_f9_is_refused_in_a_challenge_with_its_reason(app):
    # issue 44 item 2 / issue 43 item 3: a challenge cannot peek
    ch = Challenge(game="gnono", deal_no=77, options=replay_codec.options_to_json(GnonoOptions()),
                   seats=(None, "normal"), score=10, name="Kim")
    t = T.start_challenge(app, ch)
    app.push(t)
    app.run(max_frames=1)
    post_keys(pygame.K_F9)
    app.run(max_frames=1)
    assert app.beeps == 1 and not t.show_hands
    assert any(CHALLENGE in line for line, _c in t.notes)


def test_f9_is_refused_at_a_hosted_table_with_a_network_player(app):
    hosting = NetHosting("gnono", remote={1}, port=0, code="PEEK42", advertise=False)
    t = T.new_table(app, ["human", "human", "normal"], ["You", "Open seat", "Carl"], GnonoOptions(),
                    "fast", seed=8, hosting=hosting)
    app.push(t)
    try:
        app.run(max_frames=1)
        assert t.peek_refused() == NETWORK
        post_keys(pygame.K_F9)
        app.run(max_frames=1)
        assert app.beeps == 1 and not t.show_hands
    finally:
        t.close_hosting()


def test_f9_still_shows_the_computers_hands_at_a_plain_table(app):
    st = GnonoState.setup(2, ["G1 G2", "B1 B2"], "R9", seed=1)
    t = T.GnonoTable(app, st, ["human", "normal"], ["Ann", "Ada"], "fast", seed=1)
    app.push(t)
    app.run(max_frames=1)
    post_keys(pygame.K_F9)
    app.run(max_frames=1)
    assert t.show_hands and app.beeps == 0 and t.peek_refused() is None


def test_a_joiners_scores_call_the_hosts_computer_a_computer():
    # issue 44 item 3: "Bert (computer, comp)"
    class Table:
        class ctl:
            n, names, kinds = 2, ["You", "Bert"], ["human", "comp"]
        history: list = []
        app = None

        def seat_view(self):
            return GnonoState.setup(2, ["G1", "B1"], "R9", seed=1).view(0)

        def is_human(self, s):
            return s == 0
    box = GnonoKeys(Table()).show_scores().scene
    assert any("Bert" in line and "(computer)" in line for line in box.lines), box.lines
