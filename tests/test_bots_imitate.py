"""The imitation roll-out policy (ruledsl/bots/imitate.py): its features say what the engine does
with a play, its fit finds the weights that made a set of choices, and a search using it sees
only what its seat may know. Whether it makes the expert stronger is benchmarks/bots.py's job."""
import math
import random

import pytest

from ruledsl import bots
from ruledsl.bots import rollouts
from ruledsl.bots.imitate import FEATURES, Imitation, fit, single
from ruledsl.bots.search import Goal
from hidden import CASES, GAMES, random_points, twins

TRICK_GAMES = ("ciapano", "kozel", "couillon", "coteccio")
HOLDS, HOLDS_POINTS, GIVES_POINTS, WINS = (FEATURES.index(f) for f in ("holds", "holds*points", "gives*points", "wins"))


def trick_plays(name, seed=1, limit=25):
    """Positions with a choice at a trick's play of single cards."""
    game = GAMES[name]
    found = 0
    for st in random_points(game, game.default_players, seed, every=1, limit=400):
        legal = st.legal_actions()
        if len(legal) > 1 and st.prog.rollout[st.pc] is not None and None not in map(single, legal):
            yield st
            found += 1
            if found == limit:
                return


@pytest.mark.parametrize("name", TRICK_GAMES)
def test_a_plays_features_say_who_holds_the_trick_after_it_and_what_it_holds(name):
    """For every legal card at tricks' plays: `holds` is whether the player's side holds the trick
    once the card is played (or won it, when the card completes it: then `wins` too), and the
    points features are the trick's points then, counted for the side that holds it — checked
    against the engine, which plays the card."""
    checked = 0
    for st in trick_plays(name):
        legal = st.legal_actions()
        policy = Imitation(st, [0.0] * len(FEATURES))
        top = max(float(p or 0) for p in st.prog.deck.points) or 1.0
        side = st.prog.layout.team_of[st.player]
        before = st.tricks_played
        for action, row in zip(legal, policy.features(st, legal)):
            child = st.clone()
            child.apply_action_fast(action)
            if child.hands_scored != st.hands_scored:        # the hand's last trick: its winner is gone
                continue
            if child.tricks_played > before:
                holder, complete = child.trick_winners[-1], True
                cards = [c for _, cs, _ in st.trick for c in cs] + [single(action)]
            else:
                holder, complete = child.trick[child.best][0], False
                cards = [c for _, cs, _ in child.trick for c in cs]
            ours = st.prog.layout.team_of[holder] == side
            assert row[HOLDS] == ours, (str(action), st.trick)
            assert row[WINS] == (ours and complete)
            points = sum(float(st.prog.deck.points[c] or 0) for c in cards) / top
            assert math.isclose(row[HOLDS_POINTS] + row[GIVES_POINTS], points)
            checked += 1
    assert checked > 20


def test_a_decision_that_is_not_a_trick_play_is_random():
    """Couillon's bidding: no features, uniform choice."""
    game = GAMES["couillon"]
    for st in random_points(game, game.default_players, 1, every=1, limit=200):
        legal = st.legal_actions()
        if len(legal) > 1 and None in map(single, legal):
            policy = Imitation(st, [5.0] * len(FEATURES))
            assert policy.features(st, legal) is None and policy.probabilities(st, legal) is None
            rng = random.Random(1)
            seen = {policy(st, legal, rng) for _ in range(200)}
            assert seen == set(legal)
            return
    pytest.fail("no bid found")


def test_the_policy_plays_as_its_weights_say():
    """A large weight on holding the trick: the policy takes it whenever a card can."""
    w = [0.0] * len(FEATURES)
    w[HOLDS] = 30.0
    rng, seen = random.Random(4), 0
    for st in trick_plays("ciapano", seed=3, limit=80):
        legal = st.legal_actions()
        policy = Imitation(st, w)
        rows = policy.features(st, legal)
        if any(r[HOLDS] for r in rows) and not all(r[HOLDS] for r in rows):
            picked = policy(st, legal, rng)
            assert rows[legal.index(picked)][HOLDS] == 1.0
            assert math.isclose(sum(policy.probabilities(st, legal)), 1.0)
            seen += 1
    assert seen > 3


def test_the_fit_finds_the_weights_that_made_the_choices():
    """Choices drawn from a known conditional logit: the fit recovers its weights."""
    rng = random.Random(7)
    truth = [1.5, -2.0, 0.5]
    rows = []
    for _ in range(3000):
        feats = [[rng.random(), rng.random(), float(rng.random() < 0.5)] for _ in range(rng.randint(2, 6))]
        scores = [math.exp(sum(a * b for a, b in zip(truth, f))) for f in feats]
        x, chosen = rng.random() * sum(scores), 0
        while x > scores[chosen]:
            x -= scores[chosen]
            chosen += 1
        rows.append((feats, chosen))
    w, mean_log = fit(rows, ridge=0.1)
    assert all(abs(a - b) < 0.3 for a, b in zip(w, truth)), w
    assert mean_log > -sum(math.log(len(f)) for f, _ in rows) / len(rows)      # better than uniform


@pytest.mark.parametrize("name", ["ciapano", "kozel"])
def test_a_search_rolling_out_by_imitation_sees_only_what_its_seat_may_know(name, tmp_path, monkeypatch):
    """Two recorded matches whose hands differ only in cards the seat to move has never seen:
    the expert rolling out by a fitted policy (`imitate`), and weighing its worlds by it
    (`fitted`), rates every move the same in both."""
    game = GAMES[name]
    st = game.new_initial_state(seed=1, players=game.default_players)
    key = rollouts.rules_key(game.ruleset, game.default_players)
    choices = tmp_path / "rollouts.json"
    choices.write_text('{"%s": {"imitate": 64, "fitted": 1, "policy": [0.5, -1, 2, 1, -1, 2, 1, -1, -1, 0.5, 0, -2]}}' % key)
    monkeypatch.setattr(rollouts, "CHOICES", choices)
    monkeypatch.setattr(rollouts, "_CHOSEN", {})
    assert rollouts.policy_of(st) and rollouts.chosen(st, "imitate") == 64 and rollouts.chosen(st, "fitted")
    checked = 0
    from ruledsl.bots.inference import Model, Worlds
    from ruledsl.bots.policy import Judge
    for _, st, seat, other in twins(game, random.Random(3), 40, (6, 14), choice=True):
        model = Model(Judge(st), imitation=Imitation(st, rollouts.policy_of(st)))
        assert Worlds(st, seat, random.Random(1), model, 16, 10**6).pool and model.imitated   # weighed by the policy
        bot = bots.make("expert@200")
        assert bot.evaluate(st, random.Random(8)) == bot.evaluate(other, random.Random(8))
        plain = bots.make("expert@200")
        plain.style = type(plain.style)(imitate=0, fitted=False)
        assert plain.evaluate(st, random.Random(8)) != bot.evaluate(st, random.Random(8))   # the policy was used
        checked += 1
        if checked == 2:
            return
    pytest.fail(f"no twin states found in {name}")


@pytest.mark.parametrize("name", TRICK_GAMES)
def test_the_scores_a_roll_out_draws_by_are_the_weights_times_the_features(name):
    rng = random.Random(2)
    for st in trick_plays(name, limit=15):
        legal = st.legal_actions()
        policy = Imitation(st, [rng.uniform(-2, 2) for _ in FEATURES])
        expected = [sum(a * b for a, b in zip(policy.weights, row)) for row in policy.features(st, legal)]
        assert all(math.isclose(a, b, abs_tol=1e-9) for a, b in zip(policy.scores(st, legal), expected))


def test_the_model_of_play_rates_a_worlds_past_tricks_by_the_fitted_policy():
    """Inference with a fitted policy (expert's `fitted`): a world's log-likelihood is the sum,
    over the other players' plays with a choice in its past, of the log of the chance the policy
    gives the card they played — in Ciapanò, where every decision is a trick's play."""
    from ruledsl.bots.inference import Model
    from ruledsl.bots.policy import Judge
    from ruledsl.runtime.history import decisions
    game, rng = GAMES["ciapano"], random.Random(5)
    st = game.new_initial_state(seed=3, players=4, record=True)
    for _ in range(13):
        st.apply_action(rng.choice(st.legal_actions()))
    seat = st.current_player()
    policy = Imitation(st, [0.5, -1, 2, 1, -1, 2, 1, -1, -1, 0.5, 0, -2])
    for draw in range(3):
        world = st.determinize(seat, random.Random(draw), past=True)
        expected, replay = 0.0, world.past[0].clone()
        for who, action in decisions(world.past):
            legal = replay.legal_actions()
            if who != seat and len(legal) > 1:
                expected += math.log(policy.probabilities(replay, legal)[legal.index(action)])
            replay.apply_action_fast(action)
        assert expected < 0
        assert math.isclose(Model(Judge(st), imitation=policy).log_likelihood(world, seat), expected)


def to_a_trick_play(game, players, seed):
    """A random match of `game` stopped at its first trick's play, with the rng that led there."""
    rng = random.Random(seed)
    st = game.new_initial_state(seed=seed, players=players)
    while not st.is_terminal() and st.prog.rollout[st.pc] is None:
        st.apply_action(rng.choice(st.legal_actions()))
    return None if st.is_terminal() else st


TRICK_CASES = [(name, n) for name, n in CASES if any(GAMES[name].program(n).rollout)]      # games of tricks


@pytest.mark.parametrize("name,players", TRICK_CASES)
def test_a_roll_out_policy_is_asked_each_trick_play_with_what_the_api_shows_there(name, players):
    """State.play_out's `pick` (the generated trick loop's hook, which may keep the trick in
    locals): asked at every play of the hand's tricks with the legal plays, the trick, its best
    play's place and the seat playing as the API shows them at that decision, and its answer is
    what is played — the hand replayed through the API with the same answers ends alike."""
    game = GAMES[name]
    for seed in range(3):
        st = to_a_trick_play(game, players, seed)
        if st is None:
            continue
        asked = []

        def pick(s, legal, trick, best, seat):
            action = legal[seed % len(legal)]
            asked.append((list(legal), tuple(trick), best, seat, action))
            return action
        out = st.clone().play_out(random.Random(seed), hand=True, pick=pick)
        replay, rng, i = st.clone(), random.Random(seed), 0
        while replay.player >= 0 and replay.hands_scored == st.hands_scored:
            legal = replay.legal_actions()
            if replay.prog.rollout[replay.pc] is None:
                replay.apply_action(rng.choice(legal))
                continue
            shown = (legal, tuple(replay.trick), replay.best, replay.turn)
            assert asked[i][:4] == shown, (i, asked[i], shown)
            replay.apply_action(asked[i][4])
            i += 1
        assert i == len(asked) > 4
        assert replay.key() == out.key()


@pytest.mark.parametrize("name", TRICK_GAMES)
def test_the_trick_loops_draws_follow_the_policys_chances(name):
    """The loop's draws (Imitation.picker: tables made once per ranking) give each play the
    chance the policy's features and weights give it, and are drawn in those proportions."""
    rng, checked = random.Random(6), 0
    for st in trick_plays(name, seed=2, limit=12):
        legal = st.legal_actions()
        policy = Imitation(st, [rng.uniform(-2, 2) for _ in FEATURES])
        chances = policy.chances(st, legal, st.trick, st.best, st.turn)
        assert all(math.isclose(a, b, abs_tol=1e-12) for a, b in zip(chances, policy.probabilities(st, legal)))
        pick, draws = policy.picker(random.Random(checked)), 3000
        counts = {a: 0 for a in legal}
        for _ in range(draws):
            counts[pick(st, legal, st.trick, st.best, st.turn)] += 1
        for action, p in zip(legal, chances):      # five standard errors (seeded: no flakes)
            assert abs(counts[action] / draws - p) <= 5 * math.sqrt(p * (1 - p) / draws) + 1e-9, (str(action), p)
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize("name", ["kozel", "coteccio"])
def test_a_roll_out_by_imitation_ends_with_the_hand(name):
    """An `imitate` roll-out is the hand played on by the policy in the trick loop, to the
    hand's end and no further (the fifth pass's went on with a random play-out, which dealt
    and played the next hand and counted its value), and its values are that hand's."""
    game = GAMES[name]
    weights = [0.5, -1, 2, 1, -1, 2, 1, -1, -1, 0.5, 0, -2]
    for seed in range(3):
        st = to_a_trick_play(game, game.default_players, seed)
        goal = Goal(st)
        assert goal.by_hand
        finish = rollouts.Finish(st, goal, imitate=64)
        finish.imitation = Imitation(st, weights)
        world, alone = st.clone(), st.clone()
        values = finish(world, random.Random(seed))
        rng = random.Random(seed)          # (the roll-out's draws and the policy's, from one generator)
        alone.play_out(rng, hand=True, pick=Imitation(st, weights).picker(rng))
        assert world.key() == alone.key() and values == goal.values(alone)
        over = world.clone()
        assert finish(over, random.Random(9)) == values and over.key() == world.key()    # nothing left to play


def test_a_roll_out_by_imitation_draws_in_the_trick_loop():
    """The expert's `imitate` roll-outs go through State.play_out's pick, not the API."""
    game = GAMES["ciapano"]
    st = to_a_trick_play(game, 4, 1)
    finish = rollouts.Finish(st, Goal(st), imitate=64)
    finish.imitation = Imitation(st, [0.5, -1, 2, 1, -1, 2, 1, -1, -1, 0.5, 0, -2])
    calls, legal_actions = [], type(st).legal_actions
    world = st.clone()
    type(world).legal_actions = lambda s: calls.append(1) or legal_actions(s)
    try:
        values = finish(world, random.Random(1))
    finally:
        type(world).legal_actions = legal_actions
    assert world.hands_scored > st.hands_scored and len(values) == 4 and not calls


def test_a_roll_out_from_a_hand_already_over_plays_nothing():
    """A search's roll-out (PIMC's, ISMCTS's) from a world where the action tried ended the
    hand: that hand's values, and no next hand dealt and played at random into them."""
    from ruledsl.bots.search import roll_out
    game, rng, checked = GAMES["kozel"], random.Random(2), 0
    for seed in range(6):
        st = game.new_initial_state(seed=seed, players=3)
        while st.hands_scored == 0:
            before = st.clone()
            st.apply_action(rng.choice(st.legal_actions()))
        goal, over = Goal(before), st.clone()
        assert roll_out(over, goal, random.Random(1)) == goal.values(st) and over.key() == st.key()
        checked += 1
    assert checked == 6
