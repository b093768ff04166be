"""A random play-out's draws: exactly `rng.choice(legal)`'s, without its two calls a draw.

`random.Random.choice(seq)` is `seq[self._randbelow(len(seq))]`, and `_randbelow` draws
`getrandbits` words of the width of `len(seq)` until one falls below it. In a play-out those
two Python calls cost twice the draw itself (0.43 against 0.14 µs a decision, timeit), about a
tenth of a trick game's turn; so State.play_out and the generated trick loops (`_p`,
lang/steps/tricks/rollout.py) draw the index themselves, with `rng.getrandbits`, by DRAW below — the
same words in the same order, hence the same actions as `rng.choice` would pick. Where that
cannot be promised (a generator whose `choice` or `_randbelow` is its own, or a Python whose
`choice` draws otherwise: checked once, against random.Random itself), `bits_of` gives None and
the play-out calls `rng.choice`.
"""
from __future__ import annotations

import functools
import random

# The draw of an index `x` below `size` with `bits` (the generator's getrandbits), as lines
# (indent, text) of the generated code (compile/writer.py `lines`).
DRAW = ((0, "width = size.bit_length()"),
        (0, "x = bits(width)"),
        (0, "while x >= size:"),
        (1, "x = bits(width)"))


def _below():
    namespace: dict = {"__builtins__": {}}
    body = "".join(" " * (1 + indent) + text + "\n" for indent, text in DRAW)
    exec(f"def below(bits, size):\n{body} return x", namespace)
    return namespace["below"]


below = _below()
below.__doc__ = "An index below `size`, drawn with `bits` (a getrandbits) as random.Random.choice draws it."


@functools.cache
def _choice_draws_so() -> bool:
    """Whether random.Random.choice draws as DRAW does, on this Python (a few hundred draws)."""
    mine, theirs = random.Random(20261202), random.Random(20261202)
    sizes = (1, 2, 3, 4, 5, 7, 8, 9, 13, 31, 40, 64, 100, 1000)
    return all(theirs.choice(range(size)) == below(mine.getrandbits, size) for _ in range(20) for size in sizes)


def bits_of(rng):
    """`rng.getrandbits` when drawing by DRAW picks what `rng.choice` would; else None."""
    kind = type(rng)
    if isinstance(rng, random.Random) and kind.choice is random.Random.choice and \
            kind._randbelow is random.Random._randbelow_with_getrandbits and _choice_draws_so():
        return rng.getrandbits
    return None
