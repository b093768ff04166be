"""Whole matches between random players: the numbers behind `ruledsl simulate` and `validate --smoke`."""
from __future__ import annotations

import random
import time

import attrs



@attrs.define
class SimulationResult:
    games: int = 0
    hands: int = 0
    steps: int = 0
    seconds: float = 0.0
    wins: list = attrs.Factory(list)

    def to_dict(self) -> dict:
        return {"games": self.games, "hands": self.hands, "steps": self.steps,
                "seconds": round(self.seconds, 4), "wins": self.wins,
                "mean_hands": round(self.hands / self.games, 3) if self.games else 0,
                "games_per_second": round(self.games / self.seconds, 2) if self.seconds else None,
                "hands_per_second": round(self.hands / self.seconds, 1) if self.seconds else None}


class StepLimit(RuntimeError):
    pass


def play_out(state, rng: random.Random, max_steps: int = 1_000_000):
    """Play random legal actions until the match ends (State.play_out: the search path);
    returns the final state."""
    state.play_out(rng, max_steps)
    if not state.is_terminal():
        raise StepLimit(f"the match did not end within {max_steps} actions")
    return state


def simulate(game, games: int, players: int | None = None, seed: int = 0, options: dict | None = None) -> SimulationResult:
    n = players or game.default_players
    result = SimulationResult(wins=[0] * n)
    rng = random.Random(seed)
    start = time.perf_counter()
    for g in range(games):
        st = game.new_initial_state(seed=seed + g, players=n, options=options)
        play_out(st, rng)
        result.games += 1
        result.hands += st.hand_number
        result.steps += st.steps
        for s in st.winners or ():
            result.wins[s] += 1
    result.seconds = time.perf_counter() - start
    return result
