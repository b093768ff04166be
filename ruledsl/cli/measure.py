"""Commands that measure a rule file over many matches: `simulate`."""
from __future__ import annotations

import json

import click

from ..runtime.helpers import SEAT_NAMES
from .common import PLAY_ERRORS, ExistingPath, fail_play, load, new_state, read_sets, set_option


@click.command()
@click.argument("ruleset", type=ExistingPath())
@click.option("-n", "games", type=click.IntRange(min=1), default=100, show_default=True, help="Number of matches.")
@click.option("--players", "-p", type=int, help="Number of players (default: the game's).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first match (match i uses seed + i).")
@set_option
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def simulate(ruleset, games, players, seed, sets, as_json):
    """Play whole matches between random players and report the figures."""
    from ..simulate import simulate as run_sim
    game = load(ruleset)
    options = read_sets(sets)
    new_state(game, seed, players, options)    # checks --players and --set
    try:
        result = run_sim(game, games, players, seed, options)
    except PLAY_ERRORS as exc:
        fail_play(exc)
    data = result.to_dict()
    if as_json:
        click.echo(json.dumps(data))
        return
    click.echo(f"{game.name}: {data['games']} games, {data['hands']} hands "
               f"({data['mean_hands']} per game) in {data['seconds']:.2f}s — "
               f"{data['games_per_second']} games/s, {data['hands_per_second']} hands/s")
    click.echo("wins per seat: " + "  ".join(f"{SEAT_NAMES[i]}={w}" for i, w in enumerate(data["wins"])))



COMMANDS = (simulate,)
