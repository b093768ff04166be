"""Ranked hands in the game's own orders: `poker_rank(xs, order, suits)` ranks by a named deck
order and breaks what the ranks leave tied by a suit order; `best_hand(xs, k, …)` is the k cards
that rank highest (the best five of seven)."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ruledsl
from ruledsl.errors import RuleError

CLIMBING = """\
name: Climbing
players: 4
deck:
  pack: french-52
  orders:
    climb: [2, A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3]     # the 2 highest, the 3 lowest
    partial: [A, K, Q]
zones:
  hand: {owner: player, visible: owner}
  pile: {visible: all}
hand:
  - deal: {to: each, count: 13}
  - turns:
      until: count(hand(player)) == 0
      turn:
        - ask: {who: player, choices: {play: {each: c in hand(player), do: move c to pile}}}
after_hand:
  - end_match: active
"""


@pytest.fixture(scope="module")
def state(tmp_path_factory):
    path = tmp_path_factory.mktemp("hands") / "climbing.yaml"
    path.write_text(CLIMBING, encoding="utf-8")
    return ruledsl.load_game(path).new_initial_state(seed=1)


def rank(state, text: str):
    return state.evaluate(text)


@pytest.mark.parametrize("better, worse", [
    # the game's order: 2 above A, so a pair of 2s beats a pair of aces (poker's order: the other way)
    ("poker_rank([2S, 2H], 'climb')", "poker_rank([AS, AH], 'climb')"),
    ("poker_rank([AS, AH])", "poker_rank([2S, 2H])"),
    # the suit order breaks what the ranks tie: the pair holding the higher suit
    ("poker_rank([7S, 7D], 'climb', [S, H, C, D])", "poker_rank([7H, 7C], 'climb', [S, H, C, D])"),
    ("poker_rank([7H, 7C], 'climb', [C, H, S, D])", "poker_rank([7S, 7D], 'climb', [C, H, S, D])"),
    # a straight is ranked by its top card, then its top card's suit
    ("poker_rank([3S, 4S, 5S, 6H, 7S], 'climb', [S, H, C, D])", "poker_rank([3H, 4H, 5H, 6S, 7D], 'climb', [S, H, C, D])"),
    ("poker_rank([4D, 5D, 6D, 7H, 8D], 'climb', [S, H, C, D])", "poker_rank([3S, 4S, 5S, 6H, 7S], 'climb', [S, H, C, D])"),
    # categories as poker's: a flush beats a straight, a full house a flush
    ("poker_rank([3S, 5S, 7S, 9S, JS], 'climb')", "poker_rank([8S, 9H, 10C, JD, QS], 'climb')"),
    ("poker_rank([3S, 3H, 3D, 4C, 4S], 'climb')", "poker_rank([3S, 5S, 7S, 9S, JS], 'climb')"),
    # the ranks decide before the suits
    ("poker_rank([8D, 8C], 'climb', [S, H, C, D])", "poker_rank([7S, 7H], 'climb', [S, H, C, D])"),
])
def test_ranks_in_the_games_order_and_suits(state, better, worse):
    assert rank(state, better) > rank(state, worse)


def test_the_orders_highest_rank_also_stands_below_its_lowest(state):
    # 2 is highest in 'climb': 2 3 4 5 6 is a straight whose top is the 6
    assert rank(state, "poker_rank([2S, 3H, 4D, 5C, 6S], 'climb')") == [4, 4]
    assert rank(state, "poker_rank([AS, 2H, 3D, 4C, 5S], 'climb')")[0] == 0          # no straight there
    assert rank(state, "poker_rank([AS, 2H, 3D, 4C, 5S])") == [4, 4]                  # poker's wheel


def test_without_suits_equal_ranks_tie(state):
    assert rank(state, "poker_rank([7S, 7D], 'climb')") == rank(state, "poker_rank([7H, 7C], 'climb')")
    assert rank(state, "poker_rank([7S, 7D], 'climb', [])") == rank(state, "poker_rank([7H, 7C], 'climb', [])") \
        == [1, 5, 0, 0]


CARDS = ["2S", "3H", "5D", "7C", "9S", "JH", "KD", "AC", "AS", "7H", "7D", "QS", "10S", "8S", "4S"]


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(CARDS), min_size=5, max_size=8, unique=True),
       st.sampled_from(["'order'", "'climb'"]), st.booleans())
def test_best_hand_is_the_highest_of_every_k_subset(state, held, order, suited):
    suits = ", [S, H, D, C]" if suited else ""
    xs = "[" + ", ".join(held) + "]"
    best = state.evaluate(f"best_hand({xs}, 5, {order}{suits})")
    assert len(best) == 5 and set(map(str, best)) <= set(held)
    top = max(state.evaluate(f"poker_rank([{', '.join(h)}], {order}{suits})")
              for h in itertools.combinations(held, 5))
    assert state.evaluate(f"poker_rank(best_hand({xs}, 5, {order}{suits}), {order}{suits})") == top
    assert state.evaluate(f"best_hand({xs}, 5, {order}{suits})") == best                       # the same each time
    assert list(best) == sorted(best)                                                              # in the deck's order


def test_best_hand_of_few_cards_is_them_all(state):
    assert [str(c) for c in state.evaluate("best_hand([KD, 2S], 5)")] == ["2S", "KD"]


@pytest.mark.parametrize("text, message", [
    ("poker_rank([AS], 'partial')", "poker_rank() needs an order that ranks every rank of the deck"),
    ("poker_rank([AS], 'climbing')", "poker_rank() needs the name of a deck order as its second argument"),
    ("poker_rank([AS], 'climb', S)", "`poker_rank()` takes a list of suits; `S` is a suit"),
    ("best_hand([AS], 'climb')", "`best_hand()` takes a whole number; `'climb'` is text"),
])
def test_mistakes_are_located(state, text, message):
    with pytest.raises(RuleError) as info:
        state.evaluate(text)
    assert info.value.message == message


def test_too_many_hands_to_compare(state):
    with pytest.raises(RuleError, match="best_hand would compare 635,013,559,600 hands of 13 of 52 cards"):
        state.evaluate("best_hand(hand(0) + hand(1) + hand(2) + hand(3), 13)")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(CARDS), min_size=0, max_size=6, unique=True),
       st.sampled_from([None, ["S", "H", "D", "C"], ["C", "D"]]))
def test_kept_ranks_are_the_hands_own(held, suits):
    """A Ranks keeps each hand's rank by its cards and the suit order: asked again (the same
    hand, or the same cards with another suit order), it gives what poker_rank works out
    afresh, and a rank handed out and then changed changes nothing kept."""
    from ruledsl.runtime import hands
    from ruledsl.runtime.cards import card_named
    xs = [card_named(c) for c in held]
    power = tuple(range(60))                        # any table: a card's strength is its id
    suit_of = tuple("SHDC"[i % 4] for i in range(60))
    kept = KEPT_RANKS.setdefault("ranks", hands.Ranks(power, suit_of, 60))
    fresh = hands.poker_rank(xs, power, suit_of, 60, suits)
    first = kept.rank(xs, suits)
    assert first == fresh
    first.append(99)
    assert kept.rank(list(xs), suits) == fresh
    assert kept.rank(xs, None) == hands.poker_rank(xs, power, suit_of, 60)


KEPT_RANKS: dict = {}           # one Ranks for every example: it keeps what the earlier ones ranked


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from(range(52)), min_size=0, max_size=5, unique=True), st.integers(1, 4))
def test_ranks_kept_by_powers_are_the_hands_own(held, k):
    """A Ranks also keeps ranks without suits by the cards' powers and whether they are a
    flush (of_cards; of_kind for k cards of one power): each, asked in any order after the
    others, is what poker_rank works out afresh — a wrong key (two hands of different ranks
    with one key) would give one of them the other's rank."""
    from ruledsl.runtime import hands
    power = tuple(1 + i % 13 for i in range(52))           # 13 ranks of four suits, 1 lowest
    suit_of = tuple("SHDC"[i // 13] for i in range(52))
    kept = KEPT_RANKS.setdefault("powers", hands.Ranks(power, suit_of, 13))
    assert kept.of_cards(held) == hands.poker_rank(held, power, suit_of, 13)
    for card in held:
        assert kept.of_kind(card, k) == hands.poker_rank([card] * k, power, suit_of, 13)
