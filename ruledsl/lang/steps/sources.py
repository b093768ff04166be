"""Structured sources: the candidates of an `each:` over combinations of cards, made without the
ones the `when:` rules out by their shape (candidates.py plans the rest of the `when:`; what is
known of the shape and of its candidates is shapes.py's).

Each part of the `when:` is tested in the loop that binds the last of what it reads, so the
values that fail it are never made (a climbing game's group too low, or a size other than the
play's, is skipped whole). A loop over a constant list of sizes (`[1, 2, 3, 5]`, `range(1, 4)`)
is unrolled, each size folded into the `when:` (a part `len(s) <= 3 and …` dropped or kept
whole). What the `when:` asks of the candidate itself — its cards of one rank or one suit, a
meld, a poker hand of some class — is given to a `combos.Chooser` (runtime/combos.py), which makes
the combinations that can pass, in the order `combinations` lists them; a part it makes
exactly (one rank or suit, a poker class or beating a play, where every card has a power) is not
tested again, every other part still is on each candidate. A sub-expression that reads neither the candidate nor
the loops (`poker_rank(standing)`) is worked out once, before them.
"""
from __future__ import annotations

import contextlib

from ...expr import ast
from ...expr.codegen import Frag
from ...runtime import combos, offered
from ..builtins.hands import hand_ranks
from ...expr.operators import INTS
from ...expr.types import ANY, CARD, INT
from .candidates import Planner
from .shapes import FIRST, SIZE, All, Atom, Laws, Needs, Not, Shape, Some, atoms, needs, simplified

MAX_UNROLLED = 16          # a constant loop of sizes unrolled when it has at most this many


def choose_source(c, laws: Laws, needs_: Needs, span, marks: dict) -> tuple[tuple | None, list]:
    """The combos.Chooser for `needs_` and the source of its call's arguments after the group,
    the size and the place (None when nothing is known of the candidate: combinations itself
    is called), and the parts it settles (need not be tested on each candidate it makes)."""
    deck = c.deck
    tables = {"rank": deck.rank_of, "power": deck.power, "printed suit": deck.suit_of}
    same = needs_.same
    if same == "suit":       # suit() is as the trumps rank it: the printed suit while none is promoted
        same = "printed suit" if not (c.ruleset.trumps and c.ruleset.trumps.promote) else None
    static, called, settled = {}, "", []
    if same is not None:
        static["same"] = tables[same]
        settled.append(needs_.by["same"])
    if needs_.meld is not None and (needs_.meld == "order" or needs_.meld in deck.orders):
        ranks = tuple(deck.order if needs_.meld == "order" else deck.orders[needs_.meld])
        static["meld"] = combos.meld_tables(ranks, deck.rank_of, deck.suit_of)
    if needs_.poker is not None or needs_.beat is not None:
        static["tables"] = (deck.power, deck.suit_of, len(deck.order))
        # poker_rank(s)'s own Ranks, to settle its parts (not where a card has no power: it may fail on them)
        ranked = all(type(power) is int for power in deck.power)
        if ranked:
            static["ranks"] = c.w.values[hand_ranks(c, tuple(deck.order), deck.power)]
        if needs_.poker is not None:
            static["poker"] = needs_.poker
            settled.append((needs_.by["poker"][0], ranked and needs_.by["poker"][1]))
        if needs_.beat is not None:
            called = f", beat={c.w_src(laws.p.compile(needs_.beat, **marks))}, ties={needs_.ties}"
            settled.append((needs_.by["beat"][0], ranked))
    if not static:
        return None, []
    return (c.w.const(combos.Chooser(**static), "CHOOSER"), called), [part for part, exact in settled if exact]


# -- writing the loops ------------------------------------------------------------------------------

def write(p: Planner, shp: Shape, residual, emit, block) -> bool:
    """Write the source's loops with the parts of `residual` (the `when:`'s parts that read the
    candidate) each tested where it can first be, and `emit(value)` for each candidate that
    passes them all; where nothing is left to test on the candidates, their loop is given to
    `block(group, size, span)` instead (runtime/offered.py: made at once, or counted and made
    when drawn). False (nothing written) when the shape gives no part a better place and makes
    no block: the plain loop over the values is as good."""
    laws = Laws(p, shp)
    plans = _plans(p, shp)
    placed = [_place(laws, shp, loops, residual, known) for loops, _, known in plans]
    if len(plans) == 1 and placed[0] is not None and not _moves(laws, placed[0], len(shp.loops)) \
            and any(level == len(shp.loops) + 1 for level, _ in placed[0]):
        return False
    for (loops, bound, known), parts in zip(plans, placed):
        if parts is not None:
            parts, steady = _steady(laws, parts)
            _Loops(p, laws, shp, loops, parts, known, emit, steady, block).write(0, bound, {})
    return True


def _plans(p: Planner, shp: Shape) -> list:
    """(loops, the loops' variables already bound, the size when known) for each copy of the
    loops to write: one, or one for each size of a constant loop of sizes (unrolled)."""
    first = shp.loops[0] if shp.loops else None
    size = shp.size.node
    values = _constant(p, first.seq.node) if first is not None and first.cond is None and \
        isinstance(size, ast.Name) and size.name == first.var else None
    if values is not None:
        return [(shp.loops[1:], {first.var: Frag(const=(v,), type=INT)}, v) for v in values]
    known = size.value if isinstance(size, ast.Literal) and type(size.value) is int else None
    return [(shp.loops, {}, known)]


def _steady(laws: Laws, parts):
    """The parts tested in the loops with their steady sub-expressions read from names
    (Planner.steady), worked out once before the loops (after the parts tested there); and
    those sub-expressions, by name."""
    found: dict = {}

    def cond(c):
        if isinstance(c, Atom):
            return Atom(laws.p.steady(c.term, found))
        if isinstance(c, (All, Some)):
            return type(c)(tuple(cond(x) for x in c.parts))
        if isinstance(c, Not):
            return Not(cond(c.part))
        return c
    return [(level, cond(part) if level else part) for level, part in parts], found


def _constant(p: Planner, node) -> list[int] | None:
    """The whole numbers of a list literal, or of `range` of literals, if there are at most
    MAX_UNROLLED of them; else None."""
    if isinstance(node, ast.ListExpr) and all(isinstance(x, ast.Literal) and type(x.value) is int for x in node.items):
        values = [x.value for x in node.items]
    elif isinstance(node, ast.Call) and node.name == "range" and node.name not in p.functions and \
            1 <= len(node.args) <= 2 and all(isinstance(x, ast.Literal) and type(x.value) is int for x in node.args):
        values = list(range(*(x.value for x in node.args)))
    else:
        return None
    return values if 0 < len(values) <= MAX_UNROLLED else None


def _place(laws: Laws, shp: Shape, loops, residual, known):
    """The `when:`'s parts for this size, each with the level it is tested at: 0 before the
    loops, i inside the i-th, len(loops) + 1 for each candidate. None: no candidate passes."""
    cond = simplified(All(tuple(laws.cond(t, known) for t in residual)))
    if cond is False:
        return None
    parts = [] if cond is True else list(cond.parts) if isinstance(cond, All) else [cond]
    names = [loop.var for loop in loops]
    size_level = 0 if known is not None else max(
        (names.index(n) + 1 for n in ast.names_used(shp.size.node) if n in names), default=0)
    grouped = shp.grouped()
    first_level = names.index(grouped) + 1 if grouped in names else None
    out = []
    for part in parts:
        found = list(atoms(part))
        if any(laws.p.reads_value(a.term) for a in found):
            level = len(loops) + 1
        else:
            used = set().union(*(ast.names_used(a.term.node) for a in found)) if found else set()
            level = max([0] + ([size_level] if SIZE in used else []) +
                        ([first_level if first_level is not None else len(loops) + 1] if FIRST in used else []))
        out.append((level, part))
    return out


def _moves(laws: Laws, placed, n: int) -> bool:
    """Whether a part is tested before the candidates, or tells combos.Chooser something."""
    return any(level <= n for level, _ in placed) or \
        needs(laws, [part for level, part in placed if level == n + 1]) != Needs()


class _Loops:
    """Writes the loops of one plan, each part of the `when:` at its level."""

    def __init__(self, p: Planner, laws: Laws, shp: Shape, loops, parts, known, emit, steady, block):
        self.p, self.c, self.laws, self.shp = p, p.c, laws, shp
        self.loops, self.parts, self.known, self.emit = loops, parts, known, emit
        self.steady, self.block = steady, block
        self.natural: set = set()      # the loops' variables known to be whole numbers, 0 or more

    def write(self, i: int, bound: dict, marks: dict) -> None:
        """Level i's parts, then loop i + 1 (or the candidates), `bound` the loops' variables
        so far, `marks` the placeholders known so far."""
        c, w = self.c, self.c.w
        marks = dict(marks)
        if self.known is not None:
            marks[SIZE] = Frag(const=(self.known,), type=INT)
        elif SIZE not in marks and not (ast.names_used(self.shp.size.node) & {
                loop.var for loop in self.loops[i:]}):
            marks[SIZE] = self.p.compile(self.shp.size, **bound)
        with _Ifs(self, [part for level, part in self.parts if level == i], marks):
            if i == 0:
                marks.update(self.p.hoist(self.steady))
            if i == len(self.loops):
                self.candidates(bound, marks)
                return
            loop = self.loops[i]
            seq = self.p.compile(loop.seq, **bound)
            items, var = w.temp(), w.temp("_v")
            item = seq.type.item if seq.type.only("list") and seq.type.item is not None else ANY
            value = Frag(src=var, type=item, atomic=True, most=seq.items_most)
            if _from_zero(loop.seq.node, seq):
                self.natural |= {var, seq.items}
            sizes = self._sizes(i, seq, marks)
            if sizes == "all":
                self.candidates(bound, {**marks, SIZE: Frag(src=seq.items, type=INT)})
                return
            if sizes is not None:
                part, size = sizes
                w.line(f"{var} = {size}")
                with w.indented(f"if {var} in {seq.items}:"), self._without(part):
                    self.write(i + 1, {**bound, loop.var: value}, marks)
                return
            w.line(f"{items} = {seq.items or c.w_src(seq)}")
            if not seq.type.only("list"):
                with w.indented(f"if _type({items}) is not _list:"):
                    w.line(f"{items} = _iterable({items}, {w.const(loop.seq.expr.locate(loop.seq.node.offset, loop.seq.node.width))})")
            with w.indented(f"for {var} in {items}:"):
                inner = {**bound, loop.var: value}
                if loop.var == self.shp.grouped():
                    marks[FIRST] = Frag(src=f"{var}[0]", type=CARD)
                conds = [loop.cond] if loop.cond is not None else []
                with _Ifs(self, [], {}, terms=conds, bound=inner):
                    self.write(i + 1, inner, marks)

    def _sizes(self, i: int, seq: Frag, marks: dict):
        """Loop i, over Python's range of the candidate's sizes (`range(1, len(g) + 1)`, bounds
        known: nothing to check), written without its loop where it can be: "all" when the sizes
        reach the candidates with nothing to test on them (one block of every size:
        offered.offer takes the range); (the part, the size's source) when a part at its level
        asks `@size == X` of a whole number X read outside it (a follow's `len(s) ==
        len(standing)`): the size is X if the range holds it, else there is none; else None."""
        loop, size = self.loops[i], self.shp.size.node
        if loop.cond is not None or not (isinstance(size, ast.Name) and size.name == loop.var) or \
                seq.items is None or not seq.items.startswith("_range("):
            return None
        n = len(self.loops) + 1
        if i + 1 == len(self.loops) and not any(level in (i + 1, n) for level, _ in self.parts):
            return "all"
        names = {lp.var for lp in self.loops} | {SIZE, FIRST}
        for level, part in self.parts:
            node = part.term.node if level == i + 1 and isinstance(part, Atom) else None
            if isinstance(node, ast.Compare) and node.ops == ("==",):
                for mine, other in (node.operands, reversed(node.operands)):
                    if isinstance(mine, ast.Name) and mine.name == SIZE and not ast.names_used(other) & names:
                        frag = self.p.compile(part.term.at(other), **marks)
                        if frag.type.only(*INTS):
                            return part, self.c.w_src(frag)
        return None

    @contextlib.contextmanager
    def _without(self, part):
        """`part` no longer tested inside (the loop it belonged to settles it)."""
        parts = self.parts
        self.parts = [(level, x) for level, x in parts if x is not part]
        try:
            yield
        finally:
            self.parts = parts

    def candidates(self, bound: dict, marks: dict) -> None:
        c, w = self.c, self.c.w
        n = len(self.loops) + 1
        mine = [part for level, part in self.parts if level == n]
        group = self.p.compile(self.shp.group, **bound)
        size = marks.get(SIZE) or self.p.compile(self.shp.size, **bound)
        call = self.shp.call
        span = call.expr.locate(call.node.offset, call.node.width)
        if not mine:                  # nothing to test: a block (made at once, or when drawn)
            few = group.most is not None and group.most <= offered.FEW and (
                size.src in self.natural if size.const is None else type(size.const[0]) is int and size.const[0] >= 0)
            self.block(c.w_src(group), c.w_src(size), span, few="list" if few and group.type.only("list") else few)
            return
        steady = {name: term for name, term in self.steady.values()}
        chosen, settled = choose_source(c, self.laws, needs(self.laws, mine, self.known, steady), span, marks)
        mine = [part for part in mine if not any(part is done for done in settled)]
        if chosen is not None and not mine:      # it settles every part: its answers, a block
            self.block(c.w_src(group), c.w_src(size), span, chooser=chosen)
            return
        items = w.temp()
        if chosen is None:
            seq = self.p.compile(call, **bound)
            w.line(f"{items} = {c.w_src(seq)}")
            value_type = seq.type.item
        else:
            chooser, called = chosen
            w.line(f"{items} = {chooser}({c.w_src(group)}, {c.w_src(size)}, {w.const(span)}{called})")
            value_type = None
        var = w.temp("_v")
        value = Frag(src=var, type=value_type, atomic=True) if value_type is not None else Frag(src=var, atomic=True)
        with w.indented(f"for {var} in {items}:"), _Ifs(self, mine, marks, value=value):
            self.emit(var)


def _from_zero(node, seq: Frag) -> bool:
    """Whether a loop's list is Python's range from a literal 0 or more (its values are sizes
    a combination may have)."""
    return seq.items is not None and seq.items.startswith("_range(") and isinstance(node, ast.Call) and \
        (len(node.args) == 1 or isinstance(node.args[0], ast.Literal) and type(node.args[0].value) is int
         and node.args[0].value >= 0)


class _Ifs:
    """`if …:` for each condition in turn, each written inside the one before (as `and`
    evaluates them); `terms` are plain Terms of the source's text, compiled with `bound`."""

    def __init__(self, loops: _Loops, conds, marks: dict, value: Frag | None = None, terms=(), bound=None):
        self.loops, self.conds, self.marks, self.value = loops, conds, marks, value
        self.terms, self.bound = terms, bound or {}
        self.stack: list = []

    def __enter__(self):
        w, p = self.loops.c.w, self.loops.p
        for term in self.terms:
            self._enter(w, p.condition(term, None, **self.bound))
        for cond in self.conds:
            self._enter(w, _source(p, cond, self.value, self.marks))
        return self

    def _enter(self, w, src: str) -> None:
        block = w.indented(f"if {src}:")
        block.__enter__()
        self.stack.append(block)

    def __exit__(self, *exc):
        for block in reversed(self.stack):
            block.__exit__(*exc)
        return False


def _source(p: Planner, cond, value: Frag | None, marks: dict) -> str:
    """A condition of and/or/not over parts, as source (lines written first), evaluated as the
    brute force's `and` and `or` would: a part only when the parts before leave it to decide."""
    c = p.c
    if isinstance(cond, bool):
        return str(cond)
    if isinstance(cond, Atom):
        return p.condition(cond.term, value, **marks)
    if isinstance(cond, Not):
        return f"(not {_source(p, cond.part, value, marks)})"
    result = c.w.temp()
    c.w.line(f"{result} = {_source(p, cond.parts[0], value, marks)}")
    test = f"if {result}:" if isinstance(cond, All) else f"if not {result}:"
    rest = All(cond.parts[1:]) if isinstance(cond, All) else Some(cond.parts[1:])
    with c.w.indented(test):
        c.w.line(f"{result} = {_source(p, rest if len(cond.parts) > 2 else cond.parts[1], value, marks)}")
    return result
