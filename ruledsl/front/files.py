"""Reading a file that another file names (a log's `ruleset`, a variant's `extends:`) safely,
and telling a rule file from other YAML.

The name comes from a file, not from the person at the keyboard, and that file may come from
anyone (a pull request checked in CI, a file found on a forum), so it may point anywhere:

- only a file inside one of the allowed directory trees is read (`confined`; `trees` gives those
  of a variant), symlinks resolved first, so neither `../../etc/passwd` nor a link in the tree
  leads out;
- only a regular file of at most MAX_BYTES: devices, FIFOs and directories are refused before a
  byte is read, and the check is made again on the opened file, opened without blocking
  (`read_bytes`), so a FIFO swapped in never blocks;
- a refusal never quotes the file's text, and a variant's base is shown only if its text looks
  like a rule file (`looks_like_rule_file`), since an error shows the line it is on.

`looks_like_rule_file` is also how `ruledsl validate --rule-files-only` (the pre-commit hook)
tells rule files from the other YAML files of a repository (workflows, configurations).
"""
from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from typing import Iterable

from .yamlnodes import MAX_BYTES    # a rule file's limit, applied before reading

# A rule file has a top-level `deck:` or `hand:` key, or is a variant: a top-level `extends:`
# naming a .yaml/.yml file. Read from the text, line by line, so that a rule file broken beyond
# parsing still counts as one. (A workflow has `name`, `on`, `jobs`; a linter's configuration may
# say `extends: default`, which names no YAML file.)
_RULE_KEY = re.compile(r"""^["']?(?:deck|hand)["']?[ \t]*:(?:[ \t]|$)"""
                       r"""|^["']?extends["']?[ \t]*:[ \t]*["']?[^\s#"']*\.ya?ml["']?[ \t]*(?:#.*)?$""",
                       re.M)
_SCENARIO_KEY = re.compile(r"^ruleset[ \t]*:", re.M)


class FileRefused(Exception):
    """A named file that may not be read. `reason` completes "PATH …" and says why, never what
    the file holds; `hint`, where there is one, what would do."""

    def __init__(self, path, reason: str, hint: str | None = None):
        super().__init__(f"{shown(str(path))} {reason}")
        self.reason, self.hint = reason, hint


class FileOutside(FileRefused):
    """The file lies outside every tree allowed (the caller knows which trees, and says so)."""


class FileMissing(FileRefused):
    """There is no such file."""


def looks_like_rule_file(text: str) -> bool:
    """Whether `text` is a rule file's: a top-level `deck:`/`hand:` key or an `extends:` naming a
    .yaml/.yml file, and no top-level `ruleset:` (that is a scenario file)."""
    return bool(_RULE_KEY.search(text)) and not is_scenario(text)


def is_scenario(text: str) -> bool:
    """A scenario file (docs/scenarios.md) names its rule file under a top-level `ruleset:`."""
    return bool(_SCENARIO_KEY.search(text))


def trees(named: Path, given: Iterable[str | Path] = ()) -> list[Path]:
    """Where the files that `named` (a rule file named on the command line) names may lie: the
    directory ruledsl runs in; the repository holding `named` (the nearest directory above it
    with a .git), or else its own directory; and the directories `given` on the command line."""
    here = named.parent.resolve()
    project = next((d for d in (here, *here.parents) if (d / ".git").exists()), here)
    return [Path.cwd().resolve(), project, *(Path(d).resolve() for d in given)]


def confined(path: str | Path, roots: Iterable[str | Path], limit: int = MAX_BYTES) -> Path:
    """The real path of `path` if it is a regular file of at most `limit` bytes inside one of
    `roots` (all compared with symlinks resolved); FileRefused otherwise."""
    _no_nul(path)
    real = Path(os.path.realpath(path))
    allowed = [Path(os.path.realpath(r)) for r in roots]
    if not any(real.is_relative_to(r) for r in allowed):
        where = " or ".join(str(r) for r in allowed)
        raise FileOutside(path, f"is outside {where}: only a file in that tree may be read")
    try:
        info = os.stat(real)
    except FileNotFoundError:
        raise FileMissing(path, "does not exist") from None
    except OSError as exc:         # permission denied, a loop of symlinks, …
        raise FileRefused(path, f"cannot be read ({exc.strerror})") from None
    _regular(path, info, limit)
    return real


def read_confined(path: str | Path, roots: Iterable[str | Path], limit: int = MAX_BYTES) -> bytes:
    """The bytes of `path` after the checks of `confined`, reading at most `limit` of them."""
    return read_bytes(confined(path, roots, limit), limit)


def read_bytes(path: str | Path, limit: int = MAX_BYTES) -> bytes:
    """The bytes of the regular file at `path`, at most `limit` of them, wherever it is (the file
    named on the command line): FileMissing, or FileRefused for anything but a regular file."""
    _no_nul(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))   # a FIFO does not block
    except FileNotFoundError:
        raise FileMissing(path, "does not exist") from None
    except OSError as exc:
        raise FileRefused(path, f"cannot be read ({exc.strerror})") from None
    try:
        _regular(path, os.fstat(fd), limit)
    except FileRefused:
        os.close(fd)
        raise
    with os.fdopen(fd, "rb") as file:
        data = file.read(limit + 1)         # some files (in /proc) say they hold 0 bytes
    if len(data) > limit:
        raise FileRefused(path, f"is over the limit of {_size(limit)}")
    return data


def read_text(path: str | Path, limit: int = MAX_BYTES) -> str:
    """`read_bytes` as UTF-8 text."""
    try:
        return read_bytes(path, limit).decode("utf-8")
    except UnicodeDecodeError:
        raise FileRefused(path, "is not UTF-8 text", "a rule file is UTF-8 text") from None


def shown(text: str) -> str:
    """A path as written, safe to print: characters that are not printable appear escaped."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def _regular(path, info: os.stat_result, limit: int) -> None:
    if stat.S_ISDIR(info.st_mode):
        raise FileRefused(path, "is a directory, not a regular file", "name a file, not the directory it is in")
    if not stat.S_ISREG(info.st_mode):
        raise FileRefused(path, "is a device or a pipe, not a regular file")
    if info.st_size > limit:
        raise FileRefused(path, f"is over the limit of {_size(limit)}")


def _no_nul(path) -> None:
    if "\0" in str(path):
        raise FileRefused(path, "holds a NUL character, which no file name may")


def _size(limit: int) -> str:
    return f"{limit >> 20} MiB" if limit % (1 << 20) == 0 else f"{limit} bytes"
