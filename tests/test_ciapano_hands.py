"""Ciapanò's hand scoring over random matches (RULES.md §5.1 End-of-hand scoring): the cards
always hold 10 2/3; everyone but the last trick's winner scores their card points rounded down,
the winner the rest of 11 — or, in a cappotto, 0 and everyone else 11."""
import random
from fractions import Fraction
from pathlib import Path

import pytest

import shipped

GAME = shipped.load(Path(__file__).parents[1] / "games" / "ciapano.yaml")


def _hands(players, seed):
    """(active seats, last trick winner, card points, hand scores, totals before, totals after)
    for every hand of one random match."""
    st = GAME.new_initial_state(seed=seed, players=players, record=True)
    rng = random.Random(seed)
    while not st.is_terminal():
        st.apply_action(rng.choice(st.legal_actions()))
    out, last, totals, hands = set(), None, [0] * players, []
    for e in st.events:
        if e["kind"] == "trick":
            last = e["winner"]
        elif e["kind"] == "out":
            out.add(e["seat"])
        elif e["kind"] == "summary":
            lines = e["lines"]
            active = [s for s in range(players) if s not in out]
            after = [int(v) for v in lines["total"]]
            hands.append((active, last, [Fraction(v) for v in lines["card points"]],
                          [int(v) for v in lines["hand"]], totals, after))
            totals = after
    return hands


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("seed", range(4))
def test_every_hand_shares_out_eleven(players, seed):
    for active, last, cards, hand, before, after in _hands(players, seed):
        assert sum(cards[s] for s in active) == Fraction(32, 3)
        others = [s for s in active if s != last]
        if all(cards[s] < 1 for s in others):                 # cappotto (pagat's condition)
            assert hand[last] == 0 and all(hand[s] == 11 for s in others)
        else:
            assert all(hand[s] == cards[s] // 1 for s in others)
            assert hand[last] == 11 - sum(hand[s] for s in others)
            assert sum(hand[s] for s in active) == 11
        assert all(after[s] == before[s] + hand[s] for s in active)
