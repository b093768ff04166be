"""The shipped games and player counts the reinforcement-learning tests cover, with options
that keep a match short (every rule still plays; only the match's length changes). Rummy's is one
hand (target 1): to 20 a random match of two ran to a few hands of hundreds of actions each."""
from pathlib import Path

import shipped as shipped_files

ROOT = Path(__file__).resolve().parent.parent
SHORT = {"ciapano": {"target": 11}, "cicera": {"target": 11}, "coteccio": {"lives": 1},
         "couillon": {}, "kozel": {"hands": 2}, "maumau": {"target": 20}, "president": {"target": 2},
         "rummy": {"target": 1}, "holdem": {"hands": 2}, "bridge": {"boards": 1}}


def shipped() -> list[tuple[str, int]]:
    """(game, players) for every rule file under games/ and every player count it allows."""
    cases = []
    for path in sorted((ROOT / "games").glob("*.yaml")):
        game = shipped_files.load(path)
        cases += [(path.stem, n) for n in range(game.min_players, game.max_players + 1)]
    return cases


def load(name: str):
    """The shipped game (loaded once: a Game is shared by all its states)."""
    return shipped_files.game(name)


def short(name: str) -> dict:
    """Options for a short match of `name` (none for a game this list does not know yet)."""
    return SHORT.get(name, {})
