"""Engine play-outs against the hand-written loop in short alternating turns, in one process.

    python benchmarks/paired.py ciapano:3 kozel:4 ...         # this checkout
    python benchmarks/paired.py --tree /path/to/other/checkout kozel:4
    python benchmarks/paired.py --api kozel:4                 # the public API loops instead

playouts.py times each column for a few tenths of a second in turn; on a shared machine a row's
ratio still moves by a fifth between runs. Here the engine (whole matches through `play_out`)
and benchmarks/handwritten.py take turns of `--turn` seconds (default 0.02), `--turns` times
each, so that a slow spell of the machine falls on both alike, and the ratio is of the summed
times. With --api: the engine's public API (`legal_actions()`, a checked `apply_action(a)`)
against benchmarks/handwritten_api.py's State classes. To compare two checkouts, run it in each, in turn, a few times: what a process is given
(where its memory lies, what the collector meets) still differs from one process to the next.
"""
from __future__ import annotations

import argparse
import functools
import importlib.util
import random
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
CLOCK = time.perf_counter


def handwritten(name: str):
    spec = importlib.util.spec_from_file_location(name, HERE / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def play_out(state, rng):
    return state.play_out(rng)


def through_api(state, rng):
    choice = rng.choice
    while not state.is_terminal():
        state.apply_action(choice(state.legal_actions()))
    return state


def engine_turn(game, players: int, rng, seeds, seconds: float, play) -> tuple[int, float]:
    """Whole random matches, each played by `play(state, rng)`, for about `seconds`: (hands
    played, time taken)."""
    hands, start = 0, CLOCK()
    while True:
        hands += play(game.new_initial_state(seed=next(seeds), players=players), rng).hand_number
        now = CLOCK()
        if now - start >= seconds:
            return hands, now - start


def handwritten_turn(play, players: int, rng, seconds: float) -> tuple[int, float]:
    """Hand-written hands for about `seconds`: (hands played, time taken)."""
    hands, start = 0, CLOCK()
    while True:
        play(rng, players)
        hands += 1
        if hands % 8 == 0:
            now = CLOCK()
            if now - start >= seconds:
                return hands, now - start


def row(game, play, players: int, turns: int, seconds: float, engine=play_out) -> tuple[float, float]:
    """(engine hands a second, hand-written hands a second), over alternating turns."""
    engine_rng, hand_rng, seeds = random.Random(0), random.Random(0), iter(range(1 << 62))
    totals = [0, 0.0, 0, 0.0]
    for _ in range(turns):
        hands, took = engine_turn(game, players, engine_rng, seeds, seconds, engine)
        totals[0] += hands
        totals[1] += took
        hands, took = handwritten_turn(play, players, hand_rng, seconds)
        totals[2] += hands
        totals[3] += took
    return totals[0] / totals[1], totals[2] / totals[3]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rows", nargs="+", help="GAME:PLAYERS, e.g. kozel:4 (games/GAME.yaml)")
    parser.add_argument("--tree", type=Path, default=HERE.parent, help="the checkout whose ruledsl/ and games/ to time")
    parser.add_argument("--turns", type=int, default=60, help="turns of each (default 60)")
    parser.add_argument("--turn", type=float, default=0.02, help="seconds a turn (default 0.02)")
    parser.add_argument("--api", action="store_true", help="the public API loops: engine and handwritten_api.py")
    args = parser.parse_args()
    sys.path.insert(0, str(args.tree))
    import ruledsl
    loops = handwritten("handwritten")
    if args.api:
        api = handwritten("handwritten_api")
        baselines = {name: functools.partial(api.play_hand, name) for name in api.GAMES}
    else:
        baselines = loops.BASELINES
    kind = "API " if args.api else ""
    print(f"| game | players | engine {kind}h/s | hand-written {kind}h/s | {kind}ratio |\n|---|---|---|---|---|")
    for spec in args.rows:
        name, _, players = spec.partition(":")
        game = ruledsl.load_game(args.tree / "games" / f"{name}.yaml")
        n = int(players) if players else game.default_players
        engine, hand = row(game, baselines[name], n, args.turns, args.turn, through_api if args.api else play_out)
        print(f"| {name} | {n} | {engine:,.0f} | {hand:,.0f} | {hand / engine:.2f} |", flush=True)


if __name__ == "__main__":
    main()
