"""`ruledsl compile`: the generated module as a person reads it.

The source printed is exactly the one compiled, each line followed by where in the rule file
it comes from (line:column, numbers only: no text of the file is ever written into code), and
then the constants it names, shown as values. The listing is for reading; nothing runs it.
"""
from __future__ import annotations

from ..runtime.show import show

WIDTH = 100      # the column of the places (a longer line has its place right after it)


def listing(prog) -> str:
    rs = prog.ruleset
    lines = [f"# {rs.name}: the program for {prog.n} players, as ruledsl compiled it",
             "# (each line: the place in the rule file it was written for; constants at the end)", ""]
    width = min(WIDTH, max(len(line) for line in prog.source.splitlines()))
    for text, span in zip(prog.source.splitlines(), prog.spans):
        lines.append(f"{text:<{width}}  # {place(span)}" if place(span) else text)
    lines += ["", "# constants:"]
    for name, value in prog.constants.items():
        lines.append(f"#   {name} = {_shown(value)}")
    return "\n".join(lines) + "\n"


def place(span) -> str | None:
    """`line:col` of a generated line's place in the rule file (None: a line of the frame)."""
    return f"{span.line}:{span.col}" if span is not None and span.source else None


def _shown(value) -> str:
    """A constant in one short line."""
    if callable(value) and hasattr(value, "__qualname__"):
        text = f"<{value.__qualname__}>"
    elif type(value).__name__ == "Span":
        text = f"<place {value.line}:{value.col}>"
    elif isinstance(value, (list, tuple)) and len(value) > 20:
        text = f"({show(list(value[:20]))} …)"
    elif isinstance(value, tuple) and any(callable(v) or isinstance(v, tuple) for v in value):
        text = f"({', '.join(_shown(v) for v in value)}{',' if len(value) == 1 else ''})"   # a table of functions
    else:
        text = repr(value)
    text = text.replace("\n", " ")
    return text if len(text) <= 100 else text[:97] + "..."
