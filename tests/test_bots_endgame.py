"""The endgame solver (ruledsl/bots/endgame.py): alpha-beta (two sides) and max^n (more), with a
transposition table, give the values a plain walk of every line gives, on small positions of the
shipped games; it stops past its limits."""
import random

import pytest

from ruledsl.bots.endgame import CLOCKED, Solver, TooBig, estimate
from ruledsl.bots.search import Goal
from hidden import GAMES


def minimax(st, seat, goal, side):
    """Every line played out: the seat's side maximises its value, the others minimise it."""
    if goal.reached(st):
        return goal.values(st)[seat]
    values = []
    for action in st.legal_actions():
        child = st.clone()
        child.apply_action_fast(action)
        values.append(minimax(child, seat, goal, side))
    return max(values) if side[st.current_player()] else min(values)


def maxn(st, seat, goal):
    """Every line played out: each player takes what is best for them, any of equal worth to
    them as likely (the mean of their values)."""
    if goal.reached(st):
        return tuple(goal.values(st))
    player, options = st.current_player(), []
    for action in st.legal_actions():
        child = st.clone()
        child.apply_action_fast(action)
        options.append(maxn(child, seat, goal))
    top = max(v[player] for v in options)
    tied = [v for v in options if v[player] == top]
    return tuple(sum(v) / len(tied) for v in zip(*tied))


def walked(world, seat, goal, solver):
    return minimax(world, seat, goal, solver.side) if solver.two_sides else maxn(world, seat, goal)[seat]


def tree_size(st, goal, cap):
    """The positions of the rest of the hand from `st`, counted up to `cap` (then cap + 1)."""
    count, stack = 0, [st]
    while stack and count <= cap:
        s = stack.pop()
        count += 1
        if not goal.reached(s):
            for action in s.legal_actions():
                child = s.clone()
                child.apply_action_fast(action)
                stack.append(child)
    return count


def endgames(name, size, count, seed=1):
    """Sampled worlds at decisions with a choice, in random matches, whose rest of the hand has
    at most `size` positions."""
    game, rng = GAMES[name], random.Random(seed)
    for match in range(200):
        st = game.new_initial_state(seed=match)
        while not st.is_terminal() and st.hand_value_pending():
            world = st.determinize(st.current_player(), rng)
            near = world.clone().play_out(rng, hand=True).steps - st.steps <= 12     # cheaper first
            if near and len(st.legal_actions()) > 1 and tree_size(world, Goal(world), size) <= size:
                yield world
                count -= 1
                if count == 0:
                    return
                break
            st.apply_action(rng.choice(st.legal_actions()))


@pytest.mark.parametrize("name", ["ciapano", "coteccio", "couillon", "cicera", "kozel", "president"])
def test_the_solver_agrees_with_minimax(name):
    solved = 0
    for world in endgames(name, 400, 5):
        seat, goal = world.current_player(), Goal(world)
        solver = Solver(seat, goal, world.prog.layout.team_of, limit=50_000)
        value = solver.solve(world.clone())
        assert value == pytest.approx(walked(world.clone(), seat, goal, solver))
        paranoid = Solver(seat, goal, world.prog.layout.team_of, limit=50_000, paranoid=True)
        assert paranoid.solve(world.clone()) == minimax(world.clone(), seat, goal, paranoid.side)
        solved += 1
    assert solved


def test_the_table_is_shared_between_positions_of_one_world():
    """Each move at the root solved with one table: the same values as solving each alone, and
    fewer positions visited."""
    world = next(endgames("ciapano", 3000, 1))
    seat, goal, teams = world.current_player(), Goal(world), world.prog.layout.team_of
    shared = Solver(seat, goal, teams, limit=10**6)
    together, alone, visited = [], [], 0
    for action in world.legal_actions():
        child = world.clone()
        child.apply_action_fast(action)
        together.append(shared.solve(child.clone()))
        fresh = Solver(seat, goal, teams, limit=10**6)
        alone.append(fresh.solve(child))
        visited += fresh.nodes
    assert together == alone and shared.nodes <= visited


def test_a_position_past_the_limit_stops():
    world = next(endgames("ciapano", 3000, 1))
    solver = Solver(world.current_player(), Goal(world), world.prog.layout.team_of, limit=50)
    with pytest.raises(TooBig):
        solver.solve(world)


def test_a_search_past_its_clock_reading_stops_and_one_before_it_does_not():
    """A time budget's share (`until`): the solver reads the clock every CLOCKED + 1 positions
    and stops at the first reading past it, far below its limit of positions; with time to
    spare it solves as without a clock."""
    world = next(endgames("ciapano", 3000, 1))
    ticks = iter(range(10**9))
    clock = lambda: next(ticks)          # noqa: E731  one tick a reading
    args = world.current_player(), Goal(world), world.prog.layout.team_of
    free = Solver(*args, limit=10**6)
    value = free.solve(world.clone())
    assert free.nodes > 2 * (CLOCKED + 1)
    late = Solver(*args, limit=10**6, until=1, clock=clock)       # readings 0, 1, then 2: past
    with pytest.raises(TooBig):
        late.solve(world.clone())
    assert late.nodes == 3 * (CLOCKED + 1)
    early = Solver(*args, limit=10**6, until=10**9, clock=clock)
    assert early.solve(world.clone()) == value


def choice_tree(st, goal):
    """What `estimate` estimates, counted: the position, and below each choice every action's
    position (forced moves followed, not counted)."""
    st = st.clone()
    while not goal.reached(st):
        legal = st.legal_actions()
        if len(legal) > 1:
            count = 1
            for action in legal:
                child = st.clone()
                child.apply_action_fast(action)
                count += choice_tree(child, goal)
            return count
        st.apply_action_fast(legal[0])
    return 1


@pytest.mark.parametrize("name", ["ciapano", "kozel", "cicera"])
def test_the_estimate_of_an_endgame_is_its_size_on_average(name):
    """Knuth's estimate is unbiased: over many walks its mean is the tree's size; one cap passed
    ends it above the cap."""
    rng = random.Random(5)
    for world in endgames(name, 2000, 3):
        goal = Goal(world)
        size = choice_tree(world, goal)
        assert size > 2
        mean, steps = estimate(world, goal, rng, walks=3000)
        assert mean == pytest.approx(size, rel=0.15) and steps >= 3000
        above, _ = estimate(world, goal, rng, walks=3000, cap=1.5)
        assert above > 1.5


def test_the_expert_searches_no_endgame_its_estimate_says_cannot_fit():
    """A move whose first world's rest of the hand is far past the solver's limit pays for a few
    random walks, not for a search that would stop at its limit: no world is solved and the
    cost is a fraction of the limit; a world that fits is solved, as a search would."""
    from ruledsl.bots.expert import Exact
    from ruledsl.bots.search import Meter
    game, rng = GAMES["ciapano"], random.Random(1)
    st = game.new_initial_state(seed=3)
    while len(st.legal_actions()) < 2:
        st.apply_action(st.legal_actions()[0])
    seat, goal = st.current_player(), Goal(st)
    exact = Exact(seat, goal, st.prog.layout.team_of, 2000, Meter(None, 10**6))
    assert exact.row(st.determinize(seat, rng), st.legal_actions(), rng) is None
    assert not exact.on and exact.cost < 2000 // 20
    small = next(endgames("ciapano", 400, 1))
    seat, goal = small.current_player(), Goal(small)
    exact = Exact(seat, goal, small.prog.layout.team_of, 10**5, Meter(None, 10**6))
    row = exact.row(small.clone(), small.legal_actions(), rng)
    solver = Solver(seat, goal, small.prog.layout.team_of, limit=10**5)
    expected = []
    for action in small.legal_actions():
        child = small.clone()
        child.apply_action_fast(action)
        expected.append(solver.solve(child))
    assert row == expected and exact.on
