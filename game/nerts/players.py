"""Who sits at a Nerts table: the levels a seat may have, the humans' limit and the
actions of a human's keys. Pure (no pygame): the table's controller and its save
check use these; game/nerts/settings.py builds the options pages from them."""
from __future__ import annotations

ACTIONS = ("pile", "waste", "col1", "col2", "col3", "col4", "found", "flip", "vote", "cancel")
ACTION_LABELS = {
    "pile": "Pile", "waste": "Waste", "col1": "Column 1", "col2": "Column 2",
    "col3": "Column 3", "col4": "Column 4", "found": "To the Scoring Area",
    "flip": "Flip the Stack", "vote": "Agree to rotate (standstill)", "cancel": "Cancel",
}
# the keys a seat has: a partner works a share of the layout (NertsOptions.role_of): the
# Pile partner neither flips nor plays the waste, the Stack partner never takes from the
# Pile or a column (a column key still puts the waste's card there)
ROLE_ACTIONS = {"all": ACTIONS, "pile": tuple(a for a in ACTIONS if a not in ("waste", "flip")),
                "stack": tuple(a for a in ACTIONS if a != "pile")}
LEVEL_CHOICES = ("human", "easy", "normal", "hard", "expert")
LEVEL_LABELS = ("Human", "Computer, easy", "Computer, normal", "Computer, hard",
                "Computer, expert")
DEFAULT_SEATS = ("human", "normal", "normal", "normal")
MAX_HUMANS = 2
