"""Melds: sets and runs in one rank order, and the best split of a hand into them (`melds`,
`is_meld`, `best_melds`; the built-ins of lang/builtins/combinations.py call a MeldRules, made
once per program and order, that the program holds as a constant).

What the rules work out is kept, since the same questions come back from one decision to the
next: whether a list of cards is a meld (a lay-off tests each card held against each meld laid,
and the melds on the table change seldom), a hand's best split (by its cards), and the best
split of each set of free cards met while searching one (shared by every hand small enough that
its search could not reach MAX_WORK: the splits of a hand less each of its cards share most of
their work). A hand's melds come from its ranks and suits, read as bits, not from its cards one
by one. Every result is new lists, in an order fixed by the deck (cards by id), never by the
order the cards happen to lie in.
"""
from __future__ import annotations

from collections import deque

from ..expr.values import EvalError
from .cards import Card
from .helpers import cards
from .extending import Extending
from .less import Less
from .meld_lists import few_melds_one_a_place, listed

MAX_WORK = 1_000_000      # best_melds: the steps of its search (a hand of 20 cards takes a few thousand)
KEPT = 1 << 16            # answers kept (is_meld's, the splits by their cards, by free cards) before starting afresh
RECENT = 24               # hands whose melds within are kept to derive the next hands' from: a table's players, or
                          # two players' hands less each of their eleven cards, the first of each decision
                          # derived from the hand kept after the last discard
KEYED = 16                # is_meld's answers are kept for lists of at most this many cards (a meld, a hand):
                          # KEPT keys of a long list each would hold much memory


class MeldRules:
    """Sets and runs in one rank order, for one deck: the tables melds(), is_meld() and
    best_melds() read, made once, and the answers found so far."""

    def __init__(self, ranks, rank_of, suit_of, suits, points=None):
        order = {r: i for i, r in enumerate(ranks)}
        self.ranks, self.rank_of, self.suit_of, self.suits = tuple(ranks), rank_of, suit_of, tuple(suits)
        self.place = tuple(order.get(r) for r in rank_of)         # a card's rank's place, None if not in the order
        self.points = points
        self._melds = None                                        # every meld of the deck, made when first asked
        self._at = None
        self._lined_all = False
        self._by_bits = None              # melds() from the hand's bits (see meld_lists.few_melds_one_a_place)
        self.splits: dict = {}            # a hand's cards (bits) -> (its best split's melds, the melds within it), as indices
        self._recent = deque([(0, [], ())], RECENT)     # the hands asked for last (bits, melds within, best split or None), newest first
        self._free: dict = {}             # free cards (bits) -> (points melded, cards melded, melds), see _split
        self._is: dict = {}               # a list's cards (tuple) -> whether it is a meld
        self.extending = Extending(self, KEYED, KEPT)  # a list's cards (tuple) -> the cards that make it a meld
        self._kin: dict = {}              # a card -> the cards of its rank or suit (those that may meld with it)

    def melds(self, xs) -> list[list]:
        """Every set (three or more cards of a rank in the order) and run (three or more of a
        suit whose ranks follow each other in the order) among xs: sets by rank in the order,
        k cards before k + 1, then runs by suit and lowest rank, shortest first. Distinct
        cards of a deck with one card at each place of a suit: the deck's melds that the hand
        holds, found from its ranks and suits (_inside); otherwise listed from the cards."""
        xs = cards(xs)
        if self._by_bits is None:
            self._by_bits = few_melds_one_a_place(self.ranks, self.place, self.suit_of, self.suits)
        if self._by_bits and len(set(xs)) == len(xs):
            if self._melds is None:
                self._deck_melds()
            hand = self._hand(xs)
            inside, _ = self._inside_near(hand)
            if self._recent[0][0] != hand:
                self._recent.appendleft((hand, inside, None))
            return [list(self._melds[i][0]) for i in inside]
        return listed(xs, self.place, self.suit_of, self.suits)

    def is_meld(self, xs) -> bool:
        """Whether xs, as a whole, is one set or one run (see melds); kept by its cards (a few)."""
        if type(xs) is not list:
            xs = list(cards(xs))
        if len(xs) < 3:
            return False
        if len(xs) > KEYED:
            return self._is_meld(xs)
        key = tuple(xs)
        known = self._is.get(key)
        if known is None:
            known = self._is_meld(xs)
            if len(self._is) >= KEPT:
                self._is.clear()
            self._is[key] = known
        return known

    def extenders(self, xs: tuple) -> frozenset:
        """Every card c of the deck for which is_meld(xs + [c]): a meld is of one rank or one
        suit, so c shares xs[0]'s rank or suit, and only those are tested."""
        if len(xs) < 2:
            return frozenset()
        first = xs[0]
        kin = self._kin.get(first)
        if kin is None:
            rank, suit = self.rank_of[first], self.suit_of[first]
            kin = self._kin[first] = [c for c in range(len(self.rank_of))
                                      if self.rank_of[c] == rank or self.suit_of[c] == suit]
        return frozenset(c for c in kin if self._is_meld([*xs, c]))

    def _is_meld(self, xs: list) -> bool:
        n = len(xs)
        if len(set(xs)) != n:
            return False
        if len(set(map(self.rank_of.__getitem__, xs))) == 1:
            return True
        if len(set(map(self.suit_of.__getitem__, xs))) != 1:
            return False
        places = list(map(self.place.__getitem__, xs))
        if None in places:
            return False
        places.sort()                   # distinct cards of one suit: distinct places
        return places[-1] - places[0] == n - 1

    def best(self, xs, span) -> list[list]:
        """The melds, no card in two, that leave the fewest points outside them; among equal
        splits, the one melding more cards, then the first found in melds() order. A hand's
        split is kept by its cards (`splits`, keyed by the cards as bits): asked again for the
        same cards (the scoring reads a hand's deadwood more than once; a player may hold the
        same cards from one decision to the next), it is not sought again."""
        if self._melds is None:
            self._deck_melds()
        chosen, _ = self._found(self._hand(xs), span)
        return [list(self._melds[i][0]) for i in chosen]

    def melded_less(self, xs, span) -> Less:
        """For each card of xs, the points of the melds of best(xs less that card) (`points` of
        each meld, summed): what a rule asks when it tests the deadwood of a hand less each card
        it might discard (lang/steps/less.py). One pass: a card in no meld within the hand (a
        dead card) leaves the hand's melds within, so its best split, as they are (see
        _inside_near); only the hand less each live card is split (mostly found kept)."""
        if self._melds is None:
            self._deck_melds()
        xs, bits, melds = cards(xs), self._bits, self._melds
        hand = 0
        for c in xs:
            hand |= bits[c]
        chosen, inside = self._found(hand, span)
        whole = sum(melds[i][2][0] for i in chosen) if chosen else 0
        out = Less.fromkeys(xs, whole)
        out.whole = whole
        if not inside:
            return out
        live = 0
        for i in inside:
            live |= melds[i][1]
        if not (1 << hand.bit_count()) * (1 + len(inside)) <= MAX_WORK:
            for c in xs:            # (a hand whose search might give up: each split as best() would)
                out[c] = sum(melds[i][2][0] for i in self._found(hand & ~bits[c], span)[0])
            return out
        free = self._free
        for c in xs:
            bit = bits[c]
            if bit & live:          # the melds within the hand less c are those without c, split
                rest = [i for i in inside if not melds[i][1] & bit]     # as their cards (_split)
                held = 0
                for i in rest:
                    held |= melds[i][1]
                known = free.get(held)
                out[c] = known[0] if known is not None else \
                    sum(melds[i][2][0] for i in self._split(hand & ~bit, rest, span))
        return out

    def _found(self, hand: int, span) -> tuple:
        """(the indices of the best split of the cards of `hand` (bits), the melds within it),
        kept by the cards and derived from a recent hand where it can be (see best)."""
        found = self.splits.get(hand)
        if found is None:
            inside, chosen = self._inside_near(hand)
            if chosen is None or (1 << hand.bit_count()) * (1 + len(inside)) > MAX_WORK:
                chosen = self._split(hand, inside, span) if inside else ()
            found = (chosen, inside)
            if len(self.splits) >= KEPT:
                self.splits.clear()
            self.splits[hand] = found
        recent = self._recent
        if recent[0][0] != hand:
            recent.appendleft((hand, found[1], found[0]))
        elif recent[0][2] is None:                  # (melds() asked for it first)
            recent[0] = (hand, found[1], found[0])
        return found

    def _hand(self, xs) -> int:
        """The cards of xs as bits (a card twice: once)."""
        hand, bits = 0, self._bits
        for c in cards(xs):
            hand |= bits[c]
        return hand

    def _inside_near(self, hand: int) -> tuple[list[int], tuple | None]:
        """The deck's melds within `hand` (as _inside), and its best split where that is
        known: derived from a hand asked for lately that holds all its cards but one at most.
        A rule may ask for a hand less each of its cards in turn, or for each player's hand a
        card from what it was; a hand's melds less some cards are its melds without them,
        plus, for a card gained, the melds holding it that the hand now holds. Where the melds
        within are the very same (cards in none of them gone or come), so are the live cards
        and so the best split (see _split)."""
        for last, inside, chosen in self._recent:
            came = hand & ~last
            if not came & (came - 1):
                gone = last & ~hand
                break
        else:
            lines = self._lines(hand)
            return ([] if self._meldless(hand, lines) else self._inside(hand, lines)), None
        melds, same = self._melds, True
        if gone:
            kept = [i for i in inside if not melds[i][1] & gone]
            if len(kept) < len(inside):
                inside, same = kept, False
        if came:
            c = came.bit_length() - 1
            for trio in self._trios[c]:         # (held in no three-card meld: it melds with nothing)
                if trio & hand == trio:
                    inside = sorted(inside + [i for i in self._holding[c] if melds[i][1] & hand == melds[i][1]])
                    same = False
                    break
        return inside, (chosen if same else None)

    def _meldless(self, hand: int, lines: list) -> bool:
        """Whether the hand has no three cards of a rank and no three in sequence in a suit,
        so no meld. Where each card of the order is the one at its place of its suit's line
        (`_lined_all`), three of a rank are a place three lines hold: counted across the lines
        (a bit each for "held once, twice, three times"), not rank by rank."""
        if not self._lined_all:
            return not (any((hand & mask).bit_count() >= 3 for mask in self._ranks) or
                        any(line & line >> 1 & line >> 2 for line in lines))
        once = twice = thrice = 0
        for line in lines:
            if line & line >> 1 & line >> 2:
                return False
            thrice |= twice & line
            twice |= once & line
            once |= line
        return not thrice

    def _split(self, hand: int, inside: list, span) -> tuple:
        """The melds' indices (in melds() order) of the best split of the cards of `hand` (bits),
        whose melds are `inside`: an exact search over the cards, each step leaving the lowest
        free card out or melding it with a meld holding it, memoised on the cards still free.

        The best of a set of free cards does not depend on the hand it came from (its melds are
        those of the hand that lie within it, tried in melds() order), nor on its cards that lie
        in none of them (each such card is left out, whatever else is done). So a hand whose
        search could not reach MAX_WORK from scratch (at most 2**cards steps, each weighing
        every meld) is split as its live cards (those in a meld), with a memo shared by every
        such hand (`_free`): the hands a player would hold less each of their cards are mostly
        the same live cards. A larger hand is searched whole, with a memo of its own, so that
        whether it gives up is its own affair."""
        melds = self._melds
        if (1 << hand.bit_count()) * (1 + len(inside)) <= MAX_WORK:
            memo = self._free
            if len(memo) >= KEPT:
                memo.clear()
            hand = 0
            for i in inside:
                hand |= melds[i][1]
        else:
            memo = {}
        holding: dict = {}                      # a card's melds within the hand, in melds() order
        work = [0]

        def best(free: int):
            """(points melded, cards melded, the melds' indices) for the cards in `free`."""
            found = memo.get(free)
            if found is not None:
                return found
            if not free:
                return (0, 0, ())
            low = free & -free
            holds = holding.get(low)
            if holds is None:
                holds = holding[low] = [i for i in inside if melds[i][1] & low]
            work[0] += 1 + len(holds)
            if work[0] > MAX_WORK:
                raise EvalError(f"best_melds would weigh more than {MAX_WORK:,} ways to split {hand.bit_count()} "
                                "cards", span, "split a hand, not a whole pack: a hand of 20 cards takes a small part "
                                "of that")
            result = best(free & ~low)                           # the lowest card stays out
            for i in holds:
                _, mask, value = melds[i]
                if mask & free == mask:
                    p, n, chosen = best(free & ~mask)
                    if (p + value[0], n + value[1]) > result[:2]:
                        result = (p + value[0], n + value[1], (i,) + chosen)
            memo[free] = result
            return result

        return tuple(sorted(best(hand)[2]))

    def _lines(self, hand: int) -> list:
        """Each suit's places held by the cards of `hand` (bits), as bits."""
        lines, lined = [0] * len(self.suits), self._lined
        while hand:
            low = hand & -hand
            hand ^= low
            at = lined[low.bit_length() - 1]
            if at is not None:
                lines[at[0]] |= at[1]
        return lines

    def _inside(self, hand: int, lines: list) -> list[int]:
        """The indices (in melds() order) of the deck's melds made of cards of `hand` alone,
        found from the hand's ranks and suits (a few), not by testing every meld that holds one
        of its cards (some fifty a card in a 52-card pack)."""
        if self._at is None:                    # two cards at one place of a suit: every meld tested
            return sorted({i for c in range(hand.bit_length()) if hand >> c & 1 for i in self._holding[c]
                           if self._melds[i][1] & hand == self._melds[i][1]})
        index, found = self._index, []
        for mask in self._ranks:                # sets: every three or more of the rank's cards held
            held = mask & hand
            if held.bit_count() >= 3:
                sub = held
                while sub:
                    if sub.bit_count() >= 3:
                        found.append(index[sub])
                    sub = (sub - 1) & held
        for at, line in zip(self._at, lines):   # runs: every three or more places in a row
            while line & line >> 1 & line >> 2:
                start = (line & -line).bit_length() - 1
                mask, place = 0, start
                while line >> place & 1:
                    mask |= at[place]
                    if place - start >= 2:
                        found.append(index[mask])
                    place += 1
                line &= ~(1 << start)
        found.sort()
        return found

    def _deck_melds(self) -> None:
        """Every meld the deck holds, in melds() order (its cards, its mask, its value: points
        then cards); for each card, the melds that hold it, in that order; each rank's cards and
        each suit's (with the bit of its place in the order), as masks, for _inside."""
        deck = [Card(c) for c in range(len(self.rank_of)) if self.place[c] is not None]
        points = self.points
        self._melds = [(tuple(m), sum(1 << c for c in m), (points(list(m)) if points else 0, len(m)))
                       for m in listed(deck, self.place, self.suit_of, self.suits)]
        self._holding = [[] for _ in range(len(self.rank_of))]
        for i, (m, _, _) in enumerate(self._melds):
            for c in m:
                self._holding[c].append(i)
        # a card lies in a meld of a hand only if in one of three cards (any set or run of more holds one)
        self._trios = [tuple(self._melds[i][1] for i in held if len(self._melds[i][0]) == 3) for held in self._holding]
        ranks: dict = {}
        for c in deck:
            ranks[self.rank_of[c]] = ranks.get(self.rank_of[c], 0) | 1 << c
        self._ranks = tuple(ranks.values())
        self._bits = tuple(1 << c for c in range(len(self.rank_of)))
        suits = {s: i for i, s in enumerate(self.suits)}
        self._lined = tuple((suits[self.suit_of[c]], 1 << self.place[c])
                            if self.place[c] is not None and self.suit_of[c] in suits else None
                            for c in range(len(self.rank_of)))
        self._index = {mask: i for i, (_, mask, _) in enumerate(self._melds)}
        self._at = [[0] * len(self.ranks) for _ in self.suits]      # each suit's card at each place, as a bit
        for c in deck:
            if self._lined[c] is not None:
                suit, place = self._lined[c][0], self.place[c]
                if self._at is not None and self._at[suit][place]:
                    self._at = None             # (not one card a place: _inside tests every meld)
                elif self._at is not None:
                    self._at[suit][place] = 1 << c
        self._lined_all = self._at is not None and all(self._lined[c] is not None for c in deck)

