"""ruledsl: card games written as rule files, played by a generic engine.

    game = ruledsl.load_game("path/to/game.yaml")
    state = game.new_initial_state(seed=1, players=4)
    while not state.is_terminal():
        state.apply_action(random.choice(state.legal_actions()))
    state.returns()
"""
from importlib import metadata as _metadata

from .errors import OptionError, RuleError, RuleErrors
from .game import Game, load_game
from .runtime.actions import IllegalAction
from .runtime.failures import PlayError
from .runtime.state import NOBODY, TERMINAL, State

try:
    __version__ = _metadata.version("ruledsl")       # one home for the version: pyproject.toml
except _metadata.PackageNotFoundError:               # a source tree that was never installed
    __version__ = "0+unknown"

__all__ = ["__version__", "load_game", "Game", "State", "IllegalAction", "OptionError", "RuleError", "RuleErrors",
           "PlayError", "NOBODY", "TERMINAL"]
