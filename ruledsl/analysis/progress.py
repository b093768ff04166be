"""The progress of a run on a terminal: a row per batch (matches done of its count) and the time
the whole run has left.

The batches of a run share the workers and take turns (runner._tasks), and they cost very
different amounts: a match between search bots takes thousands of times one between random
players. So no batch's own pace says when the run ends (rich's estimate per row, from the pace
of the row's recent completions, read three times too high at first: the main batch crawls
while the skill runs hold the workers, then races). `TimeLeft` counts the work instead: what
each batch's matches cost so far, in worker-seconds, times the matches it has left, shared
among the workers.
"""
from __future__ import annotations

import time


class TimeLeft:
    """The seconds a run has left, from the cost of what it played so far (see the module)."""

    def __init__(self, batches, workers: int, clock=time.monotonic):
        self.clock, self.workers = clock, max(1, workers)
        self.cost = {id(b): [0.0, 0] for b in batches}        # worker-seconds, matches, so far
        self.left = {id(b): b.count for b in batches}
        self.estimate: float | None = None
        self.at = clock()

    def done(self, batch, matches: int, seconds: float) -> None:
        """`matches` of `batch` were played, taking a worker `seconds`."""
        cost = self.cost[id(batch)]
        cost[0] += seconds
        cost[1] += matches
        self.left[id(batch)] -= matches
        self.at = self.clock()
        work = 0.0
        for key, left in self.left.items():
            seconds_so_far, played = self.cost[key]
            if left > 0 and not played:
                self.estimate = None                 # a batch not yet measured: unknown
                return
            if left > 0:
                work += left * seconds_so_far / played
        self.estimate = work / self.workers

    def seconds(self) -> float | None:
        """The estimate, counted down since it was made; None until every batch was measured."""
        if self.estimate is None:
            return None
        return max(0.0, self.estimate - (self.clock() - self.at))


def clock_text(seconds: float | None) -> str:
    if seconds is None:
        return "time left: estimating…"
    whole = round(seconds)
    hours, rest = divmod(whole, 3600)
    return f"time left: {hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else \
        f"time left: {rest // 60}:{rest % 60:02d}"


class Bar:
    """rich's progress bar on standard error: one row per batch, the run's time left on the first."""

    def __init__(self, batches, workers: int):
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn
        from rich.text import Text
        self.left = TimeLeft(batches, workers)
        first = None
        left = self.left

        class Left(ProgressColumn):
            def render(self, task):
                return Text(clock_text(left.seconds()) if task.id == first else "")

        self.progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), Left(),
                                 console=Console(stderr=True), transient=True)
        self.tasks = {id(batch): self.progress.add_task(batch.label, total=batch.count) for batch in batches}
        first = next(iter(self.tasks.values()), None)
        self.started = False

    def start(self) -> None:
        if not self.started:
            self.progress.start()
            self.started = True

    def advance(self, batch, done: int, seconds: float) -> None:
        self.start()
        self.left.done(batch, done, seconds)
        self.progress.advance(self.tasks[id(batch)], done)

    def stop(self) -> None:
        if self.started:
            self.progress.stop()
