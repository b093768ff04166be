"""The endgame solver's speed: positions searched per CPU second, per shipped game.

    nice -n 10 python benchmarks/endgame.py [--games ...] [--positions 30]

At decisions of random matches whose rest of the hand, in a sampled world, is at least a few
hundred positions and at most --limit (the kind the `expert` bot solves), every legal action is
solved in that world with one table, as the bot does (ruledsl/bots/expert.py `Exact`): positions
visited per CPU second, and positions per solved world.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import ruledsl  # noqa: E402
from ruledsl.bots.endgame import Solver, TooBig  # noqa: E402
from ruledsl.bots.search import Goal  # noqa: E402

GAMES = ("ciapano", "cicera", "coteccio", "couillon", "kozel", "maumau", "president", "rummy")


def measure(name: str, positions: int, limit: int) -> tuple:
    game = ruledsl.load_game(HERE.parent / "games" / f"{name}.yaml")
    rng = random.Random(5)
    nodes = solved = 0
    seconds = 0.0
    for seed in range(positions * 20):
        if solved >= positions:
            break
        st = game.new_initial_state(seed=seed)
        while not st.is_terminal() and st.hand_value_pending() and solved < positions:
            if len(st.legal_actions()) > 1:
                world = st.determinize(st.current_player(), rng)
                solver = Solver(st.current_player(), Goal(st), st.prog.layout.team_of, limit)
                started = time.process_time()
                try:
                    for action in world.legal_actions():
                        child = world.clone()
                        child.apply_action_fast(action)
                        solver.solve(child)
                except TooBig:
                    pass
                else:
                    if solver.nodes >= 200:
                        seconds += time.process_time() - started
                        nodes += solver.nodes
                        solved += 1
            st.apply_action(rng.choice(st.legal_actions()))
    return solved, nodes, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=list(GAMES), choices=GAMES)
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--limit", type=int, default=20_000)
    args = parser.parse_args()
    print("| game | worlds solved | positions a world | positions per CPU second |")
    print("|---|---|---|---|")
    for name in args.games:
        solved, nodes, seconds = measure(name, args.positions, args.limit)
        if solved:
            print(f"| {name} | {solved} | {nodes / solved:,.0f} | {nodes / seconds:,.0f} |", flush=True)
        else:
            print(f"| {name} | 0 | - | - |", flush=True)


if __name__ == "__main__":
    main()
