"""An ask choice's offered values (`_l`), listed without testing every candidate where the
compiler sees the structure of its `each:` and `when:`.

The meaning, which this keeps exactly: the values of `each: s in SEQ`, in SEQ's order, for which
`when:` holds. The plan:

- **Steady parts of `when:`** (parts that do not read the choice's value) are tested once,
  before SEQ is listed: `when: drawn and fitting(c) != []` lists no card while `drawn` is false;
  `standing == [] or higher(s)` takes every value while `standing` is empty, and tests
  `higher(s)` only otherwise (a branch per such `or`, at most two deep).
- **Structured sources** (sources.py): where SEQ is made of `combinations(G, K)` (alone, over a
  constant list of sizes, or over the groups of `by_rank`), the parts of `when:` that say what
  the values look like (their size, one rank or suit, a meld, a poker class, how high a group
  is) are tested in the loops or given to a `combos.Chooser`, so that only candidates that can
  pass are made, in SEQ's order; the parts the Chooser makes exactly are not tested again,
  the others are tested on each of those.

The user's functions are looked through (a call stands for its body, its parameters bound to the
arguments), so `when: higher(s)` is seen as the body of `higher`. Every piece is compiled by the
expression compiler from its own text, so types and the places of errors are the brute force's.
`_e` (every candidate with the reason it is not offered, for why_not) still lists them all, and
tests/test_structured.py checks that `_l` gives what `_e` offers, in the same order, at random
states of the shipped games and under generated filters.

A plan tests the parts of a `when:` in another order, and may test a part where the brute force
would not (a steady part before any value, a group's part once for all its combinations). Where
every part evaluates, that changes nothing; where one fails (an index past the end of a list:
an error of the rule file), `_l` falls back to `_e`'s answers (ask.py `_offered`), so what
fails in the brute force fails alike, and what does not fail there does not fail here.
"""
from __future__ import annotations

import attrs

from ...expr import ast
from ...expr.ast import rebuilt
from ...expr.codegen import Frag
from ...runtime import offered
from ...runtime.cards import CARDS
from ..declare import Expr
from . import rows
from ...expr.types import ANY, CONDITION

MAX_BRANCHES = 2          # `I or R` conjuncts split into two plans each, at most this deep
FALLBACK = True           # `_l` lists the answers as `_e` does where a plan fails (tests turn it off
                          # to see a plan fail where the brute force does not)


@attrs.frozen(eq=False)
class Term:
    """A sub-expression in the text it was written in: `node`, a sub-tree of `expr` (the choice's
    `each:` or `when:`, or a function's body), and `env`, the parameters of the function body it
    lies in, each bound to its argument's Term (None: the choice's own texts, where the choice's
    variable and the ask's names are bound)."""

    expr: Expr
    node: ast.Node
    env: dict | None = None

    def at(self, node: ast.Node) -> Term:
        return Term(self.expr, node, self.env)


class Planner:
    """What the plan needs of one choice: its variable, the file's functions, and how to look
    through and compile Terms."""

    def __init__(self, c, var: str):
        self.c, self.var = c, var
        self.functions = c.ruleset.functions

    def resolve(self, term: Term) -> Term:
        """The term with a parameter replaced by its argument and a call of one of the file's
        functions by its body, as often as they lead to one another."""
        while True:
            node = term.node
            if isinstance(node, ast.Name) and term.env is not None and node.name in term.env:
                term = term.env[node.name]
            elif isinstance(node, ast.Call) and node.name in self.functions and \
                    len(node.args) == len(self.functions[node.name].params):
                f = self.functions[node.name]
                term = Term(f.body, f.body.tree, {p: term.at(a) for p, a in zip(f.params, node.args)})
            else:
                return term

    def reads_value(self, term: Term, shadow: frozenset = frozenset()) -> bool:
        """Whether the term reads the choice's value (through parameters and function bodies)."""
        node = term.node
        if isinstance(node, ast.Name):
            if node.name in shadow:
                return False
            if term.env is not None:
                return node.name in term.env and self.reads_value(term.env[node.name])
            return node.name == self.var
        if isinstance(node, ast.Call) and node.name in self.functions:
            return any(self.reads_value(term.at(a), shadow) for a in node.args)
        if isinstance(node, ast.Comprehension):
            inner = shadow
            for loop in (node.loop, *node.more):
                if self.reads_value(term.at(loop.seq), inner):
                    return True
                inner = inner | {loop.var}
                if loop.cond is not None and self.reads_value(term.at(loop.cond), inner):
                    return True
            return self.reads_value(term.at(node.element), inner)
        return any(self.reads_value(term.at(child), shadow) for child in ast.children(node))

    def conjuncts(self, term: Term) -> list[Term]:
        """The parts of a condition split at its top-level `and`s (looked through functions)."""
        term = self.resolve(term)
        if isinstance(term.node, ast.BoolOp) and term.node.op == "and":
            return [*self.conjuncts(term.at(term.node.left)), *self.conjuncts(term.at(term.node.right))]
        return [term]

    def compile(self, term: Term, place=ANY, value: Frag | None = None, **names: Frag) -> Frag:
        """The term compiled where the code is being written, its parameters bound to their
        arguments (compiled here too), the choice's variable to `value`, and `names` (the
        planner's own, `@…`, which no rule file can write) to theirs."""
        bound = {}
        if term.env is not None:                     # the parameters it reads, bound to their arguments
            for name in ast.names_used(term.node) & term.env.keys():
                bound[name] = self.compile(term.env[name], ANY, value)
        elif value is not None:
            bound[self.var] = value
        for name, mark in names.items():
            if not isinstance(mark, Frag):           # a function's body worked out here (less.py)
                if name not in ast.names_used(term.node):
                    continue
                frag = self.compile(mark.term, ANY, value, **names)
                held = self.c.w.temp()
                self.c.w.line(f"{held} = {self.c.w_src(frag)}")
                mark = Frag(src=held, type=frag.type, atomic=True, most=frag.most, items_most=frag.items_most)
            bound[name] = mark
        with self.c.binding(**bound):
            return self.c.frag(attrs.evolve(term.expr, tree=term.node, form="expression"), place)

    def condition(self, term: Term, value: Frag | None = None, **names: Frag) -> str:
        return self.c.w_src(self.compile(term, CONDITION, value, **names))

    def steady(self, term: Term, found: dict) -> Term:
        """The term with each largest sub-expression that reads neither the value nor a loop's
        variable (`upcard()`, `poker_rank(standing)`, `owed > 0`, `option.jack_on_jack or
        rank(upcard()) != 'J'`, a counter) read from a name `@steadyN`, to be worked out once
        before the values are tested; `found` gathers them, by name (a sub-expression the brute
        force would not work out, in a branch not taken, fails over to it: see the module's
        doc)."""
        def rewrite(node, shadow: frozenset, top: bool):
            used = ast.names_used(node)
            if not top and not isinstance(node, WRITTEN) and not used & shadow and \
                    not any(n.startswith("@") for n in used) and not self.reads_value(term.at(node)):
                key = (id(term.expr), id(term.env), term.expr.text[node.offset:node.offset + node.width])
                if key not in found:
                    found[key] = (f"@steady{len(found)}", term.at(node))
                return ast.Name(name=found[key][0], offset=node.offset, width=node.width)
            if isinstance(node, ast.Comprehension):
                inner = shadow | {loop.var for loop in (node.loop, *node.more)}
                return rebuilt(node, lambda child: rewrite(child, inner, False))
            return rebuilt(node, lambda child: rewrite(child, shadow, False))
        return term.at(rewrite(term.node, frozenset(), True))

    def hoist(self, found: dict, compared: frozenset = frozenset()) -> dict:
        """Write the sub-expressions `steady` gathered, each into a name (one met more than once
        among them, `upcard()`, first, once); their Frags. A table read `compared` brings a row (rows.py)."""
        marks: dict = {}
        shared = _shared([term for _, term in found.values()])
        for name, term in [*shared.values(), *found.values()]:
            same = shared.get(_key(term, term.node))
            if same is not None and same[0] != name:
                marks[name] = marks[same[0]]        # a steady term that is itself shared
                continue
            term = term.at(_named(term, term.node, shared))
            frag = self.compile(term, **marks)
            if frag.const is not None or (frag.atomic and frag.src.isidentifier()):
                marks[name] = frag                  # a constant, or a local already
                continue
            held = self.c.w.temp()
            self.c.w.line(f"{held} = {self.c.w_src(frag)}")
            marks[name] = Frag(src=held, type=frag.type, atomic=True, most=frag.most, items_most=frag.items_most,
                               equal_row=rows.row(self.c, frag) if _key(term, term.node) in compared else None)
        return marks


# What is as cheap to write where it is used as to read from a name: a value written out.
WRITTEN = (ast.Literal, ast.CardLit, ast.SuitLit, ast.BadWord)


def _key(term: Term, node) -> tuple:
    """A steady sub-expression's identity: its text, in the text and with the parameters it lies
    in (it reads no loop variable, so the same text there is the same value)."""
    return id(term.expr), id(term.env), term.expr.text[node.offset:node.offset + node.width]


def _shared(terms: list) -> dict:
    """The parts met more than once in the steady `terms` (the terms themselves included; nothing
    inside a comprehension, which may read its own variable; no value written out), by key:
    (name, Term), the shorter first, so that a part is written before those holding it."""
    seen: dict = {}

    def walk(term: Term, node) -> None:
        seen.setdefault(_key(term, node), []).append(term.at(node))
        for child in ast.children(node):
            if not isinstance(child, (*WRITTEN, ast.Comprehension)):
                walk(term, child)

    for term in terms:
        if not isinstance(term.node, ast.Comprehension):
            walk(term, term.node)
    repeated = sorted((met[0] for met in seen.values() if len(met) > 1), key=lambda t: t.node.width)
    return {_key(t, t.node): (f"@shared{i}", t) for i, t in enumerate(repeated)}


def _named(term: Term, node, shared: dict):
    """`node` with each part below it that `shared` holds read from that part's name."""
    def swap(child):
        if isinstance(child, (*WRITTEN, ast.Comprehension)):
            return child
        same = shared.get(_key(term, child))
        return ast.Name(name=same[0], offset=child.offset, width=child.width) if same else rebuilt(child, swap)
    return rebuilt(node, swap)


# -- the plan of the `when:` ----------------------------------------------------------------------

@attrs.frozen
class Leaf:
    """Guards (tested once, in order; no value is offered unless all hold), then the values of
    SEQ for which every residual part holds."""

    guards: tuple[Term, ...]
    residual: tuple[Term, ...]


@attrs.frozen
class Branch:
    """`cond` holds: the values of `then`; else those of `orelse`."""

    guards: tuple[Term, ...]
    cond: Term
    then: object
    orelse: object


def plan_when(p: Planner, when: Expr | None, depth: int = 0, parts: list | None = None):
    """The when: as guards and branches over residual parts that read the value."""
    if parts is None:
        parts = p.conjuncts(Term(when, when.tree)) if when is not None else []
    guards = tuple(t for t in parts if not p.reads_value(t))
    rest = [t for t in parts if p.reads_value(t)]
    if depth < MAX_BRANCHES:
        for j, t in enumerate(rest):
            node = t.node
            if not (isinstance(node, ast.BoolOp) and node.op == "or"):
                continue
            left, right = t.at(node.left), t.at(node.right)
            for fixed, other in ((left, right), (right, left)):
                if not p.reads_value(fixed):        # `I or R`: all of them while I holds, else R
                    then = plan_when(p, None, depth + 1, rest[:j] + rest[j + 1:])
                    orelse = plan_when(p, None, depth + 1, rest[:j] + p.conjuncts(other) + rest[j + 1:])
                    return Branch(guards, fixed, then, orelse)
    return Leaf(guards, tuple(rest))


# -- writing `_l`'s part for one choice ------------------------------------------------------------

def offer(c, choice, index: int, out: str, each: Expr, frozen, type_, known=None) -> bool:
    """Write the lines that add `(index, value)` to the list `out` for each value the choice
    offers now. `each` is the choice's SEQ as an expression, `type_` the static type of its
    values (the brute force's), `frozen(var, type)` the source of a value as it goes into an
    action. Combinations with nothing left to test on each are given to runtime/offered.py's
    `offer` as a block, with the function's `lazy` (which may make `out` an Offered); True when
    some are. `known`: what the ask's later choices ask again (known.py: a flag set while listing)."""
    from . import less, shapes, sources, unswitch    # (they build on the Terms and Planner of this module)
    from .known import first_part, one_term
    p = Planner(c, choice.each.tree.var)
    source = Term(each, each.tree)
    shape = shapes.shape(p, source)
    blocks = []
    first = first_part(p, choice.when) if shape is None else None
    flag = known.producing(p, source, first, choice.when) if known is not None and first is not None else None

    answers = _answers(c, index, type_)

    def emit(var: str) -> None:
        c.w.line(f"{out}.append({answers}[{var}])" if answers else f"{out}.append(({index}, {frozen(var, type_)}))")

    def block(group: str, size: str, span, few: bool | str = False, chooser=None) -> None:
        # (chooser: a combos.Chooser's name and its call's last arguments, its answers the block's)
        maker, called = (f"{chooser[0]}.offer", chooser[1]) if chooser is not None else (c.w.const(offered.offer), "")
        call = f"{out} = {maker}({out}, {index}, {group}, {size}, {c.w.const(span)}, lazy{called})"
        blocks.append(span)
        if not few:
            c.w.line(call)
            return
        # `few`: a group of at most FEW cards, and a size (or a range of sizes) 0 or more:
        # offer's first case written here, after its test of the group (a call saved); "list":
        # the group is known to be a list, so the test is known to pass
        var, k = c.w.temp("_v"), c.w.temp("_v")
        loops = f"for {k} in {size} for {var} in _combinations({group}, {k})" if size.startswith("_range(") \
            else f"for {var} in _combinations({group}, {size})"
        if few == "list":
            c.w.line(f"{out} += [({index}, {var}) {loops}]")
            return
        with c.w.indented(f"if _type({group}) is _list and _len({group}) <= {offered.FEW}:"):
            c.w.line(f"{out} += [({index}, {var}) {loops}]")
        with c.w.indented("else:"):
            c.w.line(call)

    def leaf(node: Leaf, head: bool | None = None, splits: int = 0) -> None:
        # head: the residual's first part is the `when:`'s first (known.py's flag is kept for it)
        if shape is not None and sources.write(p, shape, node.residual, emit, block):
            return
        if head is None:
            head = bool(node.residual) and flag is not None and one_term(node.residual[0], first)
        split = unswitch.unswitched(p, node.residual[0]) if node.residual and splits < unswitch.MAX_SPLITS else None
        if split is not None:           # `A if S else B` on every value: S tested once (unswitch.py)
            test, then, orelse = split
            with c.w.indented(f"if {c.w_src(p.compile(test))}:"):
                leaf(Leaf((), (then, *node.residual[1:])), head, splits + 1)
            with c.w.indented("else:"):
                leaf(Leaf((), (orelse, *node.residual[1:])), head, splits + 1)
            return
        items = _values(p, source)
        var = c.w.temp("_v")
        if not node.residual:            # every value offered: made in C where a value is its answer's as it is
            frozen_var = frozen(var, type_)
            c.w.line(f"{out} += _map({answers}.__getitem__, {items})" if answers else
                     f"{out} += _zip(_repeat({index}), {items})" if frozen_var == var else
                     f"{out} += [({index}, {frozen_var}) for {var} in {items}]")
            return
        tables: list = []
        lifted: dict = {}
        residual = [less.lift(p, t, tables, lifted) for t in node.residual]
        found: dict = {}
        residual = [p.steady(t, found) for t in residual]
        marks = {**p.hoist(found, rows.compared(residual, found)), **less.make(p, tables, var), **lifted}
        value = Frag(src=var, type=type_, atomic=True)
        if not head:
            with c.w.indented(f"for {var} in {items}:"), _nested(c, p, residual, value, marks):
                emit(var)
        else:
            c.w.line(f"{flag} = False")       # the first part is tested on every value: whether one passes
            with c.w.indented(f"for {var} in {items}:"), _nested(c, p, residual[:1], value, marks):
                c.w.line(f"{flag} = True")
                with _nested(c, p, residual[1:], value, marks):
                    emit(var)
        rows.unread(c, marks)

    def write(node) -> None:
        with _nested(c, p, node.guards):
            if isinstance(node, Leaf):
                leaf(node)
                return
            with c.w.indented(f"if {p.condition(node.cond)}:"):
                write(node.then)
            with c.w.indented("else:"):
                write(node.orelse)

    write(plan_when(p, choice.when))
    return bool(blocks)


def _answers(c, index: int, type_) -> str | None:
    """Where the values are cards: the name of a table of the answers `(index, card)` by card,
    each made once (an ask's answers are listed at every decision); else None. (A card past the
    table fails, and `_l` falls back to `_e`'s answers.)"""
    if type_ is None or not type_.only("card"):
        return None
    return c.w.const(tuple((index, card) for card in CARDS[:max(c.deck.cards) + 1]), "ANSWERS")


def _values(p: Planner, source: Term) -> str:
    """The name of a list of SEQ's values, written here."""
    c = p.c
    seq = p.compile(source)
    items = c.w.temp()
    c.w.line(f"{items} = {c.w_src(seq)}")
    if not seq.type.only("list"):
        with c.w.indented(f"if _type({items}) is not _list:"):
            c.w.line(f"{items} = _iterable({items}, {c.w.const(source.expr.span)})")
    return items


class _nested:
    """`if part:` for each part in turn, each compiled inside the one before (as `and` would
    evaluate them), the lines written inside the `with` under the last."""

    def __init__(self, c, p: Planner, parts, value: Frag | None = None, marks: dict | None = None):
        self.c, self.p, self.parts, self.value, self.marks = c, p, parts, value, marks or {}
        self.stack: list = []

    def __enter__(self):
        for part in self.parts:
            block = self.c.w.indented(f"if {self.p.condition(part, self.value, **self.marks)}:")
            block.__enter__()
            self.stack.append(block)
        return self

    def __exit__(self, *exc):
        for block in reversed(self.stack):
            block.__exit__(*exc)
        return False
