"""Commands for rule authors and CI: `validate`, `schema`, `test` (scenarios) and `explain`."""
from __future__ import annotations

import json
import sys

import click

from ..errors import RuleErrors
from .common import fail_rules, load


@click.command()
@click.argument("paths", nargs=-1, required=True)
@click.option("--smoke", type=click.IntRange(0), default=5, show_default=True, help="Random games per player count.")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "github"]), default="text", show_default=True)
@click.option("--strict", is_flag=True, help="Treat warnings (unused options, counters never read, steps that never run) as errors.")
def validate(paths, smoke, fmt, strict):
    """Check rule files (files, directories or globs): load, compile, smoke-play."""
    from ..validate import expand, missing, report, validate_file
    if missing(paths):
        raise click.BadParameter(f"no such file or directory: {', '.join(missing(paths))}", param_hint="PATHS")
    files = expand(paths)
    if not files:
        raise click.BadParameter("no rule files found", param_hint="PATHS")
    results = [validate_file(f, smoke=smoke, strict=strict) for f in files]
    click.echo(report(results, fmt))
    sys.exit(0 if all(r.ok for r in results) else 1)


@click.command()
def schema():
    """Print the JSON Schema of rule files (for editors; see docs/authoring.md)."""
    from ..schema import schema as build
    click.echo(json.dumps(build(), indent=2, ensure_ascii=False))


@click.command("test")
@click.argument("paths", nargs=-1)
@click.option("-v", "--verbose", is_flag=True)
def test_cmd(paths, verbose):
    """Run scenario files (default: tests/scenarios)."""
    from ..scenarios import run_paths
    results = run_paths(paths or ("tests/scenarios",))
    failed = [r for r in results if not r.ok]
    for r in results:
        if verbose or not r.ok:
            click.echo(r.render())
    click.echo(f"{len(results) - len(failed)} passed, {len(failed)} failed")
    sys.exit(1 if failed or not results else 0)


@click.command()
@click.argument("ruleset", type=click.Path(dir_okay=False), required=False)
@click.option("--format", "fmt", type=click.Choice(["md", "text"]), default="md", show_default=True,
              help="Markdown, or plain text for a terminal.")
@click.option("--builtins", is_flag=True, help="List the names and functions expressions may use "
                                                "(the language's, and RULESET's own if given).")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write to this file (UTF-8).")
def explain(ruleset, fmt, builtins, output):
    """Write RULESET out as rules a person reads.

    A variant (a file with `extends:`) ends with its differences from the base."""
    from ..explain import builtins_text, explain as rulebook
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


COMMANDS = (validate, schema, test_cmd, explain)
