"""The hot-seat privacy property (issue 32 item 4, issue 35 items 1-2): random hot-seat
games played through the real table scenes in a headless App (Gnono with 2-3 humans
among 4-6 seats, Gin and Go-Stop hot seat, Nerts with 2 humans). At every frame:

- nothing on screen (the notes lines, the F3 history, the box on top), spoken (the
  fake speaker) or hinted (the coach's answers go to the notes) while seat k holds the
  keyboard names a card private to another seat: a card in another seat's hand that
  was never shown to everyone. "Seat k holds the keyboard" while it is k's own decision
  after its hand-over; while a computer plays, or behind the hand-over screen, nobody
  does, and no seat's private card may show;
- no human's hand is drawn face up while a computer or another human is to play.

Each game's `Watch` knows its table: who holds the keyboard, which cards are private
to whom, the card faces drawn this frame, and how a random player presses its keys.
A few seeds run by default (well under a minute); GNERTS_SOAK=1 plays many more.
"""
from __future__ import annotations

import os
import random
import re
from collections import Counter

import pygame
import pytest

from game import card_art as gin_art
from game.cards import card_text
from game.gin import table as gin_table
from game.gin.rules import GinGame
from game.gnono import card_art as gnono_art
from game.gnono import table as gnono_table
from game.gnono.cards import Card as GnonoCard
from game.gnono.rules import (
    COLOR,
    DRAWN,
    GAME_OVER,
    PLAY,
    ROUND_OVER,
    Draw,
    GnonoOptions,
    KeepDrawn,
    Play,
    PlayDrawn,
)
from game.gostop import hwatu_art
from game.gostop import table as gostop_table
from game.gostop.cards import CARDS as GOSTOP_CARDS
from game.gostop.narrate import card_label
from game.gostop.rules import GoStopState
from game.gostop.settings import rule_options
from game.nerts import table as nerts_table
from game.nerts.rules import NertsOptions
from game.nerts.settings import DEFAULT_KEYS as NERTS_KEYS
from game.speech import RecordingSpeaker
from game.spoken import card_name
from tests.helpers import post_keys

SOAK = bool(os.environ.get("GNERTS_SOAK"))
HAND_OVER_SCREENS = ("HandOver", "PassScreen", "PassKeyboard")   # (the last two: before the table layer)


def is_hand_over(scene) -> bool:
    return type(scene).__name__ in HAND_OVER_SCREENS


class Leak(AssertionError):
    pass


class Watch:
    """What a game's table shows, says and hides; subclasses fill in the game."""
    art_module = None
    frames = 1500

    def __init__(self, app, voice, rng, monkeypatch):
        self.app, self.voice, self.rng = app, voice, rng
        self.heard = 0
        self.before = None          # the holder at the end of the frame before
        self.checked: set = set()
        self.faces: list[str] = []
        real = self.art_module.face

        def spy(card, *a, **kw):
            self.faces.append(str(card))
            return real(card, *a, **kw)
        monkeypatch.setattr(self.art_module, "face", spy)

    # -- to fill in per game
    def holder(self):
        raise NotImplementedError

    def private(self) -> dict:
        """{card code: the seat that alone may know it} for the cards held now."""
        raise NotImplementedError

    def words(self, code: str) -> list[str]:
        """The ways a text names the card (its code, its label, its spoken name)."""
        raise NotImplementedError

    def shown_text(self) -> list[str]:
        raise NotImplementedError

    def allowed_faces(self) -> Counter:
        """Faces that may be drawn whatever they are (the top card, a card in flight)."""
        return Counter()

    def act(self) -> None:
        raise NotImplementedError

    def over(self) -> bool:
        raise NotImplementedError

    def exempt(self) -> bool:
        """A moment when the rules show hands to everyone (a hand's end)."""
        return False

    # -- the check, each frame
    def check(self, frame: int) -> None:
        said = self.voice.said[self.heard:]
        self.heard = len(self.voice.said)
        faces, self.faces = self.faces, []
        if self.exempt():
            return
        k, before = self.holder(), self.before
        self.before = k
        private = self.private()
        secret = {c: s for c, s in private.items() if s != k}
        # what was said in this frame came from a key of the one at the keyboard at its
        # start, or from the update that followed (a hurried playback says its notes at once)
        said_secret = {c: s for c, s in secret.items() if s != before}
        for text, hidden in [(t, secret) for t in self.shown_text() if t] + \
                [(t, said_secret) for t in said if t]:
            key = (k, before, text, frozenset(hidden))
            if key in self.checked:
                continue
            self.checked.add(key)
            for code, seat in hidden.items():
                for w in self.words(code):
                    if w and re.search(rf"(?<![\w+]){re.escape(w)}(?![\w+])", text):
                        raise Leak(f"frame {frame}: seat {k} at the keyboard reads {w!r} "
                                   f"(seat {seat}'s) in {text!r}")
        excess = Counter(faces) - self.allowed_faces() - Counter(
            c for c, s in self.private().items() if s == k or s is None)
        for code in excess:
            if code in secret:
                raise Leak(f"frame {frame}: seat {k} at the keyboard sees seat {secret[code]}'s "
                           f"{code} face up")

    def play(self) -> None:
        """Random keys until the hand or round is over; then the run must have passed the
        keyboard between humans (two of them held it) and checked secrets on screen."""
        self.app.run(max_frames=1)
        holders, checks = set(), 0
        for frame in range(self.frames):
            self.check(frame)
            holders.add(self.holder())
            checks += bool(self.private())
            if self.over():
                break
            self.act()
            self.app.run(max_frames=1)
        assert len(holders - {None}) >= 2 and checks > 20, (holders, checks)


# ---------------------------------------------------------------- Gnono
GNONO_NAMES = {GnonoCard.parse(f"{c}{r}").name: f"{c}{r}"
               for c in "RYGB" for r in (["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "S", "R", "+2"])}


class GnonoWatch(Watch):
    art_module = gnono_art

    def __init__(self, app, voice, rng, monkeypatch, seats: int, humans: int, names=None):
        super().__init__(app, voice, rng, monkeypatch)
        kinds = ["human"] * humans + [rng.choice(["easy", "normal", "hard"]) for _ in range(seats - humans)]
        rng.shuffle(kinds)
        names = (names or (lambda kinds: ["Ann", "Bob", "Cy", "Zoe", "Cleo", "Max"][:seats]))(kinds)
        seed = rng.randrange(10 ** 6)
        self.t = gnono_table.new_table(app, kinds, names, GnonoOptions(),
                                       "fast", seed=seed)
        self.public_seen: Counter = Counter()
        app.push(self.t)

    def holder(self):
        t, top = self.t, self.app.top
        if is_hand_over(top) or t.viewer is None:
            return None
        if t.ctl.state.phase in (ROUND_OVER, GAME_OVER):
            return None
        if t.playback.shown().current != t.viewer and t.held != t.viewer:   # (a drawn card held in sight)
            return None
        return t.viewer

    def private(self) -> dict:
        st = self.t.ctl.state
        self.public_seen[str(st.top)] = max(self.public_seen[str(st.top)], 1)
        out = {}
        for s, hand in enumerate(st.hands):
            for c in hand:
                code = str(c)
                if code in {"W", "W+4"}:
                    continue          # a wild names no colour: not told apart in the notes
                # both copies of a card held apart, or one seen on the pile: not told apart
                if code in out and out[code] != s or self.public_seen[code]:
                    out[code] = None
                else:
                    out.setdefault(code, s)
        return {c: s for c, s in out.items() if s is not None}

    def words(self, code):
        c = GnonoCard.parse(code)
        return [code, c.name]

    def shown_text(self):
        t, top = self.t, self.app.top
        log = t.log_lines() if hasattr(t, "log_lines") else t.log
        text = [line for line, _c in t.notes] + list(log)
        if top is not t:
            text += [str(x) for x in getattr(top, "lines", []) or getattr(top, "text", [])]
        return text

    def allowed_faces(self):
        m = self.t.playback.shown()
        out = Counter([str(m.top)])
        if self.t.stages and self.t.stages[0].moving and self.t.stages[0].moving[0] is not None:
            out[str(self.t.stages[0].moving[0])] += 1
        if self.holder() is not None:
            out.update(str(c) for c in m.hands[self.t.viewer])
        return out

    def exempt(self):
        return type(self.app.top).__name__ in ("ChallengeResult", "GnonoScoring")  # the rules show

    def over(self):
        return self.t.ctl.state.phase in (ROUND_OVER, GAME_OVER) or self.t not in self.app.scenes

    def act(self):
        t, top, r = self.t, self.app.top, self.rng
        name = type(top).__name__
        if is_hand_over(top):
            post_keys(pygame.K_RETURN)
        elif name == "ColourBox":
            post_keys(r.choice("rygb"))
        elif name == "ChallengeBox":
            post_keys(r.choice("hyn" if r.random() < 0.3 else "yn"))
        elif name in ("SeatChooser", "ChallengeResult"):
            post_keys(r.choice(["h", pygame.K_RETURN]) if name == "SeatChooser" else pygame.K_RETURN)
        elif top is t and t.stages:
            if r.random() < 0.5:
                post_keys(pygame.K_SPACE)
        elif top is t and t.held is not None:
            post_keys(pygame.K_RETURN)          # the drawn card that passed: seen, go on
        elif top is t and t.my_turn():
            st, me = t.ctl.state, t.viewer
            if r.random() < 0.25:
                post_keys("h")
                return
            if len(st.hands[me]) == 2 and r.random() < 0.5:
                post_keys("u")
            moves = [m for m in st.legal_moves(me) if type(m) in (Play, Draw, KeepDrawn, PlayDrawn)
                     and getattr(m, "seat", me) == me]
            if not moves:
                return
            m = r.choice(moves)
            if type(m) is Draw:
                post_keys("+")
            elif type(m) is KeepDrawn:
                post_keys("-")
            elif type(m) is PlayDrawn or (type(m) is Play and st.phase == DRAWN):
                post_keys(pygame.K_RETURN)
            elif type(m) is Play and st.phase == PLAY:
                t.sel_card = m.card
                t.keymap._sync_selection()
                post_keys(pygame.K_RETURN)
        elif top is t and t.ctl.state.phase == COLOR:
            pass


# ---------------------------------------------------------------- Go-Stop
GOSTOP_LABELS = Counter(card_label(c) for c in GOSTOP_CARDS)


class GoStopWatch(Watch):
    art_module = hwatu_art

    def __init__(self, app, voice, rng, monkeypatch, players: int, humans: tuple):
        super().__init__(app, voice, rng, monkeypatch)
        app.options["gostop.players"] = players
        st = GoStopState.new(rule_options(app.options, players), rng.randrange(10 ** 6))
        levels = [rng.choice(["easy", "normal", "hard"]) for _ in range(players - len(humans))]
        self.t = gostop_table.GoStopTable(app, st, levels, "fast", seed=rng.randrange(10 ** 6),
                                          humans=humans)
        app.push(self.t)

    def holder(self):
        t, top = self.t, self.app.top
        st = t.ctl.source.state
        if is_hand_over(top) or t.ctl.viewer is None or t.ctl.passing or st.phase == "hand_over":
            return None
        q = st.question()
        return t.ctl.viewer if q.seat == t.ctl.viewer else None

    def private(self):
        """A card is named in the notes by its label ("pampas junk (8)"), which two junk
        cards of a month may share: a label is private only when its owner holds every
        card of the deck that bears it."""
        st = self.t.ctl.source.state
        out = {}
        for s, hand in enumerate(st.hands):
            held = Counter(card_label(c) for c in hand if c not in st.revealed[s])
            for c in hand:
                if c not in st.revealed[s] and held[card_label(c)] == GOSTOP_LABELS[card_label(c)]:
                    out[str(c)] = s
        self.labels = {str(c): card_label(c) for hand in st.hands for c in hand}
        return out

    def words(self, code):
        return [self.labels.get(code, "")]

    def shown_text(self):
        t, top = self.t, self.app.top
        text = [line for line, _c in t.notes] + list(t.log)
        if top is not t:
            text += [str(x) for x in getattr(top, "lines", []) or getattr(top, "text", [])]
        return text

    def allowed_faces(self):
        st = self.t.ctl.source.state
        out = Counter(str(c) for c in st.table)
        for s in range(st.n):
            out.update(str(c) for c in st.revealed[s])
        if self.t.ctl.stages:
            m = self.t.ctl.stages[0].model
            out.update(str(c) for c in m.table)
        return out

    def exempt(self):
        return type(self.app.top).__name__ == "GoStopScoring"

    def over(self):
        return self.t.ctl.source.state.phase == "hand_over" or self.t not in self.app.scenes

    def act(self):
        t, top, r = self.t, self.app.top, self.rng
        name = type(top).__name__
        if is_hand_over(top):
            post_keys(pygame.K_RETURN)
        elif name == "GoStopBox":
            post_keys(r.choice("hgs"))
        elif name in ("CoachedQuestion", "Question"):
            post_keys(r.choice("hyn"))
        elif top is t and t.keymap.human_phase() is not None:
            post_keys(r.choice(["h", pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_RETURN]))
        elif top is t and t.ctl.stages and r.random() < 0.5:
            post_keys(pygame.K_SPACE)


# ---------------------------------------------------------------- Gin
class GinWatch(Watch):
    art_module = gin_art

    def __init__(self, app, voice, rng, monkeypatch):
        super().__init__(app, voice, rng, monkeypatch)
        game = GinGame.new(seed=rng.randrange(10 ** 6))
        session = {"oklahoma": False, "hollywood": False, "name": "Ann", "opponent": "human",
                   "name2": "Bob", "preset": "", "rules": {}}
        self.t = gin_table.GinTable(app, game, "Ann", "normal", 5, session)
        self.public: set = set()
        app.push(self.t)

    def holder(self):
        t, top = self.t, self.app.top
        if is_hand_over(top) or t.ctl.mode == "handover":
            return None
        return t.ctl.me if t.ctl.game.turn == t.ctl.me else None

    def private(self):
        g = self.t.ctl.game
        self.public.update(str(c) for c in g.pile)
        return {str(c): s for s in (0, 1) for c in g.hands[s] if str(c) not in self.public}

    def words(self, code):
        from game.cards import Card
        c = Card.parse(code)
        return [code, card_text(c), card_name(c.rank, c.suit)]

    def shown_text(self):
        t, top = self.t, self.app.top
        text = [t.ctl.note, t.ctl.other_note] if not is_hand_over(top) else []
        if top is not t and not is_hand_over(top):
            text += [str(x) for x in getattr(top, "lines", []) or []]
        return text

    def exempt(self):
        return self.t.ctl.game.phase in ("lay_down", "hand_over", "game_over") or self.t.ctl.mode == "result"

    def over(self):
        return self.t.ctl.game.phase in ("hand_over", "game_over") or self.t not in self.app.scenes

    def act(self):
        t, top, r = self.t, self.app.top, self.rng
        if is_hand_over(top) or t.ctl.mode == "handover":
            post_keys(pygame.K_RETURN)
        elif top is t and t.ctl.mode == "confirm":
            post_keys("y")
        elif top is t and t.ctl.my_turn and t.ctl.mode == "play":
            if r.random() < 0.2:
                post_keys("h")
            elif t.ctl.focus == "pickup":
                post_keys(r.choice(["+", "+", "-", pygame.K_LEFT]))
            elif t.ctl.focus == "arrow":
                post_keys(r.choice([pygame.K_RETURN, pygame.K_RETURN, pygame.K_LEFT, pygame.K_DOWN]))
            else:
                post_keys(r.choice(["-", "-", pygame.K_LEFT, pygame.K_RIGHT, pygame.K_F10]))
        elif top is not t and not is_hand_over(top):
            post_keys(pygame.K_ESCAPE)


# ---------------------------------------------------------------- Nerts
class NertsWatch(Watch):
    """Two humans play at once beside computers: every layout is public but for the
    Stack and the Pile under its top card. No seat holds the keyboard alone, and no
    card face down by the rules may be drawn face up unless it was face up before (a
    waste turned over into the Stack) or is moving (a card slides where it goes, and
    back after a lost race). (The texts are not checked here:
    the seats' decks share card codes, so a note's card cannot be told apart, and a
    Nerts note only names a card it moves, face up.)"""
    art_module = gin_art

    def __init__(self, app, voice, rng, monkeypatch):
        super().__init__(app, voice, rng, monkeypatch)
        levels = ["human", "human"] + [rng.choice(["easy", "normal", "hard"])
                                       for _ in range(rng.randint(0, 2))]
        self.t = nerts_table.new_table(app, levels, NertsOptions(seats=len(levels)),
                                       seed=rng.randrange(10 ** 6))
        self.ever_public = Counter()
        self.keys = [k.lower() for k in NERTS_KEYS[0].values()] + \
            [k.lower() for k in NERTS_KEYS[1].values()]
        app.push(self.t)

    def holder(self):
        return None

    def private(self):
        return {}

    def words(self, code):
        return []

    def shown_text(self):
        return []

    seen = 0
    ever_public: Counter = Counter()

    def check(self, frame: int) -> None:
        faces, self.faces = self.faces, []
        self.seen += len(faces)
        t = self.t
        if t.ctl.phase != "play" or self.app.top is not t:
            return
        rnd = t.ctl.game.round
        public = Counter()
        for lay in rnd.layouts:
            public.update(str(c) for c in lay.pile[-1:] + lay.waste)
            for col in lay.columns:
                public.update(str(c) for c in col)
        for f in rnd.foundations:
            public.update(str(c) for c in f)
        hidden = Counter()
        for lay in rnd.layouts:
            hidden.update(str(c) for c in lay.pile[:-1] + lay.stack)
        self.ever_public |= public    # shown once, known: a slide may draw it again
        # a card moving (a slide) is drawn where it goes too: a move shows what it moves
        sliding = Counter(str(c) for sl in t.drawing.slides for c in sl.cards)
        excess = Counter(faces) - self.ever_public - sliding
        for code in excess:
            if hidden[code]:
                raise Leak(f"frame {frame}: {code}, face down by the rules, is drawn face up")

    def over(self):
        return self.t.ctl.phase != "play" or self.t not in self.app.scenes

    def act(self):
        post_keys(*self.rng.choices(self.keys, k=self.rng.randint(0, 3)))


# ---------------------------------------------------------------- the runs
def seeds(n_default: int, n_soak: int) -> list[int]:
    return list(range(n_soak if SOAK else n_default))


@pytest.fixture
def voice(menu_app):
    menu_app.options["speech.on"] = True
    menu_app.speaker = RecordingSpeaker()
    return menu_app.speaker


@pytest.mark.parametrize("seed", seeds(3, 40))
def test_gnono_hot_seat_never_shows_a_seat_what_is_anothers(menu_app, voice, monkeypatch, seed):
    rng = random.Random(seed)
    seats = rng.randint(4, 6)
    w = GnonoWatch(menu_app, voice, rng, monkeypatch, seats, rng.randint(2, 3))
    w.frames = 20000 if SOAK else 2500
    w.play()


@pytest.mark.parametrize("seed", seeds(2, 30))
def test_gostop_hot_seat_never_shows_a_seat_what_is_anothers(menu_app, voice, monkeypatch, seed):
    rng = random.Random(100 + seed)
    players = rng.choice([2, 3])
    humans = (0, 1) if players == 2 else tuple(sorted(rng.sample(range(3), rng.choice([2, 3])) + [0]))
    w = GoStopWatch(menu_app, voice, rng, monkeypatch, players, tuple(sorted(set(humans))))
    w.frames = 20000 if SOAK else 2500
    w.play()


@pytest.mark.parametrize("seed", seeds(2, 30))
def test_gin_hot_seat_never_shows_a_seat_what_is_anothers(menu_app, voice, monkeypatch, seed):
    w = GinWatch(menu_app, voice, random.Random(200 + seed), monkeypatch)
    w.frames = 20000 if SOAK else 1500
    w.play()


@pytest.mark.parametrize("seed", seeds(1, 10))
def test_nerts_with_two_humans_never_shows_a_face_down_card(menu_app, voice, monkeypatch, seed):
    w = NertsWatch(menu_app, voice, random.Random(300 + seed), monkeypatch)
    menu_app.run(max_frames=1)
    for frame in range(6000 if SOAK else 600):
        w.check(frame)
        if w.over():
            break
        w.act()
        menu_app.run(max_frames=1)
    assert frame > 100 and len(w.t.ctl.log) > 5 and w.seen > 1000
