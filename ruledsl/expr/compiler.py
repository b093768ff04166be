"""Syntax tree -> typed Python source, written into the program the rule file compiles to.

Everything is resolved here, once, at load time: names to the scope's source (a zone is
`st.zones[5]`, a per-seat counter `st.cv[12 + p]`), functions to their code, constant
sub-expressions to their value (`1/3` is computed once), and every sub-expression gets its static
type (expr/types.py), checked against what its operator, function or field takes — `points(dealer)`
is an error in the author's words, at the place of `dealer`. What is left is Python's own:
operators, comparisons, `and`/`or`, loops written out, with no call per node.

The compiler is one class in three modules, by what the parts do: this one holds the entry
points, names, literals, calls and statements; operators.py the operators (arithmetic,
comparisons, `and`/`or`, `if … else`); loops.py the loops (comprehensions, generators, a
statement over a list) and the work they may do.

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

import contextlib
from fractions import Fraction
from typing import Callable, Mapping, Protocol, Sequence

import attrs

from ..errors import RuleError, did_you_mean
from .types import ANY, CARD, NOTHING, SUIT, Type, list_of, literal
from ..source import Span
from . import ast
from .check import MAX_DEPTH, MAX_INLINED
from .codegen import Frag, Unit
from .loops import Loops
from .access import Access
from .operators import Operators

_FOLDABLE = (int, Fraction, str, bool, type(None))  # immutable results that may be shared


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

    def copies(self) -> tuple | None:
        """With a deck of several packs, (compare, same): the comparison that takes the copies of
        a card for one card, called compare(op, x, y, same, span) (runtime/shoe.py), and each
        card's first copy by card (`Deck.same`); else None."""

    def names(self) -> Sequence[str]:
        """All bare names (for did-you-mean hints)."""

    def function_names(self) -> Sequence[str]:
        """All function names (for did-you-mean hints)."""

    def held(self) -> int:
        """The most items a list the game holds may have (a zone, the seats, a hand's field)."""

    def same_rank(self) -> int:
        """The most cards of the deck that share a rank (a group of by_rank)."""


@attrs.define
class Evaluation:
    """What the compilers of one expression share with those of the function bodies it calls."""

    hoisted: list[tuple[str, str]] = attrs.Factory(list)   # (temporary, steady source) read before the loops
    parts: int = 0              # sub-expressions written out from functions' bodies
    # its work (loops.py): the items known to be within FREE, the counter of the rest, the items
    # of a round of each loop being written, the sizes of the loops written (a comprehension's
    # list is at most their product)
    free: int = 0
    counter: str | None = None
    operands: tuple | None = None      # the nodes and frags of the last operands compiled
    weights: list[int] = attrs.Factory(list)
    sizes: list[int] = attrs.Factory(list)
    open: int = 0               # entry points being compiled (evaluation)
    outside: int = 0            # the first temporary's number written inside the outermost loop


class Compiler(Access, Operators, Loops):
    """Compiles the trees of one expression text (`text`, placed in the file by `locate`)."""

    def __init__(self, scope: Scope, text: str, locate: Callable[[int, int], Span], unit: Unit,
                 locals: Mapping[str, Frag] | None = None):
        self.scope, self.text, self.locate, self.unit = scope, text, locate, unit
        self.bound: list[tuple[str, Frag]] = list((locals or {}).items())
        self.loops = 0
        self.writing = 0        # inside a statement's loop: the state changes from turn to turn
        self.depth = 0          # sub-expressions being compiled, one inside the other
        self.calls: tuple[tuple[str, Span], ...] = ()       # the functions whose body this is, outermost first
        self.rounds = (1, True)  # the rounds of the loops around, and whether that is exact (loops.py)
        self.shared = Evaluation()

    @property
    def hoisted(self) -> list[tuple[str, str]]:
        return self.shared.hoisted

    def inlined(self, text: str, locate: Callable[[int, int], Span], locals: Mapping[str, Frag],
                call: tuple[str, Span]) -> Compiler:
        """A compiler for another text written here (the body of a function `call` names, inlined
        at its call): inside the same loops and nesting, sharing this evaluation's bounds."""
        c = type(self)(self.scope, text, locate, self.unit, locals)
        c.loops, c.writing, c.depth, c.shared, c.rounds = self.loops, self.writing, self.depth, self.shared, self.rounds
        c.calls = (*self.calls, call)
        return c

    def span(self, node: ast.Node) -> Span:
        return self.locate(node.offset, node.width)

    def quote(self, node: ast.Node) -> str:
        return "`" + " ".join(self.text[node.offset:node.offset + node.width].split()) + "`"

    # ------------------------------------------------------------ entry points

    def value(self, node: ast.Node, place: Type = ANY, what: str | None = None) -> Frag:
        """`node` compiled, checked against what the place takes (`what` names the place)."""
        with self.evaluation():
            frag = self._expr(node)
        if what is not None:
            self.check(frag, place, node, what)
        return frag

    @contextlib.contextmanager
    def evaluation(self):
        """Compile one evaluation inside the `with` (an expression, a statement; one called in
        it is part of it): if its loops count their work, the count starts at 0 before them."""
        shared, mark = self.shared, self.unit.mark()
        top = not shared.open
        if top:
            shared.counter = None
        shared.open += 1
        try:
            yield
        finally:
            shared.open -= 1
        if top and shared.counter is not None:
            self.unit.lines.insert(mark, (0, f"{shared.counter} = 0"))

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
        with self.evaluation():
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
        self.depth += 1
        try:
            if self.calls:                  # a part of a function's body, written out here
                self.shared.parts += 1
                if self.depth > MAX_DEPTH or self.shared.parts > MAX_INLINED:
                    raise self._too_big()
            return getattr(self, "_" + type(node).__name__)(node)
        finally:
            self.depth -= 1

    def _too_big(self) -> RuleError:
        """The error of an expression too deep or too large once the bodies of the functions it
        calls are written out in it (each text alone is checked when parsed: check.py), at the
        outermost call, naming the chain of calls."""
        names = [f"{name}()" for name, _ in self.calls]
        links = " → ".join(names if len(names) <= 4 else [*names[:2], "…", names[-1]])
        if self.depth > MAX_DEPTH:
            error = RuleError(self.calls[0][1], f"this call nests too deeply once the functions it calls are "
                              f"written out ({links}): more than {MAX_DEPTH} levels",
                              "each call is written out in place: nest fewer calls, or split the expression")
        else:
            error = RuleError(self.calls[0][1], f"this expression is too large once the functions it calls are "
                              f"written out ({links}): more than {MAX_INLINED:,} parts",
                              "each call is written out in place: call fewer functions, or keep a value in a counter")
        error.called = True         # located at the call already: no "called at" hints to add
        return error

    src = source

    def atom(self, frag: Frag) -> Frag:
        """`frag` as a name (or constant), to be read more than once: evaluated here, once."""
        if frag.atomic or frag.const is not None:
            return frag
        name = self.unit.temp()
        self.unit.emit(f"{name} = {self.src(frag)}")
        most = self.most(frag) if frag.type.has("list") else None     # a zone's bound stays with it
        return Frag(src=name, type=frag.type, atomic=True, live=frag.live, most=most, origin=frag.origin)

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
        self.weigh(*frags)
        self.shared.operands = (nodes, frags)      # a built-in's arguments, for its bounds (loops.py)
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
        return Frag(src=f"[{', '.join(self.src(f) for f in items)}]", type=list_of(item), most=len(items))

    def _Comprehension(self, node: ast.Comprehension) -> Frag:
        return self.listed(node)

    def _Call(self, node: ast.Call) -> Frag:
        frag = self.scope.function(self, node)
        if frag is None:
            hint = did_you_mean(node.name, list(self.scope.function_names()))
            if hint is None and node.name in set(self.scope.names()):
                hint = f"'{node.name}' is a value, not a function: write it without parentheses"
            raise RuleError(self.locate(node.offset, len(node.name)), f"unknown function '{node.name}'", hint)
        frag = self.shaped(node, frag)
        self.weigh(frag)            # the list it makes (a zone read: the most it holds)
        return frag

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


def generator(node: ast.Call) -> bool:
    """Whether a call's one argument is a generator: `sum(x for p in xs)`."""
    return len(node.args) == 1 and isinstance(node.args[0], ast.Comprehension) and node.args[0].generator
