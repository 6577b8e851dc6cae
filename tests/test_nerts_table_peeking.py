"""No Nerts key shows a card its seat cannot see (issues 43 item 3, 44 item 2).

At a Nerts table every layout lies open but the cards under each Pile's top and each
Stack: so a challenge, a drill or a hosted table has nothing to refuse with
game/table/peeking.py, if no key shows those. This walks every key the table offers
(its bindings in play and at the round's end, and the App's spoken keys F11, Ctrl+F11,
Shift+F11) and each box it opens, and asserts that none draws or says a face-down card.
"""
import pygame
import pytest

from game import card_art, ui
from game.cards import card_text
from game.keys import Alt, AnyKey, Typed
from game.nerts.drill import GOALS
from game.nerts.drill_table import DrillTable
from game.nerts.rules import Game, NertsOptions, Round
from game.nerts.table import NertsTable
from game.speech import RecordingSpeaker
from game.spoken import card_name
from tests.helpers import key_event, post_keys

APP_KEYS = [key_event(pygame.K_F11), key_event(pygame.K_F11, mod=pygame.KMOD_LCTRL),
            key_event(pygame.K_F11, mod=pygame.KMOD_LSHIFT)]


def hidden_and_seen(rnd):
    """The face-down cards of every layout, and the names of the face-up cards."""
    hidden, seen = set(), set()
    for lay in rnd.layouts:
        hidden |= set(lay.pile[:-1]) | set(lay.stack)
        seen |= set(map(str, lay.pile[-1:] + lay.waste + [c for col in lay.columns for c in col]))
    seen |= {str(c) for f in rnd.foundations for c in f}
    return hidden, seen


class Watch:
    """What the screen draws (card faces, texts) and the voice says while keys are pressed."""

    def __init__(self, app, monkeypatch):
        self.faces, self.texts = [], []
        real_face, real_text, real_px = card_art.face, ui.text, ui.text_px
        monkeypatch.setattr(card_art, "face", lambda c, *a, **k: (self.faces.append(c),
                                                                   real_face(c, *a, **k))[1])
        monkeypatch.setattr(ui, "text", lambda cv, x, y, s, *a, **k: (self.texts.append(s),
                                                                         real_text(cv, x, y, s, *a, **k))[1])
        monkeypatch.setattr(ui, "text_px", lambda cv, x, y, s, *a, **k: (self.texts.append(s),
                                                                           real_px(cv, x, y, s, *a, **k))[1])
        app.options["speech.on"] = True
        app.speaker = RecordingSpeaker()
        self.speaker = app.speaker

    def check(self, rnd, what: str) -> None:
        hidden, seen = hidden_and_seen(rnd)
        assert hidden, "a round with face-down cards"
        shown = [c for c in self.faces if c in hidden]
        assert not shown, f"{what} draws face-down cards face up: {shown}"
        # by name: only the hidden cards whose rank and suit no face-up card shares
        words = "\n".join(self.texts + self.speaker.said)
        named = [c for c in hidden if str(c) not in seen
                 and (card_text(c) in words or card_name(c.rank, c.suit) in words)]
        assert not named, f"{what} names face-down cards: {named}"


def event_of(binding):
    """The KEYDOWN a keyboard sends for the binding's first key."""
    for k in binding.keys:
        if isinstance(k, (AnyKey, Typed, Alt)):
            continue
        if isinstance(k, str):
            return key_event(pygame.key.key_code(k), unicode=k)
        return key_event(k)
    return None


def press_all_boxes(app, table, event, frames=3) -> None:
    """The key, then a few frames, and every box it opened drawn and closed again."""
    pygame.event.post(event)
    app.run(max_frames=frames)
    for _ in range(4):                       # the boxes' own pages: PgDn, and their F11s
        if app.top is table or table not in app.scenes:     # (F8: the table is gone)
            break
        for e in APP_KEYS + [key_event(pygame.K_PAGEDOWN)]:
            pygame.event.post(e)
            app.run(max_frames=1)
        app.pop(app.top)
        app.run(max_frames=1)


def walk(app, monkeypatch, make, phase_keys=()):
    """Press each key the table offers (in a fresh table each, some way into the round)."""
    assert app.scenes, "a scene under the tables (the menu)"
    probe = make()
    probe.app.run(max_frames=1)
    events = [e for e in map(event_of, probe.bindings()) if e is not None] + APP_KEYS + list(phase_keys)
    app.pop(probe)
    watch = Watch(app, monkeypatch)
    for e in events:
        t = make()
        app.run(max_frames=90)               # the computers play a little: the waste turned, cards scored
        watch.faces.clear(), watch.texts.clear(), watch.speaker.said.clear()
        rnd = t.ctl.game.round if hasattr(t.ctl, "game") else t.ctl.drill.round    # (the key may score it)
        press_all_boxes(app, t, e)
        assert app.running and watch.texts, "the table, or what the key opened, was drawn"
        watch.check(rnd, f"{pygame.key.name(e.key)} (mod {e.mod})")
        while t in app.scenes:
            app.pop(app.top)


@pytest.mark.parametrize("levels,partners", [(["human", "expert"], False),
                                             (["human", "human", "expert"], False),
                                             (["human", "expert", "expert", "expert"], True)])
def test_no_key_of_the_nerts_table_shows_a_face_down_card(menu_app, monkeypatch, levels, partners):
    app = menu_app

    def make():
        game = Game(NertsOptions(seats=len(levels), partners=partners), seed=21)
        t = NertsTable(app, game, levels, seed=21)
        app.push(t)
        return t
    walk(app, monkeypatch, make)


def test_no_key_at_the_round_end_and_its_scores_shows_a_face_down_card(menu_app, monkeypatch):
    app = menu_app

    def make():
        options = NertsOptions(seats=2)
        game = Game(options, seed=7)
        game.round = Round.setup([{"pile": "AH", "columns": ["7S", "6D", "5C", "8H"]},
                                  {"pile": "KS QS", "columns": ["9D", "9S", "8C", "8S"]}],
                                 options=options, seed=7)
        t = NertsTable(app, game, ["human", "expert"], seed=7)
        app.push(t)
        post_keys("q", "q")                  # AH to the Scoring Area: G'NERTS, the banner
        app.run(max_frames=1)
        assert t.ctl.phase == "banner"
        return t
    walk(app, monkeypatch, make, phase_keys=[key_event(pygame.K_RETURN)])


def test_no_key_of_the_drill_table_shows_a_face_down_card(menu_app, monkeypatch):
    app = menu_app

    def make():
        t = DrillTable(app, GOALS[0], 9)
        app.push(t)
        return t
    walk(app, monkeypatch, make)
