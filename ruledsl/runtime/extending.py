"""A list's cards -> the cards that make it one meld: is_meld(m + [c], …) is written
`c in extending[tuple(m)]` (lang/builtins/combinations.py), since a lay-off tests every card
held against every meld laid and the melds laid change seldom (the tests: runtime/melds.py)."""
from __future__ import annotations


class Extending(dict):
    """A list's cards (a tuple) -> the cards that make it one meld (`rules.extenders`, a
    MeldRules'), found when first read and kept like is_meld's answers: for lists of fewer than
    `keyed` cards, `kept` of them before starting afresh."""

    __slots__ = ("rules", "keyed", "kept")

    def __init__(self, rules, keyed: int, kept: int):
        super().__init__()
        self.rules, self.keyed, self.kept = rules, keyed, kept

    def __missing__(self, key: tuple) -> frozenset:
        found = self.rules.extenders(key)
        if len(key) < self.keyed:
            if len(self) >= self.kept:
                self.clear()
            self[key] = found
        return found
