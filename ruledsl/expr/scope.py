"""What the compiler needs from its caller: where text is (Locate), what a name means (Scope),
and what a compiled closure runs against (Env)."""
from __future__ import annotations

from typing import Any, Callable, Iterable, Protocol

from ..source import Span

Locate = Callable[[int, int], Span]
"""(0-based offset in the expression text, width) -> Span in the rule file."""

Code = Callable[[Any], Any]
"""A compiled expression: env -> value."""


class Env(Protocol):
    """Anything with a `locals` dict: loop variables and the names passed as `locals=` live there."""

    locals: dict[str, Any]


class Scope(Protocol):
    """The game's names, implemented by the engine. Every method may raise RuleError."""

    def lookup(self, name: str, span: Span) -> Code:
        """A bare name that is not local (`dealer`, `pool`); RuleError if unknown."""

    def option(self, name: str, span: Span) -> Code:
        """`option.NAME`; RuleError if unknown."""

    def function(self, name: str, args: list[Code], spans: list[Span], span: Span) -> Code | None:
        """A game function (`hand(p)`, `lives(p)`, `points(x)`); None if the name is not one."""

    def card(self, text: str, span: Span) -> Any:
        """A card literal (`QS`) -> its value; RuleError if not in the deck."""

    def suit(self, text: str, span: Span) -> Any:
        """A suit literal (`S`) -> its value."""

    def target(self, name: str, index: Code | None, span: Span) -> tuple[Code, Callable[[Any, Any], None]]:
        """What a statement assigns to -> (get(env), set(env, value)); both evaluate `index`."""

    def move(self, cards: Code, zone: str, index: Code | None, span: Span) -> Callable[[Any], None]:
        """`move CARDS to ZONE` -> env -> None."""

    def reveal(self, cards: Code, span: Span) -> Callable[[Any], None]:
        """`reveal CARDS` -> env -> None."""

    def names(self) -> Iterable[str]:
        """All bare names (for did-you-mean hints)."""

    def function_names(self) -> Iterable[str]:
        """All game function names (for did-you-mean hints)."""
