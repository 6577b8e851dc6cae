"""The words the voice says (game.speech), made from what the screen already says:
the notes lines (which the engines' events produce), the keys of the scene, its
questions, and the F11 summary a scene gives. One module, testable without a voice.

Card codes and code page 437 symbols become words ("9\x05" -> "9 of clubs"), frames
and arrows are dropped, and the letter codes shown beside colour names are left out.
"""
from __future__ import annotations

import re

SUITS = {"\x03": "hearts", "\x04": "diamonds", "\x05": "clubs", "\x06": "spades"}
SUIT_LETTERS = {"H": "hearts", "D": "diamonds", "C": "clubs", "S": "spades"}
RANKS = {"A": "ace", "1": "ace", "2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "7": "7", "8": "8",
         "9": "9", "10": "10", "T": "10", "J": "jack", "Q": "queen", "K": "king"}
RANK_NUMBERS = {1: "ace", 11: "jack", 12: "queen", 13: "king"}
SYMBOLS = {"\x18": " up ", "\x19": " down ", "\x1a": " right ", "\x1b": " left ", "·": ",",
           "\x10": "", "\x11": "", "\x07": "", "\u2022": "", "\u2219": ""}   # (the last three: bullets)

_CARD = re.compile(r"\b(10|[2-9AJQKT])([\x03-\x06])")
_LONE_SUIT = re.compile(r"[\x03-\x06]")
_LETTER_CODE = re.compile(r"\s\([RYGBW]\)")
_FRAMES = re.compile(r"[\u2500-\u259f]")   # box drawing and blocks
_SPACES = re.compile(r"\s+")


def card_name(rank: int, suit: str) -> str:
    """A French card in words: card_name(9, "C") -> "9 of clubs"."""
    return f"{RANK_NUMBERS.get(rank, str(rank))} of {SUIT_LETTERS[suit]}"


def cards_text(cards) -> str:
    """French cards (game.cards.Card) in words, comma separated."""
    return ", ".join(card_name(c.rank, c.suit) for c in cards) or "none"


def speakable(text: str) -> str:
    """A line of the screen as the voice should read it."""
    text = _CARD.sub(lambda m: f"{RANKS[m.group(1)]} of {SUITS[m.group(2)]}", text)
    text = _LONE_SUIT.sub(lambda m: f" {SUITS[m.group(0)]} ", text)
    text = _LETTER_CODE.sub("", text)
    for symbol, word in SYMBOLS.items():
        text = text.replace(symbol, word)
    text = _FRAMES.sub(" ", text)
    return _SPACES.sub(" ", text).strip()


def keys_text(scene_title: str, bindings, detail: str = "") -> str:
    """What can I press now: the keys a scene accepts with their labels, then the speech
    keys (detail: what Ctrl+F11 says here, if anything)."""
    parts = [f"{b.key_text}: {b.label}" for b in bindings if b.show and b.label]
    head = f"Keys for {scene_title}. " if scene_title else "Keys. "
    ctrl = f" Control F11: {detail}." if detail else ""
    return speakable(head + ". ".join(parts) + ". F11: where things stand. Shift F11: say it again."
                     + ctrl + " F1 again closes the keys.")


def question_text(question: str, answers: str = "Y or N") -> str:
    return speakable(f"{question} {answers}.")


def menu_item_text(number, label: str, detail: str = "") -> str:
    text = f"{number}, {label}" if number not in (None, "") else label
    return speakable(f"{text}. {detail}" if detail else text)
