"""A move that teaches nobody anything is skipped by knowledge.moved (Viewers.silent); skipping
must give exactly what working it out gives, for every pair of zones of every shipped game."""
import random
from pathlib import Path

import pytest

import ruledsl
from ruledsl.runtime import knowledge

GAMES = sorted((Path(__file__).parents[1] / "games").glob("*.yaml"))


def known(st) -> tuple:
    """What the seats know, with 'nothing yet' (None) as the zeros it stands for."""
    return (st.know if st.know is not None else (0,) * (1 + st.n)), st.voids


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_a_silent_move_changes_what_nobody_knows(path):
    game = ruledsl.load_game(path)
    rng = random.Random(path.stem)
    for players in (game.min_players, game.max_players):
        st = game.new_initial_state(seed=3, players=players)
        for _ in range(rng.randrange(1, 12)):          # somewhere in the first hand, voids and all
            if st.is_terminal():
                break
            st.apply_action(rng.choice(st.legal_actions()))
        viewers = st.prog.viewers
        silent, zones = viewers.silent, range(len(viewers.seers))
        assert any(any(row) for row in silent) and not all(all(row) for row in silent)
        cards = [c for z in st.zones for c in z][:3]
        for a in zones:
            for b in zones:
                skipped, worked = st.clone(), st.clone()
                knowledge.moved(skipped, a, b, cards)
                viewers.silent = tuple((False,) * len(row) for row in silent)     # no skipping
                try:
                    knowledge.moved(worked, a, b, cards)
                finally:
                    viewers.silent = silent
                assert known(skipped) == known(worked), (a, b, silent[a][b])
