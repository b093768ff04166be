"""Play-outs draw rng.choice's picks themselves (runtime/randomness.py): exactly its picks, and
rng.choice itself for a generator that draws its own way."""
import random

import pytest

from ruledsl.runtime.randomness import below, bits_of


class OwnDraws(random.Random):
    """random() of its own: random.Random then draws choice's index with it, not getrandbits."""

    def random(self):
        return super().random()


class OwnChoice(random.Random):
    def choice(self, seq):
        return seq[0]


@pytest.mark.parametrize("seed", [0, 1, 99])
def test_the_inline_draw_picks_what_choice_picks(seed):
    theirs, mine = random.Random(seed), random.Random(seed)
    for size in [1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 40, 63, 64, 65, 1000] * 30:
        assert theirs.choice(range(size)) == below(mine.getrandbits, size)


def test_the_draws_are_inline_only_where_they_are_choices_own():
    assert bits_of(random.Random(1)) is not None
    assert bits_of(OwnDraws(1)) is None and bits_of(OwnChoice(1)) is None
    assert bits_of(type("Chooser", (), {"choice": lambda self, seq: seq[0]})()) is None
