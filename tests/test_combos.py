"""Combinations as values (runtime/combos.py, the built-ins of lang/builtins/combinations.py): k-card sets,
subsets, groups, melds and the best split of a hand, poker hands as comparable lists — what
each gives, that they are bounded, and the invariants they keep (hypothesis)."""
from __future__ import annotations

import re
from itertools import combinations as all_combinations
from math import comb

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import ruledsl
from ruledsl.errors import RuleError
from ruledsl.runtime import combos
from ruledsl.runtime import melds as melds_of
from ruledsl.runtime import hands as ranked
from ruledsl.runtime.cards import PACKS, Card, Deck

ORDER = list(PACKS["french-52"].ranks)                   # A high … 2
RUN = list(reversed(["K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A"]))     # A low
DECK = Deck(PACKS["french-52"], ORDER, ORDER, {"run": RUN}, {r: min(10, i + 1) for i, r in enumerate(RUN)}, {})

GAME = """\
name: Combinations
players: 2
deck:
  order: [A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2]
  orders: {run: [A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K]}
  points: {K: 10, Q: 10, J: 10, 10: 10, 9: 9, 8: 8, 7: 7, 6: 6, 5: 5, 4: 4, 3: 3, 2: 2, A: 1}
zones:
  table: {visible: all}
hand:
  - ask: {who: dealer, choices: {wait: }}
after_hand:
  - end_match: seats
"""


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    path = tmp_path_factory.mktemp("combos") / "rules.yaml"
    path.write_text(GAME, encoding="utf-8")
    return ruledsl.load_game(path).new_initial_state(seed=1)


def cards(text: str) -> list:
    return [DECK.card(t) for t in text.split()]


def plain(x):
    """Cards as their text, in lists as deep as they go."""
    if isinstance(x, list):
        return [plain(y) for y in x]
    return str(x) if isinstance(x, Card) else x


RULES = melds_of.MeldRules(RUN, DECK.rank_of, DECK.suit_of, DECK.suits, DECK.points_of)


def melds(text: str, order=RUN) -> list:
    return melds_of.MeldRules(order, DECK.rank_of, DECK.suit_of, DECK.suits).melds(cards(text))


def best(xs) -> list:
    return RULES.best(xs, None)


def rank(text: str) -> list:
    return ranked.poker_rank(cards(text), DECK.power, DECK.suit_of, len(ORDER))


# -- what each built-in gives, as a rule file writes it ---------------------------------------------

@pytest.mark.parametrize("expression, value", [
    ("combinations([1, 2, 3], 2)", [[1, 2], [1, 3], [2, 3]]),
    ("combinations([1, 2], 3)", []),
    ("subsets([1, 2])", [[], [1], [2], [1, 2]]),
    ("reversed([1, 2, 3])", [3, 2, 1]),
    ("index([5, 6, 5], 5)", 0),
    ("index([5, 6], 7)", None),
    ("by_rank([7C, 3D, 7S, AH])", [["AH"], ["7S", "7C"], ["3D"]]),       # high rank first; cards by the deck
    ("by_suit([7C, 3D, 7S, AH])", [["7S"], ["AH"], ["3D"], ["7C"]]),
    ("melds([4H, 2H, 3H, 7S, 7D, 7C], 'run')", [["7S", "7D", "7C"], ["2H", "3H", "4H"]]),
    ("is_meld([QS, KS, AS], 'run')", False),                             # ace low only in 'run'
    ("is_meld([QS, KS, AS], 'order')", True),                            # the trick order has A above K
    ("best_melds([7S, 7H, 7C, 8C, 9C, 2D], 'run')", [["7C", "8C", "9C"]]),
    ("power(AS) > power(KS) and power(2S) == 1", True),
    ("poker_rank([2S, 2H, 9C, 9D, KS]) > poker_rank([AS, AH, KC, QD, JS])", True),   # two pairs beat a pair
    ("[1, 2] < [1, 3] and [2] > [1, 9] and [1] < [1, 0]", True),        # lists compare item by item
])
def test_builtins_in_a_rule_file(table, expression, value):
    shown = plain(table.evaluate(expression))
    assert shown == value


def test_best_melds_prefers_the_split_leaving_least():
    # 7C in the set leaves 8C 9C (17); in the run 7C 8C 9C it leaves 7S 7H (14): the run is best.
    assert plain(best(cards("7S 7H 7C 8C 9C"))) == [["7C", "8C", "9C"]]


@pytest.mark.parametrize("expression, message", [
    ("combinations(range(30), 10)", "combinations of 10 out of 30 items would be 30,045,015 lists, more than 10,000"),
    ("subsets(range(14))", "subsets of 14 items would be 16,384 lists, more than 10,000"),
    ("best_melds(deck, 'run')", "best_melds would weigh more than 1,000,000 ways to split 52 cards"),
    ("melds([AS], 'up')", "melds() needs the name of a deck order as its second argument"),
    ("combinations(3, 1)", "`combinations()` takes a list"),
    ("poker_rank(dealer)", "`poker_rank()` takes cards"),
])
def test_too_many_or_wrong_is_a_located_error(table, expression, message):
    with pytest.raises(RuleError) as caught:
        table.evaluate(expression)
    assert message in str(caught.value)
    assert ":1:" in str(caught.value)           # located in the expression


# -- invariants -----------------------------------------------------------------------------------

hands = st.lists(st.sampled_from(DECK.cards), min_size=0, max_size=9, unique=True)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 9), max_size=8), st.integers(0, 9))
def test_combinations_and_subsets_count(xs, k):
    got = combos.combinations(xs, k, None)
    assert len(got) == (comb(len(xs), k) if k <= len(xs) else 0)
    assert all(len(c) == k for c in got)
    assert len(combos.subsets(xs, None)) == 2 ** len(xs)


@settings(max_examples=60, deadline=None)
@given(hands)
def test_every_meld_is_a_meld_and_canonical(hand):
    found = RULES.melds(hand)
    assert all(RULES.is_meld(m) for m in found)
    assert found == RULES.melds(list(reversed(hand)))
    # every 3-card meld among the hand is found
    threes = [sorted(c) for c in all_combinations(hand, 3) if RULES.is_meld(list(c))]
    assert sorted(threes) == sorted(sorted(m) for m in found if len(m) == 3)


@settings(max_examples=60, deadline=None)
@given(hands)
def test_best_melds_leaves_the_least_deadwood_of_all_splits(hand):
    chosen = best(hand)
    used = [c for m in chosen for c in m]
    assert len(used) == len(set(used)) and set(used) <= set(hand)        # no card twice, all held
    found = RULES.melds(hand)

    def least(free: frozenset, start: int) -> int:
        """The fewest points left over by any split of `free` into disjoint melds (brute force)."""
        out = DECK.points_of(list(free))
        for i in range(start, len(found)):
            if set(found[i]) <= free:
                out = min(out, least(free - set(found[i]), i + 1))
        return out
    assert DECK.points_of([c for c in hand if c not in used]) == least(frozenset(hand), 0)


@settings(max_examples=60, deadline=None)
@given(hands)
def test_the_melds_a_split_weighs_are_those_the_hand_holds(hand):
    """best_melds finds the deck's melds within a hand from its ranks and suits (MeldRules._inside):
    the same as melds(hand), in the deck's melds() order."""
    RULES.best(hand, None)                   # (the deck's melds are made on the first split)
    inside = RULES._inside(RULES._hand(hand), RULES._lines(RULES._hand(hand)))
    assert inside == sorted(inside) and len(set(inside)) == len(inside)
    assert sorted(sorted(RULES._melds[i][0]) for i in inside) == sorted(sorted(m) for m in RULES.melds(hand))



def test_the_melds_of_a_hand_from_a_deck_with_two_cards_a_place():
    """Two packs' cards as distinct cards of the same rank and suit (the second pack's ids after
    the first's: card ids are the process's, so the tables are as long as the ids named): the
    melds within a hand found by testing every meld of the deck holding one of its cards."""
    ids = len(DECK.rank_of)
    double = melds_of.MeldRules(RUN, DECK.rank_of * 2, DECK.suit_of * 2, DECK.suits,
                              lambda xs: DECK.points_of([Card(int(c) % ids) for c in xs]))
    hand = cards("7S 8S 9S 7H 7D") + [Card(int(c) + ids) for c in cards("7S 9S 10S 7C")]
    chosen = double.best(hand, None)
    assert double._at is None
    bits = sum(1 << int(c) for c in hand)
    inside = double._inside(double._hand(hand), double._lines(double._hand(hand)))
    assert inside == [i for i, (_, mask, _) in enumerate(double._melds) if mask & bits == mask]
    assert len(inside) >= 16                 # the five 7s: every three, four or five of them
    used = [c for m in chosen for c in m]
    assert len(used) == len(set(used)) and all(double.is_meld(m) for m in chosen)


CATEGORY_HANDS = [
    ("high card", "AS KH 9D 7C 2S"), ("pair", "2S 2H 3D 4C 6S"), ("two pairs", "2S 2H 3D 3C 4S"),
    ("three of a kind", "2S 2H 2D 3C 4S"), ("straight", "AS 2H 3D 4C 5S"), ("flush", "2S 3S 4S 5S 7S"),
    ("full house", "2S 2H 2D 3C 3S"), ("four of a kind", "2S 2H 2D 2C 3S"), ("straight flush", "AS 2S 3S 4S 5S"),
]


def test_poker_rank_orders_the_standard_categories():
    ranks = [rank(text) for _, text in CATEGORY_HANDS]
    assert [r[0] for r in ranks] == list(range(9))
    assert ranks == sorted(ranks)
    assert rank("AS KS QS JS 10S") > rank("9S KS QS JS 10S") > rank("AS 2S 3S 4S 5S")   # royal, K-high, wheel
    assert rank("AH AS KD 3C 2S") > rank("AH AS QD JC 10S")       # kickers break the tie
    assert rank("3H 3S 3D 2C 2S") > rank("2H 2S 2D AC AS")         # the three decides a full house


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from(DECK.cards), min_size=5, max_size=5, unique=True), st.randoms())
def test_poker_rank_ignores_card_order_and_suits_only_matter_for_flushes(hand, rng):
    shuffled = list(hand)
    rng.shuffle(shuffled)
    got = ranked.poker_rank(hand, DECK.power, DECK.suit_of, len(ORDER))
    assert got == ranked.poker_rank(shuffled, DECK.power, DECK.suit_of, len(ORDER))
    assert 0 <= got[0] <= 8
    assert (got[0] in (5, 8)) == (len({DECK.suit_of[c] for c in hand}) == 1)


TABLES = (DECK.power, DECK.suit_of, len(ORDER))
RANKS = ranked.Ranks(DECK.power, DECK.suit_of, len(ORDER))      # shared: it keeps what earlier examples ranked
DENSE = cards("AS 2S 3S 4S 5S 6S KS AH 2H 3H 4H 5H 6H KH AD 2D 5C 6C")   # straights, flushes, sets


@settings(max_examples=400, deadline=None)
@given(hand=st.one_of(st.lists(st.sampled_from(DECK.cards), max_size=10, unique=True),
                      st.lists(st.sampled_from(DENSE), min_size=4, max_size=11, unique=True)),
       k=st.integers(0, 6), same=st.sampled_from([None, "rank", "suit"]), meld=st.sampled_from([False, False, True]),
       poker=st.sampled_from([None, None, 0, 1, 3, 4, 5, 6, 7, 8]),
       beat=st.one_of(st.none(), st.lists(st.sampled_from(DENSE), max_size=5, unique=True)),
       ties=st.booleans(), exact=st.sampled_from([True, True, False]))
@example(hand=cards("AS KS 2H"), k=1, same="rank", meld=False, poker=None, beat=cards("AH"), ties=False, exact=True)
@example(hand=cards("AH 2S 3S 4H 5C KS"), k=5, same=None, meld=False, poker=4, beat=None, ties=False, exact=True)
@example(hand=cards("AH 2S 3S 4H 5C 6C"), k=5, same=None, meld=False, poker=None, beat=cards("2H 3H 4S 5S 6H"),
         ties=True, exact=True)
def test_a_chooser_makes_the_combinations_that_pass_in_their_order(hand, k, same, meld, poker, beat, ties, exact):
    """combos.Chooser (what a plan of an ask's candidates calls: lang/steps/sources.py) against
    combinations(hand, k) filtered plainly: with the poker ranks given (`exact`), exactly the
    combinations of one rank / suit (`same`), of class `poker` and up, ranking above `beat`
    (or equal, `ties`), in combinations' order; without them, those and maybe more (the plan
    then tests what is left), still in that order and of one rank / suit exactly."""
    table = {None: None, "rank": DECK.rank_of, "suit": DECK.suit_of}[same]
    ranks = RANKS if exact and (poker is not None or beat is not None) else None
    chooser = combos.Chooser(same=table, meld=combos.meld_tables(RUN, DECK.rank_of, DECK.suit_of) if meld else None,
                             poker=poker, tables=TABLES if poker is not None or beat is not None else None, ranks=ranks)
    to_beat = ranked.poker_rank(beat, *TABLES) if beat is not None else None
    got = chooser(hand, k, None, to_beat, ties)
    # the same as an ask's answers (a block: the plan tests nothing more on each), after others
    assert chooser.offer([(0, None)], 3, hand, k, None, False, to_beat, ties) == [(0, None)] + [(3, tuple(s)) for s in got]

    def alike(s) -> bool:
        return table is None or len({table[c] for c in s}) <= 1

    def ranks_well(s) -> bool:
        rank = ranked.poker_rank(s, *TABLES)
        return (poker is None or rank[0] >= poker) and (to_beat is None or rank > to_beat or ties and rank == to_beat)
    every = [list(s) for s in all_combinations(hand, k)]
    expected = [s for s in every if alike(s) and ranks_well(s) and (not meld or RULES.is_meld(s))]
    assert all(s in got for s in expected)                   # nothing that passes is left out
    assert got == [s for s in every if s in got]             # in combinations' order, each once
    assert all(alike(s) for s in got)                        # one rank / suit exactly
    if ranks is not None:                                    # the poker parts settled: exactly
        assert all(ranks_well(s) for s in got)
        assert meld or got == expected


RICH = cards("AS AH AD AC KS KH KD QS QH 2S 3S 4S 5S 6S 7S 8H 9C 10D JS 5H 6H 7H")   # quads, houses, straights, flushes
_SHOE = Deck(PACKS["french-52"], ORDER, ORDER, {}, {}, {}, packs=2)     # (copies: cards of their own)
WIDE = Deck(PACKS["french-52"], ORDER, ORDER, {"run": RUN}, {}, {})     # its tables: None at the shoe's copies


@st.composite
def plays_to_beat(draw):
    """A hand, a size, and a play of that size to beat: k of a kind (what a follow beats), or
    any k cards (five: often a straight, a flush, a full house, four of a kind)."""
    k = draw(st.sampled_from([1, 2, 3, 4, 5, 5]))
    pool = draw(st.sampled_from([DECK.cards, RICH]))
    hand = draw(st.lists(st.sampled_from(pool), min_size=k, max_size=13, unique=True))
    if k <= 4 and draw(st.booleans()):
        rank = draw(st.sampled_from(ORDER))
        beat = [c for c in DECK.cards if DECK.rank_of[c] == rank][:k]
    else:
        beat = draw(st.lists(st.sampled_from(RICH if draw(st.booleans()) else DECK.cards), min_size=k, max_size=k,
                             unique=True))
    return hand, k, beat, draw(st.booleans())


@settings(max_examples=500, deadline=None)
@given(plays_to_beat())
@example((cards("AS AH AD AC 2S KS KH"), 5, cards("QS QH QD QC 3S"), False))     # four of a kind, a kicker
@example((cards("KS KH KD 2S 2H QS QH"), 5, cards("KS KH KD 3S 3H"), False))     # a full house's pair decides
@example((cards("5S 6S 7S 8S 9S 9H"), 5, cards("2H 4H 6H 8H 10H"), False))     # a straight flush beats a flush
@example((cards("5S 6S 7S 8S 9S 10S 2H"), 5, cards("KS KH KD 3S 3H"), False))   # ... and a full house
@example((cards("5S 6H 7S 8S 9S 10D JC 3C"), 5, cards("6D 7D 8H 9C 10S"), False))   # straights above one, not all
def test_a_chooser_that_beats_the_play_makes_exactly_what_beats_it(case):
    """The follows of a climbing game as its plan asks them (lang/steps/sources.py): k of a kind
    (`same` = rank: a group passes whole, by its power) or five cards of class 4 and up (each
    straight, full house, four of a kind with a kicker ranked once as a shape), above the play
    (or equal: `ties`) — exactly the combinations that pass, in combinations' order."""
    hand, k, beat, ties = case
    five = k == 5
    for deck in (DECK, WIDE):           # (a program's tables also hold None at other decks' cards)
        tables = (deck.power, deck.suit_of, len(ORDER))
        assert deck is DECK or None in deck.power
        chooser = combos.Chooser(same=None if five else deck.rank_of, poker=4 if five else None, tables=tables,
                                 ranks=RANKS if deck is DECK else ranked.Ranks(*tables))
        to_beat = ranked.poker_rank(beat, *tables)
        got = chooser(hand, k, None, to_beat, ties)
        assert chooser.offer([], 1, hand, k, None, True, to_beat, ties) == [(1, tuple(s)) for s in got]
        assert chooser.one_pack                 # (each shape ranked once, with other decks' cards about)

        def passes(s) -> bool:
            rank = ranked.poker_rank(s, *tables)
            one = len({deck.rank_of[c] for c in s}) == 1
            return (rank[0] >= 4 if five else one) and (rank > to_beat or ties and rank == to_beat)
        assert got == [list(s) for s in all_combinations(hand, k) if passes(s)]


@pytest.mark.parametrize("k", [2, 3, 5, 7])
def test_a_chooser_checks_what_combinations_checks_past_the_sizes_it_takes_unchecked(k):
    """A Chooser takes a list of at most combos.WITHIN[k] items without combinations' checks
    (never too many combinations); one more item and it says what combinations() says."""
    chooser = combos.Chooser(same=DECK.rank_of)
    assert comb(combos.WITHIN[k], k) <= combos.MAX_ITEMS < comb(combos.WITHIN[k] + 1, k)
    pool = list(DECK.cards) * 3                       # (any items: the sizes are what is checked)
    fits, over = pool[:combos.WITHIN[k]], pool[:combos.WITHIN[k] + 1]
    chooser(fits, k, None)
    with pytest.raises(combos.EvalError) as caught:
        chooser(over, k, None)
    with pytest.raises(combos.EvalError) as expected:
        combos.combinations(over, k, None)
    assert str(caught.value) == str(expected.value)
    assert chooser(fits[:k - 1], k, None) == []


def test_a_chooser_groups_a_hand_changed_in_place_afresh():
    """The last hand grouped is kept (combos._grouped: a lead asks one hand for pairs, then for
    threes); the same list changed in place, or another table, is grouped again."""
    by_rank, by_suit = combos.Chooser(same=DECK.rank_of), combos.Chooser(same=DECK.suit_of)
    hand = cards("AS AH AD 2S 2H 3C")
    assert by_rank(hand, 2, None) == [list(s) for s in all_combinations(hand, 2) if len({DECK.rank_of[c] for c in s}) == 1]
    assert by_rank(hand, 3, None) == [cards("AS AH AD")]
    hand[1:3] = cards("3H 3D")                  # the same list, other cards
    assert by_rank(hand, 3, None) == [cards("3H 3D 3C")]
    assert by_rank(hand, 2, None) == [cards("3H 3D"), cards("3H 3C"), cards("3D 3C"), cards("2S 2H")]
    assert by_suit(hand, 2, None) == [cards("AS 2S"), cards("3H 2H")]


@st.composite
def leads(draw):
    """A lead as a climbing plan asks it (no play to beat): k cards of one rank or suit, or of
    one power from a poker class, or five cards of class 4 and up; a hand of up to twenty cards
    (a big hand's many five-card hands), at times with a card of another deck among them."""
    k = draw(st.sampled_from([1, 2, 3, 4, 5, 5]))
    pool = draw(st.sampled_from([DECK.cards, RICH, DENSE]))
    hand = draw(st.lists(st.sampled_from(pool), max_size=20, unique=True))
    if draw(st.integers(0, 7)) == 0:
        hand.insert(draw(st.integers(0, len(hand))), _SHOE.cards[-1])      # (no power, no suit in DECK's tables)
    if hand and draw(st.integers(0, 7)) == 0:
        hand.append(draw(st.sampled_from(hand)))            # (a card twice: positions, not cards, are chosen)
    same = draw(st.sampled_from([None, "rank", "suit"]))
    poker = 4 if k == 5 and same is None else draw(st.sampled_from([None, 1, 3, 4, 7]))
    return hand, k, same, poker, draw(st.booleans())


@settings(max_examples=500, deadline=None)
@given(leads())
@example((cards("AS 2S 3S 4S 5S 6S KS AH 2H 3H 4H 5H 6H KH AD 2D 5C 6C"), 5, None, 4, True))    # straight flushes
@example((RICH, 5, None, 4, True))                      # fours with kickers, full houses
@example((cards("AS 2S 3S 4S 5S 6S KS AH AS"), 5, None, 4, True))                       # a card twice
def test_a_lead_counted_draws_the_answers_made_at_once(case):
    """A random play-out's lead (Chooser.offer with `lazy`, no play to beat): where its answers
    are counted, not made (`counted`: groups counted whole, five-card hands counted by their
    shapes), the Offered has as many answers as making them gives, and each index drawn, the
    first asked, is the made answer at that index — the same draws take the same answers."""
    hand, k, same, poker, ranked_ = case
    for deck in (DECK, WIDE):
        tables = (deck.power, deck.suit_of, len(ORDER))
        table = {None: None, "rank": deck.rank_of, "suit": deck.suit_of}[same]
        # (a program gives the ranks only where every card has a power: sources.choose_source)
        ranks = RANKS if ranked_ and poker is not None and deck is DECK else None
        chooser = combos.Chooser(same=table, poker=poker, tables=tables if poker is not None else None, ranks=ranks)
        if deck is DECK and _SHOE.cards[-1] in hand:
            continue                                    # (DECK's tables do not reach the shoe's cards)
        try:
            made = chooser.offer([(0, None)], 3, hand, k, None)
        except combos.EvalError as error:           # (too many combinations: the same error)
            with pytest.raises(combos.EvalError, match=re.escape(str(error))):
                chooser.offer([(0, None)], 3, hand, k, None, True)
            continue
        counted = chooser.counted(hand, k)
        if counted is not None:
            assert counted == len(made) - 1
        lazy = chooser.offer([(0, None)], 3, hand, k, None, True)
        assert len(lazy) == len(made)
        for i in sorted({0, len(made) - 1, len(made) // 2, len(made) * 2 // 3}):
            assert chooser.offer([(0, None)], 3, hand, k, None, True)[i] == made[i]
        assert list(lazy) == made
        five = same is None and k == 5 and poker == 4
        plain = _SHOE.cards[-1] not in hand and len(set(hand)) == len(hand)
        if (same == "rank" or five) and plain:                          # a climbing lead's: counted
            assert counted is not None and type(lazy) is not list or len(made) == 1


def test_a_lead_counts_the_five_card_hands_by_shape():
    """fives.count counts what fives.picks makes: a hand with straights sharing cards, straight
    flushes (in both the straights and the flushes), full houses and fours of a kind."""
    five = combos.Chooser(poker=4, tables=TABLES, ranks=RANKS)
    for text in ("AS 2S 3S 4S 5S 6S KS AH 2H 3H 4H 5H 6H KH AD 2D 5C 6C",
                 "AS AH AD AC KS KH KD QS QH 2S 3S 4S 5S 6S 7S 8H 9C 10D", "2S 3H 4D 5C"):
        hand = cards(text)
        expected = [s for s in all_combinations(hand, 5) if ranked.poker_rank(s, *TABLES)[0] >= 4]
        assert five.counted(hand, 5) == len(expected) == len(five(hand, 5, None))
