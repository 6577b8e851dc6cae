"""Shared helpers for the Go-Stop rule tests: positions built by hand, card names,
event kinds."""
from game.gostop.cards import parse_card
from game.gostop.rules import GoStopState, PlayCard

c = parse_card
JUNK15 = "1J1 1J2 2J1 2J2 3J1 3J2 4J1 4J2 5J1 5J2 6J1 6J2 7J1 11D"   # 6 points


def P(hands, table, stock, **kw):
    return GoStopState.from_position(hands, table, stock, **kw)


def names(cards):
    return sorted(x.name for x in cards)


def kinds(ev):
    return [e.kind for e in ev]


def play(s, name):
    return s.apply(PlayCard(c(name)))


def junk_events(ev):
    return [(e.data["from"], names(e.data["cards"]), e.data["reason"]) for e in ev if e.kind == "junk_taken"]
