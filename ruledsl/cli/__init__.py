"""The command line: thin click commands over the library, grouped by who uses them.

    play.py       run, replay                      (players)
    authoring.py  validate, schema, test, explain  (rule authors, CI)
    measure.py    simulate                          (authors measuring a rule change)
"""
from __future__ import annotations

import click

from . import authoring, measure, output, play


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="ruledsl")
def main():
    """Card games written as rule files, played by a generic engine."""
    output.install()          # any output encoding: what it cannot encode falls back to ASCII


for _module in (play, authoring, measure):
    for _command in _module.COMMANDS:
        main.add_command(_command)
