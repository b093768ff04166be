"""Interpreted bytecodes per hand of random play: a cost measure that the machine's load does
not disturb, to compare two versions of the engine where timings are too noisy to tell a few
per cent apart.

    python benchmarks/opcodes.py                    # this checkout, every game at its default count
    python benchmarks/opcodes.py --tree /path/to/other/checkout --matches 4
    python benchmarks/opcodes.py --every-count          # every player count of every game
    python benchmarks/opcodes.py --handwritten          # and benchmarks/handwritten.py's count

Each match is traced opcode by opcode (sys.settrace), so this is slow: a few matches suffice,
the same seeds and moves in both versions as long as they play the same games (and the same
deals: a change to the shuffle changes every deal, so compare such a change over more matches).
Each line also gives the Python calls per hand. With --handwritten, the hand-written tight loop's bytecodes per hand for the same game and
player count (200 hands; Cicera 20) and the ratio: a load-immune view of the speed targets,
though not the whole of them (a bytecode that calls into C, a sort or a copy, costs far more
than one that adds two numbers).
"""
from __future__ import annotations

import argparse
import importlib.util
import random
import sys
from pathlib import Path

GAMES = ("ciapano", "cicera", "coteccio", "couillon", "kozel", "maumau", "president", "rummy")


def traced(play) -> tuple[int, int]:
    """The bytecodes `play()` interprets, and the Python functions it calls (a call costs more
    than its bytecodes show: a frame made and torn down)."""
    total = [0, 0]

    def tracer(frame, event, arg):
        frame.f_trace_opcodes, frame.f_trace_lines = True, False
        if event == "opcode":
            total[0] += 1
        elif event == "call":
            total[1] += 1
        return tracer

    sys.settrace(tracer)
    try:
        play()
    finally:
        sys.settrace(None)
    return total[0], total[1]


def count(game, players: int, matches: int) -> tuple[float, float]:
    """Bytecodes and calls per hand of `matches` random matches."""
    from ruledsl.tools.simulate import play_out
    rng, hands = random.Random(0), [0]

    def play():
        for seed in range(matches):
            hands[0] += play_out(game.new_initial_state(seed=seed, players=players), rng).hand_number
    ops, calls = traced(play)
    return ops / hands[0], calls / hands[0]


def handwritten_count(name: str, players: int) -> tuple[float, float] | None:
    """benchmarks/handwritten.py's bytecodes and calls per hand, or None where it has no such loop."""
    spec = importlib.util.spec_from_file_location("handwritten", Path(__file__).with_name("handwritten.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if players not in module.PLAYER_COUNTS.get(name, ()):
        return None
    play, rng, hands = module.BASELINES[name], random.Random(0), 20 if name == "cicera" else 200
    ops, calls = traced(lambda: [play(rng, players) for _ in range(hands)])
    return ops / hands, calls / hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", type=Path, default=Path(__file__).resolve().parents[1],
                        help="the checkout whose ruledsl/ and games/ to measure")
    parser.add_argument("--matches", type=int, default=4, help="matches per game (Cicera: a quarter)")
    parser.add_argument("--every-count", action="store_true", help="every player count, not the default")
    parser.add_argument("--handwritten", action="store_true", help="also the hand-written loop's count and the ratio")
    parser.add_argument("--games", nargs="*", choices=GAMES, help="only these games")
    args = parser.parse_args()
    sys.path.insert(0, str(args.tree))
    import ruledsl
    for name in args.games or GAMES:
        game = ruledsl.load_game(args.tree / "games" / f"{name}.yaml")
        matches = max(1, args.matches // 4) if name == "cicera" else args.matches
        counts = range(game.min_players, game.max_players + 1) if args.every_count else [game.default_players]
        for n in counts:
            engine, calls = count(game, n, matches)
            line = f"{name:<10}{n:>3} players {engine:>10.0f} opcodes/hand {calls:>6.0f} calls/hand"
            if args.handwritten and (hw := handwritten_count(name, n)) is not None:
                line += f"   hand-written {hw[0]:>8.0f} {hw[1]:>6.0f} calls   ratio {engine / hw[0]:.2f}"
            print(line)


if __name__ == "__main__":
    main()
