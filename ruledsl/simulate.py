"""Whole matches between random players: the fast loop behind `ruledsl simulate` and the
benchmarks, and the figures `simulate` prints."""
from __future__ import annotations

import random

import attrs

from .errors import RuleError

MAX_ACTIONS = 1_000_000     # a match that needs more actions than this is taken to be stuck


class StepLimit(RuntimeError):
    pass


def stuck(state) -> RuleError:
    """The error for a match that is not over but leaves the player to move without an action."""
    op = state.prog.ops[state.pc]
    return RuleError(getattr(op, "span", state.prog.span),
                     f"a player must move but has no legal action (step {state.steps})")


def play_out(state, rng: random.Random, max_steps: int = MAX_ACTIONS):
    """Play random legal actions until the match ends; returns the final state."""
    # The engine contract, unrolled: the op at the program counter lists and applies actions.
    choice, ops, advance = rng.choice, state.prog.ops, state.prog.advance
    for _ in range(max_steps):
        op = ops[state.pc]
        legal = op.legal(state) if state.player >= 0 else None
        if legal:
            nxt = op.apply(state, choice(legal))
            state.steps += 1
            if nxt is not None:         # as State._continue
                state.pc = nxt
                advance(state)
        else:
            if state.is_terminal():
                return state
            raise stuck(state)
    raise StepLimit(f"the match did not end within {max_steps} actions")


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
