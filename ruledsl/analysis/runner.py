"""Running batches of matches: in this process, in worker processes, or on a Dask cluster.

A batch is a job and a number of matches; the runner cuts every batch into chunks of
consecutive matches, plays them where it is told, and puts the records back in match order,
so the result does not depend on where or in what order the chunks ran. It shows a progress
bar on standard error when that is a terminal, and Ctrl-C stops it cleanly: the matches played
by then are kept and the run says it was interrupted.
"""
from __future__ import annotations

import itertools
import math
import multiprocessing
import os
import signal
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed

import attrs

from .play import Failure, Job, loaded, play, play_match

MAX_CHUNK = 50          # matches per task: small enough to balance the load and show progress
CONNECT_TIMEOUT = "20s"  # how long to try to reach a Dask scheduler


@attrs.define
class Batch:
    job: Job
    count: int
    label: str
    records: list = attrs.Factory(list)


class RunError(Exception):
    """The run could not be carried out (no such cluster, a missing extra): one line for the user."""


def cores() -> int:
    """The cores this process may use."""
    affinity = getattr(os, "sched_getaffinity", None)
    return len(affinity(0)) if affinity else (os.cpu_count() or 1)


def run(batches: list[Batch], workers: int = 1, dask: str | None = None, progress: bool | None = None) -> bool:
    """Play every batch's matches into its records; False when Ctrl-C stopped the run early."""
    if progress is None:
        progress = sys.stderr.isatty()
    tasks = _tasks(batches, workers)
    where = _Dask(dask) if dask else _Processes(workers) if workers > 1 and len(tasks) > 1 else _Here()
    bar = _Bar(batches) if progress else None
    try:
        with where:
            for batch, results in where.results(tasks, bar):
                _take(batch, results)
                if bar:
                    bar.advance(batch, len(results))
        finished = True
    except KeyboardInterrupt:
        finished = False
    finally:
        if bar:
            bar.stop()
        for batch in batches:
            batch.records.sort(key=lambda r: r.index)
    return finished


def _tasks(batches, workers: int) -> list[tuple]:
    """(batch, start, stop) chunks, the batches taking turns: a run stopped early has played
    about as much of each (compare's rule files stay comparable)."""
    rows = [[(batch, start, min(start + size, batch.count)) for start in range(0, batch.count, size)]
            for batch in batches for size in [_chunk(batch.count, workers)]]
    return [task for turn in itertools.zip_longest(*rows) for task in turn if task is not None]


def _chunk(count: int, workers: int) -> int:
    return max(1, min(MAX_CHUNK, math.ceil(count / (max(1, workers) * 8))))


def _take(batch: Batch, results: list) -> None:
    for result in results:
        if isinstance(result, Failure):
            # Play the match again here, where the rule file's real paths are: it fails with the
            # same located error it gave the worker, and that is what the user sees.
            game, rules = loaded(batch.job.files)
            play_match(game, rules, batch.job, result.index)
            raise RunError(f"match {result.index} failed in a worker: {result.message}")
        batch.records.append(result)


class _Here:
    """In this process, one match at a time (so progress and Ctrl-C are per match)."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def results(self, tasks, bar):
        for batch, start, stop in tasks:
            game, rules = loaded(batch.job.files)
            for index in range(start, stop):
                yield batch, [play_match(game, rules, batch.job, index)]


class _Processes:
    """A pool of worker processes. Forked workers inherit the loaded game; spawned ones build it
    once from the texts they are sent."""

    def __init__(self, workers: int):
        method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
        self.pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context(method),
                                        initializer=_ignore_interrupts)

    def __enter__(self):
        return self

    def __exit__(self, kind, exc, tb):
        if kind is not None:       # Ctrl-C or an error: do not wait for the chunks in flight
            for process in list(getattr(self.pool, "_processes", {}).values()):
                process.terminate()
        self.pool.shutdown(wait=kind is None, cancel_futures=True)
        return False

    def results(self, tasks, bar):
        futures = {self.pool.submit(play, batch.job, start, stop): batch for batch, start, stop in tasks}
        if bar:
            bar.start()
        for future in as_completed(futures):
            yield futures[future], future.result()


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which stops them and reports what was measured."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class _Dask:
    """An existing dask.distributed cluster, by its scheduler's address."""

    def __init__(self, address: str):
        try:
            from distributed import Client
        except ImportError:
            raise RunError("--dask needs dask.distributed: pip install 'ruledsl[dask]'") from None
        try:
            self.client = Client(address, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError, ValueError) as exc:
            raise RunError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
        self.futures: list = []

    def __enter__(self):
        return self

    def __exit__(self, kind, exc, tb):
        if kind is not None:
            self.client.cancel(self.futures)
        self.client.close()
        return False

    def results(self, tasks, bar):
        from distributed import as_completed as completed
        batches = {}
        for batch, start, stop in tasks:
            future = self.client.submit(play, batch.job, start, stop, pure=False)
            batches[future.key] = batch
            self.futures.append(future)
        if bar:
            bar.start()
        for future in completed(self.futures):
            yield batches[future.key], future.result()


class _Bar:
    """rich's progress bar on standard error, one row per batch."""

    def __init__(self, batches):
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
        self.progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                 TimeRemainingColumn(), console=Console(stderr=True), transient=True)
        self.tasks = {id(batch): self.progress.add_task(batch.label, total=batch.count) for batch in batches}
        self.started = False

    def start(self) -> None:
        if not self.started:
            self.progress.start()
            self.started = True

    def advance(self, batch, done: int) -> None:
        self.start()
        self.progress.advance(self.tasks[id(batch)], done)

    def stop(self) -> None:
        if self.started:
            self.progress.stop()
