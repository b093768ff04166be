"""The engine's shuffle: a permutation, fixed by its seed alone, and uniform."""
from collections import Counter

from hypothesis import given, strategies as st

from ruledsl.runtime.dealing import first_dealer, shuffle


@given(size=st.integers(0, 120), seed=st.integers(-2**70, 2**70))
def test_a_shuffle_is_a_permutation_fixed_by_its_seed(size, seed):
    once, again = list(range(size)), list(range(size))
    shuffle(once, seed)
    shuffle(again, seed)
    assert sorted(once) == list(range(size))
    assert once == again


def test_seeds_give_different_deals():
    deals = set()
    for seed in range(200):
        deck = list(range(40))
        shuffle(deck, seed)
        deals.add(tuple(deck))
    assert len(deals) == 200


def test_every_card_is_equally_likely_in_every_place():
    """4,000 shuffles of 4 cards: each (card, place) ~1,000 times; 6 standard deviations
    (6 * sqrt(4000 * 1/4 * 3/4) = 164) is far beyond chance for any of the 16 counts."""
    places = Counter()
    for seed in range(4000):
        deck = list(range(4))
        shuffle(deck, seed)
        places.update(enumerate(deck))
    assert all(abs(places[p, c] - 1000) < 164 for p in range(4) for c in range(4))


def test_every_ordering_of_three_cards_comes_up():
    orders = Counter()
    for seed in range(3000):
        deck = [0, 1, 2]
        shuffle(deck, seed)
        orders[tuple(deck)] += 1
    assert len(orders) == 6 and all(abs(k - 500) < 130 for k in orders.values())


def test_first_dealer_is_any_seat_alike():
    for n in range(2, 8):
        dealers = Counter(first_dealer(seed, n) for seed in range(300 * n))
        assert sorted(dealers) == list(range(n))
        assert all(abs(k - 300) < 100 for k in dealers.values())
