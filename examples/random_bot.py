"""Play one match of any rule file with random players and print what happened.

    python examples/random_bot.py games/ciapano.yaml --players 4 --seed 1
"""
import argparse
import random

import ruledsl


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("ruleset")
    parser.add_argument("--players", type=int)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    game = ruledsl.load_game(args.ruleset)
    state = game.new_initial_state(seed=args.seed, players=args.players)
    rng = random.Random(args.seed)
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        if state.hand_number == 1:
            print(f"{'ABCDEFGHIJKL'[state.current_player()]}: {state.action_to_string(action)}")
        state.apply_action(action)
    print(f"{state.hand_number} hands; winners: {[ 'ABCDEFGHIJKL'[s] for s in state.winners]}; "
          f"returns: {state.returns()}")


if __name__ == "__main__":
    main()
