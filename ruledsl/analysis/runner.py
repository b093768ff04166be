"""Running batches of matches: in this process, in worker processes, or on a Dask cluster.

A batch is a job and a number of matches; the runner cuts every batch into chunks of
consecutive matches, plays them where it is told, and puts the records back in match order,
so the result does not depend on where or in what order the chunks ran. It shows a progress
bar on standard error when that is a terminal, and Ctrl-C stops it cleanly: the matches played
by then are kept and the run says it was interrupted.

Ctrl-C is a flag, never an exception in the middle of the pool's work: the first Ctrl-C sets it
(`Stop`), the runner sees it within POLL seconds, kills the workers and returns what was played;
any later one is ignored while the run winds up. Playing in this process, where no pool is involved, the first Ctrl-C
also stops the match under way at once.
"""
from __future__ import annotations

import collections
import itertools
import math
import multiprocessing
import os
import signal
import sys
import threading
import time
from contextlib import contextmanager
from multiprocessing import connection

import attrs

from .play import Failure, Job, loaded, play_match, timed
from .progress import Bar

MAX_CHUNK = 50          # matches per task: small enough to balance the load and show progress
CONNECT_TIMEOUT = "20s"  # how long to try to reach a Dask scheduler
POLL = 0.1              # seconds between looks at the Ctrl-C flag while waiting for workers
JOIN = 5.0              # seconds a killed worker is given to be gone


@attrs.define
class Batch:
    job: Job
    count: int
    label: str
    records: list = attrs.Factory(list)


class RunError(Exception):
    """The run could not be carried out (no such cluster, a missing extra): one line for the user."""


class Stop:
    """Ctrl-C during a run, as a flag. `interrupt` (True while matches are played in this
    process) makes the first Ctrl-C also raise KeyboardInterrupt, to stop the match under way."""

    def __init__(self):
        self.event = threading.Event()
        self.interrupt = False

    def is_set(self) -> bool:
        return self.event.is_set()

    def _signal(self, signum, frame) -> None:
        first = not self.event.is_set()
        self.event.set()
        if first and self.interrupt:
            raise KeyboardInterrupt

    @contextmanager
    def on_ctrl_c(self, afterwards=None):
        """Ctrl-C sets this flag while inside. On leaving, the previous handler comes back, or
        `afterwards` when given (a command that ends on leaving uses signal.SIG_IGN: nothing is
        left to stop). Outside the main thread, or where Ctrl-C is ignored (a background job),
        nothing changes."""
        if threading.current_thread() is not threading.main_thread() or \
                signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
            yield self
            return
        previous = signal.signal(signal.SIGINT, self._signal)
        try:
            yield self
        finally:
            signal.signal(signal.SIGINT, previous if afterwards is None else afterwards)


def cores() -> int:
    """The cores this process may use."""
    affinity = getattr(os, "sched_getaffinity", None)
    return len(affinity(0)) if affinity else (os.cpu_count() or 1)


def run(batches: list[Batch], workers: int = 1, dask: str | None = None, progress: bool | None = None,
        stop: Stop | None = None) -> bool:
    """Play every batch's matches into its records; False when Ctrl-C stopped the run early.
    Without a `stop` of the caller's, Ctrl-C is caught for the length of the run only."""
    if stop is None:
        with Stop().on_ctrl_c() as own:
            return run(batches, workers, dask, progress, own)
    if progress is None:
        progress = sys.stderr.isatty()
    tasks = _tasks(batches, workers)
    where = _Dask(dask) if dask else _Processes(workers) if workers > 1 and len(tasks) > 1 else _Here()
    bar = Bar(batches, 1 if isinstance(where, _Here) else where.slots) if progress else None
    try:
        with where:
            where.start(tasks)
            if bar:
                bar.start()
            stop.interrupt = isinstance(where, _Here)
            while where.busy() and not stop.is_set():
                for batch, results, seconds in where.ready(POLL):
                    _take(batch, results)
                    if bar:
                        bar.advance(batch, len(results), seconds)
            where.stopped = stop.is_set()
    except KeyboardInterrupt:
        stop.event.set()
    finally:
        stop.interrupt = False
        if bar:
            bar.stop()
        for batch in batches:
            batch.records.sort(key=lambda r: r.index)
    return not stop.is_set()


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


class _Where:
    """Where the chunks are played: `start` them, `ready` gives what finished within a wait (the
    batch, its records, the seconds a worker took), `busy` while some are left; `slots` is how
    many play at once. `stopped` is set when the run was cut short."""

    stopped = False

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


class _Here(_Where):
    """In this process, one match at a time (so progress and Ctrl-C are per match)."""

    def start(self, tasks) -> None:
        self.matches = ((batch, index) for batch, start, stop in tasks for index in range(start, stop))
        self.next = next(self.matches, None)

    def busy(self) -> bool:
        return self.next is not None

    def ready(self, timeout):
        batch, index = self.next
        game, rules = loaded(batch.job.files)
        began = time.perf_counter()
        record = play_match(game, rules, batch.job, index)
        self.next = next(self.matches, None)
        return [(batch, [record], time.perf_counter() - began)]


class _Processes(_Where):
    """Worker processes, each fed one chunk at a time through a pipe of its own. The parent has
    no thread and no shared queue (concurrent.futures has both: killed workers made its manager
    thread fail, and a Ctrl-C inside its locks could leave the exit waiting on that thread), so
    stopping early is only this: kill the workers and reap them. Forked workers inherit the
    loaded game; spawned ones build it once from the texts they are sent."""

    def __init__(self, workers: int):
        method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
        context = multiprocessing.get_context(method)
        self.processes, self.idle, self.working = [], [], {}
        for _ in range(workers):
            ours, theirs = context.Pipe()
            process = context.Process(target=_serve, args=(theirs,), daemon=True)
            process.start()
            theirs.close()
            self.processes.append(process)
            self.idle.append(ours)
        self.slots = workers

    def start(self, tasks) -> None:
        self.waiting = collections.deque(tasks)
        self._feed()

    def _feed(self) -> None:
        while self.idle and self.waiting:
            batch, start, stop = self.waiting.popleft()
            pipe = self.idle.pop()
            pipe.send((batch.job, start, stop))
            self.working[pipe] = batch

    def busy(self) -> bool:
        return bool(self.working)

    def ready(self, timeout):
        out = []
        for pipe in connection.wait(list(self.working), timeout):
            batch = self.working.pop(pipe)
            try:
                seconds, results = pipe.recv()
            except EOFError:
                raise RunError("a worker process ended without its results (killed, or out of memory?)") from None
            self.idle.append(pipe)
            out.append((batch, results, seconds))
        self._feed()
        return out

    def __exit__(self, kind, exc, tb):
        early = kind is not None or self.stopped
        for pipe in self.idle:
            if not early:
                pipe.send(None)            # done: the worker returns
        for process in self.processes:
            if early:
                process.kill()             # nothing it holds is needed any more
        for process in self.processes:
            process.join(JOIN)
            if process.is_alive():
                process.kill()
                process.join()
        for pipe in self.idle + list(self.working):
            pipe.close()
        return False


def _serve(pipe) -> None:
    """A worker: play each chunk it is sent, until told to stop (None) or its parent is gone.
    Ctrl-C is the parent's to handle: it stops the workers and reports what was measured."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        try:
            task = pipe.recv()
        except EOFError:
            return
        if task is None:
            return
        pipe.send(timed(*task))


class _Dask(_Where):
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
        self.futures: dict = {}
        self.slots = sum(w.get("nthreads", 1) for w in self.client.scheduler_info()["workers"].values()) or 1

    def start(self, tasks) -> None:
        for batch, start, stop in tasks:
            self.futures[self.client.submit(timed, batch.job, start, stop, pure=False)] = batch

    def busy(self) -> bool:
        return bool(self.futures)

    def ready(self, timeout):
        from distributed import wait as dask_wait
        try:
            done, _ = dask_wait(list(self.futures), timeout=timeout, return_when="FIRST_COMPLETED")
        except TimeoutError:
            return []
        out = []
        for future in done:
            seconds, results = future.result()
            out.append((self.futures.pop(future), results, seconds))
        return out

    def __exit__(self, kind, exc, tb):
        if kind is not None or self.stopped:
            self.client.cancel(list(self.futures))
        self.client.close()
        return False
