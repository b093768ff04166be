"""Any rule file as an OpenSpiel game (docs/rl.md).

    from ruledsl.envs.openspiel import register
    name = register("my_game.yaml", players=3)          # "ruledsl_" and the name: in lower case
    game = pyspiel.load_game(name)                       # or load_game(name, {"players": 4})

Chance: a match begins with one chance node that draws the match's seed uniformly from `seeds`
values (1000 by default); every hand's deal (and the first dealer) follows from the seed and the
hand's number (runtime/dealing.py), so each outcome is one whole sequence of deals, each equally
likely. Decisions are the integer actions of runtime/indices.py (an action of several cards is
several moves of the same player). Returns are the match's (state.returns()) at the end; the
utility range is `utility=(lo, hi)` if given, else (0, 1) when the file has no `result.returns`,
else unbounded. The observer gives state.observation_tensor and a text of state.observation;
with perfect recall, the information state of envs/recall.py.
"""
from __future__ import annotations

import re
import unicodedata

import numpy as np
import pyspiel

from . import Match, game_of, max_game_length, utility_range
from ..runtime.tensor import plan
from ..runtime.tensor_kept import Kept
from .recall import Recall, remember, tensor_size, write_tensor


def register(path, players: int | None = None, options: dict | None = None, *, seeds: int = 1000,
             utility=None, name: str | None = None) -> str:
    """Register the rule file at `path` (or a loaded Game) with OpenSpiel; returns its short name
    (`ruledsl_` and the file's `name:` in lower case, unless `name` is given), which takes the
    parameter `players`."""
    rules = game_of(path)
    plain = unicodedata.normalize("NFKD", rules.name.lower()).encode("ascii", "ignore").decode()
    short = name or "ruledsl_" + re.sub(r"[^a-z0-9]+", "_", plain).strip("_")
    lo, hi = utility_range(rules, utility)
    chosen = dict(rules.options(options))
    default = rules.default_players if players is None else players
    game_type = pyspiel.GameType(
        short_name=short, long_name=f"{rules.name} (ruledsl)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=rules.max_players, min_num_players=rules.min_players,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification={"players": default})

    # A class of its own per registration, a global of this module under the short name, so that
    # a game and its states pickle (for worker processes: each must call register too).
    made = type(short, (RuleGame,), {"game_type": game_type, "rules": rules, "default": default,
                                      "match_options": chosen, "seeds": seeds, "utility": (lo, hi)})
    made.__module__, made.__qualname__ = __name__, short
    globals()[short] = made
    pyspiel.register_game(game_type, made)
    return short


class RuleGame(pyspiel.Game):
    """The game of one registration (its subclass, made by register, holds the rule file)."""

    def __init__(self, params=None):
        self.n = int((params or {}).get("players", self.default))
        lo, hi = self.utility
        info = pyspiel.GameInfo(num_distinct_actions=self.rules.num_distinct_actions(self.n),
                                max_chance_outcomes=self.seeds, num_players=self.n, min_utility=lo,
                                max_utility=hi, max_game_length=max_game_length(self.rules, self.n) + 1)
        super().__init__(self.game_type, info, {"players": self.n})

    def new_initial_state(self):
        return RuleState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        """The observation, or with `perfect_recall` the information state (envs/recall.py)."""
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            return InformationState(self)
        return Observer(self)


class RuleState(pyspiel.State):
    """Before the chance node: `match` is None. After it: the match, one integer at a time."""

    def __init__(self, game):
        super().__init__(game)
        self.match: Match | None = None
        self.recall: Recall | None = None        # what each seat has seen, once asked (remembered)

    def current_player(self):
        if self.match is None:
            return pyspiel.PlayerId.CHANCE
        st = self.match.state
        return pyspiel.PlayerId.TERMINAL if st.is_terminal() else st.current_player()

    def _legal_actions(self, player):
        return self.match.legal()

    def chance_outcomes(self):
        seeds = self.get_game().seeds
        return [(s, 1.0 / seeds) for s in range(seeds)]

    def _apply_action(self, action):
        if self.match is None:
            game = self.get_game()
            self.match = Match(game.rules.new_initial_state(seed=int(action), players=game.n,
                                                            options=game.match_options))
        elif self.recall is None:
            self.match.step(int(action))
        else:
            self.recall = remember(self.match, self.recall, int(action))

    def remembered(self) -> Recall:
        """The seats' information states (envs/recall.py). Made when first asked for, by playing
        the match again from its seed with a record (a state nobody asks pays nothing for them),
        and from then on extended by each action, in this state and its clones."""
        if self.recall is None:
            game, history = self.get_game(), self.history()
            again = Match(game.rules.new_initial_state(seed=history[0], players=game.n,
                                                       options=game.match_options, record=True))
            recall = Recall.start(again.state)
            for action in history[1:]:
                recall = remember(again, recall, action)
            self.match.state.events = []          # the match records its events from now on
            self.recall = recall
        return self.recall

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        return self.get_game().rules.action_names(self.get_game().n)[action]

    def is_terminal(self):
        return self.match is not None and self.match.state.is_terminal()

    def returns(self):
        if not self.is_terminal():
            return [0.0] * self.get_game().n
        return [float(v) for v in self.match.state.returns()]

    def __str__(self):
        return "before the deal" if self.match is None else str(self.match)


class Observer:
    """OpenSpiel's observer: the tensor (one "observation" piece, runtime/tensor.py's layout) and
    a text of the seat's observation dict."""

    def __init__(self, game):
        self.tensor = np.zeros(game.rules.observation_shape(game.n), np.float32)
        self.dict = {"observation": self.tensor}
        self.kept: dict = {}                # per seat: its tensor kept up to date (runtime/tensor.py)

    def set_from(self, state, player):
        if state.match is None:
            self.tensor.fill(0.0)
            return
        st = state.match.state
        kept = self.kept.get(player)
        if kept is None or kept.plan is not plan(st.prog, player):
            kept = self.kept[player] = Kept(st.prog, player)
        self.tensor[:] = np.frombuffer(kept.update(st, state.match.chosen), np.float32)

    def string_from(self, state, player):
        if state.match is None:
            return "before the deal"
        shown = state.match.state.observation(player)
        mine = state.match.chosen if state.match.state.current_player() == player else ()
        return f"{shown} chosen={list(mine)}"


class InformationState:
    """OpenSpiel's observer with perfect recall: the seat's information state (envs/recall.py)
    as a string, and as a tensor (one "info_state" piece)."""

    def __init__(self, game):
        self.tensor = np.zeros(tensor_size(game.rules, game.n), np.float32)
        self.dict = {"info_state": self.tensor}

    def set_from(self, state, player):
        self.tensor.fill(0.0)
        if state.match is not None:
            mine = state.match.chosen if state.match.state.current_player() == player else ()
            write_tensor(self.tensor, state.remembered(), state.match.state, player, mine)

    def string_from(self, state, player):
        return "before the deal" if state.match is None else state.remembered().string(player)
