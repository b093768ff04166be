"""The endgame solver (ruledsl/bots/endgame.py): alpha-beta (two sides) and max^n (more), with a
transposition table, give the values a plain walk of every line gives, on small positions of the
shipped games; it stops past its limits."""
import random

import pytest

from ruledsl.bots.endgame import CLOCKED, Solver, TooBig
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
