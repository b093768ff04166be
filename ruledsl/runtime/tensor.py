"""The observation tensor: what one seat may know (runtime/observe.py's `seen`) as a flat list of
numbers, with a layout fixed by the rule file and the player count. No game has code here.

Seat-relative: "seat k" is k seats after the observer in the order of play (0 is the observer),
"team k" likewise from the observer's team. The sections, in order (`layout` names them):

    to_move, dealer, leader       one-hot over the seats (all 0: nobody to move)
    out                           1 for each seat out of the match
    hand_number                   the number of the hand
    zone <name> <k>               each instance of each zone (one for a shared zone, one per seat
                                  or team): the cards the observer sees in it (one per deck card,
                                  in the deck's order), then its number of cards
    trick <k>                     the k-th play of the trick in play order: its cards as seen
                                  (none when played face down by another), the seat who played,
                                  its number of cards
    counter <name> <k>            each instance of each counter the observer may see: 1 if its
                                  value is seen, then the value by its static type — a number as
                                  itself, yes/no as 1/0, none as a flag, a seat, team, suit or
                                  card one-hot, a list as its length and its cards/seats/suits;
                                  texts are not encoded
    chosen                        the integer actions chosen so far towards the observer's action
                                  (runtime/indices.py), 1 each
"""
from __future__ import annotations

from fractions import Fraction

from . import indices, knowledge
from .cards import BITS
from .observe import sights, trick_seen

SIZE_PARTS = ("card", "seat", "suit", "team")
NUMBERS = (int, Fraction)          # a number's part holds it (true and false are not numbers)


class Layout:
    """The sections of one program's tensor: (name, size), in order."""

    def __init__(self, prog):
        n, deck = prog.n, len(prog.deck.distinct)
        self.sizes = {"card": deck, "seat": n, "suit": len(prog.deck.suits), "team": prog.layout.n_teams}
        sections = [("to_move", n), ("dealer", n), ("leader", n), ("out", n), ("hand_number", 1)]
        for name, (owner, _) in prog.layout.zones.items():
            sections += [(f"zone {name} {k}", deck + 1) for k in range(prog.layout.instances(name))]
        sections += [(f"trick {k}", deck + n + 1) for k in range(n)]
        self.counters = {}
        for name, (per, _) in prog.layout.counters.items():
            spec = prog.ruleset.counters[name]
            if spec.visible == "nobody" or (spec.visible == "owner" and per == "game"):
                continue            # never seen by anybody (as observe.seen)
            self.counters[name] = parts = _parts(prog.counter_types[name])
            size = 1 + sum(self._size(p) for p in parts)
            sections += [(f"counter {name} {k}", size) for k in range(_instances(prog, per))]
        sections.append(("chosen", indices.coding(prog).size))
        self.sections = tuple(sections)
        self.size = sum(size for _, size in sections)

    def _size(self, part: str) -> int:
        kind, _, item = part.partition(" ")
        if kind == "list":
            return self.sizes[item] if item else 1
        return self.sizes.get(kind, 1)


def _instances(prog, owner: str) -> int:
    return 1 if owner in ("shared", "game") else prog.layout.owners(owner)


def _parts(type_) -> tuple:
    """How a value of `type_` is encoded: one part per kind it may have (texts: none)."""
    parts = [k for k in ("int", "fraction", "bool", "none", "seat", "team", "suit", "card") if k in type_.kinds]
    if "fraction" in parts and "int" in parts:
        parts.remove("fraction")               # one number slot for both
    if "list" in type_.kinds:
        item = type_.item.kinds if type_.item is not None else frozenset()
        parts += ["list"] + [f"list {k}" for k in SIZE_PARTS if k in item]
    return tuple(parts)


def layout(prog) -> Layout:
    """The program's layout, made once."""
    made = getattr(prog, "tensor_layout", None)
    if made is None:
        made = prog.tensor_layout = Layout(prog)
    return made


def encode(st, player: int, chosen: tuple = ()) -> list[float]:
    """The tensor as a list of floats."""
    out = [0.0] * layout(st.prog).size
    for i, value in zip(*nonzero(st, player, chosen)):
        out[i] = value
    return out


class Plan:
    """Where each part of one seat's tensor comes from, worked out once per program and seat:
    each zone instance's slot in the state, whether the seat sees it (observe.sights, the one
    rule), and its offset; each counter instance's likewise, with how its value is written."""

    def __init__(self, prog, player: int):
        lay, n = layout(prog), prog.n
        zone_sights, counter_sights = sights(prog, player)
        order = prog.orders[player]                       # seats from the observer, in play order
        self.rel = {s: k for k, s in enumerate(order)}
        self.my_team, teams = prog.team_of[player], lay.sizes["team"]
        coding = indices.coding(prog)
        self.deck, self.cards = coding.card, coding.done            # the cards told apart (a shoe's copies are one)
        self.copies = len(prog.deck.cards) > coding.done
        self.position = [0] * (1 + max(map(int, coding.card), default=0))   # card id → place in the deck
        for card, k in coding.card.items():
            self.position[card] = k
        self.layout, self.suits = lay, prog.deck.suits
        self.order, offset = order, 4 * n + 1
        self.zones = []                                   # (slot, visible, shows, offset, places)
        for name, (owner, _) in prog.layout.zones.items():
            for slot, visible, shows in _relative(zone_sights[name], owner, order, self.my_team, teams):
                places = [offset + k for k in self.position]      # card id → its place in this zone's row
                self.zones.append((slot, visible, shows, offset, places))
                offset += self.cards + 1
        self.trick = offset
        offset += n * (self.cards + n + 1)
        self.counters = []                                # (slot, visible, offset, parts)
        for name, parts in lay.counters.items():
            per = prog.layout.counters[name][0]
            parts = tuple((*part.partition(" ")[::2], lay._size(part)) for part in parts)
            for slot, visible in _relative(counter_sights[name], per, order, self.my_team, teams):
                self.counters.append((slot, visible, offset, parts))
                offset += 1 + sum(size for _, _, size in parts)
        self.chosen = offset


def plan(prog, player: int) -> Plan:
    made = prog.__dict__.setdefault("tensor_plans", {})
    if player not in made:
        made[player] = Plan(prog, player)
    return made[player]


def nonzero(st, player: int, chosen: tuple = ()) -> tuple[list[int], list[float]]:
    """The tensor's nonzero entries: their positions (each once, in no particular order) and
    their values. A tensor is mostly zeros (a card lies in one zone; a one-hot has one 1), so it
    is written by its few nonzero entries at the offsets its Plan holds, never section by section
    in full; the adapters make their arrays from it directly. tensor_kept.Kept keeps one up to date."""
    p = plan(st.prog, player)
    at, values = _head(st, player, chosen, p)
    if st.trick:
        more, their = _trick(st, player, p)
        at += more
        values += their
    cards, shown, zones = p.cards, None, st.zones
    for slot, visible, shows, base, places in p.zones:
        held = zones[slot]
        if not held:
            continue
        if visible:
            at += map(places.__getitem__, held)
            values += [1.0] * len(held)
        elif shows:
            if shown is None:
                shown = knowledge.shown(st, player)
            if shown:
                told = sum(map(BITS.__getitem__, held)) & shown
                while told:                       # the cards of another's hand it was shown
                    bit = told & -told
                    at.append(places[bit.bit_length() - 1])
                    values.append(1.0)
                    told ^= bit
        at.append(base + cards)
        values.append(float(len(held)))
    cv = st.cv
    for slot, visible, base, parts in p.counters:
        if visible:                        # else a hidden value: all zeros
            _counter(at, values, cv[slot], base, parts, p)
    return _summed(at, values) if p.copies else (at, values)


def _summed(at: list, values: list) -> tuple[list, list]:
    """A shoe's entries: copies of a card share its entry, which holds their count."""
    counted: dict = {}
    for i, value in zip(at, values):
        counted[i] = counted.get(i, 0.0) + value
    return list(counted), list(counted.values())


def _head(st, player: int, chosen: tuple, p: Plan) -> tuple[list[int], list[float]]:
    """The entries of the head (who is to move, deals and leads, who is out, the hand's number)
    and of the integers chosen: a few places, rewritten whole every time."""
    at = [i for i in _seats(st, p) if i is not None]
    more, values = _rest(st, player, chosen, p)
    return at + more, [1.0] * len(at) + values


def _seats(st, p: Plan) -> tuple:
    """The places of the head's one-hots: who is to move, who deals, who leads (None: nobody)."""
    get, n = p.rel.get, st.n
    mover, dealer, leader = get(st.current_player()), get(st.dealer), get(st.leader)
    return mover, None if dealer is None else n + dealer, None if leader is None else 2 * n + leader


def _rest(st, player: int, chosen: tuple, p: Plan) -> tuple[list[int], list[float]]:
    """The entries of the rest of the head (who is out, the hand's number) and of the integers chosen."""
    n, out = st.n, st.out
    at = [3 * n + k for k, s in enumerate(p.order) if out[s]] if True in out else []
    if chosen and player == st.current_player():
        at += [p.chosen + i for i in set(chosen)]
    values = [1.0] * len(at)
    if st.hand_number:
        at.append(4 * n)
        values.append(float(st.hand_number))
    return at, values


def _trick(st, player: int, p: Plan) -> tuple[list[int], list[float]]:
    """The entries of the trick, play by play as the seat sees it."""
    n, rel, position, cards = st.n, p.rel, p.position, p.cards
    at: list[int] = []
    values: list[float] = []
    base = p.trick
    for seat, played, count in trick_seen(st, player):
        for c in played or ():
            at.append(base + position[c])
            values.append(1.0)
        if seat in rel:
            at.append(base + cards + rel[seat])
            values.append(1.0)
        if count:
            at.append(base + cards + n)
            values.append(float(count))
        base += cards + n + 1
    return at, values


def _counter(at: list, values: list, value, base: int, parts: tuple, p: Plan) -> None:
    """The entries of one counter's value, which the seat sees, at `base` (its flag)."""
    at.append(base)
    values.append(1.0)
    base += 1
    for kind, item, size in parts:
        if kind == "int" or kind == "fraction":     # the common case, written here
            if value and type(value) in NUMBERS:
                at.append(base)
                values.append(float(value))
        else:
            _value(at, values, base, kind, item, value, p)
        base += size


def _relative(instances: tuple, owner: str, order, my_team: int, teams: int) -> list:
    """The instances of a zone or counter, seat- (or team-) relative (numbered zones in order)."""
    if owner in ("shared", "game", "numbered"):
        return list(instances)
    if owner == "team":
        return [instances[(my_team + k) % teams] for k in range(teams)]
    return [instances[s] for s in order]


def _value(at, values, base, kind, item, value, p: Plan) -> None:
    """Write one part of a counter's value (one the seat sees) at `base`."""
    deck, rel, my_team, lay, suits = p.deck, p.rel, p.my_team, p.layout, p.suits
    if kind == "bool" or kind == "none":
        if value is (True if kind == "bool" else None):
            at.append(base)
            values.append(1.0)
        return
    if kind == "list":
        items = value if isinstance(value, (list, tuple)) else ()
        if not item:
            if items:
                at.append(base)
                values.append(float(len(items)))
            return
        ones = {_one(item, v, deck, rel, my_team, lay, suits) for v in items}
    else:
        ones = {_one(kind, value, deck, rel, my_team, lay, suits)}
    for k in ones - {None}:
        at.append(base + k)
        values.append(1.0)


def _one(kind: str, value, deck, rel, my_team, lay, suits):
    """The position of a single value in its one-hot row, or None when it is not of that kind."""
    if kind == "card":
        return deck.get(value) if isinstance(value, int) and type(value) not in (int, bool) else None
    if type(value) is not int:
        return suits.index(value) if kind == "suit" and value in suits else None
    if kind == "seat":
        return rel.get(value)
    if kind == "team":
        return (value - my_team) % lay.sizes["team"] if 0 <= value < lay.sizes["team"] else None
    return None
