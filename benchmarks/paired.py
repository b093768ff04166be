"""Engine play-outs against the hand-written loop in short alternating turns, in one process.

    python benchmarks/paired.py ciapano:3 kozel:4 ...         # this checkout
    python benchmarks/paired.py --tree /path/to/other/checkout kozel:4

playouts.py times each column for a few tenths of a second in turn; on a shared machine a row's
ratio still moves by a fifth between runs. Here the engine (whole matches through `play_out`)
and benchmarks/handwritten.py take turns of `--turn` seconds (default 0.02), `--turns` times
each, so that a slow spell of the machine falls on both alike, and the ratio is of the summed
times. To compare two checkouts, run it in each, in turn, a few times: what a process is given
(where its memory lies, what the collector meets) still differs from one process to the next.
"""
from __future__ import annotations

import argparse
import importlib.util
import random
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
CLOCK = time.perf_counter


def handwritten():
    spec = importlib.util.spec_from_file_location("handwritten", HERE / "handwritten.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["handwritten"] = module
    spec.loader.exec_module(module)
    return module


def engine_turn(game, players: int, rng, seeds, seconds: float) -> tuple[int, float]:
    """Whole random matches for about `seconds`: (hands played, time taken)."""
    hands, start = 0, CLOCK()
    while True:
        hands += game.new_initial_state(seed=next(seeds), players=players).play_out(rng).hand_number
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


def row(game, play, players: int, turns: int, seconds: float) -> tuple[float, float]:
    """(engine hands a second, hand-written hands a second), over alternating turns."""
    engine_rng, hand_rng, seeds = random.Random(0), random.Random(0), iter(range(1 << 62))
    totals = [0, 0.0, 0, 0.0]
    for _ in range(turns):
        hands, took = engine_turn(game, players, engine_rng, seeds, seconds)
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
    args = parser.parse_args()
    sys.path.insert(0, str(args.tree))
    import ruledsl
    baselines = handwritten().BASELINES
    print("| game | players | engine h/s | hand-written h/s | ratio |\n|---|---|---|---|---|")
    for spec in args.rows:
        name, _, players = spec.partition(":")
        game = ruledsl.load_game(args.tree / "games" / f"{name}.yaml")
        n = int(players) if players else game.default_players
        engine, hand = row(game, baselines[name], n, args.turns, args.turn)
        print(f"| {name} | {n} | {engine:,.0f} | {hand:,.0f} | {hand / engine:.2f} |", flush=True)


if __name__ == "__main__":
    main()
