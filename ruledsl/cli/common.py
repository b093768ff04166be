"""What every command shares: loading a rule file, reading options, and failing cleanly.

Exit codes: 0 fine; 1 a rule file (or scenario, or log) is broken or a check failed; 2 the
command line itself is wrong (click's usage errors, bad --set or --players).
"""
from __future__ import annotations

import sys

import click

from ..errors import RuleError, RuleErrors
from ..game import load_game
from ..lang.options import OptionError
from ..simulate import StepLimit

PLAY_ERRORS = (RuleError, RuleErrors, StepLimit)


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
