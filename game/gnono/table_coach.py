"""What the Gnono table does for a player who wants to learn: each round's replay
stored when it is scored, the coach (H: the expert's advice, in the notes), and the
deal challenge of the end-of-game screen (C). GnonoCoach, held by GnonoTable as `coach`."""
from __future__ import annotations

from game import challenges, errors
from game.scene import Push
from game.scenes.challenge_offer import offer

from . import coach, replay_codec
from .rules import PLAY, Play


class GnonoCoach:
    """GnonoTable's replays, coach and challenge."""

    def __init__(self, table) -> None:
        self.table = table

    # -- replays ------------------------------------------------------------------------
    def store_replays(self) -> None:
        """Write the rounds recorded and scored since the last call to the replays folder."""
        for rep in self.table.ctl.take_finished():
            self.table.app.replays.save(rep)
            self.table.last_replay = rep

    # -- the coach ------------------------------------------------------------------------
    def coach_ready(self) -> bool:
        """Is a decision of the player at the keyboard waiting (any question box too)?"""
        st = self.table.seat_view()
        return (self.table.viewer is not None and not self.table.stages and st.current == self.table.viewer
                and st.phase in coach.PHASES and self.table.hand_open())

    def ask_coach(self):
        """H: what the expert would do now, in the notes ("Coach: ..."); a beep when it is
        not the player's decision."""
        if not self.coach_ready():
            return self.table.refuse("The coach helps when it is your turn to decide.")
        try:
            advice = coach.advise(self.table.seat_view(), self.table.ctl.names)
        except Exception as exc:    # a coach that fails is a bug, reported; the game goes on
            errors.report(exc, "the Gnono coach")
            return self.table.refuse("The coach has no advice now.")
        self.table.ctl.coach_used()
        self.table.note(None, seat=self.table.viewer, private=f"Coach: {advice.text}.")   # the asker's only
        move = advice.move
        if type(move) is Play and self.table.seat_view().phase == PLAY:
            self.table.sel_card = move.card      # the advised card is the chosen one
            self.table.keymap._sync_selection()
        return True

    def coach_hint_line(self) -> str:
        """The end-of-game screen's line about the coach, if the player won with its help."""
        st = self.table.ctl.state
        n = self.table.ctl.coach_game
        if n and st.winner is not None and st.winner in self.table.ctl.humans:
            return f"Won with the coach's help: {n} hint{'s' if n != 1 else ''}."
        return ""

    # -- the deal challenge ---------------------------------------------------------------
    def made_challenge(self) -> challenges.Challenge | None:
        """The challenge of this game for the one human against computers (None if not)."""
        st = self.table.ctl.state
        if len(self.table.ctl.humans) != 1 or st.seed is None:
            return None
        me = self.table.ctl.humans[0]
        seats = tuple(None if s == me else self.table.ctl.kinds[s] for s in range(self.table.ctl.n))
        return challenges.Challenge("gnono", st.seed, st.options.to_json(), seats,
                                    st.totals[me], self.table.ctl.names[me][:challenges.NAME_MAX])

    def offer_challenge(self) -> Push | str:
        """C on the end-of-game screen: the code to send, or why there is none."""
        ch = self.made_challenge()
        if ch is None:
            self.table.app.error()
            return ("A challenge needs one player against computers" if len(self.table.ctl.humans) != 1
                    else "This game has no deal number to challenge with")
        return offer(self.table.app, ch, replay_codec)

    def challenge_line(self) -> str:
        """The end-of-game comparison with the challenger's score, when playing a challenge."""
        t = self.table
        if t.challenge is None or len(t.ctl.humans) != 1:
            return ""
        me = t.ctl.humans[0]
        return challenges.outcome(t.challenge, t.ctl.state.totals[me], t.ctl.names[me])

