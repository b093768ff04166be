"""The rule files a server offers: found once in the folders given, named by their stem.

A client names a rule file only by that name, never by a path: nothing outside the folders can
be reached. Rulesets are read when the server starts (for the lobby: names, player counts,
options); each is compiled on the first table that plays it. A broken file is left out, with
its located errors kept for the server's start-up message.
"""
from __future__ import annotations

from pathlib import Path

from ..errors import RuleError, RuleErrors
from ..front.files import FileRefused, looks_like_rule_file, read_text
from ..front.load import load
from ..game import load_game
from ..lang.options import show


class Entry:
    """One rule file served: its name, path, ruleset, and its Game once compiled."""

    def __init__(self, name: str, path: Path, ruleset, roots):
        self.name, self.path, self.ruleset, self.roots = name, path, ruleset, roots
        self._game = None

    def game(self):
        if self._game is None:
            self._game = load_game(self.path, self.roots)
        return self._game

    def describe(self) -> dict:
        """What the lobby shows of it (GET /api/rules)."""
        rs = self.ruleset
        players = rs.players
        return {"name": self.name, "title": rs.name, "folder": self.path.parent.name,
                "description": " ".join(rs.description.split()),
                "players": {"min": players.min, "max": players.max, "default": players.default},
                "options": [_option(spec) for spec in rs.options.values()]}


def _option(spec) -> dict:
    """An option for the lobby's form: its default (or the expression it follows), choices and
    bounds as JSON values (a fraction as its text, as --set takes it)."""
    out = {"name": spec.name, "help": spec.help}
    if spec.follows:
        out["default"], out["follows"] = None, spec.default.text
    else:
        out["default"] = _plain(spec.default)
    if spec.choices:
        out["choices"] = [_plain(c) for c in spec.choices]
    for bound in ("min", "max"):
        if getattr(spec, bound) is not None:
            out[bound] = _plain(getattr(spec, bound))
    return out


def _plain(value):
    return value if isinstance(value, (bool, int, str)) else show(value)


class Catalog:
    def __init__(self, folders):
        self.folders = [Path(f).resolve() for f in folders]
        self.entries: dict[str, Entry] = {}
        self.broken: list[str] = []              # located errors of files left out
        for folder in self.folders:
            for path in sorted(folder.glob("*.yaml")) + sorted(folder.glob("*.yml")):
                self._add(path)

    def _add(self, path: Path) -> None:
        try:
            if not looks_like_rule_file(read_text(path)):
                return
            ruleset = load(path, self.folders)
        except (RuleError, RuleErrors) as errors:
            self.broken.append(errors.render() if isinstance(errors, RuleErrors) else RuleErrors([errors]).render())
            return
        except FileRefused:
            return
        name = path.stem if path.stem not in self.entries else f"{path.parent.name}-{path.stem}"
        self.entries[name] = Entry(name, path, ruleset, self.folders)

    def get(self, name) -> Entry | None:
        return self.entries.get(name) if isinstance(name, str) else None

    def describe(self) -> list[dict]:
        return [entry.describe() for entry in self.entries.values()]


def default_folders() -> list[Path]:
    """The shipped games and examples: in the working directory (a checkout), else beside the
    package (an editable install)."""
    for root in (Path.cwd(), Path(__file__).resolve().parents[2]):
        found = [root / name for name in ("games", "examples") if (root / name).is_dir()]
        if found:
            return found
    return []
