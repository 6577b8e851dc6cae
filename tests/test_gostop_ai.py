"""Go-Stop computer players and the headless runner."""
import os
import random

import pytest

from game.gostop.ai import LEVELS, GoStopAI, make_ai
from game.gostop.cards import deck, parse_card
from game.gostop.rules import ChooseMatch, GoStop, GoStopState, Options, PlayCard
from game.gostop.sim import compare, format_stats, main, play_hands
from tests.test_gostop_props import check_invariants

c = parse_card
SOAK = 20 if os.environ.get("GNERTS_SOAK") == "1" else 1
JUNK15 = "1J1 1J2 2J1 2J2 3J1 3J2 4J1 4J2 5J1 5J2 6J1 6J2 7J1 11D"


def P(hands, table, stock, **kw):
    return GoStopState.from_position(hands, table, stock, **kw)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("players", [2, 3])
def test_every_level_answers_every_question_legally(level, players):
    s = GoStopState.new(Options(players=players), 5)
    ai = GoStopAI(level, 1, rollouts=2)
    r = random.Random(3)
    kinds = set()
    for _ in range(250):
        q = s.question()
        if q.kind == "hand_over":
            s.apply(s.legal_moves()[0])
            continue
        kinds.add(q.kind)
        # half the seats by this AI, the others at random: many situations
        if q.seat == 0 or r.random() < 0.5:
            mv = ai.choose(s.view(q.seat))
            assert mv in s.legal_moves()
        else:
            mv = r.choice(s.legal_moves())
        s.apply(mv)
    assert {"play", "go_stop"} <= kinds


def test_ai_refuses_a_view_without_its_question():
    s = GoStopState.new(Options(), 2)
    other = 1 - s.question().seat
    with pytest.raises(ValueError):
        GoStopAI("normal", 1).choose(s.view(other))


def test_levels_take_the_bright():
    for level in ("greedy", "normal", "hard"):
        s = P(["8J1 5J1 6J1", "10J1 10J2 11J1"], "8B 3J1 12R", "7J1 9J1 4J1 2J1 1J1 12D")
        mv = GoStopAI(level, 4, rollouts=6).choose(s.view(0))
        assert mv == PlayCard(c("8J1")), level


def test_match_choice_prefers_the_bright_and_the_set():
    s = P(["8J1 5J1", "10J1 10J2"], "8B 8J2", "7J1 9J1")
    s.apply(PlayCard(c("8J1")))   # 8B and 8J2 differ: a question
    for level in ("greedy", "normal", "hard"):
        assert GoStopAI(level, 1).choose(s.view(0)) == ChooseMatch(c("8B"))
    # normal: the third red ribbon is worth more than a bird nobody collects
    s = P(["3J1 5J1", "10J1 10J2"], "3R 3B", "7J1 9J1", captures=["1R 2R", ""])
    s.apply(PlayCard(c("3J1")))
    assert GoStopAI("normal", 1).choose(s.view(0)) == ChooseMatch(c("3R"))


def test_normal_denies_an_opponents_godori():
    # taking the geese (the opponent holds two birds) beats a plain junk pair
    s = P(["8J1 5J1 6J1", "10J1 10J2 11J1"], "8A 5J2", "7J1 9J1 4J1 2J1",
          captures=["", "2A 4A"])
    assert GoStopAI("normal", 1).choose(s.view(0)) == PlayCard(c("8J1"))


def test_greedy_always_stops_normal_goes_only_when_safe():
    s = P(["8J1 9J1 10J1 11J1 12R", "12A 5R 6R 7R 4R"], "8J2", "5A 6A 7A 10A 3R",
          captures=[JUNK15, ""])
    s.apply(PlayCard(c("8J1")))
    assert s.phase == "go_stop"
    assert GoStopAI("greedy", 1).choose(s.view(0)) == GoStop(False)
    assert GoStopAI("normal", 1).choose(s.view(0)) == GoStop(True)   # opponent has nothing
    s = P(["8J1 9J1 10J1 11J1 12R", "12A 5R 6R 7R 4R"], "8J2", "9J2 10J2 11J2 12D 3R",
          captures=[JUNK15, "1B 3B 11B 2A 4A 1R 2R 5A 6A 7A 10A"])   # 5 points
    s.apply(PlayCard(c("8J1")))
    assert s.phase == "go_stop"
    assert GoStopAI("normal", 1).choose(s.view(0)) == GoStop(False)  # opponent is close


def test_hard_stops_when_the_opponent_is_close():
    # the opponent (3 brights, 5 animals) can take any of four ribbons from the
    # table; with two turns left hard and normal stop at 8 instead of risking it
    mine = "1J1 1J2 2J1 2J2 4J1 4J2 5J1 5J2 6J1 6J2 7J1 7J2 9J2 11D"
    opp = "1B 3B 11B 3J1 3J2 10J2 11J1 11J2 12D 5A 6A 7A 10A 12A"
    s = P(["8J1 9J1 10J1", "12B 3R 6R"], "8J2 9R 10R 1R 12R", "2A 4A 8A 2R 4R",
          captures=[mine, opp])
    s.apply(PlayCard(c("8J1")))
    assert s.phase == "go_stop"
    for seed in range(3):
        assert GoStopAI("hard", seed, rollouts=20).choose(s.view(0)) == GoStop(False)
    assert GoStopAI("normal", 1).choose(s.view(0)) == GoStop(False)


def test_hard_determinizes_consistently_with_the_view():
    s = GoStopState.new(Options(players=3), 9)
    for _ in range(12):
        s.apply(s.legal_moves()[0])
    while s.phase != "play":
        s.apply(s.legal_moves()[0])
    v = s.view(s.turn)
    d = GoStopAI("hard", 1).determinize(v, random.Random(1))
    assert set(d.all_cards()) == set(deck(2)) and len(d.all_cards()) == 50
    assert d.hands[v.seat] == list(v.hand) and d.table == list(v.table)
    assert [len(h) for h in d.hands] == list(v.hand_sizes)
    assert len(d.stock) == v.stock_size
    assert [list(x) for x in v.captures] == d.captures


def test_hard_is_deterministic_with_a_rollout_count():
    a = play_hands(["hard", "normal"], 3, seed=4, rollouts=2)
    b = play_hands(["hard", "normal"], 3, seed=4, rollouts=2)
    assert a.chips == b.chips and a.events == b.events and a.decisions == b.decisions


def test_hard_respects_its_think_time():
    s = GoStopState.new(Options(), 4)
    while s.phase != "play" or len(s.hands[s.turn]) < 5:
        s = GoStopState.new(Options(), 5)
    ai = GoStopAI("hard", 1, think_ms=5)
    mv = ai.choose(s.view(s.turn))
    assert mv in s.legal_moves() and ai.last_rollouts >= 2


@pytest.mark.parametrize("levels", [
    ["easy", "normal"], ["greedy", "normal"], ["normal", "normal", "easy"],
    ["greedy", "easy", "normal"]])
def test_soak_computer_only_hands(levels):
    st = play_hands(levels, 60 * SOAK, seed=len(levels) * 13 + len(levels[0]), check=check_invariants)
    assert st.hands == 60 * SOAK and sum(st.chips) == 0
    assert sum(st.wins) + st.events.get("nagari", 0) == st.hands
    assert len(st.hand_chips) == st.hands


@pytest.mark.parametrize("players", [2, 3])
def test_soak_hard(players):
    levels = ["hard"] + ["normal"] * (players - 1)
    st = play_hands(levels, 4 * SOAK, seed=players, rollouts=2, check=check_invariants)
    assert st.hands == 4 * SOAK and sum(st.chips) == 0


def test_compare_and_format():
    v = compare("normal", "greedy", 20, seed=1)
    assert isinstance(v, float)
    st = play_hands(["normal", "greedy"], 10, seed=2, time_decisions=True)
    text = format_stats(st)
    assert "hands/s" in text and "decision time normal" in text and "ppuk" in text
    cpu = play_hands(["normal", "greedy"], 10, seed=2, time_decisions=True, cpu_clock=True)
    assert len(cpu.decision_times["normal"]) == len(st.decision_times["normal"])
    assert cpu.chips == st.chips   # the clock changes nothing of the play


def test_make_ai_gives_each_level():
    for level in LEVELS:
        ai = make_ai(level, 3, rollouts=2)
        assert isinstance(ai, GoStopAI) and ai.level == level and ai.rollouts == 2
    with pytest.raises(ValueError):
        make_ai("expert")


def test_sim_command_line(capsys):
    main(["--levels", "normal,easy,greedy", "--hands", "5", "--seed", "3"])
    out = capsys.readouterr().out
    assert "5 hands" in out and "seat 2 greedy" in out
    main(["--versus", "normal,greedy", "--hands", "6", "--target", "5", "--bonus", "0"])
    assert "normal vs greedy" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["--levels", "normal"])


def redealt(s: GoStopState, seat: int, rng: random.Random) -> GoStopState:
    """The same position for `seat` with every card it cannot see (the other hands
    less their shown cards, the stock) dealt again at random."""
    t = s.copy()
    hidden = [c for o in range(s.n) if o != seat for c in s.hands[o] if c not in s.revealed[o]]
    hidden += s.stock
    rng.shuffle(hidden)
    pos = 0
    for o in range(s.n):
        if o == seat:
            continue
        k = len(s.hands[o]) - len(s.revealed[o])
        t.hands[o] = list(s.revealed[o]) + hidden[pos:pos + k]
        pos += k
    t.stock = hidden[pos:]
    return t


@pytest.mark.parametrize("players", [2, 3])
def test_hard_decides_the_same_whatever_the_hidden_cards(players):
    s = GoStopState.new(Options(players=players), 21 + players)
    pilot = GoStopAI("normal", 5)
    r = random.Random(8)
    asked = set()
    for _ in range(400):
        q = s.question()
        if q.kind == "hand_over":
            s.apply(s.legal_moves()[0])
            continue
        v = s.view(q.seat)
        if len(v.legal) > 1 and q.kind in ("play", "go_stop"):
            other = redealt(s, q.seat, r)
            assert other.view(q.seat) == v and other.all_cards() != s.all_cards()
            a, b = GoStopAI("hard", 3, rollouts=4), GoStopAI("hard", 3, rollouts=4)
            assert a.choose(v) == b.choose(other.view(q.seat))
            assert a.rng.getstate() == b.rng.getstate()
            asked.add(q.kind)
        s.apply(pilot.choose(v))
    assert asked == {"play", "go_stop"}


def test_bench_paired_plays_both_versions_on_the_same_deals():
    from bench.gostop_paired import paired, player, single_hands
    same = single_hands(player("normal"), player("easy"), 6, seed=3)
    assert same == single_hands(player("normal"), player("easy"), 6, seed=3)   # deterministic
    assert len(same) == 6
    text = paired("normal", "normal", "easy", 6, seed=3)
    assert "+0.00 chips a hand" in text and "played differently 0 of 6" in text
    assert player("hard:horizon=1")(1).horizon == 1
    with pytest.raises(SystemExit):
        player("hard:no_such_setting=1")(1)


def _rollout_plays(monkeypatch, players, **settings):
    """{cards in the hands: the play counts of the hard player's rollouts} over one
    hand, hard (with `settings`) asked at each play decision of a normal pilot."""
    import game.gostop.ai as ai_mod
    seen = []

    def recording(s, seat, plays, before):
        seen.append(plays)
        return real(s, seat, plays, before)
    real = ai_mod.short_rollout
    monkeypatch.setattr(ai_mod, "short_rollout", recording)
    s = GoStopState.new(Options(players=players), 7)
    pilot = GoStopAI("normal", 5)
    judged = {}
    while s.phase != "hand_over":
        q = s.question()
        v = s.view(q.seat)
        if q.kind == "play" and len(v.legal) > 1:
            del seen[:]
            hard = GoStopAI("hard", 1, rollouts=2)
            for k, x in settings.items():
                setattr(hard, k, x)
            assert hard.choose(v) in v.legal
            if seen:
                judged[sum(v.hand_sizes)] = set(seen)
        s.apply(pilot.choose(v))
    return judged


@pytest.mark.parametrize("players", [2, 3])
def test_hard_plays_every_card_out_to_the_hands_end(monkeypatch, players):
    """By default every play decision is judged by rollouts to the end of the hand
    (chips), from the first card; with endgame_cards lowered, the earlier ones look
    one round ahead."""
    from game.gostop.ai import TO_THE_END
    judged = _rollout_plays(monkeypatch, players)
    assert max(judged) == (20 if players == 2 else 21)   # the first card was judged
    assert all(p == {TO_THE_END} for p in judged.values())
    judged = _rollout_plays(monkeypatch, players, endgame_cards=14)
    assert all(p == ({TO_THE_END} if cards <= 14 else {players}) for cards, p in judged.items())
    assert min(judged) <= 14 < max(judged)


def test_hard_spends_the_second_half_of_its_samples_on_the_better_half(monkeypatch):
    """Successive halving: all six candidates get the first half of the samples,
    the better three (the move is one of them) the second half."""
    import game.gostop.ai as ai_mod
    hands_left = []   # my hand after each rollout's candidate: which card it played

    def recording(s, seat, plays, before):
        hands_left.append(frozenset(s.hands[seat]))
        return real(s, seat, plays, before)
    real = ai_mod.short_rollout
    monkeypatch.setattr(ai_mod, "short_rollout", recording)
    s = GoStopState.new(Options(players=2), 3)
    while s.phase != "play":
        s.apply(s.legal_moves()[0])
    v = s.view(s.question().seat)
    hard = GoStopAI("hard", 1, rollouts=8)
    assert hard.candidates == 6 and len(v.legal) > 6
    move = hard.choose(v)
    assert len(hands_left) == 6 * 4 + 3 * 4 and hard.last_rollouts == 8
    first, second = set(hands_left[:24]), set(hands_left[24:])
    assert len(first) == 6 and len(second) == 3 and second < first
    assert any(move.card not in h for h in second)
    hard.halving = False
    del hands_left[:]
    hard.choose(v)
    assert len(hands_left) == 6 * 8


def test_a_rollout_to_the_end_finishes_the_hand():
    import game.gostop.ai as ai_mod
    s = GoStopState.new(Options(players=2), 7)
    while s.phase != "play":
        s.apply(s.legal_moves()[0])
    ai_mod.short_rollout(s, 0, ai_mod.TO_THE_END, 0)
    assert s.phase == "hand_over"
