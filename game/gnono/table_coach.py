"""What the Gnono table does for a player who wants to learn: each round's replay
stored when it is scored, the coach (H: the expert's advice, in the notes), and the
deal challenge of the end-of-game screen (C). A mixin of GnonoTable."""
from __future__ import annotations

from game import challenges, errors
from game.scene import Push
from game.scenes.challenge_offer import offer

from . import coach, replay_codec
from .rules import PLAY, Play


class TableCoach:
    """GnonoTable's replays, coach and challenge."""

    # -- replays ------------------------------------------------------------------------
    def store_replays(self) -> None:
        """Write the rounds recorded and scored since the last call to the replays folder."""
        for rep in self.ctl.take_finished():
            self.app.replays.save(rep)
            self.last_replay = rep

    # -- the coach ------------------------------------------------------------------------
    def coach_ready(self) -> bool:
        """Is a decision of the player at the keyboard waiting (any question box too)?"""
        st = self.state
        return (self.viewer is not None and not self.stages and st.current == self.viewer
                and st.phase in coach.PHASES and self.hand_open())

    def ask_coach(self):
        """H: what the expert would do now, in the notes ("Coach: ..."); a beep when it is
        not the player's decision."""
        if not self.coach_ready():
            return self.refuse("The coach helps when it is your turn to decide.")
        try:
            advice = coach.advise(self.state.view(self.viewer), self.names)
        except Exception as exc:    # a coach that fails is a bug, reported; the game goes on
            errors.report(exc, "the Gnono coach")
            return self.refuse("The coach has no advice now.")
        self.ctl.coach_used()
        self.note(None, seat=self.viewer, private=f"Coach: {advice.text}.")   # the asker's only
        move = advice.move
        if type(move) is Play and self.state.phase == PLAY:
            self.sel_card = move.card      # the advised card is the chosen one
            self._sync_selection()
        return True

    def coach_hint_line(self) -> str:
        """The end-of-game screen's line about the coach, if the player won with its help."""
        st = self.state
        n = self.ctl.coach_game
        if n and st.winner is not None and st.winner in self.humans:
            return f"Won with the coach's help: {n} hint{'s' if n != 1 else ''}."
        return ""

    # -- the deal challenge ---------------------------------------------------------------
    def made_challenge(self) -> challenges.Challenge | None:
        """The challenge of this game for the one human against computers (None if not)."""
        st = self.state
        if len(self.humans) != 1 or st.seed is None:
            return None
        me = self.humans[0]
        seats = tuple(None if s == me else self.kinds[s] for s in range(self.n))
        return challenges.Challenge("gnono", st.seed, st.options.to_json(), seats,
                                    st.totals[me], self.names[me][:challenges.NAME_MAX])

    def offer_challenge(self) -> Push | str:
        """C on the end-of-game screen: the code to send, or why there is none."""
        ch = self.made_challenge()
        if ch is None:
            self.app.error()
            return ("A challenge needs one player against computers" if len(self.humans) != 1
                    else "This game has no deal number to challenge with")
        return offer(self.app, ch, replay_codec)

    def challenge_line(self) -> str:
        """The end-of-game comparison with the challenger's score, when playing a challenge."""
        if self.challenge is None or len(self.humans) != 1:
            return ""
        me = self.humans[0]
        return challenges.outcome(self.challenge, self.state.totals[me], self.names[me])

