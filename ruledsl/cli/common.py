"""What every command shares: paths, loading a rule file, reading options, failing cleanly.

Exit codes: 0 fine; 1 a rule file (or scenario, or log) is broken or a check failed; 2 the
command line itself is wrong (click's usage errors, a path that does not exist, bad --set or
--players).
"""
from __future__ import annotations

import sys
from pathlib import Path

import click
from click.shell_completion import CompletionItem

from ..errors import RuleError, RuleErrors
from ..game import load_game
from ..errors import OptionError
from ..tools.simulate import StepLimit
from ..tools.validate import is_glob

PLAY_ERRORS = (RuleError, RuleErrors, StepLimit)


class ExistingPath(click.Path):
    """The one rule for paths on the command line: one that does not exist is a usage error
    (exit 2) in every command. `glob` lets a pattern through for the command to expand
    (validate); an `output` file (--log) need not exist, but its directory must."""

    def __init__(self, *, dir_okay: bool = False, file_okay: bool = True, glob: bool = False,
                 output: bool = False):
        super().__init__(exists=not output, dir_okay=dir_okay, file_okay=file_okay)
        self.glob, self.output = glob, output

    def convert(self, value, param, ctx):
        if self.glob and is_glob(value):
            return value
        if self.output and not Path(value).parent.is_dir():
            self.fail(f"the directory of '{value}' does not exist", param, ctx)
        return super().convert(value, param, ctx)


def complete_set(ctx, param, incomplete: str) -> list[CompletionItem]:
    """Shell completion for `--set`: the options of the rule file already on the command line
    (NAME=, with its help), then, after `NAME=`, the values it allows."""
    # The option's value is still missing, so click stops parsing there, leaving the arguments
    # it did not reach (the rule file among them) in ctx.args.
    path = ctx.params.get("ruleset") or next((a for a in ctx.args if Path(a).is_file()), None)
    try:
        specs = load_game(path).ruleset.options if path else {}
    except (RuleErrors, OSError):
        return []
    if "=" in incomplete:
        name, _ = incomplete.split("=", 1)
        spec = specs.get(name)
        values = [] if spec is None else spec.choices or (
            (True, False) if isinstance(spec.default, bool) else (spec.default,))
        items = [f"{name}={_show(v)}" for v in values]
        return [CompletionItem(item) for item in items if item.startswith(incomplete)]
    return [CompletionItem(f"{name}=", help=spec.help or None)
            for name, spec in specs.items() if name.startswith(incomplete)]


def _show(value) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


set_option = click.option("--set", "sets", multiple=True, metavar="NAME=VALUE", shell_complete=complete_set,
                          help="Change one of the game's options (repeatable); `ruledsl explain` lists them.")


def fail_rules(errors: RuleErrors) -> None:
    click.echo(errors.render(), err=True)
    sys.exit(1)


def fail_play(exc: Exception) -> None:
    """A match stopped by its rules (a RuleError at a step, an expression failing, a limit):
    the located report when there is a place, else one line; exit 1, never a traceback."""
    if isinstance(exc, RuleErrors):
        fail_rules(exc)
    if isinstance(exc, RuleError):
        fail_rules(RuleErrors([exc]))
    span = getattr(exc, "span", None)
    if span is not None and span.source is not None:
        fail_rules(RuleErrors([RuleError(span, str(exc))]))
    click.echo(f"error: {exc}", err=True)
    sys.exit(1)


def load(path: str):
    try:
        return load_game(path)
    except RuleErrors as errors:
        fail_rules(errors)


def read_sets(pairs) -> dict:
    """`--set NAME=VALUE` pairs as a mapping of option names to their text."""
    out = {}
    for pair in pairs:
        if "=" not in pair:
            raise click.BadParameter(f"'{pair}' is not NAME=VALUE", param_hint="--set")
        name, value = pair.split("=", 1)
        out[name.strip()] = value.strip()
    return out


def new_state(game, seed, players, options, **kw):
    """A new match, with a bad --players or --set reported as a usage error (exit 2)."""
    if players is not None and not game.min_players <= players <= game.max_players:
        raise click.BadParameter(f"{game.name} is for {game.player_range()} players, not {players}",
                                 param_hint="'--players'")
    try:
        return game.new_initial_state(seed=seed, players=players, options=options, **kw)
    except OptionError as exc:
        raise click.BadParameter(str(exc), param_hint="'--set'") from None
    except PLAY_ERRORS as exc:
        fail_play(exc)
