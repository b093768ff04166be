"""Operators of the expression language, compiled: arithmetic, comparisons, `and`/`or`,
`x if c else y` (a mixin of compiler.Compiler, which holds the entry points and the names).

Where the types say the operands are whole numbers, arithmetic and comparisons are Python's,
inline; elsewhere a helper of values.py does the work and raises the EvalError, located at the
operator (its span is a constant). The parts that may not run (`b` of `a and b`, the branch not
taken) have their lines written inside an `if`.
"""
from __future__ import annotations

import attrs

from ..errors import RuleError
from .types import A_LIST, A_NUMBER, BOOL, INT, NOTHING, NUMBER, NUMERIC, TEXT, ANY, Type, list_of
from ..source import Span
from . import ast, values
from .codegen import Frag

INTS = frozenset({"int", "seat", "team"})            # kinds that are whole numbers at play time

# Python's operator for each comparison of the language (only these words reach the source).
_COMPARE = {"==": "==", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">=",
            "in": "in", "not in": "not in"}


class Operators:
    """The operators' half of the expression compiler."""

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
        frag = self.arithmetic(node.op, a, b, node.left, node.right, self.locate(node.op_offset, node.op_width))
        if node.op == "+" and frag.const is None and frag.type.only(*INTS):   # `len(g) + 1`: a bound for loops.py
            low, high = self.largest(a), self.largest(b)
            if low is not None and high is not None:
                frag = attrs.evolve(frag, most=low + high)
        elif node.op == "-" and frag.const is None and frag.type.only(*INTS):     # `count(pile) - 1` too
            high = self.largest(a)
            if high is not None and b.const is not None and type(b.const[0]) is int and b.const[0] >= 0:
                frag = attrs.evolve(frag, most=high - b.const[0])
        return frag

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
        if op == "+" and a.type.only("list") and b.type.only("list"):
            # Two lists joined (`m + [c]`, a lay-off tested against each meld): Python's own, after
            # a test that they are plain lists and that the join stays within MAX_ITEMS.
            a, b = self.atom(a), self.atom(b)
            x, y = self.src(a), self.src(b)
            return Frag(src=f"({x} + {y} if _type({x}) is _list and _type({y}) is _list and "
                            f"_len({x}) + _len({y}) <= {values.MAX_ITEMS} else "
                            f"{self.call(slow, x, y, self.span_const(span))})", type=type_)
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
        copies = self.scope.copies()
        if copies is not None and not numbers and (_cardlike(a.type) or _cardlike(b.type)):
            # a deck of several packs: the copies of a card are the same card (runtime/shoe.py)
            compare, same = copies
            return Frag(src=self.call(compare, self.unit.const(op), self.src(a), self.src(b),
                                      self.unit.const(same), self.span_const(span)), type=BOOL)
        if op in ("==", "!=") and (_is_none(a) or _is_none(b)):
            # `wish != none`: only none equals none, so an identity test says it (no rich compare)
            x = self.src(b if _is_none(a) else a)
            return Frag(src=f"({x} {'is' if op == '==' else 'is not'} None)", type=BOOL)
        empty = _emptiness(op, a, b)
        if empty is not None:
            return Frag(src=empty, type=BOOL)
        told = self._told(op, a, b) or _rowed(op, a, b)
        if told is not None:
            return told
        if op in ("==", "!=") or (op in ("in", "not in") and b.type.only("list")) or numbers:
            # `drawn == []`: compared with one empty list kept for it, not a new one each time
            x, y = ("_empty" if op in ("==", "!=") and src == "[]" else src for src in (self.src(a), self.src(b)))
            return Frag(src=f"({x} {_COMPARE[op]} {y})", type=BOOL)
        a, b = self.atom(a), self.atom(b)
        x, y = self.src(a), self.src(b)
        slow = f"_compare({self.unit.const(op)}, {x}, {y}, {self.span_const(span)})"
        if op not in ("in", "not in") and a.type.has(*INTS) and b.type.has(*INTS):
            return Frag(src=f"({x} {_COMPARE[op]} {y} if {self._numbers(a, b)} else {slow})", type=BOOL)
        return Frag(src=slow, type=BOOL)

    def _told(self, op: str, a: Frag, b: Frag) -> Frag | None:
        """`rank(c) == '7'`, a constant table read at one index (Frag.looked_up) compared with a
        constant: read from a table of the comparison's answers, made now, at the same index (an
        index the table lacks fails alike). No text compared at play time. None otherwise."""
        if op not in ("==", "!=") or (a.looked_up is None) == (b.looked_up is None):
            return None
        looked, other = (a, b) if a.looked_up is not None else (b, a)
        if other.const is None:
            return None
        table, x = looked.looked_up
        k, equal = other.const[0], op == "=="
        answers = tuple((v == k) == equal for v in table)
        return Frag(src=f"{self.unit.const(answers)}[{x}]", type=BOOL)

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


def _rowed(op: str, a: Frag, b: Frag) -> Frag | None:
    """`suit(c) == suit(upcard())`: a constant table read at one index compared with a value read
    from the same table whose row of equalities is at hand (Frag.equal_row, lang/steps/rows.py):
    that row read at the index. None otherwise."""
    if op not in ("==", "!="):
        return None
    for looked, other in ((a, b), (b, a)):
        if looked.looked_up is not None and other.equal_row is not None and other.equal_row[0] == looked.looked_up[0]:
            read = f"{other.equal_row[1]}[{looked.looked_up[1]}]"
            return Frag(src=read if op == "==" else f"(not {read})", type=BOOL)
    return None


def _cardlike(t: Type) -> bool:
    """Whether a value of type `t` may be a card or hold one (in a list)."""
    return t.has("card") or (t.has("list") and (t.item is None or _cardlike(t.item)))


def _is_none(frag: Frag) -> bool:
    """Whether `frag` is the constant none."""
    return frag.const is not None and frag.const[0] is None


def _emptiness(op: str, a: Frag, b: Frag) -> str | None:
    """`count(xs) == 0` of a value typed as a list, and `zone == []`, `zone != []`, as the
    list's truth (no call of len, no rich compare); None for any other comparison."""
    if op not in ("==", "!=") or b.type.has("none") or a.type.has("none"):
        return None
    if a.length_of is not None and b.const == (0,):
        xs = a.length_of
    elif a.live and b.src == "[]" and b.const is None:       # (a zone: a list; any other list-typed
        xs = a.src                                          # value might be a tuple, unequal to [])
    else:
        return None
    return f"(not {xs})" if op == "==" else f"(not not {xs})"
