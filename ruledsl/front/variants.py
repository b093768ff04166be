"""`extends:` — a rule file that changes a base file. Resolved on YAML nodes, before reading.

Mappings merge key by key (the variant's entry replaces or deep-merges the base's), anything else
replaces, and a null (`~`) removes an inherited entry. Nodes keep their own Source, so an error
points into whichever file holds the offending text.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Callable, Iterable

from . import files
from ..errors import RuleError, RuleErrors
from ..source import Source, Span
from .yamlnodes import Map, Scalar, is_null

MAX_CHAIN = 16


def resolve(path: Path, parse: Callable[[Source], Map], roots: Iterable[Path] = ()):
    """Read `path` and everything it extends; return the merged root and the top file's source.

    A base must lie in the directory ruledsl runs in, in the repository (or else the directory)
    of `path`, or in one of `roots` (directories given on the command line): files.trees."""
    source = _read_top(path)
    root = parse(source)
    trees = files.trees(path, roots)
    seen = [path.resolve()]
    chain = [path.name]
    while True:
        # After a merge the root holds the base's own `extends` (if any): follow the chain.
        ext = root.get("extends")
        if ext is None:
            break
        if not isinstance(ext, Scalar):
            raise RuleErrors([RuleError(ext.span, "extends takes a relative path to a rule file")])
        # Read the base by the path as written (kept relative, so errors name it as the author
        # does); compare resolved paths to find a cycle.
        shown = Path(os.path.normpath(Path(ext.span.path).parent / ext.text))
        base_path = _confined(ext, shown, trees)
        chain.append(shown.name)
        if base_path in seen:
            raise RuleErrors([RuleError(ext.span, f"'{ext.text}' is already in this chain of extends: a cycle",
                                        f"{' -> '.join(chain)}; a chain of extends must end at a file without one")])
        if len(seen) >= MAX_CHAIN:
            raise RuleErrors([RuleError(ext.span, "too many files in this chain of extends")])
        seen.append(base_path)
        base = parse(_read_base(ext, base_path, shown))
        root = merge(base, _without(root, "extends"))
    return root, source


def _read_top(path: Path) -> Source:
    """The file named on the command line (or to the API): any regular rule file."""
    try:
        return Source(str(path), files.read_text(path))
    except files.FileMissing:
        raise _refused(Span(Source(str(path), ""), 1, 1), "no such rule file") from None
    except files.FileRefused as exc:
        raise _refused(Span(Source(str(path), ""), 1, 1), f"cannot read this file: it {exc.reason}",
                       exc.hint) from None


def _confined(ext: Scalar, path: Path, trees) -> Path:
    try:
        return files.confined(path, trees)
    except files.FileRefused as exc:
        raise _not_a_base(ext, exc) from None


def _read_base(ext: Scalar, path: Path, shown: Path) -> Source:
    """A base's text, refused at the `extends:` that names it unless it is a rule file: nothing
    of another file is ever shown. `path` is where it was confined to (symlinks resolved: read
    there, so a link changed since cannot lead out); `shown`, as the author names it."""
    try:
        text = files.read_text(path)
    except files.FileRefused as exc:
        raise _not_a_base(ext, exc) from None
    if not files.looks_like_rule_file(text):
        raise _refused(ext.span, f"'{files.shown(ext.text)}' is not a rule file",
                       "a rule file has a top-level 'deck:', 'hand:' or 'extends:' line; "
                       "nothing of this file is shown")
    return Source(str(shown), text)


def _not_a_base(ext: Scalar, exc: files.FileRefused) -> RuleErrors:
    """Why the file an `extends:` names cannot be its base, at that `extends:`."""
    name = files.shown(ext.text)
    if isinstance(exc, files.FileMissing):
        return _refused(ext.span, f"no such rule file: {name}", "the path is relative to the file that says extends")
    if isinstance(exc, files.FileOutside):
        return _refused(ext.span, f"'{name}' is outside the rule files' tree",
                        "a base lies in the directory ruledsl runs in, or in the repository (or else "
                        "the directory) of the file given to it; symlinks count where they point")
    return _refused(ext.span, f"'{name}' {exc.reason}", exc.hint)


def _refused(span: Span, message: str, hint: str | None = None) -> RuleErrors:
    return RuleErrors([RuleError(span, message, hint)])


def _without(m: Map, key: str) -> Map:
    return Map(tuple((k, v) for k, v in m.entries if k.text != key), m.span)


def merge(base, over):
    """Overlay `over` on `base`: mappings merge by key, a null removes, anything else replaces."""
    if not (isinstance(base, Map) and isinstance(over, Map)):
        return over
    entries = {k.text: (k, v) for k, v in base.entries}
    for key, value in over.entries:
        if is_null(value):
            entries.pop(key.text, None)
        elif key.text in entries:
            entries[key.text] = (key, merge(entries[key.text][1], value))
        else:
            entries[key.text] = (key, value)
    return Map(tuple(entries.values()), over.span)
