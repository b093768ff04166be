"""Loops of the expression language, compiled: comprehensions, generators given to a
built-in (`sum(… for p in active)`) and a statement over a list (`lives(p) -= 1 for p in xs`)
(a mixin of compiler.Compiler).

A loop variable is a Python variable of the function being written. A steady read inside the
loops (a game counter, an option: Frag.steady) is written once before the outermost one.

The work of one evaluation is bounded as a whole, across its loops inside loops and the bodies
of the functions it calls (docs/language.md §11). It is counted in items: each round of a loop
is ROUND of them, and each list a round reads or makes (an operand of an operator or a built-in,
a call's result, a list gathered) as many as it may hold. The compiler knows a bound of a list's
size where it is a zone (at most the deck), the seats, a list written out, a constant, a
comprehension of such or a `range` of constants; any other list counts as the most a list may
hold (10,000). A loop's work is its rounds (its list's size times the rounds of the loops around
it) times the items of one round. While the evaluation's work so bounded stays within FREE,
nothing is written to count it: the shipped games' code is what it was. Past that, the loop
counts its work where it begins, with its list's real size (`_nN += len(items) * weight` and a
test: nothing per round), against BUDGET, and going past it is an EvalError at the loop. Loops
whose sizes are all known exactly (`range(10000)` twice) and run past BUDGET are an error at load.
"""
from __future__ import annotations

import re

import functools
from math import comb

import attrs

from ..errors import RuleError
from .types import A_LIST, ANY, BOOL, INT, Type, list_of
from . import ast
from .codegen import Frag, Lines, indent
from .operators import INTS
from .values import MAX_ITEMS, EvalError

MAX_LOOPS = 12   # loops nested in one expression (Python allows 20 nested blocks in a function)
# Work is counted in items of lists read or made (by the C code of a list operation: a few
# nanoseconds each, and 8 bytes each kept), a loop's round as ROUND of them (Python's own work).
ROUND = 10
FREE = 30_000_000        # the work an evaluation may be known to be within, uncounted
BUDGET = 30_000_000      # the work it may do beyond that, counted: within a second or two, and 1 GB
BUDGET_HINT = ("loops inside loops multiply, and so does each list a round makes or reads: loop over "
               "fewer items, or work the value out in steps (a counter)")

# What a loop does with each produced value `{e}` (the loop variable is `{v}`): the result `{r}`
# starts as the first item of the pair. any/all/count/first stop as soon as the answer is known;
# `count(lives(p) > 0 for p in s)` counts the true ones, `count(p for p in s if c)` the items:
# every produced value counts except false and none (a seat 0 still counts).
GATHER = {
    "list": ("[]", ["{r}.append({e})"]),
    "pairs": ("[]", ["{r}.append(({v}, {e}))"]),
    "any": ("False", ["if {e}:", " {r} = True", " break"]),
    "all": ("True", ["if not {e}:", " {r} = False", " break"]),
    "count": ("0", ["if {e} is not False and {e} is not None:", " {r} += 1"]),
    "first": ("None", ["{r} = {e}", "break"]),
}


_NAMES = re.compile(r"\b_[tv]\d+\b")
_WRITES = re.compile(r"(?:(_[tv]\d+) = |for (_v\d+) in )")


class Loops:
    """The loops' half of the expression compiler."""

    def gather(self, kind: str, node: ast.Comprehension) -> Frag:
        """Loop over a comprehension, doing GATHER[kind] with each value; the result's type is
        that of the gathered list (or BOOL, INT, the element's type for any/all, count, first)."""
        result = self.unit.temp()
        start, step = GATHER[kind]
        self.unit.emit(f"{result} = {start}")
        types = {}

        def body(var: str, var_type: Type) -> None:
            e = self._expr(node.element)
            types["element"], types["var"] = e.type, var_type
            if kind == "list":
                self.weigh(e)
            lines = step
            if kind == "count" and e.const is not None:     # counted or not, known now: never `1 is not None`
                lines = ["{r} += 1"] if e.const[0] is not False and e.const[0] is not None else []
            elif kind == "count" and e.type.kinds and not e.type.has("bool", "none"):     # a seat: always counted
                lines = ["{r} += 1"]
            if sum(line.count("{e}") for line in lines) > 1:
                e = self.atom(e)
            words = {"r": result, "v": var, "e": self.src(e)}
            self.unit.lines += [(len(line) - len(line.lstrip()), line.strip().format(**words))
                                for line in lines]
        if node.more and kind == "pairs":
            raise RuleError(self.span(node.more[0]), "argmax and argmin take one loop `for x in xs`",
                            "make the list first: argmax(e for x in [… for … in … for … in …])")

        def nested(loops):
            """The further loops (`for y in ys` after `for x in xs`), each inside the one before."""
            return (lambda var, var_type: self.loop(loops[0], nested(loops[1:]))) if loops else body
        sizes = len(self.shared.sizes)
        mark = self.unit.mark()
        self.loop(node.loop, nested(node.more))
        gathered = 1
        for size in self.shared.sizes[sizes:]:        # the comprehension's loops (and those inside it)
            gathered = min(gathered * size, BUDGET)
        del self.shared.sizes[sizes:]
        element, var = types.get("element", ANY), types.get("var", ANY)
        type_ = {"list": list_of(element), "pairs": list_of(var), "any": BOOL, "all": BOOL,
                 "count": INT, "first": element | Type(frozenset({"none"}))}[kind]
        most = gathered if kind in ("list", "pairs") else None
        if self.loops and not self.writing and self._steady_lines(mark - 1):
            # the same in every round of the loops around it: worked out where first met, kept
            lines = self.unit.take(mark - 1)
            kept = self.unit.temp()
            self.hoisted.append((kept, "None"))
            self.unit.block(f"if {kept} is None:", [*lines, (0, f"{kept} = {result}")])
            return Frag(src=kept, type=type_, atomic=True, most=most)
        return Frag(src=result, type=type_, atomic=True, most=most)

    def listed(self, node: ast.Comprehension) -> Frag:
        """A comprehension's list. `[xs[i] for i in range(n)]` of a zone xs is its first n cards:
        one slice where 0 <= n <= len(xs) (a new stock from the pile but its top card, without a
        call and a bounds test a card); the loop as written where not (a negative n gives none,
        an index past the end fails there)."""
        mark = self.unit.mark()
        frag = self.gather("list", node)
        loop, e = node.loop, node.element
        if (self.loops or node.more or loop.cond is not None or not isinstance(loop.seq, ast.Call)
                or loop.seq.name != "range" or len(loop.seq.args) != 1 or not isinstance(e, ast.Index)
                or not isinstance(e.value, ast.Name) or not isinstance(e.index, ast.Name)
                or e.index.name != loop.var or e.value.name == loop.var):
            return frag
        written = self.unit.take(mark)
        zone = self._expr(e.value)
        xs, n = self.atom(zone), self.atom(self._expr(loop.seq.args[0]))
        if not xs.live or not xs.type.only("list") or not n.type.only("int") or \
                any(self.shared.counter and self.shared.counter in text for _, text in written):
            self.unit.take(mark)            # not a zone, or a loop whose work is counted: as written
            self.unit.lines += written
            return frag
        x, k = self.src(xs), self.src(n)
        self.unit.block(f"if 0 <= {k} <= _len({x}):", [(0, f"{frag.src} = {x}[:{k}]")])
        self.unit.block("else:", written)
        return attrs.evolve(frag, first_of=zone.zone)    # (where it does not fail: none, or the first n)

    def _steady_lines(self, mark: int) -> bool:
        """Whether the lines written since `mark` read no name written in the loops around
        them before it (a loop's variable, a value of its round): each is written within
        them, or before the outermost loop began (Evaluation.outside)."""
        lines = [text for _, text in self.unit.lines[mark:]]
        written = set()
        for text in lines:
            found = _WRITES.match(text)
            if found:
                written.add(found.group(1) or found.group(2))
        outside = self.shared.outside
        steady = {name for name, _ in self.hoisted}
        for name in _NAMES.findall("\n".join(lines)):
            if name not in written and name not in steady and int(name[2:]) >= outside:
                return False
        return True

    def loop(self, loop: ast.Loop, body, copy: bool = False) -> None:
        """Write `for var in seq if cond: body(var, var's type)`; `copy`: loop over a copy of the
        list (a statement's `move` may change the zone being looped over)."""
        if self.loops >= MAX_LOOPS:
            raise RuleError(self.span(loop), f"loops nest too deeply (at most {MAX_LOOPS})")
        unit, outermost = self.unit, not self.loops
        if outermost:
            self.shared.outside = int(unit.temp()[2:])      # temporaries from here on: the loops' own
        seq = self._expr(loop.seq)
        self.check(seq, A_LIST, loop.seq, "a loop `for … in`")
        items = unit.temp()
        unit.emit(f"{items} = {seq.items or self.src(seq)}")  # `var` is not bound in it
        if not seq.type.only("list"):
            unit.block(f"if _type({items}) is not _list:",
                       [(0, f"{items} = _iterable({items}, {self.span_const(loop.seq)})")])
        if copy and (seq.live or seq.items is None):
            unit.emit(f"{items} = _list({items})")
        var_type = _item(seq.type)
        var = unit.temp("_v")
        size, exact = self._size(loop.seq, seq)
        self.shared.sizes.append(size)
        around = self.rounds
        rounds = (around[0] * size, around[1] and exact)
        if rounds[1] and rounds[0] * ROUND > BUDGET:
            raise RuleError(self.span(loop), f"these loops would run {rounds[0]:,} times, more than "
                            f"{BUDGET // ROUND:,}", BUDGET_HINT)
        self.bound.append((loop.var, Frag(src=var, type=var_type, atomic=True, most=seq.items_most)))
        self.loops += 1
        self.rounds = rounds
        self.shared.weights.append(ROUND)
        try:
            mark = unit.mark()
            cond = self.src(self._expr(loop.cond)) if loop.cond is not None else None
            lines = unit.take(mark)
            body(var, var_type)
            inner: Lines = unit.take(mark)
        finally:
            self.bound.pop()
            self.loops -= 1
            self.rounds = around
            weight = self.shared.weights.pop()
        if cond is not None:
            inner = [*lines, (0, f"if {cond}:"), *indent(inner or [(0, "pass")])]
        self._count(loop, items, rounds[0], weight)
        if outermost:
            unit.emit(*(f"{name} = {src}" for name, src in self.hoisted))
            self.hoisted.clear()
        unit.block(f"for {var} in {items}:", inner)

    def _size(self, node: ast.Node, seq: Frag) -> tuple[int, bool]:
        """The most items the list a loop runs over may hold, and whether that is its size."""
        if isinstance(node, ast.ListExpr):
            return len(node.items), True
        if isinstance(node, ast.Call) and node.name == "range" and 1 <= len(node.args) <= 2 and \
                all(isinstance(a, ast.Literal) and type(a.value) is int for a in node.args):
            bounds = [a.value for a in node.args]
            low, high = ([0] + bounds)[-2:]
            return min(max(0, high - low), MAX_ITEMS), True
        return self.most(seq), False

    def most(self, frag: Frag) -> int:
        """The most items a list value may hold, as far as the compiler knows."""
        if frag.most is not None:
            return frag.most
        if frag.const is not None and isinstance(frag.const[0], (list, tuple)):
            return len(frag.const[0])
        if frag.zone is not None or frag.items is not None:     # a zone, the seats, a hand's field
            return self.scope.held()
        return MAX_ITEMS

    def largest(self, frag: Frag) -> int | None:
        """The largest whole number `frag` may be, where the compiler knows (`len(g) + 1`); of a
        value that may also be none or a fraction (`min(due - got, count(deck))`, `due` a counter), the
        largest it may be when it is a whole number (as anything else, what it bounds fails)."""
        if frag.const is not None:
            value = frag.const[0]
            return value if type(value) is int else None
        return frag.most if frag.type.within(*INTS, "fraction", "none") else None

    def shaped(self, node: ast.Call, frag: Frag) -> Frag:
        """A built-in's result with the bounds its arguments give it (SHAPES): how many items
        its list may hold and how many each of its items (a group, a combination), or the
        largest number it may be (`len`)."""
        shape = SHAPES.get(node.name)
        recorded = self.shared.operands
        if shape is None or recorded is None or recorded[0] is not node.args:
            return frag
        args = recorded[1]
        most, items = shape(self, *args) if len(args) == len(node.args) else (None, None)
        return attrs.evolve(frag, most=most, items_most=items)

    def weigh(self, *frags: Frag) -> None:
        """Count the lists among `frags` as items of work of a round of the innermost loop."""
        if self.shared.weights:
            self.shared.weights[-1] += sum(self.most(f) for f in frags if f.type.has("list"))

    def _count(self, loop: ast.Loop, items: str, rounds: int, weight: int) -> None:
        """The loop's work (`rounds` at most, `weight` items each) within FREE: nothing to write;
        else counted where the loop begins, with its list's real size."""
        shared = self.shared
        if shared.free + rounds * weight <= FREE:
            shared.free += rounds * weight
            return
        if shared.counter is None:
            shared.counter = self.unit.temp("_n")
        over = functools.partial(EvalError, f"this expression's loops went past {BUDGET:,} items of work",
                                 self.span(loop), BUDGET_HINT)
        self.unit.emit(f"{shared.counter} += _len({items}) * {weight}")
        self.unit.block(f"if {shared.counter} > {BUDGET}:", [(0, f"raise {self.unit.const(over)}()")])


def _item(t: Type) -> Type:
    """The type of a list's items, as read: any, where the list may be something else or its
    items are not known (a counter that starts as [] and is given lists from outside). Nothing
    while the list's own type is not known yet (a counter in the first round of inference,
    compile_program): were it any, `xs = [x + [c] for x in xs]` would make xs's items any for
    good, whatever its start says."""
    if not t.kinds:
        return t
    if not t.only("list") or t.item is None or not t.item.kinds:
        return ANY
    return t.item



def _same(c, xs, *rest):
    """A list no longer than its argument (sorted, unique, cards of a suit, …)."""
    return c.most(xs), None


def _range(c, *bounds):
    if len(bounds) == 1:
        high = c.largest(bounds[0])
        return (None, None) if high is None else (min(max(high, 0), MAX_ITEMS), max(high - 1, 0))
    low, high = bounds[0].const[0] if bounds[0].const is not None and type(bounds[0].const[0]) is int else None, c.largest(bounds[1])
    if low is None or high is None:
        return None, None
    return min(max(high - low, 0), MAX_ITEMS), max(high - 1, 0)


def _combinations(c, xs, k=None):
    n = c.most(xs)
    largest = c.largest(k) if k is not None else n
    if largest is None or n > 60:
        return None, n
    return min(sum(comb(n, j) for j in range(min(largest, n) + 1)), MAX_ITEMS), min(n, largest)


def _least(c, *xs):
    """min of several whole numbers is at most the largest of any of them."""
    known = [c.largest(x) for x in xs if len(xs) > 1 and c.largest(x) is not None]
    return (min(known) if known else None), None


def _most(c, *xs):
    """max of several whole numbers is at most the largest of them all."""
    known = [c.largest(x) for x in xs]
    return (max(known) if len(xs) > 1 and None not in known else None), None


# What a built-in's list may hold, from its arguments' bounds: (items, items of each item).
SHAPES = {
    "sorted": _same, "unique": _same, "reversed": _same, "cards": _same, "suits_of": _same,
    "top": lambda c, n, xs: (c.most(xs), None),
    "len": lambda c, xs: (c.most(xs) if xs.type.has("list", "text") else None, None),
    "count": lambda c, xs: (c.most(xs) if xs.type.has("list") else None, None),
    "by_rank": lambda c, xs: (c.most(xs), min(c.most(xs), c.scope.same_rank())),
    "by_suit": lambda c, xs: (c.most(xs), c.most(xs)),
    "range": _range, "combinations": _combinations, "subsets": _combinations, "min": _least, "max": _most,
    "melds": lambda c, xs, order: (None, c.most(xs)), "best_melds": lambda c, xs, order: (c.most(xs), c.most(xs)),
}
