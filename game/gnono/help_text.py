"""The Gnono rules and keys shown by F2 at the table and on the set-up screen."""
from __future__ import annotations

HELP = [
    "GNONO, the UNO family of rules: be the first to play every card of your hand.",
    "",
    "YOUR TURN: play a card that matches the top card of the discard pile by colour",
    "(the framed colour), by number or by symbol, or play a Wild. \x1b\x1a choose, Enter",
    "plays. Or draw with + (or Ins), also when you could play: a drawn card that fits",
    "may be played at once (Enter), or kept (- or Del). A card that does not fit",
    "beeps and stays in your hand. The dot under a card means it may be played.",
    "",
    "ACTION CARDS: Skip (\x1a with a slash) - the next player loses a turn.",
    "Reverse (two arrows) - play changes direction (with two players: play again).",
    "Draw Two (+2) - the next player draws two and loses a turn.",
    "Wild (four colours) - you name the colour to follow (arrows or R, Y, G, B).",
    "Wild Draw Four (+4) - you name the colour; the next player draws four and loses",
    "a turn. Lawful only when you hold no card of the current colour: the next player",
    "may CHALLENGE (Y/N): guilty, you draw 4 instead; lawful, the challenger draws 6.",
    "",
    "UNO!: when you play your second-to-last card, call \"UNO!\" with U (before, on",
    "your turn with two cards, or right after). If someone catches you first (C), you",
    "draw two. Press C to catch another seat that forgot.",
    "",
    "SCORING: the player who goes out scores the cards left in the other hands:",
    "numbers their value, Skip/Reverse/Draw Two 20, Wilds 50. First to the playout",
    "score (500 unless the options say otherwise) wins the game.",
    "",
    "KEYS: F3 log, F4 scores, F8 save and leave, F9 show the computers' hands (a",
    "cheat), Space hurries a computer's turn, Esc leaves (the game is saved).",
    "H asks the coach on your turn (in the colour and challenge questions too): what",
    "the expert computer would do, and why, in the notes. Every round is recorded",
    "(menu: R Replays); at the game's end C makes a challenge code of the same deal.",
    "Options (hand of 7 or 11, drawing until playable, house rules: stacking,",
    "jump-in, 7-0) are on the Gnono pages of the Options.",
]

# at a table joined over the network: the same rules; no saving, cheat or deal challenge here
_KEYS_AT = next(i for i, line in enumerate(HELP) if line.startswith("KEYS:"))
NETWORK_HELP = HELP[:_KEYS_AT] + [
    "KEYS: F3 log, F4 scores, Space hurries the last move's showing. H asks the",
    "coach on your turn. At the round's end Enter deals the next round (the host",
    "deals by itself after a pause). Esc leaves the table: the host keeps your seat",
    "a few minutes, and Alt+R on the Join screen takes it back. The host's program",
    "saves the game and records it for replays.",
]
