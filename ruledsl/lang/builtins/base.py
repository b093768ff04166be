"""What a built-in is: a function's signature (what it takes, what it gives), documentation and
code, or a name's type, documentation and source; and the emitters most built-ins share."""
from __future__ import annotations

from typing import Callable

import attrs

from ...expr.codegen import Frag
from ...expr.types import ANY, NONE, Type, list_of

ONE_ARG, ANY_ARGS = (1, 1), (1, 99)


@attrs.frozen
class Function:
    """A built-in function: `params` are what each argument takes (in words for the docs and
    the errors), `gives` its result (a Type, or a function of the arguments' types)."""

    name: str
    params: tuple[tuple[str, Type], ...]
    gives: Type | Callable
    doc: str
    emit: Callable
    generator: str = "no"          # "no", "may" (f(e for x in xs) too) or "must"
    arity: tuple[int, int] | None = None   # (min, max) arguments when not len(params)
    game: bool = True              # it reads the game (seats, cards): an option's default may not
    parts: Callable | None = None  # (c, g, node) -> Frag or None: the call written from its
                                   # arguments' parts where that does less (is_meld(m + [c]))

    def usage(self) -> str:
        if self.generator == "must":
            return f"{self.name}(e for x in xs)"
        args = ", ".join(p for p, _ in self.params)
        return f"{self.name}({args}{', …' if self.arity == ANY_ARGS else ''})"

    def gives_words(self) -> str:
        """What it gives, in words (a result that follows the argument's type, in general)."""
        return self.gives.words() if isinstance(self.gives, Type) else RESULTS[self.gives]


@attrs.frozen
class Name:
    """A built-in name (`dealer`, `players`): its type, documentation and source."""

    name: str
    type: Type
    doc: str
    emit: Callable            # (w, g) -> source reading the state `st` (w names constants)
    items: Callable | None = None   # (w, g) -> a source to loop over (a tuple: no list made)


# -- what a result is, from the arguments' types -----------------------------------------------

def helper(fn: Callable, gives: Type | Callable):
    """Emit `fn(arg, span)`: a helper of values.py or runtime/helpers.py taking one argument."""
    def emit(c, g, args, node):
        return Frag(src=c.call(fn, c.src(args[0]), c.span_const(node)), type=result(gives, args))
    return emit


def result(gives, args) -> Type:
    return gives(*(a.type for a in args)) if callable(gives) else gives


def _item(t: Type) -> Type:
    return t.item if t.has("list") and t.item is not None and t.item.kinds else ANY


def same_list(t: Type) -> Type:
    """argmax/argmin: the list of the loop's values (what the gathered pairs are typed as)."""
    return t


def item_or_none(t: Type) -> Type:
    return _item(t) | NONE


def list_of_items(t: Type) -> Type:
    return list_of(_item(t))


def list_of_lists(t: Type, *rest: Type) -> Type:
    return list_of(list_of(_item(t)))


RESULTS = {same_list: "a list of the x values", item_or_none: "an item of xs, or none",
           list_of_items: "a list of xs's items", list_of_lists: "a list of lists of xs's items"}


def spanned(fn: Callable, gives: Type | Callable):
    """Emit `fn(args…, span)`: a runtime helper that locates its own errors."""
    def emit(c, g, args, node):
        return Frag(src=c.call(fn, *(c.src(a) for a in args), c.span_const(node)), type=result(gives, args))
    return emit


def table(lookup: Callable, gives: Type, seat: bool = True):
    """A per-seat (or per-card) table written in as a constant: TABLE[x]."""
    def emit(c, g, args, node):
        x = g.seat(c, args[0], node.args[0]) if seat else c.src(args[0])
        values = lookup(g)
        return Frag(src=f"{c.unit.const(values)}[{x}]", type=gives, looked_up=(values, x))
    return emit
