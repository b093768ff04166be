"""What must happen to a fuzzed rule file (tests/fuzzing.py makes them), the oracle: `check`,
the case loads and plays a short seeded match, or it raises RuleError located inside the file,
in the author's words; `check_cli`, through the command line, exit 0 or 1, never a traceback.
Anything else escapes as the exception itself, for the caller to report. Also what no output
may show: Python's wording, an outside file, a control character.
"""
from __future__ import annotations

import re
from pathlib import Path

import ruledsl
from ruledsl.errors import RuleError, RuleErrors
from ruledsl.tools.validate import smoke_game

SHORT_MATCH = 300           # actions of the seeded match a case that loads plays

# What Python says and an author's error never does (an echoed source line is not checked).
PYTHON_WORDING = re.compile(r"Traceback|NoneType|object is not|unsupported operand|not iterable"
                            r"|values to unpack|has no attribute|positional argument|invalid literal"
                            r"|object of type|can't multiply|must be str|not supported between")
# The first line of files outside the tree, which no error may show.
OUTSIDE_TEXT = ("root:x:0:0", "PATH=", "HOME=")


def shows_no_control(output: str) -> None:
    """Assert that `output` holds no control character (C0 but newline and tab, DEL, C1) and no
    bidirectional override: what a rule file's text may not send to a terminal."""
    assert not [c for c in output if (ord(c) < 32 and c not in "\n\t") or 0x7F <= ord(c) < 0xA0
                or c in "\u202e\u200f"], repr(output[:300])


def check(path: Path, seed: int = 0) -> str:
    """Load the rule file at `path` and play a short seeded match: "loads" if it ends or stops
    with no error, "long" if it is still going after SHORT_MATCH actions, "located" if it
    raises RuleErrors inside the file. Any other outcome raises: an AssertionError saying what
    is wrong with an error, or the uncaught exception."""
    try:
        game = ruledsl.load_game(path)
    except RuleErrors as errors:
        assert errors.errors, "RuleErrors with no error"
        for error in errors.errors:
            assert_located(error, path)
        return "located"
    players = game.min_players + seed % (game.max_players - game.min_players + 1)
    error = smoke_game(game, players, seed=seed, max_steps=SHORT_MATCH)
    if error is None:
        return "loads"
    if error.message.startswith(f"the match did not end within {SHORT_MATCH} actions"):
        return "long"
    assert_located(error, path)
    return "located"


OUTCOMES = ("loads", "long", "located")


def assert_located(error: RuleError, path: Path) -> None:
    """A RuleError an author can act on: inside `path`, in words, showing no outside file;
    one that says the play ran out of memory is raised as the MemoryError it is."""
    span = error.span
    assert span.source is not None and Path(span.path).resolve() == path.resolve(), \
        f"error not in the file: {error.headline()}"
    lines = len(span.source.text.splitlines())
    assert 1 <= span.line <= lines + 1 and span.col >= 1, f"error outside the file: {error.headline()}"
    if "needs too much memory" in error.message:      # a MemoryError met in play, located
        raise MemoryError(error.headline())
    words = f"{error.message} {error.hint or ''}"
    assert not PYTHON_WORDING.search(words), f"Python's wording: {error.headline()}"
    shown = error.render()
    assert not any(text in shown for text in OUTSIDE_TEXT), f"an outside file shown: {error.headline()}"


# random opponents at the table: a case checks the rule file's handling, and the default search
# bot would think for half a second a move
CLI_COMMANDS = (["validate", "--smoke", "1"], ["run", "--watch", "--seed", "1", "--opponents", "random"],
                ["simulate", "-n", "1"])
HEADLINE = re.compile(r"^(?P<path>[^\n]+?):(?P<line>\d+):(?P<col>\d+): error: ", re.MULTILINE)


def check_cli(path: Path, outcome: str) -> None:
    """`validate`, `run --watch` and `simulate` on the file (`check`'s `outcome`): exit 0, or 1
    with a located report (its first line `path:line:col: error: …`), never a traceback or
    Python's wording. A "long" match is only loaded (`validate --smoke 0`): playing it whole
    takes what its `limits.hands` allows (Kozel's 100,000 hands), which is no error."""
    from click.testing import CliRunner

    from ruledsl.cli import main
    for command in CLI_COMMANDS if outcome != "long" else (["validate", "--smoke", "0"],):
        result = CliRunner().invoke(main, command + [str(path)])
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception
        assert result.exit_code in (0, 1), f"{command[0]}: exit {result.exit_code}: {result.output[-500:]}"
        assert "Traceback" not in result.output, f"{command[0]}: a traceback"
        if result.exit_code == 1:
            report = result.stdout if command[0] == "validate" else result.stderr
            first = HEADLINE.search(report)       # the first error (warnings come before)
            assert first and Path(first["path"]).resolve() == path.resolve(), \
                f"{command[0]}: not a located report: {report[:300]!r}"
            headlines = [line for line in report.splitlines() if HEADLINE.match(line)]
            assert not any(PYTHON_WORDING.search(line) for line in headlines), \
                f"{command[0]}: Python's wording: {headlines}"
