"""The coach and deal challenges at the Go-Stop table (GoStopCoach, held by the table as `coach`).

H asks the coach (coach.py) on the human's turn, at the table or in the Go, bomb and
shaking questions: its advice goes in the notes as "Coach: ...", spoken like a note,
and counts as a use (the statistics and the hand's replay keep them); the cursor goes to
the card it advises, so Enter plays it. The advice names
the asker's cards: it is the asker's message only, read while the asker's hand is face
up. C on the hand's
score makes a challenge: this game's deal number, rules and seats, the hands played
so far and the human's chips. A challenge game shows on each hand's score how it
stands against the challenger.
"""
from __future__ import annotations

from game.challenges import Challenge, outcome
from game.words import counted

from . import coach, replay_codec
from .controller import HUMAN
from .replay_codec import MAX_HANDS, ChallengeOptions, options_to_json
from .rules import ChooseMatch, FlipStock, PlayCard
from .table_draw import FLIP

NEEDS_ONE = "A challenge needs one player against computers"


class GoStopCoach:
    def __init__(self, table) -> None:
        self.table = table

    # -- the coach
    def coach_ready(self) -> bool:
        """The human at the keyboard is asked something (a card, a match, Go/Stop...)."""
        q = self.table.ctl.source.state.question()
        return (not self.table.ctl.stages and not self.table.ctl.scoring_open and not self.table.ctl.passing
                and q.kind != "hand_over" and q.seat == self.table.ctl.viewer)

    def ask_coach(self) -> str | None:
        """H: the coach's advice in the notes (and returned), or a beep off one's turn."""
        if not self.coach_ready():
            ctl = self.table.ctl
            moving = ctl.stages and ctl.source.state.question().seat == ctl.viewer
            self.table.refuse("The coach answers when the cards stop moving (Enter hurries them)."
                        if moving else "The coach answers on your turn.")
            return None
        q = self.table.ctl.source.state.question()
        advice = coach.advise(self.table.ctl.source.state.view(q.seat), self.table.names)
        self.table.ctl.coach_used()
        self.point_at(advice.move)
        text = "Coach: " + advice.text
        # the asker's only: it names the asker's cards (game/table/audience.py)
        self.table.note(None, self.table.app.options["colour.arrows"], seat=q.seat, private=text)
        return text

    def point_at(self, move) -> None:
        """Put the cursor on the card the coach advises (Enter then plays it)."""
        t = self.table
        if isinstance(move, (PlayCard, FlipStock)):
            entries = t.keymap.entries()
            want = FLIP if isinstance(move, FlipStock) else move.card
            if want in entries:
                t.sel = entries.index(want)
        elif isinstance(move, ChooseMatch) and move.card in t.ctl.source.state.choices:
            t.choice = t.ctl.source.state.choices.index(move.card)

    # -- challenges
    def challenge_offer(self) -> tuple[Challenge | None, str]:
        """The challenge of this game as it stands (None, and why, if it cannot be one)."""
        st = self.table.ctl.source.state
        if len(self.table.ctl.humans) != 1:
            return None, NEEDS_ONE
        if st.seed is None:
            return None, "This game has no deal number to challenge on"
        if st.hand_no > MAX_HANDS:
            return None, f"A challenge lasts {MAX_HANDS} hands at most"
        computers = iter(self.table.ctl.levels)
        seats = tuple(None if s == HUMAN else next(computers) for s in range(st.n))
        options = options_to_json(ChallengeOptions(st.options, st.hand_no))
        return Challenge("gostop", st.seed, options, seats, st.chips[HUMAN], ""), ""

    def end_lines(self) -> list[str]:
        """The hand's score screen's lines on the coach's help and the challenge."""
        st = self.table.ctl.source.state
        res = st.result or {}
        out = []
        hints = self.table.ctl.coach_hand
        if hints and not self.table.ctl.hot_seat and res.get("winner") == HUMAN:
            out.append(f"Won with the coach's help: {hints} hint{'s' if hints != 1 else ''}.")
        ch = self.table.ctl.challenge
        if ch is not None:
            hands = replay_codec.options_from_json(ch.options).hands
            who = ch.name or "the challenger"
            if hands and st.hand_no < hands:
                out.append(f"Challenge: hand {st.hand_no} of {hands}; {who}'s "
                           f"{counted(ch.score, 'chip')} to beat.")
            elif not hands or st.hand_no == hands:
                out.append("Challenge: " + outcome(ch, st.chips[HUMAN], "You"))
        return out
