"""Fit the expert's imitation roll-out policy (ruledsl/bots/imitate.py) to a search's choices.

    nice -n 10 python benchmarks/imitate.py --games ciapano kozel coteccio --bot pimc@400 --hands 60

Plays `--hands` hands of each game (default player count) with `--bot` in every seat and records,
at every trick's play with a choice, the features of each legal card and the card the bot played
— what its search preferred, seeing only its seat. Fits the conditional logit (imitate.fit) to
those choices and stores the weights in ruledsl/bots/rollouts.json as the game's `policy` (by the
rule file's digest and player count), with how well they predict the choices: the mean
log-likelihood a decision against uniform play's, and the share of decisions whose most likely
card is the one played, on the last fifth of the decisions (held out of the fit). Whether the
roll-outs use it is a separate, measured choice (`imitate`, `bots.py --choose-rollouts`).
"""
from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from ruledsl import bots  # noqa: E402
from ruledsl.bots.imitate import FEATURES, Imitation, fit, log_likelihood  # noqa: E402
from ruledsl.bots.rollouts import CHOICES, rules_key  # noqa: E402

sys.path.insert(0, str(HERE))
from bots import game  # noqa: E402


def choices_of(name: str, spec: str, hands: int, seed: int = 1) -> list:
    """(features per legal card, index played) at every trick's play with a choice in `hands`
    hands of self-play by `spec`."""
    g = game(name)
    rows = []
    for h in range(hands):
        st = g.new_initial_state(seed=seed + h, players=g.default_players, record=True)
        features = Imitation(st, [0.0] * len(FEATURES)).features
        rng = random.Random(seed * 7919 + h)
        bot = bots.make(spec)
        scored = st.hands_scored
        while not st.is_terminal() and st.hands_scored == scored:
            legal = st.legal_actions()
            action = legal[0] if len(legal) == 1 else bot(st, rng)
            if len(legal) > 1:
                feats = features(st, legal)
                if feats is not None:
                    rows.append((feats, legal.index(action)))
            st.apply_action(action)
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", nargs="+", required=True)
    ap.add_argument("--bot", default="pimc@400")
    ap.add_argument("--hands", type=int, default=60)
    ap.add_argument("--dry-run", action="store_true", help="print the fit, store nothing")
    ap.add_argument("--store", type=Path, default=CHOICES, help="the settings file the weights go to "
                    "(a copy of rollouts.json, to measure them before they become the game's)")
    args = ap.parse_args()
    table = json.loads(args.store.read_text()) if args.store.exists() else {}
    for name in args.games:
        rows = choices_of(name, args.bot, args.hands)
        cut = len(rows) * 4 // 5
        train, held = rows[:cut], rows[cut:]
        w, _ = fit(train)
        uniform = -sum(math.log(len(f)) for f, _ in held) / len(held)
        fitted = log_likelihood(held, w) / len(held)
        top = sum(max(range(len(f)), key=lambda k: sum(a * b for a, b in zip(w, f[k]))) == c for f, c in held)
        w, _ = fit(rows)                        # the weights stored: from every decision
        note = (f"{args.bot} self-play, {args.hands} hands, {len(rows)} decisions; held-out fifth: "
                f"log-likelihood {fitted:.3f} a decision (uniform {uniform:.3f}), most likely = played "
                f"{top / len(held):.0%}")
        print(name, note)
        print("   ", ", ".join(f"{f} {x:+.2f}" for f, x in zip(FEATURES, w)))
        if not args.dry_run:
            g = game(name)
            entry = table.setdefault(rules_key(g.ruleset, g.default_players), {})
            entry["policy"] = [round(x, 4) for x in w]
            entry["policy fitted"] = note
    if not args.dry_run:
        args.store.write_text(json.dumps(table, indent=1, sort_keys=True, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
