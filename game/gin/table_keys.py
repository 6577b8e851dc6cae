"""The Gin table's keys, as the GIN! manual tells them: a GinKeys, the table's key
map, says which keys the table takes in each state (bindings: the controller's moves
and the table's screens), their bar labels making the key bar; help_text is the F2 help.
Every other key beeps (the App's rule).
"""
from __future__ import annotations

import pygame

from game.keys import AnyKey, Binding
from game.table.peeking import peek_refusal

PLUS_KEYS = ("+", pygame.K_KP_PLUS, pygame.K_INSERT, pygame.K_PLUS)
MINUS_KEYS = ("-", pygame.K_KP_MINUS, pygame.K_DELETE, pygame.K_MINUS)
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
FKEYS = tuple(range(pygame.K_F1, pygame.K_F12 + 1))
JOINED_NO_PEEK = "At a network table nobody sees the Stock or the other hand."
CHALLENGE_DEAL = "No new deal in a challenge: your friend played this very deal."


class GinKeys:
    """The keys of a GinTable (`table`), acting on its controller and its screens."""

    def __init__(self, table) -> None:
        self.table = table

    def bindings(self) -> list[Binding]:
        """The keys the table takes now, each with its label and action; those with a
        `bar` label make the key bar (Scene.key_bar), as GIN! showed it: the moves of
        the moment, F3/F4 (and F9, F8) while the computer plays, F1 last."""
        t, c = self.table, self.table.ctl
        b: list[Binding] = []
        m = c.mode
        playing = m == "play" and c.my_turn
        waiting = not playing and m not in ("confirm", "mark", "result")
        if playing:
            b += self._play_bindings()
        elif m in ("confirm", "mark"):
            b += self._arrange_bindings()
        elif m == "result":
            b.append(Binding((pygame.K_RETURN, AnyKey(but=FKEYS)), "Go on", t.go_on,
                             bar="Go on", bar_keys="Any key"))
        scores = waiting or m == "result"
        b += [Binding((pygame.K_F3,), "Box scores of the hands played", t.show_boxes,
                      bar="Boxes" if scores else ""),
              Binding((pygame.K_F4,), "The game score", t.show_score, bar="Score" if scores else ""),
              Binding((pygame.K_F5,), "The cards in the Pile", t.show_pile)]
        # the Stock and the other hand: nobody's to see in hot seat, in a challenge, at a
        # network table (game/table/peeking.py); the keys say why with the beep
        why = (JOINED_NO_PEEK if c.remote else
               peek_refusal(challenge=c.challenge is not None, network_humans=int(c.networked)))
        private = c.hot_seat or why is not None
        if not private:
            b.append(Binding((pygame.K_F6,), "The cards left in the Stock", t.show_stock))
        else:
            hot = c.hot_seat and why is None
            b += [Binding((pygame.K_F6,), "The Stock: not at this table (says why)", lambda: c.refuse(
                      "In hot seat the Stock is nobody's to see (F5 shows the Pile)." if hot else why)),
                  Binding((pygame.K_F9,), "The other hand: not at this table (says why)", lambda: c.refuse(
                      "In hot seat each hand is seen by its player alone." if hot else why))]
        if m == "play" and not c.networked:    # a network table deals no hand again
            if c.challenge is None:
                b.append(Binding((pygame.K_F7,), "A new deal", t.ask_redeal))
            else:           # the challenge is its deal: another one would be another game
                b.append(Binding((pygame.K_F7,), "A new deal: not in a challenge (says why)",
                                 lambda: c.refuse(CHALLENGE_DEAL)))
        if m != "result" and not private:
            b.append(Binding((pygame.K_F9,), "Show/hide the computer's hand", c.toggle_cpu,
                             bar="Computer" if waiting or m == "confirm" else ""))
        if c.remote:             # the seat is kept a while: Alt+R on the Join screen comes back
            b.append(Binding((pygame.K_F8,), "Leave the table (the seat is kept a while)", t.leave,
                             bar="Leave" if waiting else ""))
            if m not in ("confirm", "mark"):
                b.append(Binding((pygame.K_ESCAPE,), "Leave the table", t.leave))
        else:
            b.append(Binding((pygame.K_F8,), "Save the game and leave", t.save_and_leave,
                             bar="Save, exit" if waiting else ""))
            if c.networked and m not in ("confirm", "mark"):     # hosted: asks (the joiner is dropped)
                b.append(Binding((pygame.K_ESCAPE,), "Leave the table (asks first)", t.ask_leave))
        if m in ("play", "wait"):   # out of turn: a beep and a note (game/gin/table_coach.py)
            b.append(Binding(("h",), "Coach: what the expert would do now", c.coach,
                             bar="Coach" if playing else ""))
        if playing:
            b += t.app_keys()
        return b

    def _play_bindings(self):
        c = self.table.ctl
        f = c.focus
        g = c.seen
        b = []
        if f == "pickup":
            b.append(Binding(PLUS_KEYS + ("=",), "Take the card", c.take, bar="Take", bar_keys="+/Ins"))
            if g.phase == "offer" or g.stock_end:
                b.append(Binding(MINUS_KEYS, "Pass the upcard", c.pass_upcard, bar="Pass", bar_keys="-/Del"))
            b += [Binding((pygame.K_LEFT, pygame.K_RIGHT), "Stock or upcard", c.switch_target,
                          bar="Stock/Pile" if c._pickup_choice() else "", bar_keys="\x1b\x1a"),
                  Binding((pygame.K_DOWN,), "Down to the arrow row", c.pickup_down, bar="Arrow row")]
        elif f == "arrow":
            across = "Pile/Hand" if g.phase in ("offer", "draw") else "Hand"
            b += [Binding((pygame.K_LEFT,), "Arrow left", lambda: c.move_arrow(-1),
                          bar="Arrow", bar_keys="\x1b\x1a"),
                  Binding((pygame.K_RIGHT,), "Arrow right", lambda: c.move_arrow(1)),
                  Binding((pygame.K_HOME,), "The arrow to the first place", lambda: c.move_arrow(-c.arrow)),
                  Binding((pygame.K_END,), "The arrow to the last place",
                          lambda: c.move_arrow(len(c.order) - c.arrow)),
                  Binding(ENTER_KEYS, "Insert the card where the arrow points", c.insert, bar="Insert"),
                  Binding((pygame.K_DOWN,), "Down to your hand", c.arrow_down,
                          bar=across if c.picked is None else "", bar_keys="\x18\x19"),
                  Binding((pygame.K_UP,), "Up to the Stock/Pile", c.arrow_up)]
        else:
            out = "Gin" if g.knock_value == 0 else "Gin/Knock"    # Straight Gin, an Oklahoma ace: no knock
            b += [Binding((pygame.K_LEFT,), "Previous card", lambda: c.move_sel(-1),
                          bar="Card", bar_keys="\x1b\x1a"),
                  Binding((pygame.K_RIGHT,), "Next card", lambda: c.move_sel(1)),
                  Binding((pygame.K_HOME,), "The first card", lambda: c.move_sel(-c.sel)),
                  Binding((pygame.K_END,), "The last card", lambda: c.move_sel(len(c.order) - 1 - c.sel)),
                  Binding((pygame.K_UP,), "Up: move this card (sort)", c.hand_up, bar="Sort"),
                  Binding(MINUS_KEYS, "Discard the flashing card", c.discard,
                          bar="Discard", bar_keys="-/Del"),
                  Binding((pygame.K_F10,), f"{out} with the flashing card", c.go_out, bar=out)]
        return b

    def _arrange_bindings(self):
        c = self.table.ctl
        a = c.arr
        b = []
        if c.mode == "confirm":
            b += [Binding(("y",), "Yes, play the hand this way", c.confirm_yes, bar="Yes"),
                  Binding(("n",), "No: mark the groups yourself", c.confirm_no, bar="No, mark groups")]
            if a.kind == "out":
                b.append(Binding((pygame.K_ESCAPE,), "Back to play (no gin or knock)", c.cancel_out,
                                 bar="Back to play"))
        else:
            marks = "1 2 3 Space" + (" P" if a.kind == "defend" and c.seen.out_kind == "knock" else "")
            b += [Binding((pygame.K_LEFT,), "Previous card", lambda: c.move_cursor(-1),
                          bar="Card", bar_keys="\x1b\x1a"),
                  Binding((pygame.K_RIGHT,), "Next card", lambda: c.move_cursor(1)),
                  Binding((pygame.K_HOME,), "The first card", lambda: c.move_cursor(-a.cursor)),
                  Binding((pygame.K_END,), "The last card",
                          lambda: c.move_cursor(len(a.cards) - 1 - a.cursor)),
                  Binding(("1",), "Mark group 1", lambda: c.mark("1"), bar="Mark", bar_keys=marks),
                  Binding(("2",), "Mark group 2", lambda: c.mark("2")),
                  Binding(("3",), "Mark group 3", lambda: c.mark("3")),
                  Binding((pygame.K_SPACE, " "), "Unplayable (blank)", lambda: c.mark(" ")),
                  Binding((pygame.K_F10,), "Done marking", c.finish_marking, bar="Done")]
            if a.kind == "defend":
                b.append(Binding(("p",), "Playable on the computer's groups", lambda: c.mark("P")))
                b.append(Binding((pygame.K_ESCAPE,), "Back to the computer's proposal",
                                 c._propose_defense, bar="Back"))
            else:
                b.append(Binding((pygame.K_ESCAPE,), "Back to play (no gin or knock)", c.cancel_out,
                                 bar="Back"))
        return b


def this_hand(view) -> str:
    """The knock limit of the hand a seat's `view` is dealt, as a sentence: "This hand:
    knock with at most 7 (Oklahoma: the 1st upcard)." (GinOptions.knock_limit)."""
    limit = view.options.knock_limit(view.first_upcard)
    return f"This hand: {limit[0].lower()}{limit[1:]}."


def help_text(game=None) -> list[str]:
    """F2: the rules in short and the keys; `game`: a game or a seat's view (its hand's
    knock value is told)."""
    kv = "" if game is None else " " + this_hand(game)
    return [
        "Form groups: sets of 3 or 4 of a rank, runs of 3 or more in one suit (ace low). "
        "Take the upcard or the top of the Stock, then discard.",
        "Gin: every card in groups. Knock: unplayable points no more than the knock value."
        + kv,
        "After a knock the other player lays off on the knocker's groups; if he has as "
        "few points or fewer, he Underknocks and wins the bonus. A Box for each hand won; "
        "Game, Box and Blitz bonuses at the end.",
        "",
        "KEYS TO PLAY",
        "+ or Ins   take the card at the arrow (Stock or upcard)",
        "- or Del   discard the flashing card; pass the 1st upcard",
        "\x1b \x1a        move the arrow or the flashing card",
        "\x18 \x19        between Stock/Pile, arrow row and hand",
        "Enter      insert the card where the arrow points",
        "\x18 on a card, \x1b\x1a, Enter: move the card (sort your hand)",
        "F10        gin or knock with the flashing card;",
        "           done marking the groups",
        "Esc        back to play after a mistaken F10 (only then)",
        "1 2 3 P    mark the groups (Space: unplayable,",
        "           P: playable on the computer's knock)",
        "Y N        answer the computer's questions",
        "H          the coach: what the expert would do now, and why",
        "",
        "FUNCTION KEYS",
        "F1 keys    F2 help     F3 box scores  F4 game score",
        "F5 Pile    F6 Stock    F7 new deal    F8 save, exit",
        "F9 show/hide the computer's hand      F10 gin/knock",
    ]
