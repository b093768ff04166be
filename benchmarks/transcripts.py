"""Event transcripts of random matches, for checking that an engine change plays the same games.

    python benchmarks/transcripts.py > before.txt                     # every games/*.yaml
    python benchmarks/transcripts.py --tree /path/to/checkout > after.txt
    python benchmarks/transcripts.py --seeds 5 games/rummy.yaml tests/rulefiles/authored/*.yaml
    python benchmarks/transcripts.py --show rummy.yaml:2:3:api      # one match's events, in full

For every rule file, player count and seed, one match is played twice from the same seed: by
`State.play_out` (the search path) and by the public API (`legal_actions()` then
`apply_action(a)`, with `rng.choice`). Each line is the match's name, its steps, its returns and
a digest of everything it recorded: the whole event log, and for the API way also every list of
legal actions offered (as text, in order) and, for the first seed, every decision's integer
actions (docs/rl.md) — so a change that offers the same actions in another order, or numbers
them otherwise, shows. `diff before.txt after.txt` is empty when nothing a player could see
changed. Cards are written as their text, so checkouts that number jokers otherwise agree.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def plain(x):
    """Events as JSON can hold them: cards as text, tuples as lists."""
    if isinstance(x, dict):       # a step's file as its name: checkouts lie in other places
        return {k: Path(v).name if k == "file" else plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [plain(v) for v in x]
    if type(x).__name__ == "Card":
        return str(x)
    return x


def play(game, players: int, seed: int, way: str, indices: bool) -> tuple[dict, list]:
    """One match: (its summary, what it recorded)."""
    st = game.new_initial_state(seed=seed, players=players, record=True)
    rng, seen = random.Random(seed), []
    if way == "playout":
        st.play_out(rng)
    else:
        while not st.is_terminal():
            legal = st.legal_actions()
            seen.append([st.action_to_string(a) for a in legal])
            if indices:
                seen.append(sorted(st.legal_indices()))
            st.apply_action(rng.choice(legal))
    record = [plain(st.events), seen]
    summary = {"steps": st.steps, "hands": st.hands_scored, "returns": [str(r) for r in st.returns()]}
    return summary, record


def digest(record) -> str:
    return hashlib.sha256(json.dumps(record, sort_keys=True, default=str).encode()).hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", help="rule files (default: games/*.yaml of the tree)")
    parser.add_argument("--tree", type=Path, default=HERE.parent, help="the checkout whose ruledsl/ to run")
    parser.add_argument("--seeds", type=int, default=4)
    parser.add_argument("--show", metavar="FILE:PLAYERS:SEED:WAY", help="print one match's record in full")
    args = parser.parse_args()
    sys.path.insert(0, str(args.tree))
    import ruledsl
    if args.show:
        name, players, seed, way = args.show.rsplit(":", 3)
        path = Path(name) if Path(name).exists() else args.tree / "games" / name
        _, record = play(ruledsl.load_game(path), int(players), int(seed), way, True)
        for line in record[0] + record[1]:
            print(json.dumps(line, default=str))
        return
    files = [Path(f) for f in args.files] or sorted((args.tree / "games").glob("*.yaml"))
    for path in files:
        game = ruledsl.load_game(path)
        for players in range(game.min_players, game.max_players + 1):
            for seed in range(args.seeds):
                for way in ("playout", "api"):
                    summary, record = play(game, players, seed, way, seed == 0)
                    print(f"{path.name}:{players}:{seed}:{way} steps={summary['steps']} hands={summary['hands']} "
                          f"returns={','.join(summary['returns'])} record={digest(record)}", flush=True)


if __name__ == "__main__":
    main()
