"""Interpreted bytecodes per hand of random play: a cost measure that the machine's load does
not disturb, to compare two versions of the engine where timings are too noisy to tell a few
per cent apart.

    python benchmarks/opcodes.py                    # this checkout, every game at its default count
    python benchmarks/opcodes.py --tree /path/to/other/checkout --matches 4
    python benchmarks/opcodes.py --every-count          # every player count of every game

Each match is traced opcode by opcode (sys.settrace), so this is slow: a few matches suffice,
the same seeds and moves in both versions as long as they play the same games.
"""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

GAMES = ("ciapano", "cicera", "coteccio", "couillon", "kozel")


def count(game, players: int, matches: int) -> float:
    from ruledsl.simulate import play_out
    total = [0]

    def tracer(frame, event, arg):
        frame.f_trace_opcodes, frame.f_trace_lines = True, False
        if event == "opcode":
            total[0] += 1
        return tracer

    rng, hands = random.Random(0), 0
    sys.settrace(tracer)
    try:
        for seed in range(matches):
            hands += play_out(game.new_initial_state(seed=seed, players=players), rng).hand_number
    finally:
        sys.settrace(None)
    return total[0] / hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", type=Path, default=Path(__file__).resolve().parents[1],
                        help="the checkout whose ruledsl/ and games/ to measure")
    parser.add_argument("--matches", type=int, default=4, help="matches per game (Cicera: a quarter)")
    parser.add_argument("--every-count", action="store_true", help="every player count, not the default")
    args = parser.parse_args()
    sys.path.insert(0, str(args.tree))
    import ruledsl
    for name in GAMES:
        game = ruledsl.load_game(args.tree / "games" / f"{name}.yaml")
        matches = max(1, args.matches // 4) if name == "cicera" else args.matches
        counts = range(game.min_players, game.max_players + 1) if args.every_count else [game.default_players]
        for n in counts:
            print(f"{name:<10}{n:>3} players {count(game, n, matches):>10.0f} opcodes/hand")


if __name__ == "__main__":
    main()
