"""Reading inside values, compiled: an item of a list (`xs[i]`), a slice (`xs[a:b]`), a record's
field (`b.value`), and records made (`{value: 9, owner: player}`) — a mixin of
compiler.Compiler, which holds the entry points and the names.
"""
from __future__ import annotations

from ..errors import RuleError, did_you_mean
from .types import A_LIST, ANY, INT, NOTHING, RECORD, TEXT, list_of, record_of
from . import ast, records, values
from .codegen import Frag
from .loops import _item
from .operators import INTS


class Access:
    """The reading-inside half of the expression compiler."""

    def _Index(self, node: ast.Index) -> Frag:
        xs, i = (self.atom(f) for f in self.operands([node.value, node.index]))
        self.check(xs, A_LIST, node.value, "an index `[…]`")
        self.check(i, INT, node.index, "an index")
        x, n, span = self.src(xs), self.src(i), self.span_const(node)
        item = _item(xs.type) | (TEXT if xs.type.has("text") else NOTHING)
        # the types tested only where the static types leave them open (a list or a tuple, and
        # a plain int, index alike in Python and in values.index)
        tests = [] if xs.type.only("list") else [f"_type({x}) is _list"]
        if i.const is not None and i.const[0] >= 0:
            tests.append(f"_len({x}) > {n}")
        else:
            tests += ([] if i.type.only("int") else [f"_type({n}) is _int"]) + [f"-_len({x}) <= {n} < _len({x})"]
        fast = " and ".join(tests)
        return Frag(src=f"({x}[{n}] if {fast} else {self.call(values.index, x, n, span)})", type=item)

    def _Record(self, node: ast.Record) -> Frag:
        """{name: value, …}: a Record (expr/records.py), its fields sorted by name."""
        given = self.operands(node.values)
        pairs = sorted(zip(node.names, given), key=lambda pair: pair[0])
        names = self.unit.const(tuple(n for n, _ in pairs))
        return Frag(src=f"{self.unit.const(records.Record)}({names}, ({''.join(self.src(v) + ', ' for _, v in pairs)}))",
                    type=record_of({n: v.type for n, v in pairs}))

    def _Field(self, node: ast.Field) -> Frag:
        """record.name: its type from the record's, checked at load where the fields are known."""
        value = self._expr(node.value)
        self.check(value, RECORD, node.value, f"`.{node.name}`")
        type_ = value.type.field(node.name) if value.type.has("record") else ANY
        if type_ is None:
            names = [n for n, _ in value.type.fields]
            raise RuleError(self.locate(node.name_offset, len(node.name)),
                            f"{self.quote(node.value)} has no field '{node.name}'",
                            did_you_mean(node.name, names) or f"its fields: {', '.join(names)}")
        return Frag(src=self.call(records.field, self.src(value), self.unit.const(node.name), self.span_const(node)),
                    type=type_)

    def _Slice(self, node: ast.Slice) -> Frag:
        """xs[a:b]: Python's own slice where the types say xs is a list and the bounds whole
        numbers; else the checking helper. A new list either way (callers may keep it)."""
        parts = [n for n in (node.value, node.start, node.stop) if n is not None]
        frags = iter(self.operands(parts))
        xs = next(frags)
        self.check(xs, A_LIST, node.value, "a slice `[…:…]`")
        bounds = []
        for bound in (node.start, node.stop):
            frag = next(frags) if bound is not None else None
            if frag is not None:
                self.check(frag, INT, bound, "a slice's index")
            bounds.append(frag)
        type_ = (list_of(_item(xs.type)) if xs.type.has("list") else NOTHING) | \
            (TEXT if xs.type.has("text") else NOTHING)
        if xs.type.only("list") and all(b is None or b.type.only(*INTS) for b in bounds):
            a, b = (self.src(f) if f is not None else "" for f in bounds)
            return Frag(src=f"{self.src(xs)}[{a}:{b}]", type=type_, most=xs.most)
        a, b = (self.src(f) if f is not None else "None" for f in bounds)
        return Frag(src=self.call(values.part, self.src(xs), a, b, self.span_const(node)), type=type_, most=xs.most)
