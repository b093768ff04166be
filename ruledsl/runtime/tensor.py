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

from . import indices
from .observe import HIDDEN, seen

SIZE_PARTS = ("card", "seat", "suit", "team")


class Layout:
    """The sections of one program's tensor: (name, size), in order."""

    def __init__(self, prog):
        n, deck = prog.n, len(prog.deck.distinct)
        self.sizes = {"card": deck, "seat": n, "suit": len(prog.deck.suits), "team": prog.layout.n_teams}
        sections = [("to_move", n), ("dealer", n), ("leader", n), ("out", n), ("hand_number", 1)]
        for name, (owner, _) in prog.layout.zones.items():
            sections += [(f"zone {name} {k}", deck + 1) for k in range(_instances(prog, owner))]
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
    made = getattr(prog, "tensor_layout", None)
    if made is None:
        made = prog.tensor_layout = Layout(prog)
    return made


def encode(st, player: int, chosen: tuple = ()) -> list[float]:
    prog = st.prog
    lay, view, n = layout(prog), seen(st, player), st.n
    deck = indices.coding(prog).card
    order = prog.orders[player]                           # seats from the observer, in play order
    rel = {s: k for k, s in enumerate(order)}
    my_team = prog.team_of[player]
    teams = lay.sizes["team"]
    out: list[float] = []

    def seat_hot(seat) -> None:
        out.extend(1.0 if rel.get(seat) == k else 0.0 for k in range(n))

    def cards_hot(cards) -> None:
        row = [0.0] * len(deck)
        for c in cards:
            row[deck[c]] += 1.0           # two or more: identical cards of a shoe
        out.extend(row)

    seat_hot(st.player)
    seat_hot(st.dealer)
    seat_hot(st.leader)
    out.extend(1.0 if st.out[s] else 0.0 for s in order)
    out.append(float(st.hand_number))
    for name, (owner, _) in prog.layout.zones.items():
        for cards, count, _ in _relative(view.zones[name], owner, order, my_team, teams):
            cards_hot(cards)
            out.append(float(count))
    for k in range(n):
        if k < len(view.trick):
            seat, cards, count = view.trick[k]
            cards_hot(cards or ())
            seat_hot(seat)
            out.append(float(count))
        else:
            out.extend([0.0] * (len(deck) + n + 1))
    for name, parts in lay.counters.items():
        per = prog.layout.counters[name][0]
        for value in _relative(view.counters[name], per, order, my_team, teams):
            out.append(0.0 if value is HIDDEN else 1.0)
            for part in parts:
                _value(out, part, None if value is HIDDEN else value, value is HIDDEN, lay, deck, rel, my_team,
                       prog.deck.suits)
    mine = [0.0] * indices.coding(prog).size
    if player == st.player:
        for i in chosen:
            mine[i] = 1.0
    out.extend(mine)
    return out


def _relative(instances: tuple, owner: str, order, my_team: int, teams: int) -> list:
    """The instances of a zone or counter, seat- (or team-) relative."""
    if owner in ("shared", "game"):
        return list(instances)
    if owner == "team":
        return [instances[(my_team + k) % teams] for k in range(teams)]
    return [instances[s] for s in order]


def _value(out, part, value, hidden, lay, deck, rel, my_team, suits) -> None:
    kind, _, item = part.partition(" ")
    if kind in ("int", "fraction"):
        number = isinstance(value, (int, Fraction)) and type(value) in (int, Fraction)
        out.append(float(value) if number and not hidden else 0.0)
    elif kind == "bool":
        out.append(1.0 if value is True else 0.0)
    elif kind == "none":
        out.append(1.0 if value is None and not hidden else 0.0)
    elif kind == "list":
        values = value if isinstance(value, (list, tuple)) else ()
        if not item:
            out.append(float(len(values)))
            return
        row = [0.0] * lay.sizes[item]
        for v in values:
            k = _one(item, v, deck, rel, my_team, lay, suits)
            if k is not None:
                row[k] = 1.0
        out.extend(row)
    else:
        row = [0.0] * lay.sizes[kind]
        k = _one(kind, value, deck, rel, my_team, lay, suits)
        if k is not None:
            row[k] = 1.0
        out.extend(row)


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
