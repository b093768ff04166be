"""Unfinished matches, kept for the player in their data folder: one game log per match
(tools/gamelog.py's format), written when the player leaves a match they have played in, added
to as a resumed match goes on, and removed when the match ends.

The folder is `$RULEDSL_DATA/saves` when that is set, else the user's data folder as
platformdirs names it for the system (~/.local/share/ruledsl/saves on Linux, ~/Library/
Application Support/ruledsl/saves on macOS, %LOCALAPPDATA%\\ruledsl\\saves on Windows).
A save is named by its game and when it was begun: `hearts-20261206-224100`.
"""
from __future__ import annotations

import os
import time
from pathlib import Path

import attrs

from ..tools import gamelog

SUFFIX = ".jsonl"


def folder() -> Path:
    """Where saves are kept (made when the first is written)."""
    if os.environ.get("RULEDSL_DATA"):
        return Path(os.environ["RULEDSL_DATA"]) / "saves"
    import platformdirs
    return platformdirs.user_data_path("ruledsl", appauthor=False) / "saves"


def new_path(ruleset_path: str) -> Path:
    """A fresh save's path for a match of this rule file."""
    where = folder()
    where.mkdir(parents=True, exist_ok=True)
    stem = f"{Path(ruleset_path).stem}-{time.strftime('%Y%m%d-%H%M%S')}"
    path, n = where / f"{stem}{SUFFIX}", 1
    while path.exists():
        n += 1
        path = where / f"{stem}-{n}{SUFFIX}"
    return path


def is_save(path) -> bool:
    """Whether `path` is one of the saves (so ruledsl may remove it when its match ends)."""
    return path is not None and Path(path).resolve().parent == folder().resolve()


def find(name: str) -> Path | None:
    """The save called `name` (with or without its suffix), if there is one."""
    if not name or "/" in name or "\\" in name or name.startswith("."):
        return None
    path = folder() / (name if name.endswith(SUFFIX) else name + SUFFIX)
    return path if path.is_file() else None


def name(path) -> str:
    return Path(path).name.removesuffix(SUFFIX)


def rules_dir(path) -> str | None:
    """The directory of the rule file a save names: a save is ruledsl's own, written in the
    player's folder, so the rule file it was played from may be read again from where it is."""
    try:
        header, _, _ = gamelog.outline(str(path))
    except gamelog.ReplayError:
        return None
    return str((Path(path).parent / header["ruleset"]).resolve().parent)


@attrs.frozen
class Saved:
    path: Path
    name: str
    game: str           # the rule file's name as the save gives it (its path)
    players: int
    actions: int
    hands: int
    left: float         # when it was last written (seconds since the epoch)
    problem: str = ""   # why it cannot be resumed, if it cannot


def listing() -> list[Saved]:
    """Every save, the most recent first."""
    where = folder()
    paths = sorted(where.glob(f"*{SUFFIX}"), key=lambda p: p.stat().st_mtime, reverse=True) if where.is_dir() else []
    out = []
    for path in paths:
        try:
            header, actions, hands = gamelog.outline(str(path))
            out.append(Saved(path, name(path), Path(header["ruleset"]).stem, header["players"], actions, hands,
                             path.stat().st_mtime))
        except gamelog.ReplayError as exc:
            out.append(Saved(path, name(path), "?", 0, 0, 0, path.stat().st_mtime, str(exc)))
    return out


def remove(path) -> None:
    try:
        Path(path).unlink()
    except FileNotFoundError:
        pass
