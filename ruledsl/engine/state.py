"""The state of one match: zones, counters, seats, and where the program is.

Compact by design: a few lists of ints and a small dict, so clone() is a handful of list copies.
The compiled program (`Program`) and the options are shared between clones, never copied.
"""
from __future__ import annotations

TERMINAL = -4
NOBODY = -1


class State:
    """A match in progress. The public methods are the engine contract (DESIGN.md §4)."""

    __slots__ = ("prog", "n", "options", "zones", "cv", "out", "dealer", "leader", "pc",
                 "player", "turn", "trick", "best", "hv", "locals", "asks", "hand_no", "deals",
                 "seed", "winners", "events", "stack", "steps", "live", "hands_scored",
                 "hand_values")

    def clone(self) -> State:
        st = State.__new__(State)
        st.prog, st.n, st.options = self.prog, self.n, self.options
        st.zones = [z[:] for z in self.zones]
        st.cv, st.out = self.cv[:], self.out[:]
        st.dealer, st.leader, st.pc, st.player = self.dealer, self.leader, self.pc, self.player
        st.turn, st.trick, st.best = self.turn, self.trick, self.best
        st.hv, st.locals = dict(self.hv), dict(self.locals)
        st.asks, st.hand_no, st.deals, st.seed = self.asks, self.hand_no, self.deals, self.seed
        st.winners, st.steps, st.live = self.winners, self.steps, self.live
        st.events = None if self.events is None else list(self.events)
        st.stack = self.stack
        st.hands_scored, st.hand_values = self.hands_scored, self.hand_values
        return st

    # -- the engine contract ------------------------------------------------------------------

    def current_player(self) -> int:
        return self.player

    def is_terminal(self) -> bool:
        return self.player == TERMINAL

    def legal_actions(self) -> list:
        if self.player < 0:
            return []
        return self.prog.ops[self.pc].legal(self)

    def apply_action(self, action) -> None:
        """Apply one action (a value from legal_actions, or its canonical text)."""
        op = self.prog.ops[self.pc]
        if isinstance(action, str):
            action = self.prog.parse_action(self, action)
        elif self.player < 0 or action not in op.legal(self):
            from .actions import illegal
            raise illegal(self, action)
        self._continue(op.apply(self, action))

    def apply_action_fast(self, action) -> None:
        """apply_action for an action known to be legal (taken from legal_actions)."""
        self._continue(self.prog.ops[self.pc].apply(self, action))

    def _continue(self, nxt) -> None:
        # An op's apply returns the next pc, or None when it has already set up the next
        # decision itself (the next player of a trick): then there is nothing to run.
        self.steps += 1
        if nxt is not None:
            self.pc = nxt
            self.prog.advance(self)

    def action_to_string(self, action) -> str:
        return self.prog.ops[self.pc].text(self, action)

    def why_not(self, action) -> str | None:
        """Why `action` (its text, or a value) is not legal now, in the words of the rule that
        excludes it ("you must follow suit: you hold ♦"); None when it is legal."""
        from .actions import why_not
        return why_not(self, action)

    # -- for front ends (the table): what to ask and how to show it ----------------------------

    def parse_action(self, text: str):
        """The legal action meant by `text` (as a person types it: case and card order free);
        raises IllegalAction, with the rule that excludes it, when there is none."""
        return self.prog.parse_action(self, text)

    def asked(self) -> str | None:
        """What the player to move is asked, in words ("lead", "play to the trick", an ask's
        `prompt`); None when nobody is to move."""
        if self.player < 0:
            return None
        describe = getattr(self.prog.ops[self.pc], "describe", None)
        return describe(self) if describe is not None else "choose"

    def card_sort_key(self):
        """A sort key over card texts (`"QS"`) that orders cards as a hand is shown: trumps first
        (by the current trump situation, promoted cards included), then suit by suit, each high to
        low in the game's rank order. The key is `(group, power)`: cards of one suit share a group,
        and group 0 is the trumps when there are any."""
        r = self.prog.trumps.ranking(self)
        deck = self.prog.deck
        suits = deck.suits

        def key(text: str) -> tuple:
            c = deck.card(text)
            if c is None:                    # not a card of this deck ("??"): last
                return (len(suits) + 1, 0)
            group = 0 if r.trump[c] else 1 + suits.index(r.suit[c])
            return (group, -r.power[c])
        return key

    def returns(self) -> list:
        return self.prog.returns(self)

    def hand_returns(self) -> tuple | None:
        """What the last hand played to its end was worth to each seat (the rule file's
        `result.hand`), or None before the first hand ends or when the file declares none.
        `hands_scored` counts the hands that have ended, so a search can play on until it
        changes and then read this."""
        return self.hand_values

    def observation(self, player: int) -> dict:
        from .observe import observation
        return observation(self, player)

    # -- seats --------------------------------------------------------------------------------

    def active(self) -> list[int]:
        return [s for s in range(self.n) if not self.out[s]]

    def step_seat(self, seat: int, delta: int) -> int:
        """The next seat in the match `delta` (+1 left/clockwise, -1 right) from `seat`."""
        n, out = self.n, self.out
        for _ in range(n):
            seat = (seat + delta) % n
            if not out[seat]:
                return seat
        return seat

    def play_order(self, seat: int) -> list[int]:
        """The seats in the match in play order, starting at `seat` (or the next one in)."""
        n, d = self.n, self.prog.direction
        if self.live == n:
            return [(seat + d * i) % n for i in range(n)]
        if self.out[seat]:
            seat = self.step_seat(seat, d)
        return [s for s in ((seat + d * i) % n for i in range(n)) if not self.out[s]]

    def emit(self, kind: str, **data) -> None:
        if self.events is not None:
            data["kind"] = kind
            self.events.append(data)

    def __str__(self) -> str:
        from .observe import describe
        return describe(self)
