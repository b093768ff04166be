"""The command line: thin click commands over the library.

Exit codes: 0 fine; 1 a rule file (or scenario, or log) is broken or a check failed; 2 the
command line itself is wrong (click's usage errors, bad --set or --players).
"""
from __future__ import annotations

import json
import random
import sys

import click

from .errors import RuleError, RuleErrors
from .engine.game import OptionError, load_game
from .engine.scope import SEAT_NAMES
from .expr import EvalError
from .simulate import StepLimit


def _fail_rules(errors: RuleErrors) -> None:
    click.echo(errors.render(), err=True)
    sys.exit(1)


def _fail_play(exc: Exception) -> None:
    """A match stopped by its rules (a RuleError at a step, an expression failing, a limit):
    the located report when there is a place, else one line; exit 1, never a traceback."""
    if isinstance(exc, RuleErrors):
        _fail_rules(exc)
    if isinstance(exc, RuleError):
        _fail_rules(RuleErrors([exc]))
    span = getattr(exc, "span", None)
    if span is not None and span.source is not None:
        _fail_rules(RuleErrors([RuleError(span, str(exc))]))
    click.echo(f"error: {exc}", err=True)
    sys.exit(1)


PLAY_ERRORS = (RuleError, RuleErrors, EvalError, StepLimit)


def _load(path: str):
    try:
        return load_game(path)
    except RuleErrors as errors:
        _fail_rules(errors)


def _options(pairs) -> dict:
    out = {}
    for pair in pairs:
        if "=" not in pair:
            raise click.BadParameter(f"'{pair}' is not NAME=VALUE", param_hint="--set")
        name, value = pair.split("=", 1)
        out[name.strip()] = value.strip()
    return out


def _new_state(game, seed, players, options, **kw):
    if players is not None and not game.min_players <= players <= game.max_players:
        raise click.BadParameter(f"{game.name} is for {game._range()} players, not {players}",
                                 param_hint="'--players'")
    try:
        return game.new_initial_state(seed=seed, players=players, options=options, **kw)
    except OptionError as exc:
        raise click.BadParameter(str(exc), param_hint="'--set'") from None
    except PLAY_ERRORS as exc:
        _fail_play(exc)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="ruledsl")
def main():
    """Card games written as rule files, played by a generic engine."""


@main.command()
@click.argument("ruleset", type=click.Path(dir_okay=False))
@click.option("--players", "-p", type=int, help="Number of players (default: the game's).")
@click.option("--seat", type=int, default=0, show_default=True, help="Your seat (0 = A).")
@click.option("--watch", is_flag=True, help="Computer players take every seat.")
@click.option("--seed", type=int, help="Seed for shuffles and bots (default: random).")
@click.option("--set", "sets", multiple=True, metavar="NAME=VALUE", help="Change an option.")
@click.option("--log", "log_path", type=click.Path(dir_okay=False), help="Write a game log (JSON Lines).")
def run(ruleset, players, seat, watch, seed, sets, log_path):
    """Play RULESET at a terminal table against computer players."""
    from .bots import random_bot
    from .gamelog import LogWriter
    from .table import Quit, Table
    game = _load(ruleset)
    seed = random.randrange(1 << 30) if seed is None else seed
    state = _new_state(game, seed, players, _options(sets), record=True)
    if not watch and not 0 <= seat < state.n:
        raise click.BadParameter(f"seat must be 0..{state.n - 1}", param_hint="--seat")
    log = LogWriter(log_path, ruleset, state.options, state.n, seed, _first_dealer(state)) if log_path else None
    click.echo(f"{game.name} — {state.n} players, seed {seed}. "
               + ("Watching." if watch else f"You are {SEAT_NAMES[seat]}. Type 'quit' to leave."))
    if game.ruleset.description and not watch:       # the game in a paragraph, for a first game
        import textwrap
        click.echo(textwrap.fill(" ".join(game.ruleset.description.split()), 96))
        click.echo("Answer with an option's number or its text (e.g. 'play QS'); '?' for help.")
    table = Table(state, None if watch else seat, click.echo, lambda p: input(p), random_bot,
                  random.Random(seed), log)
    try:
        table.play()
    except PLAY_ERRORS as exc:
        _fail_play(exc)
    except (Quit, KeyboardInterrupt):
        click.echo("\nLeft the table." + (f" The log so far is in {log_path}." if log_path else ""))
    finally:
        if log:
            log.close()


def _first_dealer(state) -> int:
    hands = [e for e in state.events if e["kind"] == "hand"]
    return hands[0]["dealer"] if hands else state.dealer


@main.command()
@click.argument("paths", nargs=-1, required=True)
@click.option("--smoke", type=click.IntRange(0), default=5, show_default=True, help="Random games per player count.")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "github"]), default="text", show_default=True)
@click.option("--strict", is_flag=True, help="Treat warnings (unused options, counters never read, steps that never run) as errors.")
def validate(paths, smoke, fmt, strict):
    """Check rule files (files, directories or globs): load, compile, smoke-play."""
    from .validate import expand, missing, report, validate_file
    if missing(paths):
        raise click.BadParameter(f"no such file or directory: {', '.join(missing(paths))}", param_hint="PATHS")
    files = expand(paths)
    if not files:
        raise click.BadParameter("no rule files found", param_hint="PATHS")
    results = [validate_file(f, smoke=smoke, strict=strict) for f in files]
    click.echo(report(results, fmt))
    sys.exit(0 if all(r.ok for r in results) else 1)


@main.command()
def schema():
    """Print the JSON Schema of rule files (for editors; see docs/authoring.md)."""
    from .schema import schema as build
    click.echo(json.dumps(build(), indent=2, ensure_ascii=False))


@main.command()
@click.argument("ruleset", type=click.Path(dir_okay=False))
@click.option("-n", "games", type=click.IntRange(min=1), default=100, show_default=True, help="Number of matches.")
@click.option("--players", "-p", type=int)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--set", "sets", multiple=True, metavar="NAME=VALUE")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def simulate(ruleset, games, players, seed, sets, as_json):
    """Play whole matches between random players and report the figures."""
    from .simulate import simulate as run_sim
    game = _load(ruleset)
    options = _options(sets)
    _new_state(game, seed, players, options)    # checks --players and --set
    try:
        result = run_sim(game, games, players, seed, options)
    except PLAY_ERRORS as exc:
        _fail_play(exc)
    data = result.to_dict()
    if as_json:
        click.echo(json.dumps(data))
        return
    click.echo(f"{game.name}: {data['games']} games, {data['hands']} hands "
               f"({data['mean_hands']} per game) in {data['seconds']:.2f}s — "
               f"{data['games_per_second']} games/s, {data['hands_per_second']} hands/s")
    click.echo("wins per seat: " + "  ".join(f"{SEAT_NAMES[i]}={w}" for i, w in enumerate(data["wins"])))


@main.command()
@click.argument("log", type=click.Path(exists=True, dir_okay=False))
def replay(log):
    """Replay a game log written by `run --log`, checking every deal and action."""
    from .gamelog import ReplayError, replay as do_replay
    try:
        result = do_replay(log)
    except ReplayError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(1)
    except RuleErrors as errors:
        _fail_rules(errors)
    for warning in result["warnings"]:
        click.echo(f"warning: {warning}", err=True)
    state = "finished" if result["terminal"] else "unfinished"
    click.echo(f"{log}: {result['actions']} actions and {result['deals']} deals replay exactly ({state} match)")


@main.command("test")
@click.argument("paths", nargs=-1)
@click.option("-v", "--verbose", is_flag=True)
def test_cmd(paths, verbose):
    """Run scenario files (default: tests/scenarios)."""
    from .scenarios import run_paths
    results = run_paths(paths or ("tests/scenarios",))
    failed = [r for r in results if not r.ok]
    for r in results:
        if verbose or not r.ok:
            click.echo(r.render())
    click.echo(f"{len(results) - len(failed)} passed, {len(failed)} failed")
    sys.exit(1 if failed or not results else 0)


@main.command()
@click.argument("ruleset", type=click.Path(dir_okay=False), required=False)
@click.option("--format", "fmt", type=click.Choice(["md", "text"]), default="md", show_default=True,
              help="Markdown, or plain text for a terminal.")
@click.option("--builtins", is_flag=True, help="List the names and functions expressions may use "
                                                "(the language's, and RULESET's own if given).")
def explain(ruleset, fmt, builtins):
    """Write RULESET out as rules a person reads.

    A variant (a file with `extends:`) ends with its differences from the base."""
    from .explain import builtins_text, explain as rulebook
    if ruleset is None and not builtins:
        raise click.UsageError("give a RULESET to explain (or --builtins)")
    game = _load(ruleset) if ruleset is not None else None
    try:
        text = builtins_text(game and game.ruleset) if builtins else rulebook(game.ruleset, fmt)
    except RuleErrors as errors:      # the base of a variant is read again to compare
        _fail_rules(errors)
    click.echo(text, nl=False)


if __name__ == "__main__":  # pragma: no cover
    main()
