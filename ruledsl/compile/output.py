"""The generated source as it is written out, line by line (writer.py emits the blocks): each
line with its span, and three rewrites done as a function is written — a decision's answer read
from a local where its slot's store dominates, a zone read from a local where its read
dominates, and the state's lists read through locals in a function that reads them often.
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


# A zone read into a local (`_tX = st.zones[K]`, K a number or `1 + st.vars[N]`, a seat's zone):
# read again where that line dominates (as above), the zone is the local. A zone's list is
# changed in place by every move, deal and shuffle; only a new hand (`_new_hand`, which a block
# may start: `_run`, `_bN(st)`) or an assignment replaces it; so those end every such local, a
# store to slot N ends those it indexes, a store to the local ends it; inside a loop, those read
# before it wait until it is over (its body runs again after its own later lines, which may end them).
_ZONE_READ = re.compile(r"(_t\d+) = (st\.zones\[(?:\d+|1 \+ st\.vars\[(\d+)\])\])")
_ZONES_NEW = re.compile(r"_new_hand\(|_run\(|\b_b\d+\(st|st\.zones(?:\[[^\]]*\]+)? *= ")
_ZONE_GROWN = re.compile(r"st\.zones\[[^\]]*\]+ *\+= ")
_LOOP = re.compile(r"(?:for|while) ")
_SLOT_STORE = re.compile(r"st\.vars\[(\d+)\] *[-+]?= ")


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
        self.zones: list = []               # (depth, zone read, local, slot it is indexed by) in force
        self.header: int | None = None      # the line of the function being written

    def function(self, header: str) -> None:
        """A function begins: a blank line after the one before, then its header."""
        self.aliased()
        if self.lines:
            self.add(0, "", None)
        self.answer, self.kept, self.zones = None, [], []
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

    def zone_read(self, indent: int, text: str) -> str:
        """`text` with a zone read in a dominating line read from its local (`_ZONE_READ`)."""
        while self.zones and indent < self.zones[-1][0]:
            self.zones.pop()
        if _ZONES_NEW.search(text):     # (written as it is: an assignment's target stays the zone)
            self.zones = []
        if _ZONE_GROWN.match(text):     # the zone's list grown in place: it stays; the line as it is
            return text
        for z in self.zones:            # [depth, read, local, slot, the depth of a loop it waits out]
            if z[4] is not None and indent <= z[4]:
                z[4] = None             # after the loop (whose lines would have ended it)
            if z[4] is None:
                text = text.replace(z[1], z[2])
        stored = set(_SLOT_STORE.findall(text))
        self.zones = [z for z in self.zones if z[3] not in stored and not re.search(rf"\b{z[2]} *[-+]?= ", text)]
        if _LOOP.match(text):
            for z in self.zones:
                z[4] = indent if z[4] is None else z[4]
        found = _ZONE_READ.fullmatch(text)
        if found and found.group(3) not in stored:
            self.zones.append([indent, found.group(2), found.group(1), found.group(3), None])
        return text

    def add(self, indent: int, text: str, span: Span | None) -> None:
        while self.kept and indent < self.kept[-1][0]:
            self.kept.pop()
        if self.kept:
            store = _STORE.match(text)
            self.kept = [k for k in self.kept if not (store and text.startswith(k[1] + " = "))]
            for _, slot, local in self.kept:
                text = text.replace(slot, local)
        text = self.zone_read(indent, text)
        found = _UNPACKED.fullmatch(text) if indent == 1 else None
        if found:
            self.answer = found.group(2)
        found = _KEPT.fullmatch(text)
        if found and (found.group(3) or found.group(2) == self.answer):
            self.kept.append((indent, found.group(1) or found.group(4), found.group(2) or found.group(3)))
        self.lines.append(INDENT * indent + text)
        self.spans.append(span)
