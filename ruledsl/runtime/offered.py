"""The answers an ask offers, the many made only when drawn: what a random play-out takes one of.

A choice of several cards can offer thousands of answers (any three cards of a hand of
seventeen: 680), of which a random play-out takes one. Where an ask's plan has combinations with
nothing of the `when:` left to test on each (lang/steps/sources.py: a block), `_l{id}` gives
them to `offer`; called by the ask's head with `lazy` (the play-out's path, lang/steps/ask.py),
a block of more than LAZY combinations is counted, not made: the answers become an Offered.
`State.play_out` draws from it as from a list — `len()`, then the index drawn (runtime/
randomness.py), then that answer alone — so it takes the same answer with the same draws as
from the list, which is the same sequence (tests/test_structured.py checks every answer).
Anything else (`legal_actions()`'s copy, `in`, a loop) makes the whole list first, once.
"""
from __future__ import annotations

from itertools import combinations
from math import comb

from .combos import choosing

LAZY = 64          # a block of more combinations than this is counted; fewer are made at once
FEW = 7            # of this few cards (a group of a rank), any k are at most C(7, 3) = 35: made at once


def offer(out, choice: int, xs, k, span, lazy: bool = False):
    """`out` (a list of answers, or an Offered) with the k-card combinations of xs added as
    answers `(choice, cards as a tuple)`, in `combinations`' order, with its errors; returns
    it, an Offered when `lazy` and the block is large. `k` may be a range: each size in turn."""
    if type(xs) is list and len(xs) <= FEW and type(k) is int:     # nothing to check or count
        if 0 <= k <= len(xs):
            out += [(choice, c) for c in combinations(xs, k)]
        return out
    if type(k) is range:                # sizes in turn (a loop of sizes with nothing to test)
        if type(xs) is list and len(xs) <= FEW:
            for size in k:
                if 0 <= size <= len(xs):
                    out += [(choice, c) for c in combinations(xs, size)]
            return out
        for size in k:
            out = offer(out, choice, xs, size, span, lazy)
        return out
    xs = choosing(xs, k, span)
    if xs is None:
        return out
    count = comb(len(xs), k)
    if not lazy or count <= LAZY:
        out += [(choice, c) for c in combinations(xs, k)]
        return out
    if type(out) is list:
        out = Offered(out)
    out.runs.append((choice, xs, k, count))
    out.size += count
    return out


def later(out, run):
    """`out` (a list of answers, or an Offered) with `run`'s answers added, made when drawn:
    `run.size` of them, `run.answer(i)` the i-th, `run.answers()` every one (a combos.Chooser's
    answers to one call, counted)."""
    if type(out) is list:
        out = Offered(out)
    out.runs.append(run)
    out.size += run.size
    return out


class Offered:
    """Answers in order: runs of answers made, blocks of k-card combinations of a list of
    cards (answers `(choice, combination as a tuple)`), made when indexed, and runs of another
    maker's answers (`later`)."""

    __slots__ = ("runs", "size", "made")

    def __init__(self, answers=()):
        self.runs: list = [list(answers)] if answers else []    # answer lists, blocks (choice, cards, k, count), later's
        self.size = len(self.runs[0]) if answers else 0
        self.made = None                # the whole list, once asked for

    def append(self, answer) -> None:
        if not self.runs or type(self.runs[-1]) is not list:
            self.runs.append([])
        self.runs[-1].append(answer)
        self.size += 1
        self.made = None

    def __iadd__(self, answers):
        for answer in answers:
            self.append(answer)
        return self

    def __len__(self) -> int:
        return self.size

    def __bool__(self) -> bool:
        return self.size > 0

    def __getitem__(self, i):
        if self.made is not None or type(i) is not int:
            return self.whole()[i]
        if i < 0:
            i += self.size
        if not 0 <= i < self.size:
            raise IndexError("answer index out of range")
        for run in self.runs:
            length = len(run) if type(run) is list else run[3] if type(run) is tuple else run.size
            if i < length:
                if type(run) is list:
                    return run[i]
                if type(run) is not tuple:
                    return run.answer(i)
                choice, xs, k, _ = run
                return choice, unranked(xs, k, i)
            i -= length

    def whole(self) -> list:
        """Every answer, made (once)."""
        if self.made is None:
            made: list = []
            for run in self.runs:
                if type(run) is list:
                    made += run
                elif type(run) is not tuple:
                    made += run.answers()
                else:
                    choice, xs, k, _ = run
                    made += [(choice, c) for c in combinations(xs, k)]
            self.made = made
        return self.made

    def __iter__(self):
        return iter(self.whole())

    def __contains__(self, answer) -> bool:
        return answer in self.whole()

    def __eq__(self, other) -> bool:
        return self.whole() == (other.whole() if isinstance(other, Offered) else other)

    __hash__ = None


def unranked(xs, k: int, index: int) -> tuple:
    """The `index`-th k-item combination of xs, in `combinations`' (lexicographic) order."""
    out, start, n = [], 0, len(xs)
    for left in range(k, 0, -1):
        for at in range(start, n):
            below = comb(n - at - 1, left - 1)          # the combinations that take xs[at] next
            if index < below:
                out.append(xs[at])
                start = at + 1
                break
            index -= below
    return tuple(out)
