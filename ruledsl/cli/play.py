"""Commands for players: `run` (a terminal table) and `replay` (a logged game, checked)."""
from __future__ import annotations

import random
import sys

import click

from ..engine.scope import SEAT_NAMES
from ..errors import RuleErrors
from .common import PLAY_ERRORS, ExistingPath, fail_play, fail_rules, load, new_state, read_sets, set_option


@click.command()
@click.argument("ruleset", type=ExistingPath())
@click.option("--players", "-p", type=int, help="Number of players (default: the game's).")
@click.option("--seat", type=int, default=0, show_default=True, help="Your seat (0 = A).")
@click.option("--watch", is_flag=True, help="Computer players take every seat.")
@click.option("--seed", type=int, help="Seed for shuffles and bots (default: random).")
@set_option
@click.option("--log", "log_path", type=ExistingPath(output=True), help="Write a game log (JSON Lines).")
def run(ruleset, players, seat, watch, seed, sets, log_path):
    """Play RULESET at a terminal table against computer players."""
    from ..bots import random_bot
    from ..gamelog import LogWriter
    from ..table import Quit, Table
    game = load(ruleset)
    seed = random.randrange(1 << 30) if seed is None else seed
    state = new_state(game, seed, players, read_sets(sets), record=True)
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
        fail_play(exc)
    except (Quit, KeyboardInterrupt):
        click.echo("\nLeft the table." + (f" The log so far is in {log_path}." if log_path else ""))
    finally:
        if log:
            log.close()


def _first_dealer(state) -> int:
    hands = [e for e in state.events if e["kind"] == "hand"]
    return hands[0]["dealer"] if hands else state.dealer


@click.command()
@click.argument("log", type=ExistingPath())
def replay(log):
    """Replay a game log written by `run --log`, checking every deal and action."""
    from ..gamelog import ReplayError, replay as do_replay
    try:
        result = do_replay(log)
    except ReplayError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(1)
    except RuleErrors as errors:
        fail_rules(errors)
    for warning in result["warnings"]:
        click.echo(f"warning: {warning}", err=True)
    state = "finished" if result["terminal"] else "unfinished"
    click.echo(f"{log}: {result['actions']} actions and {result['deals']} deals replay exactly ({state} match)")



COMMANDS = (run, replay)
