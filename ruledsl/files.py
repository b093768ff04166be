"""Reading a file that another file names (a log's `ruleset`, a variant's `extends:`) safely.

The name comes from a file, not from the person at the keyboard, so it may point anywhere: only a
regular file inside one of the allowed directory trees is read, symlinks resolved first; devices,
FIFOs, directories and files over the size limit are refused before a byte is read, and the
refusal never quotes the file's text.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path

MAX_BYTES = 4 << 20         # far above any rule file (the largest shipped one is ~12 KB)


class FileRefused(Exception):
    """A named file that may not be read; the message says why, never what the file holds."""


def confined(path: str | Path, roots: list[str | Path], limit: int = MAX_BYTES) -> Path:
    """The real path of `path` if it is a regular file of at most `limit` bytes inside one of
    `roots` (all compared with symlinks resolved); FileRefused otherwise."""
    real = Path(os.path.realpath(path))
    allowed = [Path(os.path.realpath(r)) for r in roots]
    if not any(real == r or r in real.parents for r in allowed):
        where = " or ".join(str(r) for r in allowed)
        raise FileRefused(f"{path} is outside {where}: only a file in that tree may be read")
    try:
        info = os.stat(real)
    except OSError:
        raise FileRefused(f"no such file: {path}") from None
    if not stat.S_ISREG(info.st_mode):
        raise FileRefused(f"{path} is not a regular file")
    if info.st_size > limit:
        raise FileRefused(f"{path} is {info.st_size} bytes, over the limit of {limit}")
    return real


def read_confined(path: str | Path, roots: list[str | Path], limit: int = MAX_BYTES) -> bytes:
    """The bytes of `path` after the checks of `confined`, reading at most `limit` of them."""
    real = confined(path, roots, limit)
    fd = os.open(real, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))   # a FIFO swapped in never blocks
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
            raise FileRefused(f"{path} is not a regular file")
        data = f.read(limit + 1)
    if len(data) > limit:                     # it grew after the check
        raise FileRefused(f"{path} is over the limit of {limit} bytes")
    return data
