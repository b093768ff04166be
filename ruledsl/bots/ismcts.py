"""Single-observer Information-Set Monte Carlo Tree Search (Cowling, Powley and Whitehouse,
"Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012).

One tree over the searching seat's information sets: a node is a sequence of moves (every
player's, as seen by the table), its children the moves made from it, keyed by (player,
action). Each iteration deals a fresh determinization, descends the tree choosing among the
children legal in that deal by UCB1 with availability counts (a child's exploration term counts
the visits in which it could have been chosen, not its parent's visits), adds one child, rolls
out at random to the goal, and credits each node on the path with the value of the player who
moved into it. The move played is the root's most visited child.
"""
from __future__ import annotations

import math

from .search import Bounds, Goal, SearchBot, roll_out

EXPLORATION = 0.7           # UCB constant for values scaled to [0, 1] (Cowling et al. use 0.7)


class Node:
    __slots__ = ("children", "visits", "total", "avail")

    def __init__(self):
        self.children: dict = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1


class ISMCTS(SearchBot):
    name = "ismcts"

    def search(self, state, rng):
        seat, goal = state.current_player(), Goal(state)
        root, bounds = Node(), Bounds()
        for _ in self.budget.ticks():
            deal = state.determinize(seat, rng)
            path = descend(root, deal, goal, bounds, rng)
            values = roll_out(deal, goal, rng)
            bounds.see(values)
            for node, player in path:
                node.visits += 1
                node.total += values[player]
        stats = []
        for a in state.legal_actions():
            child = root.children.get((seat, a))
            visits = child.visits if child else 0
            stats.append((a, visits, child.total / visits if visits else float("-inf")))
        return stats

    def choose(self, stats):
        return max(stats, key=lambda s: (s[1], s[2]))[0]


def descend(node: Node, deal, goal: Goal, bounds: Bounds, rng) -> list:
    """Select and expand in `deal` (played on): the (node, player who moved into it) path."""
    path = []
    log, sqrt = math.log, math.sqrt
    while not goal.reached(deal):
        player = deal.current_player()
        legal = deal.legal_actions()
        kids = node.children
        untried = [a for a in legal if (player, a) not in kids]
        if untried:
            action = untried[rng.randrange(len(untried))]
            child = kids[(player, action)] = Node()
            deal.apply_action_fast(action)
            path.append((child, player))
            return path
        best, best_score, best_action = None, -math.inf, None
        for a in legal:
            child = kids[(player, a)]
            child.avail += 1
            score = bounds.scale(child.total / child.visits) + \
                EXPLORATION * sqrt(log(child.avail) / child.visits)
            if score > best_score:
                best, best_score, best_action = child, score, a
        deal.apply_action_fast(best_action)
        path.append((best, player))
        node = best
    return path
