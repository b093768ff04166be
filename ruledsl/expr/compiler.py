"""Syntax tree -> typed Python source, written into the program the rule file compiles to.

Everything is resolved here, once, at load time: names to the scope's source (a zone is
`st.zones[5]`, a per-seat counter `st.cv[12 + p]`), functions to their code, constant
sub-expressions to their value (`1/3` is computed once), and every sub-expression gets its static
type (lang/types.py), checked against what its operator, function or field takes — `points(dealer)`
is an error in the author's words, at the place of `dealer`. What is left is Python's own:
operators, comparisons, `and`/`or`, loops written out, with no call per node.

How:
- each sub-expression compiles to a Frag (codegen.py): source or a constant, and its type; lines
  it needs first (a loop, a value used twice) go into the Unit before it, and the operands of
  one operator are evaluated left to right (`_operands` moves earlier operands into temporaries
  when a later one writes lines);
- `and`/`or`, `x if c else y`, chained comparisons and loops put the lines of the part that may
  not run inside an `if` or `for`;
- where the types say the values are whole numbers, arithmetic and comparisons are Python's,
  inline; elsewhere a helper of values.py does the work and raises the EvalError, located at the
  operator (its span is a constant);
- a loop variable is a Python variable of the function being written; names bound by the
  caller (`player` of an ask, of a trick's hook) are given as Frags (`locals`).
"""
from __future__ import annotations

from fractions import Fraction
from typing import Callable, Mapping, Protocol, Sequence

from ..errors import RuleError, did_you_mean
from ..lang.types import (A_LIST, A_NUMBER, ANY, BOOL, CARD, INT, NOTHING, NUMBER, NUMERIC, SUIT, TEXT,
                          Type, list_of, literal)
from ..source import Span
from . import ast, values
from .codegen import Frag, Lines, Unit, indent

_FOLDABLE = (int, Fraction, str, bool, type(None))  # immutable results that may be shared
MAX_LOOPS = 12   # loops nested in one expression (Python allows 20 nested blocks in a function)
INTS = frozenset({"int", "seat", "team"})            # kinds that are whole numbers at play time

# Python's operator for each comparison of the language (only these words reach the source).
_COMPARE = {"==": "==", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">=",
            "in": "in", "not in": "not in"}

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


class Scope(Protocol):
    """The game's names, implemented by the program compiler. Every method may raise RuleError."""

    def name(self, name: str, span: Span) -> Frag | None:
        """A bare name that is not local (`dealer`, `pool`, `table`); None if unknown."""

    def option(self, name: str, span: Span) -> Frag:
        """`option.NAME`; RuleError if unknown."""

    def function(self, compiler: Compiler, node: ast.Call) -> Frag | None:
        """A call (`hand(p)`, `lives(p)`, `left(s)`, `sum(…)`); None if the name is not one."""

    def card(self, text: str, span: Span) -> object:
        """A card literal (`QS`) -> its value; RuleError if not in the deck."""

    def suit(self, text: str, span: Span) -> object:
        """A suit literal (`H`) -> its value; RuleError if not a suit of the deck."""

    def check_seat(self, value: int, span: Span, what: str) -> None:
        """A constant used as a seat: a located error unless every player count has it."""

    def place(self, compiler: Compiler, target: ast.Target) -> Frag:
        """An assignment's target as source that can be assigned (`st.cv[3]`), typed."""

    def store(self, compiler: Compiler, target: ast.Target, place: Frag, value: Frag) -> None:
        """Write `place = value` (and note what the target was given)."""

    def move(self, compiler: Compiler, node: ast.Move) -> None:
        """Write `move CARDS to ZONE`."""

    def reveal(self, compiler: Compiler, node: ast.Reveal) -> None:
        """Write `reveal CARDS`."""

    def shuffle(self, compiler: Compiler, node: ast.Shuffle) -> None:
        """Write `shuffle ZONE`."""

    def names(self) -> Sequence[str]:
        """All bare names (for did-you-mean hints)."""

    def function_names(self) -> Sequence[str]:
        """All function names (for did-you-mean hints)."""


class Compiler:
    """Compiles the trees of one expression text (`text`, placed in the file by `locate`)."""

    def __init__(self, scope: Scope, text: str, locate: Callable[[int, int], Span], unit: Unit,
                 locals: Mapping[str, Frag] | None = None):
        self.scope, self.text, self.locate, self.unit = scope, text, locate, unit
        self.bound: list[tuple[str, Frag]] = list((locals or {}).items())
        self.loops = 0
        self.writing = 0        # inside a statement's loop: the state changes from turn to turn
        self.hoisted: list[tuple[str, str]] = []     # (temporary, steady source) read before the loops

    def inlined(self, text: str, locate: Callable[[int, int], Span], locals: Mapping[str, Frag]) -> Compiler:
        """A compiler for another text written here (a function's body, inlined at its call):
        inside the same loops, its steady reads hoisted with this one's."""
        c = type(self)(self.scope, text, locate, self.unit, locals)
        c.loops, c.writing, c.hoisted = self.loops, self.writing, self.hoisted
        return c

    def span(self, node: ast.Node) -> Span:
        return self.locate(node.offset, node.width)

    def quote(self, node: ast.Node) -> str:
        return "`" + " ".join(self.text[node.offset:node.offset + node.width].split()) + "`"

    # ------------------------------------------------------------ entry points

    def value(self, node: ast.Node, place: Type = ANY, what: str | None = None) -> Frag:
        """`node` compiled, checked against what the place takes (`what` names the place)."""
        frag = self._expr(node)
        if what is not None:
            self.check(frag, place, node, what)
        return frag

    def check(self, frag: Frag, place: Type, node: ast.Node, what: str) -> None:
        """A located error when `frag` cannot be what `place` takes; a constant seat is also
        checked against the player counts."""
        if not frag.type.fits(place):
            raise RuleError(self.span(node), f"{what} takes {place.words()}; {self.quote(node)} is "
                                             f"{frag.type.words()}")
        if frag.const is not None and place.seats and type(frag.const[0]) is int:
            self.scope.check_seat(frag.const[0], self.span(node), what)

    def source(self, frag: Frag) -> str:
        return self.unit.src(frag)

    def statement(self, node: ast.Node) -> None:
        """Write one statement (an assignment, a move, a reveal, a shuffle; maybe over a loop)."""
        if node.loop is None:
            self._statement(node)
            return
        self.writing += 1
        try:
            self.loop(node.loop, lambda var, var_type: self._statement(node), copy=True)
        finally:
            self.writing -= 1

    # ------------------------------------------------------------ writing

    def _expr(self, node: ast.Node) -> Frag:
        return getattr(self, "_" + type(node).__name__)(node)

    src = source

    def atom(self, frag: Frag) -> Frag:
        """`frag` as a name (or constant), to be read more than once: evaluated here, once."""
        if frag.atomic or frag.const is not None:
            return frag
        name = self.unit.temp()
        self.unit.emit(f"{name} = {self.src(frag)}")
        return Frag(src=name, type=frag.type, atomic=True, live=frag.live)

    def steady(self, frag: Frag) -> Frag:
        """A steady read (Frag.steady) where it is used: inside an expression's loops, a name
        read once before the outermost one (`loop` writes it there), not on every turn."""
        if not self.loops or self.writing or not frag.steady:
            return frag
        for name, src in self.hoisted:
            if src == frag.src:
                break
        else:
            name = self.unit.temp()
            self.hoisted.append((name, frag.src))
        return Frag(src=name, type=frag.type, atomic=True)

    def operands(self, nodes: Sequence[ast.Node]) -> list[Frag]:
        """Compile `nodes`, to be evaluated left to right in one Python expression."""
        frags: list[Frag] = []
        for node in nodes:
            mark = self.unit.mark()
            frag = self._expr(node)
            if self.unit.mark() > mark:  # its lines run first: so must the operands before it
                lines = self.unit.take(mark)
                frags = [self.atom(f) for f in frags]
                self.unit.lines += lines
            frags.append(frag)
        return frags

    def fold(self, frags: Sequence[Frag], compute, type_: Type) -> Frag | None:
        """The value of `compute(*operands)` as a constant, when every operand is one."""
        if not all(f.const is not None for f in frags):
            return None
        try:
            value = compute(*(f.const[0] for f in frags))
        except RuleError:  # `1/0`: it fails when (and only if) it runs, as it would unfolded
            return None
        return Frag(const=(value,), type=literal(value) if value is not None else type_) \
            if isinstance(value, _FOLDABLE) else None

    def call(self, f: Callable, *args: str) -> str:
        return f"{self.unit.const(f)}({', '.join(args)})"

    def span_const(self, node_or_span) -> str:
        span = node_or_span if isinstance(node_or_span, Span) else self.span(node_or_span)
        return self.unit.const(span)

    # ------------------------------------------------------------ expressions

    def _Literal(self, node: ast.Literal) -> Frag:
        return Frag(const=(node.value,), type=literal(node.value))

    def _CardLit(self, node: ast.CardLit) -> Frag:
        return Frag(const=(self.scope.card(node.text, self.span(node)),), type=CARD)

    def _SuitLit(self, node: ast.SuitLit) -> Frag:
        return Frag(const=(self.scope.suit(node.text, self.span(node)),), type=SUIT)

    def _Name(self, node: ast.Name) -> Frag:
        for name, frag in reversed(self.bound):
            if name == node.name:
                return frag
        frag = self.scope.name(node.name, self.span(node))
        if frag is None:
            raise RuleError(self.span(node), f"unknown name '{node.name}'", self._name_hint(node.name))
        return self.steady(frag) if frag.steady else frag

    def _name_hint(self, name: str) -> str | None:
        truth = {"yes": "true", "no": "false", "on": "true", "off": "false"}.get(name.lower())
        if truth:
            return f"YAML 1.1 reads {name} as {truth}; here write {truth}"
        return did_you_mean(name, [*self.scope.names(), *(n for n, _ in self.bound)])

    def _Option(self, node: ast.Option) -> Frag:
        return self.steady(self.scope.option(node.name, self.locate(node.name_offset, len(node.name))))

    def _ListExpr(self, node: ast.ListExpr) -> Frag:
        items = self.operands(node.items)  # a new list each time: callers may keep it
        item = NOTHING
        for f in items:
            item = item | f.type
        return Frag(src=f"[{', '.join(self.src(f) for f in items)}]", type=list_of(item))

    def _Comprehension(self, node: ast.Comprehension) -> Frag:
        return self.gather("list", node)

    def _Index(self, node: ast.Index) -> Frag:
        xs, i = (self.atom(f) for f in self.operands([node.value, node.index]))
        self.check(xs, A_LIST, node.value, "an index `[…]`")
        self.check(i, INT, node.index, "an index")
        x, n, span = self.src(xs), self.src(i), self.span_const(node)
        item = _item(xs.type) | (TEXT if xs.type.has("text") else NOTHING)
        if i.const is not None and i.const[0] >= 0:
            fast = f"_type({x}) is _list and _len({x}) > {n}"
        else:
            fast = f"_type({x}) is _list and _type({n}) is _int and -_len({x}) <= {n} < _len({x})"
        return Frag(src=f"({x}[{n}] if {fast} else {self.call(values.index, x, n, span)})", type=item)

    def _Unary(self, node: ast.Unary) -> Frag:
        a = self._expr(node.operand)
        if node.op == "not":
            return self.fold([a], lambda x: not x, BOOL) or Frag(src=f"(not {self.src(a)})", type=BOOL)
        self.check(a, A_NUMBER, node.operand, "`-`")
        span = self.span(node)
        type_ = INT if a.type.within(*INTS) else NUMBER
        folded = self.fold([a], lambda x: values.neg(x, span), type_)
        if folded:
            return folded
        if a.type.only(*INTS):
            return Frag(src=f"(-{self.src(a)})", type=INT)
        return Frag(src=self.call(values.neg, self.src(a), self.span_const(span)), type=NUMBER)

    def _Binary(self, node: ast.Binary) -> Frag:
        a, b = self.operands([node.left, node.right])
        return self.arithmetic(node.op, a, b, node.left, node.right,
                               self.locate(node.op_offset, node.op_width))

    def arithmetic(self, op: str, a: Frag, b: Frag, left: ast.Node, right: ast.Node, span: Span) -> Frag:
        """a OP b: checked types, plain Python where both are whole numbers, else a helper."""
        type_ = self._arithmetic_type(op, a, b, left, right)
        slow = values.ARITHMETIC[op]
        folded = self.fold([a, b], lambda x, y: slow(x, y, span), type_)
        if folded:
            return folded
        ints = a.type.only(*INTS) and b.type.only(*INTS)
        divisor = b.const is not None and b.const[0] != 0
        inline = op in ("+", "-") or (op in ("//", "%") and divisor)
        if ints and inline:
            return Frag(src=f"({self.src(a)} {op} {self.src(b)})", type=INT)
        if inline and a.type.has(*INTS) and b.type.has(*INTS):
            # Whole numbers at play time are the common case: Python's own, after a type test.
            a, b = self.atom(a), self.atom(b)
            x, y = self.src(a), self.src(b)
            return Frag(src=f"({x} {op} {y} if {self._ints(a, b)} else "
                            f"{self.call(slow, x, y, self.span_const(span))})", type=type_)
        return Frag(src=self.call(slow, self.src(a), self.src(b), self.span_const(span)), type=type_)

    def _ints(self, *frags: Frag) -> str:
        """A test that the (atomic) operands are plain ints, skipping those known to be."""
        tests = [f"_type({self.src(f)}) is _int" for f in frags if not f.type.only(*INTS)]
        return " and ".join(tests) or "True"

    def _arithmetic_type(self, op: str, a: Frag, b: Frag, left, right) -> Type:
        if op == "+":
            joined = NOTHING
            if a.type.has(*NUMERIC) and b.type.has(*NUMERIC):
                joined = joined | (INT if a.type.only(*INTS) and b.type.only(*INTS) else NUMBER)
            if a.type.has("list") and b.type.has("list"):
                joined = joined | list_of((a.type.item or ANY) | (b.type.item or ANY))
            if a.type.has("text") and b.type.has("text"):
                joined = joined | TEXT
            if not joined.kinds:
                raise RuleError(self.locate(left.offset, right.offset + right.width - left.offset),
                                f"cannot add {self.quote(left)} ({a.type.words()}) and "
                                f"{self.quote(right)} ({b.type.words()})",
                                "+ adds numbers, or joins two lists or two texts")
            return joined
        words = {"-": "`-`", "*": "`*`", "/": "`/`", "//": "`//`", "%": "`%`"}[op]
        self.check(a, A_NUMBER, left, words)
        self.check(b, A_NUMBER, right, words)
        if op == "/":
            return NUMBER
        if op == "//" or (a.type.within(*INTS) and b.type.within(*INTS)):
            return INT
        return NUMBER

    def _BoolOp(self, node: ast.BoolOp) -> Frag:
        a = self._expr(node.left)
        mark = self.unit.mark()
        b = self._expr(node.right)
        lines = self.unit.take(mark)
        type_ = a.type | b.type
        if a.const is not None:  # `false and x`, `true or x`: decided now
            if (not a.const[0]) if node.op == "and" else bool(a.const[0]):
                return a
            self.unit.lines += lines
            return b
        # Python's meaning: the value of the operand that decided (`trump or H`).
        if not lines:
            return Frag(src=f"({self.src(a)} {'and' if node.op == 'and' else 'or'} {self.src(b)})", type=type_)
        result = self.unit.temp()
        self.unit.emit(f"{result} = {self.src(a)}")
        self.unit.block(f"if {'' if node.op == 'and' else 'not '}{result}:",
                        [*lines, (0, f"{result} = {self.src(b)}")])
        return Frag(src=result, type=type_, atomic=True)

    def _Compare(self, node: ast.Compare) -> Frag:
        # a < b <= c: each operand evaluated once, stops at the first false; the operands after
        # the second run only if the comparisons before them held, so their lines go in `if`s.
        first, second = self.operands(node.operands[:2])
        rest = []
        for operand in node.operands[2:]:
            mark = self.unit.mark()
            frag = self._expr(operand)
            rest.append((frag, self.unit.take(mark)))
        spans = [self.locate(o, w) for o, w in zip(node.op_offsets, node.op_widths)]
        frags = [first, second, *(f for f, _ in rest)]
        for i, op in enumerate(node.ops):
            self._comparable(op, frags[i], frags[i + 1], node.operands[i], node.operands[i + 1])

        def chain(*xs):
            return all(values.compare(op, xs[i], xs[i + 1], spans[i]) for i, op in enumerate(node.ops))
        folded = self.fold(frags, chain, BOOL)
        if folded:
            return folded
        if not rest:
            return self._test(node.ops[0], first, second, spans[0])
        x, y = self.atom(first), self.atom(second)
        result = self.unit.temp()
        self.unit.emit(f"{result} = {self._test(node.ops[0], x, y, spans[0]).src}")
        for (frag, lines), op, span in zip(rest, node.ops[1:], spans[1:]):
            mark = self.unit.mark()
            self.unit.lines += lines
            z = self.atom(frag)
            self.unit.emit(f"{result} = {self._test(op, y, z, span).src}")
            self.unit.block(f"if {result}:", self.unit.take(mark))
            y = z
        return Frag(src=result, type=BOOL, atomic=True)

    def _comparable(self, op: str, a: Frag, b: Frag, left: ast.Node, right: ast.Node) -> None:
        if op in ("in", "not in"):
            self.check(b, A_LIST, right, f"`{op}`")
        elif op not in ("==", "!="):
            numbers = a.type.has(*NUMERIC) and b.type.has(*NUMERIC)
            if not numbers and not (a.type.kinds & b.type.kinds - {"none"}):
                raise RuleError(self.locate(left.offset, right.offset + right.width - left.offset),
                                f"cannot compare {self.quote(left)} ({a.type.words()}) {op} "
                                f"{self.quote(right)} ({b.type.words()})")

    def _test(self, op: str, a: Frag, b: Frag, span: Span) -> Frag:
        """a OP b for one comparison operator: Python's own where the types allow it, else
        values.compare, which raises the EvalError."""
        numbers = a.type.only(*NUMERIC) and b.type.only(*NUMERIC)
        if op in ("==", "!=") or (op in ("in", "not in") and b.type.only("list")) or numbers:
            return Frag(src=f"({self.src(a)} {_COMPARE[op]} {self.src(b)})", type=BOOL)
        a, b = self.atom(a), self.atom(b)
        x, y = self.src(a), self.src(b)
        slow = f"_compare({self.unit.const(op)}, {x}, {y}, {self.span_const(span)})"
        if op not in ("in", "not in") and a.type.has(*INTS) and b.type.has(*INTS):
            return Frag(src=f"({x} {_COMPARE[op]} {y} if {self._numbers(a, b)} else {slow})", type=BOOL)
        return Frag(src=slow, type=BOOL)

    def _numbers(self, *frags: Frag) -> str:
        """A test that the (atomic) operands compare as Python's numbers: none is the only other
        value a number-or-none may hold (a counter assigned from a value that may be none), so
        that is all there is to test; anything else is tested for a plain int."""
        tests = [f"{self.src(f)} is not None" if f.type.only(*NUMERIC, "none") else f"_type({self.src(f)}) is _int"
                 for f in frags if not f.type.only(*NUMERIC)]
        return " and ".join(tests) or "True"

    def _IfElse(self, node: ast.IfElse) -> Frag:
        mark = self.unit.mark()
        then = self._expr(node.then)
        then_lines = self.unit.take(mark)
        cond = self._expr(node.cond)
        mark = self.unit.mark()
        orelse = self._expr(node.orelse)
        else_lines = self.unit.take(mark)
        type_ = then.type | orelse.type
        if cond.const is not None:
            self.unit.lines += then_lines if cond.const[0] else else_lines
            return then if cond.const[0] else orelse
        if not then_lines and not else_lines:
            return Frag(src=f"({self.src(then)} if {self.src(cond)} else {self.src(orelse)})", type=type_)
        result = self.unit.temp()
        self.unit.block(f"if {self.src(cond)}:", [*then_lines, (0, f"{result} = {self.src(then)}")])
        self.unit.block("else:", [*else_lines, (0, f"{result} = {self.src(orelse)}")])
        return Frag(src=result, type=type_, atomic=True)

    def _Call(self, node: ast.Call) -> Frag:
        frag = self.scope.function(self, node)
        if frag is None:
            hint = did_you_mean(node.name, list(self.scope.function_names()))
            if hint is None and node.name in set(self.scope.names()):
                hint = f"'{node.name}' is a value, not a function: write it without parentheses"
            raise RuleError(self.locate(node.offset, len(node.name)), f"unknown function '{node.name}'", hint)
        return frag

    # ------------------------------------------------------------ loops

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
            if sum(line.count("{e}") for line in step) > 1:
                e = self.atom(e)
            words = {"r": result, "v": var, "e": self.src(e)}
            self.unit.lines += [(len(line) - len(line.lstrip()), line.strip().format(**words))
                                for line in step]
        if node.more and kind == "pairs":
            raise RuleError(self.span(node.more[0]), "argmax and argmin take one loop `for x in xs`",
                            "make the list first: argmax(e for x in [… for … in … for … in …])")

        def nested(loops):
            """The further loops (`for y in ys` after `for x in xs`), each inside the one before."""
            return (lambda var, var_type: self.loop(loops[0], nested(loops[1:]))) if loops else body
        self.loop(node.loop, nested(node.more))
        element, var = types.get("element", ANY), types.get("var", ANY)
        type_ = {"list": list_of(element), "pairs": list_of(var), "any": BOOL, "all": BOOL,
                 "count": INT, "first": element | Type(frozenset({"none"}))}[kind]
        return Frag(src=result, type=type_, atomic=True)

    def loop(self, loop: ast.Loop, body, copy: bool = False) -> None:
        """Write `for var in seq if cond: body(var, var's type)`; `copy`: loop over a copy of the
        list (a statement's `move` may change the zone being looped over)."""
        if self.loops >= MAX_LOOPS:
            raise RuleError(self.span(loop), f"loops nest too deeply (at most {MAX_LOOPS})")
        unit, outermost = self.unit, not self.loops
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
        self.bound.append((loop.var, Frag(src=var, type=var_type, atomic=True)))
        self.loops += 1
        try:
            mark = unit.mark()
            cond = self.src(self._expr(loop.cond)) if loop.cond is not None else None
            lines = unit.take(mark)
            body(var, var_type)
            inner: Lines = unit.take(mark)
        finally:
            self.bound.pop()
            self.loops -= 1
        if cond is not None:
            inner = [*lines, (0, f"if {cond}:"), *indent(inner or [(0, "pass")])]
        if outermost:
            unit.emit(*(f"{name} = {src}" for name, src in self.hoisted))
            self.hoisted.clear()
        unit.block(f"for {var} in {items}:", inner)

    # ------------------------------------------------------------ statements

    def _statement(self, node: ast.Node) -> None:
        if isinstance(node, ast.Assign):
            self._assign(node)
        elif isinstance(node, ast.Move):
            self.scope.move(self, node)
        elif isinstance(node, ast.Shuffle):
            self.scope.shuffle(self, node)
        else:
            self.scope.reveal(self, node)

    def _assign(self, node: ast.Assign) -> None:
        target = node.target
        if any(name == target.name for name, _ in self.bound):
            raise RuleError(self.locate(target.offset, len(target.name)),
                            f"cannot assign to '{target.name}': it is a local name here")
        place = self.scope.place(self, target)
        value = self._expr(node.value)
        if node.op != "=":
            # `x += v` is `x = x + v`: the place is read, computed with, written.
            span = self.locate(node.op_offset, len(node.op))
            value = self.arithmetic(node.op[0], place, value, target, node.value, span)
        self.scope.store(self, target, place, value)


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


def generator(node: ast.Call) -> bool:
    """Whether a call's one argument is a generator: `sum(x for p in xs)`."""
    return len(node.args) == 1 and isinstance(node.args[0], ast.Comprehension) and node.args[0].generator
