"""Hand-written game states with the engine's API: the second speed baseline.

benchmarks/handwritten.py plays a hand in one tight loop, with each random choice inlined where
the decision falls. A game-AI library cannot do that: its players see a state object and ask it
for the legal actions. This module is the fair comparison for the generic engine: one plain
Python ``State`` class per game, for ONE HAND, offering the same contract as ``ruledsl`` (and
OpenSpiel)::

    current_player() -> seat, or TERMINAL       legal_actions() -> list of action values
    apply_action(action)                        is_terminal() -> bool
    clone() -> an independent copy              result -> the hand's outcome, once terminal

written as a competent developer would for such a library (cards as ints, explicit clone, no
micro-optimisation, no legality check in ``apply_action``: like the engine's play-out, the driver
only ever applies a value taken from ``legal_actions()``). A random play-out is::

    state = GAMES[game](rng, players)           # shuffles and deals with rng
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))

The rules are those of benchmarks/handwritten.py (RULES.md §1.1-§5.1 and §7), whose helpers and
constants are reused, and every decision that is a random choice there is an action here:
Ciapanò's 3-player dealer discard, Coteccio's annul / play on, Couillon's trump choice or decline
and the Mit' / Kontra / Re windows, Cicera's card-and-capture, Kozel's lead of 1 or 3 cards and
each reply. The legal actions are listed in the order handwritten.py draws from, and the states
draw the deal from the rng in the same order, so the same seed gives the same hands: ``--check``
plays thousands of hands of every game and player count both ways and compares the outcomes,
besides the per-game conservation asserts (kept from handwritten.py) and a clone test.

Usage::

    python benchmarks/handwritten_api.py [--seconds 2] [--json] [--games kozel ...]
    python benchmarks/handwritten_api.py --check 3000

or, from another script, ``hands_per_second(game, players, seconds)`` and ``API_BASELINES``.
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import sys
import time
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import handwritten as hw  # noqa: E402  (rules constants and helpers, and the outcomes to check)
from handwritten import (  # noqa: E402
    CIAPANO_HAND_SIZE, CIAPANO_THIRDS, COTECCIO_LAST_TRICK, COTECCIO_POINTS, COUILLON_POINTS,
    JACK_OF_HEARTS, KOZEL_ACES, KOZEL_POINTS, QUEEN_OF_SPADES, SPADES, TEN_OF_DIAMONDS,
    TWO_OF_SPADES, _anticlockwise, _clockwise, _kozel_play_beats, _kozel_trick, _sum_captures,
)

TERMINAL = -4           # current_player() of a finished hand (OpenSpiel's kTerminalPlayerId)

# Decision actions, numbered apart from every card (cards are 0..51).
ANNUL, PLAY_ON = 100, 101                               # Coteccio, after trick 4
NAME_TRUMP = 110                                        # Couillon: NAME_TRUMP + suit
DECLINE, MIT, KONTRA, RE, PASS = 120, 121, 122, 123, 124  # Couillon


# ---------------------------------------------------------------------------------------------
# 1. Coteccio (2-7 players, anticlockwise, 5 tricks)
# ---------------------------------------------------------------------------------------------

class CoteccioState:
    """One hand of Coteccio. Actions: a card (int), or ANNUL / PLAY_ON for the player who won
    tricks 1-4. ``result`` as play_hand_coteccio returns it."""

    __slots__ = ("n", "hands", "dealt_points", "points", "trick_winners", "leader", "player",
                 "led_suit", "best", "winner", "trick_points", "played", "deciding",
                 "four_trick_player", "result")

    def __init__(self, rng, players):
        n = players
        assert 2 <= n <= 7
        deck = list(range(40))
        rng.shuffle(deck)
        dealer = rng.randrange(n)
        deal_order = _anticlockwise((dealer - 1) % n, n)
        hands = [[] for _ in range(n)]
        for _ in range(5):
            for seat in deal_order:
                hands[seat].append(deck.pop())
        self.n = n
        self.hands = hands
        self.dealt_points = sum(COTECCIO_POINTS[c % 10] for h in hands for c in h)
        self.points = [0] * n
        self.trick_winners = []
        self.leader = self.player = deal_order[0]
        self.led_suit = -1
        self.best = -1
        self.winner = self.leader
        self.trick_points = 0
        self.played = 0
        self.deciding = False
        self.four_trick_player = None
        self.result = None

    def current_player(self):
        return TERMINAL if self.result is not None else self.player

    def is_terminal(self):
        return self.result is not None

    def legal_actions(self):
        if self.result is not None:
            return []
        if self.deciding:
            return [ANNUL, PLAY_ON]
        hand = self.hands[self.player]
        if self.led_suit < 0:
            return list(hand)
        follow = [c for c in hand if c // 10 == self.led_suit]
        return follow or list(hand)

    def apply_action(self, action):
        if self.deciding:
            self.deciding = False
            if action == ANNUL:
                self.result = {"annulled": True}
            return
        seat = self.player
        self.hands[seat].remove(action)
        suit = action // 10
        if self.led_suit < 0:
            self.led_suit = suit
        if suit == self.led_suit and action > self.best:
            self.best = action
            self.winner = seat
        self.trick_points += COTECCIO_POINTS[action % 10]
        self.played += 1
        if self.played < self.n:
            self.player = (seat - 1) % self.n
        else:
            self._end_trick()

    def _end_trick(self):
        winner = self.winner
        self.points[winner] += self.trick_points
        self.trick_winners.append(winner)
        self.leader = self.player = winner
        self.led_suit = self.best = -1
        self.trick_points = self.played = 0
        tricks = len(self.trick_winners)
        if tricks == 5:
            self._score()
        elif tricks == 4 and self.trick_winners.count(winner) == 4:
            self.deciding = True                # the capotto option: the leader decides
            self.four_trick_player = winner

    def _score(self):
        n, points, last = self.n, self.points, self.trick_winners[-1]
        points[last] += COTECCIO_LAST_TRICK
        assert all(not h for h in self.hands)
        assert sum(points) == self.dealt_points + COTECCIO_LAST_TRICK <= 72 + COTECCIO_LAST_TRICK
        lives = [0] * n
        if self.four_trick_player is not None:
            if last == self.four_trick_player:  # capotto
                for seat in range(n):
                    lives[seat] = 1 if seat == last else -1
            else:
                lives[self.four_trick_player] = -1
                lives[last] = 1
            self.result = {"annulled": False, "points": points, "lives": lives,
                           "capotto": last == self.four_trick_player}
            return
        top = max(points)
        for seat in range(n):
            if points[seat] == top:
                lives[seat] = -1
        assert -n <= sum(lives) <= -1
        self.result = {"annulled": False, "points": points, "lives": lives, "capotto": None}

    def clone(self):
        st = CoteccioState.__new__(CoteccioState)
        st.n, st.dealt_points = self.n, self.dealt_points
        st.hands = [h[:] for h in self.hands]
        st.points, st.trick_winners = self.points[:], self.trick_winners[:]
        st.leader, st.player, st.led_suit, st.best = self.leader, self.player, self.led_suit, self.best
        st.winner, st.trick_points, st.played = self.winner, self.trick_points, self.played
        st.deciding, st.four_trick_player = self.deciding, self.four_trick_player
        st.result = self.result
        return st


# ---------------------------------------------------------------------------------------------
# 2. Couillon with the Mit' (4 players, partnerships, clockwise, 5 tricks)
# ---------------------------------------------------------------------------------------------

CHOOSE_TRUMP, DECLARE_MIT, SAY_KONTRA, SAY_RE, PLAY = range(5)     # phases


class CouillonState:
    """One hand of Couillon with the Mit'. Actions: NAME_TRUMP + suit or DECLINE (T, on 3
    cards); MIT / PASS, KONTRA / PASS, RE / PASS in the window at the Q♠ holder's first turn;
    otherwise a card (int). ``result`` as play_hand_couillon returns it."""

    __slots__ = ("dealer", "maker", "hands", "deck", "trump", "talon_points", "holder", "mit",
                 "kontra", "re", "phase", "player", "trick", "led", "played", "team_points",
                 "team_tricks", "result")

    def __init__(self, rng, players=4):
        assert players == 4
        deck = list(range(24))
        rng.shuffle(deck)
        dealer = rng.randrange(4)
        self.dealer = dealer
        self.maker = (dealer + 1) % 4                   # T, the dealer's left
        self.hands = [[] for _ in range(4)]
        self.hands[self.maker] = [deck.pop() for _ in range(3)]
        self.deck = deck                                # the rest is dealt after T's choice
        self.trump = None
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

    def current_player(self):
        return TERMINAL if self.result is not None else self.player

    def is_terminal(self):
        return self.result is not None

    def _suit(self, card):
        return self.trump if (self.mit and card == QUEEN_OF_SPADES) else card // 6

    def _strength(self, card):
        """Trick-winning strength: trumps over the led suit; the Mit' between trump A and K."""
        if self.mit and card == QUEEN_OF_SPADES:
            return 109
        suit = card // 6
        if suit == self.trump:
            return 100 + 2 * (card % 6)
        if suit == self.led:
            return 2 * (card % 6)
        return -1

    def legal_actions(self):
        phase = self.phase
        if self.result is not None:
            return []
        if phase == PLAY:
            hand = self.hands[self.player]
            led = self.led
            if led < 0:
                return list(hand)
            trump = self.trump
            if led == trump:
                legal = [c for c in hand if self._suit(c) == trump]
            elif any(self._suit(c) == led for c in hand):
                legal = [c for c in hand if self._suit(c) in (led, trump)]
            else:
                legal = None
            return legal or list(hand)
        if phase == CHOOSE_TRUMP:
            return [NAME_TRUMP + s for s in sorted({c // 6 for c in self.hands[self.maker]})] + [DECLINE]
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
        deck, hands, maker = self.deck, self.hands, self.maker
        dealer = self.dealer
        for seat in ((dealer + 2) % 4, (dealer + 3) % 4, dealer):
            hands[seat] += [deck.pop() for _ in range(3)]
        talon = [deck.pop() for _ in range(4)]
        turned = None
        for seat in (maker, (dealer + 2) % 4, (dealer + 3) % 4, dealer):
            pair = [deck.pop(), deck.pop()]
            if seat == maker:
                turned = pair[0]
            hands[seat] += pair
        assert not deck
        self.trump = turned // 6 if trump is None else trump  # the turned card stays in T's hand
        self.talon_points = sum(COUILLON_POINTS[c % 6] for c in talon)
        self.holder = next((s for s in range(4) if QUEEN_OF_SPADES in hands[s]), None)
        self._turn(maker)

    def _turn(self, seat):
        self.player = seat
        self.phase = DECLARE_MIT if (self.trick == 0 and seat == self.holder) else PLAY

    def _play(self, card):
        seat = self.player
        self.hands[seat].remove(card)
        if self.led < 0:
            self.led = self._suit(card)
        self.played.append((seat, card))
        if len(self.played) < 4:
            self._turn((seat + 1) % 4)
            return
        winner, _ = max(self.played, key=lambda sc: self._strength(sc[1]))
        team = winner % 2
        self.team_points[team] += sum(COUILLON_POINTS[c % 6] for _, c in self.played)
        self.team_tricks[team] += 1
        self.played = []
        self.led = -1
        self.trick += 1
        if self.trick == 5:
            self._score()
        else:
            self._turn(winner)

    def _score(self):
        team_points = self.team_points
        assert all(not h for h in self.hands)
        assert team_points[0] + team_points[1] == 40 - self.talon_points
        royes = [0, 0]
        if team_points[0] != team_points[1]:
            win = 0 if team_points[0] > team_points[1] else 1
            royes[win] = -(1 + (self.team_tricks[win] == 5) + self.mit + self.kontra + self.re)
            if win == self.dealer % 2:
                royes[1 - win] = 1
            assert -5 <= royes[win] <= -1
        self.result = {"points": team_points, "royes": royes, "trump": self.trump,
                       "mit": self.mit, "kontra": self.kontra, "re": self.re}

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

class CiceraState:
    """One hand of Cicera. Actions: ``(card, taken)`` where ``taken`` is None (lay the card) or
    the tuple of table cards it captures. ``result`` as play_hand_cicera returns it."""

    __slots__ = ("hands", "table", "player", "turns", "piles", "inplay", "last_capturer",
                 "just_laid", "result")

    def __init__(self, rng, players=4):
        assert players == 4
        deck = list(range(52))
        rng.shuffle(deck)
        dealer = rng.randrange(4)
        first = (dealer - 1) % 4
        self.hands = [[] for _ in range(4)]
        for seat in _anticlockwise(first, 4):
            self.hands[seat] = [deck.pop() for _ in range(12)]
        self.table = [deck.pop() for _ in range(4)]
        assert not deck
        self.player = first
        self.turns = 0
        self.piles = [[], []]
        self.inplay = [0, 0]
        self.last_capturer = None
        self.just_laid = None               # the card the previous player added to the table
        self.result = None

    def current_player(self):
        return TERMINAL if self.result is not None else self.player

    def is_terminal(self):
        return self.result is not None

    def legal_actions(self):
        if self.result is not None:
            return []
        hand, table = self.hands[self.player], self.table
        # Every legal action: lay the card, take one card of its rank, or take a sum.
        top_value = max((c % 13 + 1 for c in hand if c % 13 < 10), default=0)
        sums = _sum_captures(table, top_value) if top_value >= 3 else {}
        moves = []
        for card in hand:
            moves.append((card, None))
            rank = card % 13
            for t in table:
                if t % 13 == rank:
                    moves.append((card, (t,)))
            if rank < 10:
                for subset in sums.get(rank + 1, ()):
                    moves.append((card, subset))
        return moves

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
            table = self.table
            for t in taken:
                table.remove(t)
            self.piles[team].append(card)
            self.piles[team].extend(taken)
            self.last_capturer = seat
            by_rank = len(taken) == 1
            if not table:
                self.inplay[team] += 1                                  # Scùa
            if by_rank and taken[0] == self.just_laid:
                self.inplay[team] += 1                                  # Picada
            if not by_rank and all(t // 13 == card // 13 for t in taken):
                self.inplay[team] += 1                                  # Simili
            if len(taken) >= 3:
                self.inplay[team] += 1                                  # Quadriglia
            self.just_laid = None
        if self.turns == 48:
            self._score()

    def _score(self):
        piles, inplay = self.piles, self.inplay
        assert all(not h for h in self.hands)
        if self.last_capturer is not None:           # leftovers, no play points
            piles[self.last_capturer % 2].extend(self.table)
            self.table = []
        assert len(piles[0]) + len(piles[1]) + len(self.table) == 52
        assert len(set(piles[0]) | set(piles[1]) | set(self.table)) == 52
        ncards = [len(p) for p in piles]
        nspades = [sum(1 for c in p if c < 13) for p in piles]
        tally = [0, 0]
        for team in (0, 1):
            other = 1 - team
            pile = set(piles[team])
            if ncards[team] > ncards[other]:
                tally[team] += 2
            if nspades[team] > nspades[other]:
                tally[team] += 1
            run = 0
            while run < 13 and SPADES * 13 + run in pile:
                run += 1
            if run >= 3:
                tally[team] += run                                      # napula
            if TWO_OF_SPADES in pile:
                tally[team] += 1                                        # mata
            if TEN_OF_DIAMONDS in pile:
                tally[team] += 1
            if JACK_OF_HEARTS in pile:
                tally[team] += 1
        assert tally[0] + tally[1] <= 2 + 1 + 13 + 3
        points = [inplay[0] + tally[0], inplay[1] + tally[1]]
        self.result = {"points": points, "inplay": inplay, "tally": tally, "cards": ncards}

    def clone(self):
        st = CiceraState.__new__(CiceraState)
        st.hands, st.table = [h[:] for h in self.hands], self.table[:]
        st.player, st.turns = self.player, self.turns
        st.piles, st.inplay = [p[:] for p in self.piles], self.inplay[:]
        st.last_capturer, st.just_laid, st.result = self.last_capturer, self.just_laid, self.result
        return st


# ---------------------------------------------------------------------------------------------
# 4. Bidding Kozel (2-5 players, clockwise, stock with turned trump, leads of 1 or 3)
# ---------------------------------------------------------------------------------------------

class KozelState:
    """One hand of Bidding Kozel. Actions: a tuple of cards, the lead (one card or three of a
    suit) or a reply of as many cards. Bura and four aces are checked automatically at the start
    of every trick. ``result`` as play_hand_kozel returns it."""

    __slots__ = ("n", "hands", "trump", "stock", "stock_dead", "points", "leader", "player",
                 "best", "winner", "trick_points", "played", "result")

    def __init__(self, rng, players):
        n = players
        assert 2 <= n <= 5
        deck = list(range(36))
        rng.shuffle(deck)
        dealer = rng.randrange(n)
        hands = [[] for _ in range(n)]
        for _ in range(4):
            for seat in _clockwise((dealer + 1) % n, n):
                hands[seat].append(deck.pop())
        trump_card = deck.pop()
        self.n = n
        self.hands = hands
        self.trump = trump_card // 9
        self.stock = [trump_card] + deck    # pop() draws from the top; the trump card comes last
        self.stock_dead = False
        self.points = [0] * n
        self.leader = self.player = (dealer + 1) % n
        self.best = None                    # the best play so far in this trick, and its seat
        self.winner = None
        self.trick_points = 0
        self.played = 0
        self.result = None
        self._start_trick()

    def current_player(self):
        return TERMINAL if self.result is not None else self.player

    def is_terminal(self):
        return self.result is not None

    def legal_actions(self):
        if self.result is not None:
            return []
        hand = self.hands[self.player]
        if self.best is None:               # the lead: one card, or three cards of one suit
            leads = [(c,) for c in hand]
            leads += [combo for combo in combinations(hand, 3)
                      if combo[0] // 9 == combo[1] // 9 == combo[2] // 9]
            return leads
        return list(combinations(hand, len(self.best)))

    def apply_action(self, action):
        seat = self.player
        hand = self.hands[seat]
        for c in action:
            hand.remove(c)
            self.trick_points += KOZEL_POINTS[c % 9]
        if self.best is None or _kozel_play_beats(action, self.best, self.trump):
            self.best, self.winner = action, seat
        self.played += 1
        if self.played < self.n:
            self.player = (seat + 1) % self.n
            return
        n, winner = self.n, self.winner
        self.points[winner] += self.trick_points
        self.leader = self.player = winner
        self.best = self.winner = None
        self.trick_points = self.played = 0
        # Refill to 4, one card at a time from the winner, all-or-nothing.
        need = 4 - len(self.hands[winner])
        if not self.stock_dead and need:
            stock = self.stock
            if need * n <= len(stock):
                for _ in range(need):
                    for s in _clockwise(winner, n):
                        self.hands[s].append(stock.pop())
            else:
                self.stock_dead = True
        if self.hands[winner]:
            self._start_trick()
        else:
            self._score()

    def _start_trick(self):
        """Bura (3+ trumps) and four aces, checked at the start of every trick."""
        hands, trump = self.hands, self.trump
        order = _clockwise(self.leader, self.n)
        bura = [s for s in order if sum(1 for c in hands[s] if c // 9 == trump) >= 3]
        if bura:
            if len(bura) == 1:
                winner = bura[0]
            else:                           # showdown: each plays their three highest trumps
                plays = [(s, sorted((c for c in hands[s] if c // 9 == trump), reverse=True)[:3])
                         for s in bura]
                winner = _kozel_trick(plays, trump)
            assert sum(self.points) <= 120
            self.result = {"winners": [winner], "points": self.points, "end": "bura"}
            return
        for s in order:
            if KOZEL_ACES.issubset(hands[s]):
                assert sum(self.points) <= 120
                self.result = {"winners": [s], "points": self.points, "end": "aces"}
                return

    def _score(self):
        points = self.points
        assert all(not h for h in self.hands)
        assert sum(points) + sum(KOZEL_POINTS[c % 9] for c in self.stock) == 120
        top = max(points)
        self.result = {"winners": [s for s in range(self.n) if points[s] == top],
                       "points": points, "end": "points"}

    def clone(self):
        st = KozelState.__new__(KozelState)
        st.n, st.trump, st.stock_dead = self.n, self.trump, self.stock_dead
        st.hands, st.stock, st.points = [h[:] for h in self.hands], self.stock[:], self.points[:]
        st.leader, st.player, st.best, st.winner = self.leader, self.player, self.best, self.winner
        st.trick_points, st.played, st.result = self.trick_points, self.played, self.result
        return st


# ---------------------------------------------------------------------------------------------
# 5. Ciapanò (3-5 players, anticlockwise, reverse game: avoid penalty cards)
# ---------------------------------------------------------------------------------------------

class CiapanoState:
    """One hand of Ciapanò. Actions: a card (int); with 3 players the dealer's first action is
    the card to discard from 14. ``result`` as play_hand_ciapano returns it."""

    __slots__ = ("n", "hands", "discarding", "discard", "thirds", "tricks", "leader", "player",
                 "led_suit", "best", "winner", "trick_thirds", "played", "result")

    def __init__(self, rng, players):
        n = players
        assert 3 <= n <= 5
        deck = list(range(40))
        rng.shuffle(deck)
        dealer = rng.randrange(n)
        deal_order = _anticlockwise((dealer - 1) % n, n)
        hands = [[] for _ in range(n)]
        for _ in range(CIAPANO_HAND_SIZE[n]):
            for seat in deal_order:
                hands[seat].append(deck.pop())
        self.n = n
        self.hands = hands
        self.leader = deal_order[0]
        self.discarding = n == 3
        if self.discarding:                 # the dealer takes the 40th card and discards one
            hands[dealer].append(deck.pop())
        assert not deck
        self.player = dealer if self.discarding else self.leader
        self.discard = None
        self.thirds = [0] * n
        self.tricks = 0
        self.led_suit = self.best = -1
        self.winner = self.leader
        self.trick_thirds = self.played = 0
        self.result = None

    def current_player(self):
        return TERMINAL if self.result is not None else self.player

    def is_terminal(self):
        return self.result is not None

    def legal_actions(self):
        if self.result is not None:
            return []
        hand = self.hands[self.player]
        if self.discarding or self.led_suit < 0:
            return list(hand)
        follow = [c for c in hand if c // 10 == self.led_suit]
        return follow or list(hand)

    def apply_action(self, action):
        seat = self.player
        self.hands[seat].remove(action)
        if self.discarding:
            self.discarding = False
            self.discard = action
            self.player = self.leader
            return
        suit = action // 10
        if self.led_suit < 0:
            self.led_suit = suit
        if suit == self.led_suit and action > self.best:
            self.best = action
            self.winner = seat
        self.trick_thirds += CIAPANO_THIRDS[action % 10]
        self.played += 1
        if self.played < self.n:
            self.player = (seat - 1) % self.n
            return
        winner = self.winner
        self.thirds[winner] += self.trick_thirds
        self.leader = self.player = winner
        self.led_suit = self.best = -1
        self.trick_thirds = self.played = 0
        self.tricks += 1
        if self.tricks == CIAPANO_HAND_SIZE[self.n]:
            self._score()

    def _score(self):
        n, thirds, last = self.n, self.thirds, self.leader
        if self.discard is not None:
            thirds[last] += CIAPANO_THIRDS[self.discard % 10]
        assert all(not h for h in self.hands)
        assert sum(thirds) == 32
        scores = [t // 3 for t in thirds]
        scores[last] = 0
        others = sum(scores)
        if others == 0:                     # cappotto
            scores = [11] * n
            scores[last] = 0
            assert sum(scores) == 11 * (n - 1)
            self.result = {"scores": scores, "thirds": thirds, "cappotto": True}
            return
        scores[last] = 11 - others
        # the last trick costs 1, 2 or 3 points on top of the winner's own rounded cards
        assert sum(scores) == 11 and 1 <= scores[last] - thirds[last] // 3 <= 3
        self.result = {"scores": scores, "thirds": thirds, "cappotto": False}

    def clone(self):
        st = CiapanoState.__new__(CiapanoState)
        st.n, st.discarding, st.discard = self.n, self.discarding, self.discard
        st.hands, st.thirds = [h[:] for h in self.hands], self.thirds[:]
        st.tricks, st.leader, st.player = self.tricks, self.leader, self.player
        st.led_suit, st.best, st.winner = self.led_suit, self.best, self.winner
        st.trick_thirds, st.played, st.result = self.trick_thirds, self.played, self.result
        return st


# ---------------------------------------------------------------------------------------------
# Driver
# ---------------------------------------------------------------------------------------------

GAMES = {
    "ciapano": CiapanoState,
    "cicera": CiceraState,
    "coteccio": CoteccioState,
    "couillon": CouillonState,
    "kozel": KozelState,
}

PLAYER_COUNTS = {
    "ciapano": (3, 4, 5),
    "cicera": (4,),
    "coteccio": (2, 3, 4, 5, 6, 7),
    "couillon": (4,),
    "kozel": (2, 3, 4, 5),
}


def play_hand(game, rng, players):
    """One hand between uniformly random players, through the API; returns the final state."""
    state = GAMES[game](rng, players)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def hands_per_second(game, players, seconds, seed=0):
    """Play hands of ``game`` through the API for about ``seconds`` seconds and return the rate."""
    rng = random.Random(seed)
    clock = time.perf_counter
    hands = 0
    start = clock()
    deadline = start + seconds
    while True:
        play_hand(game, rng, players)
        hands += 1
        if hands % 16 == 0:
            now = clock()
            if now >= deadline:
                return hands / (now - start)


API_BASELINES = {game: functools.partial(hands_per_second, game) for game in GAMES}


def check(game, players, count, seed=0):
    """Play ``count`` hands through the API and the same ``count`` with handwritten.py from the
    same seed: the outcomes must be identical (same rules, same random draws). Every 10th hand
    is also cloned half-way and both copies played on with equal generators, which must agree
    and leave each other untouched. Returns the number of hands checked."""
    rng_api, rng_loop = random.Random(seed), random.Random(seed)
    reference = hw.BASELINES[game]
    for i in range(count):
        state = play_hand(game, rng_api, players)
        expected = reference(rng_loop, players)
        assert state.result == expected, (game, players, i, state.result, expected)
        if i % 10 == 0:
            _check_clone(game, players, seed * 1_000_003 + i)
    return count


def _check_clone(game, players, seed):
    rng = random.Random(seed)
    state = GAMES[game](rng, players)
    steps = 0
    while not state.is_terminal() and steps < 8:
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    copy = state.clone()
    before = copy.legal_actions()
    outcomes = []
    for st in (state, copy):
        r = random.Random(seed + 1)
        while not st.is_terminal():
            assert st.current_player() >= 0
            st.apply_action(r.choice(st.legal_actions()))
        assert st.current_player() == TERMINAL and st.legal_actions() == []
        outcomes.append(st.result)
        if st is state:
            assert copy.legal_actions() == before   # playing the original left the copy alone
    assert outcomes[0] == outcomes[1], (game, players, outcomes)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per game and count")
    parser.add_argument("--json", action="store_true", help="print {game: {players: hands/s}}")
    parser.add_argument("--games", nargs="*", choices=sorted(GAMES), help="only these games")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--check", type=int, metavar="HANDS",
                        help="instead of timing, check HANDS hands per game and player count "
                             "against handwritten.py")
    args = parser.parse_args(argv)

    if args.check:
        for game in args.games or sorted(GAMES):
            for players in PLAYER_COUNTS[game]:
                check(game, players, args.check, args.seed)
                print(f"{game:9} {players} players  {args.check} hands: same outcomes as "
                      f"handwritten.py, asserts and clones ok", flush=True)
        return 0
    results = {}
    for game in args.games or sorted(GAMES):
        results[game] = {}
        for players in PLAYER_COUNTS[game]:
            rate = hands_per_second(game, players, args.seconds, args.seed)
            results[game][players] = rate
            if not args.json:
                print(f"{game:9} {players} players  {rate:10.0f} hands/s", flush=True)
    if args.json:
        print(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
