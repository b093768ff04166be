"""Hand-written reference simulators: one hand of random play per game, registered here (the
trick games in handwritten_tricks.py, the partnership games in handwritten_partnerships.py, the
games played in turns, Mau-Mau, President and Rummy, in handwritten_turns.py).

These are the speed baseline for the generic engine: plain, straightforward Python that a
competent developer would write for a Monte-Carlo simulator of each game (rules from
RULES.md, §1.1, §2.1, §3.1, §4.1, §5.1 and the defaults of §7). Every decision is a uniform
random choice among the legal actions, drawn from a seeded ``random.Random``.

Seats are numbered 0..n-1 clockwise (RULES.md §0.2): ``left(i) = i+1``, ``right(i) = i-1``.
Clockwise games pass the turn to ``i+1``, anticlockwise games to ``i-1``. In the partnership
games the team of seat ``i`` is ``i % 2``.

Cards are small ints, ``suit * ranks_per_suit + rank_index``, with rank indexes ordered from
weakest to strongest, so two cards of one suit compare by plain ``<``. Suits are 0=S, 1=H,
2=D, 3=C.

Each game's rules pieces that do not lie inside the play loop (the deal, the scoring, the
capture enumeration, Kozel's bura / four aces check and refill, ...) are functions of their
own, which benchmarks/handwritten_api.py calls too; the play loops stay inline, each random
choice where the decision falls (Coteccio and Ciapanò share theirs, ``follow_suit_tricks``).

Usage::

    python benchmarks/handwritten.py [--seconds 2] [--json]

or, from another script, ``hands_per_second(game, players, seconds)`` and ``BASELINES``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import handwritten_turns  # noqa: E402  (Mau-Mau, President, Rummy: the games played in turns)
from handwritten_partnerships import play_hand_cicera, play_hand_couillon  # noqa: E402
from handwritten_tricks import play_hand_ciapano, play_hand_coteccio, play_hand_kozel  # noqa: E402


# ---------------------------------------------------------------------------------------------
# Benchmark driver
# ---------------------------------------------------------------------------------------------

BASELINES = {
    "ciapano": play_hand_ciapano,
    "cicera": play_hand_cicera,
    "coteccio": play_hand_coteccio,
    "couillon": play_hand_couillon,
    "kozel": play_hand_kozel,
    **handwritten_turns.BASELINES,
}

PLAYER_COUNTS = {
    "ciapano": (3, 4, 5),
    "cicera": (4,),
    "coteccio": (2, 4, 7),
    "couillon": (4,),
    "kozel": (2, 3, 4, 5),
    **handwritten_turns.PLAYER_COUNTS,
}


def hands_per_second(game, players, seconds, seed=0):
    """Play hands of ``game`` for about ``seconds`` seconds and return the rate."""
    return rate(BASELINES[game], players, seconds, seed)


def rate(play, players, seconds, seed=0):
    """Call ``play(rng, players)`` (one hand) for about ``seconds`` seconds; hands per second."""
    rng = random.Random(seed)
    clock = time.perf_counter
    hands = 0
    start = clock()
    deadline = start + seconds
    while True:
        play(rng, players)
        hands += 1
        if hands % 16 == 0:
            now = clock()
            if now >= deadline:
                return hands / (now - start)


def run_hands(game, players, count, seed=0):
    """Play ``count`` hands (no timing) and return the results, for checking."""
    play = BASELINES[game]
    rng = random.Random(seed)
    return [play(rng, players) for _ in range(count)]


def timing_parser(description, games):
    """The command line of a timing run, of handwritten.py or handwritten_api.py."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--seconds", type=float, default=2.0, help="time per game and count")
    parser.add_argument("--json", action="store_true", help="print {game: {players: hands/s}}")
    parser.add_argument("--games", nargs="*", choices=sorted(games), help="only these games")
    parser.add_argument("--seed", type=int, default=0)
    return parser


def report_rates(args, games, player_counts, hands_per_second):
    """Time every game of ``args.games`` (else ``games``) at each of its player counts; print a
    line per count as it goes, or the {game: {players: hands/s}} JSON at the end."""
    results = {}
    for game in args.games or sorted(games):
        results[game] = {}
        for players in player_counts[game]:
            rate = hands_per_second(game, players, args.seconds, args.seed)
            results[game][players] = rate
            if not args.json:
                print(f"{game:9} {players} players  {rate:10.0f} hands/s", flush=True)
    if args.json:
        print(json.dumps(results, indent=2))
    return 0


def main(argv=None):
    args = timing_parser(__doc__.splitlines()[0], BASELINES).parse_args(argv)
    return report_rates(args, BASELINES, PLAYER_COUNTS, hands_per_second)


if __name__ == "__main__":
    sys.exit(main())
