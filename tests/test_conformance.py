"""One suite over every rule file in games/ (DESIGN.md §7): random walks with invariants.

After every step cards are conserved and the player to move has a legal action; matches end;
the same seed gives the same game; clones are independent.
"""
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import shipped
from ruledsl.runtime import knowledge
from ruledsl.tools.validate import cards_held

GAMES = sorted((Path(__file__).parents[1] / "games").glob("*.yaml"))
LOADED = {p.stem: shipped.load(p) for p in GAMES}
CASES = [(name, n) for name, g in LOADED.items() for n in range(g.min_players, g.max_players + 1)]


def walk(game, players, seed, choose_seed, check=True):
    rng = random.Random(choose_seed)
    state = game.new_initial_state(seed=seed, players=players)
    total = cards_held(state)            # every card is somewhere, and stays so
    trace = []
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal, f"no legal action at step {state.steps}"
        action = rng.choice(legal)
        trace.append(state.action_to_string(action))
        state.apply_action(action)
        if check:
            assert cards_held(state) == total
        assert state.steps < 100_000
    return state, trace


@pytest.mark.parametrize("name,players", CASES)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), choose=st.integers(0, 2**31))
def test_random_matches_keep_invariants(name, players, seed, choose):
    state, _ = walk(LOADED[name], players, seed, choose)
    # a finished match names its winners; a patience (one player) may be lost, with a payoff of 0
    assert state.winners or (players == 1 and state.returns() == [0]), "a finished match names its winners"
    assert len(state.returns()) == players


@pytest.mark.parametrize("name,players", CASES)
def test_same_seed_same_game(name, players):
    game = LOADED[name]
    assert walk(game, players, 7, 11, check=False)[1] == walk(game, players, 7, 11, check=False)[1]


@pytest.mark.parametrize("name,players", CASES)
def test_clone_is_independent(name, players):
    game = LOADED[name]
    state = game.new_initial_state(seed=3, players=players)
    rng = random.Random(5)
    for _ in range(12):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    copy = state.clone()
    before = copy.observation(0)
    probe = state.clone()
    while not probe.is_terminal():
        probe.apply_action(rng.choice(probe.legal_actions()))
    assert copy.observation(0) == before
    assert [copy.action_to_string(a) for a in copy.legal_actions()] == \
        [state.action_to_string(a) for a in state.legal_actions()]


@pytest.mark.parametrize("name,players", CASES)
def test_observation_hides_other_hands(name, players):
    game = LOADED[name]
    state = game.new_initial_state(seed=1, players=players)
    seat = state.current_player()
    obs = state.observation(seat)
    hands = obs["zones"]["hand"]
    public = knowledge.public(state)
    for other, zone in enumerate(hands):
        if other != seat:
            assert all(public >> state.prog.deck.card(c) & 1 for c in zone.get("cards", []))
        else:
            assert len(zone["cards"]) == zone["count"]
