"""Integer actions per second through the PettingZoo adapter (observation tensor and mask every
step), beside the engine's own random play-out, for each shipped game at its default player count.

    nice python benchmarks/rl_steps.py [--steps 3000] [--repeats 3]

Medians of the repeats, interleaved; the machine's load shows in both columns alike.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path

import numpy as np

import ruledsl
from ruledsl.envs.pettingzoo import env

GAMES = sorted((Path(__file__).resolve().parent.parent / "games").glob("*.yaml"))


def adapter_rate(game, steps: int, seed: int) -> float:
    e = env(game)
    e.reset(seed=seed)
    rng = random.Random(seed)
    start, done = time.perf_counter(), 0
    while done < steps:
        observation, _, termination, truncation, info = e.last()
        if termination or truncation:
            e.reset(seed=rng.randrange(2 ** 31))
            continue
        e.step(int(rng.choice(list(np.flatnonzero(info["action_mask"])))))
        done += 1
    return steps / (time.perf_counter() - start)


def engine_rate(game, steps: int, seed: int) -> float:
    rng, start, done = random.Random(seed), time.perf_counter(), 0
    while done < steps:
        st = game.new_initial_state(seed=rng.randrange(2 ** 31)).play_out(rng, max_steps=steps - done)
        done += st.steps
    return steps / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=3000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    print(f"{'game':10} {'adapter steps/s':>16} {'engine actions/s':>17}")
    for path in GAMES:
        game = ruledsl.load_game(path)
        adapter, engine = [], []
        for r in range(args.repeats):
            adapter.append(adapter_rate(game, args.steps, r))
            engine.append(engine_rate(game, args.steps, r))
        print(f"{path.stem:10} {statistics.median(adapter):16,.0f} {statistics.median(engine):17,.0f}")


if __name__ == "__main__":
    main()
