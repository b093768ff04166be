"""Bot strength: per-hand value of one bot against another, seats rotating over the same deals.

    nice python benchmarks/bots.py [--hands 500] [--budget :0.5 | --budget @100] [--workers 2]
                                   [--results benchmarks/bots.jsonl]
    python benchmarks/bots.py --report                      # the table, from the results so far

A *pairing* X-Y seats X at one seat (and, in a partnership game, at its partner's) and Y at
the others, on the first hand of match seed d; the same deal is then played again with X
moved round to every other seat (every other team). Each play records the hand's value for
every seat (`result.hand`). Per pairing and game (default player count) the report gives
X's mean hand value, Y's (the mean over the Y seats of each hand), and X's advantage (X − Y)
with a 95% confidence interval computed over deals (the rotations of one deal are averaged
first, since they share the cards).

Slow by design (a search bot thinks its budget at every decision with a choice): the results
are appended to a JSON Lines file as each hand ends, and a new run skips the hands already
there, so it can be stopped and resumed at will. Run it niced: `nice -n 19`.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
from multiprocessing import Pool
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import ruledsl  # noqa: E402
from ruledsl import bots  # noqa: E402

GAMES = ("ciapano", "cicera", "coteccio", "couillon", "kozel", "maumau", "president", "rummy")
PAIRINGS = {                     # name -> (X, Y): bot names, each with its budget (--budget, --spec)
    "expert-pimc": ("expert", "pimc"),
    "expert-ismcts": ("expert", "ismcts"),
    "expert-random": ("expert", "random"),
    "ismcts-random": ("ismcts", "random"),
    "pimc-random": ("pimc", "random"),
    "ismcts-pimc": ("ismcts", "pimc"),
}
_GAMES: dict = {}


def game(name):
    if name not in _GAMES:
        _GAMES[name] = ruledsl.load_game(HERE.parent / "games" / f"{name}.yaml")
    return _GAMES[name]


def rotations(name) -> list[tuple[int, ...]]:
    """The seat groups X takes in turn: each seat, or each team's seats."""
    g = game(name)
    st = g.new_initial_state(seed=0, players=g.default_players)
    team_of = st.prog.layout.team_of
    groups: dict = {}
    for s in range(st.n):
        groups.setdefault(team_of[s], []).append(s)
    return [tuple(v) for v in groups.values()]


def play_hand(unit: dict) -> dict:
    """One deal with X at `unit['x']`: the hand's value for every seat."""
    g = game(unit["game"])
    st = g.new_initial_state(seed=unit["deal"], players=g.default_players, record=True)   # bots read the hand's past
    x, y = (bots.make(s) for s in unit["specs"])
    rng = random.Random(f"{unit['deal']}/{unit['x']}")
    while st.hands_scored == 0 and not st.is_terminal():
        bot = x if st.current_player() in unit["x"] else y
        st.apply_action(bot(st, rng))
    return {**unit, "values": [float(v) for v in st.hand_totals()]}   # the hands this play ended


def units(args, done: set):
    """Every hand still to play, deals round-robin over games and pairings."""
    want = {}
    for name in args.games:
        groups = rotations(name)
        want[name] = (groups, math.ceil(args.hands / len(groups)))
    for deal in range(max(d for _, d in want.values())):
        for name, (groups, deals) in want.items():
            if deal >= deals:
                continue
            for pairing in args.pairings:
                specs = [spec_of(bot, args) for bot in PAIRINGS[pairing]]
                for x in groups:
                    key = (name, tuple(specs), deal, x)
                    if key not in done:
                        yield {"game": name, "pairing": pairing, "deal": deal, "x": x, "specs": specs}


def spec_of(bot: str, args) -> str:
    """The spec a pairing's bot plays under: --spec's, else the bot with --budget."""
    given = dict(item.split("=", 1) for item in args.spec)
    return given.get(bot) or (bot if bot == "random" else bot + args.budget)


def load(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def report(rows: list[dict]) -> str:
    out = ["| game | pairing | hands | X mean | Y mean | X − Y (95% CI) |", "|---|---|---|---|---|---|"]
    for name in GAMES:
        pairs = list(dict.fromkeys(tuple(r["specs"]) for r in rows if r["game"] == name))
        for specs in pairs:
            mine = [r for r in rows if r["game"] == name and tuple(r["specs"]) == specs]
            per_deal: dict = {}
            xs, ys = [], []
            for r in mine:
                vx = [r["values"][s] for s in r["x"]]
                vy = [v for s, v in enumerate(r["values"]) if s not in r["x"]]
                xs.append(sum(vx) / len(vx))
                ys.append(sum(vy) / len(vy))
                per_deal.setdefault(r["deal"], []).append(xs[-1] - ys[-1])
            diffs = [sum(v) / len(v) for v in per_deal.values()]
            mean, half = _mean_ci(diffs)
            out.append(f"| {name} | {specs[0]} vs {specs[1]} | {len(mine)} | {sum(xs) / len(xs):+.3f} | "
                       f"{sum(ys) / len(ys):+.3f} | {mean:+.3f} ± {half:.3f} |")
    return "\n".join(out)


def _mean_ci(values):
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, float("nan")
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def _niced(value):
    os.nice(value)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=list(GAMES), choices=GAMES)
    parser.add_argument("--pairings", nargs="*", default=list(PAIRINGS), choices=list(PAIRINGS))
    parser.add_argument("--hands", type=int, default=500, help="hands per game and pairing")
    parser.add_argument("--budget", default=":0.5", help="every search's budget: :SECONDS or @ITERATIONS "
                        "(iterations are immune to the machine's load)")
    parser.add_argument("--spec", action="append", default=[], metavar="BOT=SPEC",
                        help="one bot's spec when it differs from BOT+budget, e.g. pimc=pimc@400 "
                        "(equal time at unequal iteration costs: an ISMCTS iteration costs more than a PIMC one)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--nice", type=int, default=19)
    parser.add_argument("--results", type=Path, default=HERE / "bots.jsonl")
    parser.add_argument("--report", action="store_true", help="print the table and stop")
    args = parser.parse_args()
    rows = load(args.results)
    if args.report:
        print(report(rows))
        return
    done = {(r["game"], tuple(r["specs"]), r["deal"], tuple(r["x"])) for r in rows}
    todo = list(units(args, done))
    print(f"{len(todo)} hands to play, {len(rows)} already in {args.results}", flush=True)
    with Pool(args.workers, initializer=_niced, initargs=(args.nice,)) as pool, \
            args.results.open("a") as out:
        for i, row in enumerate(pool.imap_unordered(play_hand, todo), 1):
            out.write(json.dumps(row) + "\n")
            out.flush()
            if i % 20 == 0:
                print(f"{i}/{len(todo)}", flush=True)
    print(report(load(args.results)))


if __name__ == "__main__":
    main()
