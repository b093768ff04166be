"""Random play-out speed of every rule file, against hand-written Python for the same game.

    python benchmarks/playouts.py [--seconds 2] [--json] [games/ciapano.yaml ...]

For each rule file and player count: whole matches between uniformly random players through
the public API (legal_actions / apply_action), reported as hands per second; beside it, the
hand-written baseline of benchmarks/handwritten.py for the same game and player count (one hand
per call, a tight loop with no API), and the ratio between the two; then the hand-written API
baseline of benchmarks/handwritten_api.py (plain State classes with the same legal_actions /
apply_action contract, one hand per call) and its ratio.
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


def handwritten(name="handwritten"):
    spec = importlib.util.spec_from_file_location(name, HERE / f"{name}.py")
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
    api = handwritten("handwritten_api")
    rows = []
    for path in args.files:
        game = ruledsl.load_game(path)
        stem = Path(path).stem
        for players in range(game.min_players, game.max_players + 1):
            engine = engine_hands_per_second(game, players, args.seconds)
            hand = None
            if stem in base.BASELINES and players in base.PLAYER_COUNTS.get(stem, ()):
                hand = base.hands_per_second(stem, players, args.seconds)
            api_hand = None
            if stem in api.API_BASELINES and players in api.PLAYER_COUNTS.get(stem, ()):
                api_hand = api.hands_per_second(stem, players, args.seconds)
            rows.append({"game": stem, "players": players, "engine": round(engine),
                         "handwritten": round(hand) if hand else None,
                         "ratio": round(hand / engine, 2) if hand else None,
                         "handwritten_api": round(api_hand) if api_hand else None,
                         "api_ratio": round(api_hand / engine, 2) if api_hand else None})
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print(f"{'game':<10}{'players':>8}{'engine h/s':>12}{'hand-written h/s':>18}{'ratio':>8}"
          f"{'hand-written API h/s':>22}{'API ratio':>11}")
    for r in rows:
        print(f"{r['game']:<10}{r['players']:>8}{r['engine']:>12}{r['handwritten'] or '-':>18}{r['ratio'] or '-':>8}"
              f"{r['handwritten_api'] or '-':>22}{r['api_ratio'] or '-':>11}")
    print("\nh/s = hands per second of uniformly random play (one core). engine: whole matches through\n"
          "ruledsl's legal_actions/apply_action. hand-written: benchmarks/handwritten.py, one hand in a\n"
          "tight loop, no API. hand-written API: benchmarks/handwritten_api.py, one plain State class\n"
          "per game with the same legal_actions/apply_action contract. ratio = hand-written h/s /\n"
          "engine h/s, API ratio = hand-written API h/s / engine h/s: how many times faster the\n"
          "hand-written code is (below 1: the engine is faster). '-': no baseline for that count.")


if __name__ == "__main__":
    main()
