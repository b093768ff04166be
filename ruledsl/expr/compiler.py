"""Syntax tree -> one generated Python function per expression or statement.

Everything is resolved here, once: names to the scope's closures or to locals, functions to the
scope's or the built-ins' code, constant sub-expressions to their value (`1/3` is computed once,
at load time). What is left is written as Python source for one function (codegen.py), compiled
with `compile()`: operators, comparisons, `and`/`or`, loops and the common built-ins become
Python's own, inline, and the function only calls the scope's closures.

Why source and not closures: a closure per node costs a Python call per node and per loop
iteration, and most of a rule file's time went into those calls (comparisons, `count(...)`,
comprehension loops, local reads), not into the scope's work. In one function the int fast paths
are an inline type test, a loop variable is a Python variable, `any`/`all`/`count`/`first` over
a generator stop early without building a list, and a constant operand is a name, not a call.

How:
- each sub-expression compiles to a Frag: a Python expression for the function being written,
  a constant, or a closure to call; statements it needs first (a loop, a value used twice) are
  written as lines before it, and the operands of one operator are evaluated left to right
  (`_operands` moves earlier operands into temporaries when a later one writes lines);
- `and`/`or`, `x if c else y`, chained comparisons and loops put the lines of the part that may
  not run inside an `if` or `for`;
- a loop variable lives in a Python variable and, for the scope's closures (which only see
  `env`), in `env.locals` too: set per item, its previous value put back after the loop;
- arguments of the scope's functions must be closures `env -> value`: each is its own function
  (reading loop variables from `env.locals`);
- run-time mistakes are EvalErrors raised by the slow-path helpers of values.py and builtins.py,
  which get their span as a constant.

Safety: see codegen.py -- the source holds only the compiler's words; every value of the
expression text, every span and every closure of the scope is a constant of the function.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable, Sequence

import attrs

from ..errors import RuleError, did_you_mean
from ..source import Span
from . import ast, values
from .builtins import BUILTINS
from .codegen import Lines, Unit, indent
from .scope import Code, Locate, Scope

_FOLDABLE = (int, Fraction, str, bool, type(None))  # immutable results that may be shared
_MAX_LOOPS = 5  # loops nested in one function; deeper ones get their own (Python's block limit)

# Python's operator for each operator of the language (only these words reach the source).
_COMPARE = {"==": "==", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">=",
            "in": "in", "not in": "not in"}
_INT_ARITHMETIC = {"+": "+", "-": "-", "*": "*", "//": "//", "%": "%"}  # exact on two ints

# What a loop does with each produced value `{e}` (the loop variable is `{v}`): the result `{r}`
# starts as the first item of the pair. any/all/count/first stop as soon as the answer is known;
# `count(lives(p) > 0 for p in s)` counts the true ones, `count(p for p in s if c)` the items:
# every produced value counts except false and none (a seat 0 still counts).
_GATHER = {
    "list": ("[]", ["{r}.append({e})"]),
    "pairs": ("[]", ["{r}.append(({v}, {e}))"]),
    "any": ("False", ["if {e}:", " {r} = True", " break"]),
    "all": ("True", ["if not {e}:", " {r} = False", " break"]),
    "count": ("0", ["if {e} is not False and {e} is not None:", " {r} += 1"]),
    "first": ("None", ["{r} = {e}", "break"]),
}
_SHORT = {"any", "all", "count", "first"}  # built-ins over a generator written as a _GATHER


def constant(value: Any) -> Code:
    """A closure returning `value`, marked so that operators on constants fold at compile time."""
    def run(env):
        return value
    run.const = (value,)
    return run


@attrs.frozen
class Frag:
    """A compiled sub-expression: Python source, a constant, or a closure to call with env."""
    src: str | None = None      # an expression of the function being written
    const: tuple | None = None  # (value,): known now
    code: Code | None = None
    atomic: bool = False        # src is one name: it may be read twice


def _of_code(code: Code) -> Frag:
    const = getattr(code, "const", None)
    return Frag(const=const) if const is not None else Frag(code=code)


def _int_const(frag: Frag) -> bool:
    return frag.const is not None and type(frag.const[0]) is int


class Compiler:
    def __init__(self, scope: Scope, locate: Locate, locals: Sequence[str] = ()):
        self.scope, self.locate = scope, locate
        # (name, unit, Python variable) of every local; loops push. The caller's locals belong
        # to no unit: they are read from env.locals and may be missing.
        self.bound: list[tuple[str, Unit | None, str | None]] = [(n, None, None) for n in locals]
        self.unit = Unit()

    def span(self, node: ast.Node) -> Span:
        return self.locate(node.offset, node.width)

    # ------------------------------------------------------------ entry points

    def expr(self, node: ast.Node) -> Code:
        """`node` as a closure env -> value."""
        outer, self.unit = self.unit, Unit()
        try:
            frag = self._expr(node)
            if frag.const is not None:
                return constant(frag.const[0])
            if frag.code is not None and not self.unit.lines:
                return frag.code
            return self.unit.function(self.src(frag))
        finally:
            self.unit = outer

    def statement(self, node: ast.Node) -> Callable[[Any], None]:
        if node.loop is None and not isinstance(node, ast.Assign):
            return self._action(node)  # already the scope's closure
        outer, self.unit = self.unit, Unit()
        try:
            if node.loop is None:
                self._statement(node)
            else:
                self._loop(node.loop, lambda var: self._statement(node), copy=True)
            return self.unit.function(None)
        finally:
            self.unit = outer

    # ------------------------------------------------------------ writing

    def _expr(self, node: ast.Node) -> Frag:
        if self.unit.loops >= _MAX_LOOPS:
            return _of_code(self.expr(node))
        return getattr(self, "_" + type(node).__name__)(node)

    def src(self, frag: Frag) -> str:
        if frag.const is not None:
            return self.unit.const(frag.const[0])
        if frag.code is not None:
            return f"{self.unit.const(frag.code)}(env)"
        return frag.src

    def atom(self, frag: Frag) -> Frag:
        """`frag` as a name (or constant), to be read more than once: evaluated here, once."""
        if frag.atomic or frag.const is not None:
            return frag
        name = self.unit.temp()
        self.unit.emit(f"{name} = {self.src(frag)}")
        return Frag(src=name, atomic=True)

    def _operands(self, nodes: Sequence[ast.Node]) -> list[Frag]:
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

    def _fold(self, frags: Sequence[Frag], compute) -> Frag | None:
        """The value of `compute(*operands)` as a constant, when every operand is one."""
        if not all(f.const is not None for f in frags):
            return None
        try:
            value = compute(*(f.const[0] for f in frags))
        except Exception:  # `1/0`: it fails when (and only if) it runs, as it would unfolded
            return None
        return Frag(const=(value,)) if isinstance(value, _FOLDABLE) else None

    def _call(self, f: Callable, *args: str) -> str:
        return f"{self.unit.const(f)}({', '.join(args)})"

    def _ints(self, *frags: Frag) -> str | None:
        """A test that the operands are ints (True for int constants), None if one never is."""
        if any(f.const is not None and not _int_const(f) for f in frags):
            return None
        names = [self.src(f) for f in frags if f.const is None]
        if not names:
            return None
        return " is ".join(f"_type({n})" for n in names) + " is _int"

    # ------------------------------------------------------------ expressions

    def _Literal(self, node: ast.Literal) -> Frag:
        return Frag(const=(node.value,))

    def _CardLit(self, node: ast.CardLit) -> Frag:
        return Frag(const=(self.scope.card(node.text, self.span(node)),))

    def _SuitLit(self, node: ast.SuitLit) -> Frag:
        return Frag(const=(self.scope.suit(node.text, self.span(node)),))

    def _Name(self, node: ast.Name) -> Frag:
        for name, unit, var in reversed(self.bound):
            if name == node.name:
                break
        else:
            return _of_code(self.scope.lookup(node.name, self.span(node)))
        if unit is self.unit:
            return Frag(src=var, atomic=True)
        key = self.unit.const(name)
        if unit is None:  # the caller's: it may have no value
            return Frag(src=f"(env.locals[{key}] if {key} in env.locals else "
                            f"_no_value({key}, {self.unit.const(self.span(node))}))")
        return Frag(src=f"env.locals[{key}]")  # a loop's, bound in env.locals by now

    def _Option(self, node: ast.Option) -> Frag:
        return _of_code(self.scope.option(node.name, self.locate(node.name_offset, len(node.name))))

    def _ListExpr(self, node: ast.ListExpr) -> Frag:
        items = self._operands(node.items)  # a new list each time: callers may keep it
        return Frag(src=f"[{', '.join(self.src(f) for f in items)}]")

    def _Comprehension(self, node: ast.Comprehension) -> Frag:
        return self._gather("list", node)

    def _Index(self, node: ast.Index) -> Frag:
        xs, i = (self.atom(f) for f in self._operands([node.value, node.index]))
        x, n, span = self.src(xs), self.src(i), self.unit.const(self.span(node))
        if _int_const(i) and i.const[0] >= 0:
            fast = f"_type({x}) is _list and _len({x}) > {n}"
        else:
            fast = f"_type({x}) is _list and _type({n}) is _int and -_len({x}) <= {n} < _len({x})"
        return Frag(src=f"({x}[{n}] if {fast} else {self._call(values.index, x, n, span)})")

    def _Unary(self, node: ast.Unary) -> Frag:
        a, span = self._expr(node.operand), self.span(node)
        if node.op == "not":
            return self._fold([a], lambda x: not x) or Frag(src=f"(not {self.src(a)})")
        folded = self._fold([a], lambda x: values.neg(x, span))
        if folded:
            return folded
        x = self.src(self.atom(a))
        slow = self._call(values.neg, x, self.unit.const(span))
        return Frag(src=f"(-{x} if _type({x}) is _int else {slow})")

    def _Binary(self, node: ast.Binary) -> Frag:
        a, b = self._operands([node.left, node.right])
        span = self.locate(node.op_offset, node.op_width)
        slow = values.ARITHMETIC[node.op]
        return self._fold([a, b], lambda x, y: slow(x, y, span)) or self._arithmetic(node.op, a, b, span)

    def _arithmetic(self, op: str, a: Frag, b: Frag, span: Span) -> Frag:
        """a OP b, with the common case (two ints, no division) inline."""
        slow = values.ARITHMETIC[op]
        fast = None
        if op in _INT_ARITHMETIC:
            a, b = self.atom(a), self.atom(b)
            fast = self._ints(a, b)
            if fast and op in ("//", "%") and b.const is None:
                fast += f" and {self.src(b)}"
            elif fast and op in ("//", "%") and b.const[0] == 0:
                fast = None
        x, y = self.src(a), self.src(b)
        call = self._call(slow, x, y, self.unit.const(span))
        return Frag(src=f"({x} {_INT_ARITHMETIC[op]} {y} if {fast} else {call})" if fast else call)

    def _BoolOp(self, node: ast.BoolOp) -> Frag:
        a = self._expr(node.left)
        mark = self.unit.mark()
        b = self._expr(node.right)
        lines = self.unit.take(mark)
        if a.const is not None:  # `false and x`, `true or x`: decided now
            if (not a.const[0]) if node.op == "and" else bool(a.const[0]):
                return a
            self.unit.lines += lines
            return b
        # Python's meaning: the value of the operand that decided (`trump or H`).
        if not lines:
            return Frag(src=f"({self.src(a)} {'and' if node.op == 'and' else 'or'} {self.src(b)})")
        result = self.unit.temp()
        self.unit.emit(f"{result} = {self.src(a)}")
        self.unit.block(f"if {'' if node.op == 'and' else 'not '}{result}:",
                        [*lines, (0, f"{result} = {self.src(b)}")])
        return Frag(src=result, atomic=True)

    def _Compare(self, node: ast.Compare) -> Frag:
        # a < b <= c: each operand evaluated once, stops at the first false; the operands after
        # the second run only if the comparisons before them held, so their lines go in `if`s.
        first, second = self._operands(node.operands[:2])
        rest = []
        for operand in node.operands[2:]:
            mark = self.unit.mark()
            frag = self._expr(operand)
            rest.append((frag, self.unit.take(mark)))
        spans = [self.locate(o, w) for o, w in zip(node.op_offsets, node.op_widths)]
        frags = [first, second, *(f for f, _ in rest)]

        def chain(*xs):
            return all(values.compare(op, xs[i], xs[i + 1], spans[i]) for i, op in enumerate(node.ops))
        folded = self._fold(frags, chain)
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
        return Frag(src=result, atomic=True)

    def _test(self, op: str, a: Frag, b: Frag, span: Span) -> Frag:
        """a OP b for one comparison operator: `==` inline, the others with an int (or list)
        fast path and values.compare, which raises the EvalError, for the rest."""
        if op in ("==", "!="):
            return Frag(src=f"({self.src(a)} {_COMPARE[op]} {self.src(b)})")
        a, b = self.atom(a), self.atom(b)
        x, y = self.src(a), self.src(b)
        slow = f"_compare({self.unit.const(op)}, {x}, {y}, {self.unit.const(span)})"
        fast = f"_type({y}) is _list" if op in ("in", "not in") else self._ints(a, b)
        return Frag(src=f"({x} {_COMPARE[op]} {y} if {fast} else {slow})" if fast else slow)

    def _IfElse(self, node: ast.IfElse) -> Frag:
        mark = self.unit.mark()
        then = self._expr(node.then)
        then_lines = self.unit.take(mark)
        cond = self._expr(node.cond)
        mark = self.unit.mark()
        orelse = self._expr(node.orelse)
        else_lines = self.unit.take(mark)
        if cond.const is not None:
            self.unit.lines += then_lines if cond.const[0] else else_lines
            return then if cond.const[0] else orelse
        if not then_lines and not else_lines:
            return Frag(src=f"({self.src(then)} if {self.src(cond)} else {self.src(orelse)})")
        result = self.unit.temp()
        self.unit.block(f"if {self.src(cond)}:", [*then_lines, (0, f"{result} = {self.src(then)}")])
        self.unit.block("else:", [*else_lines, (0, f"{result} = {self.src(orelse)}")])
        return Frag(src=result, atomic=True)

    def _Call(self, node: ast.Call) -> Frag:
        if node.name in BUILTINS:
            return self._builtin(node, BUILTINS[node.name])
        span = self.span(node)
        args = [self.expr(a) for a in node.args]  # the scope's functions take closures
        code = self.scope.function(node.name, args, [self.span(a) for a in node.args], span)
        if code is None:
            names = [*self.scope.function_names(), *BUILTINS]
            hint = did_you_mean(node.name, names)
            if hint is None and node.name in set(self.scope.names()):
                hint = f"'{node.name}' is a value, not a function: write it without parentheses"
            raise RuleError(self.locate(node.offset, len(node.name)),
                            f"unknown function '{node.name}'", hint)
        return _of_code(code)

    def _builtin(self, node: ast.Call, b) -> Frag:
        span, name = self.span(node), node.name
        if _generator(node):
            gen = node.args[0]
            if not b.generator:
                raise RuleError(self.locate(gen.offset, gen.width), f"{name} takes a number, not a generator")
            if b.pairs is not None:
                return self._gather("pairs", gen, b.pairs, span)
            if name in _SHORT:
                return self._gather(name, gen)
            return self._gather("list", gen, b.items, span)
        if b.pairs is not None:
            raise RuleError(span, f"{name} needs a generator argument, like {name}(score(p) for p in active)")
        n = len(node.args)
        if not b.min_args <= n <= b.max_args:
            count = (f"{b.min_args} argument" if b.min_args == b.max_args else
                     f"at least {b.min_args} argument")
            raise RuleError(span, f"{name} takes {count}{'s' if b.min_args != 1 else ''}, not {n}")
        args = self._operands(node.args)
        if n > 1:
            folded = self._fold(args, lambda *xs: b.many(list(xs), span))
            items = f"[{', '.join(self.src(a) for a in args)}]"
            return folded or Frag(src=self._call(b.many, items, self.unit.const(span)))
        folded = self._fold(args, lambda x: b.one(x, span))
        if folded:
            return folded
        if name in ("count", "len"):  # a list's length, inline
            x = self.src(self.atom(args[0]))
            return Frag(src=f"(_len({x}) if _type({x}) is _list else "
                            f"{self._call(b.one, x, self.unit.const(span))})")
        return Frag(src=self._call(b.one, self.src(args[0]), self.unit.const(span)))

    # ------------------------------------------------------------ loops

    def _gather(self, kind: str, node: ast.Comprehension, then=None, span: Span | None = None) -> Frag:
        """Loop over a comprehension, doing _GATHER[kind] with each value; `then(values, span)`
        makes the result from the list gathered."""
        result = self.unit.temp()
        start, step = _GATHER[kind]
        self.unit.emit(f"{result} = {start}")

        def body(var: str) -> None:
            e = self._expr(node.element)
            if sum(line.count("{e}") for line in step) > 1:
                e = self.atom(e)
            words = {"r": result, "v": var, "e": self.src(e)}
            self.unit.lines += [(len(line) - len(line.lstrip()), line.strip().format(**words))
                                for line in step]
        self._loop(node.loop, body)
        if then is None:
            return Frag(src=result, atomic=True)
        return Frag(src=self._call(then, result, self.unit.const(span)))

    def _loop(self, loop: ast.Loop, body: Callable[[str], None], copy: bool = False) -> None:
        """Write `for var in seq if cond: body(var)`; `copy`: loop over a copy of the list (a
        statement's `move` may change the zone being looped over)."""
        unit = self.unit
        items = unit.temp()
        unit.emit(f"{items} = {self.src(self._expr(loop.seq))}")  # `var` is not bound in it
        span = unit.const(self.span(loop.seq))
        unit.block(f"if _type({items}) is not _list:", [(0, f"{items} = _iterable({items}, {span})")])
        if copy:
            unit.emit(f"{items} = _list({items})")
        var, old, key = unit.temp("_v"), unit.temp(), unit.const(loop.var)
        self.bound.append((loop.var, unit, var))
        unit.loops += 1
        try:
            mark = unit.mark()
            cond = self.src(self._expr(loop.cond)) if loop.cond is not None else None
            lines = unit.take(mark)
            body(var)
            inner: Lines = unit.take(mark)
        finally:
            self.bound.pop()
            unit.loops -= 1
        if cond is not None:
            inner = [*lines, (0, f"if {cond}:"), *indent(inner)]
        # Loops save the variable's previous value and put it back, so nested loops over the same
        # name (and a loop inside an `each:` that binds `player`) see their own binding.
        unit.emit("_loc = env.locals", f"{old} = _loc.get({key}, _MISSING)")
        unit.block("try:", [(0, f"for {var} in {items}:"), (1, f"_loc[{key}] = {var}"), *indent(inner)])
        unit.block("finally:", [(0, f"if {old} is _MISSING:"), (1, f"_loc.pop({key}, None)"),
                                (0, "else:"), (1, f"_loc[{key}] = {old}")])

    # ------------------------------------------------------------ statements

    def _statement(self, node: ast.Node) -> None:
        if isinstance(node, ast.Assign):
            self._assign(node)
        else:
            self.unit.emit(f"{self.unit.const(self._action(node))}(env)")

    def _action(self, node: ast.Node) -> Callable[[Any], None]:
        """`move` or `reveal`: the scope's closure."""
        if isinstance(node, ast.Move):
            zone = node.zone
            index = self.expr(zone.index) if zone.index is not None else None
            return self.scope.move(self.expr(node.cards), zone.name, index, self.span(zone))
        return self.scope.reveal(self.expr(node.cards), self.span(node))

    def _assign(self, node: ast.Assign) -> None:
        target = node.target
        if any(name == target.name for name, _, _ in self.bound):
            raise RuleError(self.locate(target.offset, len(target.name)),
                            f"cannot assign to '{target.name}': it is a local name here")
        index = self.expr(target.index) if target.index is not None else None
        mark = self.unit.mark()
        value = self._expr(node.value)
        get, put = self.scope.target(target.name, index, self.span(target))
        if node.op != "=":
            # `x += v` is `x = x + v`: get, compute, set; the scope's closures evaluate the index.
            lines = self.unit.take(mark)
            old = self.atom(_of_code(get))
            self.unit.lines += lines
            value = self._arithmetic(node.op[0], old, value, self.locate(node.op_offset, len(node.op)))
        self.unit.emit(f"{self.unit.const(put)}(env, {self.src(value)})")


def _generator(node: ast.Call) -> bool:
    return len(node.args) == 1 and isinstance(node.args[0], ast.Comprehension) and node.args[0].generator
