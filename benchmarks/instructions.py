"""Machine instructions a hand through the public API, counted by valgrind: the same figure on
every run, where timings move by a few percent from one process to the next.

    python benchmarks/instructions.py ciapano:4 kozel:4            # this checkout
    python benchmarks/instructions.py --tree /path/to/other ciapano:4
    python benchmarks/instructions.py --handwritten ciapano:4      # handwritten_api.py's states

Each row runs the same script twice under `valgrind --tool=callgrind` (Debian's valgrind: `apt-get
install valgrind`), once loading the game and playing no hand, once playing `--hands` hands
through the API (legal_actions, then a checked apply_action, as paired.py --api plays them: the
hands dealt to all the row's players), and reports the difference a hand. The interpreter runs
with PYTHONHASHSEED=0 and the collector off, so that two runs of one checkout count alike and a
change of the code is all that moves the figure; and the tree's ruledsl/ and games/ are copied to
a new directory whose path has the same length for every tree (the count moves by a few per
cent with the length of the path the code is loaded from). Instructions are not time (an allocation or a
cache miss costs more than its count says): use this to tell which way a change goes and by
how much, and paired.py for the ratios.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent

# What the counted child runs: argv = tree, game, players, hands, "handwritten" or "engine".
CHILD = """
import gc, random, sys
sys.path[:0] = [sys.argv[1], {here!r}]
import paired, ruledsl
gc.disable()
name, players, hands = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
rng = random.Random(0)
if sys.argv[5] == "handwritten":
    api = paired.handwritten("handwritten_api")
    for _ in range(hands):
        api.play_hand(name, rng, players)
else:
    game = ruledsl.load_game(sys.argv[1] + "/games/" + name + ".yaml")
    game.new_initial_state(seed=0, players=players)
    seeds, done = iter(range(1 << 40)), 0
    while done < hands:
        st = game.new_initial_state(seed=next(seeds), players=players)
        while not st.is_terminal() and st.live == players and done < hands:
            paired.one_hand_through_api(st, rng)
            done += 1
"""


def counted(tree: Path, name: str, players: int, hands: int, side: str) -> int:
    """The instructions valgrind counts for the child playing `hands` hands on `side`."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                          "-c", CHILD.format(here=str(HERE)), str(tree), name, str(players), str(hands), side],
                         env=env, capture_output=True, text=True, check=True).stderr
    return int(re.search(r"Collected : (\d+)", out).group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rows", nargs="+", help="GAME:PLAYERS, e.g. kozel:4 (games/GAME.yaml)")
    parser.add_argument("--tree", type=Path, default=HERE.parent, help="the checkout whose ruledsl/ to count")
    parser.add_argument("--hands", type=int, default=200, help="hands a row (default 200)")
    parser.add_argument("--handwritten", action="store_true", help="count handwritten_api.py's states instead")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (apt-get install valgrind)")
    side = "handwritten" if args.handwritten else "engine"
    print(f"| game | players | {side} instructions a hand |\n|---|---|---|")
    with tempfile.TemporaryDirectory(prefix="ruledsl-count-") as tree:
        for part in ("ruledsl", "games"):
            shutil.copytree(args.tree.resolve() / part, Path(tree) / part)
        for spec in args.rows:
            name, _, players = spec.partition(":")
            n = int(players)
            per_hand = (counted(tree, name, n, args.hands, side) - counted(tree, name, n, 0, side)) // args.hands
            print(f"| {name} | {n} | {per_hand:,} |", flush=True)


if __name__ == "__main__":
    main()
