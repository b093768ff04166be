"""Adapters for reinforcement-learning libraries (the optional extra `ruledsl[rl]`):
`ruledsl.envs.pettingzoo.env(...)` and `ruledsl.envs.openspiel.register(...)`. docs/rl.md.

What both share lives here: a match played through integer actions (runtime/indices.py), its
rewards and its bounds. Nothing here imports the libraries.
"""
from __future__ import annotations

from itertools import compress, repeat
from operator import eq, itemgetter

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
    """A match advanced one integer action at a time: the State (`state`, advanced in place,
    never replaced) and the integers chosen so far towards the action being made (a lead of
    several cards, a capture, a bet's digits). The legal actions are spelt into integers once a
    decision. Where each is one integer (a card played: every decision of a trick game), the
    decision is two lists, integers and actions, looked up in a table per decision
    (indices.singles). Else the spellings that begin with what was chosen are kept, and narrowed
    by each integer chosen, so a step reads only the spellings it could still complete (a bet of
    hundreds of sizes: one pass for its first integer, a tenth of them for its next)."""

    def __init__(self, state: State, chosen: tuple = ()):
        self.state, self.chosen = state, chosen
        self._single = self._whole = self._narrowed = None

    def _spell(self) -> None:
        """Spell the decision's legal actions: (integers, actions) where each is one integer
        (`_single`), else spelling → action (`_whole`)."""
        self._single = indices.singles(self.state)
        if self._single is None:
            spelt, actions = indices.spelt(self.state)
            ints = indices.keep_singles(self.state, spelt, actions)
            if ints is not None:
                self._single = ints, actions
            else:
                self._whole = dict(zip(spelt, actions))

    def _after(self) -> tuple[list, list]:
        """(the spellings that begin with `chosen`, the integers legal after it, sorted), in a
        decision of several-integer actions."""
        narrowed = self._narrowed
        if narrowed is None or narrowed[0] != self.chosen:
            k, whole = len(self.chosen), self._whole
            self._narrow(self.chosen, [s for s in whole if s[:k] == self.chosen] if k else list(whole))
            narrowed = self._narrowed
        return narrowed[1], narrowed[2]

    def _narrow(self, chosen: tuple, spelt: list) -> None:
        """Keep the spellings that begin with `chosen` and go on (`spelt` less `chosen` itself),
        and the integers legal after it: their next integers, and `done` where `chosen` is a
        whole action too. C passes (a decision of hundreds of bets)."""
        k = len(chosen)
        if k and chosen in self._whole:                 # a whole action that could go on: `done` ends it
            spelt = spelt[:]
            spelt.remove(chosen)
            nexts = set(map(itemgetter(k), spelt))
            if nexts:
                nexts.add(indices.coding(self.state.prog).done)
        else:
            nexts = set(map(itemgetter(k), spelt))
        self._narrowed = chosen, spelt, sorted(nexts)

    def integers(self) -> list[int]:
        """The integers legal next, in no particular order (not to be changed: a copy is `legal`)."""
        if self._single is None and self._whole is None:
            self._spell()
        if self._single is not None:
            return self._single[0] if not self.chosen else []
        return self._after()[1]

    def legal(self) -> list[int]:
        """The integers legal next, sorted."""
        return sorted(self.integers())

    def step(self, i: int) -> bool:
        """Choose integer `i`; True when it completed an action (and the state moved on)."""
        if self._single is None and self._whole is None:
            self._spell()
        if self._single is not None:                       # one integer an action
            ints, actions = self._single
            if not self.chosen and i in ints:
                action = actions[ints.index(i)]
            else:                                          # raises IllegalAction, in words
                action = indices.action_from_index(self.state, i, self.chosen)
        else:
            spelt, legal = self._after()
            if i not in legal:
                indices.action_from_index(self.state, i, self.chosen)
            k, whole = len(self.chosen), self._whole
            want = self.chosen + (i,)
            narrower = list(compress(spelt, map(eq, map(itemgetter(k), spelt), repeat(i))))
            if any(len(s) > k + 1 for s in narrower):     # more to choose
                self._narrow(want, narrower)
                self.chosen = want
                return False
            action = whole[want] if want in whole else whole[self.chosen]      # else `i` is done
            self.chosen = ()
        self._single = self._whole = self._narrowed = None
        self.state.apply_action(action)
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
