"""The Gin table's controller without pygame or a window: the computer's pacing and
thinking (including the incremental start_choice/work protocol the expert will use),
autosave and statistics at the end of a hand, and a computer's failure reported."""
import random
import subprocess
import sys
import tempfile

import pytest

from game import errors
from game.cards import Card, parse_cards
from game.games import CODECS
from game.gin import controller as K
from game.gin import table_save
from game.gin.ai import make_ai
from game.gin.arrangement import CPU, HUMAN
from game.gin.rules import GinGame, GinOptions, Pass, TakeUpcard
from game.replay_store import ReplayStore
from game.storage import Storage

SESSION = {"oklahoma": False, "hollywood": False, "name": "Tester"}


class FakeStorage:
    def __init__(self):
        self.files = {}
        # the replays folder (game.replay_store.ReplayStore) is a real one, in a temporary folder
        self.dir, self.problems, self.told = tempfile.mkdtemp(prefix="gin-fake-saves-"), [], set()

    def write_json(self, name, kind, schema, data):
        self.files[name] = data
        return True

    def remove(self, name):
        self.files.pop(name, None)


class FakeStats:
    """The counts by key ("gin", "gin/level/normal", ...); .counts: the game's own."""
    def __init__(self):
        self.by_key = {}

    @property
    def counts(self):
        return self.by_key.setdefault("gin", {})

    @staticmethod
    def breakdown_key(game, kind, value):
        return f"{game}/{kind}/{value}"

    def record(self, key, **counts):
        got = self.by_key.setdefault(key, {})
        for k, v in counts.items():
            got[k] = got.get(k, 0) + v

    def best(self, key, name, value):
        self.by_key.setdefault(key, {})[f"best {name}"] = value


class FakeApp:
    def __init__(self):
        self.storage, self.stats, self.sounds = FakeStorage(), FakeStats(), []
        self.replays = ReplayStore(Storage(self.storage.dir), CODECS)    # a real one, as the App's

    def sound(self, name):
        self.sounds.append(name)


class SlowThinker:
    """The incremental protocol of game/gostop/ai.py around a real Gin computer: the
    choice takes `pieces` calls of work(); its random state is put back by cancel()."""

    def __init__(self, pieces, seed=1):
        self.inner = make_ai("normal", seed)
        self.rng = self.inner.rng
        self.pieces = pieces
        self.started = self.cancelled = 0
        self._left = None
        self._rest = None

    def start_choice(self, view):
        self.started += 1
        self._rest = self.rng.getstate()
        self.rng.random()             # thinking draws random numbers
        self._view, self._left = view, self.pieces

    def work(self, budget_s):
        self._left -= 1
        if self._left > 0:
            return None
        self._left = None
        return self.inner.choose(self._view)

    def cancel(self):
        self.cancelled += 1
        if self._left is not None:
            self.rng.setstate(self._rest)
        self._left = None

    def rng_at_rest(self):
        if self._left is None:
            return self.rng
        r = random.Random()
        r.setstate(self._rest)
        return r


def controller(ai=None, human="AD 2D 3D 4D 7H 7C 7S 9C TC KH", cpu="2S 5S 8S JS QS 3H 6H 9H JH 4C",
               up="5H", options=None):
    game = GinGame.from_deal([parse_cards(human), parse_cards(cpu)], Card.parse(up), None, dealer=1,
                             options=options or GinOptions(), seed=3)
    c = K.GinController(FakeApp(), game, "Tester", "normal", 11, SESSION)
    if ai is not None:
        c.bot.ai = ai
    return c


def steps_until_computer_moved(c, limit=2000):
    version = c.version
    for n in range(1, limit):
        c.update()
        if c.version != version:
            return n
    raise AssertionError("the computer never moved")


def test_the_controller_needs_no_pygame():
    code = "import sys, game.gin.controller, game.gin.table_save; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_a_computer_that_chooses_at_once_waits_out_its_pause():
    c = controller()
    assert c.game.turn == HUMAN
    c.pass_upcard()
    assert c.game.turn == CPU and c.cpu_to_move()
    assert steps_until_computer_moved(c) == K.CPU_DRAW_STEPS
    assert len(c.think_times) == 1 and c.other_note.startswith("The computer")


def test_an_incremental_thinker_moves_when_pause_and_thought_are_both_over():
    quick = SlowThinker(pieces=3)
    c = controller(quick)
    c.pass_upcard()
    assert steps_until_computer_moved(c) == K.CPU_DRAW_STEPS       # thought done within the pause
    slow = SlowThinker(pieces=K.CPU_DRAW_STEPS + 40)
    c = controller(slow)
    c.pass_upcard()
    assert steps_until_computer_moved(c) == K.CPU_DRAW_STEPS + 40  # the pause is longer
    assert slow.started == 1 and slow.cancelled == 0


def test_a_thought_for_a_state_that_changed_is_dropped_and_its_random_state_restored():
    ai = SlowThinker(pieces=1000)
    c = controller(ai)
    c.pass_upcard()
    before = ai.rng.getstate()
    for _ in range(5):
        c.update()
    assert c.pacer.thought is not None and ai.rng.getstate() != before
    saved = table_save.table_to_json(c)["ai_rng"]   # a save mid-thought keeps the state at rest
    assert saved[1] == list(before[1])
    c._redeal()                                    # F7 while the computer thinks
    c.update()
    assert ai.cancelled == 1 and ai.rng.getstate() == before


class BrokenAI:
    """A computer whose code fails on every decision."""
    rng = random.Random(1)

    def choose(self, view):
        raise RuntimeError("bug in the computer")


def test_a_computer_that_raises_is_reported_under_tests():
    c = controller(BrokenAI())
    c.pass_upcard()
    with pytest.raises(RuntimeError, match="bug in the computer"):
        for _ in range(K.CPU_DRAW_STEPS):
            c.update()


def test_a_computer_that_raises_is_replaced_by_a_plain_move_for_the_player(shielded):
    c = controller(BrokenAI())
    c.pass_upcard()
    reported = len(errors.reported)
    steps_until_computer_moved(c)
    assert len(errors.reported) == reported + 1
    assert c.game.phase == "discard" and c.game.turn == CPU    # it drew: the plain move


def test_an_illegal_computer_move_is_reported(shielded):
    class Cheat:
        rng = random.Random(1)

        def choose(self, view):
            return Pass(CPU)      # not a legal move in the draw phase

    c = controller(Cheat())
    c.pass_upcard()
    c.game.apply(Pass(CPU))      # both passed: the human draws, then discards
    c._sync()
    c.focus, c.target = "pickup", "stock"
    c.take()
    c.insert()
    c.discard()
    reported = len(errors.reported)
    steps_until_computer_moved(c)
    assert len(errors.reported) == reported + 1 and "refused" in errors.reported[-1]


def test_the_end_of_a_hand_saves_and_counts_it():
    c = controller(human="AD 2D 3D 4D 7H 7C 7S 9C TC KH", up="JC")
    c.take()
    c.insert()
    c.sel = c.order.index(Card.parse("KH"))
    c.go_out()
    assert c.mode == "confirm"
    c.confirm_yes()
    while c.game.phase == "lay_down":
        c.update()
    assert c.game.phase == "hand_over" and c.mode == "result"
    assert c.app.stats.counts["hands_won"] == 1 and c.app.stats.counts["gins"] == 1
    assert "gin.json" in c.app.storage.files
    c.check_invariants()


@pytest.mark.parametrize("may_throw_it, shown", [(False, "13"), (True, "12")])
def test_the_points_after_the_best_discard_leave_out_the_upcard_just_taken(may_throw_it, shown):
    # the K♣ taken is the highest unmatched card: thrown again it would leave 12 points,
    # which the rules allow only with the option; else the 9♣ goes and 13 are left
    c = controller(human="AD 2D 3D 4D 7H 7C 7S 9C 2C AH", up="KC",
                   options=GinOptions(discard_taken_upcard=may_throw_it))
    assert c.deadwood_text() == "12"
    c.game.apply(TakeUpcard(HUMAN))
    assert c.deadwood_text() == f"{shown} after the best discard"
