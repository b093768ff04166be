"""`options:` — named parameters with defaults, that a variant or `--set name=value` changes.

A default is a value (true/false, a number, text), or an expression over other options
(`fee: {default: option.stake / 2}`): then it follows them, unless it is set itself.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

import attrs

from ..errors import OptionError, RuleError, did_you_mean
from ..expr import ast
from ..expr.values import MAX_BITS
from ..source import NOWHERE, Span
from .builtins import PURE
from .declare import REQUIRED, Construct, Expr, Items, Key, Number, OptionValue, Text


@attrs.frozen
class Option:
    name: str
    default: Any                 # a value, or an Expr over other options
    choices: tuple | None
    min: Any
    max: Any
    help: str
    span: Span = attrs.field(default=NOWHERE, eq=False)

    @property
    def follows(self) -> bool:
        """Whether the default is an expression over other options."""
        return isinstance(self.default, Expr)


def show(value) -> str:
    """An option value as an author writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Expr):
        return value.text
    return f"'{value}'" if isinstance(value, str) else str(value)


def _build(values: dict, spans: dict, reader) -> Option:
    default, choices = values["default"], values["choices"] or None
    if choices and not isinstance(default, Expr) and default not in choices:
        raise RuleError(spans["default"], f"the default {show(default)} of option "
                        f"'{values['name']}' is not one of its choices",
                        f"choices: {', '.join(show(c) for c in choices)}; add it there or pick one of them")
    return Option(values["name"], default, tuple(choices) if choices else None, values["min"], values["max"],
                  values["help"], values["span"])


OPTION = Construct("option", Option, (
    Key("default", OptionValue(expression=True), REQUIRED,
        "the value: true/false, a number, text, or an expression over other options (option.stake / 2)"),
    Key("choices", Items(OptionValue()), (), "the values allowed"),
    Key("min", Number(), None, "the smallest value allowed"),
    Key("max", Number(), None, "the largest value allowed"),
    Key("help", Text(), "", "what it means, for `explain` and `run --help`"),
), what="option '{name}'", doc="named parameters with defaults", short="default", build=_build)


def whole(spec: Option) -> bool:
    """Whether the option takes whole numbers only: its default, choices and bounds are whole
    numbers (language.md §4: the type comes from the default). A default that follows other
    options may be a fraction (`option.stake / 2`)."""
    given = [spec.default, *(spec.choices or ()), *(b for b in (spec.min, spec.max) if b is not None)]
    return not spec.follows and all(type(v) is int for v in given)


def _bits(value) -> int:
    """The size of a number in bits (of a fraction's larger part)."""
    if isinstance(value, Fraction):
        return max(value.numerator.bit_length(), value.denominator.bit_length())
    return value.bit_length()


def check_value(spec: Option, value):
    """`value` for the option `spec`, checked (OptionError when it does not fit)."""
    default = spec.default
    kind = "number" if isinstance(default, Expr) else None
    if isinstance(default, bool) != isinstance(value, bool) and kind is None:
        raise OptionError(f"option '{spec.name}' is true or false, not {value!r}")
    numeric = kind == "number" or (isinstance(default, (int, Fraction)) and not isinstance(default, bool))
    if numeric and (not isinstance(value, (int, Fraction)) or isinstance(value, bool)):
        raise OptionError(f"option '{spec.name}' is a number, not {value!r}")
    if numeric and whole(spec) and not isinstance(value, int):
        raise OptionError(f"option '{spec.name}' is a whole number, not {value}")
    if numeric and _bits(value) > MAX_BITS:            # as the language bounds numbers (expr/values.py)
        raise OptionError(f"option '{spec.name}' is past the bound of numbers ({MAX_BITS} bits, about 77 digits)")
    if spec.choices and value not in spec.choices:
        raise OptionError(f"option '{spec.name}' must be one of "
                          f"{', '.join(str(c) for c in spec.choices)}, not {value}")
    if numeric and (spec.min is not None and value < spec.min or spec.max is not None and value > spec.max):
        bound = (f"at least {spec.min}" if spec.max is None else f"at most {spec.max}" if spec.min is None
                 else f"within {spec.min}..{spec.max}")
        raise OptionError(f"option '{spec.name}' must be {bound}, not {value}")
    return value


def evaluation_order(options: dict) -> list[str]:
    """The options in an order where every default comes after the options it reads; a default
    may read only options (RuleError otherwise, or for a cycle)."""
    from_names: dict[str, set[str]] = {}
    for name, spec in options.items():
        if not spec.follows:
            from_names[name] = set()
            continue
        reads, calls = _names_read(spec.default.tree)
        others = sorted(n for n in reads if not n.startswith("option.")) + sorted(calls - PURE)
        if others:
            raise RuleError(spec.default.span, f"the default of option '{name}' reads '{others[0]}'",
                            "an option's default may read only other options, e.g. option.stake / 2")
        wanted = {n.removeprefix("option.") for n in reads}
        unknown = sorted(wanted - set(options))
        if unknown:
            raise RuleError(spec.default.span, f"unknown option '{unknown[0]}'",
                            did_you_mean(unknown[0], options) or "declare it under 'options:'")
        from_names[name] = wanted
    order: list[str] = []
    while len(order) < len(options):
        ready = [n for n in options if n not in order and from_names[n] <= set(order)]
        if not ready:
            stuck = next(n for n in options if n not in order)
            raise RuleError(options[stuck].default.span, f"the default of option '{stuck}' depends on itself",
                            "follow the options it reads: one of them reads it back")
        order += ready
    return order


def _names_read(tree) -> tuple[set[str], set[str]]:
    """The names and `option.NAME`s an expression reads, and the functions it calls (a zone or
    a counter is read by a call: `hand(p)`, `score(0)`)."""
    calls, stack = set(), [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Call):
            calls.add(node.name)
        stack += list(ast.children(node))
    return ast.names_used(tree) - calls, calls
