"""Inference from the play: how often the sampled worlds put a hidden card where it really is.

    nice -n 10 python benchmarks/inference.py [--games ...] [--matches 4] [--bot pimc@200]

At decisions of matches played by `--bot` in every seat (recorded, so that the hand's past is
kept), for the seat to move: every card whose place it does not know, and in how many sampled
worlds that card lies in its true zone (a player's hand, a pile, the stock) — with plain
determinizations (uniform over what the seat knows), with worlds whose past replays (what the
play rules out, ruled out) and with the `expert` bot's pool (those worlds weighted by the
likelihood of the others' play under its model: ruledsl/bots/inference.py) — the one-action
judge's, and, where a policy fitted to search bots' choices is stored for the game
(benchmarks/imitate.py), that policy's at tricks' plays (`fitted`). Positions after
the first six actions of each hand (before, there is little play to infer from). Also the share
of positions where the play ruled some determinizations out.
"""
from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import ruledsl  # noqa: E402
from ruledsl import bots  # noqa: E402
from ruledsl.bots.inference import Model, Worlds  # noqa: E402
from ruledsl.bots.imitate import Imitation  # noqa: E402
from ruledsl.bots.policy import Judge  # noqa: E402
from ruledsl.bots.rollouts import policy_of  # noqa: E402
from ruledsl.runtime import knowledge  # noqa: E402

GAMES = ("ciapano", "cicera", "coteccio", "couillon", "kozel", "maumau", "president", "rummy")
POOL = 64


def places(st) -> dict:
    """card -> its zone index (-1: on the trick)."""
    out = {c: z for z, zone in enumerate(st.zones) for c in zone}
    for _, cards, _ in st.trick:
        for c in cards:
            out[c] = -1
    return out


def accuracy(truth: dict, hidden: list, worlds: list) -> float:
    hits = 0
    for w in worlds:
        where = places(w)
        hits += sum(where[c] == truth[c] for c in hidden)
    return hits / (len(hidden) * len(worlds))


def measure(name: str, matches: int, spec: str, rng) -> tuple:
    game = ruledsl.load_game(HERE.parent / "games" / f"{name}.yaml")
    n = game.default_players
    plain, possible, inferred, fitted, ruled_out, positions = [], [], [], [], 0, 0
    for m in range(matches):
        st = game.new_initial_state(seed=900 + m, players=n, record=True)
        bot = bots.make(spec)
        hand_steps = 0
        while st.hands_scored < 1 and not st.is_terminal():
            seat = st.current_player()
            if st.hand_value_pending() and len(st.legal_actions()) > 1 and hand_steps >= 6:
                hidden = [c for c in places(st) if not knowledge.known(st, seat) >> c & 1]
                if hidden:
                    truth = places(st)
                    plain.append(accuracy(truth, hidden, [st.determinize(seat, rng) for _ in range(POOL)]))
                    model = Model(Judge(st))
                    replayed = Worlds(st, seat, rng, model, POOL, 0)           # no pool: replays only
                    possible.append(accuracy(truth, hidden, [replayed.draw() for _ in range(POOL)]))
                    pool = Worlds(st, seat, rng, model, POOL, 10**9)
                    inferred.append(accuracy(truth, hidden, pool.pool or [pool.draw() for _ in range(POOL)]))
                    weights = policy_of(st)
                    if weights:
                        pool = Worlds(st, seat, rng, Model(Judge(st), imitation=Imitation(st, weights)), POOL, 10**9)
                        fitted.append(accuracy(truth, hidden, pool.pool or [pool.draw() for _ in range(POOL)]))
                    ruled_out += any(w.past is not None and model.log_likelihood(w, seat, judged=False) == -math.inf
                                     for w in (st.determinize(seat, rng, past=True) for _ in range(8)))   # (no past
                    # after a shuffle this hand: where the cards went is no longer known)
                    positions += 1
            st.apply_action(bot(st, rng))
            hand_steps += 1
    return positions, _mean_ci(plain), _mean_ci(possible), _mean_ci(inferred), \
        _mean_ci(fitted) if fitted else (math.nan, math.nan), ruled_out


def _mean_ci(values):
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else float("nan")
    return mean, 1.96 * sd / math.sqrt(n)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=list(GAMES), choices=GAMES)
    parser.add_argument("--matches", type=int, default=4, help="first hands of this many matches per game")
    parser.add_argument("--bot", default="pimc@200", help="who plays the matches (every seat)")
    args = parser.parse_args()
    rng = random.Random(1)
    print("| game | positions | uniform | possible (replayed) | inferred (weighted) | gain | "
          "weighted by the fitted policy | gain | positions where the play rules worlds out |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name in args.games:
        positions, (u, uh), (p, ph), (i, ih), (f, fh), out = measure(name, args.matches, args.bot, rng)
        print(f"| {name} | {positions} | {u:.1%} ± {uh:.1%} | {p:.1%} ± {ph:.1%} | {i:.1%} ± {ih:.1%} | "
              f"{i - u:+.1%} | {f:.1%} ± {fh:.1%} | {f - u:+.1%} | {out / positions:.0%} |", flush=True)


if __name__ == "__main__":
    main()
