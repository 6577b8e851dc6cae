"""Gnono's own table hosting a network game (GnonoTable(hosting=NetHosting(...)), the
windowed host of issue #36) over the loopback transport (port 0, no LAN listing): the
table opens the port and waits, plays nothing before its remote seat is joined, takes
the joiner's name, and plays a round with a NetClient at the remote seat (a computer
choosing from the views it receives) beside its own keyboard seat and computer: its
moves go through the host, the network's come back to the table, and the round is
recorded for the replays as a local one; the engine's invariants hold; leaving closes
the table for the joiner."""
from __future__ import annotations

from typing import Any

import pygame

from game.games import BY_KEY
from game.gnono import moves as M
from game.gnono.options import GnonoOptions
from game.gnono.rules import GnonoState
from game.gnono.screens import ChallengeBox, ColourBox, GnonoScoring, SeatChooser
from game.gnono.table import GnonoTable, new_table
from game.gnono.table_save import SAVE_NAME
from game.net import adapters, protocol
from game.net.autoplay import RemotePlayer
from game.net.client import NetClient
from game.net.hosting import NetHosting
from tests.helpers import key_event
from tests.net_frames import run_until

SEED = 8


class Joiner:
    """A player at another computer: a NetClient and a computer choosing its moves
    from the views the host sends (one move at a time, as a remote table sends)."""

    def __init__(self, port: int, code: str, name: str):
        self.client = NetClient("127.0.0.1", port, code, name)
        self.client.start()
        self.player = RemotePlayer("gnono", "normal", 77)
        self.seq, self.pending = 0, None
        self.got: list[protocol.Message] = []
        self.wire = adapters.Wire(BY_KEY["gnono"].parts.net_codec)

    def step(self) -> None:
        for msg in self.client.poll():
            self.got.append(msg)
            if msg.kind == "update":
                self.player.update(msg.fields)
                if msg.get("ack") == self.pending:
                    self.pending = None
            elif msg.kind == "illegal":
                self.pending, self.player.fresh = None, True
        if self.pending is None and self.client.state == "joined":
            move = self.player.move()
            if move is not None:
                self.seq += 1
                self.pending = self.seq
                self.client.send({"kind": "move", "seq": self.seq, "move": self.wire.move_to_wire(move)})


def hosted_table(app) -> tuple[GnonoTable, NetHosting]:
    hosting = NetHosting("gnono", remote={1}, port=0, code="HOST23", advertise=False)
    table = new_table(app, ["human", "human", "normal"], ["You", "Open seat", "Carl"],
                      GnonoOptions(), "fast", seed=SEED, hosting=hosting)
    app.push(table)
    return table, hosting


def answer_question(app: Any) -> bool:
    """The keyboard seat's question boxes, answered by their keys."""
    top = app.top
    if isinstance(top, ColourBox):
        app.key(key_event(pygame.K_r, "r"))
    elif isinstance(top, ChallengeBox):
        app.key(key_event(pygame.K_n, "n"))
    elif isinstance(top, SeatChooser):
        app.key(key_event(pygame.K_RETURN, "\r"))
    else:
        return False
    return True


def play_to_round_over(app: Any, table: GnonoTable, joiner: Joiner) -> None:
    """The keyboard seat plays its first listed move (no Wild, no catch), the joiner's
    computer its own, the table's computer its own, until the round is over."""
    def step() -> None:
        app.run(max_frames=1)
        joiner.step()
        if answer_question(app):
            return
        if table.stages and app.top is table:
            app.key(key_event(pygame.K_SPACE, " "))          # Space: the move's end at once
        if table.my_turn() and app.top is table:
            legal = [m for m in table.ctl.state.legal_moves(0)
                     if not (isinstance(m, M.Play) and m.card.is_wild) and not isinstance(m, M.Catch)]
            table.keymap.act(legal[0])
    assert run_until(step, lambda: table.ctl.state.phase == M.ROUND_OVER, 60)


def run_with(app: Any, joiner: Joiner, done, timeout_s: float = 10) -> None:
    """Frames at the host and the joiner's turns until done() (bounded)."""
    def step() -> None:
        app.run(max_frames=1)
        joiner.step()
    assert run_until(step, done, timeout_s)


def told_the_host_left(joiner: Joiner) -> None:
    """The joiner hears the table is closed: the host left (bounded)."""
    assert run_until(joiner.step, lambda: any(m.kind == "end" for m in joiner.got), 10)
    assert [m["reason"] for m in joiner.got if m.kind == "end"] == ["host_left"]


def test_a_hosted_table_plays_a_round_with_a_network_player(app):
    table, hosting = hosted_table(app)
    host = hosting.host
    assert host is not None and hosting.port > 0 and not hosting.started
    assert table.ctl.humans == [0] and 1 not in table.ctl.ais and table.viewer == 0
    for _ in range(60):                      # nothing is played before the seat is joined
        app.run(max_frames=1)
    assert table.ctl.version == 0 and not host.log
    waiting = [line for line in table.log if line.startswith("Waiting")]
    assert waiting == ["Waiting for a player to join the table."]      # NetHosting's line, told once
    joiner = Joiner(hosting.port, "host23", "Bob")
    try:
        play_to_round_over(app, table, joiner)
        assert hosting.started and table.ctl.names[1] == "Bob" and table.view.turn_words(1) == "Bob's turn"
        seats = {e.seat for e in host.log}
        assert {0, 1, 2} <= seats                          # the keyboard, the network, the computer
        local = GnonoState(3, SEED, GnonoOptions())
        adapters.replay(local, host.log)
        assert local.to_json() == table.ctl.state.to_json()
        table.check_invariants()
        # the round's scores, as at one keyboard
        run_with(app, joiner, lambda: isinstance(app.top, GnonoScoring), 30)
        rep = table.last_replay
        assert rep is not None and [s.name for s in rep.seats] == ["You", "Bob", "Carl"]
        assert len(rep.moves) == len(host.log) and [m[1] for m in rep.moves] == [e.seat for e in host.log]
        assert app.beeps == 0
        app.key(key_event(pygame.K_RETURN, "\r"))          # the next round, dealt by the host's table
        app.run(max_frames=2)
        assert table.ctl.state.round_no == 2 and host.log[-1].seat is None
        def dealt() -> bool:
            return any(e["kind"] == "deal" for m in joiner.got if m.kind == "update" for e in m["events"])
        run_with(app, joiner, dealt)
        app.key(key_event(pygame.K_ESCAPE))                # leave: asked, then the table closes
        text = " ".join(app.top.lines)                     # the one Leave question: Bob is dropped
        assert "saved" in text and "Bob is dropped" in text
        app.key(key_event(pygame.K_y, "y"))
        app.run(max_frames=1)
        assert table not in app.scenes and host.ended
        told_the_host_left(joiner)
    finally:
        joiner.client.close()
        hosting.close()


def test_a_network_players_turn_is_waited_for_by_name(app):
    table, hosting = hosted_table(app)
    host = hosting.host
    host.start()                              # the host starts with the seat still open
    def step() -> None:
        app.run(max_frames=1)
        if not answer_question(app) and table.my_turn() and app.top is table:
            table.keymap.act(table.ctl.state.legal_moves(0)[-1])     # (a draw: the last listed)
    assert run_until(step, lambda: table.ctl.state.current == 1 and not table.stages, 30)
    version = table.ctl.version
    for _ in range(120):
        app.run(max_frames=1)
    assert table.ctl.version == version and table.ctl.state.current == 1   # no computer plays it
    assert table.view.turn_words(1) == "Waiting for Open seat 2"
    assert app.top is table and "Hot seat" not in str(table.bindings())
    hosting.close()


def test_a_round_dealt_on_by_the_network_player_is_still_scored_at_the_host(app):
    """The joiner deals the next round before the host's scores are shown (here: the
    host reads its F1 box meanwhile): the host's table shows the ended round's scores
    and counts it in the statistics once, and its Enter goes on without a deal of
    its own (no beep)."""
    table, hosting = hosted_table(app)
    joiner = Joiner(hosting.port, "host23", "Bob")
    try:
        play_to_round_over(app, table, joiner)
        app.key(key_event(pygame.K_F1))                    # the table is covered: no scores yet
        joiner.client.send({"kind": "move", "seq": 99, "move": joiner.wire.move_to_wire(M.NextRound(1))})
        run_with(app, joiner, lambda: table.ctl.state.round_no == 2)   # the network is heard under the box
        assert not isinstance(app.top, GnonoScoring) and app.stats.get("gnono", "rounds_played") == 0
        app.key(key_event(pygame.K_ESCAPE))
        app.run(max_frames=2)
        assert isinstance(app.top, GnonoScoring) and app.top.round == 1
        assert app.stats.get("gnono", "rounds_played") == 1 and len(table.history) == 1
        app.key(key_event(pygame.K_RETURN, "\r"))
        app.run(max_frames=2)
        assert app.top is table and table.ctl.state.round_no == 2 and app.beeps == 0
        assert table.ctl.stats_round == 1                  # round 2 will be counted in its turn
    finally:
        joiner.client.close()
        hosting.close()


def test_closing_the_program_closes_the_hosted_table_and_saves_the_game(app):
    table, hosting = hosted_table(app)
    joiner = Joiner(hosting.port, "host23", "Bob")
    try:
        run_with(app, joiner, lambda: hosting.started)
        app.quit()
        assert hosting.host.ended and app.storage.exists(SAVE_NAME)
        told_the_host_left(joiner)
    finally:
        joiner.client.close()
        hosting.close()


def test_a_hosted_tables_notes_name_the_seated_players(app):
    """Issue 44 item 3: the round's first notes name the player who took the seat (seed 0:
    seat 1 deals), never the set-up's name of that seat."""
    hosting = NetHosting("gnono", remote={1}, port=0, code="HOST23", advertise=False)
    table = new_table(app, ["human", "human", "normal"], ["You", "Ada", "Carl"], GnonoOptions(), "fast",
                      seed=0, hosting=hosting)
    app.push(table)
    assert table.ctl.state.dealer == 1
    joiner = Joiner(hosting.port, "host23", "Zoe")
    try:
        run_with(app, joiner, lambda: hosting.started and any(x.startswith("Round 1") for x in table.log))
        assert any(line.startswith("Round 1: Zoe deals 7 cards each") for line in table.log), table.log
        assert not any("Ada" in line for line in table.log)
    finally:
        table.leave()
        joiner.client.close()
