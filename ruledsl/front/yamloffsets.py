"""Where a character of a scalar's text was written in the file: the scalar's text is what YAML
made of the token (quotes and escapes undone, lines folded), so an offset in it — where an
expression's error is — is mapped back through the token as written (Scalar.locate)."""
from __future__ import annotations

import functools
import re

from yaml.scanner import Scanner

from ..source import Span

LINE_BREAK = re.compile(r"\r\n|[\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]")  # as str.splitlines
_YAML_BREAKS = "\r\n\x85\u2028\u2029"
_YAML_LINE = re.compile(r"([^\r\n\x85\u2028\u2029]*)(\r\n|[\r\n\x85\u2028\u2029]?)")


def locate(raw: str, style: str, text: str, span: Span, offset: int, width: int = 1) -> Span:
    """The place in the file of characters offset..offset+width of `text`, the value YAML made
    of the token `raw` (written in `style`) that starts at `span`."""
    marks = _marks(raw, style, text) if raw else None
    if not marks:
        return span.at(offset, width) if "\n" not in raw else span
    first = marks[max(0, min(offset, len(marks) - 1))]
    last = marks[max(0, min(offset + max(1, width) - 1, len(marks) - 1))]
    if offset >= len(text):  # just past the end, e.g. "unexpected end of expression"
        end = marks[max(0, len(text.rstrip("\n")) - 1)]
        first = last = (end[0] + end[1], 1)
    line, col = _relative(raw, first[0])
    end_line, end_col = _relative(raw, last[0] + last[1])
    wide = end_col - col if end_line == line else len(raw.splitlines()[line][col:])
    if line == 0:
        return Span(span.source, span.line, span.col + col, max(1, wide))
    return span.down(line, col + 1, wide)


def _relative(raw: str, index: int) -> tuple[int, int]:
    """(lines down, 0-based column) of raw[index] relative to the start of raw."""
    breaks = list(LINE_BREAK.finditer(raw, 0, index))
    return (len(breaks), index - breaks[-1].end()) if breaks else (0, index)


@functools.lru_cache(maxsize=4096)
def _marks(raw: str, style: str, text: str) -> list[tuple[int, int]] | None:
    """For each character of `text`, (index in raw, width in raw); None if the rebuild disagrees.
    Kept for the scalars met last: every expression's errors and every generated line's place
    are located through them, a scalar many times over (each of a file's player counts)."""
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
