"""The shipped rule files (games/, examples/), each loaded once per test process; likewise any
rule file of the checkout that tests only read (the scenarios' rule sets, tests/rulefiles/).

Loading a file reads, checks and compiles it for every player count and starts a match of each
(0.05-0.7 s of CPU, Coteccio's six player counts the most), and dozens of test modules use the
same games. A Game is read-only to the tests (each state is a new object), so they share one; a
test that needs a Game of its own (one whose lifetime it checks, or loading itself under test)
calls ruledsl.load_game. With pytest-xdist each worker process has its own."""
import functools
from pathlib import Path

import ruledsl

ROOT = Path(__file__).resolve().parents[1]


def load(path) -> ruledsl.Game:
    """The Game of a shipped rule file, by its path."""
    return _load(Path(path).resolve())


def game(name: str) -> ruledsl.Game:
    """games/NAME.yaml's Game."""
    return _load(ROOT / "games" / f"{name}.yaml")


@functools.cache
def _load(path: Path) -> ruledsl.Game:
    return ruledsl.load_game(path)
