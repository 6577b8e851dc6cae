"""The headless host (python main.py --host GAME ...): clear errors for bad flags; a
table that prints its port and code, takes a player over the loopback address and,
on Ctrl-C, SIGTERM or SIGHUP, tells that player the host closed the table, withdraws
its listing and exits cleanly (0)."""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time

import pytest

import main
from game.net.client import CLOSED, JOINED, NetClient

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def gnerts(*args: str, **kw) -> subprocess.Popen:
    """The program in a child process that hears Ctrl-C as from a terminal, even when
    the tests run in the background of a script (its commands inherit SIGINT ignored,
    which Python then keeps: the table would never hear the Ctrl-C these tests send).
    An ignored signal is the one disposition a child inherits; a handler is not."""
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    ignored = signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    if ignored:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        return subprocess.Popen([sys.executable, os.path.join(ROOT, "main.py"), *args], env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)
    finally:
        if ignored:
            signal.signal(signal.SIGINT, signal.SIG_IGN)


@pytest.mark.parametrize("args, says", [
    (["--host", "chess"], "invalid choice: 'chess'"),
    (["--host", "gnono", "--seats", "9"], "--seats is 1 to 4"),
    (["--host", "gostop", "--players", "4"], "--players: Go-Stop is played by 2 to 3, not 4"),
    (["--host", "gin", "--players", "3"], "--players: Gin Rummy is played by 2, not 3"),
    (["--host", "gostop", "--players", "3", "--seats", "4"], "--seats is 1 to 3"),
    (["--players", "3"], "go with --host GAME"),
    (["--host", "gnono", "--port", "70000"], "a port is 0 to 65535"),
    (["--host", "gnono", "--code", "no way"], "4 to 16 letters and digits"),
    (["--port", "47470"], "go with --host GAME"),
    (["--host", "gnono", "--windowed"], "runs without a window"),
])
def test_bad_host_flags_are_one_clear_line(args, says, capsys):
    with pytest.raises(SystemExit) as done:
        main.main(args)
    err = capsys.readouterr().err
    assert done.value.code == 2 and says in err and err.count("\n") == 1


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_a_headless_table_takes_a_player_and_ends_cleanly_on_ctrl_c_sigterm_and_sighup(sig):
    proc = gnerts("--host", "gnono", "--port", "0", "--bind", "127.0.0.1", "--code", "TEST42",
                  "--seats", "2")
    client = None
    try:
        first = proc.stdout.readline()
        found = re.search(r"port (\d+) \(TCP\), table code (\w+)\.", first)
        assert found, first
        port, code = int(found.group(1)), found.group(2)
        assert code == "TEST42"
        client = NetClient("127.0.0.1", port, "test42", "Ann")
        client.start()
        deadline = time.monotonic() + 10
        while client.state != JOINED and time.monotonic() < deadline:
            time.sleep(0.01)
        assert client.state == JOINED and client.seat == 0
        proc.send_signal(sig)
        assert proc.wait(10) == 0
        deadline = time.monotonic() + 5
        while client.state == JOINED and time.monotonic() < deadline:
            time.sleep(0.01)
        assert (client.state, client.reason) == (CLOSED, "The host closed the table.")
        rest = proc.stdout.read()
        assert "Table closed." in rest and "Traceback" not in proc.stderr.read()
    finally:
        if client is not None:
            client.close()
        if proc.poll() is None:
            proc.kill()
        proc.stdout.close()
        proc.stderr.close()


def test_a_second_ctrl_c_while_the_table_says_goodbye_is_no_traceback():
    """The one-file build's launcher passes a terminal's Ctrl-C on to the program, which
    has it from the terminal too: two in a row closed the table with a traceback."""
    proc = gnerts("--host", "gnono", "--port", "0", "--bind", "127.0.0.1")
    try:
        assert "table code" in proc.stdout.readline()
        proc.send_signal(signal.SIGINT)
        time.sleep(0.05)
        proc.send_signal(signal.SIGINT)
        assert proc.wait(20) == 0
        assert "Table closed." in proc.stdout.read() and "Traceback" not in proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.stdout.close()
        proc.stderr.close()


def listed(browser, port, until, timeout_s: float = 10.0):
    """The browser's table on this port once `until(table or None)` holds (None if never)."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        table = next((t for t in browser.tables() if t.port == port), None)
        if until(table):
            return table or True
        time.sleep(0.02)
    return None


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_headless_table_is_listed_on_loopback_its_seats_kept_current_and_withdrawn(sig):
    """GNERTS_NET_LOOPBACK (tests/conftest.py, inherited): it listens and announces on
    loopback only; the listing shows its port, version and free seats, and drops it on close."""
    from game.net.discovery import LOOPBACK, TableBrowser
    from game.net.protocol import PROTOCOL_VERSION
    assert os.environ["GNERTS_NET_LOOPBACK"] == "1"
    proc = gnerts("--host", "gnono", "--port", "0", "--code", "LIST42", "--seats", "2")
    browser = TableBrowser(LOOPBACK)
    client = None
    try:
        found = re.search(r"on 127\.0\.0\.1 port (\d+) \(TCP\)", proc.stdout.readline())
        assert found, "the headless host did not bind to loopback under GNERTS_NET_LOOPBACK"
        port = int(found.group(1))
        table = listed(browser, port, lambda t: t is not None)
        assert table, "the headless table never showed on the loopback listing"
        assert (table.game, table.seats_free, table.version, table.address) == \
            ("gnono", 2, PROTOCOL_VERSION, "127.0.0.1")
        client = NetClient("127.0.0.1", port, "LIST42", "Ann")
        client.start()
        assert listed(browser, port, lambda t: t is not None and t.seats_free == 1), \
            "the free seats were not updated after a join"
        proc.send_signal(sig)
        assert proc.wait(10) == 0
        assert listed(browser, port, lambda t: t is None), "the table was not withdrawn"
        assert "Traceback" not in proc.stderr.read()
    finally:
        if client is not None:
            client.close()
        assert browser.close(wait=5)
        if proc.poll() is None:
            proc.kill()
        proc.stdout.close()
        proc.stderr.close()
