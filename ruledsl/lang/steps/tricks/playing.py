"""The runtime side of a trick's play: what the State asks of the decision (its text, `why_not`),
and the functions the generated code calls (the leads of several cards, the reasons a card may
not be played)."""
from __future__ import annotations

from itertools import combinations

import attrs

from ..typed import either, held_problems, number, suit_symbol, typed_play

FOLLOW = ("suit", "suit_or_trump", "any")


@attrs.frozen
class Spec:
    """What the runtime side of a tricks step needs."""

    hand: int              # the first hand zone
    sizes: tuple[int, ...]
    follow: str

    @property
    def single(self) -> bool:
        return self.sizes == (1,)


def leads_of(r, hand, single: bool, bigger: tuple, plays) -> list:
    """The leads allowed with several lead sizes: single cards if `single` (`plays`: each
    card's play of it alone), and each k cards of one suit for each k of `bigger` (the sizes
    above one, ascending), grouped as players sort a hand: trumps first, then suit by suit,
    high to low. Called at every lead: the sizes come worked out from the step."""
    out = [plays[c] for c in hand] if single else []
    least, n = bigger[0], len(hand)
    if least > n:
        return out
    suit_of = r.suit
    # Pigeonhole: `least` cards of one suit leave at most n - least other suits. Most hands
    # fail this, and skip the sorting below.
    if len({suit_of[c] for c in hand}) > n - least + 1:
        return out
    by_suit: dict = {}
    for card in r.shown_order(hand):        # the groups, and each group, in the order shown
        suit = suit_of[card]
        if suit in by_suit:
            by_suit[suit].append(card)
        else:
            by_suit[suit] = [card]
    for k in bigger:
        for group in by_suit.values():
            if len(group) >= k:
                out += combinations(group, k)
    return out


def explained(st, spec: Spec, legal: list) -> list:
    """`_e{id}`: the plays of `legal` (what `_l{id}` gives) with None, and each card of the hand
    that is not a legal play with the follow rule it breaks. Derived from the legal list, so
    the reasons and the legal plays cannot disagree. A lead of the wrong size, or an answer of
    the wrong size to several cards led, is told by `Playing.why_not` from the play's shape."""
    pairs = [(a, None) for a in legal]
    trick = st.trick
    if trick and len(trick[0][1]) == 1 and spec.follow != "any":      # a single card led
        r, hand = st.prog.ranking_now(st), st.zones[spec.hand + st.turn]
        plays = (lambda c: c) if spec.single else st.prog.deck.plays.__getitem__
        pairs += [(plays(c), follow_reason(st, r, trick, c, spec.follow)) for c in hand if plays(c) not in legal]
    return pairs


def follow_reason(st, r, trick, card, follow: str) -> str:
    """Why a single card may not be played to the trick: the follow rule, with the suit held."""
    led_card = trick[0][1][0]
    led = r.suit[led_card]
    suit = suit_symbol(led) + (" (trumps)" if r.trump[led_card] else "")
    demoted = st.prog.deck.suit_of[card] == led and r.suit[card] != led
    note = f" ({card} counts only as a trump now)" if demoted and r.trump[card] else ""
    if follow == "suit_or_trump" and not r.trump[led_card]:
        return f"you must follow suit or play a trump: you hold {suit}{note}"
    return f"you must follow suit: you hold {suit}{note}"


def lead_rule(sizes) -> str:
    """`lead: [1, 3]` → 'lead one card or three of one suit'."""
    multi = [number(k) for k in sorted(sizes) if k > 1]
    if 1 in sizes and multi:
        return f"lead one card or {either(multi)} of one suit"
    if multi:
        return f"lead {either(multi)} cards of one suit"
    return "lead one card"


class Playing:
    """What the State asks of a tricks step's decision besides its generated functions."""

    @staticmethod
    def text(st, d, action) -> str:
        return "play " + (str(action) if d.spec.single else " ".join(str(c) for c in action))

    @staticmethod
    def cards(st, d, action) -> tuple:
        return (action,) if d.spec.single else tuple(action)

    @staticmethod
    def describe(st, d) -> str:
        return "play to the trick" if st.trick else "lead"

    @staticmethod
    def vocabulary(d) -> tuple:
        return ()                # cards only

    @staticmethod
    def spell(st, d, action) -> tuple:
        """The cards of the play, one at a time (runtime/indices.py)."""
        return (action,) if d.spec.single else tuple(sorted(action))

    @staticmethod
    def why_not(st, d, action) -> str | None:
        """Why `action`, which is not legal now, is not: its shape (the cards held, the lead
        sizes, as many cards as were led), else the reason `_e{id}` gives it."""
        spec = d.spec
        if isinstance(action, str):
            rest, problem = typed_play(st, action, Playing.describe(st, d), "play and the card, ")
            if problem:
                return problem
            cards = [value for kind, value in rest if kind == "card"]
        else:
            cards = [action] if spec.single else list(action)
        hand = st.zones[spec.hand + st.turn]
        problem = held_problems(st, hand, cards)
        if problem:
            return problem
        r, trick = st.prog.ranking_now(st), st.trick
        play = cards[0] if spec.single else tuple(cards)
        if not trick:
            if len(cards) not in spec.sizes or any(r.suit[c] != r.suit[cards[0]] for c in cards):
                return lead_rule(spec.sizes)
            return dict(st.prog.explain[d.id](st)).get(play) or "that lead is not allowed now"
        led = trick[0][1]
        if len(cards) != len(led):
            if len(led) == 1:
                return "play one card: one card was led"
            return f"play as many cards as were led: {number(len(led))}"
        return dict(st.prog.explain[d.id](st)).get(play) or "that play is not allowed now"


PLAYING = Playing()
