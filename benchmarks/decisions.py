"""Decision by decision: how often two bots choose differently, and how far each choice falls
short of a reference search's best.

    nice -n 10 python benchmarks/decisions.py --games ciapano kozel --budgets budgets.json \
        --bots pimc expert expert/solve=false --reference pimc@8000 --positions 200
    nice -n 10 python benchmarks/decisions.py --games coteccio --budgets budgets.json \
        --bots expert pimc --reference played:pimc@40 --worlds 32 --positions 400

Positions come from recorded matches of the budgets' `pimc` in every seat (the first hand of
each, decisions with a choice). At each, every bot in `--bots` (a key of --budgets, as
bots.py --calibrate writes them) chooses twice, with two seeds; the reference rates every
legal action (`evaluate`, its mean value). Per bot: the share of positions where its two
choices differ (its own noise), where its choice differs from the first bot's, the mean
shortfall of its choices (the two averaged) from the reference's best, with a 95% interval, and
that shortfall minus the first bot's, position by position (paired: the position's own
difficulty cancels). The reference's own noise inflates every shortfall a little, the same for
each bot; a bot evaluating differently from the reference (an exact endgame, cut or judged
roll-outs) is charged for the difference too.

A search reference judges by its own roll-outs: pimc@8000 favours bots that roll out at random,
a judged-roll-out reference (`expert@8000/greedy=1.0`) bots that roll out so. `--reference
played:BOT` judges by play instead: each action's value is the mean over `--worlds` worlds drawn
from the mover's view of the hand played on by BOT at every seat (the actions of one world sharing
their random numbers) — slower, noisier a world, and biased only towards BOT's play.

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

from ruledsl.bots.search import Goal  # noqa: E402


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


def played(st, bot, worlds: int, seed: int) -> dict:
    """Each legal action's mean value for the seat to move over `worlds` worlds drawn from its
    view, the rest of the hand played by `bot` at every seat (one world's actions share a seed)."""
    seat, goal, legal = st.current_player(), Goal(st), st.legal_actions()
    totals = [0.0] * len(legal)
    for w in range(worlds):
        world = st.determinize(seat, random.Random(seed * 1000 + w))
        for i, action in enumerate(legal):
            child, rng = world.clone(), random.Random(w)
            child.apply_action_fast(action)
            while not goal.reached(child):
                choices = child.legal_actions()
                child.apply_action_fast(bot(child, rng) if len(choices) > 1 else choices[0])
            totals[i] += goal.values(child)[seat]
    return {repr(a): t / worlds for a, t in zip(legal, totals)}


def reference_of(reference: str, worlds: int):
    """values(st, n) -> {repr(action): value} for every legal action, by `reference`."""
    if reference.startswith("played:"):
        bot = make(reference.split(":", 1)[1])
        return lambda st, n: played(st, bot, worlds, 10**4 + n)
    ref = make(reference)
    return lambda st, n: {repr(a): v for a, v in ref.evaluate(st, random.Random(7 + n))}


def measure(name: str, budgets: dict, names: list[str], reference: str, count: int, worlds: int = 32) -> list[str]:
    values_of = reference_of(reference, worlds)
    players = [(bot, make(budgets[bot])) for bot in names]
    own = {bot: 0 for bot in names}
    other = {bot: 0 for bot in names}
    short: dict = {bot: [] for bot in names}
    for n, st in positions(name, budgets, count):
        values = values_of(st, n)
        top = max(values.values())
        first = None
        for bot, play in players:
            choice, again = play(st, random.Random(n)), play(st, random.Random(n + 10**6))
            own[bot] += choice != again
            first = choice if first is None else first
            other[bot] += choice != first
            short[bot].append(top - (values[repr(choice)] + values[repr(again)]) / 2)
    n = len(short[names[0]])
    out = []
    for bot in names:
        mean, half = _mean_ci(short[bot])
        diff, diff_half = _mean_ci([a - b for a, b in zip(short[bot], short[names[0]])])
        out.append(f"| {name} | {budgets[bot]} | {n} | {own[bot] / n:.0%} | {other[bot] / n:.0%} | "
                   f"{mean:.4f} ± {half:.4f} | {diff:+.4f} ± {diff_half:.4f} |")
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
    parser.add_argument("--reference", default="pimc@8000", help="the search whose values rate the choices, "
                        "or played:BOT (the rest of the hand played by BOT at every seat, e.g. played:pimc@40)")
    parser.add_argument("--worlds", type=int, default=32, help="worlds a position, with --reference played:BOT")
    parser.add_argument("--positions", type=int, default=150)
    args = parser.parse_args()
    budgets = json.loads(args.budgets.read_text())
    print(f"| game | bot | positions | differs from itself (another seed) | differs from {args.bots[0]} | "
          f"shortfall from {args.reference}'s best | minus {args.bots[0]}'s (paired) |")
    print("|---|---|---|---|---|---|---|")
    for name in args.games:
        for line in measure(name, budgets[name], args.bots, args.reference, args.positions, args.worlds):
            print(line, flush=True)


if __name__ == "__main__":
    main()
