"""What the compiler knows of an `each:` over combinations and of its candidates, for the
plans of sources.py: the source's loops (`Shape`), the `when:` as and/or/not over parts with
what the shape says of the candidate written in (`Laws`), and what those parts ask of the
candidate itself (`Needs`: one rank or suit, a meld, a poker class), for a `combos.Chooser`.

A source is seen as its loops, the innermost the candidate's own, `for s in combinations(G, K)`:

    combinations(hand(player), 2)                                          # that loop alone
    [s for k in [1, 2, 3, 5] for s in combinations(hand(player), k)]        # sizes, then the loop
    [s for g in by_rank(xs) for k in range(1, len(g) + 1) for s in combinations(g, k)]   # groups

What is known of a candidate `s` of that loop is written into the parts of the `when:` that read
it: `len(s)` is K (`@size`, a number when K is one), and, G being a group of `by_rank`,
`rank(s[i])` and `power(s[i])` are those of the group's first card (`@first`).
"""
from __future__ import annotations

import attrs

from ...expr import ast
from ...expr.ast import rebuilt
from .candidates import Planner, Term

SIZE, FIRST = "@size", "@first"


# -- conditions as and/or/not over parts ------------------------------------------------------------

@attrs.frozen
class Atom:
    term: Term


@attrs.frozen
class All:
    parts: tuple


@attrs.frozen
class Some:
    parts: tuple


@attrs.frozen
class Not:
    part: object


def simplified(cond):
    """True and false parts folded away."""
    if isinstance(cond, (All, Some)):
        unit, zero = (True, False) if isinstance(cond, All) else (False, True)
        parts = []
        for part in (simplified(x) for x in cond.parts):
            if part is zero:
                return zero
            if part is not unit:
                parts += part.parts if type(part) is type(cond) else [part]
        return unit if not parts else parts[0] if len(parts) == 1 else type(cond)(tuple(parts))
    if isinstance(cond, Not):
        part = simplified(cond.part)
        return (not part) if isinstance(part, bool) else Not(part)
    return cond


# -- the shape of a source ----------------------------------------------------------------------------

@attrs.frozen
class Loop:
    var: str
    seq: Term
    cond: Term | None


@attrs.frozen
class Shape:
    """Loops (outermost first), then the candidate's `for _ in combinations(group, size)`
    (`call`, that call)."""

    loops: tuple[Loop, ...]
    group: Term
    size: Term
    call: Term

    def grouped(self) -> str | None:
        """The loop variable G is, when it ranges over `by_rank(…)`'s groups."""
        node = self.group.node
        for loop in self.loops:
            if isinstance(node, ast.Name) and node.name == loop.var and isinstance(loop.seq.node, ast.Call) \
                    and loop.seq.node.name == "by_rank":
                return loop.var
        return None


def shape(p: Planner, source: Term) -> Shape | None:
    t = p.resolve(source)
    node = t.node
    if _builtin(p, node, "combinations", 2):
        return Shape((), t.at(node.args[0]), t.at(node.args[1]), t)
    if not isinstance(node, ast.Comprehension) or node.generator:
        return None
    *outer, last = (node.loop, *node.more)
    if not (isinstance(node.element, ast.Name) and node.element.name == last.var and last.cond is None
            and _builtin(p, last.seq, "combinations", 2)):
        return None
    names = [loop.var for loop in outer]
    if last.var in names or len(set(names)) != len(names):
        return None
    loops = tuple(Loop(x.var, t.at(x.seq), t.at(x.cond) if x.cond is not None else None) for x in outer)
    return Shape(loops, t.at(last.seq.args[0]), t.at(last.seq.args[1]), t.at(last.seq))


def _builtin(p: Planner, node, name: str, arity: int) -> bool:
    return isinstance(node, ast.Call) and node.name == name and name not in p.functions and len(node.args) == arity


# -- what is known of the candidate, written into the when ----------------------------------------------

class Laws:
    """Rewrites the parts of the `when:` with what the shape says of the candidate."""

    def __init__(self, p: Planner, shape: Shape):
        self.p, self.shape = p, shape
        self.first = shape.grouped() is not None

    def candidate(self, term: Term) -> bool:
        r = self.p.resolve(term)
        return r.env is None and isinstance(r.node, ast.Name) and r.node.name == self.p.var

    def cond(self, term: Term, size: int | None):
        """The condition as and/or/not over parts, each rewritten; `size` a known K, folded."""
        r = self.p.resolve(term)
        node = r.node
        if isinstance(node, ast.BoolOp):
            parts = (self.cond(r.at(node.left), size), self.cond(r.at(node.right), size))
            return simplified(All(parts) if node.op == "and" else Some(parts))
        if isinstance(node, ast.Unary) and node.op == "not":
            return simplified(Not(self.cond(r.at(node.operand), size)))
        if isinstance(node, ast.Literal) and isinstance(node.value, bool):
            return node.value
        rewritten = r.at(self.rewrite(r, node, frozenset()))
        folded = _fold(rewritten.node, size)
        return folded if folded is not None else Atom(rewritten)

    def rewrite(self, t: Term, node, shadow: frozenset):
        """`node` with `len(s)` as @size and `rank(s[i])`, `power(s[i])` as those of @first."""
        if isinstance(node, ast.Call) and node.args and not any(
                isinstance(a, ast.Name) and a.name in shadow for a in node.args):
            arg = node.args[0]
            if node.name in ("len", "count") and len(node.args) == 1 and self.candidate(t.at(arg)):
                return ast.Name(name=SIZE, offset=node.offset, width=node.width)
            if self.first and node.name in ("rank", "power") and len(node.args) == 1 and \
                    isinstance(arg, ast.Index) and isinstance(arg.index, ast.Literal) and \
                    type(arg.index.value) is int and self.candidate(t.at(arg.value)):
                return attrs.evolve(node, args=(ast.Name(name=FIRST, offset=arg.offset, width=arg.width),))
        if isinstance(node, ast.Comprehension):
            inner = shadow | {loop.var for loop in (node.loop, *node.more)}
            return rebuilt(node, lambda child: self.rewrite(t, child, inner))
        if isinstance(node, ast.Name) and node.name in shadow:
            return node
        return rebuilt(node, lambda child: self.rewrite(t, child, shadow))


_COMPARE = {"==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
            "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}


def _fold(node, size: int | None):
    """A comparison of whole numbers known now (a literal, or @size when K is), worked out."""
    if not isinstance(node, ast.Compare) or any(op not in _COMPARE for op in node.ops):
        return None
    values = []
    for operand in node.operands:
        if isinstance(operand, ast.Literal) and type(operand.value) is int:
            values.append(operand.value)
        elif isinstance(operand, ast.Name) and operand.name == SIZE and size is not None:
            values.append(size)
        else:
            return None
    return all(_COMPARE[op](a, b) for op, a, b in zip(node.ops, values, values[1:]))


# -- what the candidate itself must be ------------------------------------------------------------------

@attrs.frozen
class Needs:
    """Necessary conditions on a candidate, for a combos.Chooser: its cards share `same` (a card
    table), it is a meld in the order `meld`, a poker hand of class `poker` (a constant) or
    higher, or above `beat`'s rank (the source of a poker_rank list; `ties`: or equal to it).
    `by` names the part each was read from, and whether a combos.Chooser can settle it (make
    exactly the candidates that pass it), so that it need not be tested on each."""

    same: str | None = None
    meld: str | None = None
    poker: int | None = None
    beat: Term | None = None
    ties: bool = False
    by: dict = attrs.field(factory=dict, eq=False)


def needs(laws: Laws, parts, size: int | None = None, steady: dict | None = None) -> Needs:
    """What the candidate-reading parts (the top-level ones) say of its shape; `size` the
    candidates' size where known, `steady` the terms of the `@steadyN` names in the parts."""
    found: dict = {}
    by: dict = {}
    for part in parts:
        if not isinstance(part, Atom):
            continue
        node, t = part.term.node, part.term
        key = _same_key(laws, t, node, size)
        if key is not None:
            if "same" not in found:
                found["same"], by["same"] = key[0], (part, key[1])
        elif _builtin(laws.p, node, "is_meld", 2) and laws.candidate(t.at(node.args[0])) and \
                isinstance(node.args[1], ast.Literal) and isinstance(node.args[1].value, str):
            if "meld" not in found:
                found["meld"], by["meld"] = node.args[1].value, (part, False)
        elif isinstance(node, ast.Compare) and len(node.ops) == 1:
            _poker(laws, t, node, found, by, part, steady or {})
    return Needs(**found, by=by)


def _same_key(laws: Laws, t: Term, node, size: int | None) -> tuple[str, bool] | None:
    """`all(F(c) == F(s[i]) for c in s)` (F rank, power or suit), or `len(by_rank(s)) == 1`
    (by_suit, suits_of): the table F reads, and whether the cards sharing it are exactly those
    that pass (`== 1` is false of no card)."""
    if _builtin(laws.p, node, "all", 1) and isinstance(node.args[0], ast.Comprehension):
        gen = node.args[0]
        test = gen.element
        if gen.more or gen.loop.cond is not None or not laws.candidate(t.at(gen.loop.seq)) or \
                not isinstance(test, ast.Compare) or test.ops != ("==",):
            return None
        a, b = test.operands
        for x, y in ((a, b), (b, a)):
            if isinstance(x, ast.Call) and isinstance(y, ast.Call) and x.name == y.name and \
                    x.name in ("rank", "power", "suit") and len(x.args) == len(y.args) == 1 and \
                    isinstance(x.args[0], ast.Name) and x.args[0].name == gen.loop.var and \
                    isinstance(y.args[0], ast.Index) and laws.candidate(t.at(y.args[0].value)) and \
                    isinstance(y.args[0].index, ast.Literal) and type(y.args[0].index.value) is int:
                return x.name, True
        return None
    if isinstance(node, ast.Compare) and node.ops in (("==",), ("<=",)):
        left, right = node.operands
        if isinstance(right, ast.Literal) and right.value == 1 and \
                (_builtin(laws.p, left, "len", 1) or _builtin(laws.p, left, "count", 1)):
            inner = left.args[0]
            for name, key in (("by_rank", "rank"), ("by_suit", "printed suit"), ("suits_of", "printed suit")):
                if _builtin(laws.p, inner, name, 1) and laws.candidate(t.at(inner.args[0])):
                    return key, node.ops == ("<=",) or size is not None and size >= 1
    return None


def _poker(laws: Laws, t: Term, node, found: dict, by: dict, part, steady: dict) -> None:
    """`poker_rank(s)[0] >= 4` (a class, of literals) or `poker_rank(s) > poker_rank(y)`
    (`poker_rank(y)` perhaps worked out before, as a `@steadyN` name)."""
    op, (left, right) = node.ops[0], node.operands
    if isinstance(left, ast.Index) and _builtin(laws.p, left.value, "poker_rank", 1) and \
            laws.candidate(t.at(left.value.args[0])) and isinstance(left.index, ast.Literal) and \
            left.index.value == 0 and isinstance(right, ast.Literal) and type(right.value) is int:
        least = {">=": right.value, ">": right.value + 1, "==": right.value}.get(op)
        if least is not None and "poker" not in found:
            found["poker"], by["poker"] = least, (part, op != "==")
        return
    if op not in (">", ">=") or not _builtin(laws.p, left, "poker_rank", 1) or \
            not laws.candidate(t.at(left.args[0])) or "beat" in found:
        return
    other = steady.get(right.name) if isinstance(right, ast.Name) else t.at(right)
    if other is not None and _builtin(laws.p, other.node, "poker_rank", 1) and not laws.p.reads_value(other):
        found["beat"], found["ties"], by["beat"] = t.at(right), op == ">=", (part, True)


def atoms(cond):
    """The parts of a condition, in order."""
    if isinstance(cond, Atom):
        yield cond
    elif isinstance(cond, (All, Some)):
        for part in cond.parts:
            yield from atoms(part)
    elif isinstance(cond, Not):
        yield from atoms(cond.part)
