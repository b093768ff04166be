"""The generated source as it is written out, line by line (writer.py emits the blocks): each
line with its span, and two rewrites done as a function is written — a decision's answer read
from a local where its slot's store dominates, and the state's lists read through locals in a
function that reads them often.
"""
from __future__ import annotations

import re

from ..source import Span

INDENT = "    "          # one level of the generated source, as `ruledsl compile` prints it


# A decision's answer kept in its slot for the steps after it (lang/steps/ask.py): `st.vars[N] =
# _tK` (_tK the answer as unpacked from `a`) or `_tX = st.vars[N] = …`. The slot read after that,
# where the store dominates (in the same function, at its depth or deeper until the code
# returns to a shallower one), is read from the local: nothing else writes the slot there (an
# apply is never called from generated code), and a store to the slot ends it.
_UNPACKED = re.compile(r"(_t\d+), (_t\d+) = a")
_KEPT = re.compile(r"(?:(st\.vars\[\d+\]) = (_t\d+)|(_t\d+) = (st\.vars\[\d+\]) = .*)")
_STORE = re.compile(r"st\.vars\[\d+\] = ")


# The state's lists of slots and counters, never replaced during play (only a new state or a
# determinized one gets new ones), read through a local in a function that reads them often.
_ALIASED = ("vars", "cv")
_ALIAS_FROM = 4         # reads of one in a function from which the local is worth its store


class Output:
    """The generated module's lines and their spans, as the writer emits them function by function."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.spans: list[Span | None] = []
        self.answer: str | None = None      # the function's answer as unpacked (an apply's)
        self.kept: list = []                # (depth, slot, local) in force
        self.header: int | None = None      # the line of the function being written

    def function(self, header: str) -> None:
        """A function begins: a blank line after the one before, then its header."""
        self.aliased()
        if self.lines:
            self.add(0, "", None)
        self.answer, self.kept = None, []
        self.header = len(self.lines)
        self.add(0, header, None)

    def aliased(self) -> None:
        """The function just written (its first parameter the state, `st`) reads `st.vars[…]` or
        `st.cv[…]` from a local `_vars` / `_cv` set as it begins, where it reads them often: one
        attribute lookup instead of one a read."""
        if self.header is None or not self.lines[self.header].startswith(("def _", "def legal_", "def apply_")) \
                or "(st" not in self.lines[self.header]:
            return
        body = slice(self.header + 1, len(self.lines))
        for name in _ALIASED:
            read = f"st.{name}["
            if sum(line.count(read) for line in self.lines[body]) >= _ALIAS_FROM:
                self.lines[body] = [line.replace(read, f"_{name}[") for line in self.lines[body]]
                self.lines.insert(self.header + 1, f"{INDENT}_{name} = st.{name}")
                self.spans.insert(self.header + 1, None)
        self.header = None

    def add(self, indent: int, text: str, span: Span | None) -> None:
        while self.kept and indent < self.kept[-1][0]:
            self.kept.pop()
        if self.kept:
            store = _STORE.match(text)
            self.kept = [k for k in self.kept if not (store and text.startswith(k[1] + " = "))]
            for _, slot, local in self.kept:
                text = text.replace(slot, local)
        found = _UNPACKED.fullmatch(text) if indent == 1 else None
        if found:
            self.answer = found.group(2)
        found = _KEPT.fullmatch(text)
        if found and (found.group(3) or found.group(2) == self.answer):
            self.kept.append((indent, found.group(1) or found.group(4), found.group(2) or found.group(3)))
        self.lines.append(INDENT * indent + text)
        self.spans.append(span)
