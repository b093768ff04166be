"""Random play-out speed of every rule file, against hand-written Python for the same game.

    python benchmarks/playouts.py [--seconds 2] [--json] [games/ciapano.yaml ...]

For each rule file and player count: whole matches between uniformly random players through
the public API (legal_actions / apply_action), reported as hands per second; beside it, the
hand-written baseline of benchmarks/handwritten.py for the same game and player count (one hand
per call, a tight loop with no API), and the ratio between the two.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import random
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import ruledsl  # noqa: E402
from ruledsl.simulate import play_out  # noqa: E402


def handwritten():
    spec = importlib.util.spec_from_file_location("handwritten", HERE / "handwritten.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def engine_hands_per_second(game, players: int, seconds: float) -> float:
    hands, seed, start = 0, 0, time.perf_counter()
    rng = random.Random(0)
    while time.perf_counter() - start < seconds:
        state = play_out(game.new_initial_state(seed=seed, players=players), rng)
        hands += state.hand_no
        seed += 1
    return hands / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", default=sorted(str(p) for p in (HERE.parent / "games").glob("*.yaml")))
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    base = handwritten()
    rows = []
    for path in args.files:
        game = ruledsl.load_game(path)
        stem = Path(path).stem
        for players in range(game.min_players, game.max_players + 1):
            engine = engine_hands_per_second(game, players, args.seconds)
            hand = None
            if stem in base.BASELINES and players in base.PLAYER_COUNTS.get(stem, ()):
                hand = base.hands_per_second(stem, players, args.seconds)
            rows.append({"game": stem, "players": players, "engine": round(engine),
                         "handwritten": round(hand) if hand else None,
                         "ratio": round(hand / engine, 2) if hand else None})
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print(f"{'game':<10}{'players':>8}{'engine h/s':>12}{'hand-written h/s':>18}{'ratio':>8}")
    for r in rows:
        print(f"{r['game']:<10}{r['players']:>8}{r['engine']:>12}{r['handwritten'] or '-':>18}{r['ratio'] or '-':>8}")


if __name__ == "__main__":
    main()
