"""The engine's shuffle is random.Random.shuffle unrolled: the same seed must give the same
deal as before (scenario files pin exact deals), for every deck size."""
import random

from ruledsl.engine.flow import shuffle


def test_shuffle_matches_random_shuffle():
    for size in (0, 1, 2, 32, 40, 52):
        for seed in range(300):
            expected, got = list(range(size)), list(range(size))
            random.Random(seed).shuffle(expected)
            shuffle(got, random.Random(seed))
            assert got == expected, (size, seed)
