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
    shuffler(len(deck))(deck, seed)


def _draws(key: str, count: int) -> tuple:
    """`count` 64-bit words drawn from `key`: the words of its SHAKE-128 digest, little-endian."""
    return struct.unpack(f"<{count}Q", hashlib.shake_128(key.encode()).digest(8 * count))


@functools.lru_cache(maxsize=64)
def shuffler(size: int):
    """`shuffle` for a deck of `size`, written out once as straight code (a loop's own
    bookkeeping cost as much as the swaps; a new hand calls it with no lookup): the draws
    as `_draws` makes them, then step i swaps position i with draws[i] modulo the i + 1
    places left."""
    swaps = [f" j = draws[{i}] % {i + 1}; deck[{i}], deck[j] = deck[j], deck[{i}]" for i in range(size - 1, 0, -1)]
    namespace: dict = {"__builtins__": {}, "_str": str, "_shake": hashlib.shake_128,
                       "_unpack": struct.Struct(f"<{size}Q").unpack}
    exec("\n".join(["def shuffle(deck, seed):",
                    f" draws = _unpack(_shake(_str(seed).encode()).digest({8 * size}))" if size > 1 else " pass",
                    *swaps]), namespace)
    return namespace["shuffle"]


def first_dealer(seed: int, n: int) -> int:
    """The first dealer of a match, drawn from the match seed as a shuffle's draws are."""
    return _draws(f"dealer {seed}", 1)[0] % n


def hand_seed(seed: int, deal_number: int) -> int:
    """Each deal's shuffle comes from the match seed and the deal's number."""
    return seed * 1_000_003 + deal_number


def new_hand(st, cards, shuffle, redeal: bool) -> None:
    """Gather every card into the deck (zone 0) and shuffle it (`shuffle`: the deck's
    `shuffler`); a given deal for this hand takes its cards out of the shuffle (the `deck` entry
    goes on top, to come off first)."""
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
    """Give `count` cards to each zone of `dests` (or, `count` a list, its i-th number to the
    i-th zone), `packet` at a time; the cards each received."""
    if type(count) is list:
        return _deal_counts(st, dests, count, packet, span)
    if type(count) is not int or count < 0:
        raise EvalError(f"a deal's count must be a whole number, got {describe(count)}", span)
    if type(packet) is not int or packet < 1:
        raise EvalError(f"a deal's packet must be a whole number of at least 1, got {describe(packet)}", span)
    m, zones = len(dests), st.zones
    need, deck = count * m, zones[0]
    if st.stack:
        top = _stacked(st, dests, pattern(m, count, packet) if need else (), span)[::-1]
    else:
        if need > len(deck):
            raise EvalError(f"the deal needs {need} cards" + (f" ({count} to each of {m})" if m > 1 else "")
                            + f" and the deck has {len(deck)} left", span,
                            f"with {st.live} players; deal fewer cards, or lower players.max")
        top = deck[len(deck) - need:]
        del deck[len(deck) - need:]
    # `top` lies as on the deck: the first card to come off is its last. Each recipient's
    # share is picked by one slice (a loop, not a comprehension: cheaper for a few zones).
    got = []
    if m == 1 or packet >= count:    # one packet each: a run of `count`
        end = need
        for d in dests:
            received = top[end - count:end]
            received.reverse()
            zones[d] += received
            got.append(received)
            end -= count
    elif packet == 1:                # one at a time round the recipients: every m-th card
        last = need - 1
        for d in dests:
            received = top[last::-m]
            zones[d] += received
            got.append(received)
            last -= 1
    else:
        cards = top[::-1]
        for d, share in zip(dests, shares(m, count, packet)):
            received = share(cards)
            zones[d] += received
            got.append(received)
    if st.voids:                     # a hand that took cards may hold any card again
        knowledge.dealt(st, dests)
    return got


def _deal_counts(st, dests, counts, packet, span) -> list[list]:
    """`deal` with a count of its own for each zone: round the zones `packet` at a time, each
    until it has its count (a patience's columns of 1, 2, … 7 cards)."""
    if len(counts) != len(dests):
        raise EvalError(f"a deal to {len(dests)} zones needs {len(dests)} counts, one for each, and got "
                        f"{len(counts)}", span, "give one count for each recipient, in order, or a single number")
    wrong = next((k for k in counts if type(k) is not int or k < 0), None)
    if wrong is not None:
        raise EvalError(f"a deal's counts must be whole numbers, got {describe(wrong)}", span)
    if type(packet) is not int or packet < 1:
        raise EvalError(f"a deal's packet must be a whole number of at least 1, got {describe(packet)}", span)
    order, left = [], list(counts)
    while any(left):
        for i, k in enumerate(left):
            order += [i] * min(packet, k)
            left[i] -= min(packet, k)
    deck = st.zones[0]
    if st.stack:
        cards = _stacked(st, dests, order, span)
    else:
        if len(order) > len(deck):
            raise EvalError(f"the deal needs {len(order)} cards and the deck has {len(deck)} left", span)
        cards = deck[len(deck) - len(order):][::-1]
        del deck[len(deck) - len(order):]
    got = [[] for _ in dests]
    for i, card in zip(order, cards):
        got[i].append(card)
    for d, received in zip(dests, got):
        st.zones[d] += received
    if st.voids:
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
