"""The generated module's constants (compile/writer.py `Writer.const`): which values may share one
global (equal with the same types all the way down), and the name a global is given by what its
value is — never by a text it holds, so no rule-file text reaches the generated source."""
from __future__ import annotations

from typing import Any


def constant_key(value: Any):
    """A key equal only for values equal with the same types all the way down (so a tuple of
    cards is not shared with a tuple of whole numbers); None for a value that may change or
    cannot be hashed, which is never shared."""
    kind = type(value)
    if kind in (tuple, frozenset):
        parts = [constant_key(item) for item in value]
        return None if None in parts else (kind, kind(parts))
    try:
        hash(value)
    except TypeError:
        return None
    return None if kind in (list, dict, set) else (kind, value)


def constant_role(value: Any) -> str:
    """A name for a constant by what it is: a function by its name, a place in the rule file by
    its line and column, anything else by its kind (never by a text it holds)."""
    if type(value).__name__ == "Span":
        return f"AT_{value.line}_{value.col}"
    if callable(value) and hasattr(value, "__name__"):
        qualified = getattr(value, "__qualname__", value.__name__)       # Rankings.get, not get
        name = (value.__name__ if "<" in qualified else qualified.replace(".", "_")).strip("_")
        if name.isidentifier():
            return name.upper()
    return _KINDS.get(type(value).__name__, type(value).__name__.upper())


_KINDS = {"str": "TEXT", "tuple": "TABLE", "frozenset": "SET", "dict": "MAP", "list": "LIST",
          "Fraction": "NUMBER", "Card": "CARD", "function": "FUNCTION"}
