"""Whole matches between random players: the fast loop behind `ruledsl simulate` and the
benchmarks, and the figures `simulate` prints."""
from __future__ import annotations

import random

import attrs

MAX_ACTIONS = 1_000_000     # a match that needs more actions than this is taken to be stuck


class StepLimit(RuntimeError):
    pass


def play_out(state, rng: random.Random, max_steps: int = MAX_ACTIONS):
    """Play random legal actions until the match ends (State.play_out: the search path);
    returns the final state."""
    state.play_out(rng, max_steps)
    if not state.is_terminal():
        raise StepLimit(f"the match did not end within {max_steps} actions")
    return state


@attrs.define
class SimulationResult:
    """What `simulate` reports, summed over match records (analysis/records.py)."""

    games: int = 0
    hands: int = 0
    steps: int = 0
    seconds: float = 0.0
    wins: list = attrs.Factory(list)
    returns: list = attrs.Factory(list)      # summed payoff per seat

    @classmethod
    def of(cls, records, players: int, seconds: float) -> SimulationResult:
        result = cls(wins=[0] * players, returns=[0.0] * players, seconds=seconds)
        for record in records:
            result.games += 1
            result.hands += record.hand_count
            result.steps += record.decisions
            for seat in record.winners:
                result.wins[seat] += 1
            for seat, value in enumerate(record.returns):
                result.returns[seat] += value or 0.0
        return result

    def to_dict(self) -> dict:
        return {"games": self.games, "hands": self.hands, "steps": self.steps,
                "seconds": round(self.seconds, 4), "wins": self.wins,
                "returns": [round(r / self.games, 4) if self.games else 0 for r in self.returns],
                "mean_hands": round(self.hands / self.games, 3) if self.games else 0,
                "games_per_second": round(self.games / self.seconds, 2) if self.seconds else None,
                "hands_per_second": round(self.hands / self.seconds, 1) if self.seconds else None}
