"""Random play-out speed of every rule file, against hand-written Python for the same game.

    python benchmarks/playouts.py [--seconds 1] [--repeat 5] [--json] [games/ciapano.yaml ...]

For each rule file and player count, five figures, measured side by side in one run: each
repetition times every column in turn (interleaved, so that a noisy neighbour slows all of them
alike), and each figure is the median over the repetitions.

- engine: random matches, hand by hand, through the unchecked path a search uses
  (`State.play_out(rng, hand=True)`), in hands per second of the hands dealt to all the row's
  players (paired.hand_by_hand: later hands of a match may have fewer);
- hand-written: benchmarks/handwritten.py, one hand of the same game in a tight loop (no API);
- engine API: the same hands through the public API, `legal_actions()` then a CHECKED
  `apply_action(a)`;
- engine actions: the engine's play-outs in actions (decisions taken) per second, the measure
  that compares games whose hands differ in length (issue 32: none below a third of Kozel 3's);
- hand-written API: benchmarks/handwritten_api.py, plain State classes with the same contract
  (unchecked), one hand per call;
- clone + apply: microseconds per `clone()` then `apply_action_fast(a)` at decisions taken from
  random matches (the search path), beside the same for the hand-written API states.

The ratios are hand-written ÷ engine: how many times faster the hand-written code is. Every
figure is timed here, by one clock: the process's CPU time (time.process_time), so that other
work on the machine does not count against whichever column it happens to fall on.
"""
from __future__ import annotations

import argparse
import functools
import json
import random
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import ruledsl  # noqa: E402
from paired import hand_by_hand, handwritten, one_hand, one_hand_through_api  # noqa: E402


CLOCK = time.process_time


def _rate(play_match, seconds: float) -> float:
    """Hands per second of `play_match(seed, rng) -> hands played`, for about `seconds`."""
    hands, seed, rng = 0, 0, random.Random(0)
    start = CLOCK()
    while CLOCK() - start < seconds:
        hands += play_match(seed, rng)
        seed += 1
    return hands / (CLOCK() - start)


def engine_hands(game, players: int, seconds: float, play, actions: bool = False) -> float:
    """Hands per second of random matches played hand by hand (`play`: paired.py's one_hand or
    one_hand_through_api), counting the hands dealt to all `players` (paired.hand_by_hand);
    with `actions`, the actions taken a second in those hands instead."""
    hands, took, taken = hand_by_hand(game, players, random.Random(0), iter(range(1 << 62)), seconds, play, CLOCK)
    return (taken if actions else hands) / took


def baseline(play_hand, players: int, seconds: float) -> float:
    """Hands per second of a hand-written `play_hand(rng, players)` (one hand a call)."""
    def hand(seed, rng):
        play_hand(rng, players)
        return 1
    return _rate(hand, seconds)


def _samples(new_state, count: int = 300, seed: int = 0) -> list:
    """(state, action) pairs at decisions of random matches: the inputs of a search step."""
    rng, out = random.Random(seed), []
    while len(out) < count:
        state = new_state(rng)
        while not state.is_terminal() and len(out) < count:
            action = rng.choice(state.legal_actions())
            if rng.random() < 0.2:
                out.append((state.clone(), action))
            state.apply_action(action)
    return out


def clone_apply_us(samples: list, apply_name: str, seconds: float) -> float:
    """Microseconds per clone() + apply of a sampled action."""
    calls, start = 0, CLOCK()
    while CLOCK() - start < seconds:
        for state, action in samples:
            getattr(state.clone(), apply_name)(action)
        calls += len(samples)
    return (CLOCK() - start) / calls * 1e6


def columns(game, stem: str, players: int, base, api):
    """name -> a function of `seconds` giving one figure, for one game and player count."""
    out = {
        "engine": lambda s: engine_hands(game, players, s, one_hand),
        "engine_api": lambda s: engine_hands(game, players, s, one_hand_through_api),
        "engine_actions": lambda s: engine_hands(game, players, s, one_hand, actions=True),
    }
    engine_samples = _samples(lambda rng: game.new_initial_state(seed=rng.randrange(1 << 30), players=players))
    out["clone_apply_us"] = lambda s: clone_apply_us(engine_samples, "apply_action_fast", s)
    if stem in base.BASELINES and players in base.PLAYER_COUNTS.get(stem, ()):
        out["handwritten"] = lambda s: baseline(base.BASELINES[stem], players, s)
    if stem in api.API_BASELINES and players in api.PLAYER_COUNTS.get(stem, ()):
        out["handwritten_api"] = lambda s: baseline(functools.partial(api.play_hand, stem), players, s)
        api_samples = _samples(lambda rng: api.GAMES[stem](rng, players))
        out["handwritten_clone_apply_us"] = lambda s: clone_apply_us(api_samples, "apply_action", s)
    return out


def measure(files, seconds: float, repeat: int) -> list[dict]:
    base, api = handwritten("handwritten"), handwritten("handwritten_api")
    cells = []          # (row, column name, timer)
    rows = []
    for path in files:
        game = ruledsl.load_game(path)
        stem = Path(path).stem
        for players in range(game.min_players, game.max_players + 1):
            row = {"game": stem, "players": players}
            rows.append(row)
            cells += [(row, name, fn) for name, fn in columns(game, stem, players, base, api).items()]
    figures: dict = {}
    for _ in range(repeat):         # interleaved: every cell once per repetition
        for row, name, fn in cells:
            figures.setdefault((id(row), name), []).append(fn(seconds))
    for row, name, _ in cells:
        row[name] = statistics.median(figures[(id(row), name)])
    for row in rows:
        if "handwritten" in row:
            row["ratio"] = row["handwritten"] / row["engine"]
        if "handwritten_api" in row:
            row["api_ratio"] = row["handwritten_api"] / row["engine_api"]
    return rows


def table(rows) -> str:
    head = ("| game | players | engine h/s | hand-written h/s | ratio | engine API h/s "
            "| hand-written API h/s | API ratio | clone+apply µs | hand-written clone+apply µs | engine actions/s |")
    lines = [head, "|" + "---|" * 11]
    for r in rows:
        lines.append(markdown_row((r["game"], ""), (r["players"], ""), (r["engine"], ",.0f"),
                                  (r.get("handwritten"), ",.0f"), (r.get("ratio"), ".2f"),
                                  (r["engine_api"], ",.0f"), (r.get("handwritten_api"), ",.0f"),
                                  (r.get("api_ratio"), ".2f"), (r["clone_apply_us"], ".2f"),
                                  (r.get("handwritten_clone_apply_us"), ".2f"), (r.get("engine_actions"), ",.0f")))
    return "\n".join(lines)


def markdown_row(*cells) -> str:
    """A row of a markdown table from (value, format spec) cells; None is shown as '-'."""
    return "| " + " | ".join("-" if v is None else format(v, spec) for v, spec in cells) + " |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", default=sorted(str(p) for p in (HERE.parent / "games").glob("*.yaml")))
    parser.add_argument("--seconds", type=float, default=1.0, help="time per figure and repetition")
    parser.add_argument("--repeat", type=int, default=5, help="repetitions (the median is reported)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = measure(args.files, args.seconds, args.repeat)
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print(table(rows))
    print(f"\nMedians of {args.repeat} interleaved repetitions of {args.seconds:g} s each. h/s = hands per\n"
          "second of uniformly random play (one core). ratio = hand-written ÷ engine (below 1: the\n"
          "engine is faster); the targets are ratio ≤ 1.67 and API ratio ≤ 1.67 (the engine at\n"
          "≥ 0.6× the hand-written code). clone+apply: µs per clone() + apply_action_fast(a).")


if __name__ == "__main__":
    main()
