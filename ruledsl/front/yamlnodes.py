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
from yaml.scanner import Scanner

from ..errors import Collector, RuleError, RuleErrors, did_you_mean
from ..printable import printable
from ..source import Source, Span

MAX_BYTES = 1 << 20
MAX_NODES = 100_000
MAX_DEPTH = 100  # PyYAML composes recursively; stop long before Python's recursion limit
_LINE_BREAK = re.compile(r"\r\n|[\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]")  # as str.splitlines
_YAML_BREAKS = "\r\n\x85\u2028\u2029"
_YAML_LINE = re.compile(r"([^\r\n\x85\u2028\u2029]*)(\r\n|[\r\n\x85\u2028\u2029]?)")
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
        marks = _marks(self._raw, self.style, self.text) if self._raw else None
        if not marks:
            return self.span.at(offset, width) if "\n" not in self._raw else self.span
        first = marks[max(0, min(offset, len(marks) - 1))]
        last = marks[max(0, min(offset + max(1, width) - 1, len(marks) - 1))]
        if offset >= len(self.text):  # just past the end, e.g. "unexpected end of expression"
            end = marks[max(0, len(self.text.rstrip("\n")) - 1)]
            first = last = (end[0] + end[1], 1)
        line, col = _relative(self._raw, first[0])
        end_line, end_col = _relative(self._raw, last[0] + last[1])
        wide = end_col - col if end_line == line else len(self._raw.splitlines()[line][col:])
        base = self.span
        if line == 0:
            return Span(base.source, base.line, base.col + col, max(1, wide))
        return base.down(line, col + 1, wide)


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
        raise RuleErrors([_syntax_error(places, exc)]) from None
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
    """Character index -> Span, with lines counted as Source.line counts them."""

    def __init__(self, source: Source):
        self.source, self.text = source, source.text
        self.starts = [0] + [m.end() for m in _LINE_BREAK.finditer(source.text)]

    def span(self, start: int, end: int | None = None, block: bool = False) -> Span:
        line = bisect_right(self.starts, start)
        raw = self.text[start:end if end is not None else start]
        first = _LINE_BREAK.split(raw, 1)[0]
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


# --- syntax errors in plain words ----------------------------------------------------------------

_TOKENS = {"stream end": "the end of the file", "block end": "the end of the block",
           "block mapping start": "a new mapping", "block sequence start": "a new list",
           "scalar": "a value", "document start": "'---'", "document end": "'...'"}
_INDENT_HINT = "check the indentation: the keys of a mapping (and the items of a list) line up in one column"
_QUOTE = "quote the value"
_EXPLAIN = [  # (pattern in "context | problem", message (None: PyYAML's), hint, shown at the context mark)
    (r"'\\t'", "found a tab where YAML expects indentation or a value",
     "YAML does not allow tabs for indentation", False),
    (r"character '(?P<x>.*)' that cannot start", "'{x}' cannot start a value", _QUOTE, False),
    (r"could not find expected ':'", "expected ':' after this key",
     "write 'key: value'; a value continued on the next line must be indented", True),
    (r"quoted scalar.*end of stream", "this quote is never closed", "add the closing quote", True),
    (r"undefined alias '(?P<x>.*)'", "unknown alias '*{x}'",
     "a value starting with '*' is read as a YAML alias; " + _QUOTE, False),
    (r"scanning an anchor", "'&' must be followed by a name here",
     "a value starting with '&' is read as a YAML anchor; " + _QUOTE, True),
    (r"scanning an alias", "'*' must be followed by a name here",
     "a value starting with '*' is read as a YAML alias; " + _QUOTE, True),
    (r"\btag\b", "tags are not allowed in rule files",
     "a value starting with '!' is read as a YAML tag; " + _QUOTE, False),
    (r"duplicate anchor '(?P<x>.*)'", "duplicate anchor '&{x}'", "first given at line {line}", False),
    (r"single document", "a rule file holds a single YAML document", "remove this '---'", False),
    (r"unknown escape character '(?P<x>.*)'", "unknown escape '\\{x}' in double quotes",
     "use single quotes, or write \\\\ for a backslash", False),
    (r"block scalar", None, "after '|' or '>' only '-', '+' or a digit 1-9 may follow", False),
    (r"sequence entries are not allowed", None,
     "start the list on the next line, indented; or quote the value if '-' is part of it", False),
    (r"expected <block end>, but found '<block mapping start>'",
     "this key does not line up with the keys above it", _INDENT_HINT, False),
    (r"expected <block end>, but found '(-|<block sequence start>)'", "a list item cannot start here",
     _INDENT_HINT, False),
    (r"<block end>", None, _INDENT_HINT, False),
    (r"flow sequence", None, "the '[' on line {line} needs ',' between items and a closing ']'", False),
    (r"flow mapping", None, "the '{' on line {line} needs ',' between items and a closing '}'", False),
]


def _syntax_error(places: _Places, exc: yaml.YAMLError) -> RuleError:
    if isinstance(exc, yaml.reader.ReaderError):
        message = f"character U+{exc.character:04X} is not allowed in a rule file"
        return RuleError(places.span(exc.position), message)
    mark = exc.problem_mark or exc.context_mark
    before = ""  # the line up to the problem
    if mark:
        at = places.span(mark.index)
        before = places.source.line(at.line)[:at.col - 1]
    message, hint, at_context = _explain(exc.problem or "", exc.context or "", before)
    if exc.context_mark and (at_context or not mark or not places.text[mark.index:].strip()):
        mark = exc.context_mark  # "never closed" is best shown where it was opened
    if hint and exc.context_mark:
        hint = hint.replace("{line}", str(places.span(exc.context_mark.index).line))
    return RuleError(places.span(mark.index if mark else 0), message, hint)


def _explain(problem: str, context: str, before: str) -> tuple[str, str | None, bool]:
    """(message, hint, locate at the context mark) for a PyYAML problem, in an author's words."""
    if problem.startswith("mapping values are not allowed"):
        # `when: a: b` wants quotes; a key alone on a too-deep line wants less indentation
        if ":" in before:
            return "':' cannot follow a value here", _QUOTE + " (': ' inside a value starts a mapping)", False
        return "a key cannot start here: this line continues the value above it", _INDENT_HINT, False
    for pattern, message, hint, at_context in _EXPLAIN:
        found = re.search(pattern, f"{context} | {problem}")
        if found:
            message = message.replace("{x}", found.groupdict().get("x", "")) if message else _plain(problem)
            return message, hint, at_context
    return _plain(problem or context), None, False


def _plain(problem: str) -> str:
    problem = problem.replace("but got", "but found").replace("the node content", "a value")
    return re.sub(r"'?<([a-z ]+)>'?", lambda m: _TOKENS.get(m[1], m[1]), problem)


# --- mapping an offset in a scalar's text back to the file ---------------------------------------

def _relative(raw: str, index: int) -> tuple[int, int]:
    """(lines down, 0-based column) of raw[index] relative to the start of raw."""
    breaks = list(_LINE_BREAK.finditer(raw, 0, index))
    return (len(breaks), index - breaks[-1].end()) if breaks else (0, index)


def _marks(raw: str, style: str, text: str) -> list[tuple[int, int]] | None:
    """For each character of `text`, (index in raw, width in raw); None if the rebuild disagrees."""
    out: list[str] = []
    marks: list[tuple[int, int]] = []

    def emit(chars: str, at: int, width: int) -> None:
        out.extend(chars)
        marks.extend([(at, width)] * len(chars))

    if style in ("|", ">"):
        return _block_marks(raw, style == ">", text)
    _flow(raw, style, emit)
    return marks if "".join(out) == text else None


def _flow(raw: str, style: str, emit) -> None:
    """Plain and quoted scalars: folded line breaks, '' and backslash escapes."""
    i, end = (1, len(raw) - 1) if style else (0, len(raw))
    while i < end:
        c = raw[i]
        if c in " \t" or c in _YAML_BREAKS:  # spaces before a line break fold away with it
            j = i
            while j < end and raw[j] in " \t":
                j += 1
            if j < end and raw[j] in _YAML_BREAKS:
                i = _fold(raw, j, end, emit, escaped=False)
                continue
            for k in range(i, j):
                emit(raw[k], k, 1)
            i = j
        elif style == "'" and raw.startswith("''", i):
            emit("'", i, 2)
            i += 2
        elif style == '"' and c == "\\" and i + 1 < end:
            i = _escape(raw, i, end, emit)
        else:
            emit(c, i, 1)
            i += 1


def _escape(raw: str, i: int, end: int, emit) -> int:
    c = raw[i + 1]
    if c in _YAML_BREAKS:  # an escaped line break joins the lines
        return _fold(raw, i + 1, end, emit, escaped=True)
    if c in Scanner.ESCAPE_CODES:
        n = Scanner.ESCAPE_CODES[c]
        emit(chr(int(raw[i + 2:i + 2 + n], 16)), i, 2 + n)
        return i + 2 + n
    emit(Scanner.ESCAPE_REPLACEMENTS.get(c, c), i, 2)
    return i + 2


def _fold(raw: str, i: int, end: int, emit, escaped: bool) -> int:
    """A line break (at i) and the blank lines after it: one space, or a newline per blank line."""
    start = i
    first, i = _take_break(raw, i)
    blanks = []
    while True:
        while i < end and raw[i] in " \t":
            i += 1
        if i >= end or raw[i] not in _YAML_BREAKS:
            break
        blanks.append((i, _take_break(raw, i)[0]))
        i = _take_break(raw, i)[1]
    if not escaped and first != "\n":
        emit(first, start, 1)
    elif not escaped and not blanks:
        emit(" ", start, 1)
    for where, brk in blanks:
        emit(brk, where, 1)
    return i


def _take_break(raw: str, i: int) -> tuple[str, int]:
    if raw.startswith("\r\n", i):
        return "\n", i + 2
    return ("\n" if raw[i] in "\r\n\x85" else raw[i]), i + 1


def _block_marks(raw: str, folded: bool, text: str) -> list[tuple[int, int]] | None:
    """Block scalars: content lines start at their indentation column. The indentation is the
    first content line's, unless an indicator set it lower: try the candidates until one fits."""
    lines = [(m.start(), m[1], m[2]) for m in _YAML_LINE.finditer(raw)]
    lines = [line for line in lines[1:] if line[1] or line[2]]  # drop the header line
    content = [body for _, body, _ in lines if body.strip(" ")]
    top = len(content[0]) - len(content[0].lstrip(" ")) if content else 0
    for indent in range(top, -1, -1):
        out, marks = [], []
        previous = None  # (break index, line started with a space) of the last content line
        blanks: list[int] = []
        for at, body, brk in lines:
            if len(body) <= indent or body[:indent].strip(" "):
                if not body.strip(" "):
                    blanks.append(at + len(body))
                continue
            if previous is not None:
                joined = folded and not previous[1] and body[indent] not in " \t"
                if not joined or not blanks:
                    out.append(" " if joined else "\n")
                    marks.append((previous[0], 1))
            out.extend("\n" * len(blanks))
            marks.extend((b, 1) for b in blanks)
            blanks = []
            out.extend(body[indent:])
            marks.extend((at + indent + k, 1) for k in range(len(body) - indent))
            previous = (at + len(body), body[indent] in " \t")
        if "".join(out).rstrip("\n") == text.rstrip("\n"):
            tail = (previous[0] if previous else len(raw) - 1, 1)
            return (marks + [tail] * len(text))[:len(text)]
    return None


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
