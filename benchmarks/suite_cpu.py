"""Where the test suite's CPU goes: a pytest plugin, and a summary of what it wrote.

    PYTHONPATH=$PWD:benchmarks SUITE_CPU=/tmp/cpu python -m pytest -m "not slow" -p suite_cpu
    python benchmarks/suite_cpu.py /tmp/cpu          # CPU s by file and the 30 largest tests
    python benchmarks/suite_cpu.py /tmp/cpu --write-slow tests/measured_slow.txt   # (a run with RULEDSL_MEASURE=1)

Each process (the one process, or each xdist worker) writes SUITE_CPU.<worker>: one line a test,
its CPU seconds (setup, call and teardown; the process's and its finished children's, so a
subprocess the test ran counts), wall seconds and "slow" for a slow test; and a <collection> line. Under load, CPU
seconds are what compares (benchmarks/README.md, "The test loop")."""
import collections
import glob
import os
import resource
import sys
import time

import pytest


def _cpu() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


_rows: list = []
_start = _cpu()


def pytest_collection_finish(session):
    _rows.append(("<collection>", _cpu() - _start, 0.0, ""))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    cpu, wall = _cpu(), time.perf_counter()
    yield
    _rows.append((item.nodeid, _cpu() - cpu, time.perf_counter() - wall, "slow" if item.get_closest_marker("slow") else ""))


def pytest_sessionfinish(session):
    out = os.environ.get("SUITE_CPU")
    if out and _rows:
        with open(f"{out}.{os.environ.get('PYTEST_XDIST_WORKER', 'main')}", "w", encoding="utf-8") as f:
            f.writelines(f"{name}\t{cpu:.3f}\t{wall:.3f}\t{slow}\n" for name, cpu, wall, slow in _rows)


def summary(prefix: str, top: int = 30) -> None:
    paths = glob.glob(f"{prefix}.main") + glob.glob(f"{prefix}.gw*")
    rows = [line.rstrip("\n").split("\t") for path in paths for line in open(path, encoding="utf-8")]
    by_file, count, part = collections.Counter(), collections.Counter(), collections.Counter()
    for name, cpu, _, slow in rows:
        by_file[name.split("::")[0]] += float(cpu)
        count[name.split("::")[0]] += 1
        part["collection" if name == "<collection>" else slow or "not slow"] += float(cpu)
    print(f"{sum(by_file.values()):.1f} s of CPU in {len(rows)} rows ({count['<collection>']} collections): "
          + ", ".join(f"{name} {cpu:.1f}" for name, cpu in part.items()))
    for name, cpu in by_file.most_common(top):
        print(f"{cpu:8.1f}  {count[name]:5d}  {name}")
    print()
    for name, cpu, wall, slow in sorted(rows, key=lambda r: -float(r[1]))[:top]:
        print(f"{float(cpu):8.2f}  {float(wall):8.2f}  {slow:4}  {name}")


def write_slow(prefix: str, out: str, over: float) -> None:
    """tests/measured_slow.txt from a run of the everyday loop made with RULEDSL_MEASURE=1: every
    test not marked slow in its code that took `over` seconds of CPU or more."""
    paths = glob.glob(f"{prefix}.main") + glob.glob(f"{prefix}.gw*")
    rows = [line.rstrip("\n").split("\t") for path in paths for line in open(path, encoding="utf-8")]
    slow = sorted(name for name, cpu, _, marked in rows if name != "<collection>" and not marked and float(cpu) >= over)
    with open(out, "w", encoding="utf-8") as f:
        f.write(f"# Tests of the everyday loop measured at {over} s of CPU or more: tests/conftest.py marks them\n"
                "# slow. Written by: RULEDSL_MEASURE=1 PYTHONPATH=$PWD:benchmarks SUITE_CPU=/tmp/cpu python -m pytest\n"
                f"#   -n auto -m 'not slow' -p suite_cpu; python benchmarks/suite_cpu.py /tmp/cpu --write-slow {out}\n")
        f.writelines(name + "\n" for name in slow)
    print(f"{len(slow)} tests written to {out}")


if __name__ == "__main__":
    if "--write-slow" in sys.argv:
        write_slow(sys.argv[1], sys.argv[sys.argv.index("--write-slow") + 1], 0.5)
    else:
        summary(sys.argv[1])
