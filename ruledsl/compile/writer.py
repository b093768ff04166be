"""Writing the generated module: blocks of straight code, gotos between them, constants, and the
table that maps each line of the generated source back to the place in the rule file.

A program is a set of *blocks*, each a run of straight Python that ends by going to another
block, or by waiting for a decision (`return None` after setting who is to move). A block is a
function `_bN(st) -> next label or None`, run by a small loop (`run` in module.py); a
decision's `apply` is a function `(st, action)` that continues the same way. Where a block is
gone to from one place only, its code is written there, inline: most of a hand becomes a few
long functions, and a trick with no hooks goes from one play to the next without the loop.

Every line carries the span of the step or expression it was written for, so that a failure at
play time is reported at that place in the rule file (runtime/failures.py reads the table).
The source holds only the compiler's own words (see expr/codegen.py): a whole number, true,
false or none is written as itself, any other value is a constant, a module global named in
capitals by its role (`PLAYS`, `SEATS`, `AT_47_15` for a place in the rule file, a function by
its name), never by its text; equal values (of the same types all the way down) share one.
"""
from __future__ import annotations

import contextlib
from typing import Any, Iterator

import attrs

from ..expr.codegen import Lines
from ..source import Span
from .constants import constant_key, constant_role
from .output import Output

MAX_INDENT = 40          # deeper than this, a block is its own function (Python allows 100)
SMALL = 5                # a block of this many lines, going nowhere, is written at every goto
TWICE = 40               # a block gone to from two places, this long, is written at both


@attrs.define
class Goto:
    indent: int
    label: int
    back: bool = False          # a call: the code after it runs once the block's run is over


@attrs.define
class Line:
    indent: int
    text: str
    span: Span | None


@attrs.define
class Block:
    """A labelled run of code; `refs`: how many gotos lead to it (an entry counts one more)."""

    label: int
    items: list = attrs.Factory(list)
    refs: int = 0
    placed: bool = False


@attrs.define
class Function:
    """A function of the module that is not a block: a decision's legal, apply or explain."""

    name: str
    params: str
    items: list = attrs.Factory(list)


class Writer:
    def __init__(self, reserved=()) -> None:
        self.reserved = frozenset(reserved)   # the module's other globals: no constant is named so
        self.values: dict[str, Any] = {}      # the constants, by name
        self.names: dict[int, str] = {}       # id of each value given to const() -> its name
        self.kept: list[Any] = []             # those values, alive so that their ids stay theirs
        self.by_value: dict[Any, str] = {}    # a value's key (_key) -> its name
        self.roles: dict[Any, str] = {}       # a value's key -> the role to name it by (name())
        self.count = 0
        self.blocks: list[Block] = []
        self.functions: list[Function] = []
        self.items: list | None = None       # where lines go now
        self.depth = 0
        self.spans: list[Span | None] = [None]

    # -- names ------------------------------------------------------------------------------------

    def const(self, value: Any, role: str | None = None) -> str:
        """The source of `value` in the module: a whole number, true, false or none as itself,
        else the name of a constant — the one of an equal value named before, or a new one
        named by `role` (or the role given to such values: name(), or what the value is)."""
        name = self.names.get(id(value))
        if name is not None:
            return name
        if value is None or type(value) in (bool, int):
            return repr(value) if not (type(value) is int and value < 0) else f"({value!r})"
        key = constant_key(value)
        name = self.by_value.get(key) if key is not None else None
        if name is None:
            name = self._fresh(role or self.roles.get(key) or constant_role(value))
            self.values[name] = value
            if key is not None:
                self.by_value[key] = name
        self.names[id(value)] = name
        self.kept.append(value)
        return name

    def name(self, value: Any, role: str) -> None:
        """Name `value`, and any value equal to it, by `role` when it becomes a constant."""
        key = constant_key(value)
        if key is not None:
            self.roles.setdefault(key, role)

    def _fresh(self, role: str) -> str:
        name, n = role, 1
        while name in self.values or name in self.reserved:
            n += 1
            name = f"{role}_{n}"
        return name

    def temp(self, prefix: str = "_t") -> str:
        self.count += 1
        return f"{prefix}{self.count}"

    # -- lines ------------------------------------------------------------------------------------

    def line(self, text: str) -> None:
        self.items.append(Line(self.depth, text, self.spans[-1]))

    def lines(self, lines: Lines) -> None:
        """Lines from an expression's Unit (indents relative to here)."""
        for indent, text in lines:
            self.items.append(Line(self.depth + indent, text, self.spans[-1]))

    @contextlib.contextmanager
    def indented(self, header: str) -> Iterator[None]:
        """`header:` and the lines written inside the `with`, one level in."""
        self.line(header)
        self.depth += 1
        mark = len(self.items)
        try:
            yield
        finally:
            if len(self.items) == mark:
                self.line("pass")
            self.depth -= 1

    @contextlib.contextmanager
    def at(self, span: Span | None) -> Iterator[None]:
        """Lines written inside the `with` are charged to `span`."""
        self.spans.append(span if span is not None else self.spans[-1])
        try:
            yield
        finally:
            self.spans.pop()

    # -- blocks -----------------------------------------------------------------------------------

    def label(self) -> Block:
        block = Block(len(self.blocks))
        self.blocks.append(block)
        return block

    def goto(self, block: Block) -> None:
        block.refs += 1
        self.items.append(Goto(self.depth, block.label))

    def call(self, block: Block) -> None:
        """Write: run `block` here and on through the loop to the next decision, then carry on
        with the lines after (in a decision's functions; the block is never written inline)."""
        block.refs += 2
        self.items.append(Goto(self.depth, block.label, back=True))

    def place(self, block: Block) -> None:
        """Write on into `block`, from its start."""
        assert not block.placed, "a block is placed once"
        block.placed = True
        self.items, self.depth = block.items, 0

    def function(self, name: str, params: str) -> Function:
        """Write on into a new function `def name(params):`."""
        f = Function(name, params)
        self.functions.append(f)
        self.items, self.depth = f.items, 0
        return f

    @contextlib.contextmanager
    def elsewhere(self) -> Iterator[None]:
        """Write into another block or function inside the `with`, then back here."""
        saved = self.items, self.depth
        try:
            yield
        finally:
            self.items, self.depth = saved

    # -- the module -------------------------------------------------------------------------------

    def source(self, entries: list[Block]) -> tuple[str, list[Span | None], set[int]]:
        """The module's text, the span of each of its lines (index 0 is line 1), and the labels
        that are functions (BLOCKS[label] exists for every label a `return` can name)."""
        for block in entries:          # run from outside: never written inline
            block.refs += 2
        self._pass_over()
        emitted: set[int] = set()
        out = Output()
        pending = list(entries)         # and each block a goto is written to (_emit): no dead one
        self._blocks(pending, out, emitted)
        for f in self.functions:
            out.function(f"def {f.name}({f.params}):")
            self._emit(f.items, 1, out, [], pending, go=_CALL_BLOCK)
            self._blocks(pending, out, emitted)      # blocks a function's gotos made into functions
        out.aliased()
        return "\n".join(out.lines) + "\n", out.spans, emitted

    def _pass_over(self) -> None:
        """A block that only goes on to another (where an ask's answer or a branch joins the
        steps after) is passed over: each goto to it goes where it goes, and it is dropped once
        nothing goes to it — one call and one trip through the loop fewer."""
        for owner in (*self.blocks, *self.functions):
            for item in owner.items:
                if isinstance(item, Goto):
                    target = self._onward(item.label)
                    if target.label != item.label:
                        weight = 2 if item.back else 1
                        self.blocks[item.label].refs -= weight
                        target.refs += weight
                        item.label = target.label
        dropped = True
        while dropped:
            dropped = False
            for block in self.blocks:
                if block.refs == 0 and block.placed and self._lone_goto(block):
                    block.placed, dropped = False, True
                    self.blocks[block.items[0].label].refs -= 1

    def _onward(self, label: int) -> Block:
        """Where going to `label` leads, past blocks that only go on."""
        block, seen = self.blocks[label], {label}
        while self._lone_goto(block) and block.items[0].label not in seen:
            block = self.blocks[block.items[0].label]
            seen.add(block.label)
        return block

    @staticmethod
    def _lone_goto(block: Block) -> bool:
        return len(block.items) == 1 and isinstance(block.items[0], Goto) and not block.items[0].back

    def _blocks(self, pending: list, out: Output, emitted: set[int]) -> None:
        """Write each pending block as a function `_bN(st)`, once (writing one may add more)."""
        while pending:
            block = pending.pop(0)
            if block.label in emitted:
                continue
            emitted.add(block.label)
            out.function(f"def _b{block.label}(st):")
            self._emit(block.items, 1, out, [block.label], pending)

    def _small(self, block: Block) -> bool:
        """A block of a few lines that goes nowhere but to blocks written inside it (a wait:
        `st.pc = …; st.player = …; return None`): written out wherever it is gone to, which is
        cheaper than a call through the loop."""
        return self._written(block, SMALL, {block.label}) is not None

    def _written(self, block: Block, budget: int, seen: set) -> int | None:
        """How many lines `block` is written as, with the blocks only it goes to; None when it
        goes to any other block or is longer than `budget`."""
        count = 0
        for item in block.items:
            if isinstance(item, Line):
                count += 1
            else:
                target = self.blocks[item.label]
                if item.back or target.refs != 1 or target.label in seen:
                    return None
                inner = self._written(target, budget - count, seen | {target.label})
                if inner is None:
                    return None
                count += inner
            if count > budget:
                return None
        return count

    def _twice(self, block: Block) -> bool:
        """A block gone to from two places (a loop's head: its start and the end of a round) and
        short is written at both: the round's end then goes on into the next round itself,
        rather than through the loop and one more call. Not inside another such copy, so that
        copies never multiply."""
        return block.refs == 2 and self._length(block, {block.label}) <= TWICE

    def _length(self, block: Block, seen: set) -> int:
        """The lines `block` is written as, with the blocks only it goes to (a goto elsewhere:
        one line)."""
        count = 0
        for item in block.items:
            target = self.blocks[item.label] if isinstance(item, Goto) else None
            if target is None or item.back or target.refs != 1 or target.label in seen:
                count += 1
            else:
                count += self._length(target, seen | {target.label})
            if count > TWICE:
                break
        return count

    def _emit(self, items: list, base: int, out: Output, path: list[int], pending: list,
              go: tuple[str, ...] = ("return {}",), copy: bool = False) -> None:
        """Write `items`; a goto writes its block inline (gone to from here only, or short:
        `_small`, `_twice`), else `go`: a block returns the label for the runtime's loop to run;
        a function (a decision's apply) runs it itself (_CALL_BLOCK). `copy`: inside a block
        written twice."""
        if not items:
            out.add(base, "pass", None)
        for item in items:
            if isinstance(item, Line):
                out.add(base + item.indent, item.text, item.span)
                continue
            target = self.blocks[item.label]
            depth = base + item.indent
            if item.back:
                for inner, text in _CALL_AND_BACK:
                    out.add(depth + inner, text.format(target.label), None)
                pending.append(target)
                continue
            twice = not copy and self._twice(target)
            if (target.refs == 1 or twice or self._small(target)) and target.label not in path and depth < MAX_INDENT:
                self._emit(target.items, depth, out, path + [target.label], pending, go, copy or twice)
            else:
                if target.refs == 1:        # inlining stopped (too deep): it becomes a function
                    target.refs = 2
                pending.append(target)
                for text in go:
                    out.add(depth, text.format(target.label), None)


# A decision's apply going to a block: it calls the block's function, and only when that does
# not stop at a decision (most often it does) runs on through the loop (`_run`, module.py).
_CALL_BLOCK = ("_next = _b{}(st)", "return None if _next is None else _run(st, _next)")
_CALL_AND_BACK = ((0, "_next = _b{}(st)"), (0, "if _next is not None:"), (1, "_run(st, _next)"))
