"""Hand-written game states with the engine's API for the partnership games, Couillon with the
Mit' and Cicera: benchmarks/handwritten_api.py registers them; its docstring says what these
baselines are.
"""

from __future__ import annotations

import handwritten_partnerships as partnership_rules
from api_state import State as _State
from handwritten_partnerships import COUILLON_POINTS

# Decision actions, numbered apart from every card (cards are 0..51) and from Coteccio's (100, 101).
NAME_TRUMP = 110                                        # Couillon: NAME_TRUMP + suit
DECLINE, MIT, KONTRA, RE, PASS = 120, 121, 122, 123, 124  # Couillon


# ---------------------------------------------------------------------------------------------
# 2. Couillon with the Mit' (4 players, partnerships, clockwise, 5 tricks)
# ---------------------------------------------------------------------------------------------

CHOOSE_TRUMP, DECLARE_MIT, SAY_KONTRA, SAY_RE, PLAY = range(5)     # phases


class CouillonState(_State):
    """One hand of Couillon with the Mit'. Actions: NAME_TRUMP + suit or DECLINE (T, on 3
    cards); MIT / PASS, KONTRA / PASS, RE / PASS in the window at the Q♠ holder's first turn;
    otherwise a card (int). ``result`` as play_hand_couillon returns it."""

    __slots__ = ("dealer", "maker", "hands", "deck", "trump", "talon_points", "holder", "mit",
                 "kontra", "re", "phase", "trick", "led", "played", "team_points",
                 "team_tricks")

    def __init__(self, rng, players=4):
        assert players == 4
        self.deck, self.dealer, self.hands = partnership_rules.couillon_deal_maker(rng)
        self.maker = (self.dealer + 1) % 4              # T, the dealer's left
        self.trump = None                               # the rest is dealt after T's choice
        self.talon_points = 0
        self.holder = None
        self.mit = self.kontra = self.re = False
        self.phase = CHOOSE_TRUMP
        self.player = self.maker
        self.trick = 0
        self.led = -1
        self.played = []                                # (seat, card) in play order
        self.team_points = [0, 0]
        self.team_tricks = [0, 0]
        self.result = None

    def legal_actions(self):
        phase = self.phase
        if self.result is not None:
            return []
        if phase == PLAY:
            hand = self.hands[self.player]
            led = self.led
            if led < 0:
                return list(hand)
            trump, mit, suit = self.trump, self.mit, partnership_rules.couillon_suit
            if led == trump:
                legal = [c for c in hand if suit(c, trump, mit) == trump]
            elif any(suit(c, trump, mit) == led for c in hand):
                legal = [c for c in hand if suit(c, trump, mit) in (led, trump)]
            else:
                legal = None
            return legal or list(hand)
        if phase == CHOOSE_TRUMP:
            suits = partnership_rules.couillon_trump_options(self.hands[self.maker])
            return [NAME_TRUMP + s for s in suits] + [DECLINE]
        if phase == DECLARE_MIT:
            return [MIT, PASS]
        if phase == SAY_KONTRA:
            return [KONTRA, PASS]
        return [RE, PASS]

    def apply_action(self, action):
        phase = self.phase
        if phase == PLAY:
            self._play(action)
        elif phase == CHOOSE_TRUMP:
            self._deal(None if action == DECLINE else action - NAME_TRUMP)
        elif phase == DECLARE_MIT:
            if action == MIT:
                self.mit = True
                self.phase, self.player = SAY_KONTRA, (self.holder + 1) % 4   # holder's left first
            else:
                self.phase = PLAY
        elif phase == SAY_KONTRA:
            if action == KONTRA:
                self.kontra = True
                self.phase, self.player = SAY_RE, (self.holder + 2) % 4       # partner first
            elif self.player == (self.holder + 1) % 4:
                self.player = (self.holder + 3) % 4
            else:
                self.phase, self.player = PLAY, self.holder
        else:                                                                # SAY_RE
            if action == RE:
                self.re = True
                self.phase, self.player = PLAY, self.holder
            elif self.player != self.holder:
                self.player = self.holder
            else:
                self.phase = PLAY

    def _deal(self, trump):
        turned, self.talon_points, self.holder = partnership_rules.couillon_deal_rest(self.deck, self.hands,
                                                                       self.dealer)
        self.trump = turned // 6 if trump is None else trump  # the turned card stays in T's hand
        self._turn(self.maker)

    def _turn(self, seat):
        self.player = seat
        self.phase = DECLARE_MIT if (self.trick == 0 and seat == self.holder) else PLAY

    def _play(self, card):
        seat = self.player
        self.hands[seat].remove(card)
        if self.led < 0:
            self.led = partnership_rules.couillon_suit(card, self.trump, self.mit)
        self.played.append((seat, card))
        if len(self.played) < 4:
            self._turn((seat + 1) % 4)
            return
        winner = partnership_rules.couillon_trick_winner(self.played, self.led, self.trump, self.mit)
        team = winner % 2
        self.team_points[team] += sum(COUILLON_POINTS[c % 6] for _, c in self.played)
        self.team_tricks[team] += 1
        self.played = []
        self.led = -1
        self.trick += 1
        if self.trick == 5:
            self.result = partnership_rules.couillon_result(self.hands, self.team_points, self.team_tricks,
                                             self.talon_points, self.dealer, self.trump,
                                             self.mit, self.kontra, self.re)
        else:
            self._turn(winner)

    def clone(self):
        st = CouillonState.__new__(CouillonState)
        st.dealer, st.maker, st.trump, st.talon_points = self.dealer, self.maker, self.trump, self.talon_points
        st.hands, st.deck = [h[:] for h in self.hands], self.deck[:]
        st.holder, st.mit, st.kontra, st.re = self.holder, self.mit, self.kontra, self.re
        st.phase, st.player, st.trick, st.led = self.phase, self.player, self.trick, self.led
        st.played = self.played[:]
        st.team_points, st.team_tricks = self.team_points[:], self.team_tricks[:]
        st.result = self.result
        return st


# ---------------------------------------------------------------------------------------------
# 3. Cicera (4 players, partnerships, anticlockwise, fishing game, 48 turns)
# ---------------------------------------------------------------------------------------------

class CiceraState(_State):
    """One hand of Cicera. Actions: ``(card, taken)`` where ``taken`` is None (lay the card) or
    the tuple of table cards it captures. ``result`` as play_hand_cicera returns it."""

    __slots__ = ("hands", "table", "turns", "piles", "inplay", "last_capturer", "just_laid")

    def __init__(self, rng, players=4):
        assert players == 4
        self.hands, self.table, self.player = partnership_rules.cicera_deal(rng)
        self.turns = 0
        self.piles = [[], []]
        self.inplay = [0, 0]
        self.last_capturer = None
        self.just_laid = None               # the card the previous player added to the table
        self.result = None

    def legal_actions(self):
        if self.result is not None:
            return []
        return partnership_rules.cicera_moves(self.hands[self.player], self.table)

    def apply_action(self, action):
        card, taken = action
        seat = self.player
        self.hands[seat].remove(card)
        self.turns += 1
        self.player = (seat - 1) % 4
        if taken is None:
            self.table.append(card)
            self.just_laid = card
        else:
            team = seat % 2
            self.inplay[team] += partnership_rules.cicera_capture(self.table, self.piles[team], card, taken,
                                                   self.just_laid)
            self.last_capturer = seat
            self.just_laid = None
        if self.turns == 48:
            self.result = partnership_rules.cicera_result(self.hands, self.piles, self.table, self.inplay,
                                           self.last_capturer)

    def clone(self):
        st = CiceraState.__new__(CiceraState)
        st.hands, st.table = [h[:] for h in self.hands], self.table[:]
        st.player, st.turns = self.player, self.turns
        st.piles, st.inplay = [p[:] for p in self.piles], self.inplay[:]
        st.last_capturer, st.just_laid, st.result = self.last_capturer, self.just_laid, self.result
        return st
