"""The captures step lists every capture by sum, fast, however many cards lie on the table.

The table holds the A to 5 of all four suits (20 cards). A set of two or more of them adding up
to t is counted by the coefficient of x^t in (1 + x)^4 (1 + x^2)^4 ... (1 + x^5)^4, minus the
single cards of value t: t = 10 gives 1342 sets, t = 7 gives 324, t = 6 gives 186, and by hand
t = 3 gives 20 ({A, 2}: 4 x 4 = 16, three aces: 4).
"""
from itertools import combinations
from math import comb

from hypothesis import given, strategies as st

from ruledsl.lang.steps.capture_search import _sum_captures

RULES = """
name: Sums
players: 2
deck:
  pack: french-52
  order: [K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2, A]
  values: {A: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10}
zones:
  hand: {owner: player, visible: owner}
  table: {visible: all}
  pile: {owner: player, visible: nobody}
hand:
  - deal: {to: each, count: 3}
  - deal: {to: table, count: 20}
  - captures: {rank: true, sum: true, optional: true}
after_hand:
  - end_match: seats
"""
TABLE = " ".join(r + s for r in ("A", "2", "3", "4", "5") for s in "SHDC")


def sets_summing_to(t):
    """Independent count: the generating function over values 1..5, four cards each."""
    poly = [1] + [0] * t
    for v in range(1, 6):
        new = [0] * (t + 1)
        for total, ways in enumerate(poly):
            for k in range(5):
                if total + k * v <= t:
                    new[total + k * v] += ways * comb(4, k)
        poly = new
    return poly[t] - (4 if t <= 5 else 0)


def state(dealt, hand):
    # Dealer B (seat 1): A (seat 0) plays first.
    return dealt(RULES, 2, {0: hand, 1: "6C 7C 8C"}, {"table": TABLE}, seed=0, dealer=1)


def test_twenty_card_table_sum_counts(dealt):
    assert [sets_summing_to(t) for t in (10, 7, 6, 3)] == [1342, 324, 186, 20]
    st = state(dealt, "10S 7H 6D")
    assert st.current_player() == 0
    texts = [st.action_to_string(a) for a in st.legal_actions()]
    by_card = {c: [t for t in texts if t.startswith(f"play {c} take")] for c in ("10S", "7H", "6D")}
    # No 10, 7 or 6 lies on the table: sums only.
    assert len(by_card["10S"]) == 1342
    assert len(by_card["7H"]) == 324
    assert len(by_card["6D"]) == 186
    assert len(texts) == 3 + 1342 + 324 + 186           # plus the three plain plays
    assert len(set(texts)) == len(texts)                  # every capture is distinct
    values = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5}
    for text in by_card["10S"]:
        taken = text.split(" take ")[1].split()
        assert len(taken) >= 2 and sum(values[c[:-1]] for c in taken) == 10


def test_sum_capture_text_is_canonical(dealt):
    # Taken cards are listed by value, then in the deck's order, whatever the table's order.
    st = state(dealt, "10S 7H 6D")
    texts = {st.action_to_string(a) for a in st.legal_actions()}
    assert "play 6D take AS 5H" in texts and "play 6D take 5H AS" not in texts
    st.apply_action("play 6D take 5H AS")               # typed in any order
    assert st.current_player() == 1


@given(table=st.lists(st.integers(0, 13), max_size=9, unique=True), targets=st.sets(st.integers(-1, 12), max_size=5))
def test_the_sums_are_every_set_of_two_or_more_in_canonical_order(table, targets):
    """_sum_captures against brute force over every subset: for each target, exactly the sets
    of at least two valued cards adding up to it, each listed by value then card, the sets in
    the order of their positions in that listing. Cards 11 to 13 carry no value (figures)."""
    values = tuple(None if c > 10 else c % 7 + 1 for c in range(14))
    listed = sorted((c for c in table if values[c] is not None), key=lambda c: (values[c], c))
    found = _sum_captures(table, values, targets, None)
    for t in targets:
        expected = [s for k in range(2, len(listed) + 1) for s in combinations(listed, k)
                    if sum(values[c] for c in s) == t]
        expected.sort(key=lambda s: [listed.index(c) for c in s])
        assert found.get(t, []) == expected
