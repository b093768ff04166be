"""What runtime/melds.py keeps and derives (a meld test's answers, a hand's melds from its ranks
and suits, the best splits of free cards shared between hands) against the same worked out from
scratch by fresh rules (hypothesis). What the built-ins give, as a rule file writes them:
tests/test_combos.py."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ruledsl.runtime.cards import PACKS, Deck
from ruledsl.runtime.less import points_less
from ruledsl.runtime.meld_lists import listed
from ruledsl.runtime.melds import MAX_WORK, MeldRules

ORDER = list(PACKS["french-52"].ranks)                   # A high … 2
RUN = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]      # A low
DECK = Deck(PACKS["french-52"], ORDER, ORDER, {"run": RUN}, {r: min(10, i + 1) for i, r in enumerate(RUN)}, {})


def by_card(found: MeldRules, xs) -> list[list]:
    """The melds of xs listed from its cards one by one, with found's deck and order."""
    return listed(xs, found.place, found.suit_of, found.suits)


def rules(order=RUN) -> MeldRules:
    return MeldRules(order, DECK.rank_of, DECK.suit_of, DECK.suits, DECK.points_of)


KEEPING = rules()          # shared by every example: it keeps what earlier examples worked out

# Hands dense in melds: most cards from a few ranks and a few runs' worth of one suit.
few = [c for c in DECK.cards if str(c)[:-1] in ("5", "6", "7", "8", "9") or str(c)[-1] == "H"]
hands = st.lists(st.sampled_from(few), min_size=0, max_size=12, unique=True)


@settings(max_examples=150, deadline=None)
@given(hands, st.sampled_from([RUN, ORDER]))
def test_a_hands_melds_from_its_ranks_and_suits_are_those_listed_card_by_card(hand, order):
    found = rules(order)
    assert found.melds(hand) == by_card(found, hand)
    assert found.melds(hand + hand[:1]) == by_card(found, hand + hand[:1])      # a card twice: listed


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(few[:12]), min_size=0, max_size=5))
def test_is_meld_answers_kept_by_their_cards_are_the_tests_own(xs):
    expected = len(xs) >= 3 and rules()._is_meld(list(xs))
    assert KEEPING.is_meld(xs) == expected
    assert KEEPING.is_meld(list(xs)) == expected                  # the second time: the kept answer


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(few), min_size=0, max_size=6), st.sampled_from([RUN, ORDER]))
def test_the_cards_kept_as_extending_a_list_are_those_the_test_finds_for_each_card(xs, order):
    """extending[tuple(xs)] holds c where is_meld(xs + [c]) — for every card of the deck (those
    of xs itself, a list with a card twice, too short a list included)."""
    kept, fresh = KEEPING if order is RUN else rules(order), rules(order)
    for _ in range(2):                                              # the second time: the kept cards
        extending = kept.extending[tuple(xs)]
        assert [c for c in DECK.cards if c in extending] == \
            [c for c in DECK.cards if len(xs) + 1 >= 3 and fresh._is_meld(list(xs) + [c])]


@settings(max_examples=80, deadline=None)
@given(hands)
def test_the_splits_of_a_hand_less_each_card_are_those_found_afresh(hand):
    """KEEPING's splits of free cards come from every hand before (the shared memo); each hand
    less one card is split as by rules that never split anything."""
    for held in [hand] + [[d for d in hand if d != c] for c in hand]:
        assert KEEPING.best(held, None) == rules().best(held, None)


@settings(max_examples=120, deadline=None)
@given(hands, st.lists(st.sampled_from(few), max_size=2), st.sampled_from([RUN, ORDER]))
def test_the_points_melded_in_a_hand_less_each_card_are_those_of_its_split_found_afresh(hand, others, order):
    """melded_less(xs) (a rule's deadwood of a hand less each card it might discard, worked out
    in one pass: lang/steps/less.py) against the points of best() of the hand less that card by
    rules that never split anything — for each card held, a card held twice (a list, not a
    zone: every copy taken out), and a card not held (the whole hand's)."""
    kept = KEEPING if order is RUN else rules(order)
    xs = hand + [c for c in others if c in hand][:1]
    table = kept.melded_less(xs, None)
    for c in [*xs, *others]:
        fresh = rules(order).best([d for d in xs if d != c], None)
        assert table[c] == sum(DECK.points_of(m) for m in fresh)
    assert set(table) == set(xs)


def test_the_points_melded_in_a_hand_too_large_for_the_shared_memo_are_its_own():
    """A hand whose search might give up is split card by card as best() splits it, and does not
    fill the memo the small hands share."""
    found = rules()
    found.best(DECK.cards[:10], None)
    shared = dict(found._free)
    big = random.Random(5).sample(DECK.cards, 21)
    table = found.melded_less(big, None)
    assert table == {c: sum(DECK.points_of(m) for m in rules().best([d for d in big if d != c], None)) for c in big}
    assert found._free == shared


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(DECK.cards), max_size=12), st.sampled_from(DECK.cards))
def test_the_points_of_a_list_less_each_card_are_its_points_less_that_card(xs, other):
    whole = tuple(DECK.points_of(c) for c in range(len(DECK.points)))
    table = points_less(xs, whole)
    for c in [*xs, other]:
        assert table[c] == DECK.points_of([d for d in xs if d != c])


@settings(max_examples=80, deadline=None)
@given(st.lists(hands, min_size=1, max_size=3), st.lists(st.tuples(st.integers(0, 2), st.sampled_from(few),
       st.sampled_from(few), st.booleans()), max_size=16), st.sampled_from([RUN, ORDER]))
def test_the_melds_within_a_hand_one_card_from_a_recent_one_are_derived_as_found_afresh(players, swaps, order):
    """Hands asked for in turn (a player's, then another's), each a card gone and a card come
    (or one of them, or none) from what it was, or cut to its first half: the melds within
    each, derived from a recent hand's, are those found from its ranks and suits, and so are
    melds() and the best split."""
    found, held = rules(order), [list(hand) for hand in players]
    for who, gone, came, split in swaps:
        hand = held[who % len(held)]
        hand[:] = [c for c in hand if c != gone] + ([came] if came not in hand and came != gone else [])
        if gone == came:
            hand[:] = hand[:len(hand) // 2]                     # several cards gone at once
        if split:
            assert found.best(hand, None) == rules(order).best(hand, None)
        else:
            assert found.melds(hand) == by_card(found, hand)
        assert found._recent[0][1] == found._inside(found._hand(hand), found._lines(found._hand(hand)))


def test_a_hand_whose_search_could_reach_max_work_keeps_its_own_memo():
    """A hand large enough that its search might give up does not read (or fill) the splits of
    free cards the small hands share: whether it gives up depends on it alone."""
    found = rules()
    found.best(DECK.cards[:10], None)
    shared = dict(found._free)
    assert shared
    big = random.Random(3).sample(DECK.cards, 22)
    assert (1 << 22) * 2 > MAX_WORK
    assert found.best(big, None) == rules().best(big, None)
    assert found._free == shared


@settings(max_examples=150, deadline=None)
@given(hands, st.sampled_from([RUN, ORDER]))
def test_a_hand_is_found_meldless_when_it_holds_no_meld(hand, order):
    """The quick test before a split (three of a rank counted across the suits' lines) says
    "no meld" exactly when the hand's melds, listed card by card, are none."""
    found = rules(order)
    found.best([], None)                              # (the tables are made on the first split)
    assert found._lined_all
    assert found._meldless(found._hand(hand), found._lines(found._hand(hand))) == (by_card(found, hand) == [])


def test_the_melds_of_a_hand_from_a_shoe_are_listed_without_the_shoes_melds():
    """A shoe of several packs (copies: cards of one rank and suit with ids of their own) has
    countless melds (eight packs: 2**32 sets of a rank), so a hand's melds are listed from its
    cards, and the deck's are never made."""
    ids = len(DECK.rank_of)
    for packs in (2, 8):
        shoe = MeldRules(RUN, DECK.rank_of * packs, DECK.suit_of * packs, DECK.suits)
        hand = DECK.cards[:5] + [DECK.cards[1] + ids, DECK.cards[14], DECK.cards[27]]
        assert shoe.melds(hand) == by_card(shoe, hand) != []
        assert shoe._melds is None
