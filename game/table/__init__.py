"""The shared table layer: what every table does alike, written once.

    pacer.py     a computer's choice thought out in slices, one per update step
    handover.py  the hot-seat hand-over screen (one screen, one set of keys)
    audience.py  messages that carry their audience (everyone, or one seat), and the
                 notes and F3 history filtered for the seat at the keyboard
    setup_screen.py  the set-up screens' base: lines, arrows, names typed, presets
    round_end.py     the end-of-round screen over a turn table: Enter, C, F8, Esc

No game package is imported here: a game's table plugs its controller into these.
"""
