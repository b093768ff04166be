"""Walking the models by their declarations: the steps nested in a step, every expression of a
ruleset, the names they read and write. The checks, the compiler and `explain` use these, so a new key holding steps or an
expression is walked as soon as it is declared."""
from __future__ import annotations

from typing import Iterator

from ..expr.ast import names_read_written
from .declare import (Construct, Entries, Expr, Items, Key, Recipients, Section, Statements, Steps, Template,
                      ZoneTarget)
from .steps import ALL, WAITING


def _keys(model) -> tuple[Key, ...]:
    kind = ALL.get(getattr(model, "kind", None) or "")
    if kind is not None and type(model) is kind.model:
        return (*kind.keys, *kind.extra, *((kind.inline,) if kind.inline else ()))
    return ()


def nested(step) -> Iterator[tuple]:
    """The lists of steps written inside `step` (then/else, hooks, refill, choices' then)."""
    for key in _keys(step):
        value = getattr(step, key.attr)
        yield from _steps_in(key.holds, value)


def _steps_in(holds, value) -> Iterator[tuple]:
    if isinstance(holds, Steps):
        yield value
    elif isinstance(holds, Entries):
        for entry in (value or {}).values():
            yield from _construct_steps(holds.construct, entry)
    elif isinstance(holds, (Items, Section)):
        for entry in (value if isinstance(holds, Items) else (value,)) or ():
            if entry is not None:
                yield from _construct_steps(holds.construct, entry)


def _construct_steps(construct: Construct, model) -> Iterator[tuple]:
    for key in construct.keys:
        yield from _steps_in(key.holds, getattr(model, key.attr))


def waits(step) -> bool:
    """Whether a step may wait for a player (a decision in it, or in a step nested in it)."""
    return step.kind in WAITING or any(waits(s) for steps in nested(step) for s in steps)


def every_step(steps) -> Iterator:
    """The steps of a list and, recursively, the steps nested in them, in file order."""
    for step in steps:
        yield step
        for inner in nested(step):
            yield from every_step(inner)


def expressions(model, keys: tuple[Key, ...] | None = None) -> Iterator[Expr]:
    """Every Expr in a model (a step, a construct, a ruleset's sections), nested ones included:
    expressions, statements, bindings and the {expr} parts of `say:` texts."""
    keys = _keys(model) if keys is None else keys
    if hasattr(model, "when"):
        yield from _exprs(model.when)
    if hasattr(model, "say"):
        yield from _exprs(model.say)
    for key in keys:
        yield from _exprs(getattr(model, key.attr), key.holds)


def _exprs(value, holds=None) -> Iterator[Expr]:
    if value is None:
        return
    if isinstance(value, Expr):
        yield value
    elif isinstance(value, Statements):
        yield from value.parts
    elif isinstance(value, Template):
        yield from (p for p in value.parts if isinstance(p, Expr))
    elif isinstance(holds, Steps):
        for step in value:
            yield from expressions(step)
    elif isinstance(holds, (Entries, Items, Section)) and isinstance(holds.construct, Construct):
        entries = value.values() if isinstance(holds, Entries) else value if isinstance(holds, Items) else (value,)
        for entry in entries:
            if entry is not None:
                yield from expressions(entry, holds.construct.keys)
    elif isinstance(holds, ZoneTarget):
        yield from _exprs(value.index)
    elif isinstance(holds, Recipients):
        yield from _exprs(value.seats)


def everything(ruleset):
    """Every expression of a ruleset, in its steps and in every section."""
    for steps in (ruleset.setup, ruleset.hand, ruleset.after_hand):
        for step in steps:
            yield from expressions(step)
    for counter in ruleset.counters.values():
        yield counter.start
    for option in ruleset.options.values():
        if option.follows:
            yield option.default
    if ruleset.trumps is not None:
        yield from (e for e in (ruleset.trumps.suit, *(p.when for p in ruleset.trumps.promote)) if e is not None)
    yield from (e for _, e in ruleset.summary)
    yield from (f.body for f in ruleset.functions.values())
    yield from (e for e in (ruleset.returns, ruleset.hand_value, ruleset.decided_by) if e is not None)


def uses(exprs) -> tuple[set[str], set[str]]:
    """(names read, names assigned) over Exprs; `option.NAME` for options. An assignment's
    target is a write (`x += 1` too); everything else is a read."""
    reads: set[str] = set()
    writes: set[str] = set()
    for e in exprs:
        trees = e.tree if e.form == "statements" else [e.tree.seq] if e.form == "binding" else [e.tree]
        for tree in trees:
            r, w = names_read_written(tree)
            reads |= r
            writes |= w
    return reads, writes
