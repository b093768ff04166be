"""Where text came from: a Source (path + text) and Spans inside it (1-based line and column)."""
from __future__ import annotations

import attrs


@attrs.frozen
class Source:
    path: str
    text: str = attrs.field(repr=False)

    def line(self, number: int) -> str:
        """The text of a 1-based line, without its newline ('' past the end)."""
        lines = self.text.splitlines()
        return lines[number - 1] if 1 <= number <= len(lines) else ""


@attrs.frozen
class Span:
    """A place in a source: 1-based line and column; `width` characters are underlined."""

    source: Source | None
    line: int
    col: int
    width: int = 1

    @property
    def path(self) -> str:
        return self.source.path if self.source else "<input>"

    def at(self, offset: int, width: int = 1) -> Span:
        """The span `offset` characters to the right on the same line (for text inside a scalar)."""
        return Span(self.source, self.line, self.col + offset, max(1, width))

    def down(self, lines: int, col: int, width: int = 1) -> Span:
        """A span `lines` lines below, at an absolute 1-based column."""
        return Span(self.source, self.line + lines, col, max(1, width))


NOWHERE = Span(None, 1, 1)
