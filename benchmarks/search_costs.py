"""What a search pays per call: clone, legal_actions, apply (unchecked and checked) and
determinize, per game at its default player count.

    python benchmarks/search_costs.py [--states 300] [--repeat 5] [--json]

The states are decision points of random matches. Each figure is the time of one call in
microseconds of this process's CPU time (time.process_time: other work on the machine does
not count), averaged over every state, the median of `--repeat` rounds. `apply` and `apply (checked)` are measured on fresh clones,
and the clone's own time is taken off; `legal_actions` is asked of the state an apply leads
to (as in a play-out), the clone's and the apply's time taken off.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import ruledsl  # noqa: E402

GAMES = ("ciapano", "cicera", "coteccio", "couillon", "kozel")


def decision_points(game, count: int) -> list:
    rng = random.Random(0)
    out, seed = [], 0
    while len(out) < count:
        st = game.new_initial_state(seed=seed)
        while not st.is_terminal() and len(out) < count:
            if rng.random() < 0.3:
                out.append(st.clone())
            st.apply_action(rng.choice(st.legal_actions()))
        seed += 1
    return out


def per_call(fn, items) -> float:
    start = time.process_time()
    for item in items:
        fn(item)
    return (time.process_time() - start) / len(items) * 1e6


def _next_legal(st, action) -> list:
    st = st.clone()
    st.apply_action_fast(action)
    return st.legal_actions()


def costs(name: str, states: int, repeat: int) -> dict:
    game = ruledsl.load_game(HERE.parent / "games" / f"{name}.yaml")
    points = decision_points(game, states)
    rng = random.Random(1)
    moves = [(st, rng.choice(st.legal_actions())) for st in points]
    rounds: dict = {}

    def keep(label, value):
        rounds.setdefault(label, []).append(value)

    for _ in range(repeat):
        clone = per_call(lambda st: st.clone(), points)
        keep("clone", clone)
        apply = per_call(lambda m: m[0].clone().apply_action_fast(m[1]), moves) - clone
        keep("apply", apply)
        # After an apply, as in a play-out (a state caches its legal actions once asked).
        keep("legal_actions", per_call(lambda m: _next_legal(*m), moves) - clone - apply)
        keep("apply (checked)", per_call(lambda m: m[0].clone().apply_action(m[1]), moves) - clone)
        keep("determinize", per_call(lambda st: st.determinize(st.current_player(), rng), points))
    return {"game": name, "players": game.default_players,
            **{k: round(statistics.median(v), 1) for k, v in rounds.items()}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = [costs(name, args.states, args.repeat) for name in GAMES]
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    labels = [k for k in rows[0] if k not in ("game", "players")]
    print("| game | players | " + " | ".join(f"{k} µs" for k in labels) + " |")
    print("|---|---|" + "---|" * len(labels))
    for r in rows:
        print(f"| {r['game']} | {r['players']} | " + " | ".join(f"{r[k]:.1f}" for k in labels) + " |")


if __name__ == "__main__":
    main()
