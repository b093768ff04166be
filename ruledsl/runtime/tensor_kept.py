"""One seat's observation tensor (runtime/tensor.py) kept up to date between reads, for the RL
adapters, by code generated once per program and seat: the places that changed are rewritten,
found by comparing the state with copies of what was last written from."""
from __future__ import annotations

import linecache
import weakref
from array import array
from itertools import chain, compress
from operator import is_not, itemgetter, ne

from . import knowledge
from .cards import BITS
from .tensor import NUMBERS, layout, plan


_NEVER = object()           # what no state field is


class Kept:
    """One seat's tensor kept up to date from call to call (an adapter keeps one per seat): its
    values in a float32 array (`values`, all of the layout), rewritten where what it is written
    from changed since the last call, instead of whole.

    What changed is found by comparing the state with copies of what was last written from, each
    part by one comparison, not by hooks in the engine: who moves, deals and leads, the hand's
    number, who is out, the trick (a tuple the engine replaces: plays added to it are written
    alone), the zones' sizes as one list, the zones the seat sees with copies of their cards (the
    cards that came or went are flipped by their bits), the cards it was shown in others' hands,
    the counters by identity (then by value and type). So a call on any state, a clone or another
    match's, gives exactly `nonzero`'s tensor (tests/test_rl_observation.py checks it at every
    step of random matches of every shipped game) and reads only what `nonzero` reads; the
    adapters copy the array as it is (numpy reads it in place).

    The code that does it is written for the program and the seat (`source`): every offset, every
    zone's slot and every counter's encoding is a constant in straight-line code, so a read runs
    no loop over the layout's descriptions and no generic writer. Finding what changed is a C
    pass over each part (about a third of a read in a trick game); a changed place costs a few
    bytecodes. Past this, a read would need the engine to say which parts it touched
    (benchmarks/README.md, "The RL adapters", fourth pass)."""

    def __init__(self, prog, player: int):
        self.player, self.plan = player, plan(prog, player)
        self.values = array("f", bytes(4 * layout(prog).size))
        # update(st, chosen=()) -> values, brought up to date; choose(chosen) -> values, where only
        # the integers chosen changed since the last update (the same state, an action being made)
        self.update, self.choose = _made(prog, player)(self.values)


def _made(prog, player: int):
    """The program's and seat's `make(values) -> update`, generated and compiled once."""
    made = prog.__dict__.setdefault("tensor_keepers", {})
    if player not in made:
        names: dict = {}
        text, filename = source(prog, player, names), f"<tensor of {prog.filename}, seat {player}>"
        exec(compile(text, filename, "exec"), names)
        lines = [line + "\n" for line in text.splitlines()]          # shown in tracebacks while the program lives
        linecache.cache[filename] = (len(text), None, lines, filename)
        weakref.finalize(prog, linecache.cache.pop, filename, None)
        made[player] = names["make"]
    return made[player]


def source(prog, player: int, names: dict) -> str:
    """The Python source of `make(values) -> update` for one program and seat; `names` receives
    its constants."""
    p, n = plan(prog, player), prog.n
    names.update(__builtins__={}, int=int, BITS=BITS, NUMBERS=NUMBERS, compress=compress, ne=ne,
                 is_not=is_not, chain=chain, len=len, list=list, map=map, sum=sum, type=type, float=float,
                 tuple=tuple, isinstance=isinstance, LISTS=(list, tuple), SLOTS=range(len(p.zones)),
                 memoryview=memoryview)
    lines = _Lines()
    state: list = []            # the names of what was last written from (the closure's cells)
    body = _Lines(2)
    _head(body, state, names, prog, p, player, n)
    _trick(body, state, names, p, player, n)
    _zones(body, state, names, prog, p, player)
    counters = _counters(body, state, names, p, player)
    lines.add("def make(values):")
    lines.add("    v = memoryview(values)")               # its items are written faster than the array's
    for name, start in state:
        lines.add(f"    {name} = {start}")
    lines.extend(counters)
    lines.add("    def update(st, chosen=()):")
    lines.add(f"        nonlocal {', '.join(name for name, _ in state)}")
    lines.extend(body)
    lines.add("        return values")
    lines.add("    def choose(chosen):")
    lines.add("        nonlocal mine")
    lines.extend(_chosen(player, p.chosen, "mover", 2))
    lines.add("        return values")
    lines.add("    return update, choose")
    return "\n".join(lines)


class _Lines(list):
    def __init__(self, indent: int = 0):
        super().__init__()
        self.indent = indent

    def add(self, text: str) -> None:
        self.append("    " * self.indent + text)


def _head(w: _Lines, state: list, names: dict, prog, p, player: int, n: int) -> None:
    """Who moves, deals and leads (one-hots), the hand's number, who is out, the integers chosen."""
    own = "current_player" in prog.state_class.__dict__      # a seat decides for another (module._state_class)
    w.add("x = st.current_player()" if own else "x = st.player")
    for k, (name, field) in enumerate((("mover", "x"), ("dealer", "st.dealer"), ("leader", "st.leader"))):
        names[name.upper()] = {s: k * n + r for s, r in p.rel.items()}
        state.append((name, "None"))
        if field != "x":
            w.add(f"y = {field}")
            field = "y"
        w.add(f"if {field} != {name}:")
        w.add(f"    i = {name.upper()}.get({name})")
        w.add("    if i is not None: v[i] = 0.0")
        w.add(f"    i = {name.upper()}.get({field})")
        w.add("    if i is not None: v[i] = 1.0")
        w.add(f"    {name} = {field}")
    state += [("hand", "0"), ("out", "None"), ("mine", "()")]
    w.add("if st.hand_number != hand:")
    w.add(f"    hand = v[{4 * n}] = st.hand_number")
    w.add("if st.out != out:")
    w.add("    out = st.out[:]")
    for k, s in enumerate(p.order):
        w.add(f"    v[{3 * n + k}] = 1.0 if out[{s}] else 0.0")
    w.extend(_chosen(player, p.chosen, "x", w.indent))


def _chosen(player: int, at: int, mover: str, indent: int) -> _Lines:
    """The integers chosen so far, where the seat is the one to move (`mover`)."""
    w = _Lines(indent)
    w.add(f"c = chosen if {mover} == {player} else ()")
    w.add("if c != mine:")
    w.add("    for i in mine:")
    w.add(f"        v[{at} + i] = 0.0")
    w.add("    mine = tuple(c)")
    w.add("    for i in mine:")
    w.add(f"        v[{at} + i] = 1.0")
    return w


def _trick(w: _Lines, state: list, names: dict, p, player: int, n: int) -> None:
    """The trick, play by play as the seat sees it: the plays added since the last read are
    written alone; a trick that is not the last one written with plays added is written anew,
    on its section zeroed at once (a copy of zeros)."""
    size = p.cards + n + 1
    names["TRICK_CARD"] = tuple([p.trick + k * size + i for i in p.position] for k in range(n))
    names["TRICK_SEAT"] = tuple([p.trick + k * size + p.cards + p.rel[s] for s in range(n)] for k in range(n))
    names["NO_TRICK"] = memoryview(array("f", bytes(4 * n * size)))
    state.append(("trick", "()"))
    w.add("t = st.trick")
    w.add("if t is not trick:")
    w.add("    k = len(trick)")
    w.add("    if k and t[:k] != trick:")
    w.add(f"        v[{p.trick}:{p.trick + n * size}] = NO_TRICK")
    w.add("        k = 0")
    w.add(f"    for s, cards, up in t[k:{n}]:")       # the layout has n plays (as the reference writer)
    w.add(f"        if up or s == {player}:")
    w.add("            at = TRICK_CARD[k]")
    w.add("            for c in cards:")
    w.add("                v[at[c]] += 1.0")          # += : a shoe's copies add up
    w.add("        v[TRICK_SEAT[k][s]] = 1.0")
    w.add("        if cards:")
    w.add(f"            v[{p.trick + p.cards + n} + {size} * k] = len(cards)")
    w.add("        k += 1")
    w.add("    trick = t")


def _zones(w: _Lines, state: list, names: dict, prog, p, player: int) -> None:
    """Every zone's size; the cards of the zones the seat sees; those it was shown in others'."""
    size_at = [None] * len(p.zones)
    for slot, _, _, base, _ in p.zones:
        size_at[slot] = base + p.cards
    names["SIZE_AT"] = size_at
    state.append(("sizes", f"[0] * {len(p.zones)}"))
    w.add("zones = st.zones")
    w.add("now = list(map(len, zones))")
    w.add("if now != sizes:")
    w.add("    for k in compress(SLOTS, map(ne, now, sizes)):")
    w.add("        v[SIZE_AT[k]] = now[k]")
    w.add("    sizes = now")
    seen = [(slot, places) for slot, visible, _, _, places in p.zones if visible]
    for k, (slot, places) in enumerate(seen):
        names[f"SEEN_{k}"] = places
        state += [(f"held_{k}", "[]"), (f"bits_{k}", "0")]
        w.add(f"z = zones[{slot}]")
        w.add(f"if z != held_{k}:")
        w.add(f"    k = len(held_{k})")
        w.add(f"    if k and len(z) > k and z[:k] == held_{k}:")           # cards put on it
        w.add(f"        now = bits_{k} | sum(map(BITS.__getitem__, z[k:]))")
        w.add("    else:")
        w.add("        now = sum(map(BITS.__getitem__, z))")
        w.add(f"    held_{k}, flips, bits_{k} = z[:], now ^ bits_{k}, now")
        _flip(w, f"SEEN_{k}")
    showing = [(slot, places) for slot, visible, shows, _, places in p.zones if shows and not visible]
    if not showing:
        return
    names["SHOWING"] = itemgetter(*(slot for slot, _ in showing)) if len(showing) > 1 else \
        (lambda zones, slot=showing[0][0]: (zones[slot],))
    state.append(("told", "0"))                 # the cards shown to it in others' hands, as written
    # knowledge.shown(st, player), with knowledge.public(st) kept for the program: it reads
    # st.know and st.taken only, both replaced when they change, never changed in place, and
    # each seat in turn reads the same ones until a trick is taken (a fold of the hand's tricks)
    names["PUBLIC"], names["LAST_PUBLIC"] = knowledge.public, prog.__dict__.setdefault("tensor_public", [_NEVER] * 3)
    w.add("know, taken = st.know, st.taken")
    w.add("if taken is not LAST_PUBLIC[1] or know is not LAST_PUBLIC[0]:")
    w.add("    LAST_PUBLIC[:] = know, taken, PUBLIC(st)")
    w.add(f"shown = LAST_PUBLIC[2] | know[{1 + player}] if know is not None else LAST_PUBLIC[2]")
    w.add("if shown or told:")
    w.add("    hands = SHOWING(zones)")
    w.add("    now = sum(map(BITS.__getitem__, chain.from_iterable(hands))) & shown")
    w.add("    if now or told:")                  # some lie there now, or did when last written
    w.add("        told = now")
    for k, (slot, places) in enumerate(showing):
        names[f"SHOWING_{k}"] = places
        state.append((f"told_{k}", "0"))
        w.add(f"        now = sum(map(BITS.__getitem__, hands[{k}])) & shown")
        w.add(f"        if now != told_{k}:")
        w.add(f"            flips, told_{k} = now ^ told_{k}, now")
        _flip(w, f"SHOWING_{k}", "        ")


def _flip(w: _Lines, places: str, indent: str = "") -> None:
    """Rewrite the cards of `flips` (bits) in a zone's row (`places`: card id → place): 1 where
    they are in `now`, 0 where they left."""
    w.add(f"{indent}    while flips:")
    w.add(f"{indent}        bit = flips & -flips")
    w.add(f"{indent}        v[{places}[bit.bit_length() - 1]] += 1.0 if now & bit else -1.0")
    w.add(f"{indent}        flips ^= bit")


def _counters(w: _Lines, state: list, names: dict, p, player: int) -> list[str]:
    """The counters the seat sees: each compared by identity, then by value and type (1 and True
    are equal, not the same), and written by a function of its own, straight code for its type.
    Returns those functions' source (they go in `make`, before `update`)."""
    seen = [(slot, base, parts) for slot, visible, base, parts in p.counters if visible]
    if not seen:
        return []
    names["COUNTERS"] = itemgetter(*(slot for slot, _, _ in seen)) if len(seen) > 1 else \
        (lambda cv, slot=seen[0][0]: (cv[slot],))
    names["UNSEEN"] = object()                  # a value no counter has: each is written at the first read
    state.append(("counted", f"[UNSEEN] * {len(seen)}"))     # their values as written
    w.add("now = COUNTERS(st.cv)")
    names["COUNTED"] = range(len(seen))
    w.add("for k in compress(COUNTED, map(is_not, now, counted)):")
    w.add("    x, was = now[k], counted[k]")
    w.add("    if x != was or type(x) is not type(was):")
    w.add("        counted[k] = x[:] if type(x) is list else x")       # a list may change in place
    w.add("        WRITE[k](x)")
    out = _Lines(1)
    for k, (slot, base, parts) in enumerate(seen):
        out.add(f"v[{base}] = 1.0")                  # the flag: the seat sees its value
        out.add(f"def counter_{k}(x):")
        base += 1
        hot = []
        for kind, item, size in parts:
            if kind in ("int", "fraction"):
                out.add(f"    v[{base}] = float(x) if x and type(x) in NUMBERS else 0.0")
            elif kind in ("bool", "none"):
                out.add(f"    v[{base}] = 1.0 if x is {'True' if kind == 'bool' else 'None'} else 0.0")
            elif kind == "list" and not item:
                out.add(f"    v[{base}] = len(x) if isinstance(x, LISTS) else 0.0")
            else:
                hot.append((kind, item, base))
            base += size
        if hot:                                  # one-hots: the places written last time, then the new ones
            state.append((f"hot_{k}", "()"))
            out.add(f"    nonlocal hot_{k}")
            out.add(f"    for i in hot_{k}:")
            out.add("        v[i] = 0.0")
            out.add(f"    hot_{k} = []")
            for kind, item, b in hot:
                if kind == "list":
                    out.add("    for y in x if isinstance(x, LISTS) else ():")
                    out.add(f"        i = {_one(item, 'y', p, names)}")
                    out.add(f"        if i is not None: hot_{k}.append({b} + i)")
                else:
                    out.add(f"    i = {_one(kind, 'x', p, names)}")
                    out.add(f"    if i is not None: hot_{k}.append({b} + i)")
            out.add(f"    for i in hot_{k}:")
            out.add("        v[i] = 1.0")
    out.add(f"WRITE = ({', '.join(f'counter_{k}' for k in range(len(seen)))},)")
    return out


def _one(kind: str, x: str, p, names: dict) -> str:
    """An expression for the place of value `x` in its one-hot row of `kind`, or None when it is
    not of that kind (as tensor._one)."""
    names.update(DECK=p.deck, SUITS=p.suits, REL=p.rel, INTS=(int, bool))
    if kind == "card":
        return f"DECK.get({x}) if isinstance({x}, int) and type({x}) not in INTS else None"
    if kind == "suit":
        return f"SUITS.index({x}) if type({x}) is not int and {x} in SUITS else None"
    if kind == "seat":
        return f"REL.get({x}) if type({x}) is int else None"
    teams = p.layout.sizes["team"]
    return f"({x} - {p.my_team}) % {teams} if type({x}) is int and 0 <= {x} < {teams} else None"
