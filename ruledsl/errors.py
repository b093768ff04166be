"""The errors an author sees: `path:line:col: error: message`, the line, a caret, a hint.

RuleError is one located problem; RuleErrors collects several so that a loader can report them
all at once (sorted by place, capped). Nothing here ever shows a traceback to the user.
"""
from __future__ import annotations

import difflib
from typing import Iterable

from .printable import printable
from .source import Span

MAX_REPORTED = 20


class RuleError(Exception):
    """A mistake in a rule file (or a scenario, or a log), with the place it is at."""

    def __init__(self, span: Span, message: str, hint: str | None = None, kind: str = "error"):
        super().__init__(message)
        self.span, self.message, self.hint, self.kind = span, message, hint, kind

    def sort_key(self):
        return (self.span.path, self.span.line, self.span.col, self.message)

    def headline(self) -> str:
        s = self.span
        return printable(f"{s.path}:{s.line}:{s.col}: {self.kind}: {self.message}")

    def render(self) -> str:
        s = self.span
        text = s.source.line(s.line) if s.source else ""
        gutter = " " * len(str(s.line))
        out = [self.headline()]
        if text:
            caret = " " * _visual_col(text, s.col - 1) + "^" * max(1, s.width)
            out += [f"{gutter} |", f"{s.line} | {printable(text)}", f"{gutter} | {caret}"]
        if self.hint:
            out.append(f"{gutter} = hint: {printable(self.hint)}")
        return "\n".join(out)

    def to_dict(self) -> dict:
        s = self.span
        return {"path": s.path, "line": s.line, "col": s.col, "severity": self.kind,
                "message": self.message, "hint": self.hint}

    def __str__(self) -> str:
        return self.headline()


class RuleErrors(Exception):
    """Several RuleErrors, reported together in source order."""

    def __init__(self, errors: Iterable[RuleError]):
        self.errors = sorted(errors, key=RuleError.sort_key)
        super().__init__(self.render())

    def render(self, limit: int = MAX_REPORTED) -> str:
        shown = [e.render() for e in self.errors[:limit]]
        more = len(self.errors) - limit
        if more > 0:
            shown.append(f"... and {more} more error{'s' if more > 1 else ''}")
        return "\n\n".join(shown)


class OptionError(ValueError):
    """A bad option or player count from the caller (not from the rule file)."""


class Reported(Exception):
    """A part cannot be read further and its error is already collected (a required key is
    missing): the reader or compiler that catches it just moves on."""


class Collector:
    """Gathers errors instead of stopping at the first; `check()` raises them all."""

    def __init__(self):
        self.errors: list[RuleError] = []

    def add(self, error: RuleError) -> None:
        self.errors.append(error)

    def attempt(self, fn, *args, default=None):
        """Run one reading or compiling step; its errors are collected and `default` returned,
        so the work goes on and every mistake of a file is reported at once."""
        try:
            return fn(*args)
        except RuleError as exc:
            self.errors.append(exc)
        except RuleErrors as many:
            self.errors.extend(many.errors)
        except Reported:
            pass
        return default

    def error(self, span: Span, message: str, hint: str | None = None) -> None:
        self.errors.append(RuleError(span, message, hint))

    def check(self) -> None:
        if self.errors:      # one mistake met twice (a choice's legality and its reasons): reported once
            unique = {(e.span.path, e.span.line, e.span.col, e.message): e for e in reversed(self.errors)}
            raise RuleErrors(unique.values())


def did_you_mean(word: str, candidates: Iterable[str]) -> str | None:
    """A hint naming the closest candidate, or None when nothing is close."""
    close = closest(word, candidates)
    return f"did you mean '{close}'?" if close is not None else None


def closest(word: str, candidates: Iterable[str]) -> str | None:
    """The candidate closest to `word` (a likely typo of it), or None when nothing is close."""
    close = difflib.get_close_matches(str(word), [str(c) for c in candidates], n=1, cutoff=0.6)
    return close[0] if close else None


def _visual_col(text: str, index: int) -> int:
    """Column on screen of character `index`, with tabs kept as they are in the line."""
    return len(text[:index].expandtabs()) if "\t" in text[:index] else index
