"""The syntax tree of expressions and statements.

Every node knows `offset` (0-based, in the expression text) and `width`, so any later error can be
placed with the caller's `locate(offset, width)`. Names that must be names (loop variables,
function, option, counter and zone names) are kept as text with their own offset; the check pass
(check.py) rejects the ones that are not lower-case names.
"""
from __future__ import annotations

from typing import Any, Iterator

import attrs


@attrs.frozen(kw_only=True)
class Node:
    offset: int
    width: int


# ---------------------------------------------------------------- expressions


@attrs.frozen(kw_only=True)
class Literal(Node):
    """3, 0.5 (a Fraction), 'text', true, false, none."""
    value: Any


@attrs.frozen(kw_only=True)
class CardLit(Node):
    """QS, 10H: the scope turns the text into a card of its deck."""
    text: str


@attrs.frozen(kw_only=True)
class SuitLit(Node):
    """S H D C."""
    text: str


@attrs.frozen(kw_only=True)
class Name(Node):
    """dealer, p: a local (loop variable, `player`) or a name of the scope."""
    name: str


@attrs.frozen(kw_only=True)
class BadWord(Node):
    """A word that is neither a name, a card nor a suit (`Lives`, `1H`); check.py reports it."""
    text: str


@attrs.frozen(kw_only=True)
class Option(Node):
    """option.target (offset/width cover the whole; name_offset the name after the dot)."""
    name: str
    name_offset: int


@attrs.frozen(kw_only=True)
class ListExpr(Node):
    """[a, b]"""
    items: tuple[Node, ...]


@attrs.frozen(kw_only=True)
class Loop(Node):
    """for p in active if lives(p) > 0 -- the head of a comprehension or of a statement."""
    var: str
    var_offset: int
    seq: Node
    cond: Node | None


@attrs.frozen(kw_only=True)
class Comprehension(Node):
    """[e for x in xs if c], or the generator argument of a call when `generator` is true;
    `more` are further loops, each inside the one before (`[f(x, y) for x in xs for y in ys]`)."""
    element: Node
    loop: Loop
    generator: bool
    more: tuple[Loop, ...] = ()


@attrs.frozen(kw_only=True)
class Call(Node):
    """f(a, b), or f(e for x in xs): then `args` is one generator Comprehension."""
    name: str
    args: tuple[Node, ...]


@attrs.frozen(kw_only=True)
class Index(Node):
    """xs[i]"""
    value: Node
    index: Node


@attrs.frozen(kw_only=True)
class Slice(Node):
    """xs[a:b], xs[:b], xs[a:] -- the part of a list (or a text) from index a up to b."""
    value: Node
    start: Node | None
    stop: Node | None


@attrs.frozen(kw_only=True)
class Field(Node):
    """b.value -- a record's field (name_offset places the name)."""
    value: Node
    name: str
    name_offset: int


@attrs.frozen(kw_only=True)
class Record(Node):
    """{cards: xs, value: 9} -- named values; names[i] (at name_offsets[i]) names values[i]."""
    names: tuple[str, ...]
    name_offsets: tuple[int, ...]
    values: tuple[Node, ...]


@attrs.frozen(kw_only=True)
class Unary(Node):
    """-x, not x"""
    op: str
    operand: Node


@attrs.frozen(kw_only=True)
class Binary(Node):
    """a + b (also - * / // %); op_offset/op_width place run-time errors on the operator."""
    op: str
    left: Node
    right: Node
    op_offset: int
    op_width: int


@attrs.frozen(kw_only=True)
class BoolOp(Node):
    """a and b, a or b"""
    op: str
    left: Node
    right: Node


@attrs.frozen(kw_only=True)
class Compare(Node):
    """a < b <= c: operands[i] ops[i] operands[i+1]; op_offsets/op_widths place each operator."""
    ops: tuple[str, ...]
    operands: tuple[Node, ...]
    op_offsets: tuple[int, ...]
    op_widths: tuple[int, ...]


@attrs.frozen(kw_only=True)
class IfElse(Node):
    """then if cond else orelse"""
    then: Node
    cond: Node
    orelse: Node


# ---------------------------------------------------------------- statements


@attrs.frozen(kw_only=True)
class Target(Node):
    """lives(p), trump, pile(p): what an assignment changes or where a move goes."""
    name: str
    index: Node | None


@attrs.frozen(kw_only=True)
class Assign(Node):
    """lives(p) -= 1 for p in losers; op_offset places the operator (for += errors)."""
    target: Target
    op: str
    op_offset: int
    value: Node
    loop: Loop | None


@attrs.frozen(kw_only=True)
class Move(Node):
    """move table to pile(last_capturer)"""
    cards: Node
    zone: Target
    loop: Loop | None


@attrs.frozen(kw_only=True)
class Reveal(Node):
    """reveal turned_pair[0]; reveal drawn to others(player)"""
    cards: Node
    to: Node | None
    loop: Loop | None


@attrs.frozen(kw_only=True)
class Shuffle(Node):
    """shuffle deck; shuffle hand(p) for p in active"""
    zone: Target
    loop: Loop | None


@attrs.frozen(kw_only=True)
class Binding(Node):
    """s in suits_of(hand(player)) -- the `each:` of a choice."""
    var: str
    var_offset: int
    seq: Node


# ---------------------------------------------------------------- walking


def children(node: Node) -> Iterator[Node]:
    """The direct sub-nodes, in source order."""
    for field in attrs.fields(type(node)):
        value = getattr(node, field.name)
        if isinstance(value, Node):
            yield value
        elif isinstance(value, tuple):
            yield from (v for v in value if isinstance(v, Node))


def rebuilt(node, fn):
    """`node` with `fn` applied to each child; the node itself where no child changed (callers
    tell a rewrite from none by identity: lang/steps/less.py lifts only a function body that changed)."""
    changes = {}
    for field in attrs.fields(type(node)):
        value = getattr(node, field.name)
        if isinstance(value, Node):
            new = fn(value)
        elif isinstance(value, tuple) and any(isinstance(v, Node) for v in value):
            new = tuple(fn(v) if isinstance(v, Node) else v for v in value)
            if all(n is v for n, v in zip(new, value)):
                continue
        else:
            continue
        if new is not value:
            changes[field.name] = new
    return attrs.evolve(node, **changes) if changes else node


def names_used(node: Node) -> set[str]:
    """Bare names, function names, counter/zone names of statements, and `option.NAME`s that
    `node` refers to; loop variables bound inside `node` are left out."""
    reads, writes = names_read_written(node)
    return reads | writes


def names_read_written(node: Node) -> tuple[set[str], set[str]]:
    """The names `node` reads and the counters or zones its statements write (assignment
    targets, move destinations); loop variables bound inside `node` are left out."""
    reads: set[str] = set()
    writes: set[str] = set()
    _walk(node, frozenset(), reads, writes)
    return reads, writes


def _walk(node: Node, bound: frozenset[str], reads: set[str], writes: set[str]) -> None:
    if isinstance(node, Name):
        if node.name not in bound:
            reads.add(node.name)
        return
    if isinstance(node, Option):
        reads.add(f"option.{node.name}")
        return
    if isinstance(node, Target):
        writes.add(node.name)
        if node.index is not None:
            _walk(node.index, bound, reads, writes)
        return
    if isinstance(node, Call):
        reads.add(node.name)
    loop = node.loop if isinstance(node, (Comprehension, Assign, Move, Reveal, Shuffle)) else None
    if loop is not None:
        loops = (loop, *node.more) if isinstance(node, Comprehension) else (loop,)
        inner = bound
        for each in loops:
            _walk(each.seq, inner, reads, writes)
            inner = inner | {each.var}
            if each.cond is not None:
                _walk(each.cond, inner, reads, writes)
        for child in children(node):
            if all(child is not each for each in loops):
                _walk(child, inner, reads, writes)
        return
    if isinstance(node, Binding):
        _walk(node.seq, bound, reads, writes)
        return
    for child in children(node):
        _walk(child, bound, reads, writes)
