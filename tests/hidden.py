"""Shared by the hidden-information tests: every shipped rule file and player count, and random
points of random matches in them."""
import random
from pathlib import Path

import ruledsl

ROOT = Path(__file__).parents[1]
FILES = sorted((ROOT / "games").glob("*.yaml")) + sorted((ROOT / "examples").glob("*.yaml"))
GAMES = {p.stem: ruledsl.load_game(p) for p in FILES}
CASES = [(name, n) for name, g in GAMES.items() for n in range(g.min_players, g.max_players + 1)]


def random_points(game, players, seed, every=3, limit=40):
    """States at decisions of one random match (one in `every`, at most `limit`), as clones."""
    rng = random.Random(seed)
    st = game.new_initial_state(seed=seed, players=players)
    found = 0
    while not st.is_terminal() and found < limit:
        if rng.randrange(every) == 0:
            found += 1
            yield st.clone()
        st.apply_action(rng.choice(st.legal_actions()))


def snapshot(st):
    """Everything a determinization could change by mistake."""
    return ([z[:] for z in st.zones], st.trick, st.cv[:], st.vars[:], st.know, st.taken, st.stack,
            st.given, st.seed, st.pc, st.player, st.events)
