"""Exact values of the rest of a hand in one sampled world: a perfect-information search.

In a determinization every card is in its place, so what is left of the hand is a game of
perfect information that can be searched to its end when it is small, to the hand's value
(`result.hand`):

- two sides (two players, or two teams playing for their team's value): alpha-beta, the seat's
  side maximising the seat's value and the other minimising it — exact;
- more sides: max^n (Luckhardt and Irani, 1986), each player maximising their own value; a
  player indifferent between moves takes any of them, as likely (the values averaged). The
  *paranoid* reading (everyone against the seat: Sturtevant and Korf, 2000) prunes better but
  plays a penalty game too fearfully; it stays available (`paranoid=True`).

A transposition table keyed by `State.key()` keeps each position's value (with alpha-beta, or a
bound of it) once found.

A search that would visit more than `limit` positions, look more than DEPTH actions ahead or
run past the clock reading `until` (a time budget's share: positions cost more in some games than
in others), stops (`TooBig`): the caller finishes that world another way. A search that stops
has cost its whole limit for nothing, so the caller first asks `estimate` (a random walk to the
goal, Knuth 1975) whether the rest of the hand can fit at all.
"""
from __future__ import annotations

import math
import time

INF = math.inf
DEPTH = 60          # actions ahead: deeper is no endgame (and Python's stack is not for it)
CLOCKED = 127       # the clock read once in this many + 1 positions


def estimate(st, goal, rng, walks: int = 2, cap: float = INF) -> tuple[float, int]:
    """(About how many positions with a choice the rest of the hand from `st` has, the decisions
    walked): Knuth's estimate, the mean over `walks` random walks to the goal of 1 + b1 + b1·b2
    + …, b the number of legal actions at each choice on the way. Unbiased for the tree; the
    solver, with its table and cuts, visits about 0.5–3 times as many positions (forced moves
    included) in the shipped games. A walk whose sum passes `cap` ends the estimate: it is that
    sum (above `cap`)."""
    total, steps = 0.0, 0
    for _ in range(walks):
        s, width, size = st.clone(), 1.0, 1.0
        while not goal.reached(s) and steps < 100_000:
            if size > cap:
                return size, steps
            legal = s.legal_actions()
            steps += 1
            if len(legal) > 1:
                width *= len(legal)
                size += width
            s.apply_action_fast(legal[rng.randrange(len(legal))])
        total += size
    return total / walks, steps


class TooBig(Exception):
    """The rest of the hand has more positions than the solver's limit."""


class Solver:
    """Exact values for `seat` of positions of one world, sharing one table (`solve` may be
    called for several positions of the same world: the moves tried at the root)."""

    def __init__(self, seat: int, goal, team_of, limit: int, paranoid: bool = False, until: float | None = None,
                 clock=time.perf_counter):
        self.seat, self.goal, self.limit = seat, goal, limit
        self.until, self.clock = until, clock
        self.side = tuple(team_of[s] == team_of[seat] for s in range(len(team_of)))
        self.two_sides = len(set(team_of)) == 2 or paranoid
        self.team_of = team_of
        self.table: dict = {}
        self.nodes = 0

    def solve(self, st) -> float:
        """The seat's value of `st` (played on from here to the goal) under best play by every
        side; raises TooBig past the limit."""
        if self.two_sides:
            return self._search(st, -INF, INF, 0)
        return self._maxn(st, 0)[self.seat]

    def _choice(self, st, depth: int) -> tuple:
        """`st` played on through forced moves (nothing to choose, nothing to store) to the next
        real choice: (its legal actions, the depth there), or (None, depth) at the goal."""
        goal = self.goal
        while True:
            self.nodes += 1
            if self.nodes > self.limit or depth > DEPTH or \
                    (not self.nodes & CLOCKED and self.until is not None and self.clock() > self.until):
                raise TooBig
            if goal.reached(st):
                return None, depth
            legal = st.legal_actions()
            if len(legal) > 1:
                return legal, depth
            st.apply_action_fast(legal[0])
            depth += 1

    def _maxn(self, st, depth: int) -> tuple:
        """The values of every seat at the end, each player choosing what is best for them."""
        legal, depth = self._choice(st, depth)
        if legal is None:
            return tuple(self.goal.values(st))
        key = st.key()
        known = self.table.get(key)
        if known is not None:
            return known
        player = st.player
        best, tied = None, []
        last = len(legal) - 1
        for i, action in enumerate(legal):
            child = st.clone() if i < last else st
            child.apply_action_fast(action)
            values = self._maxn(child, depth + 1)
            if best is None or values[player] > best[player]:
                best, tied = values, [values]
            elif values[player] == best[player]:
                tied.append(values)
        if len(tied) > 1:                      # indifferent: any of them, as likely
            best = tuple(sum(v) / len(tied) for v in zip(*tied))
        self.table[key] = best
        return best

    def _search(self, st, alpha: float, beta: float, depth: int) -> float:
        legal, depth = self._choice(st, depth)
        if legal is None:
            return self.goal.values(st)[self.seat]
        key = st.key()
        known = self.table.get(key)
        if known is not None:
            low, high = known
            if low == high or low >= beta:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
        window = alpha, beta
        ours = self.side[st.player]
        best = -INF if ours else INF
        last = len(legal) - 1
        for i, action in enumerate(legal):
            child = st.clone() if i < last else st       # the last child may take the state itself
            child.apply_action_fast(action)
            value = self._search(child, alpha, beta, depth + 1)
            if ours:
                if value > best:
                    best = value
                    if best > alpha:
                        alpha = best
            elif value < best:
                best = value
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        low, high = known if known is not None else (-INF, INF)
        if best <= window[0]:
            high = min(high, best)                 # failed low: at most this
        elif best >= window[1]:
            low = max(low, best)                   # failed high: at least this
        else:
            low = high = best
        self.table[key] = (low, high)
        return best
