from game.clock import BLINK_STEPS, MAX_FRAME, STEP, STEP_HZ, FixedClock, blink_on


def test_n_steps_for_n_step_times():
    c = FixedClock()
    assert sum(c.advance(STEP) for _ in range(1000)) == 1000
    assert c.steps == 1000


def test_fractions_accumulate():
    c = FixedClock()
    assert c.advance(STEP * 0.5) == 0
    assert c.advance(STEP * 0.5) == 1
    assert c.advance(STEP * 2.5) == 2
    assert 0.4 < c.alpha < 0.6


def test_a_long_stall_does_not_run_away():
    c = FixedClock()
    due = c.advance(30.0)  # the machine froze for half a minute
    assert due == int(MAX_FRAME * STEP_HZ)
    assert c.advance(STEP) == 1  # and time goes on normally afterwards


def test_negative_time_is_ignored():
    c = FixedClock()
    assert c.advance(-1.0) == 0


def test_blink_is_on_the_fixed_clock_at_2hz():
    phases = [blink_on(s) for s in range(0, STEP_HZ)]
    changes = sum(1 for a, b in zip(phases, phases[1:]) if a != b)
    assert changes == 3  # on, off, on, off within one second
    assert blink_on(0) and not blink_on(BLINK_STEPS)
