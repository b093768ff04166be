"""Skill: how much a strong bot wins against random players, and against a weaker budget of
itself. The strong bot sits in seat i mod n in match i (the others hold the opposition), so
every seat and position gets it equally often; a game where skill matters lets it win far more
than its fair share."""
from __future__ import annotations

from .. import bots
from .metrics import RunInfo, advantage
from .stats import ALPHA, binomial_test, proportion

DEFAULT = "ismcts@200,ismcts@50"


class NotMeasured(Exception):
    """Why skill is not measured (no such bot yet, no budget given): said in the report."""


def lineups(spec: str, players: int) -> list[tuple[str, tuple[str, ...]]]:
    """(name, lineup) of each skill run for `STRONG[,WEAK]`: the strong bot against random
    players, and against the weak one when given."""
    strong, _, weak = (part.strip() for part in spec.partition(","))
    for name in filter(None, (strong, weak)):
        try:
            bots.make(name)
        except bots.BotSpecError as exc:
            raise NotMeasured(str(exc)) from None
    runs = [(f"{strong} vs random", (strong,) + ("random",) * (players - 1))]
    if weak:
        runs.append((f"{strong} vs {weak}", (strong,) + (weak,) * (players - 1)))
    return runs


def skill(records, info: RunInfo) -> dict:
    """The strong seat's win rate against its fair share (the mean number of winners a match,
    shared among the seats; exact binomial test) and its mean per-hand edge."""
    n, m = info.players, len(records)
    wins = sum(r.index % n in r.winners for r in records)
    share = sum(len(r.winners) for r in records) / (n * m) if m else 0.0
    p = binomial_test(wins, m, share) if m else None
    return {"win_rate": proportion(wins, m), "fair_share": share, "p": p,
            "significant": p is not None and p < ALPHA,
            "edge": advantage(records, info, lambda r, hand: r.index % n)}
