"""Engine play-outs against the hand-written loop in short alternating turns, in one process.

    python benchmarks/paired.py ciapano:3 kozel:4 ...         # this checkout
    python benchmarks/paired.py --tree /path/to/other/checkout kozel:4
    python benchmarks/paired.py --api kozel:4                 # the public API loops instead

playouts.py times each column for a few tenths of a second in turn; on a shared machine a row's
ratio still moves by a fifth between runs. Here the engine (random matches, hand by hand through
`play_out(hand=True)`) and benchmarks/handwritten.py take turns of `--turn` seconds (default
0.02), `--turns` times each, so that a slow spell of the machine falls on both alike, and the
ratio is of the summed times. Both sides count the same hands: those dealt to all the row's
players (`hand_by_hand`). With --api: the engine's public API (`legal_actions()`, a checked
`apply_action(a)`) against benchmarks/handwritten_api.py's State classes; with --cpu, both are
timed by the process's CPU time (on a machine loaded past its cores, the wall clock of a turn
is mostly other processes' time). Each row also gives the engine's actions (decisions taken)
a second. To compare two
checkouts, run it in each, in turn, a few times: what a process is given (where its memory
lies, what the collector meets) still differs from one process to the next.
"""
from __future__ import annotations

import argparse
import functools
import importlib.util
import random
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
CLOCK = time.perf_counter


def handwritten(name: str):
    spec = importlib.util.spec_from_file_location(name, HERE / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def one_hand(state, rng) -> None:
    """Random play-out of the hand in progress, until it is scored (the search path)."""
    state.play_out(rng, hand=True)


def one_hand_through_api(state, rng) -> None:
    """The same through the public API: legal_actions(), then a checked apply_action(a)."""
    choice, scored = rng.choice, state.hands_scored
    while state.hands_scored == scored and not state.is_terminal():
        state.apply_action(choice(state.legal_actions()))


def hand_by_hand(game, players: int, rng, seeds, seconds: float, play, clock=CLOCK) -> tuple[int, float, int]:
    """Whole random matches for about `seconds`, each hand played by `play(state, rng)`: (hands,
    time taken, actions taken) of the hands dealt to all `players`, which is what the
    hand-written code plays.
    A match goes on with fewer players as they drop out (in a Kozel match for four, four in
    five hands are dealt to two or three players), so counting every hand of it would time
    other hands than the hand-written row's. A hand is timed from the last one's end (its deal
    is made there, or by new_initial_state) to its scoring; an annulled deal (Coteccio's, dealt
    again) counts as a hand, as the hand-written code counts it."""
    hands, took, actions, start = 0, 0.0, 0, clock()
    while True:
        t = clock()
        state = game.new_initial_state(seed=next(seeds), players=players)
        while not state.is_terminal():
            live, scored, redeals, steps = state.live, state.hands_scored, state.deals - state.hand_number, state.steps
            play(state, rng)
            now = clock()
            if live == players:
                hands += state.hands_scored - scored + state.deals - state.hand_number - redeals
                took += now - t
                actions += state.steps - steps
            t = now
        if now - start >= seconds:
            return hands, took, actions


def handwritten_turn(play, players: int, rng, seconds: float, clock=CLOCK) -> tuple[int, float]:
    """Hand-written hands for about `seconds`: (hands played, time taken)."""
    hands, start = 0, clock()
    while True:
        play(rng, players)
        hands += 1
        if hands % 8 == 0:
            now = clock()
            if now - start >= seconds:
                return hands, now - start


def row(game, play, players: int, turns: int, seconds: float, engine=one_hand,
        clock=CLOCK) -> tuple[float, float, float]:
    """(engine hands a second, hand-written hands a second, engine actions a second), over
    alternating turns."""
    engine_rng, hand_rng, seeds = random.Random(0), random.Random(0), iter(range(1 << 62))
    totals = [0, 0.0, 0, 0.0, 0]
    for _ in range(turns):
        hands, took, actions = hand_by_hand(game, players, engine_rng, seeds, seconds, engine, clock)
        totals[0] += hands
        totals[1] += took
        totals[4] += actions
        hands, took = handwritten_turn(play, players, hand_rng, seconds, clock)
        totals[2] += hands
        totals[3] += took
    return totals[0] / totals[1], totals[2] / totals[3], totals[4] / totals[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rows", nargs="+", help="GAME:PLAYERS, e.g. kozel:4 (games/GAME.yaml)")
    parser.add_argument("--tree", type=Path, default=HERE.parent, help="the checkout whose ruledsl/ and games/ to time")
    parser.add_argument("--turns", type=int, default=60, help="turns of each (default 60)")
    parser.add_argument("--turn", type=float, default=0.02, help="seconds a turn (default 0.02)")
    parser.add_argument("--api", action="store_true", help="the public API loops: engine and handwritten_api.py")
    parser.add_argument("--cpu", action="store_true",
                        help="time by the process's CPU time, not the wall clock (a machine loaded past its cores)")
    args = parser.parse_args()
    sys.path.insert(0, str(args.tree))
    import ruledsl
    loops = handwritten("handwritten")
    if args.api:
        api = handwritten("handwritten_api")
        baselines = {name: functools.partial(api.play_hand, name) for name in api.GAMES}
    else:
        baselines = loops.BASELINES
    kind = "API " if args.api else ""
    print(f"| game | players | engine {kind}h/s | hand-written {kind}h/s | {kind}ratio | engine {kind}actions/s |\n"
          "|---|---|---|---|---|---|")
    for spec in args.rows:
        name, _, players = spec.partition(":")
        game = ruledsl.load_game(args.tree / "games" / f"{name}.yaml")
        n = int(players) if players else game.default_players
        engine, hand, actions = row(game, baselines[name], n, args.turns, args.turn,
                                    one_hand_through_api if args.api else one_hand,
                                    time.process_time if args.cpu else CLOCK)
        print(f"| {name} | {n} | {engine:,.0f} | {hand:,.0f} | {hand / engine:.2f} | {actions:,.0f} |", flush=True)


if __name__ == "__main__":
    main()
