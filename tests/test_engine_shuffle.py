"""The engine's shuffle is random.Random.shuffle unrolled: the same seed must give the same
deal as before (scenario files pin exact deals), for every deck size."""
import random

from ruledsl.runtime.dealing import first_dealer, shuffle


def test_shuffle_matches_random_shuffle():
    for size in (0, 1, 2, 32, 40, 52):
        for seed in range(300):
            expected, got = list(range(size)), list(range(size))
            random.Random(seed).shuffle(expected)
            shuffle(got, seed)
            assert got == expected, (size, seed)


def test_first_dealer_is_the_seeds_first_draw():
    for n in range(2, 8):
        assert [first_dealer(seed, n) for seed in range(50)] == [random.Random(seed).randrange(n) for seed in range(50)]
