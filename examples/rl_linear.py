"""Train a small learner through the PettingZoo adapter and print its win rate against random
players, before and after.

    python examples/rl_linear.py [RULE FILE] [--players N] [--episodes N] [--set name=value ...]

The learner is linear Q-learning by Monte Carlo returns: Q(observation, a) = w[a] · observation,
fitted to the match's final return after each match; it plays seat 0 greedily over the legal
integer actions (epsilon-greedy while training). Everything it sees is the adapter's observation
tensor and action mask — no hidden card. Needs the extra: pip install 'ruledsl[rl]'.
"""
from __future__ import annotations

import argparse
import random

import numpy as np

from ruledsl.envs.pettingzoo import env


class Linear:
    def __init__(self, size: int, actions: int, rate: float = 0.002):
        self.w = np.zeros((actions, size), np.float32)
        self.rate = rate

    def act(self, observation, mask, rng, epsilon: float) -> int:
        legal = np.flatnonzero(mask)
        if rng.random() < epsilon:
            return int(rng.choice(list(legal)))
        q = self.w[legal] @ observation
        return int(legal[int(np.argmax(q))])

    def learn(self, visited: list, target: float) -> None:
        for observation, action in visited:
            scale = 1.0 / (1.0 + float(observation @ observation))       # normalised step
            error = target - float(self.w[action] @ observation)
            self.w[action] += self.rate * scale * error * observation * 100


def play(e, learner, rng, epsilon: float, train: bool) -> bool:
    """One match; True when seat 0 wins. Learns from it when `train`."""
    e.reset(seed=rng.randrange(2 ** 31))
    visited, total = [], 0.0
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        if agent == "player_0":
            total += reward
        if termination or truncation:
            e.step(None)
            continue
        mask = info["action_mask"]
        if agent == "player_0":
            action = learner.act(observation, mask, rng, epsilon)
            visited.append((observation, action))
        else:
            action = int(rng.choice(list(np.flatnonzero(mask))))
        e.step(action)
    if train:
        learner.learn(visited, total)
    return 0 in (e.match.state.winners or ())


def win_rate(e, learner, rng, matches: int) -> float:
    return sum(play(e, learner, rng, 0.0, False) for _ in range(matches)) / matches


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rules", nargs="?", default="games/coteccio.yaml")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--episodes", type=int, default=3000)
    parser.add_argument("--evaluate", type=int, default=500)
    parser.add_argument("--set", action="append", default=["lives=1"], metavar="NAME=VALUE")
    args = parser.parse_args()
    options = dict(item.split("=", 1) for item in args.set)
    e = env(args.rules, players=args.players, options=options)
    e.reset(seed=0)
    learner = Linear(e.observation_space("player_0").shape[0], e.action_space("player_0").n)
    rng = random.Random(1)
    before = win_rate(e, learner, rng, args.evaluate)
    for k in range(args.episodes):
        play(e, learner, rng, max(0.05, 1.0 - k / args.episodes), True)
    after = win_rate(e, learner, rng, args.evaluate)
    print(f"{args.rules}, {args.players} players: seat 0's win rate against random play "
          f"{before:.1%} untrained (greedy on zero weights), {after:.1%} after {args.episodes} matches "
          f"(chance: {1 / args.players:.1%}; {args.evaluate} matches each)")


if __name__ == "__main__":
    main()
