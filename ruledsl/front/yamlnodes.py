"""A safe YAML front end: position-carrying nodes, and typed readers with errors in an author's words.

Only `yaml.compose` runs (never a constructor), so a rule file cannot build Python objects. Every
scalar stays the text the author wrote: YAML 1.1's implicit typing reads `no` and `off` as false,
`010` as 8 and `1:30` as 5400, which would silently change a game's rules. The typed readers below
decide what a value means, and say so when it does not fit.
"""
from __future__ import annotations

import re
from bisect import bisect_right
from fractions import Fraction
from typing import Iterable

import attrs
import yaml

from ..errors import Collector, RuleError, RuleErrors, did_you_mean
from ..printable import printable
from ..source import Source, Span
from .yamlerrors import syntax_error
from .yamloffsets import LINE_BREAK, locate

MAX_BYTES = 1 << 20
MAX_NODES = 100_000
MAX_DEPTH = 100  # PyYAML composes recursively; stop long before Python's recursion limit
_PROPERTIES = re.compile(r"(?:[&!]\S*(?:\s|#[^\r\n]*)*)*")  # anchors, tags and comments after them
_WORD = re.compile(r"\S*")
_YAML11_BOOLS = {"yes": "true", "no": "false", "on": "true", "off": "false", "y": "true", "n": "false"}


@attrs.frozen
class Scalar:
    text: str
    style: str  # '' plain, "'" single-quoted, '"' double-quoted, '|' literal, '>' folded
    span: Span  # the start of the token; width = the token's length on its first line
    _raw: str = attrs.field(default="", eq=False, repr=False)  # the token as written, for locate()

    def locate(self, offset: int, width: int = 1) -> Span:
        """The place in the file of characters offset..offset+width of `text` (0-based)."""
        return locate(self._raw, self.style, self.text, self.span, offset, width)


@attrs.frozen
class Seq:
    items: tuple  # tuple[Node, ...]
    span: Span


@attrs.frozen
class Map:
    entries: tuple  # tuple[tuple[Scalar, Node], ...], in file order, without duplicate keys
    span: Span

    def get(self, key: str) -> Node | None:
        return next((value for k, value in self.entries if k.text == key), None)

    def keys(self) -> list[str]:
        return [k.text for k, _ in self.entries]

    def key_node(self, key: str) -> Scalar | None:
        return next((k for k, _ in self.entries if k.text == key), None)


Node = Scalar | Seq | Map


# --- reading a file ------------------------------------------------------------------------------

def read_yaml(source: Source) -> Node | None:
    """The document in `source` as nodes (None when empty); RuleErrors for everything wrong."""
    text = source.text
    if len(text) > MAX_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise RuleErrors([RuleError(Span(source, 1, 1), "rule file is larger than 1 MiB")])
    places = _Places(source)
    try:
        loader = _Loader(text)  # the reader rejects control characters here
        root = loader.get_single_node()
    except yaml.YAMLError as exc:
        raise RuleErrors([syntax_error(places, exc)]) from None
    if root is None or (_is_empty(root) and id(root) not in loader.tagged):
        return None
    convert = _Converter(places, loader)
    try:
        node = convert(root)
    except _TooBig:
        span = places.span(loader.aliases[0] if loader.aliases else 0)
        hint = "anchors and aliases (&name, *name) repeat parts of the file" if loader.aliases else None
        convert.errors.append(RuleError(span, "the file expands to too many nodes", hint))
    if convert.errors:  # an aliased part would repeat its errors: report each place once
        unique = {(e.span.line, e.span.col, e.message): e for e in convert.errors}
        raise RuleErrors(unique.values())
    return node


class _Loader(yaml.SafeLoader):
    """SafeLoader that remembers which nodes had an explicit tag and where aliases are used
    (composed nodes lose both), and refuses nesting deep enough to exhaust Python's stack."""

    def __init__(self, text: str):
        super().__init__(text)
        self.tagged: dict[int, str] = {}
        self.aliases: list[int] = []
        self.depth = 0

    def compose_node(self, parent, index):
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            self.aliases.append(event.start_mark.index)
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                raise yaml.MarkedYAMLError(None, None, "the file is nested too deeply", event.start_mark)
            node = super().compose_node(parent, index)
        finally:
            self.depth -= 1
        if getattr(event, "tag", None) is not None:
            self.tagged[id(node)] = event.tag
        return node


class _TooBig(Exception):
    pass


class _Places:
    """Character index -> Span, with lines counted as Source.line counts them (yamlerrors.py
    places its errors with it too)."""

    def __init__(self, source: Source):
        self.source, self.text = source, source.text
        self.starts = [0] + [m.end() for m in LINE_BREAK.finditer(source.text)]

    def span(self, start: int, end: int | None = None, block: bool = False) -> Span:
        line = bisect_right(self.starts, start)
        raw = self.text[start:end if end is not None else start]
        first = LINE_BREAK.split(raw, 1)[0]
        header = re.match(r"[|>][-+0-9]*", first)
        width = len(header[0]) if block and header else len(first.rstrip())
        return Span(self.source, line, start - self.starts[line - 1] + 1, max(1, width))


class _Converter:
    def __init__(self, places: _Places, loader: _Loader):
        self.places, self.tagged = places, loader.tagged
        self.errors: list[RuleError] = []
        self.count = 0
        self.open: set[int] = set()  # collections being converted: an alias to one is a cycle

    def __call__(self, node) -> Node:
        self.count += 1
        if self.count > MAX_NODES:
            raise _TooBig()
        text, start, end = self.places.text, node.start_mark.index, node.end_mark.index
        if id(node) in self.tagged:
            bang = max(start, text.find("!", start, end))
            self.errors.append(RuleError(self.places.span(bang, _WORD.match(text, bang).end()),
                                         "tags are not allowed in rule files",
                                         "a value starting with '!' is read as a YAML tag; quote the value"))
        start = _PROPERTIES.match(text, start, end).end()  # the value itself, after any &anchor or !tag
        span = self.places.span(start, end, getattr(node, "style", None) in ("|", ">"))
        if isinstance(node, yaml.ScalarNode):
            return Scalar(printable(node.value), node.style or "", span, text[start:end])   # no control bytes
        if id(node) in self.open:
            self.errors.append(RuleError(span, "an alias refers to the list or mapping that contains it"))
            return Seq((), span)
        self.open.add(id(node))
        try:
            if isinstance(node, yaml.SequenceNode):
                return Seq(tuple(self(item) for item in node.value), span)
            return Map(self.entries(node), span)
        finally:
            self.open.discard(id(node))

    def entries(self, node) -> tuple:
        seen: dict[str, Scalar] = {}
        out = []
        for k, v in node.value:
            key, value = self(k), self(v)
            if not isinstance(key, Scalar):
                self.errors.append(RuleError(key.span, "a key must be plain text"))
            elif key.text == "<<" and not key.style:
                self.errors.append(RuleError(key.span, "merge keys ('<<') are not supported",
                                             "write the keys out in full"))
            elif key.text in seen:
                self.errors.append(RuleError(key.span, f"duplicate key '{key.text}'",
                                             f"first given at line {seen[key.text].span.line}"))
            else:
                seen[key.text] = key
                out.append((key, value))
        return tuple(out)


def _is_empty(node) -> bool:
    return isinstance(node, yaml.ScalarNode) and node.value == "" and node.style is None


def is_null(node) -> bool:
    """Whether `node` is YAML's null written plainly (nothing, `~` or `null`)."""
    return isinstance(node, Scalar) and node.style == "" and node.text in ("", "~", "null")


# --- typed readers -------------------------------------------------------------------------------

def node_kind(node) -> str:
    """How a node is named in messages."""
    if isinstance(node, Map):
        return "a mapping"
    if isinstance(node, Seq):
        return "a list"
    return "nothing" if node is None or (node.text == "" and not node.style) else "text"


def _expected(node, what_kind: str, what: str) -> RuleError:
    return RuleError(node.span, f"expected {what_kind} for {what}, found {node_kind(node)}")


def as_text(node: Node, what: str) -> str:
    if not isinstance(node, Scalar):
        raise _expected(node, "text", what)
    return node.text


def as_bool(node: Node, what: str) -> bool:
    if not isinstance(node, Scalar):
        raise _expected(node, "true or false", what)
    word = node.text.lower()
    if word in ("true", "false"):
        return word == "true"
    if word in _YAML11_BOOLS:
        hint = f"YAML 1.1 reads {node.text} as {_YAML11_BOOLS[word]}; write true or false"
    else:
        hint = f"{what} must be true or false"
    raise RuleError(node.span, f"'{node.text}' is not true or false", hint)


def as_int(node: Node, what: str, min: int | None = None, max: int | None = None) -> int:
    if not isinstance(node, Scalar):
        raise _expected(node, "a whole number", what)
    if not re.fullmatch(r"[-+]?[0-9]{1,1000}", node.text.strip()):
        raise RuleError(node.span, f"expected a whole number for {what}, found '{node.text}'",
                        "write it in digits, e.g. 4" if node.text.strip() else None)
    value = int(node.text)  # leading zeros are decimal: '010' is ten, not YAML 1.1's eight
    if min is not None and value < min:
        raise RuleError(node.span, f"{what} must be at least {min}")
    if max is not None and value > max:
        raise RuleError(node.span, f"{what} must be at most {max}")
    return value


def as_number(node: Node, what: str) -> int | Fraction:
    """A whole number, a fraction a/b or a decimal, kept exact (never a float)."""
    if not isinstance(node, Scalar):
        raise _expected(node, "a number", what)
    text = node.text.strip()
    if not re.fullmatch(r"[-+]?([0-9]{1,1000}(/[0-9]{1,1000})?|[0-9]{0,1000}\.[0-9]{1,1000})", text):
        raise RuleError(node.span, f"expected a number for {what}, found '{node.text}'",
                        "write a whole number (3), a fraction (1/3) or a decimal (0.5)")
    if "/" in text and int(text.partition("/")[2]) == 0:
        raise RuleError(node.span, f"a fraction cannot divide by zero ({what})")
    value = Fraction(text)
    return value.numerator if value.denominator == 1 else value


def as_list(node: Node, what: str) -> tuple:
    if not isinstance(node, Seq):
        hint = f"write a list, e.g. [{node.text}]" if isinstance(node, Scalar) and node.text else None
        raise RuleError(node.span, f"expected a list for {what}, found {node_kind(node)}", hint)
    return node.items


def as_map(node: Node, what: str) -> Map:
    if not isinstance(node, Map):
        error = _expected(node, "a mapping", what)
        if isinstance(node, Seq):
            error.hint = "write 'name: value' entries, without the '- ' of a list"
        raise error
    return node


def check_keys(m: Map, allowed: Iterable[str], what: str, collector: Collector,
               required: Iterable[str] = (), hints: dict | None = None) -> bool:
    """Report unknown keys (with a did-you-mean) and missing required keys of `m` (with
    `hints[key]` as the hint). A missing key that an unknown key's did-you-mean already names
    is not reported twice. True when every required key is present."""
    required = list(required)
    allowed = list(dict.fromkeys([*allowed, *required]))
    suggested = set()
    for key, _ in m.entries:
        if key.text not in allowed:
            hint = did_you_mean(key.text, allowed)
            suggested.add(hint and hint.split("'")[1])
            collector.error(key.span, f"unknown key '{key.text}' in {what}",
                            hint or f"expected one of: {', '.join(allowed)}")
    present = set(m.keys())
    for key in required:
        if key not in present and key not in suggested:
            collector.error(m.span, f"{what} needs '{key}'", (hints or {}).get(key))
    return all(key in present for key in required)
