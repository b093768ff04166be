"""Commands for players: `run` (a terminal table) and `replay` (a logged game, checked)."""
from __future__ import annotations

import os
import random
import sys
import textwrap
import time
from pathlib import Path

import click

from ..runtime.helpers import SEAT_NAMES
from ..errors import RuleErrors
from .common import PLAY_ERRORS, ExistingPath, fail_play, fail_rules, load, new_state, read_sets, set_option

PAUSE = 0.4          # seconds after each computer player's move, so that a person can follow


def parse_seat(text: str, players: int, option: str = "--seat") -> int:
    """A seat as the table names it (`B`) or by number (`1`, 0 = A)."""
    word = text.strip().upper()
    seat = int(word) if word.isdigit() else SEAT_NAMES.find(word) if len(word) == 1 else -1
    if not 0 <= seat < players:
        raise click.BadParameter(f"'{text}' is not a seat of this {players}-player game: "
                                 f"{SEAT_NAMES[0]} to {SEAT_NAMES[players - 1]} (or 0 to {players - 1})",
                                 param_hint=f"'{option}'")
    return seat


class ResumeFrom(click.ParamType):
    """What `--resume` continues: a save by its name (saves.py), or a log file; alone (the
    empty text), the saves are listed."""

    name = "save or log"

    def convert(self, value, param, ctx):
        from ..table import saves
        if value == "":
            return value
        found = saves.find(value)
        if found is not None:
            return str(found)
        if not Path(value).is_file():
            self.fail(f"'{value}' is neither a saved game (`ruledsl run --resume` lists them) nor a log file",
                      param, ctx)
        return value


@click.command()
@click.argument("ruleset", type=ExistingPath(), required=False)
@click.option("--players", "-p", type=int, help="Number of players (default: the game's).")
@click.option("--seat", default="A", show_default=True, help="Your seat: a letter (A, B, …) or a number (0 = A).")
@click.option("--watch", is_flag=True, help="Computer players take every seat.")
@click.option("--fast", is_flag=True, help="No pause after each computer player's move.")
@click.option("--seed", type=int, help="Seed for shuffles and bots (default: random; shown at the end).")
@set_option
@click.option("--log", "log_path", type=ExistingPath(output=True), help="Write a game log (JSON Lines) as play goes.")
@click.option("--opponents", metavar="SPEC", help="The computer players' bot (see docs/bots.md).")
@click.option("--ascii", "ascii_only", is_flag=True, help="Letters for suits and plain ASCII throughout.")
@click.option("--resume", metavar="[SAVE|LOG]", type=ResumeFrom(), is_flag=False, flag_value="",
              help="Continue a saved game (by the name `--resume` alone lists) or the game in a log.")
@click.option("--rules", "rules_dir", type=ExistingPath(dir_okay=True, file_okay=False),
              help="With --resume: a directory where the log's rule file may be read.")
def run(ruleset, players, seat, watch, fast, seed, sets, log_path, opponents, ascii_only, resume, rules_dir):
    """Play RULESET at a terminal table against computer players (or continue a saved game)."""
    from rich.console import Console

    from ..table import Quit, Table
    from .output import can_encode, install
    if ascii_only:
        install(ascii_only=True)
    console = Console(markup=False, highlight=False, emoji=False)
    symbols = not ascii_only and "NO_COLOR" not in os.environ and can_encode("♠♥♦♣", console.encoding)
    if resume == "":
        _list_saves(console)
        return
    if resume:
        game, state, table_args = _resumed(resume, rules_dir, ruleset, players, seed, sets, log_path, watch)
        human = table_args.pop("human")
        opponents = opponents or table_args.pop("opponents")
    else:
        if ruleset is None:
            raise click.UsageError("give a RULESET to play (or --resume LOG)")
        opponents = opponents or _default_bot()
        game, state, human, table_args = _new(ruleset, players, seat, watch, seed, sets, log_path, opponents)
    bot = _bot(opponents)
    pause = 0.0 if fast or not console.is_terminal else PAUSE
    table = Table(game, state, human, console, opponents=bot, opponents_spec=opponents,
                  symbols=symbols, pause=pause, **table_args)
    if resume:
        table.catch_up()
    else:
        _banner(console, game, state, human)
    try:
        table.play()
    except PLAY_ERRORS as exc:
        fail_play(exc)
    except (Quit, KeyboardInterrupt):
        _leave(console, table, game)
    else:
        _ended(console, table.log)
    finally:
        table.log.close()


def _new(ruleset, players, seat, watch, seed, sets, log_path, opponents):
    from ..tools.gamelog import LogWriter
    game = load(ruleset)
    seed = random.randrange(1 << 30) if seed is None else seed
    state = new_state(game, seed, players, read_sets(sets), record=True)
    human = None if watch else parse_seat(seat, state.n)
    header = LogWriter.header(ruleset, log_path, options=state.options, players=state.n, seed=seed,
                              dealer=_first_dealer(state), seat=human, opponents=opponents)
    return game, state, human, {"seed": seed, "log": LogWriter(log_path, header)}


def _resumed(log, rules_dir, ruleset, players, seed, sets, log_path, watch):
    from ..tools.gamelog import LogWriter
    given = [name for name, value in (("RULESET", ruleset), ("--players", players), ("--seed", seed),
                                      ("--set", sets), ("--log", log_path), ("--watch", watch)) if value]
    if given:
        raise click.UsageError(f"--resume continues the logged game as it was: {', '.join(given)} "
                               "cannot be given with it")
    from ..table import saves
    if rules_dir is None and saves.is_save(log):      # a save of ours: its rule file where it was played
        rules_dir = saves.rules_dir(log)
    done = _restore(log, rules_dir)
    if done.state.is_terminal():
        click.echo(f"{log}: this match is over; `ruledsl replay {log}` checks it", err=True)
        sys.exit(1)
    header = done.header        # checked against the log format's schema (tools/gamelog.py)
    opponents = header.get("opponents") or _default_bot()
    try:
        _bot(opponents)
    except click.BadParameter:
        click.echo(f"error: {log}:1: the log's opponents '{opponents[:40]}' is not a computer player "
                   "(see docs/bots.md)", err=True)
        sys.exit(1)
    seed = header["seed"] if header.get("format") else None       # a log with digests goes on with them
    return done.game, done.state, {"seed": header["seed"], "human": header.get("seat"),
                                   "opponents": opponents, "decisions": done.actions,
                                   "log": LogWriter(log, deals=done.logged, seed=seed)}


def _default_bot() -> str:
    from .. import bots
    return getattr(bots, "DEFAULT", "random")


def _bot(spec: str):
    from ..bots import BotSpecError, make
    try:
        return make(spec)
    except BotSpecError as exc:
        raise click.BadParameter(str(exc), param_hint="'--opponents'") from None


def _banner(console, game, state, human) -> None:
    """The game in a paragraph, for a first game; no seed (it would give the deals away)."""
    who = "Watching." if human is None else f"You are {SEAT_NAMES[human]}. Type 'help' for help, 'quit' to leave."
    console.print(f"{game.name} — {state.n} players. {who}")
    if game.ruleset.description and human is not None:
        console.print(textwrap.fill(" ".join(game.ruleset.description.split()), min(console.width, 100)),
                      soft_wrap=True)
        console.print("Answer with an option's number or its text (e.g. 'play QS').")


def _leave(console, table, game) -> None:
    """Left mid-match: the log (written as play went, or the match saved now in the data folder,
    once the player has made a move) continues it."""
    from ..table import saves
    log, path = table.log, table.log.path
    if path is None:
        if not table.played:
            console.print("\nLeft the table before your first move: nothing was played, nothing is saved.")
            return
        path = str(saves.new_path(game.ruleset.path))
        log.save(path)
    if saves.is_save(path):
        where = f"saved as {saves.name(path)}"
        command = f"ruledsl run --resume {saves.name(path)}"
    else:
        where = f"in its log, {path}"
        command = f"ruledsl run --resume {path}"
        rules = Path(game.ruleset.path).resolve()
        if Path(path).resolve().parent not in rules.parents:
            command += f" --rules {rules.parent}"
    console.print(f"\nLeft the table. The game is {where}; to continue it:", soft_wrap=True)
    console.print(f"  {command}", soft_wrap=True)        # whole, to copy


def _ended(console, log) -> None:
    """The match is over: a save of it has done its work."""
    from ..table import saves
    if saves.is_save(log.path):
        log.close()
        saves.remove(log.path)
        console.print(f"(Its save, {saves.name(log.path)}, is removed.)")


def _list_saves(console) -> None:
    """`run --resume` alone: the unfinished matches, the most recent first."""
    from ..table import saves
    found = saves.listing()
    if not found:
        console.print(f"No saved games (in {saves.folder()}). A game you leave after your first move is kept there.",
                      soft_wrap=True)
        return
    console.print(f"Saved games, the most recent first (in {saves.folder()}):", soft_wrap=True)
    for saved in found:
        if saved.problem:
            console.print(f"  {saved.name}   cannot be resumed: {saved.problem}", soft_wrap=True)
            continue
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(saved.left))
        hands = f"hand {saved.hands}, " if saved.hands else ""
        console.print(f"  {saved.name}   {saved.game}, {saved.players} players, {hands}{saved.actions} moves, "
                      f"left {when}", soft_wrap=True)
    console.print("Continue one with: ruledsl run --resume NAME")


def _first_dealer(state) -> int:
    hands = [e for e in state.events if e["kind"] == "hand"]
    return hands[0]["dealer"] if hands else state.dealer


@click.command()
@click.argument("log", type=ExistingPath())
@click.option("--rules", "rules_dir", type=ExistingPath(dir_okay=True, file_okay=False),
              help="A directory where the log's rule file may be read (besides the log's own).")
def replay(log, rules_dir):
    """Replay a game log written by `run --log`, checking every deal and action."""
    done = _restore(log, rules_dir)
    state = "finished" if done.state.is_terminal() else "unfinished"
    click.echo(f"{log}: {done.actions} actions and {done.deals} deals replay exactly ({state} match)")


def _restore(log, rules_dir):
    """The logged match played again (gamelog.restore), or a clean exit 1 saying why not."""
    from ..tools.gamelog import ReplayError, restore
    try:
        done = restore(log, rules_dir)
    except ReplayError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(1)
    except RuleErrors as errors:
        fail_rules(errors)
    except PLAY_ERRORS as exc:
        fail_play(exc)
    for warning in done.warnings:
        click.echo(f"warning: {warning}", err=True)
    return done


COMMANDS = (run, replay)
