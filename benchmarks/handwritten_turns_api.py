"""Hand-written API states of the games played in turns: Mau-Mau, President, Rummy.

The counterpart of benchmarks/handwritten_api.py's trick games (which registers these in its
GAMES): one plain class per game for ONE HAND with the engine's contract (``legal_actions()``,
``apply_action(a)`` unchecked, ``clone()``, ``current_player()``, ``is_terminal()``), written
as a competent developer would for a bot library, on the rules helpers of
benchmarks/handwritten_turns.py. Every decision of the tight loop there is an action here, the
legal actions listed in the order it draws from and the deal drawn from the rng in the same
order, so the same seed gives the same outcomes (``handwritten_api.py --check``). A Mau-Mau
stock made again from the pile is shuffled by the hand's own generator, seeded at the deal, so
that a clone plays on alike.
"""

from __future__ import annotations

import random

import handwritten_turns as hw
from api_state import State
from handwritten_turns import EIGHT, JACK, SEVEN

# Decision actions, numbered apart from every card (cards are 0..51).
DRAW, KEEP, WISH, TAKE, PASS = 100, 101, 110, 120, None


def _copy_generator(rng):
    copy = random.Random()
    copy.setstate(rng.getstate())
    return copy


class MauMauState(State):
    """One hand of Mau-Mau. Actions: a card (play it), DRAW, KEEP (the card just drawn), and
    after a jack WISH + suit. ``result`` as hw.play_hand_maumau returns it."""

    __slots__ = ("n", "hands", "stock", "pile", "shuffler", "wish", "owed", "skip", "drawn", "idle", "wishing")

    def __init__(self, rng, players):
        self.n = players
        dealer = rng.randrange(players)
        self.hands, self.stock = hw.shuffled_deal(rng, 32, players, 5, dealer)
        self.pile = [self.stock.pop()]
        self.shuffler = random.Random(rng.getrandbits(64))
        self.wish, self.owed, self.skip, self.drawn, self.idle = None, 0, False, None, 0
        self.wishing = False
        self.player = (dealer + 1) % players
        self.result = None

    def legal_actions(self):
        if self.result is not None:
            return []
        if self.wishing:
            return [WISH, WISH + 1, WISH + 2, WISH + 3]
        top, wish, owed, drawn = self.pile[-1], self.wish, self.owed, self.drawn
        legal = [c for c in self.hands[self.player] if hw.maumau_fits(c, top, wish, owed) and (drawn is None or c == drawn)]
        if drawn is None:
            if owed or not legal:
                legal.append(DRAW)
        else:
            legal.append(KEEP)
        return legal

    def apply_action(self, action):
        hand = self.hands[self.player]
        if self.wishing:
            self.wish, self.wishing = action - WISH, False
        elif action == KEEP:
            self.drawn = None
        elif action == DRAW:
            got = hw.maumau_draw(self.shuffler, hand, self.stock, self.pile, max(self.owed, 1))
            self.idle = 0 if got else self.idle + 1
            if self.owed:
                self.owed = 0
            elif got:
                self.drawn = hand[-1]
        else:
            hand.remove(action)
            self.pile.append(action)
            self.wish, self.drawn, self.idle = None, None, 0
            rank = action % 8
            if rank == SEVEN:
                self.owed += 2
            elif rank == EIGHT:
                self.skip = True
            elif rank == JACK and hand:
                self.wishing = True
                return
        self._end_turn()

    def _end_turn(self):
        """The hand ends, or the turn goes on (to the same player after a draw), past a seat
        that misses its turn."""
        while True:
            if not self.hands[self.player] or self.idle >= self.n:
                self.result = hw.maumau_result(self.hands, self.player if not self.hands[self.player] else None)
                return
            if self.drawn is None:
                self.player = (self.player + 1) % self.n
            if not self.skip:
                return
            self.skip = False

    def clone(self):
        st = MauMauState.__new__(MauMauState)
        st.n, st.hands, st.stock, st.pile = self.n, [h[:] for h in self.hands], self.stock[:], self.pile[:]
        st.shuffler = _copy_generator(self.shuffler)
        st.wish, st.owed, st.skip, st.drawn, st.idle = self.wish, self.owed, self.skip, self.drawn, self.idle
        st.wishing, st.player, st.result = self.wishing, self.player, self.result
        return st


class PresidentState(State):
    """One hand of President after the first. Actions: the card the Scum gives, the card the
    President gives back, then a play (a tuple of cards) or PASS. ``result`` as
    hw.play_hand_president returns it."""

    __slots__ = ("n", "hands", "ranking", "phase", "out", "standing", "last", "passes")

    def __init__(self, rng, players):
        self.n = players
        self.hands, self.ranking = hw.president_deal(rng, players)
        self.phase, self.player = "give", self.ranking[-1]
        self.out, self.standing, self.last, self.passes = [], None, None, 0
        self.result = None

    def legal_actions(self):
        if self.result is not None:
            return []
        hand = self.hands[self.player]
        if self.phase == "give":
            return hw.president_best(hand)
        if self.phase == "back":
            return list(hand)
        legal = hw.president_plays(hand, self.standing)
        if self.standing is not None:
            legal.append(PASS)
        return legal

    def apply_action(self, action):
        player, hands = self.player, self.hands
        hand = hands[player]
        if self.phase != "play":
            president, scum = self.ranking[0], self.ranking[-1]
            hand.remove(action)
            hands[president if self.phase == "give" else scum].append(action)
            self.phase, self.player = ("back" if self.phase == "give" else "play"), president
            return
        if action is PASS:
            self.passes += 1
        else:
            for c in action:
                hand.remove(c)
            self.standing, self.last, self.passes = action, player, 0
        if not hand and player not in self.out:
            self.out.append(player)
        holding = [p for p in range(self.n) if hands[p]]
        if self.standing is not None and self.passes >= sum(1 for p in holding if p != self.last):
            self.standing, self.passes = None, 0
        if len(holding) <= 1:
            self.result = {"order": self.out + holding}
            return
        start = self.last if self.standing is None and self.last is not None else (player + 1) % self.n
        self.player = next(p % self.n for p in range(start, start + self.n) if hands[p % self.n])

    def clone(self):
        st = PresidentState.__new__(PresidentState)
        st.n, st.hands, st.ranking, st.phase = self.n, [h[:] for h in self.hands], self.ranking, self.phase
        st.out, st.standing, st.last, st.passes = self.out[:], self.standing, self.last, self.passes
        st.player, st.result = self.player, self.result
        return st


class RummyState(State):
    """One hand of Rummy. Actions: DRAW or TAKE (the top discard); then ('meld', cards),
    ('lay', card) followed by the index of the meld it goes on, or ('discard', card).
    ``result`` as hw.play_hand_rummy returns it."""

    __slots__ = ("n", "hands", "stock", "discard", "laid", "restocked", "drawn", "melded", "taken", "laying")

    def __init__(self, rng, players):
        self.n = players
        self.hands, self.stock, self.discard, self.player = hw.rummy_deal(rng, players)
        self.laid, self.restocked = [], 0
        self.drawn, self.melded, self.taken, self.laying = False, 0, None, None
        self.result = None

    def legal_actions(self):
        if self.result is not None:
            return []
        if self.laying is not None:
            return [i for i, m in enumerate(self.laid) if hw.rummy_extends(m, self.laying)]
        if not self.drawn:
            return [DRAW, TAKE] if self.discard else [DRAW]
        return hw.rummy_turn_actions(self.hands[self.player], self.laid, self.melded, self.taken)

    def apply_action(self, action):
        hand = self.hands[self.player]
        if self.laying is not None:
            hand.remove(self.laying)
            self.laid[action].append(self.laying)
            self.laying = None
        elif action == DRAW:
            if not self.stock:                              # the discard pile turned over
                self.stock, self.discard = self.discard[::-1], []
                self.restocked += 1
            hand.append(self.stock.pop())
            self.drawn, self.taken = True, None
        elif action == TAKE:
            self.taken = self.discard.pop()
            hand.append(self.taken)
            self.drawn = True
        else:
            kind, value = action
            if kind == "lay":
                self.laying = value
                return
            if kind == "meld":
                for c in value:
                    hand.remove(c)
                self.laid.append(list(value))
                self.melded += 1
            else:
                hand.remove(value)
                self.discard.append(value)
                self.drawn, self.melded, self.taken = False, 0, None
        if not hand or (not self.stock and self.restocked == hw.RESTOCKS and not self.drawn):
            self.result = hw.rummy_result(self.hands)
        elif not self.drawn:
            self.player = (self.player + 1) % self.n

    def clone(self):
        st = RummyState.__new__(RummyState)
        st.n, st.hands, st.stock, st.discard = self.n, [h[:] for h in self.hands], self.stock[:], self.discard[:]
        st.laid, st.restocked = [m[:] for m in self.laid], self.restocked
        st.drawn, st.melded, st.taken, st.laying = self.drawn, self.melded, self.taken, self.laying
        st.player, st.result = self.player, self.result
        return st


GAMES = {"maumau": MauMauState, "president": PresidentState, "rummy": RummyState}
