"""Drama, lead changes and decisiveness: how the standings of a match move, after Ludii's and
CardStock's metrics (their exact definitions, and how ours follow them, are in docs/analysis.md).

Both frameworks judge each moment of a match by an AI's evaluation of every player. Here the
evaluation is the standing: a side's `result.hand` values summed over the hands so far, which
is what the rule file says a hand is worth. A match's standings are S₀ … S_H, one tuple of side
totals before the first hand (all level) and after each of its H hands.
"""
from __future__ import annotations

import math

from .stats import Estimate, mean, proportion, ratio

CARDSTOCK_BEHIND = 0.5      # CardStock: a win chance below this is behind
CARDSTOCK_DECISIVE = 0.8    # CardStock: a win chance above this is decisive


def standings(record, sides) -> list[tuple[float, ...]] | None:
    """S₀ … S_H for a record (a side's hand value is the mean of its seats'); None when no hand
    of the match has a value (the file declares no `result.hand`)."""
    totals = [0.0] * len(sides)
    out = [tuple(totals)]
    valued = False
    for hand in record.hands:
        if hand.values is not None and all(v is not None for v in hand.values):
            valued = True
            for i, side in enumerate(sides):
                totals[i] += math.fsum(hand.values[s] for s in side) / len(side)
        out.append(tuple(totals))
    return out if valued and len(out) > 1 else None


def winning_sides(record, sides) -> set[int]:
    return {i for i, side in enumerate(sides) if any(s in record.winners for s in side)}


def leaders(standing) -> frozenset[int]:
    top = max(standing)
    return frozenset(i for i, v in enumerate(standing) if v == top)


def lead_changes(s) -> int:
    """How many hands leave a different set of leaders than the hand before (Ludii LeadChange;
    the start, everyone level, counts as all leading)."""
    return sum(leaders(s[k]) != leaders(s[k - 1]) for k in range(1, len(s)))


def ludii_drama(s, winners) -> float:
    """Ludii's Drama (Average): the mean, over the hands, of how far the eventual winners
    (averaged) stood below the best standing."""
    gaps = [max(s[k]) - math.fsum(s[k][w] for w in winners) / len(winners) for k in range(1, len(s))]
    return math.fsum(gaps) / len(gaps)


def margin(standing, side: int) -> float:
    """A side's lead over its nearest rival (negative when behind)."""
    return standing[side] - max(v for i, v in enumerate(standing) if i != side)


def ludii_decisiveness(s, winners) -> float | None:
    """Ludii's DecisivenessMoves: the share of the match played before a winner's evaluation
    exceeded the best any loser ever reached (DecisivenessThreshold). A standing drifts (in a
    penalty game everyone's only falls), so the evaluation compared across hands is the margin
    over the nearest rival. 1 when no winner ever exceeds it; None without a loser."""
    losers = [i for i in range(len(s[0])) if i not in winners]
    if not losers:
        return None
    threshold = max(margin(st, i) for st in s for i in losers)
    h = len(s) - 1
    for k, st in enumerate(s):
        if any(margin(st, w) > threshold for w in winners):
            return k / h
    return 1.0


def rank_share(standing, side: int) -> float:
    """The share of the other sides a side is ahead of (a tie counts half): 1 alone in front,
    0 last, ½ level — the win chance CardStock's thresholds are applied to."""
    others = [v for i, v in enumerate(standing) if i != side]
    mine = standing[side]
    return (sum(v < mine for v in others) + 0.5 * sum(v == mine for v in others)) / len(others)


def cardstock_drama(s, winners) -> tuple[float, int]:
    """(Σ √(0.5 − p), how many p) over the hands where a winner's win chance p was below ½:
    CardStock's Drama is the first over the second, pooled over every match."""
    behind = [p for k in range(1, len(s)) for w in sorted(winners)
              if (p := rank_share(s[k], w)) < CARDSTOCK_BEHIND]
    return math.fsum(math.sqrt(CARDSTOCK_BEHIND - p) for p in behind), len(behind)


def cardstock_decisiveness(s, winners) -> float:
    """CardStock's Decisiveness for one match, (T − j) / T: T the hands, j (from 0) the first
    after which a winner's win chance exceeds 0.8 (the last, T − 1, when none does)."""
    points = [max(rank_share(s[k], w) for w in winners) for k in range(1, len(s))]
    t = len(points)
    j = next((k for k, p in enumerate(points) if p > CARDSTOCK_DECISIVE), t - 1)
    return (t - j) / t


def came_back(s, winners) -> bool:
    """Was every eventual winner behind the leader after some hand?"""
    return any(all(st[w] < max(st) for w in winners) for st in s[1:])


def drama(records, sides) -> dict | None:
    """The standings figures over a run; None when the file declares no hand values."""
    counted = []
    for r in records:
        s = standings(r, sides)
        winners = winning_sides(r, sides)
        if s is not None and winners:
            counted.append((s, winners))
    if not counted:
        return None
    changes = [lead_changes(s) for s, _ in counted]
    behind = [cardstock_drama(s, w) for s, w in counted]
    decisive = [d for d in (ludii_decisiveness(s, w) for s, w in counted) if d is not None]
    return {"lead_changes": mean(changes),
            "lead_change_rate": mean(c / (len(s) - 1) for c, (s, _) in zip(changes, counted)),
            "drama": mean(ludii_drama(s, w) for s, w in counted),
            "cardstock_drama": ratio([b[0] for b in behind], [b[1] for b in behind])
            if any(b[1] for b in behind) else Estimate(0.0, 0.0, 0.0, len(counted), 0.0),  # never behind
            "decisiveness": mean(decisive),
            "cardstock_decisiveness": mean(cardstock_decisiveness(s, w) for s, w in counted),
            "comebacks": proportion(sum(came_back(s, w) for s, w in counted), len(counted))}
