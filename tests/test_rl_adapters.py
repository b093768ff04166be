"""The adapters pass the libraries' own checks, for every shipped game and player count:
PettingZoo's api_test (warnings as errors) and seed_test, OpenSpiel's random_sim_test with
serialisation. Matches are kept short with options (rl_games.SHORT)."""
import random
import warnings

import pytest

pettingzoo_test = pytest.importorskip("pettingzoo.test", reason="the [rl] extra (pettingzoo) is not installed")
pyspiel = pytest.importorskip("pyspiel", reason="the [rl] extra (open_spiel) is not installed")

from ruledsl.envs import Match  # noqa: E402
from ruledsl.envs.openspiel import register  # noqa: E402
from ruledsl.envs.recall import tensor_size  # noqa: E402
from ruledsl.envs.pettingzoo import env  # noqa: E402
from rl_games import load, shipped, short  # noqa: E402

CASES = shipped()
# OpenSpiel's serialisation check rebuilds the match from its start at every state, so its cost
# grows with the square of a match's length: one random hand of Cheat among 6 or Rummy among 5-6
# runs to 1,000+ actions (4-9 s of CPU each). CI runs them; the everyday loop has the others.
LONG = {("cheat", 6), ("rummy", 5), ("rummy", 6)}
SERIALISED = [pytest.param(*case, marks=pytest.mark.slow) if case in LONG else case for case in CASES]


@pytest.mark.parametrize("name,n", CASES)
def test_pettingzoo_api_and_seed_tests(name, n):
    game = load(name)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        pettingzoo_test.api_test(env(game, n, short(name)), num_cycles=30)
        pettingzoo_test.seed_test(lambda: env(game, n, short(name)), num_cycles=30)


@pytest.mark.parametrize("rewards", ["match", "hand"])
def test_a_pettingzoo_match_ends_with_the_returns_or_the_hands_values(rewards):
    """The rewards add up to the match's returns, or to every hand's values; the hands' values
    come from the summaries of the same match replayed with a record (one action may score two
    hands: a Kozel hand can end as dealt, in a Bura, with no decision in it)."""
    game = load("kozel")
    e = env(game, 3, {"hands": 2}, rewards=rewards)
    e.reset(seed=4)
    rng = random.Random(4)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    chosen = []
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        totals[agent] += reward
        if termination or truncation:
            e.step(None)
            continue
        assert observation.shape == game.observation_shape(3) and info["action_mask"].sum() >= 1
        chosen.append(rng.choice([i for i, m in enumerate(info["action_mask"]) if m]))
        e.step(chosen[-1])
    st = e.match.state
    assert e.agents == [] and st.is_terminal()
    replay = Match(game.new_initial_state(seed=st.seed, players=3, options={"hands": 2}, record=True))
    for i in chosen:
        replay.step(i)
    hands = [ev["values"] for ev in replay.state.events if ev["kind"] == "summary"]
    assert len(hands) == 2 and replay.state.returns() == st.returns()
    expected = st.returns() if rewards == "match" else [sum(h[s] for h in hands) for s in range(3)]
    assert [totals[a] for a in e.possible_agents] == pytest.approx(expected)


@pytest.mark.parametrize("name,n", SERIALISED)
def test_openspiel_random_simulation_with_serialisation(name, n):
    game = pyspiel.load_game(register(load(name), options=short(name), name=f"ruledsl_short_{name}"),
                             {"players": n})
    assert game.num_distinct_actions() == load(name).num_distinct_actions(n)
    assert game.observation_tensor_shape() == list(load(name).observation_shape(n))
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_openspiel_chance_draws_the_seed_and_the_observer_gives_the_tensor():
    from open_spiel.python.observation import make_observation
    rules = load("coteccio")
    game = pyspiel.load_game(register(rules, players=3))
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 1000
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)
    state.apply_action(17)
    same = rules.new_initial_state(seed=17, players=3)
    seat = state.current_player()
    assert seat == same.current_player() and state.legal_actions() == same.legal_indices()
    observation = make_observation(game)
    observation.set_from(state, 1)
    assert list(observation.tensor) == pytest.approx(same.observation_tensor(1))
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert (game.min_utility(), game.max_utility()) == (float("-inf"), float("inf"))  # result.returns: not derived
    assert (pyspiel.load_game(register(load("couillon"))).max_utility()) == 1.0        # 1 to each winner
    assert register(load("ciapano")) == "ruledsl_ciapano"                                # the file's name


def test_openspiel_games_and_states_pickle():
    """What worker processes need (each registers the file too)."""
    import pickle
    game = pyspiel.load_game(register(load("kozel"), options={"hands": 2}), {"players": 3})
    state = game.new_initial_state()
    state.apply_action(5)
    state.apply_action(state.legal_actions()[1])
    again = pickle.loads(pickle.dumps(state))
    assert again.history() == state.history() and str(again) == str(state)
    assert pickle.loads(pickle.dumps(game)).num_players() == 3


def test_openspiel_algorithms_run_on_a_registered_file():
    """OpenSpiel's RL environment plays a whole match with the information state tensor
    (envs/recall.py: the observation, then the hand's actions), and its MCTS picks a legal move."""
    import numpy as np
    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import mcts
    rules = load("coteccio")
    game = pyspiel.load_game(register(rules, options={"lives": 1}, name="ruledsl_coteccio_one_life"), {"players": 2})
    environment = rl_environment.Environment(game)
    step = environment.reset()
    while not step.last():
        seat = step.observations["current_player"]
        assert len(step.observations["info_state"][seat]) == tensor_size(rules, 2) > rules.observation_shape(2)[0]
        step = environment.step([step.observations["legal_actions"][seat][-1]])
    assert sorted(step.rewards) != [0.0, 0.0]               # somebody won the pool
    state = game.new_initial_state()
    state.apply_action(3)
    bot = mcts.MCTSBot(game, 2, 20, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
                       random_state=np.random.RandomState(0))
    assert bot.step(state) in state.legal_actions()
