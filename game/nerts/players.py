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
LEVEL_CHOICES = ("human", "easy", "normal", "hard", "expert")
LEVEL_LABELS = ("Human", "Computer, easy", "Computer, normal", "Computer, hard",
                "Computer, expert")
DEFAULT_SEATS = ("human", "normal", "normal", "normal")
MAX_HUMANS = 2
