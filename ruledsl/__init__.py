"""ruledsl: card games written as rule files, played by a generic engine.

    game = ruledsl.load_game("path/to/game.yaml")
    state = game.new_initial_state(seed=1, players=4)
    while not state.is_terminal():
        state.apply_action(random.choice(state.legal_actions()))
    state.returns()
"""
from .engine.actions import IllegalAction
from .engine.game import Game, OptionError, load_game
from .engine.state import State
from .errors import RuleError, RuleErrors

__all__ = ["load_game", "Game", "State", "IllegalAction", "OptionError", "RuleError", "RuleErrors"]
