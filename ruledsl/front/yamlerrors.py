"""PyYAML's syntax errors in an author's words: the message, a hint, and the place to show
(where a quote or bracket was opened, for one never closed)."""
from __future__ import annotations

import re

import yaml

from ..errors import RuleError

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


def syntax_error(places, exc: yaml.YAMLError) -> RuleError:
    """The RuleError for PyYAML's `exc`, placed by `places` (yamlnodes._Places)."""
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
