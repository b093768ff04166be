"""A new hand (every card gathered and shuffled) and the one way cards are dealt from the deck.

A given deal (`new_initial_state(deals=...)`, a scenario's `deals:`) keeps, for each zone it
names, the cards that zone is to receive; a deal gives those first to that zone, in the order
written, and everything else from the shuffled deck. Either way the cards come off in one
sequence that the deal's pattern shares out (`deal`).
"""
from __future__ import annotations

import functools
import hashlib
import operator
import struct

from ..expr.values import EvalError, describe
from . import knowledge


def shuffle(deck: list, seed: int) -> None:
    """Fisher-Yates, each step's draw a 64-bit word of one SHAKE-128 digest of the seed: the
    same seed gives the same deal on any machine and Python version, and one C call makes all of
    a hand's draws (reseeding a Mersenne Twister per hand cost as much as the whole shuffle).
    A 64-bit word taken modulo a deck's size is uniform to within 2**-50."""
    _fisher_yates(len(deck))(deck, _draws(str(seed), len(deck)))


def _draws(key: str, count: int) -> tuple:
    """`count` 64-bit words drawn from `key`: the words of its SHAKE-128 digest, little-endian."""
    return _words(count)(hashlib.shake_128(key.encode()).digest(8 * count))


@functools.lru_cache(maxsize=64)
def _words(count: int):
    return struct.Struct(f"<{count}Q").unpack


@functools.lru_cache(maxsize=64)
def _fisher_yates(size: int):
    """Fisher-Yates' steps for a deck of `size`, written out once as straight code (a loop's
    own bookkeeping cost as much as the swaps): step i swaps position i with draws[i] modulo
    the i + 1 places left."""
    swaps = [f" j = draws[{i}] % {i + 1}; deck[{i}], deck[j] = deck[j], deck[{i}]" for i in range(size - 1, 0, -1)]
    namespace: dict = {"__builtins__": {}}
    exec("\n".join(["def steps(deck, draws):", *(swaps or [" pass"])]), namespace)
    return namespace["steps"]


def first_dealer(seed: int, n: int) -> int:
    """The first dealer of a match, drawn from the match seed as a shuffle's draws are."""
    return _draws(f"dealer {seed}", 1)[0] % n


def hand_seed(seed: int, deal_number: int) -> int:
    """Each deal's shuffle comes from the match seed and the deal's number."""
    return seed * 1_000_003 + deal_number


def new_hand(st, cards, redeal: bool) -> None:
    """Gather every card into the deck (zone 0) and shuffle it; a given deal for this hand
    takes its cards out of the shuffle (the `deck` entry goes on top, to come off first)."""
    st.deals += 1
    st.zones = [[] for _ in st.zones]
    st.steps_done += len(st.trick)      # the plays of a trick left unfinished are actions taken
    st.trick, st.best = (), -1
    deck = list(cards)
    shuffle(deck, hand_seed(st.seed, st.deals))
    given = st.given[st.deals - 1] if st.given and st.deals <= len(st.given) else None
    if given:
        reserved = {c for queue in given.values() for c in queue}
        on_top = given.get(0, ())
        # The deck pops from its end, so the first card to come off goes last.
        deck = [c for c in deck if c not in reserved] + list(on_top)[::-1]
        st.stack = {z: tuple(q) for z, q in given.items() if z != 0}
    st.zones[0] = deck
    if st.events is not None:
        st.events.append({"kind": "hand", "number": st.hand_number, "dealer": st.dealer, "redeal": redeal,
                          "deck": [str(c) for c in reversed(deck)]})


@functools.lru_cache(maxsize=256)
def pattern(recipients: int, count: int, packet: int) -> tuple[int, ...]:
    """Who gets each card, in the order they come off: `count` each, `packet` at a time, round
    the recipients."""
    out = []
    for start in range(0, count, packet):
        k = min(packet, count - start)
        for i in range(recipients):
            out += [i] * k
    return tuple(out)


@functools.lru_cache(maxsize=256)
def shares(recipients: int, count: int, packet: int) -> tuple:
    """For each recipient, a function taking the cards as they come off to the cards it gets
    (the positions `pattern` gives it, picked in one call)."""
    order = pattern(recipients, count, packet)
    positions = [[j for j, i in enumerate(order) if i == r] for r in range(recipients)]
    return tuple(operator.itemgetter(*p) if len(p) > 1 else (lambda cards, j=p[0]: (cards[j],)) if p
                 else (lambda cards: ()) for p in positions)


def deal(st, dests, count, packet, span) -> list[list]:
    """Give `count` cards to each zone of `dests`, `packet` at a time; the cards each received."""
    if type(count) is not int or count < 0:
        raise EvalError(f"a deal's count must be a whole number, got {describe(count)}", span)
    if type(packet) is not int or packet < 1:
        raise EvalError(f"a deal's packet must be a whole number of at least 1, got {describe(packet)}", span)
    m = len(dests)
    need, deck = count * m, st.zones[0]
    if st.stack:
        cards = _stacked(st, dests, pattern(m, count, packet) if need else (), span)
    else:
        if need > len(deck):
            raise EvalError(f"the deal needs {need} cards" + (f" ({count} to each of {m})" if m > 1 else "")
                            + f" and the deck has {len(deck)} left", span,
                            f"with {st.live} players; deal fewer cards, or lower players.max")
        cards = deck[len(deck) - need:]
        del deck[len(deck) - need:]
        cards.reverse()
    zones = st.zones
    if m == 1:                       # one zone takes them all, in the order they come off
        got = [cards]
        zones[dests[0]] += cards
    else:
        got = [share(cards) for share in shares(m, count, packet)] if need else [() for _ in dests]
        for d, received in zip(dests, got):
            zones[d] += received
    if st.voids:                     # a hand that took cards may hold any card again
        knowledge.dealt(st, dests)
    return got


def _stacked(st, dests, order, span) -> list:
    """The cards of a deal in the order they come off, when a given deal reserves some: each
    card for a zone with reserved cards left is the next of those, else the deck's next."""
    queues, deck, out = dict(st.stack), st.zones[0], []
    for i in order:
        queue = queues.get(dests[i])
        if queue:
            out.append(queue[0])
            queues[dests[i]] = queue[1:]
        elif deck:
            out.append(deck.pop())
        else:
            raise EvalError("the deal needs more cards than the deck holds", span,
                            f"the deck ran out with {st.live} players")
    st.stack = queues
    return out
