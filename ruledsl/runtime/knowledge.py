"""What each seat knows of where the cards are, beyond what it sees: bit masks kept per hand.

A seat *sees* the cards in the zones visible to it (`visible: all`, or its own or its team's
`visible: owner` zones), the cards played face up to the trick, and its own face-down plays.
It also remembers: a card it saw that has since gone where it does not see it (a trick into a
face-down pile, the turned card drawn into a hand, its own discard moved to a pile) is still
known to be there — a seat that knows where a card is keeps track of it, since every move is
either public or takes the card out of the mover's own hidden zone. And it knows the voids
others showed by not following suit. The runtime records only what cannot be read off the
state, per hand (a card is the bit `1 << card`: cards.BITS), in three hand fields
(runtime/hand.py), so they are reset when each hand begins and shared by clones:

    st.know               None (nothing recorded yet), or a tuple of 1 + n masks (+ 1):
    st.know[PUBLIC]       cards every seat has seen, now where not everyone sees them
    st.know[1 + s]        cards seat s has seen, now where s does not see them
    st.know[1 + n]        present once `shuffle ZONE` ran this hand: the shuffles, in order,
                          each (zone, its cards, per seat the cards it knew were there)
    st.voids              the cards each seat's hand cannot hold, as every seat knows, in one
                          int: seat s's mask shifted up by s × `width(deck)` bits. A void is
                          shown on the hot path (a card off the suit led), so recording one is
                          a test and an `|` written inline, not a call that rebuilds a tuple
    st.taken              the hand's tricks taken into piles not everyone sees, as played
                          ((seat, cards, face up), ...), as a chain: (last trick, (the one
                          before, (…, ()))). A trick's end makes one pair, rather than a longer
                          tuple each time or bits on the hot path (a shuffle writes them into
                          the masks); `tricks_taken` reads them

The shuffled cards leave the masks: nobody knows where they lie. What each seat knew of them
is kept beside, and holds while it can tell which of them left the zone (determinize reads it
through `shuffled_known`); no hook on the hot path has to look at it.

The tuple and the int are replaced, never changed in place, so clone() copies nothing for them. The writers
are the hooks below (called by runtime/helpers.py's moves and reveal, dealing.py's deal, the
draw, captures and showdown steps) and the code lang/steps/tricks/play.py writes for a play (a void,
and the link added to `taken`); docs/internals.md, "Hidden information", states the contract.
Observation and determinization read through `public`, `remembered`, `known` and `voids`.
"""
from __future__ import annotations

from .cards import BITS

PUBLIC = 0
BIT = BITS


class Viewers:
    """Who sees what, from the rule file: per zone index, the seats that see its cards (`None`
    everyone, else a tuple of seats, empty for nobody) and the seat whose hand it is (-1 for
    every other zone); per seat, the indices of the counter values it does not see."""

    def __init__(self, ruleset, layout):
        n, team_of = layout.n, layout.team_of
        self.seers: list = []
        self.hand_of: list = []
        for name, (owner, _) in layout.zones.items():
            visible = ruleset.zones[name].visible
            for i in range(layout.instances(name)):
                if visible == "all":
                    seers = None
                elif visible == "owner" and owner != "shared":
                    seers = tuple(s for s in range(n) if (team_of[s] if owner == "team" else s) == i)
                else:
                    seers = ()
                self.seers.append(seers)
                self.hand_of.append(i if name == "hand" else -1)
        self.hidden_counters = [_hidden_counters(ruleset, layout, seat) for seat in range(n)]
        # silent[a][b]: a move from zone a to zone b teaches nobody anything (moved): nobody who
        # saw the cards stops seeing them and they go to no hand, or they are face up throughout
        self.silent = tuple(tuple(_silent(before, after, owner) for after, owner in zip(self.seers, self.hand_of))
                            for before in self.seers)
        # lessons[a][b]: what such a move teaches, worked out once per pair of zones (a move is
        # on every play's path): None when silent, else (the masks of st.know that gain the
        # cards, the seat whose hand takes cards that may not be known to all, else -1)
        self.lessons = tuple(tuple(None if quiet else _lesson(before, after, owner)
                                   for after, owner, quiet in zip(self.seers, self.hand_of, row))
                             for before, row in zip(self.seers, self.silent))
        # teachers[a][b]: what such a move teaches, as a function of (st, the cards' mask), or None
        self.teachers = tuple(tuple(None if lesson is None else teacher(lesson, n) for lesson in row)
                              for row in self.lessons)
        self.publish = teacher(((PUBLIC,), -1), n)      # publish(st, m), written out for n seats
        # shown_teachers[a][b]: publish(st, m), then what the move teaches (an answer's card,
        # shown to everyone, moved at once: ask.py), in one new tuple. Once public, the cards
        # make no hand forget its voids, so only the gains remain of the lesson
        self.shown_teachers = tuple(tuple(teacher((_with_public(lesson), -1), n) for lesson in row)
                                    for row in self.lessons)


def _silent(before, after, owner: int) -> bool:
    if before is None:
        return after is None
    return owner < 0 and (not before or after is not None and all(s in after for s in before))


def _lesson(before, after, owner: int) -> tuple:
    """Seats that saw the cards there and do not see `after` remember them (everyone, if the
    source is seen by all); a hand taking cards from a hidden place may hold any card again."""
    if before is None:
        return ((PUBLIC,) if after is not None else ()), -1
    return tuple(1 + s for s in before if after is None or s not in after), owner


def _with_public(lesson) -> tuple:
    """The masks a move's `lesson` (or None: silent) makes gain the cards, and PUBLIC."""
    return (PUBLIC,) + tuple(g for g in (lesson[0] if lesson is not None else ()) if g != PUBLIC)


def _hidden_counters(ruleset, layout, seat: int) -> list:
    out = []
    for name, (per, base) in layout.counters.items():
        visible = ruleset.counters[name].visible
        mine = layout.team_of[seat] if per == "team" else seat
        out += [base + i for i in range(layout.owners(per))
                if visible == "nobody" or (visible == "owner" and (per == "game" or i != mine))]
    return out


def mask(cards) -> int:
    """The bits of distinct cards (their sum is their union, and sum runs in C)."""
    return sum(map(BIT.__getitem__, cards))


def _masks(st) -> list:
    know = st.know
    return list(know) if know is not None else [0] * (1 + st.n)


def width(deck) -> int:
    """The bits each seat's voids take in `st.voids`: room for every card of the deck."""
    return max(deck.cards) + 1


def void_masks(masks: dict, n: int, bits: int) -> tuple:
    """Per seat, per suit, what `st.voids` gains when the seat shows it holds none of the
    suit (`masks`: the suit's cards, Ranking.masks): the table a fixed ranking's plays index."""
    return tuple({suit: m << s * bits for suit, m in masks.items()} for s in range(n))


def forget_voids(st, seat: int) -> None:
    """`seat`'s hand took cards that may be of any suit: none of its voids hold any more."""
    bits = st.prog.void_bits
    st.voids &= ~(((1 << bits) - 1) << seat * bits)


# -- the hooks ---------------------------------------------------------------------------------

def moved(st, source: int, dest: int, cards) -> None:
    """The `cards` (a list or a set) leave zone index `source` for zone index `dest` (a move)."""
    teach = st.prog.viewers.teachers[source][dest]
    if teach is not None:
        teach(st, mask(cards))


_TEACHERS: dict = {}


def teacher(lesson: tuple, n: int):
    """What a move of the cards `m` (a mask) teaches, `lesson` (gains, owner: Viewers.lessons),
    written out for `n` seats as `teach(st, m)`: the masks of `gains` take the cards, in one new
    tuple (a move is on every play's path); once a move is not silent, `st.know` holds masks
    (zeros, if it taught nothing yet); a hand (`owner`) taking cards not everyone knows may hold
    any card again (its voids are forgotten). Made once per lesson and count of seats."""
    key = (lesson, n)
    if key not in _TEACHERS:
        gains, owner = lesson
        masks = ", ".join(f"know[{i}] | m" if i in gains else f"know[{i}]" for i in range(1 + n))
        lines = ["def teach(st, m):",
                 "    know = st.know",
                 "    if know is None:",
                 f"        know = {(0,) * (1 + n)!r}"]
        if gains:              # (a hand's shuffles, know[1 + n], follow the masks when recorded)
            lines.append(f"    st.know = ({masks},) if len(know) == {1 + n} else ({masks}, know[{1 + n}])")
        else:
            lines.append("    st.know = know")
        if owner >= 0:
            lines += ["    if st.voids and m & ~public(st):", f"        forget_voids(st, {owner})"]
        names = {"public": public, "forget_voids": forget_voids}
        exec("\n".join(lines), names)
        names["teach"].__qualname__ = f"teach{lesson}"          # as listings show it
        _TEACHERS[key] = names["teach"]
    return _TEACHERS[key]


def dealt(st, zones) -> None:
    """Zones took cards from the deck: a hand among them may hold any card again. Called only
    while some void is known (`st.voids`: the deal and the draw test it first)."""
    hand_of = st.prog.viewers.hand_of
    for z in zones:
        if hand_of[z] >= 0:
            forget_voids(st, hand_of[z])


def show(st, cards) -> None:
    """`cards` were shown to everyone where they lie (revealed, shown in a showdown, laid to
    capture, drawn from a face-up zone)."""
    m = mask(cards)
    if m:
        publish(st, m)


def publish(st, m: int) -> None:
    """The cards `m` (a mask) were shown to everyone where they lie (show's masks)."""
    know = st.know
    st.know = (m,) + (0,) * st.n if know is None else (know[PUBLIC] | m,) + know[1:]


def show_to(st, seats, cards) -> None:
    """`cards` were shown to `seats` (not to everyone) where they lie: each remembers them."""
    m = mask(cards)
    if m:
        know = _masks(st)
        for s in seats:
            know[1 + s] |= m
        st.know = tuple(know)


def shuffled(st, zone: int) -> int:
    """Zone `zone` is being shuffled; the shuffles before it this hand (each one's seed). Unless
    everyone sees the zone, nobody knows where its cards lie now, even those a seat knew were
    there: they leave every mask, and the record keeps what each seat knew."""
    if st.taken:
        _fold_taken(st)
    m = mask(st.zones[zone]) if st.prog.viewers.seers[zone] is not None else 0
    return _forgetting(st.n)(st, zone, m)


_FORGETTING: dict = {}


def _forgetting(n: int):
    """shuffled's work for `n` seats, written out once as `forget(st, zone, m)`: every mask
    loses the cards `m`, and the record (know[1 + n]) gains (zone, m, per seat the cards of m
    it knew: everyone's or its own); the count of the shuffles before. (A game that makes a new
    stock every few turns has it on its path: two comprehensions and a star-join were a third
    of it.)"""
    if n not in _FORGETTING:
        masks = ", ".join(f"know[{i}] & keep" for i in range(1 + n))
        knew = "".join(f"(seen | know[{1 + s}]) & m, " for s in range(n))
        lines = ["def forget(st, zone, m):",
                 "    know = st.know",
                 "    if know is None:",
                 f"        know = {(0,) * (1 + n)!r}",
                 f"    done = know[{1 + n}] if len(know) > {1 + n} else ()",
                 f"    keep, seen = ~m, know[{PUBLIC}]",
                 f"    st.know = ({masks}, (*done, (zone, m, ({knew}))))",
                 "    return len(done)"]
        names: dict = {}
        exec("\n".join(lines), names)
        _FORGETTING[n] = names["forget"]
    return _FORGETTING[n]


def tricks_taken(st):
    """The tricks of `st.taken`, the last first."""
    link = st.taken
    while link:
        trick, link = link
        yield trick


def _fold_taken(st) -> None:
    """The tricks taken, written into the masks as `public` and `remembered` read them (face up:
    everyone's; face down: the player's own), so that a shuffle can take their cards out too."""
    if st.taken:
        know = _masks(st)
        for trick in tricks_taken(st):
            for who, cards, up in trick:
                know[PUBLIC if up else 1 + who] |= mask(cards)
        st.know, st.taken = tuple(know), ()


def shuffled_known(st, seat: int) -> tuple[int, list]:
    """What `seat` knows of the zones shuffled this hand: the cards it knows lie in one of them
    (it knew they were there, and every card that has left the zone since is one whose place
    it knows), and per shuffled zone hidden from it, the cards whose order it does not know
    (a card shown since, where it lies, is not one of them)."""
    know = st.know
    if know is None or len(know) == 1 + st.n:
        return 0, []
    kept, zones, seers = 0, [], st.prog.viewers.seers
    places = known(st, seat)
    for zone, m, knew in know[1 + st.n]:
        if not m or seers[zone] is None or seat in seers[zone]:
            continue
        there = mask(st.zones[zone]) & m
        unordered = there & ~places
        if not m & ~there & ~places:            # it can tell which cards left
            kept |= knew[seat] & unordered
        zones.append((zone, unordered))
    return kept, zones


# -- reading -----------------------------------------------------------------------------------

def public(st) -> int:
    """The cards every seat has seen, now where not everyone sees them."""
    out = st.know[PUBLIC] if st.know is not None else 0
    return out | _folded(st.taken)[0] if st.taken else out


def shown(st, seat: int) -> int:
    """The cards `seat` was shown while they lay where it does not see (public ones included):
    what its observation shows of another's hand."""
    return public(st) | (st.know[1 + seat] if st.know is not None else 0)


def remembered(st, seat: int) -> int:
    """The cards `seat` has seen, now where it does not see them (public ones included)."""
    out = public(st) | (st.know[1 + seat] if st.know is not None else 0)
    return out | _folded(st.taken)[1].get(seat, 0) if st.taken else out


# A chain link of `st.taken` -> (link, what `_folded` made of it). The links are immutable and
# shared by clones, and a trick's end adds one link before the last: so each step reads the
# tricks taken this hand by one lookup, and a new link costs its own trick, not the hand's.
# Holding the link keeps its id from being reused; the memo is emptied when it grows past _ROOM.
_memo: dict = {}
_ROOM = 4096


def _folded(link) -> tuple[int, dict]:
    """The tricks of the chain `link`, folded: (the cards played face up, per seat the cards it
    played face down)."""
    pending, out = [], (0, {})
    while link:                             # back to the last link already folded
        hit = _memo.get(id(link))
        if hit is not None and hit[0] is link:
            out = hit[1]
            break
        pending.append(link)
        link = link[1]
    if len(_memo) + len(pending) > _ROOM:
        _memo.clear()
    for link in reversed(pending):
        up, down = out[0], dict(out[1])
        for who, cards, face_up in link[0]:
            if face_up:
                up |= mask(cards)
            else:
                down[who] = down.get(who, 0) | mask(cards)
        out = (up, down)
        _memo[id(link)] = (link, out)
    return out


def sees(st, seat: int, zone: int) -> bool:
    seers = st.prog.viewers.seers[zone]
    return seers is None or seat in seers


def known(st, seat: int) -> int:
    """Every card whose place `seat` knows: what it sees now and what it remembers."""
    out = remembered(st, seat)
    for z, cards in enumerate(st.zones):
        if cards and sees(st, seat, z):
            out |= mask(cards)
    for who, cards, up in st.trick:
        if up or who == seat:
            out |= mask(cards)
    return out


def voids(st, seat: int) -> int:
    """The cards `seat`'s hand cannot hold, as every seat knows."""
    bits = st.prog.void_bits
    return st.voids >> seat * bits & (1 << bits) - 1


def remap(st, seat: int, perm: dict) -> None:
    """A determinization for `seat` swapped hidden cards (`perm`: old card -> new card): what
    the other seats remember of them follows the cards (docs/internals.md)."""
    hidden = mask(perm)
    if st.know is not None:
        know, n = list(st.know), st.n
        for s in range(n):
            if s != seat:
                know[1 + s] = _follow(know[1 + s], perm, hidden)
        if len(know) > 1 + n:            # the shuffles' records name cards too
            know[1 + n] = tuple((z, _follow(m, perm, hidden), tuple(_follow(k, perm, hidden) for k in knew))
                                for z, m, knew in know[1 + n])
        st.know = tuple(know)
    if any(not up for trick in tricks_taken(st) for _, _, up in trick):
        link = ()
        for trick in reversed(list(tricks_taken(st))):
            link = (tuple((who, cards if up else tuple(perm.get(c, c) for c in cards), up)
                          for who, cards, up in trick), link)
        st.taken = link


def _follow(m: int, perm: dict, hidden: int) -> int:
    """Mask `m` with its `hidden` cards replaced as `perm` replaces them."""
    moved = m & hidden
    if not moved:
        return m
    out = m & ~hidden
    for c, to in perm.items():
        if moved >> c & 1:
            out |= BIT[to]
    return out
