"""The `expert` bot: flat Monte Carlo over sampled worlds (flat.py), every legal action tried in
each world and the one with the best mean value played; a world's rest of the hand solved
exactly when it is small (endgame.py), else finished by a roll-out — random, or, in a game
where the benchmark found it better at equal time (rollouts.py), playing some or all of the time
the action the rule file's values favour one action ahead (policy.py). Where the benchmark found
it stronger for the game, the action the one-action judge favours (rated in the same worlds)
stands unless the search shows, world by world, that another is better (`Style.stand`).
"""
from __future__ import annotations

import attrs

from .endgame import Solver, TooBig, estimate
from .flat import Samples, try_each
from .imitate import Imitation
from .inference import AGREE, Model, Worlds
from .policy import Judge
from .rollouts import HORIZON, JUDGED_PER_ROLLOUT, Finish, chosen, policy_of
from .search import Goal, SearchBot

SOLVE_SHARE = 8          # a world solved exactly may cost at most this part of a move's budget
NODES_PER_ROLLOUT = 2    # positions an exact search visits in the time of a roll-out, about
FITS = 3                 # the solver visits up to this many times the positions `estimate` gives
WALKED_PER_ROLLOUT = 10  # decisions of the estimate's walks in the time of a roll-out, about
INFER_SHARE = 4          # the pool's likelihoods may take this part of it (inference.py)
POOL = 64                # worlds in the pool at most


@attrs.frozen
class Style:
    """How the search finishes a world."""
    greedy: float | None = None  # the part of a roll-out's decisions played by the one-action judge
                                 # (None: as measured for the game, rollouts.chosen)
    solve: bool | None = None    # small endgames solved exactly (None: as measured for the game,
                                 # rollouts.chosen; yes unless measured worse)
    infer: bool = True           # worlds whose past does not replay ruled out
    weigh: bool | None = None    # and, budget allowing, weighted by the likelihood of the others' play
                                 # (None: as measured for the game, rollouts.chosen; yes unless measured worse)
    horizon: int | None = None   # a roll-out cut after this many actions, the learned values judging
                                 # (None: as measured for the game, rollouts.chosen; else HORIZON)
    replies: int = 0             # the decisions after the action tried taken by the judge, then random
    imitate: int | None = None   # the decisions after those played by the policy fitted to a search's choices
                                 # (imitate.py), then random (None: as measured for the game, rollouts.chosen)
    stand: float | None = None   # the judge's pick is played unless another action's paired lead over it,
                                 # world by world, passes this many standard errors (0: the best mean;
                                 # None: as measured for the game, rollouts.chosen)
    race: float | None = None    # an action the best mean leads, world by world, by this many standard
                                 # errors is tried no more (0: every action in every world; never with stand;
                                 # None: as measured for the game, rollouts.chosen)
    agree: float = AGREE         # the model of play: the chance a player takes the judge's best (inference.py)
    fitted: bool | None = None   # at tricks' plays, the model of play is the policy fitted to search bots' choices
                                 # (imitate.py; None: as measured for the game, rollouts.chosen)
    pool: int = POOL             # worlds in the weighted pool at most (inference.py)
    infer_share: int = INFER_SHARE   # the pool's likelihoods may take this part of a move's budget
    share: int = SOLVE_SHARE     # a world solved exactly may cost at most this part of a move's budget
    nodes: int = NODES_PER_ROLLOUT   # positions an exact search is charged as one roll-out's work


class Expert(SearchBot):
    name = "expert"
    style = Style()

    def search(self, state, rng):
        meter = self.budget.meter()
        stand = standing(state, self.style)
        style = self.style
        samples = sample(state, rng, meter, style, solve_limit=meter.share(style.share) * style.nodes,
                         infer_work=meter.share(style.infer_share) if weighs(state, style) else 0, pool=style.pool,
                         judged=bool(stand))
        stats = Stats((a, len(samples), mean) for a, mean in zip(samples.legal, samples.means()))
        if stand or len(samples.alive) < len(samples.legal):
            stats.play = samples.legal[played(samples, stand)]
        return stats

    def choose(self, stats):
        if getattr(stats, "play", None) is not None:
            return stats.play
        return max(stats, key=lambda s: s[2])[0]


def weighs(state, style: Style = Style()) -> bool:
    """Whether the search weighs a pool of worlds by the others' play, for `state`'s game."""
    return bool(chosen(state, "weigh", 1.0)) if style.weigh is None else style.weigh


def solves(state, style: Style = Style()) -> bool:
    """Whether the search solves small endgames exactly, for `state`'s game."""
    return bool(chosen(state, "solve", 1.0)) if style.solve is None else style.solve


def horizon(state, style: Style = Style()) -> int:
    """The actions after which a roll-out is cut and judged by the learned values, for `state`'s game."""
    return int(chosen(state, "horizon", HORIZON) if style.horizon is None else style.horizon)


def standing(state, style: Style = Style()) -> float:
    """The standard errors by which a search must beat the judge's pick to overrule it, for
    `state`'s game (0: the best mean is played)."""
    return chosen(state, "stand") if style.stand is None else style.stand


def played(samples: Samples, stand: float) -> int:
    """The index of the action the expert plays from `samples`: the best mean, or with `stand`
    the judge's pick unless the best mean beats it by `stand` standard errors (the samples must
    then have been judged); the best mean of the actions still in the race (Samples.race)."""
    if stand:
        return samples.standing(stand)
    means = samples.means()
    return max(samples.alive, key=means.__getitem__)          # (an action dropped from the race: never)


class Stats(list):
    """(action, worlds, mean value) per legal action; `play`, when set, the action to play."""
    play = None


def sample(state, rng, meter, style: Style = Style(), *, solve_limit: int = 0, infer_work: int = 0,
           pool: int = POOL, judged: bool = False) -> Samples:
    """Worlds while `meter` goes: the value of every legal action of the seat to move in each.
    `meter.spend` is told the work each world took (roll-outs, or positions solved), and the
    inference's. `solve_limit`: positions a world may take to be solved exactly; `infer_work`:
    the work the pool's likelihoods may take, `pool` its worlds at most (inference.py);
    `judged`: the one-action judge also rates every action in each world (Samples.judged)."""
    seat, goal = state.current_player(), Goal(state)
    samples = Samples(state.legal_actions())
    judge = Judge(state) if judged else None
    legal = samples.legal
    greedy = chosen(state) if style.greedy is None else style.greedy
    race = chosen(state, "race") if style.race is None else style.race
    imitate = int(chosen(state, "imitate") if style.imitate is None else style.imitate)
    finish = Finish(state, goal, greedy, horizon(state, style), style.replies, imitate)
    exact = Exact(seat, goal, state.prog.layout.team_of, solve_limit, meter, style.share, style.nodes) \
        if solves(state, style) and solve_limit else None
    fitted = chosen(state, "fitted") if style.fitted is None else style.fitted
    weights = policy_of(state) if fitted else None
    model = Model(Judge(state), style.agree, Imitation(state, weights) if weights else None) \
        if style.infer and goal.by_hand else None
    worlds = Worlds(state, seat, rng, model, pool, infer_work, until=meter.cutoff(style.infer_share))
    inferred = model.work if model is not None else 0
    meter.spend(inferred)
    while meter.go():
        world = worlds.draw()
        if model is not None:
            meter.spend(model.work - inferred)          # the replays that drew it
            inferred = model.work
        row = None
        actions = legal if len(samples.alive) == len(legal) else [legal[i] for i in samples.alive]
        if exact is not None and exact.on:
            row = exact.row(world, actions, rng)
            meter.spend(exact.cost // exact.nodes)            # the positions searched, solved or not
        if judge is not None:
            before = judge.judged
            samples.judge(judge.scores(world, legal))
            meter.spend((judge.judged - before) // JUDGED_PER_ROLLOUT)
        if row is None:
            before = finish.work
            row = try_each(world, actions, seat, finish, rng)
            meter.spend(finish.work - before)
        samples.add(row)
        if race and judge is None:
            samples.race(race)
    return samples


class Exact:
    """Worlds solved to the end of the hand while that stays within `limit` positions a world
    (and, with a time budget, within its SOLVE_SHARE of the meter's time); once one does not, no
    more this move (`on`). `cost`: the positions the last world took (or their like in time).

    A search that stops has spent its limit for nothing — at a hand's start, where no world
    fits, a fixed cost of every move — so the first world's rest of the hand is first estimated
    (`estimate`, a few random walks): where it cannot fit, none is searched this move."""

    def __init__(self, seat: int, goal: Goal, team_of, limit: int, meter, share: int = SOLVE_SHARE,
                 nodes: int = NODES_PER_ROLLOUT):
        self.seat, self.goal, self.team_of, self.limit, self.meter = seat, goal, team_of, limit, meter
        self.share, self.nodes = share, nodes
        self.on, self.cost, self.estimated = True, 0, False

    def row(self, world, legal, rng) -> list | None:
        self.cost = 0
        if not self.estimated:
            self.estimated = True
            size, walked = estimate(world, self.goal, rng, cap=self.limit / FITS)
            self.cost = walked * self.nodes // WALKED_PER_ROLLOUT
            if size * FITS > self.limit:
                self.on = False
                return None
        solver = Solver(self.seat, self.goal, self.team_of, self.limit, until=self.meter.cutoff(self.share))
        row = []
        try:
            for action in legal:
                child = world.clone()
                child.apply_action_fast(action)
                row.append(solver.solve(child))
        except TooBig:
            self.on = False
            return None
        finally:
            self.cost += solver.nodes
        return row
