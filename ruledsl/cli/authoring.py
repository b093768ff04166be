"""Commands for rule authors and CI: `validate`, `schema`, `test` (scenarios) and `explain`."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from ..errors import RuleErrors
from .common import ExistingPath, fail_rules, load


@click.command()
@click.argument("paths", nargs=-1, required=True, type=ExistingPath(dir_okay=True, glob=True))
@click.option("--smoke", type=click.IntRange(0), default=None,
              help="Random games per player count (default 1, each cut after 10,000 actions; with --strict 5, "
                   "each to its end).")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "github"]), default="text", show_default=True,
              help="text for people; json: one object per file and line; github: annotations on the lines of a pull request.")
@click.option("--strict", is_flag=True, help="Play the smoke games to their end (a match that never ends is found), "
              "and treat warnings (unused options, counters never read, steps that never run) as errors.")
@click.option("--rule-files-only", is_flag=True,
              help="Skip YAML files that are not rule files (no top-level deck:, hand: or extends: of a .yaml file); "
                   "nothing left to check is fine. The pre-commit hook's default.")
def validate(paths, smoke, fmt, strict, rule_files_only):
    """Check rule files (files, directories or globs): load, compile, smoke-play (--strict: deeply)."""
    from ..tools.validate import expand, report, validate_file
    files = expand(paths, rule_files_only)
    if not files and not rule_files_only:
        raise click.BadParameter("no rule files found", param_hint="PATHS")
    roots = [p for p in paths if Path(p).is_dir()]      # a base may lie anywhere in them
    results = [validate_file(f, smoke=smoke, strict=strict, roots=roots) for f in files]
    click.echo(report(results, fmt))
    sys.exit(0 if all(r.ok for r in results) else 1)


@click.command()
def schema():
    """Print the JSON Schema of rule files (for editors; see docs/authoring.md)."""
    from ..tools.schema import schema as build
    click.echo(json.dumps(build(), indent=2, ensure_ascii=False))


@click.command("test")
@click.argument("paths", nargs=-1, type=ExistingPath(dir_okay=True))
@click.option("-v", "--verbose", is_flag=True, help="Print every scenario, passed or not.")
def test_cmd(paths, verbose):
    """Run scenario files (default: tests/scenarios)."""
    from ..tools.scenarios import run_paths
    results = run_paths(paths or ("tests/scenarios",))
    failed = [r for r in results if not r.ok]
    for r in results:
        if verbose or not r.ok:
            click.echo(r.render())
    click.echo(f"{len(results) - len(failed)} passed, {len(failed)} failed")
    sys.exit(1 if failed or not results else 0)


@click.command()
@click.argument("ruleset", type=ExistingPath(), required=False)
@click.option("--format", "fmt", type=click.Choice(["md", "text"]), default="md", show_default=True,
              help="Markdown, or plain text for a terminal.")
@click.option("--builtins", is_flag=True, help="List the names and functions expressions may use "
                                                "(the language's, and RULESET's own if given).")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write to this file (UTF-8).")
def explain(ruleset, fmt, builtins, output):
    """Write RULESET out as rules a person reads.

    A variant (a file with `extends:`) ends with its differences from the base."""
    from ..explain.names import builtins_text
    from ..explain.rulebook import explain as rulebook
    if ruleset is None and not builtins:
        raise click.UsageError("give a RULESET to explain (or --builtins)")
    game = load(ruleset) if ruleset is not None else None
    try:
        text = builtins_text(game and game.ruleset) if builtins else rulebook(game.ruleset, fmt)
    except RuleErrors as errors:      # the base of a variant is read again to compare
        fail_rules(errors)
    if output:
        with open(output, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        click.echo(text, nl=False)


@click.command("compile")
@click.argument("ruleset", type=click.Path(dir_okay=False))
@click.option("--players", "-p", type=int, help="The player count to compile for (default: the game's).")
def compile_cmd(ruleset, players):
    """Print the Python RULESET compiles to, for one player count (docs/internals.md)."""
    from ..compile.listing import listing
    game = load(ruleset)
    n = game.default_players if players is None else players
    if not game.min_players <= n <= game.max_players:
        raise click.BadParameter(f"{game.name} is for {game.player_range()} players, not {n}",
                                 param_hint="'--players'")
    click.echo(listing(game.program(n)), nl=False)


COMMANDS = (validate, schema, test_cmd, explain, compile_cmd)
