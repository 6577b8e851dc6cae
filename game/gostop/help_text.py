"""The rules of Go-Stop in brief: the F2 text of the table, its score screen and
its set-up. One string per paragraph: the help box wraps each to its width (no
orphan words from lines broken for another width)."""

HELP = [
    "GO-STOP with Hwatu cards: 12 months of 4 cards; the corner number is the month. "
    "Play goes to the right: the next player sits top right.",
    "",
    "Your turn: choose a hand card with \x1b\x1a and play it with Enter. It takes a table "
    "card of the same month (framed); if two lie there you choose one. Then the top card "
    "of the stock is turned up and plays the same way. Cards taken go to your capture "
    "area: brights, animals, ribbons and junk.",
    "",
    "POINTS: 3 brights 3 (2 with the rain man), 4 brights 4, 5 brights 15. 5 animals 1, "
    "+1 each more; the 3 birds (2, 4, 8) godori 5. 5 ribbons 1, +1 each more; each set of "
    "3 (red poems 1 2 3, blue 6 9 10, grass 4 5 7) 3. 10 junk 1, +1 each more (x2 cards "
    "count 2, bonus cards their value). The sake cup (9) counts as an animal or a double "
    "junk, whichever is better.",
    "",
    "GO OR STOP: reach the target (7 with 2 players, 3 with 3) and choose (G/S): Stop and "
    "be paid your points by each player, or Go and play on: each Go adds 1 point, and "
    "from your 3rd Go on each Go also doubles the payment. Lose after a Go and you pay for "
    "all (go-bak). Reach the target with your last card and you stop: a Go could not be won.",
    "",
    "DOUBLINGS: shaking or a bomb by the winner; gwang-bak (winner scored brights, the "
    "loser has none); pi-bak (winner scored junk, the loser has 1 to 7 junk, 1 to 5 with "
    "3 players); meong-tta (7+ animals); nagari (no one stopped last hand).",
    "",
    "EVENTS: ppuk (your hand and stock card of one month land on a third: a stack), jjok "
    "(the stock card pairs your own card), ttadak (hand and stock take a pair), sseul "
    "(you empty the table), taking a stack: each takes junk from every opponent. Shaking: "
    "show three of a month when you play one (Y/N); shown cards have a magenta frame. "
    "Bomb: three in hand and the fourth on the table: play all three (Y/N), then two "
    "turns with no hand card.",
    "",
    "ONLINE VARIANTS (Options, or the Online preset): three ppuk win the hand; the first "
    "ppuk, or a ttadak on one's first turn, paid at once; bonus cards played take a junk "
    "from each; the two-card bomb (two in hand, two on the table, one later turn with no "
    "hand card).",
    "",
    "HOT SEAT: make seat 2 or 3 a human in the set-up. Between two humans the table is "
    "hidden until the next one presses Enter, and your hand is face down except on your "
    "own turn.",
    "",
    "KEYS: F3 log, F4 chips, F8 save and leave, F9 show the computers' hands, F11 say "
    "where things stand (Speech on). Enter or Space during a computer's turn shows its "
    "end at once. H on your turn (a card, a match, Go or Stop, a bomb, shaking) asks the "
    "coach what the strongest computer would do, and why.",
    "",
    "REPLAYS AND CHALLENGES: every hand is recorded: the menu's R plays it again. C on a "
    "hand's score makes a challenge code of this game (its deal number, rules, computers "
    "and the hands played so far): a friend who types it in (the menu's C) plays the very "
    "same deals and is told, after as many hands, whose chips are better.",
]
