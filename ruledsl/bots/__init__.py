"""Computer players. A bot is a callable `(state, rng) -> action` that sees the game only
through the public API and `state.determinize` (what its seat may know).

    bot = ruledsl.bots.make("ismcts:0.5")
    state.apply_action(bot(state, rng))

`make(spec)` is the one way to name a bot, everywhere a bot is chosen (the table's opponents,
`simulate --bots`, analysis): a name, optionally with a budget — `NAME:SECONDS` per move or
`NAME@ITERATIONS` (docs/bots.md). The bots: `random`; `pimc`, `ismcts` and `expert`, searches
that play for the hand's value (`result.hand`); `expert` adds inference from the play, exact
endgames and learned values (expert.py). A search bot also has
`evaluate(state, rng) -> [(action, value), ...]`, every legal action with the mean value the
search found for it, best first (the table's `hint`), and `spec`, the text that makes it.
`DEFAULT` is the spec the table seats when none is given (terminal, API, web lobby): the
strongest bot, per benchmarks/bots.py, at no more than 0.5 s per move. With an iteration
budget and a seeded rng a bot is exactly reproducible.
"""
from __future__ import annotations

import random
from typing import Callable

from .expert import Expert
from .hints import Hint, Rated, hint
from .ismcts import ISMCTS
from .pimc import PIMC


class BotSpecError(ValueError):
    """A bot spec that names no bot, or gives a budget the bot cannot take."""


def random_bot(state, rng: random.Random):
    """Uniformly random among the legal actions."""
    return rng.choice(state.legal_actions())


class RandomBot:
    spec = "random"

    def __call__(self, state, rng: random.Random):
        return random_bot(state, rng)


def _random(seconds: float | None, iterations: int | None) -> RandomBot:
    if seconds is not None or iterations is not None:
        raise BotSpecError("'random' takes no budget")
    return RandomBot()


# name -> factory(seconds per move or None, iterations per move or None)
BOTS: dict[str, Callable] = {"random": _random, "pimc": PIMC, "ismcts": ISMCTS, "expert": Expert}
DEFAULT = "expert:0.5"


def make(spec: str):
    """The bot named by `spec`: `random`, `NAME:SECONDS` or `NAME@ITERATIONS`."""
    text = spec.strip()
    seconds = iterations = None
    name = text
    if "@" in text:
        name, _, budget = text.partition("@")
        if not budget.isdigit() or int(budget) < 1:
            raise BotSpecError(f"'{spec}': after @ comes a number of iterations, e.g. ismcts@2000")
        iterations = int(budget)
    elif ":" in text:
        name, _, budget = text.partition(":")
        try:
            seconds = float(budget)
        except ValueError:
            seconds = -1.0
        if not 0 < seconds <= 600:
            raise BotSpecError(f"'{spec}': after : comes the seconds per move, e.g. ismcts:0.5")
    factory = BOTS.get(name.strip())
    if factory is None:
        from ..errors import did_you_mean
        hint = did_you_mean(name, BOTS)
        raise BotSpecError(f"unknown bot '{name}'" + (f"; {hint}" if hint else f"; bots: {', '.join(BOTS)}"))
    return factory(seconds, iterations)


__all__ = ["make", "BOTS", "DEFAULT", "BotSpecError", "random_bot", "RandomBot", "PIMC", "ISMCTS", "Expert",
           "hint", "Hint", "Rated"]
