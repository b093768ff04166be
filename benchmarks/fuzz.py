"""Long fuzz runs: mutated shipped rule files and generated expressions, each loaded and played.

    nice -n 19 python benchmarks/fuzz.py --cases 20000 [--seed 0] [--timeout 20] [--cli-every 10]
    python benchmarks/fuzz.py --show SEED > case.yaml       # the case a seed makes

The cases are tests/fuzzing.py's, the oracle tests/fuzz_oracle.py's (tests/test_fuzz.py runs a
few in the suite): case `seed + i` is `fuzzing.case(random.Random(seed + i))`, so a finding is
reproduced by its seed alone. Every `--cli-every`th case also goes through `validate`, `run --watch` and
`simulate`. The cases run one at a time in one worker process (one core), limited to
`--memory` MB of address space (RLIMIT_AS). A case that takes over `--timeout` seconds of CPU
time is a hang (CPU time, so that a niced run on a busy machine does not count its waits);
one stuck where no signal reaches it is caught by the wall clock, at ten times that (the
worker is killed and a new one started). The summary: cases, what they gave (loaded
and played, or a located error), uncaught exceptions and wrong errors by signature (the
exception and the innermost ruledsl line it went through, with the first seeds that show it),
hangs, cases over the memory limit. Exit 1 when there is any finding.
"""
from __future__ import annotations

import argparse
import re
import collections
import multiprocessing
import random
import resource
import signal
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

import fuzz_oracle  # noqa: E402  (tests/fuzz_oracle.py: what must happen to a case)
import fuzzing  # noqa: E402  (tests/fuzzing.py: the generators)

OVER_MEMORY = "over the memory limit"


class OutOfTime(BaseException):
    """The case's CPU time is up: a BaseException, so that nothing on the way catches it."""


def _out_of_time(signum, frame):
    raise OutOfTime


def run_case(seed: int, folder: Path, cli: bool) -> str:
    """The outcome of one case: one of fuzz_oracle.OUTCOMES, or a finding's signature."""
    name, data = fuzzing.case(random.Random(seed))
    path = folder / name
    path.write_bytes(data)
    try:
        outcome = fuzz_oracle.check(path, seed)
        if cli:
            fuzz_oracle.check_cli(path, outcome)
        return outcome
    except OutOfTime:
        return "hang"
    except MemoryError:
        return OVER_MEMORY
    except AssertionError as wrong:                 # an error, but not one an author can act on
        return "wrong error: " + _template(str(wrong))
    except Exception as exc:                         # noqa: BLE001 -- what the fuzzer looks for
        return "uncaught " + signature(exc)


def signature(exc: BaseException) -> str:
    """The exception's type and the innermost line of ruledsl it went through."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if "/ruledsl/" in f.filename]
    where = f"{frames[-1].filename.split('/ruledsl/')[-1]}:{frames[-1].lineno}" if frames else "?"
    return f"{type(exc).__name__} at {where}: {_template(str(exc))}"


def _template(message: str) -> str:
    """A message with its file, line and numbers blanked, so that one bug is one signature."""
    message = re.sub(r"\S+\.yaml:\d+:\d+", "FILE:L:C", message.splitlines()[0] if message else "")
    return re.sub(r"\d+", "N", message)[:160]


def worker(connection, memory_mb: int, cli_every: int, cpu_seconds: float) -> None:
    resource.setrlimit(resource.RLIMIT_AS, (memory_mb << 20, memory_mb << 20))
    signal.signal(signal.SIGPROF, _out_of_time)
    with tempfile.TemporaryDirectory(prefix="fuzz-") as tmp:
        while True:
            seed, index = connection.recv()
            folder = Path(tmp) / str(seed)
            folder.mkdir()
            signal.setitimer(signal.ITIMER_PROF, cpu_seconds)
            outcome = run_case(seed, folder, cli_every > 0 and index % cli_every == 0)
            signal.setitimer(signal.ITIMER_PROF, 0)
            connection.send(outcome)
            for file in folder.iterdir():
                file.unlink()
            folder.rmdir()


class Worker:
    def __init__(self, memory_mb: int, cli_every: int, cpu_seconds: float):
        self.mine, theirs = multiprocessing.Pipe()
        self.process = multiprocessing.Process(target=worker, args=(theirs, memory_mb, cli_every, cpu_seconds),
                                               daemon=True)
        self.process.start()

    def run(self, seed: int, index: int, timeout: float) -> str:
        self.mine.send((seed, index))
        if self.mine.poll(timeout * 10):
            try:
                return self.mine.recv()
            except EOFError:
                return "worker died"
        return "hang"

    def stop(self) -> None:
        self.process.kill()
        self.process.join()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cases", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0, help="the first case's seed")
    parser.add_argument("--timeout", type=float, default=30.0, help="CPU seconds a case may take")
    parser.add_argument("--memory", type=int, default=1024, help="MB of address space a case may use")
    parser.add_argument("--cli-every", type=int, default=10, help="every Nth case also through the CLI (0: never)")
    parser.add_argument("--until", help="stop starting cases at this UTC time, HH:MM")
    parser.add_argument("--show", type=int, metavar="SEED", help="print the case SEED makes, and stop")
    args = parser.parse_args(argv)
    if args.show is not None:
        name, data = fuzzing.case(random.Random(args.show))
        print(f"# from games/{name}", file=sys.stderr)
        sys.stdout.buffer.write(data)
        return 0
    outcomes: collections.Counter = collections.Counter()
    seeds: dict[str, list[int]] = collections.defaultdict(list)
    start = time.monotonic()
    current = Worker(args.memory, args.cli_every, args.timeout)
    done = 0
    for index in range(args.cases):
        if args.until and time.strftime("%H:%M", time.gmtime()) >= args.until:
            break
        seed = args.seed + index
        outcome = current.run(seed, index, args.timeout)
        if outcome in ("hang", "worker died"):
            current.stop()
            current = Worker(args.memory, args.cli_every, args.timeout)
        if outcome not in outcomes and outcome not in fuzz_oracle.OUTCOMES:
            print(f"seed {seed}: {outcome}", file=sys.stderr, flush=True)
        outcomes[outcome] += 1
        seeds[outcome].append(seed)
        done += 1
        if done % 500 == 0:
            print(f"... {done} cases, {time.monotonic() - start:.0f} s, "
                  f"{done - sum(outcomes[o] for o in fuzz_oracle.OUTCOMES)} findings", file=sys.stderr, flush=True)
    current.stop()
    seconds = time.monotonic() - start
    findings = {o: n for o, n in outcomes.items() if o not in fuzz_oracle.OUTCOMES}
    print(f"cases: {done} (seeds {args.seed}..{args.seed + done - 1}) in {seconds:.0f} s, "
          f"{args.timeout:g} CPU s and {args.memory} MB a case, every {args.cli_every}th through the CLI")
    print(f"loaded and played: {outcomes['loads']} (and {outcomes['long']} still going after "
          f"{fuzz_oracle.SHORT_MATCH} actions); a located error: {outcomes['located']}")
    print(f"uncaught exceptions: {sum(n for o, n in findings.items() if o.startswith(('uncaught', 'worker')))}")
    print(f"wrong errors: {sum(n for o, n in findings.items() if o.startswith('wrong'))}")
    print(f"hangs: {outcomes['hang']}")
    print(f"over {args.memory} MB: {outcomes[OVER_MEMORY]}")
    for outcome, n in sorted(findings.items(), key=lambda item: -item[1]):
        print(f"  {n:5}  {outcome}  seeds {' '.join(map(str, seeds[outcome][:5]))}")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
