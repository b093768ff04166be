"""Opening the files that rule files name: inside a tree, regular, bounded, and never quoted
unless they are rule files.

A rule file names other files (`extends:`; a game log names its rule file), and its text may come
from anyone: a pull request checked in CI, a file found on a forum. A file named that way is
opened only when

- it lies inside one of the trees allowed (`trees`, `confined`), with symlinks resolved first,
  so that neither `../../etc/passwd` nor a link in the tree leads out;
- it is a regular file of at most MAX_BYTES (`read_text`): the check is made on the opened file,
  opened without blocking, so a FIFO, a device or a directory is refused before anything is read;
- and its text looks like a rule file (`looks_like_rule_file`) before any of it is shown: an
  error quotes the line it is on, so a file that is not a rule file is refused without a word
  of its text.

`looks_like_rule_file` is also how `ruledsl validate --rule-files-only` (the pre-commit hook)
tells rule files from the other YAML files of a repository (workflows, configurations).
"""
from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from typing import Iterable

from .yamlnodes import MAX_BYTES

# A rule file has a top-level `deck:` or `hand:` key, or is a variant: a top-level `extends:`
# naming a .yaml/.yml file. Read from the text, line by line, so that a rule file broken beyond
# parsing still counts as one. (A workflow has `name`, `on`, `jobs`; a linter's configuration may
# say `extends: default`, which names no YAML file.)
_RULE_KEY = re.compile(r"""^["']?(?:deck|hand)["']?[ \t]*:(?:[ \t]|$)"""
                       r"""|^["']?extends["']?[ \t]*:[ \t]*["']?[^\s#"']*\.ya?ml["']?[ \t]*(?:#.*)?$""",
                       re.M)
_SCENARIO_KEY = re.compile(r"^ruleset[ \t]*:", re.M)


class Refused(Exception):
    """A file not opened (or not shown), and why, in words that never quote the file: the
    message completes "it …" or "'PATH' …" (`is a directory`); `hint` says what would do."""

    def __init__(self, reason: str, hint: str | None = None):
        super().__init__(reason)
        self.hint = hint


def looks_like_rule_file(text: str) -> bool:
    """Whether `text` is a rule file's: a top-level `deck:`/`hand:` key or an `extends:` naming a
    .yaml/.yml file, and no top-level `ruleset:` (that is a scenario file)."""
    return bool(_RULE_KEY.search(text)) and not is_scenario(text)


def is_scenario(text: str) -> bool:
    """A scenario file (docs/scenarios.md) names its rule file under a top-level `ruleset:`."""
    return bool(_SCENARIO_KEY.search(text))


def trees(named: Path, given: Iterable[Path] = ()) -> list[Path]:
    """Where the files that `named` (a file named on the command line) names may lie: the
    directory ruledsl runs in; the repository holding `named` (the nearest directory above it
    with a .git), or else its own directory; and the directories `given` on the command line."""
    here = named.parent.resolve()
    project = next((d for d in (here, *here.parents) if (d / ".git").exists()), here)
    return [Path.cwd().resolve(), project, *(Path(d).resolve() for d in given)]


def confined(path: Path, roots: Iterable[Path]) -> Path:
    """`path` with every symlink resolved, if it lies inside one of `roots`; else Refused."""
    _no_nul(path)
    real = Path(os.path.realpath(path))
    if not any(real.is_relative_to(root) for root in roots):
        raise Refused("is outside the rule files' tree",
                      "a file named by a rule file lies in the directory ruledsl runs in, or in the "
                      "repository (or else the directory) of the file given to it; symlinks count "
                      "where they point")
    return real


def read_text(path: Path, limit: int = MAX_BYTES) -> str:
    """The UTF-8 text of the regular file at `path`, of at most `limit` bytes. FileNotFoundError
    when there is none; Refused for a directory, a device, a FIFO, a bigger file or other bytes."""
    _no_nul(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))   # a FIFO does not block
    except FileNotFoundError:
        raise
    except OSError as exc:         # permission denied, a dangling symlink's loop, …
        raise Refused(f"cannot be read ({exc.strerror})") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise Refused("is a directory", "name a rule file, not the directory it is in")
        if not stat.S_ISREG(info.st_mode):
            raise Refused("is a device or a pipe, not a regular file", "name a rule file")
        # Refused unread when the size says so; some files (in /proc) say 0 and hold more.
        data = _read_at_most(fd, limit + 1) if info.st_size <= limit else b""
    finally:
        os.close(fd)
    if info.st_size > limit or len(data) > limit:
        raise Refused(f"is larger than {_size(limit)}")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise Refused("is not UTF-8 text", "a rule file is UTF-8 text") from None


def _read_at_most(fd: int, count: int) -> bytes:
    chunks, got = [], 0
    while got < count and (chunk := os.read(fd, count - got)):
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)


def shown(text: str) -> str:
    """A path as written, safe to print: characters that are not printable appear escaped."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def _no_nul(path: Path) -> None:
    if "\0" in str(path):
        raise Refused("holds a NUL character, which no file name may")


def _size(limit: int) -> str:
    return f"{limit >> 20} MiB" if limit % (1 << 20) == 0 else f"{limit} bytes"
