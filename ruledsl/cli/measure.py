"""Commands that measure rule files over many matches: `simulate`, `analyze`, `compare`.

All three play matches through ruledsl.analysis: on every core by default (`--workers`), or on
a Dask cluster (`--dask`), with a progress bar on a terminal; Ctrl-C stops them and they report
what was played (exit 130). Docs: docs/analysis.md.
"""
from __future__ import annotations

import importlib.util
import json
import signal
import sys
import time
from contextlib import contextmanager

import click

from ..runtime.helpers import SEAT_NAMES
from .common import PLAY_ERRORS, ExistingPath, fail_play, load, new_state, read_sets, set_option

INTERRUPTED = 130      # the shell's code for a command stopped by Ctrl-C


class RowsPath(ExistingPath):
    """A file the rows are written to, or `-` for standard output."""

    def __init__(self):
        super().__init__(output=True)

    def convert(self, value, param, ctx):
        return value if value == "-" else super().convert(value, param, ctx)


def run_options(command):
    """The options every measuring command takes."""
    options = [
        click.option("-n", "matches", type=click.IntRange(min=1), default=100, show_default=True,
                     help="Number of matches."),
        click.option("--players", "-p", type=int, help="Number of players [default: the game's]."),
        click.option("--seed", type=int, default=0, show_default=True,
                     help="Match i is dealt from seed + i; the same seed gives the same figures."),
        set_option,
        click.option("--bots", metavar="SPEC[,SPEC...]", default="random", show_default=True,
                     help="The bot in each seat, from seat A; a shorter list repeats."),
        click.option("--workers", type=click.IntRange(min=1), help="Processes to play in [default: all cores]."),
        click.option("--dask", metavar="ADDRESS", help="Play on this Dask scheduler (e.g. tcp://host:8786)."),
        click.option("--json", "as_json", is_flag=True, help="Print one JSON object."),
        click.option("--csv", "csv_path", metavar="FILE", type=RowsPath(),
                     help="Write one row per match as CSV (- for stdout)."),
        click.option("--jsonl", "jsonl_path", metavar="FILE", type=RowsPath(), help="Write one row per match as JSON Lines."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def study_options(command):
    """The options of `analyze` and `compare`."""
    options = [
        click.option("--plot", "plot_dir", metavar="DIR", type=ExistingPath(dir_okay=True, file_okay=False, output=True),
                     help="Write PNG charts into DIR (made if missing; needs ruledsl[plots])."),
        click.option("--think", type=click.FloatRange(min=0), default=2.0, show_default=True,
                     help="Seconds a person takes per decision, for the time a match takes."),
        click.option("--skill", "skill_spec", metavar="STRONG[,WEAK]", default=None,
                     help="The bots of the skill runs [default: ismcts@200,ismcts@50]."),
        click.option("--skill-matches", type=click.IntRange(min=0), default=10, show_default=True,
                     help="Matches per skill run (0: none)."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def prepared(path, players, sets, bots):
    """The game, its options and the bot lineup, with every command-line mistake exit 2."""
    from ..bots import BotSpecError, make
    game = load(path)
    options = read_sets(sets)
    new_state(game, 0, players, options)     # checks --players and --set
    n = players or game.default_players
    specs = [s.strip() for s in bots.split(",") if s.strip()] or ["random"]
    for spec in specs:
        try:
            make(spec)
        except BotSpecError as exc:
            raise click.BadParameter(str(exc), param_hint="'--bots'") from None
    return game, options, tuple(specs[i % len(specs)] for i in range(n))


def check_extras(dask, plot_dir=None, statistics=False) -> None:
    """Fail before playing when an optional extra the command line needs is missing."""
    if statistics and importlib.util.find_spec("scipy") is None:
        raise click.UsageError("analyze and compare need scipy.stats: pip install 'ruledsl[analysis]'")
    if plot_dir is not None:
        from ..analysis.plots import PlotsUnavailable, require
        try:
            require()
        except PlotsUnavailable as exc:
            raise click.BadParameter(str(exc), param_hint="'--plot'") from None
    if dask is not None and importlib.util.find_spec("distributed") is None:
        raise click.BadParameter("needs dask.distributed: pip install 'ruledsl[dask]'", param_hint="'--dask'")


@contextmanager
def stoppable():
    """The whole of a measuring command: from its start, Ctrl-C stops the run (or, before it, has
    it play nothing) and the command reports what was played, exit 130; a second Ctrl-C, or one
    after the report, is ignored: the report is never cut short and nothing prints a traceback."""
    from ..analysis.runner import Stop
    with Stop().on_ctrl_c(afterwards=signal.SIG_IGN) as stop:
        yield stop


def execute(batches, workers, dask, stop) -> tuple[bool, float]:
    """Play the batches; (finished, seconds). A match stopped by its rules exits 1."""
    from ..analysis.runner import RunError, cores, run
    start = time.perf_counter()
    try:
        finished = run(batches, workers or cores(), dask, stop=stop)
    except RunError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(1)
    except PLAY_ERRORS as exc:
        fail_play(exc)
    if not finished:
        played = sum(len(b.records) for b in batches)
        click.echo(f"interrupted: reporting the {played} matches played", err=True)
    return finished, time.perf_counter() - start


# The version of the `--json` objects (docs/analysis.md): raised when a key is removed or changes
# meaning; a key added leaves it as it is.
JSON_FORMAT = 1


def emit(as_json, csv_path, jsonl_path, data, text) -> None:
    """Print the JSON data, with its format version first, or the text (a function that prints
    it); nothing when the rows go to standard output: then they are all a command prints there."""
    if "-" in (csv_path, jsonl_path):
        return
    if as_json:
        click.echo(json.dumps({"format_version": JSON_FORMAT, **data}, ensure_ascii=False))
    else:
        text()


def write_rows(csv_path, jsonl_path, runs) -> None:
    from ..analysis.rows import write
    for path, fmt in ((csv_path, "csv"), (jsonl_path, "jsonl")):
        if path:
            write(path, fmt, runs)


@click.command()
@click.argument("ruleset", type=ExistingPath())
@run_options
def simulate(ruleset, matches, players, seed, sets, bots, workers, dask, as_json, csv_path, jsonl_path):
    """Play whole matches between bots (random by default) and report the figures."""
    from ..analysis.files import RuleFiles
    from ..analysis.play import Job, register
    from ..analysis.runner import Batch
    with stoppable() as stop:
        game, options, lineup = prepared(ruleset, players, sets, bots)
        check_extras(dask)
        files = RuleFiles.read(ruleset)
        register(files, game)
        n = len(lineup)
        batch = Batch(Job(files, n, options, lineup, seed, detail=bool(csv_path or jsonl_path)), matches, game.name)
        finished, seconds = execute([batch], workers, dask, stop)
        report_simulation(game, lineup, batch, finished, seconds, as_json, csv_path, jsonl_path)


def report_simulation(game, lineup, batch, finished, seconds, as_json, csv_path, jsonl_path) -> None:
    from ..analysis.rules import rules_of
    from ..tools.simulate import SimulationResult
    n = len(lineup)
    write_rows(csv_path, jsonl_path, [(None, batch.records, rules_of(game.ruleset))])
    data = SimulationResult.of(batch.records, n, seconds).to_dict()
    counted = ("a team's win counts for each of its seats" if game.ruleset.teams
               else "a match with several winners counts for each of them")
    data.update(bots=list(lineup), wins_counted=counted)
    emit(as_json, csv_path, jsonl_path, data, lambda: print_simulation(game.name, data))
    if not finished:
        sys.exit(INTERRUPTED)


def print_simulation(name: str, data: dict) -> None:
    click.echo(f"{name}: {data['games']} games, {data['hands']} hands ({data['mean_hands']} per game) in "
               f"{data['seconds']:.2f}s — {data['games_per_second']} games/s, {data['hands_per_second']} hands/s")
    if set(data["bots"]) != {"random"}:
        click.echo("bots: " + "  ".join(f"{SEAT_NAMES[i]}={s}" for i, s in enumerate(data["bots"])))
    click.echo("wins per seat: " + "  ".join(f"{SEAT_NAMES[i]}={w}" for i, w in enumerate(data["wins"]))
               + f" ({data['wins_counted']})")
    click.echo("mean returns per seat: " + "  ".join(f"{SEAT_NAMES[i]}={r:g}" for i, r in enumerate(data["returns"])))


def make_studies(paths, players, sets, bots, seed, matches, skill_spec, skill_matches, think):
    from ..analysis.skill import DEFAULT
    from ..analysis.study import Study
    out = []
    for path in paths:
        game, options, lineup = prepared(path, players, sets, bots)
        out.append(Study.of(path, game, players=len(lineup), options=options, lineup=lineup, seed=seed,
                            matches=matches, skill=skill_spec or DEFAULT, skill_matches=skill_matches, think=think))
    return out


def finish(studies, reports, finished, csv_path, jsonl_path, plot_dir, named) -> None:
    """What analyze and compare do after printing: rows, charts, the exit code."""
    write_rows(csv_path, jsonl_path, [(s.info.name if named else None, s.main.records, s.info.rules)
                                      for s in studies])
    if plot_dir:
        from ..analysis.plots import charts
        for path in charts(reports, plot_dir):
            click.echo(f"wrote {path}", err=True)
    if not finished:
        sys.exit(INTERRUPTED)


@click.command()
@click.argument("ruleset", type=ExistingPath())
@run_options
@study_options
def analyze(ruleset, matches, players, seed, sets, bots, workers, dask, as_json, csv_path, jsonl_path,
            plot_dir, think, skill_spec, skill_matches):
    """Measure a rule file: fairness, length, choice, how often each rule fires, drama, skill."""
    from ..analysis import render
    with stoppable() as stop:
        check_extras(dask, plot_dir, statistics=True)
        [study] = make_studies([ruleset], players, sets, bots, seed, matches, skill_spec, skill_matches, think)
        finished, seconds = execute(study.batches, workers, dask, stop)
        report = study.report()
        emit(as_json, csv_path, jsonl_path, render.plain(report),
             lambda: render.analysis(report, render.console(), seconds))
        finish([study], [report], finished, csv_path, jsonl_path, plot_dir, named=False)


@click.command()
@click.argument("base", type=ExistingPath())
@click.argument("variants", nargs=-1, required=True, type=ExistingPath())
@run_options
@study_options
def compare(base, variants, matches, players, seed, sets, bots, workers, dask, as_json, csv_path, jsonl_path,
            plot_dir, think, skill_spec, skill_matches):
    """Measure rule files side by side: every figure, the difference from BASE and its significance."""
    from ..analysis import render
    from ..analysis.compare import compare as side_by_side
    with stoppable() as stop:
        check_extras(dask, plot_dir, statistics=True)
        studies = make_studies([base, *variants], players, sets, bots, seed, matches, skill_spec, skill_matches,
                               think)
        finished, _ = execute([b for s in studies for b in s.batches], workers, dask, stop)
        reports = [s.report() for s in studies]
        rows = side_by_side(reports)
        emit(as_json, csv_path, jsonl_path, render.plain({"reports": reports, "comparison": comparison_data(rows)}),
             lambda: render.comparison(reports, rows, render.console()))
        finish(studies, reports, finished, csv_path, jsonl_path, plot_dir, named=True)


def comparison_data(rows) -> list[dict]:
    return [{"figure": row["figure"].key, "label": row["figure"].label, "values": row["values"],
             "changes": row["changes"]} for row in rows]


COMMANDS = (simulate, analyze, compare)
