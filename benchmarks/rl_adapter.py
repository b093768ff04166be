"""What the PettingZoo adapter costs over the plain integer API, for every shipped game.

    nice python benchmarks/rl_adapter.py                     # CPU time, interleaved medians
    nice python benchmarks/rl_adapter.py --count kozel       # instructions (valgrind), for a load-free figure
    python benchmarks/rl_adapter.py --tree /other/checkout   # another checkout's ruledsl/
    python benchmarks/rl_adapter.py --tree /before --tree .  # two checkouts, their runs interleaved

Three loops play the same matches (each game at its default player count, match i from seed i)
with the same random choices:

    actions   the plain API: legal_actions(), apply_action(a) — no tensor, no integers (context)
    api       the plain integer API as a learning loop writes it: each step the mask
              (legal_actions_mask) and the observation tensor of the player to move, then an
              integer drawn from the mask (action_from_index; apply_action when it completes)
    adapter   PettingZoo's loop: agent_iter(), last() (the tensor as a numpy array, the mask in
              the info), step(integer), the same integer drawn from the same mask
    floor     the same PettingZoo loop over an env that does no work: PettingZoo's own machinery,
              a zero tensor of the game's size copied, a mask of 8 legal integers made, the
              learner's draw (per step; the least a learning step adds to the engine's action)

Figures are per action (an action of several cards is one action, several integer steps), as
the three loops' random choices play different matches; adapter / api is what the adapter adds
to the api loop's work (its bookkeeping: masks, rewards, the dead steps at the end), adapter /
actions what a learning loop costs over the engine alone. With --count, each loop runs under valgrind's callgrind in a process of its own (less
the same process playing no match), as benchmarks/instructions.py counts: timings on a shared
machine move by tens of per cent, instruction counts by less than one.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
GAMES = sorted(path.stem for path in (HERE.parent / "games").glob("*.yaml"))      # every shipped game

# The three loops, run in a child (under valgrind with --count): argv = tree, game, loop, matches.
CHILD = r"""
import gc, random, sys, time
sys.path.insert(0, sys.argv[1])
import ruledsl

def actions(game, seed):
    rng = random.Random(seed)
    st = game.new_initial_state(seed=random.Random(seed).randrange(2 ** 31))
    while not st.is_terminal():
        st.apply_action(rng.choice(st.legal_actions()))
    return st.steps

def api(game, seed):
    rng = random.Random(seed)
    st = game.new_initial_state(seed=random.Random(seed).randrange(2 ** 31))
    chosen = ()
    while not st.is_terminal():
        mask = st.legal_actions_mask(chosen)
        st.observation_tensor(st.current_player(), chosen)
        i = rng.choice([k for k, m in enumerate(mask) if m])
        action = st.action_from_index(i, chosen)
        if action is None:
            chosen += (i,)
        else:
            st.apply_action(action)
            chosen = ()
    return st.steps

def learn(e, seed):
    # a learning loop over an AEC env: PettingZoo's agent_iter/last/step, an integer drawn from the mask
    import numpy
    e.reset(seed=seed)
    rng = random.Random(seed)
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        e.step(None if termination or truncation else int(rng.choice(numpy.flatnonzero(info["action_mask"]))))

def adapter(game, seed, made={}):
    from ruledsl.envs.pettingzoo import env
    e = made.get(game) or made.setdefault(game, env(game))
    learn(e, seed)
    return e.match.state.steps

def idle(game):
    # an AEC env that does no work: PettingZoo's own machinery, a tensor of the game's size
    # copied, a mask of 8 legal integers made at each step; 600 steps a match
    import numpy
    from pettingzoo import AECEnv

    class Idle(AECEnv):
        def __init__(self, n, size, actions):
            super().__init__()
            self.possible_agents, self.size, self.actions = [f"player_{s}" for s in range(n)], size, actions
            self.tensor = numpy.zeros(size, numpy.float32)
        def reset(self, seed=None, options=None):
            self.agents = self.possible_agents[:]
            self.rewards = {a: 0.0 for a in self.agents}
            self._cumulative_rewards = dict(self.rewards)
            self.terminations = {a: False for a in self.agents}
            self.truncations = dict(self.terminations)
            self.infos = {a: {} for a in self.agents}
            self.steps, self.agent_selection = 0, self.agents[0]
            self._mask()
        def _mask(self):
            mask = bytearray(self.actions)
            for i in range(0, 8 * 3, 3):
                mask[i % self.actions] = 1
            self.infos[self.agent_selection] = {"action_mask": numpy.frombuffer(mask, numpy.int8)}
        def observe(self, agent):
            return self.tensor.copy()
        def step(self, action):
            if self.terminations[self.agent_selection]:
                return self._was_dead_step(action)
            self.steps += 1
            if self.steps == 600:
                self.terminations = {a: True for a in self.agents}
                return self._deads_step_first()
            self.agent_selection = self.agents[self.steps % len(self.agents)]
            self._mask()

    n = game.default_players
    return Idle(n, game.observation_shape(n)[0], game.num_distinct_actions(n))

def floor(game, seed, made={}):
    # the same loop over the idle env: the least a learning step costs
    e = made.get(game) or made.setdefault(game, idle(game))
    learn(e, seed)
    return e.steps

tree, name, loop, matches = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
game = ruledsl.load_game(tree + "/games/" + name + ".yaml")
play = globals()[loop]
play(game, 10 ** 6)                 # warm: the program, its coding and layout, numpy
gc.disable()
start, actions_played = time.process_time(), 0     # CPU time: the machine is shared
for seed in range(matches):
    actions_played += play(game, seed)
print(time.process_time() - start, actions_played)
"""


# numpy's BLAS threads wait spinning: their CPU time, billed to the process, doubled the numpy loops'
# figures on a quiet machine (less on a loaded one). None of the loops uses BLAS: one thread.
ONE_THREAD = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}


def seconds(tree: Path, name: str, loop: str, matches: int) -> tuple[float, int]:
    """(seconds, actions) of `matches` matches of one loop."""
    out = subprocess.run([sys.executable, "-c", CHILD, str(tree), name, loop, str(matches)],
                         env=dict(os.environ, **ONE_THREAD), capture_output=True, text=True, check=True).stdout.split()
    return float(out[0]), int(out[1])


def instructions(tree: Path, name: str, loop: str, matches: int) -> tuple[int, int]:
    """(instructions, actions) of `matches` matches of one loop, less those of none."""
    env = dict(os.environ, PYTHONHASHSEED="0", **ONE_THREAD)

    def count(k: int) -> tuple[int, int]:
        done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                               "-c", CHILD, str(tree), name, loop, str(k)],
                              env=env, capture_output=True, text=True, check=True)
        return int(re.search(r"Collected : (\d+)", done.stderr).group(1)), int(done.stdout.split()[1])
    (whole, played), (empty, _) = count(matches), count(0)
    return whole - empty, played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=GAMES, help="games/NAME.yaml (default: every shipped game)")
    parser.add_argument("--matches", type=int, default=4, help="matches a loop (default 4)")
    parser.add_argument("--repeats", type=int, default=3, help="timed runs of each loop, interleaved (default 3)")
    parser.add_argument("--count", action="store_true", help="count instructions with valgrind instead of timing")
    parser.add_argument("--tree", type=Path, action="append",
                        help="a checkout whose ruledsl/ to measure (default this one); give two or more to "
                             "compare them, their runs interleaved")
    args = parser.parse_args()
    trees = args.tree or [HERE.parent]
    if args.count and shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (apt-get install valgrind)")
    unit = "instructions" if args.count else "µs"
    print(f"| game | tree | actions loop ({unit} an action) | api loop | adapter | floor (a step) | adapter / api "
          "| adapter / actions | (actions + floor) / actions |\n|---|---|---|---|---|---|---|---|---|")
    for name in args.games:
        runs = [(tree, loop) for tree in trees for loop in ("actions", "api", "adapter")]
        runs += [] if args.count else [(trees[0], "floor")]     # timed only: its count is swamped by numpy's setup
        figures: dict = {run: [] for run in runs}
        for _ in range(1 if args.count else args.repeats):
            for tree, loop in runs:                   # interleaved: the load falls on all alike
                measure = instructions if args.count else seconds
                cost, played = measure(tree, name, loop, args.matches)
                figures[tree, loop].append(cost / played * (1 if args.count else 1e6))
        floor = statistics.median(figures[trees[0], "floor"]) if not args.count else float("nan")
        for tree in trees:
            actions, api, adapter = (statistics.median(figures[tree, k]) for k in ("actions", "api", "adapter"))
            print(f"| {name} | {tree} | {actions:,.1f} | {api:,.1f} | {adapter:,.1f} | {floor:,.1f} | {adapter / api:.2f} "
                  f"| {adapter / actions:.1f} | {(actions + floor) / actions:.1f} |", flush=True)

if __name__ == "__main__":
    main()
