"""Gin Rummy's pages of the options program, as GIN! had them: the bonus points
("there seems to be no standard ... you have the option to set them to whatever you
prefer"), the game target, and the play options: Oklahoma, Hollywood, the player's
name (these three may be changed again for one session when a game starts) and the
computer's difficulty. Kept permanently in saves/options.json by the shell.

    session_defaults(options) -> dict     the values the session screen starts from
    gin_options(options, session) -> GinOptions
"""
from __future__ import annotations

from game.gin.options import GinOptions
from game.option_pages import OptionPage, Overruled, choice, flag, number, text
from game.presets import PresetBook

LEVELS = ("easy", "normal", "hard", "expert")
LEVEL_LABELS = ("Easy", "Normal", "Hard", "Expert")
NAME_MAX = 12

_BONUS = dict(lo=0, hi=200, step=5)

POINTS_PAGE = OptionPage("Gin points", [
    number("gin.bonus_gin", "Bonus for Gin", 25, **_BONUS,
           hint="Added to the points of a hand won by Gin."),
    number("gin.bonus_underknock", "Bonus for Underknock", 25, **_BONUS,
           hint="Added when the knocker is caught with as many points or more."),
    number("gin.bonus_box", "Bonus for a Box", 25, **_BONUS,
           hint="At game end, for each hand won more than the other player."),
    number("gin.bonus_game", "Bonus for the Game", 100, **_BONUS,
           hint="To the player who reaches the game target."),
    number("gin.bonus_blitz", "Bonus for a Blitz", 100, **_BONUS,
           hint="When the loser of a game won no hand at all."),
    number("gin.target", "Points for a game", 100, 50, 500, 10,
           hint="The points that win a game (each of Hollywood's three)."),
    number("gin.bonus_big_gin", "Bonus for Big Gin", 31, 0, 200, 1,
           hint="Big Gin (all 11 cards in groups, no discard), when it is played."),
], help=["GIN!: \"There seems to be no standard for the points awarded for the various "
         "bonuses in the game. Therefore you have the option to set them to whatever "
         "you prefer.\" Left and right adjust the points by 5."])

def knock_overruled(rules) -> Overruled | None:
    """The knock limit unused: Straight Gin has no knocking, and under Oklahoma the 1st
    upcard sets it (GIN!: "the value of the 1st upcard each hand determines the maximum
    Knock value allowed"). rules: the options, or a session's rule values."""
    if rules["gin.straight_gin"]:
        return Overruled("No knocking (Straight Gin)", "Straight Gin: no knocking (turn it off to knock).")
    if rules["gin.oklahoma"]:
        return Overruled("The 1st upcard (Oklahoma)", "The 1st upcard sets it; turn Oklahoma off to choose.")
    return None


def ace_one_overruled(rules) -> Overruled | None:
    """Oklahoma's ace rule unused while Oklahoma is off (there is no upcard's limit)."""
    if not rules["gin.oklahoma"]:
        return Overruled("Off (only in Oklahoma)", "Only in Oklahoma: turn Oklahoma on to choose.")
    return None


PLAY_PAGE = OptionPage("Gin play", [
    flag("gin.oklahoma", "Oklahoma", False,
         hint="The first upcard sets the knock value; a spade doubles the hand."),
    flag("gin.hollywood", "Hollywood", False,
         hint="Three games scored at once."),
    text("gin.name", "Your name", "Player", NAME_MAX,
         hint="Type your name (Backspace deletes)."),
    choice("gin.level", "The computer plays", "normal", LEVELS, LEVEL_LABELS,
           hint="Easy keeps it simple; Hard counts every card seen; Expert reads you."),
    number("gin.knock_value", "Knock with at most", 10, 1, 10,
           hint="The most unplayable points to knock with (not in Oklahoma).", overruled=knock_overruled),
    flag("gin.straight_gin", "Straight Gin", False, hint="No knocking: every hand is won by Gin."),
    flag("gin.big_gin", "Big Gin", False,
         hint="All 11 cards in groups after the draw: out with no discard, Big Gin's bonus."),
    flag("gin.oklahoma_ace_one", "Oklahoma ace counts 1", False,
         hint="Oklahoma: an ace upcard lets you knock with 1 (else: Gin only).", overruled=ace_one_overruled),
], help=["Oklahoma, Hollywood and your name are the defaults of the screen shown when a "
         "game starts; changes made there last only until you leave the program."])
# the play options another overrules, by key (the session screen uses them as the options program)
OVERRULED = {o.key: o.overruled for o in PLAY_PAGE.opts if o.overruled}

PAGES = [POINTS_PAGE, PLAY_PAGE]

# the options that make the rules (a preset's, a session's); the name and level are not
RULE_KEYS = ("gin.bonus_gin", "gin.bonus_underknock", "gin.bonus_box", "gin.bonus_game",
             "gin.bonus_blitz", "gin.target", "gin.bonus_big_gin", "gin.oklahoma", "gin.hollywood",
             "gin.knock_value", "gin.straight_gin", "gin.big_gin", "gin.oklahoma_ace_one")

_PLAIN = {"gin.knock_value": 10, "gin.straight_gin": False, "gin.big_gin": False,
          "gin.oklahoma_ace_one": False, "gin.oklahoma": False, "gin.hollywood": False}
PRESETS = {
    # the 1981 program as its manual has it: every bonus 25, Game and Blitz 100, to 100
    "GIN! 1981": {**_PLAIN, "gin.bonus_gin": 25, "gin.bonus_underknock": 25, "gin.bonus_box": 25,
                  "gin.bonus_game": 100, "gin.bonus_blitz": 100, "gin.target": 100},
    # club and tournament play: to 150, Big Gin for 31, undercut 25, lines (boxes) 25
    "Tournament": {**_PLAIN, "gin.big_gin": True, "gin.bonus_big_gin": 31, "gin.bonus_gin": 25,
                   "gin.bonus_underknock": 25, "gin.bonus_box": 25, "gin.bonus_game": 100,
                   "gin.bonus_blitz": 100, "gin.target": 150},
}
BOOK = PresetBook("gin", PAGES, PRESETS)


def session_defaults(options) -> dict:
    return {"oklahoma": options["gin.oklahoma"], "hollywood": options["gin.hollywood"],
            "name": options["gin.name"] or "Player", "opponent": "computer", "name2": "Player 2",
            "preset": "", "rules": {}}


def rule_values(options, session: dict) -> dict:
    """This session's rules: the options program's, then the session's own (a preset
    chosen on the session screen), then its Oklahoma and Hollywood."""
    values = {k: options[k] for k in RULE_KEYS}
    values.update(session.get("rules") or {})
    values["gin.oklahoma"], values["gin.hollywood"] = bool(session["oklahoma"]), bool(session["hollywood"])
    return values


def gin_options(options, session: dict) -> GinOptions:
    """The engine's options from the permanent points and this session's play options
    (game.gin.options is light: the option pages load at start-up, the engine with a game)."""
    v = rule_values(options, session)
    return GinOptions(game_target=v["gin.target"], gin_bonus=v["gin.bonus_gin"],
                      underknock_bonus=v["gin.bonus_underknock"],
                      box_bonus=v["gin.bonus_box"], game_bonus=v["gin.bonus_game"],
                      blitz_bonus=v["gin.bonus_blitz"], knock_value=v["gin.knock_value"],
                      straight_gin=v["gin.straight_gin"], big_gin=v["gin.big_gin"],
                      big_gin_bonus=v["gin.bonus_big_gin"], oklahoma_ace_one=v["gin.oklahoma_ace_one"],
                      oklahoma=v["gin.oklahoma"], hollywood=v["gin.hollywood"])


def variant_name(o: GinOptions) -> str:
    """A short description of the rules, for the statistics by variant."""
    parts = ["Oklahoma" + (" (ace 1)" if o.oklahoma_ace_one else "") if o.oklahoma else ""]
    parts += ["Straight Gin" if o.straight_gin else ("" if o.oklahoma else f"Knock {o.knock_value}")]
    parts += ["Big Gin" if o.big_gin else "", "Hollywood" if o.hollywood else "", f"to {o.game_target}"]
    return ", ".join(p for p in parts if p)
