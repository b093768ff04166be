"""Adapters for reinforcement-learning libraries (the optional extra `ruledsl[rl]`):
`ruledsl.envs.pettingzoo.env(...)` and `ruledsl.envs.openspiel.register(...)`. docs/rl.md.

What both share lives here: a match played through integer actions (runtime/indices.py), its
rewards and its bounds. Nothing here imports the libraries.
"""
from __future__ import annotations

from itertools import chain

from ..game import Game, load_game
from ..runtime import indices
from ..runtime.state import State


def game_of(path_or_game) -> Game:
    return path_or_game if isinstance(path_or_game, Game) else load_game(path_or_game)


def max_game_length(game: Game, players: int) -> int:
    """A bound on the integer actions of a match: `limits.hands` hands, each of at most three
    integers per card of the deck (the card, a card it takes, `done`) and, for each ask step of
    the file, one answer per seat for every card played and one more. It assumes a card leaves a
    hand at most once a hand and an ask runs at most once per card played; a match that goes
    past it is cut short (truncated)."""
    prog = game.program(players)
    deck = len(prog.deck.cards)
    asks = sum(1 for d in prog.decisions if d.kind.vocabulary(d))
    return game.ruleset.max_hands * (3 * deck + asks * players * (deck + 1))


def utility_range(game: Game, declared=None) -> tuple[float, float]:
    """The bounds of a match's returns: `declared` (lo, hi) if given, else (0, 1) for a file
    without `result.returns` (1 to each winner), else unbounded: an expression's bounds are not
    derived."""
    if declared is not None:
        lo, hi = declared
        return float(lo), float(hi)
    if game.ruleset.returns is None:
        return 0.0, 1.0
    return float("-inf"), float("inf")


class Match:
    """A match advanced one integer action at a time: the State and the integers chosen so far
    towards the action being made (a lead of several cards, a capture). The legal actions are
    spelt into integers once a decision (indices.spellings), and made into a table: for each
    prefix of a spelling, the integers legal after it and the action it completes. Every part
    of the decision is then a lookup, until an action is applied."""

    def __init__(self, state: State, chosen: tuple = ()):
        self.state, self.chosen = state, chosen

    @property
    def state(self) -> State:
        return self._state

    @state.setter
    def state(self, state: State) -> None:
        self._state, self._table = state, None

    def table(self) -> tuple[dict, dict]:
        """(prefix → the integers legal after it, sorted; spelling → its action), made once a
        decision. `done` follows a prefix that is an action and could go on (indices.py)."""
        if self._table is None:
            every = indices.spellings(self._state)
            whole = dict(every)
            if set(map(len, whole)) == {1}:                # one integer an action: the common case
                self._table = {(): sorted(chain.from_iterable(whole))}, whole
            else:
                after: dict = {}
                for spelt in whole:
                    for k in range(len(spelt)):
                        after.setdefault(spelt[:k], set()).add(spelt[k])
                done = indices.coding(self._state.prog).done
                self._table = {prefix: sorted(nexts | {done} if prefix in whole else nexts)
                               for prefix, nexts in after.items()}, whole
        return self._table

    def legal(self) -> list[int]:
        return self.table()[0].get(self.chosen, [])[:]

    def step(self, i: int) -> bool:
        """Choose integer `i`; True when it completed an action (and the state moved on)."""
        legal, whole = self.table()
        if i not in legal.get(self.chosen, ()):          # raises IllegalAction, in words
            indices.action_from_index(self._state, i, self.chosen)
        want = self.chosen + (i,)
        if want in legal:                                 # it could go on: more to choose
            self.chosen = want
            return False
        action = whole[want] if want in whole else whole[self.chosen]      # else `i` is done
        self.chosen, self._table = (), None
        self._state.apply_action(action)
        return True

    def clone(self) -> "Match":
        return Match(self.state.clone(), self.chosen)

    def __deepcopy__(self, memo) -> "Match":     # OpenSpiel clones a state by deepcopy: the fast way
        return self.clone()

    def __str__(self) -> str:
        shown = str(self.state)
        if self.chosen:
            names = self.state.prog.game.action_names(self.state.n)
            shown += "\n  chosen: " + " ".join(names[i] for i in self.chosen)
        return shown
