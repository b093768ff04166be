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

The rules are those of benchmarks/handwritten.py (RULES.md §1.1-§5.1 and §7), whose rules
functions (deals, scoring, capture enumeration, ...) and constants are used here as they are:
what differs is the play, one action at a time (the partnership games, Couillon and Cicera, are
in handwritten_partnerships_api.py, the games played in turns, Mau-Mau, President and Rummy, in
handwritten_turns_api.py, registered here). Every decision that is a random
choice there is an action here: Ciapanò's 3-player dealer discard, Coteccio's annul / play on, Couillon's trump
choice or decline and the Mit' / Kontra / Re windows, Cicera's card-and-capture, Kozel's lead of
1 or 3 cards and each reply. The legal actions are listed in the order handwritten.py draws
from, and the states draw the deal from the rng in the same order, so the same seed gives the
same hands: ``--check`` plays thousands of hands of every game and player count both ways and
compares the outcomes, besides the per-game conservation asserts (in the shared scoring
functions) and a clone test.

Usage::

    python benchmarks/handwritten_api.py [--seconds 2] [--json] [--games kozel ...]
    python benchmarks/handwritten_api.py --check 3000

or, from another script, ``hands_per_second(game, players, seconds)`` and ``API_BASELINES``.
"""

from __future__ import annotations

import functools
import random
import sys
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import handwritten as hw  # noqa: E402  (the driver, and the outcomes to check)
import handwritten_tricks as trick_rules  # noqa: E402  (the trick games' rules helpers)
import handwritten_turns_api  # noqa: E402  (Mau-Mau, President, Rummy)
from api_state import TERMINAL, State as _State  # noqa: E402
from handwritten_partnerships_api import CiceraState, CouillonState  # noqa: E402
from handwritten_tricks import (  # noqa: E402
    CIAPANO_HAND_SIZE, CIAPANO_THIRDS, COTECCIO_POINTS, KOZEL_POINTS, _clockwise, _kozel_play_beats,
)

# Decision actions, numbered apart from every card (cards are 0..51; Couillon's are 110 on).
ANNUL, PLAY_ON = 100, 101                               # Coteccio, after trick 4


class _FollowSuitTricks(_State):
    """The tricks of Coteccio and Ciapanò (trick_rules.follow_suit_tricks, one card at a time): 40 cards,
    anticlockwise, follow suit if able, the highest card of the led suit wins. A subclass starts
    with ``_start`` (``values``: what each rank index counts in a trick) and defines
    ``_end_trick(winner, value)``; while ``pending`` is set, the player has another decision to
    make, whose actions ``_choices()`` lists and ``_decide(action)`` applies."""

    __slots__ = ("n", "hands", "values", "leader", "led_suit", "best", "winner", "trick_value",
                 "played", "pending")

    def _start(self, hands, leader, values):
        self.n = len(hands)
        self.values = values
        self.hands = hands
        self.leader = self.player = self.winner = leader
        self.led_suit = self.best = -1
        self.trick_value = self.played = 0
        self.pending = False
        self.result = None

    def legal_actions(self):
        if self.result is not None:
            return []
        if self.pending:
            return self._choices()
        hand = self.hands[self.player]
        if self.led_suit < 0:
            return list(hand)
        follow = [c for c in hand if c // 10 == self.led_suit]
        return follow or list(hand)

    def apply_action(self, action):
        if self.pending:
            self._decide(action)
            return
        seat = self.player
        self.hands[seat].remove(action)
        suit = action // 10
        if self.led_suit < 0:
            self.led_suit = suit
        if suit == self.led_suit and action > self.best:
            self.best = action
            self.winner = seat
        self.trick_value += self.values[action % 10]
        self.played += 1
        if self.played < self.n:
            self.player = (seat - 1) % self.n
            return
        winner, value = self.winner, self.trick_value
        self.leader = self.player = winner
        self.led_suit = self.best = -1
        self.trick_value = self.played = 0
        self._end_trick(winner, value)

    def _copy_to(self, st):
        """``st`` (a new instance) with the copied trick state; the subclass copies the rest."""
        st.n, st.hands, st.values = self.n, [h[:] for h in self.hands], self.values
        st.leader, st.player = self.leader, self.player
        st.led_suit, st.best, st.winner = self.led_suit, self.best, self.winner
        st.trick_value, st.played, st.pending, st.result = (
            self.trick_value, self.played, self.pending, self.result)
        return st


# ---------------------------------------------------------------------------------------------
# 1. Coteccio (2-7 players, anticlockwise, 5 tricks)
# ---------------------------------------------------------------------------------------------

class CoteccioState(_FollowSuitTricks):
    """One hand of Coteccio. Actions: a card (int), or ANNUL / PLAY_ON for the player who won
    tricks 1-4 (``pending``). ``result`` as play_hand_coteccio returns it."""

    __slots__ = ("dealt_points", "points", "trick_winners", "four_trick_player")

    def __init__(self, rng, players):
        hands, leader, self.dealt_points = trick_rules.coteccio_deal(rng, players)
        self._start(hands, leader, COTECCIO_POINTS)
        self.points = [0] * players
        self.trick_winners = []
        self.four_trick_player = None

    def _choices(self):
        return [ANNUL, PLAY_ON]

    def _decide(self, action):
        self.pending = False
        if action == ANNUL:
            self.result = {"annulled": True}

    def _end_trick(self, winner, value):
        self.points[winner] += value
        self.trick_winners.append(winner)
        tricks = len(self.trick_winners)
        if tricks == 5:
            self.result = trick_rules.coteccio_result(self.points, winner, self.four_trick_player,
                                             self.hands, self.dealt_points)
        elif tricks == 4 and self.trick_winners.count(winner) == 4:
            self.pending = True                 # the capotto option: the leader decides
            self.four_trick_player = winner

    def clone(self):
        st = self._copy_to(CoteccioState.__new__(CoteccioState))
        st.dealt_points, st.points = self.dealt_points, self.points[:]
        st.trick_winners, st.four_trick_player = self.trick_winners[:], self.four_trick_player
        return st


# ---------------------------------------------------------------------------------------------
# 4. Bidding Kozel (2-5 players, clockwise, stock with turned trump, leads of 1 or 3)
# ---------------------------------------------------------------------------------------------

class KozelState(_State):
    """One hand of Bidding Kozel. Actions: a tuple of cards, the lead (one card or three of a
    suit) or a reply of as many cards. Bura and four aces are checked automatically at the start
    of every trick. ``result`` as play_hand_kozel returns it."""

    __slots__ = ("n", "hands", "trump", "stock", "stock_dead", "points", "leader", "best",
                 "winner", "trick_points", "played")

    def __init__(self, rng, players):
        self.hands, self.trump, self.stock, self.leader = trick_rules.kozel_deal(rng, players)
        self.n = players
        self.player = self.leader
        self.stock_dead = False
        self.points = [0] * players
        self.best = None                    # the best play so far in this trick, and its seat
        self.winner = None
        self.trick_points = 0
        self.played = 0
        self.result = trick_rules.kozel_early_end(self.hands, _clockwise(self.leader, players), self.trump,
                                         self.points)

    def legal_actions(self):
        if self.result is not None:
            return []
        hand = self.hands[self.player]
        if self.best is None:
            return trick_rules.kozel_leads(hand)
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
        winner = self.winner
        self.points[winner] += self.trick_points
        self.leader = self.player = winner
        self.best = self.winner = None
        self.trick_points = self.played = 0
        self.stock_dead = trick_rules.kozel_refill(self.hands, self.stock, winner, self.stock_dead)
        if self.hands[winner]:
            self.result = trick_rules.kozel_early_end(self.hands, _clockwise(winner, self.n), self.trump,
                                             self.points)
        else:
            self.result = trick_rules.kozel_result(self.hands, self.stock, self.points)

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

class CiapanoState(_FollowSuitTricks):
    """One hand of Ciapanò. Actions: a card (int); with 3 players the dealer's first action is
    the card to discard from 14 (``pending``). ``result`` as play_hand_ciapano returns it."""

    __slots__ = ("discard", "thirds", "tricks")

    def __init__(self, rng, players):
        hands, dealer, leader = trick_rules.ciapano_deal(rng, players)
        self._start(hands, leader, CIAPANO_THIRDS)
        if players == 3:                    # the dealer took the 40th card and discards one
            self.pending = True
            self.player = dealer
        self.discard = None
        self.thirds = [0] * players
        self.tricks = 0

    def _choices(self):
        return list(self.hands[self.player])

    def _decide(self, action):
        self.hands[self.player].remove(action)
        self.pending = False
        self.discard = action
        self.player = self.leader

    def _end_trick(self, winner, value):
        self.thirds[winner] += value
        self.tricks += 1
        if self.tricks == CIAPANO_HAND_SIZE[self.n]:
            self.result = trick_rules.ciapano_result(self.hands, self.thirds, winner, self.discard)

    def clone(self):
        st = self._copy_to(CiapanoState.__new__(CiapanoState))
        st.discard, st.thirds, st.tricks = self.discard, self.thirds[:], self.tricks
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
    **handwritten_turns_api.GAMES,
}

PLAYER_COUNTS = {
    "ciapano": (3, 4, 5),
    "cicera": (4,),
    "coteccio": (2, 3, 4, 5, 6, 7),
    "couillon": (4,),
    "kozel": (2, 3, 4, 5),
    **hw.handwritten_turns.PLAYER_COUNTS,
}


def play_hand(game, rng, players):
    """One hand between uniformly random players, through the API; returns the final state."""
    state = GAMES[game](rng, players)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def hands_per_second(game, players, seconds, seed=0):
    """Play hands of ``game`` through the API for about ``seconds`` seconds and return the rate."""
    return hw.rate(functools.partial(play_hand, game), players, seconds, seed)


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
    parser = hw.timing_parser(__doc__.splitlines()[0], GAMES)
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
    return hw.report_rates(args, GAMES, PLAYER_COUNTS, hands_per_second)


if __name__ == "__main__":
    sys.exit(main())
