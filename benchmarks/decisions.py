"""Decision by decision: how often two bots choose differently, and how far each choice falls
short of a reference search's best.

    nice -n 10 python benchmarks/decisions.py --games ciapano kozel --budgets budgets.json \
        --bots pimc expert expert/solve=false --reference pimc@8000 --positions 200

Positions come from recorded matches of the budgets' `pimc` in every seat (the first hand of
each, decisions with a choice). At each, every bot in `--bots` (a key of --budgets, as
bots.py --calibrate writes them) chooses twice, with two seeds; the reference rates every
legal action (`evaluate`, its mean value). Per bot: the share of positions where its two
choices differ (its own noise), where its choice differs from the first bot's, and the mean
shortfall of its choice from the reference's best, with a 95% interval. The reference's own
noise inflates every shortfall a little, the same for each bot; a bot evaluating differently
from the reference (an exact endgame, cut roll-outs) is charged for the difference too.

Per hand, a bot with D decisions with a choice could gain at most D times its shortfall over
the reference's play (by the reference's measure): bots.py's margins say whether that could show.
"""
from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bots import GAMES, game, make  # noqa: E402


def positions(name: str, budgets: dict, count: int):
    """Decisions with a choice of recorded matches the budgets' PIMC plays in every seat."""
    g, pimc = game(name), make(budgets["pimc"])
    found, deal = 0, 0
    while found < count:
        st = g.new_initial_state(seed=40_000 + deal, players=g.default_players, record=True)
        rng, deal = random.Random(deal), deal + 1
        while st.hands_scored == 0 and not st.is_terminal() and found < count:
            if len(st.legal_actions()) > 1:
                yield found, st
                found += 1
            st.apply_action(pimc(st, rng))


def measure(name: str, budgets: dict, names: list[str], reference: str, count: int) -> list[str]:
    ref = make(reference)
    players = [(bot, make(budgets[bot])) for bot in names]
    own = {bot: 0 for bot in names}
    other = {bot: 0 for bot in names}
    short: dict = {bot: [] for bot in names}
    for n, st in positions(name, budgets, count):
        values = {repr(a): v for a, v in ref.evaluate(st, random.Random(7 + n))}
        top = max(values.values())
        first = None
        for bot, play in players:
            choice = play(st, random.Random(n))
            own[bot] += choice != play(st, random.Random(n + 10**6))
            first = choice if first is None else first
            other[bot] += choice != first
            short[bot].append(top - values[repr(choice)])
    n = len(short[names[0]])
    out = []
    for bot in names:
        mean, half = _mean_ci(short[bot])
        out.append(f"| {name} | {budgets[bot]} | {n} | {own[bot] / n:.0%} | {other[bot] / n:.0%} | "
                   f"{mean:.4f} ± {half:.4f} |")
    return out


def _mean_ci(values):
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else math.nan
    return mean, 1.96 * math.sqrt(var / n)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=["ciapano", "coteccio", "kozel"], choices=GAMES)
    parser.add_argument("--budgets", type=Path, required=True, help="per game, each bot's spec (bots.py --calibrate)")
    parser.add_argument("--bots", nargs="*", default=["pimc", "expert"], help="keys of --budgets; the first is compared to")
    parser.add_argument("--reference", default="pimc@8000", help="the search whose values rate the choices")
    parser.add_argument("--positions", type=int, default=150)
    args = parser.parse_args()
    budgets = json.loads(args.budgets.read_text())
    print(f"| game | bot | positions | differs from itself (another seed) | differs from {args.bots[0]} | "
          f"shortfall from {args.reference}'s best |")
    print("|---|---|---|---|---|---|")
    for name in args.games:
        for line in measure(name, budgets[name], args.bots, args.reference, args.positions):
            print(line, flush=True)


if __name__ == "__main__":
    main()
