"""Bot strength: per-hand value of one bot against another, seats rotating over the same deals.

    nice -n 10 python benchmarks/bots.py --calibrate 0.05 --budgets budgets.json   # equal CPU time
    nice -n 10 python benchmarks/bots.py [--hands 500] [--budget :0.5 | --budget @100 |
                                          --budgets budgets.json] [--workers 2] [--results bots.jsonl]
    python benchmarks/bots.py --report --results bots.jsonl  # the table, from the results so far
    python benchmarks/bots.py --choose-rollouts --results r.jsonl   # from judged-random and stand-search
                                                     # runs: each game's settings, ruledsl/bots/rollouts.json

`--calibrate SECONDS` plays a few hands of each game with each search bot in every seat and
writes, per game, the iterations that make each bot think SECONDS of CPU time a move (measured,
then measured again at the budget found); `--budgets` plays every game at its own budgets.
Each result records the CPU time each bot took, so the report shows how equal the time was.

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
import time
from multiprocessing import Pool
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import attrs  # noqa: E402

import ruledsl  # noqa: E402
from ruledsl import bots  # noqa: E402
from ruledsl.bots.expert import Style  # noqa: E402
from ruledsl.bots.rollouts import CHOICES  # noqa: E402

GAMES = ("ciapano", "cicera", "coteccio", "couillon", "kozel", "maumau", "president", "rummy")
SEARCHES = ("expert", "pimc", "ismcts")
PAIRINGS = {                     # name -> (X, Y): bot names, each with its budget (--budget, --spec)
    "expert-pimc": ("expert", "pimc"),
    "expert-ismcts": ("expert", "ismcts"),
    "expert-random": ("expert", "random"),
    "ismcts-random": ("ismcts", "random"),
    "pimc-random": ("pimc", "random"),
    "judged-random": ("expert/greedy=1.0", "expert/greedy=0.0"),      # the roll-out policies (--choose-rollouts)
    "mixed-random": ("expert/greedy=0.5", "expert/greedy=0.0"),
    "stand-search": ("expert/stand=1.96", "expert/stand=0"),           # the judge's pick standing (--choose-rollouts)
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
    """One deal with X at `unit['x']`: the hand's value for every seat, and each bot's CPU
    seconds and decisions with a choice."""
    g = game(unit["game"])
    st = g.new_initial_state(seed=unit["deal"], players=g.default_players, record=True)   # bots read the hand's past
    x, y = (make(s) for s in unit["specs"])
    rng = random.Random(f"{unit['deal']}/{unit['x']}")
    cpu, decided = [0.0, 0.0], [0, 0]
    while st.hands_scored == 0 and not st.is_terminal():
        who = 0 if st.current_player() in unit["x"] else 1
        choice = len(st.legal_actions()) > 1
        started = time.process_time()
        action = (x, y)[who](st, rng)
        cpu[who] += time.process_time() - started
        decided[who] += choice
        st.apply_action(action)
    return {**unit, "values": [float(v) for v in st.hand_totals()], "cpu": cpu, "decisions": decided}


def make(spec: str):
    """A bot from a spec, which for `expert` may end with its style's settings, e.g.
    `expert:0.02/greedy=0.5` (expert.Style's fields): the benchmark compares styles so."""
    spec, *settings = spec.split("/")
    bot = bots.make(spec)
    if settings:
        fields = {k: json.loads(v) for k, v in (s.split("=") for s in settings)}
        bot.style = Style(**{**attrs.asdict(bot.style), **fields})
    return bot


def at(bot: str, budget: str) -> str:
    """`bot` (a name, maybe with /style settings) with a budget: at("expert/greedy=1", "@9") is
    "expert@9/greedy=1"."""
    name, *style = bot.split("/", 1)
    return "/".join([name + budget, *style])


def calibrate(names, seconds: float, hands: int = 4, searches=SEARCHES) -> dict:
    """Per game, per search bot, the iterations that take `seconds` of CPU a decision."""
    out = {}
    for name in names:
        out[name] = {}
        for bot in searches:
            budget = 400
            for _ in range(2):                        # measure, then measure at the budget found
                per = _cpu_per_decision(name, at(bot, f"@{budget}"), hands)
                budget = max(1, round(budget * seconds / per))
            out[name][bot] = at(bot, f"@{budget}")
            print(f"{name} {out[name][bot]} ({per * 1000:.1f} ms a decision at the budget before)", flush=True)
    return out


def responsiveness(names, specs, decisions: int) -> str:
    """Per game and bot, the wall time a decision with a choice took (mean and longest), over
    the first `decisions` of matches it plays in every seat — a time budget's bot should take its
    budget and not much more, whatever the game (no roll-out that runs away). Each bot first
    makes one decision untimed: the expert learns the game's values on first use, once a process."""
    out = ["| game | bot | decisions | mean s | longest s |", "|---|---|---|---|---|"]
    for name in names:
        g = game(name)
        for spec in specs:
            bot, took, deal = bots.make(spec), [], 0
            bot(g.new_initial_state(seed=19_999, players=g.default_players, record=True), random.Random(0))
            while len(took) < decisions:
                st = g.new_initial_state(seed=20_000 + deal, players=g.default_players, record=True)
                rng, deal = random.Random(deal), deal + 1
                while not st.is_terminal() and st.hands_scored == 0 and len(took) < decisions:
                    started = time.perf_counter()
                    action = bot(st, rng)
                    if len(st.legal_actions()) > 1:
                        took.append(time.perf_counter() - started)
                    st.apply_action(action)
            out.append(f"| {name} | {spec} | {len(took)} | {sum(took) / len(took):.3f} | {max(took):.3f} |")
            print(out[-1], flush=True)
    return "\n".join(out)


def _cpu_per_decision(name: str, spec: str, hands: int) -> float:
    g = game(name)
    bot, total, count, deal = make(spec), 0.0, 0, 0
    while deal < hands or not count:                  # (a hand may end before anyone chooses)
        st = g.new_initial_state(seed=10_000 + deal, players=g.default_players, record=True)
        rng = random.Random(deal)
        deal += 1
        bot(st, rng)                                  # first use: what the bot learns once, not timed
        while st.hands_scored == 0 and not st.is_terminal():
            started = time.process_time()
            action = bot(st, rng)
            if len(st.legal_actions()) > 1:
                total += time.process_time() - started
                count += 1
            st.apply_action(action)
    return total / max(count, 1)


def units(args, done: set):
    """Every hand still to play, deals round-robin over games and pairings."""
    want = {}
    for name in args.games:
        groups = rotations(name)
        want[name] = (groups, math.ceil(args.hands / len(groups)))
    first = args.first_deal
    for deal in range(first, first + max(d for _, d in want.values())):
        for name, (groups, deals) in want.items():
            if deal >= first + deals:
                continue
            for pairing in args.pairings:
                specs = [spec_of(bot, args, name) for bot in pairs(pairing)]
                for x in groups:
                    key = (name, tuple(specs), deal, x)
                    if key not in done:
                        yield {"game": name, "pairing": pairing, "deal": deal, "x": x, "specs": specs}


def pairs(pairing: str) -> tuple[str, str]:
    """A pairing's two bots: a name of PAIRINGS, or `X,Y` (e.g. `expert/weigh=false,pimc`)."""
    return PAIRINGS[pairing] if pairing in PAIRINGS else tuple(pairing.split(",", 1))


def spec_of(bot: str, args, name: str) -> str:
    """The spec a pairing's bot plays under in game `name`: --spec's, else --budgets', else the
    bot with --budget."""
    given = dict(item.split("=", 1) for item in args.spec)
    if bot in given:
        return given[bot]
    if bot == "random":
        return bot
    if args.budgets:
        return json.loads(args.budgets.read_text())[name][bot]
    return at(bot, args.budget)


def load(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def report(rows: list[dict]) -> str:
    out = ["| game | pairing | hands | X mean | Y mean | X − Y (95% CI) | CPU ms a decision X / Y |",
           "|---|---|---|---|---|---|---|"]
    for name in GAMES:
        pairs = list(dict.fromkeys(tuple(r["specs"]) for r in rows if r["game"] == name))
        for specs in pairs:
            mine = [r for r in rows if r["game"] == name and tuple(r["specs"]) == specs]
            xs, ys = sides(mine)
            mean, half, _ = advantage(mine)
            timed = [r for r in mine if "cpu" in r]
            ms = [1000 * sum(r["cpu"][i] for r in timed) / max(1, sum(r["decisions"][i] for r in timed))
                  for i in (0, 1)]
            cpu = f"{ms[0]:.0f} / {ms[1]:.0f}" if timed else "-"
            out.append(f"| {name} | {specs[0]} vs {specs[1]} | {len(mine)} | {sum(xs) / len(xs):+.3f} | "
                       f"{sum(ys) / len(ys):+.3f} | {mean:+.3f} ± {half:.3f} | {cpu} |")
    return "\n".join(out)


def sides(rows: list[dict]) -> tuple[list[float], list[float]]:
    """Per hand, X's mean value over its seats and Y's over theirs."""
    xs = [sum(r["values"][s] for s in r["x"]) / len(r["x"]) for r in rows]
    ys = [sum(v for s, v in enumerate(r["values"]) if s not in r["x"]) / (len(r["values"]) - len(r["x"])) for r in rows]
    return xs, ys


def advantage(rows: list[dict]) -> tuple[float, float, int]:
    """X − Y: the mean over deals (a deal's rotations averaged first), half its 95% interval,
    and the hands."""
    per_deal: dict = {}
    for r, x, y in zip(rows, *sides(rows)):
        per_deal.setdefault(r["deal"], []).append(x - y)
    return (*_mean_ci([sum(v) / len(v) for v in per_deal.values()]), len(rows))


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
    parser.add_argument("--pairings", nargs="*", default=list(PAIRINGS), metavar="PAIRING",
                        help=f"of {', '.join(PAIRINGS)}, or X,Y: any two bots (with --budgets' keys)")
    parser.add_argument("--hands", type=int, default=500, help="hands per game and pairing")
    parser.add_argument("--first-deal", type=int, default=0, metavar="D", help="the deals are D, D+1, ... "
                        "(fresh deals: a setting chosen on a pilot's deals is confirmed on others)")
    parser.add_argument("--budget", default=":0.5", help="every search's budget: :SECONDS or @ITERATIONS "
                        "(iterations are immune to the machine's load)")
    parser.add_argument("--spec", action="append", default=[], metavar="BOT=SPEC",
                        help="one bot's spec when it differs from BOT+budget, e.g. pimc=pimc@400 "
                        "(equal time at unequal iteration costs: an ISMCTS iteration costs more than a PIMC one)")
    parser.add_argument("--budgets", type=Path, help="per game, each bot's spec (JSON, as --calibrate writes)")
    parser.add_argument("--calibrate", type=float, metavar="SECONDS",
                        help="write to --budgets the iterations that take SECONDS of CPU a decision, and stop")
    parser.add_argument("--bots", nargs="*", metavar="BOT", help="the bots --calibrate calibrates (default: "
                        f"{' '.join(SEARCHES)}); an expert may carry style settings, e.g. expert/greedy=1.0")
    parser.add_argument("--choose-rollouts", action="store_true",
                        help="from the judged-random / mixed-random / stand-search results, store each game's settings "
                        "(ruledsl/bots/rollouts.json), and stop")
    parser.add_argument("--calibrate-hands", type=int, default=4, metavar="N", help="hands a game and bot to calibrate on")
    parser.add_argument("--responsiveness", nargs="*", metavar="SPEC",
                        help="time these bots' decisions (wall clock) in --games, and stop")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--nice", type=int, default=0, help="added to each worker's niceness (run the whole under nice -n 10)")
    parser.add_argument("--results", type=Path, default=HERE / "bots.jsonl")
    parser.add_argument("--report", action="store_true", help="print the table and stop")
    args = parser.parse_args()
    if args.calibrate:
        budgets = calibrate(args.games, args.calibrate, args.calibrate_hands, args.bots or SEARCHES)
        if args.budgets:
            old = json.loads(args.budgets.read_text()) if args.budgets.exists() else {}
            merged = {name: {**old.get(name, {}), **bots_of} for name, bots_of in budgets.items()}   # other bots kept
            args.budgets.write_text(json.dumps({**old, **merged}, indent=1) + "\n")
        return
    if args.responsiveness:
        responsiveness(args.games, args.responsiveness, 40)
        return
    rows = load(args.results)
    if args.choose_rollouts:
        from choices import choose_rollouts
        print(choose_rollouts([r for r in rows if r["game"] in args.games], CHOICES))
        return
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
