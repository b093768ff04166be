"""What one ask's `_l` finds out while listing a choice's values that a later choice's `when:`
asks again (candidates.py writes the flag, ask.py reads it).

A plain loop over a choice's values (`each: c in hand(player), when: fits(c) and …`) tests the
first part of its `when:` on every value, so it can tell, in a flag, whether some value passes
it; a later choice asking `any(fits(c) for c in hand(player))` — written out, or as a call of a
function whose body it is (`not can_play(player)`) — reads the flag instead of looping again.
The two are matched as expressions of the state: the same nodes, the file's functions looked
through and parameters read as their arguments, the loop's variable standing for the choice's.

Likewise a steady comparison that several choices' `when:`s test (`drawn == []` for `play`'s
branch, `drawn == [] and …` for `draw`, `drawn != []` for `keep`) is worked out once, before the
choices, and each of them reads it (`shared_tests`).
"""
from __future__ import annotations

import attrs

from ...errors import RuleError
from ...expr import ast
from ...expr.codegen import Frag
from ...expr.types import BOOL, CONDITION
from ..declare import Expr
from ...expr.ast import rebuilt
from .candidates import Planner, Term


def first_part(p: Planner, when: Expr | None) -> Term | None:
    """The first part of `when:` (split at its `and`s) that reads the value: the part a plain
    loop over the values tests on each value first (unless the plan splits it: then the loops
    of that plan do not tell, see `offer`)."""
    parts = [t for t in p.conjuncts(Term(when, when.tree)) if p.reads_value(t)] if when is not None else []
    return parts[0] if parts else None


class Known:
    """The flags of one `_l`: each choice's first part found on some value of its list. A flag
    starts None (the loop not reached, e.g. in a branch not taken): the later choice then works
    the `any` out itself, before its condition (a part tested where the brute force might not,
    as a plan does: candidates.py's doc)."""

    def __init__(self, c, choices):
        self.c, self.choices = c, choices
        self.facts: list = []              # (Planner, SEQ Term, first part Term, flag)

    def producing(self, p: Planner, source: Term, first: Term, when: Expr) -> str | None:
        """The flag a choice over `source` (whose `when:`, `when`, holds the part `first`) keeps
        for that part, if a later choice asks for it; written None here."""
        fact = (p, source, first, id(when))
        if not any(any(True for _ in self._found(fact, Term(ch.when, ch.when.tree)))
                   for ch in self.choices if ch.each is None and ch.when is not None):
            return None
        flag = self.c.w.temp()
        self.c.w.line(f"{flag} = None")
        self.facts.append((fact, flag))
        return flag

    def _found(self, fact, term):
        """The sub-terms of `term` (in its own text) that ask `any(first for v in source)`,
        `fact` being (the choice's Planner, source, first, the id of the choice's `when:`)."""
        p, source, first, when = fact
        r = p.resolve(term)
        node = r.node
        if isinstance(node, ast.Call) and node.name == "any" and node.name not in p.functions and \
                len(node.args) == 1 and isinstance(node.args[0], ast.Comprehension):
            gen = node.args[0]
            var = gen.loop.var
            if gen.generator and not gen.more and gen.loop.cond is None and \
                    not (r.env and var in r.env) and \
                    _same(p, r.at(gen.loop.seq), source, {}) and \
                    _same(p, r.at(gen.element), first, {(id(r.expr), var): 0, (when, p.var): 0}):
                yield term.node
                return
        if r.expr is term.expr and r.env is term.env:       # still the term's own text: look inside
            for child in ast.children(term.node):
                yield from self._found(fact, term.at(child))
        elif isinstance(term.node, ast.Call):               # a call of a function: its body was looked at
            return

    def reading(self, when: Expr):
        """`when` with each `any` a choice before has answered read from its flag: the new
        Expr and the names to bind (their flags worked out first where still None)."""
        tree, marks = when.tree, {}
        for fact, flag in self.facts:
            found = list(self._found(fact, Term(when, tree)))
            for node in found:
                name = f"@known{len(marks)}"
                with self.c.w.indented(f"if {flag} is None:"):
                    found_src = self.c.expr(attrs.evolve(when, tree=node, form="expression"), CONDITION)
                    self.c.w.line(f"{flag} = {found_src}")
                tree = _replaced(tree, node, ast.Name(name=name, offset=node.offset, width=node.width))
                marks[name] = Frag(src=flag, type=BOOL, atomic=True)
        return attrs.evolve(when, tree=tree), marks


def shared_tests(c, choices) -> tuple[list, dict]:
    """The choices with each comparison `A == B` or `A != B` that the `when:`s of two or more of
    them test, reading no choice's value nor a loop's variable and calling none of the file's
    functions, read from a name (`not` the name, for the other operator); its value written
    before the choices, once; and the names to bind. Nothing is written that `_l` changes
    between the choices, so the value is the one each test would find (where the brute force
    would not work it out, a failure falls back to `_e`'s answers, as a steady part's does:
    candidates.py's doc)."""
    values = {ch.each.tree.var for ch in choices if ch.each is not None}
    met: dict = {}                      # (left's text, right's text): [(choice index, node)]
    for i, ch in enumerate(choices):
        if ch.when is not None:
            for node in _comparisons(ch.when.tree, values | c.ruleset.functions.keys()):
                key = tuple(ch.when.text[x.offset:x.offset + x.width] for x in node.operands)
                met.setdefault(key, []).append((i, node))
    choices, marks = list(choices), {}
    for found in met.values():
        if len({i for i, _ in found}) < 2:
            continue
        first, node = found[0]
        try:
            with c.w.at(choices[first].span):
                src = c.condition(attrs.evolve(choices[first].when, tree=node))
        except RuleError:               # the choice's own test says it, as ever
            continue
        name, held = f"@tested{len(marks)}", c.w.temp()
        c.w.line(f"{held} = {src}")
        marks[name] = Frag(src=held, type=BOOL, atomic=True)
        for i, other in found:
            read = ast.Name(name=name, offset=other.offset, width=other.width)
            if other.ops != node.ops:
                read = ast.Unary(op="not", operand=read, offset=other.offset, width=other.width)
            when = choices[i].when
            choices[i] = attrs.evolve(choices[i], when=attrs.evolve(when, tree=_replaced(when.tree, other, read)))
    return choices, marks


def _comparisons(node, unread: set):
    """The comparisons `A == B` and `A != B` in `node` (none inside a comprehension, none holding
    one) that read no name of `unread` (names_used gives the functions called too)."""
    if isinstance(node, ast.Comprehension):
        return
    if isinstance(node, ast.Compare) and len(node.ops) == 1 and node.ops[0] in ("==", "!=") and \
            not ast.names_used(node) & unread and not _loops(node):
        yield node
        return
    for child in ast.children(node):
        yield from _comparisons(child, unread)


def _loops(node) -> bool:
    """Whether `node` holds a comprehension (a loop: not worked out where it might not be)."""
    return isinstance(node, ast.Comprehension) or any(_loops(child) for child in ast.children(node))


def one_term(a: Term, b: Term) -> bool:
    """Whether two Terms are the same place of the same text, their parameters bound alike."""
    if a.expr is not b.expr or a.node is not b.node or (a.env is None) != (b.env is None):
        return False
    return a.env is None or (a.env.keys() == b.env.keys() and all(one_term(a.env[k], b.env[k]) for k in a.env))


def _replaced(tree, old, new):
    """`tree` with the node `old` (by identity) replaced by `new`."""
    if tree is old:
        return new
    return rebuilt(tree, lambda child: _replaced(child, old, new))


def _same(p: Planner, a: Term, b: Term, bound: dict) -> bool:
    """Whether two terms are the same expression of the state: the same nodes, functions looked
    through and parameters read as their arguments, a name of `bound` (by its text and name)
    standing for the same value as another of the same mark. A comprehension is never the same."""
    a, b = p.resolve(a), p.resolve(b)
    na, nb = a.node, b.node
    if type(na) is not type(nb) or isinstance(na, ast.Comprehension):
        return False
    if isinstance(na, ast.Name):
        return bound.get((id(a.expr), na.name), ("free", na.name)) == \
            bound.get((id(b.expr), nb.name), ("free", nb.name))
    for field in attrs.fields(type(na)):
        if field.name in ("offset", "width", "op_offset", "op_width", "var_offset"):
            continue
        x, y = getattr(na, field.name), getattr(nb, field.name)
        if isinstance(x, ast.Node):
            if not (isinstance(y, ast.Node) and _same(p, a.at(x), b.at(y), bound)):
                return False
        elif isinstance(x, tuple) and any(isinstance(v, ast.Node) for v in x):
            if not (isinstance(y, tuple) and len(x) == len(y) and
                    all(_same(p, a.at(u), b.at(v), bound) for u, v in zip(x, y))):
                return False
        elif x != y:
            return False
    return True
