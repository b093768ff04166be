"""`extends:` — a rule file that changes a base file. Resolved on YAML nodes, before reading.

Mappings merge key by key (the variant's entry replaces or deep-merges the base's), anything else
replaces, and a null (`~`) removes an inherited entry. Nodes keep their own Source, so an error
points into whichever file holds the offending text.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Callable

from .errors import RuleError, RuleErrors
from .yamlnodes import Map, Scalar

MAX_CHAIN = 16


def resolve(path: Path, read: Callable[[Path], tuple[Map, object]]):
    """Read `path` and everything it extends; return the merged root and the top file's source."""
    root, source = read(path)
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
        base_path = shown.resolve()
        chain.append(shown.name)
        if base_path in seen:
            raise RuleErrors([RuleError(ext.span, f"'{ext.text}' is already in this chain of extends: a cycle",
                                        f"{' -> '.join(chain)}; a chain of extends must end at a file without one")])
        if len(seen) >= MAX_CHAIN:
            raise RuleErrors([RuleError(ext.span, "too many files in this chain of extends")])
        seen.append(base_path)
        if not base_path.exists():
            raise RuleErrors([RuleError(ext.span, f"no such rule file: {ext.text}",
                                        "the path is relative to the file that says extends")])
        base, _ = read(shown)
        root = merge(base, _without(root, "extends"))
    return root, source


def _without(m: Map, key: str) -> Map:
    return Map(tuple((k, v) for k, v in m.entries if k.text != key), m.span)


def merge(base, over):
    """Overlay `over` on `base`: mappings merge by key, a null removes, anything else replaces."""
    if not (isinstance(base, Map) and isinstance(over, Map)):
        return over
    entries = {k.text: (k, v) for k, v in base.entries}
    for key, value in over.entries:
        if _is_null(value):
            entries.pop(key.text, None)
        elif key.text in entries:
            entries[key.text] = (key, merge(entries[key.text][1], value))
        else:
            entries[key.text] = (key, value)
    return Map(tuple(entries.values()), over.span)


def _is_null(node) -> bool:
    return isinstance(node, Scalar) and node.style == "" and node.text in ("~", "null", "")
