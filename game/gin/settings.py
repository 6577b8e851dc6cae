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
from game.options import OptionPage, choice, flag, number, text

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
], help=["GIN!: \"There seems to be no standard for the points awarded for the various "
         "bonuses in the game. Therefore you have the option to set them to whatever "
         "you prefer.\" Left and right adjust the points by 5."])

PLAY_PAGE = OptionPage("Gin play", [
    flag("gin.oklahoma", "Oklahoma", False,
         hint="The first upcard sets the knock value; a spade doubles the hand."),
    flag("gin.hollywood", "Hollywood", False,
         hint="Three games scored at once."),
    text("gin.name", "Your name", "Player", NAME_MAX,
         hint="Type your name (Backspace deletes)."),
    choice("gin.level", "The computer plays", "normal", LEVELS, LEVEL_LABELS,
           hint="Easy keeps it simple; Hard counts every card seen; Expert reads you."),
], help=["Oklahoma, Hollywood and your name are the defaults of the screen shown when a "
         "game starts; changes made there last only until you leave the program."])

PAGES = [POINTS_PAGE, PLAY_PAGE]


def session_defaults(options) -> dict:
    return {"oklahoma": options["gin.oklahoma"], "hollywood": options["gin.hollywood"],
            "name": options["gin.name"] or "Player"}


def gin_options(options, session: dict) -> GinOptions:
    """The engine's options from the permanent points and this session's play options
    (game.gin.options is light: the option pages load at start-up, the engine with a game)."""
    return GinOptions(game_target=options["gin.target"], gin_bonus=options["gin.bonus_gin"],
                      underknock_bonus=options["gin.bonus_underknock"],
                      box_bonus=options["gin.bonus_box"], game_bonus=options["gin.bonus_game"],
                      blitz_bonus=options["gin.bonus_blitz"],
                      oklahoma=bool(session["oklahoma"]), hollywood=bool(session["hollywood"]))
