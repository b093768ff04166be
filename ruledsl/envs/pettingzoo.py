"""Any rule file as a PettingZoo AECEnv (docs/rl.md).

    from ruledsl.envs.pettingzoo import env
    e = env("my_game.yaml", players=3)

Agents are `player_0` … (the seats). An observation is the seat's tensor (a Box:
state.observation_tensor); its info's `action_mask` marks its legal integer actions now (all 0
for a seat not to move). An action of several cards takes several steps of the same agent
(runtime/indices.py).
Rewards: `rewards="match"` (the default) gives each seat its return when the match ends;
`rewards="hand"` gives each seat what every hand was worth to it (`result.hand`) when it is scored.
A seat out of the match keeps its agent but never moves; its info says `out: True`.
"""
from __future__ import annotations

import random

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..runtime.state import TERMINAL
from ..runtime.tensor import plan
from ..runtime.tensor_kept import Kept
from . import Match, game_of, max_game_length


def env(path, players: int | None = None, options: dict | None = None, *, rewards: str = "match",
        render_mode: str | None = None) -> "RuleEnv":
    """An AECEnv playing the rule file at `path` (or a loaded Game)."""
    return RuleEnv(game_of(path), players, options, rewards, render_mode)


class RuleEnv(AECEnv):
    def __init__(self, game, players, options, rewards: str, render_mode):
        super().__init__()
        if rewards not in ("match", "hand"):
            raise ValueError(f"rewards are 'match' or 'hand', not {rewards!r}")
        self.game, self.n = game, game.default_players if players is None else players
        self.match_options, self.reward_kind, self.render_mode = game.options(options), rewards, render_mode
        self.metadata = {"name": f"ruledsl_{game.name}", "render_modes": ["ansi"], "is_parallelizable": False}
        self.possible_agents = [f"player_{s}" for s in range(self.n)]
        size = self.actions = game.num_distinct_actions(self.n)
        shape = game.observation_shape(self.n)
        self.size = shape[0]
        self.no_actions = np.zeros(size, np.int8)
        self.no_actions.flags.writeable = False
        top = np.finfo(np.float32).max            # counters are numbers without a declared bound
        space = spaces.Box(-top, top, shape, np.float32)
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self.limit = max_game_length(game, self.n)
        self.seat = {a: s for s, a in enumerate(self.possible_agents)}
        self.kept: list = []            # per seat: its tensor kept up to date (runtime/tensor.py), and a view of it
        self._seeds = random.Random()
        self.match: Match | None = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._seeds.seed(seed)
        self.match = Match(self.game.new_initial_state(seed=self._seeds.randrange(2 ** 31), players=self.n,
                                                       options=self.match_options))
        prog = self.match.state.prog
        if not self.kept or self.kept[0][0].plan is not plan(prog, 0):
            self.kept = [(kept, np.frombuffer(kept.values, np.float32))
                         for kept in (Kept(prog, s) for s in range(self.n))]
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.moves, self._paid, self._masked, self._out = 0, False, -1, None
        self._completed = 0                 # actions completed (`moves` counts integers)
        self._read = [-1] * self.n          # per seat: `_completed` when its tensor was last brought up to date
        mover = self.match.state.current_player()
        self._inform(mover)
        self.agent_selection = self.agents[mover]

    def observe(self, agent):
        """The seat's tensor, brought up to date only now that it is read (a copy: the learner may
        keep it). Where no action was completed since the seat's last read (an action of several
        integers being made: the state is as it was), only the integers chosen are rewritten."""
        seat = self.seat[agent]
        kept, view = self.kept[seat]
        if self._read[seat] == self._completed:
            kept.choose(self.match.chosen)
        else:
            kept.update(self.match.state, self.match.chosen)
            self._read[seat] = self._completed
        return view.copy()

    def _inform(self, mover: int) -> None:
        """Each agent's info: its action mask, and whether its seat is out of the match. Only
        the seat to move (`mover`) has a legal action: the others share one mask of zeros
        (read-only). An info is made anew where it changed: the seat that was to move, the seat
        to move now, and every seat when one went out or came back."""
        out = self.match.state.out
        if out != self._out:
            seats, self._out = range(self.n), out[:]
        else:
            seats = (mover,) if self._masked in (mover, -1) else (self._masked, mover)
        self._masked = mover
        infos, agents = self.infos, self.possible_agents
        for seat in seats:
            if seat >= 0 and agents[seat] in infos:
                if seat == mover:
                    mask = bytearray(self.actions)
                    for i in self.match.integers():
                        mask[i] = 1
                    mask = np.frombuffer(mask, np.int8)
                else:
                    mask = self.no_actions
                infos[agents[seat]] = {"action_mask": mask, "out": out[seat]}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        st = self.match.state
        totals = st.hand_totals() if self.reward_kind == "hand" else None
        self._cumulative_rewards[agent] = 0.0
        if self._paid:                          # else the rewards are all 0 still: nothing to redo
            self.rewards, self._paid = {a: 0.0 for a in self.agents}, False
        if self.match.step(int(action)):
            self._completed += 1
        self.moves += 1
        if totals is not None:
            self.rewards = {a: float(now - before) for a, now, before in zip(self.agents, st.hand_totals(), totals)}
            self._paid = True
        mover = st.current_player()
        if mover == TERMINAL:
            if self.reward_kind == "match":
                self.rewards = {a: float(v) for a, v in zip(self.agents, st.returns())}
                self._paid = True
            self.terminations = {a: True for a in self.agents}
        elif self.moves >= self.limit:
            self.truncations = {a: True for a in self.agents}
        self._inform(mover)
        if self._paid:
            self._accumulate_rewards()
        if mover >= 0:
            self.agent_selection = self.agents[mover]
        else:
            self._deads_step_first()

    def render(self):
        if self.render_mode == "ansi":
            return str(self.match)
        return None

    def close(self):
        pass
