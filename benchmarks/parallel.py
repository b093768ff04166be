"""How much faster a run gets on more cores: the same matches with --workers 1 and with more.

    python benchmarks/parallel.py [--matches 2000] [--workers 2] [--repeat 5] [games/ciapano.yaml ...]

For each rule file, the same batch of matches is played with one worker and with N, in turns
(1, N, 1, N, …) so that other load on the machine hits both alike; the table gives the median
wall-clock seconds of each and the speed-up (median of 1 ÷ median of N), the speed-up of the
best runs (best of 1 ÷ best of N: the runs least disturbed by other programs), then the CPU
seconds both used (this process and its workers): equal CPU means the workers add no work, so
on idle cores the speed-up approaches N. The load average is printed before and after: with
other programs running, the cores are not there to use. `simulate` is the fast loop (random players,
outcomes only); `analyze` records every event for the metrics.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import ruledsl  # noqa: E402
from ruledsl.analysis.files import RuleFiles  # noqa: E402
from ruledsl.analysis.play import Job, register  # noqa: E402
from ruledsl.analysis.runner import Batch, run  # noqa: E402


def seconds(job: Job, matches: int, workers: int) -> tuple[float, float]:
    """(wall-clock, CPU) seconds of one run; CPU counts the worker processes too."""
    batch = Batch(job, matches, "bench")
    start, cpu = time.perf_counter(), os.times()
    run([batch], workers=workers, progress=False)
    end = os.times()
    used = sum(getattr(end, k) - getattr(cpu, k) for k in ("user", "system", "children_user", "children_system"))
    return time.perf_counter() - start, used


def load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", default=[str(HERE.parent / "games/ciapano.yaml")])
    parser.add_argument("--matches", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"load average before: {load()}")
    print(f"{'rule file':<12}{'run':>10}{'matches':>9}{'1 worker s':>12}{f'{args.workers} workers s':>13}"
          f"{'speed-up':>10}{'best':>7}{'CPU s (1)':>11}{f'CPU s ({args.workers})':>11}")
    for path in args.files:
        game = ruledsl.load_game(path)
        files = RuleFiles.read(path)
        register(files, game)
        n = game.default_players
        for name, detail in (("simulate", False), ("analyze", True)):
            job = Job(files, n, {}, ("random",) * n, 0, detail=detail)
            one, many = [], []
            for _ in range(args.repeat):
                one.append(seconds(job, args.matches, 1))
                many.append(seconds(job, args.matches, args.workers))
            a, b = (statistics.median(t for t, _ in runs) for runs in (one, many))
            best = min(t for t, _ in one) / min(t for t, _ in many)
            ca, cb = (statistics.median(c for _, c in runs) for runs in (one, many))
            print(f"{Path(path).stem:<12}{name:>10}{args.matches:>9}{a:>12.2f}{b:>13.2f}{a / b:>10.2f}"
                  f"{best:>7.2f}{ca:>11.2f}{cb:>11.2f}")
    print(f"load average after: {load()}")


if __name__ == "__main__":
    main()
