"""A state that agrees with everything one seat may know, the cards hidden from it re-dealt.

    d = state.determinize(seat, rng)

Derived from the rule file alone, through a small surface: the zones (their cards), the trick,
the counters, the cards a given deal still reserves (`st.stack`) and the knowledge masks of
knowledge.py. Every card whose place `seat` knows stays
where it is; every other card — in other hands, face-down piles, the stock, the talon, cards
played face down by others, the deals still queued — is a *hidden card* in a *hidden place*.
One random permutation of the hidden cards is applied to every hidden place, respecting the
voids (a card a player's hand cannot hold never lands there), and to the counters hidden from
`seat` that name cards (`visible: nobody` lists, `deal … as:` packets), to the bound names
(`st.vars`) and to the other seats' knowledge, so the new state is consistent throughout.
A zone shuffled during the hand keeps the cards `seat` knows lie there (knowledge.shuffled_known),
but in no known order: after the re-deal, the cards on its shuffled places are sorted and
shuffled again.

The result depends only on what `seat` may know and on `rng`: hidden places are listed in a
fixed order and the hidden cards sorted, so two states that differ only in cards hidden from
`seat` give the same result for the same rng state (bots rely on it). The new state has no
event log, no given deals for later hands, and a fresh seed, so nothing of the original's future is in it.

With `past`, and when the match records the hand's past (runtime/history.py), the new state's
`past` is that past in the new world: the state at the hand's first decision and the decisions
since, with the same permutation of the hidden cards applied to both, so that replaying them
leads to the new state (each card goes the way the true one went, and its place now is where
the world puts it). Without `past`, or when no past can be given — none recorded, or a zone was
shuffled this hand (where cards went is no longer known) — it is None: a world never carries
the true past.
"""
from __future__ import annotations

from .cards import Card
from .history import decisions
from .knowledge import known as known_to, mask, remap, remembered, shuffled_known, voids
from ..expr.records import Record

RETRIES = 20        # greedy draws for constrained places before the exact matching


def determinize(st, seat: int, rng, past: bool = False):
    d = st.clone()
    d.events, d.given, d.seed, d.past = None, None, rng.getrandbits(48), None
    d._legal = None                    # the legal actions cached were of the true cards
    barred = [voids(d, s) for s in range(d.n)]       # the cards each hand cannot hold
    kept, shuffled = shuffled_known(d, seat)
    known = remembered(d, seat) | kept        # what it sees now is skipped below
    seers, hand_of = d.prog.viewers.seers, d.prog.viewers.hand_of
    groups: list = []        # (list, positions, barred): hidden places in a zone, a trick play
    old: list = []           # or a queued deal, and the cards that cannot go there (voids)
    for z, zone in enumerate(d.zones):
        if zone and not (seers[z] is None or seat in seers[z]):
            owner = hand_of[z]
            _gather(zone, known, barred[owner] if owner >= 0 else 0, groups, old)
    unordered = [(d.zones[z], [i for i, c in enumerate(d.zones[z]) if there >> c & 1]) for z, there in shuffled]
    trick = [list(e[1]) for e in d.trick]
    for (who, _, up), cards in zip(d.trick, trick):
        if not up and who != seat:
            _gather(cards, known, barred[who], groups, old)
    queues = d.stack
    if queues:
        queues = {z: list(q) for z, q in queues.items()}
        for z in sorted(queues):
            _gather(queues[z], 0, 0, groups, old)
    perm = _redeal(d, seat, old, groups, queues, trick, rng) if old else {}
    if past and st.past is not None and not (st.know is not None and len(st.know) > 1 + st.n):   # no shuffle
        d.past = _past(st, d, seat, perm)
    for zone, positions in unordered:      # known to be there or not, in no known order
        cards = sorted(zone[p] for p in positions)
        rng.shuffle(cards)
        for p, card in zip(positions, cards):
            zone[p] = card
    return d


def _redeal(d, seat: int, old: list, groups: list, queues, trick: list, rng) -> dict:
    """The hidden cards `old` dealt again to their places `groups`, and everything that names
    them (the trick, the queued deals, counters, bound names, knowledge) following; the
    permutation (old card -> new card)."""
    new = _assign(sorted(old), groups, rng)
    i = 0
    for where, positions, _ in groups:
        for p in positions:
            where[p] = new[i]
            i += 1
    if d.trick:
        d.trick = tuple((e[0], tuple(cards), e[2]) for e, cards in zip(d.trick, trick))
    if queues:
        d.stack = {z: tuple(q) for z, q in queues.items()}
    perm = dict(zip(old, new))
    _remap_values(d, seat, perm)
    remap(d, seat, perm)
    return perm


def _past(st, d, seat: int, perm: dict):
    """The hand's past of `st` in the world `d`: `perm` applied to its first state and to the
    decisions since; None when a card hidden now was known to `seat` then."""
    start, _ = st.past
    moves = decisions(st.past)
    first = start.clone()
    first.seed, first.given, first.events, first.past = d.seed, None, None, None
    if perm:
        if known_to(start, seat) & mask(c for c, to in perm.items() if c != to):
            return None
        first.zones = [[perm.get(c, c) for c in zone] for zone in first.zones]
        first.trick = tuple((who, tuple(perm.get(c, c) for c in cards), up) for who, cards, up in first.trick)
        if first.stack:
            first.stack = {z: tuple(perm.get(c, c) for c in q) for z, q in first.stack.items()}
        first.cv = [_remap(v, perm) for v in first.cv]
        first.vars = [_remap(v, perm) for v in first.vars]
        first.played, first.captured = _remap(first.played, perm), _remap(first.captured, perm)
        remap(first, seat, perm)
        moves = [(who, _remap(action, perm)) for who, action in moves]
    link = ()
    for move in moves:
        link = (move, link)
    return first, link


def _gather(where: list, known: int, barred: int, groups: list, old: list) -> None:
    positions = [i for i, c in enumerate(where) if not known >> c & 1]
    if positions:
        groups.append((where, positions, barred))
        old += [where[i] for i in positions]


def _assign(cards: list, groups: list, rng) -> list:
    """The hidden cards in a random order, one per place (group by group), none where it is
    barred."""
    hidden = mask(cards)
    if not any(b & hidden for _, _, b in groups):
        out = cards[:]
        rng.shuffle(out)
        return out
    for _ in range(RETRIES):
        out = _greedy(cards, groups, rng)
        if out is not None:
            return out
    return _matching(cards, [b for _, positions, b in groups for _ in positions], rng)


def _greedy(cards, groups, rng):
    """Fill the most constrained groups first, each with a random sample of the cards still
    free that may go there; None when a group finds too few."""
    allowed = [[c for c in cards if not b >> c & 1] for _, _, b in groups]
    order = sorted(range(len(groups)), key=lambda g: len(allowed[g]) - len(groups[g][1]))
    chosen: list = [None] * len(groups)
    free = set(cards)
    for g in order:
        options = [c for c in allowed[g] if c in free]
        k = len(groups[g][1])
        if len(options) < k:
            return None
        chosen[g] = _pick(options, k, rng)
        free.difference_update(chosen[g])
    return [c for part in chosen for c in part]


def _pick(options: list, k: int, rng) -> list:
    """k of the options at random (a partial Fisher-Yates over getrandbits, as dealing.shuffle:
    cheaper than random.sample for these few cards)."""
    getrandbits = rng.getrandbits
    n = len(options)
    for i in range(k):
        span = n - i
        bits = span.bit_length()
        r = getrandbits(bits)
        while r >= span:
            r = getrandbits(bits)
        options[i], options[i + r] = options[i + r], options[i]
    return options[:k]


def _matching(cards, barred, rng) -> list:
    """A perfect matching of cards to places (augmenting paths), in random order: always found,
    since the true deal is one."""
    places = list(range(len(barred)))
    rng.shuffle(places)
    holder: dict = {}                       # card -> place

    def place(p, seen) -> bool:
        options = [c for c in cards if not barred[p] >> c & 1 and c not in seen]
        rng.shuffle(options)
        for c in options:
            seen.add(c)
            if c not in holder or place(holder[c], seen):
                holder[c] = p
                return True
        return False

    for p in places:
        if not place(p, set()):
            raise AssertionError("no deal agrees with what the seat knows")
    out = [None] * len(barred)
    for c, p in holder.items():
        out[p] = c
    return out


def _remap_values(d, seat: int, perm: dict) -> None:
    """Counters hidden from `seat` and the bound names follow the permutation (visible counters
    and the hand's fields name only cards the seat knows; the queued deals and the record of
    tricks taken are dealt with on their own)."""
    for i in d.prog.viewers.hidden_counters[seat]:
        d.cv[i] = _remap(d.cv[i], perm)
    d.vars = [_remap(v, perm) for v in d.vars]


def _remap(value, perm):
    kind = type(value)
    if kind is Card:
        return perm.get(value, value)
    if kind is list or kind is tuple:
        return kind(_remap(v, perm) for v in value)
    if kind is Record:
        return Record(value.names, tuple(_remap(v, perm) for v in value.values))
    return value
