"""Computer players. A bot is any callable (state, rng) → action."""
from __future__ import annotations

import random


def random_bot(state, rng: random.Random):
    """Uniformly random among the legal actions."""
    return rng.choice(state.legal_actions())
