"""Every scoring line of the rules sheet, with its breakdown."""
from hypothesis import given, settings
from hypothesis import strategies as st

from game.gostop import scoring
from game.gostop.cards import CARDS, parse_cards


def bd(text):
    return scoring.breakdown(parse_cards(text))


def test_empty_scores_nothing():
    assert bd("").lines == [] and bd("").total == 0


def test_brights():
    assert bd("1B 3B 8B").lines == [("3 brights", 3)]
    assert bd("1B 3B 12B").lines == [("3 brights with rain", 2)]
    assert bd("1B 3B 8B 11B").lines == [("4 brights", 4)]
    assert bd("1B 3B 8B 12B").lines == [("4 brights", 4)]
    assert bd("1B 3B 8B 11B 12B").lines == [("5 brights", 15)]
    assert bd("1B 3B").total == 0


def test_animals_and_godori():
    assert bd("5A 6A 7A 10A").total == 0
    assert bd("5A 6A 7A 10A 12A").lines == [("5 animals", 1)]
    assert bd("5A 6A 7A 10A 12A 2A").lines == [("6 animals", 2)]
    assert bd("2A 4A 8A").lines == [("godori", 5)]
    # the seed's example: godori plus 3 more animals scores 7
    g = bd("2A 4A 8A 5A 6A 7A")
    assert dict(g.lines) == {"godori": 5, "6 animals": 2} and g.total == 7


def test_ribbons_and_sets():
    assert bd("1R 2R 3R").lines == [("red ribbons", 3)]
    assert bd("6R 9R 10R").lines == [("blue ribbons", 3)]
    assert bd("4R 5R 7R").lines == [("grass ribbons", 3)]
    assert bd("1R 2R 4R 6R").total == 0
    assert bd("1R 2R 4R 6R 12R").lines == [("5 ribbons", 1)]
    six = bd("1R 2R 3R 4R 6R 12R")
    assert dict(six.lines) == {"red ribbons": 3, "6 ribbons": 2} and six.total == 5
    # the rain ribbon belongs to no set
    assert bd("12R 1R 2R").total == 0


def test_junk_doubles_and_bonus_values():
    assert bd("1J1 1J2 2J1 2J2 3J1 3J2 4J1 4J2 5J1").total == 0
    assert bd("1J1 1J2 2J1 2J2 3J1 3J2 4J1 4J2 5J1 5J2").lines == [("10 junk", 1)]
    assert bd("1J1 1J2 2J1 2J2 3J1 3J2 4J1 4J2 11D").lines == [("10 junk", 1)]
    assert bd("1J1 1J2 2J1 2J2 3J1 3J2 4J1 4J2 11D 12D").lines == [("12 junk", 3)]
    assert bd("1J1 1J2 2J1 2J2 3J1 3J2 +2 +3").lines == [("11 junk", 2)]


def test_sake_cup_counted_the_better_way():
    # 4 animals + sake cup: 5 animals (1 point) beats 5 junk + 2 (no points)
    b = bd("9A 2A 5A 6A 7A 1J1 1J2 2J1 2J2 3J1")
    assert b.counts.sake_as == "animal" and b.total == 1
    # 4 animals + 9 junk: the cup as double junk gives 11 junk (2) > 5 animals (1)
    b = bd("9A 2A 5A 6A 7A 1J1 1J2 2J1 2J2 3J1 3J2 4J1 4J2 5J1")
    assert b.counts.sake_as == "junk" and b.lines == [("11 junk", 2)]
    # forced roles
    assert scoring.breakdown(parse_cards("9A 2A 5A 6A 7A"), "junk").total == 0
    assert scoring.breakdown(parse_cards("9A 2A 5A 6A 7A"), "animal").total == 1


def test_everything_together():
    b = bd("1B 3B 8B 2A 4A 8A 1R 2R 3R 1J1 1J2 2J1 2J2 3J1 3J2 4J1 4J2 5J1 5J2")
    assert dict(b.lines) == {"3 brights": 3, "godori": 5, "red ribbons": 3, "10 junk": 1}
    assert b.total == 12 == scoring.score(parse_cards(
        "1B 3B 8B 2A 4A 8A 1R 2R 3R 1J1 1J2 2J1 2J2 3J1 3J2 4J1 4J2 5J1 5J2"))


@settings(max_examples=200, deadline=None)
@given(st.sets(st.sampled_from(CARDS)))
def test_score_is_the_sum_of_its_lines(cards):
    cards = sorted(cards)
    b = scoring.breakdown(cards)
    assert b.total == sum(p for _, p in b.lines) == scoring.score(cards)
    # the better sake cup role really is the better one
    assert b.total == max(scoring.breakdown(cards, "animal").total,
                          scoring.breakdown(cards, "junk").total)
    assert all(p > 0 for _, p in b.lines)
