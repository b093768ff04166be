"""The command line: thin click commands over the library, grouped by who uses them.

    play.py       run, replay                      (players)
    authoring.py  validate, schema, test, explain  (rule authors, CI)
    measure.py    simulate                          (authors measuring a rule change)
    serve.py      serve                             (people playing in their browsers)
"""
from __future__ import annotations

import inspect
from importlib import metadata

import click

from .. import __version__
from . import authoring, measure, output, play, serve


# Every page of docs/, with what it is for (tests/test_cli.py checks that none is missing).
DOCS = (
    ("cli.md", "every command and option, and the exit codes"),
    ("language.md", "the rule-file language"),
    ("authoring.md", "editors, validate in CI, pre-commit, shell completion"),
    ("scenarios.md", "scenario files (ruledsl test)"),
    ("analysis.md", "analyze and compare: every figure defined"),
    ("bots.md", "the computer players and their budgets"),
    ("api.md", "the Python API"),
    ("rl.md", "integer actions, tensors, PettingZoo and OpenSpiel"),
    ("web.md", "ruledsl serve: the web table and its JSON API"),
    ("internals.md", "how a rule file is compiled (ruledsl compile)"),
    ("games/", "each shipped game, rule by rule"),
)


def _docs() -> str:
    """The end of `ruledsl --help`: where the documentation is (the address from the package's
    metadata, pyproject.toml's [project.urls])."""
    try:
        urls = dict(u.split(", ", 1) for u in metadata.metadata("ruledsl").get_all("Project-URL") or ())
    except metadata.PackageNotFoundError:
        urls = {}
    where = urls.get("Documentation", "the repository")
    pages = "\n".join(f"  {name:<13} {what}" for name, what in DOCS)
    return f"""\b
'ruledsl COMMAND --help' tells more. The documentation, in docs/
({where}):
{pages}
"""


@click.group(context_settings={"help_option_names": ["-h", "--help"]}, epilog=_docs())
@click.version_option(__version__, prog_name="ruledsl")
def main():
    """Card games written as rule files, played by a generic engine."""
    output.install()          # any output encoding: what it cannot encode falls back to ASCII


for _module in (play, authoring, measure, serve):
    for _command in _module.COMMANDS:
        # `ruledsl --help` lists each command with its first paragraph whole (wrapped): left to
        # itself, click would cut it to fit one line.
        _command.short_help = _command.short_help or inspect.cleandoc(_command.help).split("\n\n")[0]
        main.add_command(_command)
