"""A rule file as the texts it is made of, so a worker on another machine can rebuild the game.

Workers (processes, a Dask cluster) are sent text, never a local path: the rule file and every
file its `extends:` chain reads, under their paths relative to the directory that holds them
all. A worker writes them into a private temporary directory, loads the game from there once,
and keeps it for every later batch of the same files.
"""
from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

import attrs

from ..game import load_game
from ..front.load import load


@attrs.frozen
class RuleFiles:
    entry: str                            # the rule file, relative to the common directory
    texts: tuple[tuple[str, str], ...]    # (relative path, text) of it and every file it extends

    @classmethod
    def read(cls, path: str | os.PathLike) -> RuleFiles:
        """The texts of an already loaded (so valid) rule file and of its `extends:` chain."""
        chain = [os.path.abspath(path)]
        base = load(path).base
        while base is not None:
            chain.append(os.path.abspath(base))
            base = load(base).base
        root = os.path.commonpath([os.path.dirname(p) for p in chain])
        texts = tuple((Path(os.path.relpath(p, root)).as_posix(), Path(p).read_text(encoding="utf-8"))
                      for p in chain)
        return cls(texts[0][0], texts)

    @property
    def digest(self) -> str:
        """One name for these exact texts: workers cache the game under it."""
        h = hashlib.sha256(self.entry.encode())
        for name, text in self.texts:
            h.update(b"\0" + name.encode() + b"\0" + text.encode())
        return h.hexdigest()

    def load(self):
        """Write the texts out in a temporary directory, load the game (its bases confined to
        that directory), remove the files."""
        with tempfile.TemporaryDirectory(prefix="ruledsl-") as tmp:
            for name, text in self.texts:
                target = Path(tmp, name)
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(text, encoding="utf-8")
            return load_game(Path(tmp, self.entry), roots=[tmp])
