"""Syntax tree -> Python closures `env -> value`.

Everything is resolved here, once: names to the scope's closures or to `env.locals`, functions
to the scope's or the built-ins' code, operators to specialised closures with an int fast path,
and constant sub-expressions to their value (`1/3` is computed once, at load time). At run time
a closure only calls the closures below it.
"""
from __future__ import annotations

import operator
from fractions import Fraction
from typing import Any, Callable, Sequence

from ..errors import RuleError, did_you_mean
from ..source import Span
from . import ast, values
from .builtins import BUILTINS
from .scope import Code, Locate, Scope
from .values import EvalError

_MISSING = object()
_FOLDABLE = (int, Fraction, str, bool, type(None))  # immutable results that may be shared

_COMPARE = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
            ">": operator.gt, ">=": operator.ge,
            "in": lambda x, y: x in y, "not in": lambda x, y: x not in y}


def constant(value: Any) -> Code:
    """A closure returning `value`, marked so that operators on constants fold at compile time."""
    def run(env):
        return value
    run.const = (value,)
    return run


def _const(code: Code) -> tuple | None:
    return getattr(code, "const", None)


class Compiler:
    def __init__(self, scope: Scope, locate: Locate, locals: Sequence[str] = ()):
        self.scope, self.locate = scope, locate
        self.bound: list[str] = list(locals)  # names read from env.locals (a stack: loops push)

    def span(self, node: ast.Node) -> Span:
        return self.locate(node.offset, node.width)

    # ------------------------------------------------------------ expressions

    def expr(self, node: ast.Node) -> Code:
        return getattr(self, "_" + type(node).__name__)(node)

    def _fold(self, code: Code, parts: Sequence[Code]) -> Code:
        """`code` itself, or its value as a constant when every part is constant."""
        if not all(_const(p) for p in parts):
            return code
        try:
            value = code(None)  # constant parts never look at env
        except Exception:  # `1/0`: it fails when (and only if) it runs, as it would unfolded
            return code
        return constant(value) if isinstance(value, _FOLDABLE) else code

    def _Literal(self, node: ast.Literal) -> Code:
        return constant(node.value)

    def _CardLit(self, node: ast.CardLit) -> Code:
        return constant(self.scope.card(node.text, self.span(node)))

    def _SuitLit(self, node: ast.SuitLit) -> Code:
        return constant(self.scope.suit(node.text, self.span(node)))

    def _Name(self, node: ast.Name) -> Code:
        name = node.name
        if name not in self.bound:
            return self.scope.lookup(name, self.span(node))
        span = self.span(node)

        def local(env):
            try:
                return env.locals[name]
            except KeyError:
                raise EvalError(f"'{name}' has no value here", span) from None
        return local

    def _Option(self, node: ast.Option) -> Code:
        return self.scope.option(node.name, self.locate(node.name_offset, len(node.name)))

    def _ListExpr(self, node: ast.ListExpr) -> Code:
        items = tuple(self.expr(item) for item in node.items)
        return lambda env: [item(env) for item in items]  # a new list each time: callers may keep it

    def _Comprehension(self, node: ast.Comprehension) -> Code:
        return self._loop(node.loop, lambda: self.expr(node.element), _collect)

    def _Index(self, node: ast.Index) -> Code:
        seq, idx, span = self.expr(node.value), self.expr(node.index), self.span(node)
        slow = values.index

        def run(env):
            xs = seq(env)
            i = idx(env)
            if type(xs) is list and type(i) is int:
                try:
                    return xs[i]
                except IndexError:
                    pass
            return slow(xs, i, span)
        return run

    def _Unary(self, node: ast.Unary) -> Code:
        a, span = self.expr(node.operand), self.span(node)
        if node.op == "not":
            def run(env):
                return not a(env)
        else:
            slow = values.neg

            def run(env):
                x = a(env)
                return -x if type(x) is int else slow(x, span)
        return self._fold(run, [a])

    def _Binary(self, node: ast.Binary) -> Code:
        a, b = self.expr(node.left), self.expr(node.right)
        span = self.locate(node.op_offset, node.op_width)
        run = arithmetic(node.op, a, b, span)
        return self._fold(run, [a, b])

    def _BoolOp(self, node: ast.BoolOp) -> Code:
        a, b = self.expr(node.left), self.expr(node.right)
        left = _const(a)
        if left is not None:  # `false and x`, `true or x`: decided now
            decided = not left[0] if node.op == "and" else bool(left[0])
            return a if decided else b
        # Python's meaning: the value of the operand that decided (`trump or H`).
        if node.op == "and":
            return lambda env: a(env) and b(env)
        return lambda env: a(env) or b(env)

    def _Compare(self, node: ast.Compare) -> Code:
        codes = [self.expr(x) for x in node.operands]
        steps = [(node.ops[i], _COMPARE[node.ops[i]], codes[i + 1],
                  self.locate(node.op_offsets[i], node.op_widths[i])) for i in range(len(node.ops))]
        if len(steps) == 1:
            run = compare(codes[0], *steps[0])
        else:
            first, error = codes[0], values.compare_error

            def run(env):  # a < b <= c: each operand evaluated once, stops at the first false
                x = first(env)
                for op, test, code, span in steps:
                    y = code(env)
                    try:
                        if not test(x, y):
                            return False
                    except TypeError:
                        raise error(op, x, y, span) from None
                    x = y
                return True
        return self._fold(run, codes)

    def _IfElse(self, node: ast.IfElse) -> Code:
        then, cond, orelse = self.expr(node.then), self.expr(node.cond), self.expr(node.orelse)
        known = _const(cond)
        if known is not None:
            return then if known[0] else orelse
        return lambda env: then(env) if cond(env) else orelse(env)

    def _Call(self, node: ast.Call) -> Code:
        if node.name in BUILTINS:
            return self._builtin(node, BUILTINS[node.name])
        span = self.span(node)
        if _generator(node):
            args = [self._Comprehension(node.args[0])]
        else:
            args = [self.expr(a) for a in node.args]
        code = self.scope.function(node.name, args, [self.span(a) for a in node.args], span)
        if code is None:
            names = [*self.scope.function_names(), *BUILTINS]
            hint = did_you_mean(node.name, names)
            if hint is None and node.name in set(self.scope.names()):
                hint = f"'{node.name}' is a value, not a function: write it without parentheses"
            raise RuleError(self.locate(node.offset, len(node.name)),
                            f"unknown function '{node.name}'", hint)
        return code

    def _builtin(self, node: ast.Call, b) -> Code:
        span, name = self.span(node), node.name
        if _generator(node):
            gen = node.args[0]
            if not b.generator:
                raise RuleError(self.locate(gen.offset, gen.width), f"{name} takes a number, not a generator")
            if b.pairs is not None:
                f, pairs = b.pairs, self._loop(gen.loop, lambda: self.expr(gen.element), _collect_pairs)
                return lambda env: f(pairs(env), span)
            f, items = b.items, self._Comprehension(gen)
            return lambda env: f(items(env), span)
        if b.pairs is not None:
            raise RuleError(span, f"{name} needs a generator argument, like {name}(score(p) for p in active)")
        n = len(node.args)
        if not b.min_args <= n <= b.max_args:
            count = (f"{b.min_args} argument" if b.min_args == b.max_args else
                     f"at least {b.min_args} argument")
            raise RuleError(span, f"{name} takes {count}{'s' if b.min_args != 1 else ''}, not {n}")
        args = [self.expr(a) for a in node.args]
        if n == 1:
            f, a = b.one, args[0]
            run = lambda env: f(a(env), span)
        else:
            f = b.many
            run = lambda env: f([a(env) for a in args], span)
        return self._fold(run, args)

    # ------------------------------------------------------------ loops

    def _loop(self, loop: ast.Loop, body: Callable[[], Code], make) -> Code:
        """Compile `for var in seq if cond` around the code `body()` compiles (with var bound)."""
        seq = self.expr(loop.seq)  # evaluated outside the loop: `var` is not bound in it
        self.bound.append(loop.var)
        try:
            cond = self.expr(loop.cond) if loop.cond is not None else None
            code = body()
        finally:
            self.bound.pop()
        return make(loop.var, seq, cond, code, self.span(loop.seq))

    # ------------------------------------------------------------ statements

    def statement(self, node: ast.Node) -> Callable[[Any], None]:
        if node.loop is None:
            return self._statement(node)
        return self._loop(node.loop, lambda: self._statement(node), _repeat)

    def _statement(self, node: ast.Node) -> Callable[[Any], None]:
        if isinstance(node, ast.Assign):
            return self._assign(node)
        if isinstance(node, ast.Move):
            zone = node.zone
            index = self.expr(zone.index) if zone.index is not None else None
            return self.scope.move(self.expr(node.cards), zone.name, index, self.span(zone))
        return self.scope.reveal(self.expr(node.cards), self.span(node))

    def _assign(self, node: ast.Assign) -> Callable[[Any], None]:
        target = node.target
        if target.name in self.bound:
            raise RuleError(self.locate(target.offset, len(target.name)),
                            f"cannot assign to '{target.name}': it is a local name here")
        index = self.expr(target.index) if target.index is not None else None
        value = self.expr(node.value)
        get, put = self.scope.target(target.name, index, self.span(target))
        if node.op == "=":
            return lambda env: put(env, value(env))
        op_span = self.locate(node.op_offset, len(node.op))
        # `x += v` is `x = x + v`: get, compute, set; the scope's closures evaluate the index.
        combined = arithmetic(node.op[0], get, value, op_span)
        return lambda env: put(env, combined(env))


# ---------------------------------------------------------------- closure factories


def arithmetic(op: str, a: Code, b: Code, span: Span) -> Code:
    """a OP b, with the common case (two ints, no division) inline."""
    slow = values.ARITHMETIC[op]
    if op == "+":
        def run(env):
            x, y = a(env), b(env)
            return x + y if type(x) is int and type(y) is int else slow(x, y, span)
    elif op == "-":
        def run(env):
            x, y = a(env), b(env)
            return x - y if type(x) is int and type(y) is int else slow(x, y, span)
    elif op == "*":
        def run(env):
            x, y = a(env), b(env)
            return x * y if type(x) is int and type(y) is int else slow(x, y, span)
    else:
        def run(env):
            return slow(a(env), b(env), span)
    return run


def compare(a: Code, op: str, test, b: Code, span: Span) -> Code:
    if op in ("==", "!="):
        return (lambda env: a(env) == b(env)) if op == "==" else (lambda env: a(env) != b(env))
    error = values.compare_error

    def run(env):
        x, y = a(env), b(env)
        try:
            return test(x, y)
        except TypeError:
            raise error(op, x, y, span) from None
    return run


def _generator(node: ast.Call) -> bool:
    return len(node.args) == 1 and isinstance(node.args[0], ast.Comprehension) and node.args[0].generator


def _bind(loc: dict, var: str) -> Any:
    return loc.get(var, _MISSING)


def _unbind(loc: dict, var: str, old: Any) -> None:
    if old is _MISSING:
        loc.pop(var, None)
    else:
        loc[var] = old


# Loops save the variable's previous value and put it back, so nested loops over the same name
# (and a loop inside an `each:` that binds `player`) see their own binding.

def _collect(var: str, seq: Code, cond: Code | None, elem: Code, span: Span) -> Code:
    """[elem for var in seq if cond]"""
    def run(env):
        items = values.iterable(seq(env), span)
        loc = env.locals
        old = _bind(loc, var)
        try:
            out = []
            for v in items:
                loc[var] = v
                if cond is None or cond(env):
                    out.append(elem(env))
            return out
        finally:
            _unbind(loc, var, old)
    return run


def _collect_pairs(var: str, seq: Code, cond: Code | None, elem: Code, span: Span) -> Code:
    """[(var, elem) for var in seq if cond] -- for argmax/argmin."""
    def run(env):
        items = values.iterable(seq(env), span)
        loc = env.locals
        old = _bind(loc, var)
        try:
            out = []
            for v in items:
                loc[var] = v
                if cond is None or cond(env):
                    out.append((v, elem(env)))
            return out
        finally:
            _unbind(loc, var, old)
    return run


def _repeat(var: str, seq: Code, cond: Code | None, body: Callable[[Any], None], span: Span) -> Code:
    """body for var in seq if cond -- a statement's loop. The list is copied first: a `move`
    in the body may change the zone being looped over."""
    def run(env):
        items = list(values.iterable(seq(env), span))
        loc = env.locals
        old = _bind(loc, var)
        try:
            for v in items:
                loc[var] = v
                if cond is None or cond(env):
                    body(env)
        finally:
            _unbind(loc, var, old)
    return run
