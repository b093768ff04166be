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
import pickle
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
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

def learn(e, seed, again=None):
    # a learning loop over an AEC env: PettingZoo's agent_iter/last/step, an integer drawn from the mask
    import numpy
    if again is None:
        e.reset(seed=seed)
    rng = random.Random(seed if again is None else again)
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

# The adapter's own matches, part by part (--parts): `record` plays the adapter loop and writes
# each match's seed, integers and actions to RECORDED; the loops below replay them, each adding a
# part to the one before: the engine alone (replay), Match (integers in, actions out), and the
# seats' kept tensors read as the adapter reads them (the tensor). The adapter loop is the whole.
RECORDED = sys.argv[5] if len(sys.argv) > 5 else None

def record(game, seed, made={}):
    import pickle
    from ruledsl.envs.pettingzoo import env
    e = made.get(game) or made.setdefault(game, env(game))
    state_class, ints, done = type(e.game.new_initial_state(players=e.n)), [], []
    e.reset(seed=seed)
    apply = state_class.apply_action
    state_class.apply_action = lambda st, a: (done.append(a), apply(st, a))[1]
    step = e.step
    e.step = lambda i: (ints.append(i) if i is not None else None, step(i))[1]
    try:
        learn(e, None, again=seed)
    finally:
        state_class.apply_action = apply
        del e.step
    if seed < 10 ** 6:
        with open(RECORDED, "ab") as f:
            pickle.dump((random.Random(seed).randrange(2 ** 31), e.n, e.match_options, ints, done), f)
    return len(done)

def recorded(made={}):
    import pickle
    if "all" not in made:
        made["all"] = []
        with open(RECORDED, "rb") as f:
            while True:
                try:
                    made["all"].append(pickle.load(f))
                except EOFError:
                    break
    return made["all"]

def replay(game, seed):
    # the engine alone: legal_actions, apply_action of the adapter's match's actions
    if seed >= len(recorded()):
        return 0
    state, n, options, _, done = recorded()[seed]
    st = game.new_initial_state(seed=state, players=n, options=options)
    for a in done:
        st.legal_actions()
        st.apply_action(a)
    return len(done)

def match(game, seed, read=False, kept={}):
    # Match: the adapter's integers in, its legal integers asked at each (as the mask is)
    from ruledsl.envs import Match
    if seed >= len(recorded()):
        return 0
    state, n, options, ints, done = recorded()[seed]
    m = Match(game.new_initial_state(seed=state, players=n, options=options))
    if read and game not in kept:
        import numpy
        from ruledsl.runtime.tensor_kept import Kept
        kept[game] = [(k, numpy.frombuffer(k.values, numpy.float32)) for k in (Kept(m.state.prog, s) for s in range(n))]
    seats, st = kept.get(game), m.state
    for i in ints:
        if read:                    # as the env reads it: mid-action, the state as it was, only `chosen` new
            k, view = seats[st.current_player()]
            k.choose(m.chosen) if m.chosen and hasattr(k, "choose") else k.update(st, m.chosen)
            view.copy()
        m.integers()
        m.step(i)
    return len(done)

def tensor(game, seed):
    # Match, and the tensor of the seat to move read at each integer (as last() reads it)
    return match(game, seed, read=True)

tree, name, loop, matches = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
game = ruledsl.load_game(tree + "/games/" + name + ".yaml")
play = globals()[loop]
if loop == "record":
    for seed in range(matches):
        play(game, seed)
    sys.exit()
play(game, 0 if RECORDED else 10 ** 6)      # warm: the program, its coding and layout, numpy
gc.disable()
start, actions_played = time.process_time(), 0     # CPU time: the machine is shared
for seed in range(matches):
    actions_played += play(game, seed)
print(time.process_time() - start, actions_played)
"""


# numpy's BLAS threads wait spinning: their CPU time, billed to the process, doubled the numpy loops'
# figures on a quiet machine (less on a loaded one). None of the loops uses BLAS: one thread.
ONE_THREAD = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}


def seconds(tree: Path, name: str, loop: str, matches: int, recorded: str = "") -> tuple[float, int]:
    """(seconds, actions) of `matches` matches of one loop."""
    out = subprocess.run([sys.executable, "-c", CHILD, str(tree), name, loop, str(matches), recorded],
                         env=dict(os.environ, **ONE_THREAD), capture_output=True, text=True, check=True).stdout.split()
    return float(out[0]), int(out[1])


def instructions(tree: Path, name: str, loop: str, matches: int, recorded: str = "") -> tuple[int, int]:
    """(instructions, actions) of `matches` matches of one loop, less those of none."""
    env = dict(os.environ, PYTHONHASHSEED="0", **ONE_THREAD)

    def count(k: int) -> tuple[int, int]:
        done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                               "-c", CHILD, str(tree), name, loop, str(k), recorded],
                              env=env, capture_output=True, text=True, check=True)
        return int(re.search(r"Collected : (\d+)", done.stderr).group(1)), int(done.stdout.split()[1])
    (whole, played), (empty, _) = count(matches), count(0)
    return whole - empty, played


def parts(trees: list, names: list, matches: int, repeats: int, count: bool) -> None:
    """The adapter's own matches, part by part, each loop adding one part to the one before:
    the engine (its actions replayed), Match, the kept tensor, the env (the whole adapter loop,
    PettingZoo's machinery and the learner's draw included); and the floor a step."""
    unit = "instructions" if count else "µs"
    print(f"| game | tree | integers an action | engine ({unit} an action) | + Match | + tensor | + env "
          "| adapter | floor (an action) | adapter / engine | (engine + floor) / engine |\n"
          "|---|---|---|---|---|---|---|---|---|---|---|")
    loops = ("replay", "match", "tensor", "adapter")
    with tempfile.TemporaryDirectory() as folder:
        for name in names:
            files, figures = {}, {}
            for tree in trees:
                files[tree] = str(Path(folder) / f"{name}.{len(files)}")
                subprocess.run([sys.executable, "-c", CHILD, str(tree), name, "record", str(matches), files[tree]],
                               env=dict(os.environ, **ONE_THREAD), check=True)
                figures.update({(tree, loop): [] for loop in loops})
            figures[trees[0], "floor"] = []
            runs = [(tree, loop) for tree in trees for loop in loops] + [(trees[0], "floor")]
            for _ in range(1 if count else repeats):
                for tree, loop in runs:
                    measure = instructions if count else seconds
                    if loop == "floor":
                        cost, played = seconds(tree, name, loop, matches)    # a step (its count: numpy's setup)
                    else:
                        cost, played = measure(tree, name, loop, matches, files[tree])
                    figures[tree, loop].append(cost / played * (1 if count and loop != "floor" else 1e6))
            floor_step = statistics.median(figures[trees[0], "floor"])
            for tree in trees:
                with open(files[tree], "rb") as f:
                    got = []
                    while True:
                        try:
                            got.append(pickle.load(f))
                        except EOFError:
                            break
                steps = sum(len(r[3]) for r in got) / sum(len(r[4]) for r in got)
                engine, match, kept, adapter = (statistics.median(figures[tree, k]) for k in loops)
                floor = floor_step * steps
                shown = f"{floor:,.1f} µs" if count else f"{floor:,.1f}"
                print(f"| {name} | {tree} | {steps:.2f} | {engine:,.1f} | {match - engine:,.1f} | {kept - match:,.1f} "
                      f"| {adapter - kept:,.1f} | {adapter:,.1f} | {shown} | {adapter / engine:.1f} "
                      f"| {'' if count else f'{(engine + floor) / engine:.1f}'} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=GAMES, help="games/NAME.yaml (default: every shipped game)")
    parser.add_argument("--matches", type=int, default=4, help="matches a loop (default 4)")
    parser.add_argument("--repeats", type=int, default=3, help="timed runs of each loop, interleaved (default 3)")
    parser.add_argument("--count", action="store_true", help="count instructions with valgrind instead of timing")
    parser.add_argument("--tree", type=Path, action="append",
                        help="a checkout whose ruledsl/ to measure (default this one); give two or more to "
                             "compare them, their runs interleaved")
    parser.add_argument("--parts", action="store_true",
                        help="the adapter's own matches part by part: engine, Match, tensor, env (and the floor)")
    args = parser.parse_args()
    trees = args.tree or [HERE.parent]
    if args.count and shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (apt-get install valgrind)")
    if args.parts:
        return parts(trees, args.games, args.matches, args.repeats, args.count)
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
