"""The hosted Nerts table (NertsTable with hosting=NetHosting, the windowed host's):
a NetHosting on loopback, attached by the table; a remote computer (autoplay's
RemotePlayer fed by a NetClient) plays the remote seat to the round's end against the
table's own computer. The table's replay holds the round (it verifies and ends in the
engine's state), the host's log replayed on a fresh engine is the same game, and the
engine's invariants hold. Nothing plays until the joiner is there; a joiner's deal
takes the host's scores away; leaving the table tells the joiner."""
from __future__ import annotations

from typing import Any

from game.clock import STEP
from game.games import BY_KEY
from game.nerts import net_codec as nerts_net_codec
from game.nerts import replay_codec
from game.nerts.rules import NertsOptions
from game.nerts.screens import NertsScoring
from game.nerts.table import NertsTable, new_table
from game.net import adapters
from game.net.autoplay import RemotePlayer
from game.net.client import NetClient
from game.net.hosting import NetHosting
from game.net.remote_seat import RemoteSeat
from game.replays import verify
from tests.helpers import key_event
from tests.net_frames import run_until

CODE = "HOSTN8"


class Hosted:
    """A 2-seat hosted table: seat 0 the table's computer, seat 1 a joiner's computer."""

    def __init__(self, app: Any, seed: int = 21):
        self.app = app
        self.hosting = NetHosting("nerts", remote={1}, port=0, code=CODE, level="normal", advertise=False)
        self.table: NertsTable = new_table(app, ["instant", "human"], NertsOptions(seats=2), seed=seed,
                                           hosting=self.hosting)
        app.push(self.table)
        host = self.hosting.host
        host.rate = host.burst = 1e6         # (the test's computers move faster than any hand)
        self.steps = 0
        client = NetClient("127.0.0.1", self.hosting.port, CODE.lower(), "Bob")
        self.link = RemoteSeat(client, BY_KEY["nerts"])
        self.player = RemotePlayer("nerts", "instant", seed, clock=lambda: self.steps * STEP)
        self.link.client.start()

    def hear(self) -> None:
        """The joiner's program reads what came (its computer sees the views)."""
        for msg in self.link.client.poll():
            self.link.receive(msg)
            if msg.kind == "update":
                self.player.update(msg.fields)

    def wait(self, done: Any, timeout_s: float = 10.0) -> bool:
        def step() -> None:
            self.hosting.pump()
            self.hear()
        return run_until(step, done, timeout_s)

    def step(self) -> None:
        """One step of the table; then the joiner's move, if any, answered before the next."""
        self.table.update(STEP)
        self.steps += 1
        self.hear()
        move = self.player.move()
        if move is not None and self.link.send(move):
            assert self.wait(lambda: self.link.pending is None)

    def play_round(self) -> None:
        """The joiner joins; the round is played to its end and the table takes it."""
        assert self.wait(lambda: self.hosting.started and self.link.view is not None)
        game = self.table.ctl.game
        for _ in range(20000):
            if game.round.over:
                break
            self.step()
        assert game.round.over, "the round did not end"
        self.table.update(STEP)              # the table takes the last move's events at its step
        assert self.table.ctl.phase == "banner"

    def close(self) -> None:
        self.link.client.close()
        self.hosting.close()


def test_a_hosted_round_is_played_to_its_end_with_a_joiner_and_recorded(app):
    t = Hosted(app)
    try:
        ctl = t.table.ctl
        game = ctl.game
        for _ in range(50):                 # nothing plays before the joiner is there
            t.table.update(STEP)
        assert game.round.step_no == 0 and not t.hosting.host.log
        assert t.wait(lambda: t.hosting.started and t.link.view is not None)
        t.step()
        assert ctl.seats[1].name == "Bob" and ctl.seats[1].remote and ctl.seats[1].bot is None
        t.play_round()
        log = t.hosting.host.log
        assert {e.seat for e in log} == {0, 1} and sum(e.seat == 1 for e in log) >= 10
        fresh = adapters.new_engine(t.hosting.host.spec, 21, NertsOptions(seats=2), 2)
        adapters.replay(fresh, log, game.round.step_no)
        assert fresh.round.to_json() == game.round.to_json()
        game.check_invariants()
        ctl.check_invariants()
        rnd = game.round
        app.apply(t.table.show_scores())
        assert isinstance(app.top, NertsScoring) and game.round is None
        rep = ctl.last_replay
        assert rep is not None and [s.kind for s in rep.seats] == ["computer", "human"]
        assert rep.seats[1].name == "Bob" and len(rep.moves) == sum(e.seat is not None for e in log)
        cursor = verify(rep, replay_codec)
        cursor.seek(cursor.length)
        assert cursor.engine.round.to_json()["layouts"] == rnd.to_json()["layouts"]
        # the joiner hears the scoring; its Enter deals the next round: the host's scores go
        assert t.wait(lambda: t.link.view.round is None)
        assert t.link.send(t.link.wire.move_from_wire(1, nerts_net_codec.NEXT_ROUND))
        assert t.wait(lambda: game.round is not None)
        app.run(max_frames=1)
        assert app.top is t.table and ctl.phase == "play" and game.round_no == 2
        ctl.check_invariants()
    finally:
        t.close()


def test_leaving_the_hosted_table_tells_the_joiner(app):
    import pygame
    t = Hosted(app)
    try:
        t.table.update(STEP)            # before the joiner is there: the shared waiting line
        assert t.table.ctl.notes[-1] == "Waiting for a player to join the table."
        assert t.wait(lambda: t.hosting.started and t.link.view is not None)
        for _ in range(30):
            t.step()
        assert "p" not in [k for b in t.table.bindings() for k in b.keys]   # no pause on the network
        app.key(key_event(pygame.K_ESCAPE))          # the one Leave question: Bob is dropped
        text = " ".join(app.top.lines)
        assert "saved" in text and "Bob is dropped" in text
        app.key(key_event(pygame.K_n, "n"))
        assert app.top is t.table
        app.key(key_event(__import__("pygame").K_F8))            # save and leave
        assert t.table not in app.scenes
        assert t.wait(lambda: t.link.ending is not None)
        assert t.link.end_title() == "Table closed"
    finally:
        t.close()


def test_a_joiners_deal_during_the_hosts_banner_scores_records_and_deals(app):
    t = Hosted(app, seed=33)
    try:
        ctl, game = t.table.ctl, t.table.ctl.game
        t.play_round()
        rnd = game.round
        scores = rnd.side_scores()
        assert t.wait(lambda: t.link.view.round is not None and t.link.view.round.over)
        assert t.link.send(t.link.wire.move_from_wire(1, nerts_net_codec.NEXT_ROUND))
        assert t.wait(lambda: game.round is not rnd)
        assert game.history == [scores] and game.round_no == 2 and ctl.phase == "play"
        rep = ctl.last_replay                # the round's replay, kept as at the scores
        assert rep is not None and rep.scores == rnd.scores()
        cursor = verify(rep, replay_codec)
        cursor.seek(cursor.length)
        assert cursor.engine.round.to_json()["layouts"] == rnd.to_json()["layouts"]
        for _ in range(5):
            t.table.update(STEP)
        assert app.top is t.table and not game.round.over
        game.check_invariants()
        ctl.check_invariants()
    finally:
        t.close()


def test_a_dropped_joiners_seat_is_played_by_a_computer_and_shown_away(app):
    t = Hosted(app, seed=5)
    try:
        ctl = t.table.ctl
        assert t.wait(lambda: t.hosting.started and t.link.view is not None)
        for _ in range(30):
            t.step()
        t.link.client.close()                # the joiner's program goes
        assert t.wait(lambda: 1 in t.hosting.missing())
        t.table.update(STEP)
        assert "Waiting for Bob to come back." in ctl.notes      # (NetHosting.waiting_line)
        before = sum(e.seat == 1 for e in t.hosting.host.log)
        for _ in range(3000):
            if ctl.game.round.over or sum(e.seat == 1 for e in t.hosting.host.log) > before:
                break
            t.table.update(STEP)
        assert sum(e.seat == 1 for e in t.hosting.host.log) > before     # the stand-in plays on
        assert ctl.seats[1].away and ctl.seats[1].tag == "away" and ctl.seats[1].bot is None
        ctl.check_invariants()
        ctl.game.check_invariants()
    finally:
        t.close()
