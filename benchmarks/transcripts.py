"""Event transcripts of random matches, for checking that an engine change plays the same games.

    python benchmarks/transcripts.py > before.jsonl                 # games/, examples/, trick variants
    python benchmarks/transcripts.py --tree /path/to/checkout > after.jsonl
    python benchmarks/transcripts.py --compare before.jsonl after.jsonl
    python benchmarks/transcripts.py --seeds 5 games/rummy.yaml tests/rulefiles/authored/*.yaml
    python benchmarks/transcripts.py --show games/rummy.yaml:2:3 > one.json       # one match in full
    python benchmarks/transcripts.py --listings > before.txt       # the generated programs, to diff

For every rule file, player count and seed, one match is played three ways from the same seed:
by `State.play_out` (the generated roll-out loops), by the public API (`legal_actions()`, then
`apply_action` of `rng.choice`: every list of legal actions offered, as text, in order; for the
first seed every decision's integer actions, docs/rl.md; and at a trick, the `why_not` of every
card in the hand of the player to move), and by `play_out` without events. Each line, one JSON
object a match, holds the events, returns and final state of each way, so a change that offers
the same actions in another order, numbers them otherwise or words a reason otherwise shows.
`--compare` names the matches that differ and the first event (or field) where they do.

Without files: games/ and examples/, and rule texts that reach more of the trick step than they
do (`variants` below). `--listings` prints the generated programs (`ruledsl compile`) of the same
files instead, each constant's name replaced by its value: a change that leaves them alike leaves
behaviour and speed alike. Run from the checkout being measured, the files are read relative to
it, so two checkouts print alike when nothing changed.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

CHILD = r"""
import glob, json, os, random, re, sys, tempfile
sys.path.insert(0, os.getcwd())
import ruledsl
from ruledsl.runtime.state import State
seeds, mode, show, files = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4:]
sys.setrecursionlimit(50_000)       # repr of a long hand's chains (a Cheat hand: 1,000+ links)
SKIP = {"prog", "_legal", "events"}


def fields(st):
    out = {}
    for name in State.__slots__:
        if name not in SKIP:
            value = getattr(st, name)
            shown = repr(value.active if name == "seating" else value)     # the seats in
            out[name] = re.sub(" at 0x[0-9a-f]+>", ">", shown)               # objects by address
    return out


def through_api(st, rng, indices):
    trail = []
    while st.player >= 0:
        legal = st.legal_actions()
        hand = st.prog.hand_of(st, st.player)
        tricks = type(st.prog.decisions[st.pc].kind).__name__ == "Playing"     # a trick's play
        trail.append([st.player, [st.action_to_string(a) for a in legal],
                      sorted(st.legal_indices()) if indices else None,
                      [[str(c), st.why_not("play " + str(c))] for c in hand] if tricks else []])
        st.apply_action(rng.choice(legal))
    return trail


# Rule texts that reach more of the trick step's code than the shipped games: each trick
# game under the other follow rules, Kozel's play closed by a state's condition, and the rule
# files of the tests on tricks (restrictions, `open:`, lead sizes, promoted trumps).
def variants():
    for path in sorted(glob.glob("games/*.yaml")):
        text = open(path, encoding="utf-8").read()
        follow = re.search(r"follow: (suit_or_trump|suit|any)", text)
        for other in ("suit", "suit_or_trump", "any"):
            if follow and follow.group(1) != other:
                yield f"{path[6:-5]}-{other}", text[:follow.start(1)] + other + text[follow.end(1):]
    kozel = open("games/kozel.yaml", encoding="utf-8").read()
    yield "kozel-open-late", kozel.replace("open: not option.closed_play", "open: trick_number > 2")
    sys.path.insert(0, "tests")
    from test_tricks_playable import RULES as hearts
    from test_engine_open_expression import RULES as closed
    from test_why_not import LEADS, TRUMPS
    yield "hearts", hearts
    yield "closed-option", closed.replace("OPEN", "not option.closed")
    yield "closed-beaters", closed.replace("OPEN", "len(trick) < 2")
    yield "leads", LEADS
    for follow in ("suit", "suit_or_trump", "any"):
        yield f"trumps-{follow}", TRUMPS.replace("FOLLOW", follow)


where = tempfile.mkdtemp()
if not files:
    files = sorted(glob.glob("games/*.yaml")) + sorted(glob.glob("examples/*.yaml"))
    for name, text in variants():
        with open(os.path.join(where, name + ".yaml"), "w", encoding="utf-8") as f:
            f.write(text)
        files.append(os.path.join(where, name + ".yaml"))


def emit(text):
    print(text.replace(where, "<variants>"), flush=True)


for path in files:
    game = ruledsl.load_game(path)
    for players in range(game.min_players, game.max_players + 1):
        if mode == "listings":
            from ruledsl.compile.listing import listing
            emit(f"=== {path} {players}")
            text = re.sub(" at 0x[0-9a-f]+>", ">", listing(game.program(players)))   # objects by address
            code, _, table = text.partition("# constants:")
            shown = dict(re.findall(r"#   (_k\d+) = (.*)", table))
            emit(re.sub(r"\b_k\d+\b", lambda m: "{" + shown.get(m.group(0), m.group(0)) + "}", code))
            continue
        for seed in range(seeds):
            if show and show != f"{path}:{players}:{seed}".replace(where, "<variants>"):
                continue
            one = game.new_initial_state(seed=seed, players=players, record=True)
            two, three = one.clone(), game.new_initial_state(seed=seed, players=players)
            one.play_out(random.Random(seed))
            trail = through_api(two, random.Random(seed), seed == 0)
            three.play_out(random.Random(seed))
            emit(json.dumps({"file": path, "players": players, "seed": seed,
                             "play_out": {"events": one.events, "returns": one.returns(), "fields": fields(one)},
                             "api": {"events": two.events, "returns": two.returns(), "fields": fields(two),
                                     "trail": trail},
                             "quiet": {"events": [], "returns": three.returns(), "fields": fields(three)}},
                            default=str, sort_keys=True, indent=1 if show else None))
"""


def dump(tree: Path, seeds: int, mode: str, show: str, files: list[str]) -> None:
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    if subprocess.run([sys.executable, "-c", CHILD, str(seeds), mode, show, *files], env=env, cwd=tree).returncode:
        sys.exit(f"{tree}: the transcripts failed (above)")


def compare(before: Path, after: Path) -> int:
    one, two = before.read_text().splitlines(), after.read_text().splitlines()
    if len(one) != len(two):
        print(f"{len(one)} matches before, {len(two)} after")
    differ = 0
    for a, b in zip(one, two):
        if a == b:
            continue
        differ += 1
        if differ > 10:                 # the first few say enough
            continue
        x, y = json.loads(a), json.loads(b)
        where = f"{x['file']} players={x['players']} seed={x['seed']}"
        for way in ("play_out", "api", "quiet"):
            if x[way] != y[way]:
                print(f"differs: {where} ({way}): {_first_difference(x[way], y[way])}")
    print(f"{len(one)} matches, {differ} differ")
    return 1 if differ or len(one) != len(two) else 0


def _first_difference(x: dict, y: dict) -> str:
    for i, (e, f) in enumerate(zip(x["events"], y["events"])):
        if e != f:
            return f"event {i}: {e} / {f}"
    if len(x["events"]) != len(y["events"]):
        return f"{len(x['events'])} events / {len(y['events'])}"
    fields = [k for k in x["fields"] if x["fields"][k] != y["fields"].get(k)]
    if fields:
        return f"fields {fields}: {[x['fields'][k] for k in fields]} / {[y['fields'].get(k) for k in fields]}"[:2000]
    if x["returns"] != y["returns"]:
        return "the returns"
    step = next(i for i, (s, t) in enumerate(zip(x["trail"], y["trail"])) if s != t)
    return f"the API's decision {step}: {x['trail'][step]} / {y['trail'][step]}"[:2000]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="*", help="rule files, relative to the tree (default: games/, examples/, "
                                             "the trick variants)")
    ap.add_argument("--tree", type=Path, default=HERE.parent, help="the checkout to play (default: this one)")
    ap.add_argument("--seeds", type=int, default=4)
    ap.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    ap.add_argument("--show", default="", metavar="FILE:PLAYERS:SEED", help="one match, in full")
    ap.add_argument("--listings", action="store_true",
                    help="print the generated programs (`ruledsl compile`) instead, to compare with diff")
    args = ap.parse_args()
    if args.compare:
        return compare(*args.compare)
    dump(args.tree.resolve(), args.seeds, "listings" if args.listings else "transcripts", args.show, args.files)
    return 0


if __name__ == "__main__":
    sys.exit(main())
