"""The figures of `ruledsl analyze`, as pure functions of match records (docs/analysis.md).

Fairness, length, choice and how often each rule fires; the standings-based figures (drama,
lead changes, decisiveness) are in drama.py, skill in skill.py. Every function takes the
records of one run and the RunInfo that says how to read them, and returns plain data with
Estimates; nothing here plays a match.
"""
from __future__ import annotations

import math

import attrs

from .stats import ALPHA, binomial_test, histogram, mean, proportion, quantile, ratio, z_test


@attrs.frozen
class RunInfo:
    name: str
    players: int
    sides: tuple[tuple[int, ...], ...]   # seats that win and score together (teams), else one each
    direction: int                       # +1: the turn passes to the left (clockwise), -1: right
    rules: tuple = ()                    # analysis.rules.Rule, in the order records index them
    lineup: tuple[str, ...] = ()
    think: float = 2.0                   # seconds a person takes per decision, for the time of play

    @property
    def teams(self) -> bool:
        return any(len(side) > 1 for side in self.sides)


def sides_of(players: int, partners: bool) -> tuple[tuple[int, ...], ...]:
    """The sides of a match: partners sit opposite (seats i and i + n/2), else everyone alone."""
    if partners:
        half = players // 2
        return tuple((i, i + half) for i in range(half))
    return tuple((i,) for i in range(players))


# -- fairness ------------------------------------------------------------------------------------

def fairness(records, info: RunInfo) -> dict:
    """Win rate per seat, per team, per position from the first dealer, and the per-hand edge of
    the dealer and of the first player."""
    m, n = len(records), info.players
    out = {"seats": [proportion(sum(s in r.winners for r in records), m) for s in range(n)],
           "sides": [proportion(sum(any(s in r.winners for s in side) for r in records), m)
                     for side in info.sides] if info.teams else None}
    out.update(positions(records, info))
    out["dealer"] = advantage(records, info, lambda r, h: h.dealer)
    out["first_player"] = advantage(records, info, lambda r, h: h.first)
    return out


def position(seat: int, dealer: int, info: RunInfo) -> int:
    """How many places after the dealer a seat sits, in the direction of play (the dealer is 0)."""
    return ((seat - dealer) * info.direction) % info.players


def positions(records, info: RunInfo) -> dict:
    """Win rate by position relative to the first hand's dealer (the seats are dealt at random,
    the positions are what the rules treat differently), each with an exact binomial test of its
    wins against the mean rate of all positions; and which position played first in hand 1."""
    played = [r for r in records if r.hands]
    n, m = info.players, len(played)
    wins = [0] * n
    firsts = [0] * n
    for r in played:
        first = r.hands[0]
        for seat in r.winners:
            wins[position(seat, first.dealer, info)] += 1
        if first.first is not None:
            firsts[position(first.first, first.dealer, info)] += 1
    share = sum(wins) / (n * m) if m else 0.0
    rows = [{"position": k, "win_rate": proportion(wins[k], m),
             "p": binomial_test(wins[k], m, share) if m else None} for k in range(n)]
    for row in rows:
        row["significant"] = row["p"] is not None and row["p"] < ALPHA
    return {"positions": rows, "fair_share": share,
            "first_position": max(range(n), key=lambda k: firsts[k]) if any(firsts) else None}


def advantage(records, info: RunInfo, seat_of) -> dict:
    """The mean per-hand edge of the seat `seat_of(record, hand)` names: its side's `result.hand` less
    the mean of the other sides still in the hand; a match-clustered interval and a z-test
    against no edge. None where the file declares no hand value."""
    totals, counts = [], []
    for r in records:
        total = count = 0
        for hand in r.hands:
            edge = _edge(hand, seat_of(r, hand), info.sides)
            if edge is not None:
                total += edge
                count += 1
        totals.append(total)
        counts.append(count)
    if not any(counts):
        return None
    estimate = ratio(totals, counts)
    p = z_test(estimate)
    return {"edge": estimate, "p": p, "significant": p is not None and p < ALPHA}


def _edge(hand, seat, sides) -> float | None:
    if hand.values is None or seat is None or any(v is None for v in hand.values):
        return None
    seated = set(hand.seated)
    values = {}
    for i, side in enumerate(sides):
        present = [s for s in side if s in seated]
        if present:
            values[i] = math.fsum(hand.values[s] for s in present) / len(present)
    own = next(i for i, side in enumerate(sides) if seat in side)
    others = [v for i, v in values.items() if i != own]
    if own not in values or not others:
        return None
    return values[own] - math.fsum(others) / len(others)


# -- length --------------------------------------------------------------------------------------

def length(records, info: RunInfo) -> dict:
    """Hands per match, decisions per hand and per match, minutes of play per match."""
    hands = [r.hand_count for r in records]
    per_hand = [h.decisions for r in records for h in r.hands]
    decisions = [r.decisions for r in records]
    minutes = [d * info.think / 60 for d in decisions]
    return {"hands": spread(hands),
            "decisions_per_hand": dict(spread(per_hand), mean=ratio(decisions, hands)),
            "decisions": spread(decisions),
            "minutes": dict(spread(minutes), histogram=None),
            "think": info.think}


def spread(xs) -> dict:
    """Mean, median, 90th percentile (each with its interval) and the distribution."""
    return {"mean": mean(xs), "median": quantile(xs, 0.5), "p90": quantile(xs, 0.9),
            "histogram": histogram(xs)}


# -- choice --------------------------------------------------------------------------------------

def choice(records) -> dict:
    """Legal actions per decision (the branching factor) and the share of forced decisions (one
    legal action), over all decisions and per phase (a decision's kind and its round in the
    hand), each a ratio over matches."""
    phases = phase_order(records)
    total = sum(r.decisions for r in records)
    rows = [dict(phase=phase, **_choices([r.phases.get(phase, (0, 0, 0, 0)) for r in records], total))
            for phase in phases]
    everything = [[sum(c[k] for c in r.phases.values()) for k in range(3)] for r in records]
    return {"overall": _choices(everything, total), "phases": rows}


def phase_order(records) -> list[str]:
    """The phases in the order a hand goes through them: each kind where its first round comes
    on average (how many decisions of the hand precede it), then its rounds in order."""
    places: dict = {}
    for r in records:
        for phase, counts in r.phases.items():
            total = places.setdefault(phase, [0, 0])
            total[0] += counts[3]
            total[1] += counts[0]

    def kind_round(phase):
        kind, _, number = phase.rpartition(" ")
        return kind, int(number)
    first = {}
    for phase, (place, count) in places.items():
        kind, number = kind_round(phase)
        if kind not in first or number < first[kind][0]:
            first[kind] = (number, place / count)
    return sorted(places, key=lambda phase: (first[kind_round(phase)[0]][1], kind_round(phase)))


def _choices(counts, total: int) -> dict:
    decisions = [c[0] for c in counts]
    return {"decisions": sum(decisions), "share": sum(decisions) / total if total else None,
            "branching": ratio([c[1] for c in counts], decisions),
            "forced": ratio([c[2] for c in counts], decisions, share=True)}


# -- events --------------------------------------------------------------------------------------

def events(records, info: RunInfo) -> list[dict]:
    """How often each rule fires: in what share of hands (rules of the hand) and of matches, and
    how many times a match."""
    hands = [r.hand_count for r in records]
    out = []
    for i, rule in enumerate(info.rules):
        fired = [r.fired.get(i, (0, 0)) for r in records]
        out.append({"rule": rule.label, "where": rule.where, "section": rule.section,
                    "hands": ratio([f[0] for f in fired], hands, share=True) if rule.section != "setup" else None,
                    "matches": proportion(sum(f[1] > 0 for f in fired), len(records)),
                    "per_match": mean(f[1] for f in fired)})
    return out
