"""Shortcuts of the code written for every action (issue 32, the shipped games' per-action work),
each against the long way it stands for: a grouping kept by the cards grouped, a block of every
size of a loop of sizes, a count of seats, a seat that may be none, min of a counter that may be
none."""
from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import ruledsl
from ruledsl.errors import RuleErrors
from ruledsl.runtime import combos
from ruledsl.runtime.cards import PACKS, card_named
from ruledsl.runtime.failures import PlayError
from ruledsl.runtime.offered import FEW, offer

NAMES = [f"{r}{s}" for s in "SHDC" for r in PACKS["french-52"].ranks]
HANDS = st.lists(st.sampled_from(NAMES), unique=True, max_size=14)


@given(hands=st.lists(HANDS, min_size=1, max_size=40))
def test_a_kept_grouping_gives_what_by_key_gives(hands):
    rank_of = {card_named(n): n[:-1] for n in NAMES}
    order = tuple(PACKS["french-52"].ranks)
    grouped = combos.kept_by_key(rank_of, order)
    for names in hands + hands[::-1]:             # each hand again, after others: kept
        xs = [card_named(n) for n in names]
        assert grouped(xs) == combos.by_key(xs, rank_of, order)
    assert grouped(None) == [] and grouped(card_named("AS")) == [[card_named("AS")]]


@given(xs=st.lists(st.integers(0, 99), unique=True, max_size=12), low=st.integers(-1, 4),
       high=st.integers(0, 14), lazy=st.booleans())
def test_a_block_of_a_range_of_sizes_is_each_size_in_turn(xs, low, high, lazy):
    one_by_one = [(9, ())]
    for k in range(low, high):
        one_by_one = offer(one_by_one, 1, xs, k, None, lazy)
    at_once = offer([(9, ())], 1, xs, range(low, high), None, lazy)
    assert list(at_once) == list(one_by_one) and len(at_once) == len(one_by_one)
    if len(xs) <= FEW:
        assert type(at_once) is list


GAME = """\
name: Shortcuts
players: 3
deck: {order: [A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2]}
zones:
  hand: {owner: player, visible: owner}
counters:
  seated: 0
  owed: {start: none, scope: hand}
  got: 0
hand:
  - deal: {to: each, count: 2}
  - do: seated = count(p for p in seats if p != 1); owed = OWED
  - do: got = count(deck) - min(owed, count(deck))
  - turns:
      next: NEXT
      until: turn_number >= 2
      turn:
        - ask:
            who: player
            choices:
              go: {}
after_hand:
  - end_match: seats
"""


def _state(tmp_path, owed: str = "3", next_: str = "next(player)"):
    path = tmp_path / "shortcuts.yaml"
    path.write_text(GAME.replace("OWED", owed).replace("NEXT", next_), encoding="utf-8")
    return ruledsl.load_game(path).new_initial_state(seed=1)


def test_a_count_of_seats_counts_seat_0_and_min_of_a_counter_that_may_be_none(tmp_path):
    state = _state(tmp_path)
    source = state.prog.source
    assert "is not False" not in source.split("def _b")[1]        # seats: never false or none
    assert state.cv[state.prog.layout.counters["seated"][1]] == 2    # seats 0 and 2
    assert state.cv[state.prog.layout.counters["got"][1]] == 52 - 6 - 3
    with pytest.raises(RuleErrors, match="min cannot compare none, 46"):   # the helper's words
        _state(tmp_path, owed="none if seated > 1 else 3")      # typed a whole number or none: none


def test_a_seat_that_may_be_none_is_checked(tmp_path):
    state = _state(tmp_path, next_="first(p for p in seats if p > 5)")
    with pytest.raises(PlayError, match="expected a seat, found none"):
        state.apply_action(state.legal_actions()[0])
    state = _state(tmp_path, next_="first(p for p in order(next(player)) if p != 9)")
    state.apply_action(state.legal_actions()[0])
    assert state.current_player() == 2


def test_a_kept_answer_is_read_from_its_local_where_its_store_dominates(monkeypatch):
    from ruledsl.compile import output
    monkeypatch.setattr(output, "_ALIAS_FROM", 1000)     # the answers alone (st.vars through a local:
    out = output.Output()                                # test_generated_code.py)
    out.function("def _a0(st, a):")
    lines = [(1, "_t1, _t2 = a"), (1, "if _t1 == 0:"), (2, "st.vars[5] = _t2"), (2, "f(st.vars[5], st.vars[50])"),
             (2, "if x:"), (3, "g(st.vars[5])"), (2, "st.vars[5] = h()"), (2, "g(st.vars[5])"),
             (1, "if _t1 == 1:"), (2, "_t3 = st.vars[6] = _list(_t2)"), (2, "g(st.vars[6])"),
             (1, "g(st.vars[5], st.vars[6])"), (1, "st.vars[7] = _t9"), (1, "g(st.vars[7])")]
    for indent, text in lines:
        out.add(indent, text, None)
    out.function("def _a1(st, a):")
    out.add(1, "g(st.vars[6])", None)
    got = [line.strip() for line in out.lines if line.strip()]
    assert got[4:] == [
        "f(_t2, st.vars[50])", "if x:", "g(_t2)",
        "st.vars[5] = h()", "g(st.vars[5])",                  # a store to the slot ends it
        "if _t1 == 1:", "_t3 = st.vars[6] = _list(_t2)", "g(_t3)",
        "g(st.vars[5], st.vars[6])",                          # out of the branch: not dominated
        "st.vars[7] = _t9", "g(st.vars[7])",                  # _t9 is not the answer unpacked
        "def _a1(st, a):", "g(st.vars[6])"]                   # another function


def test_a_comprehension_the_same_in_every_round_of_the_loop_around_it_is_worked_out_once(tmp_path):
    """expr/loops.py: an inner comprehension reading nothing of the outer loop's round is kept
    from its first use (the best cards of a hand: O(n) rather than O(n²)); one that reads the
    round is worked out each round; one never reached is never worked out (its error neither)."""
    state = _state(tmp_path)
    hand = state.zones[1]
    best = state.evaluate("[c for c in hand(0) if power(c) == max(power(d) for d in hand(0))]")
    top = max(state.prog.deck.power[c] for c in hand)
    assert best == [c for c in hand if state.prog.deck.power[c] == top] and best
    assert state.evaluate("[x for x in [1, 2, 3] if x == max(y for y in [1, 2, 3] if y <= x)]") == [1, 2, 3]
    assert state.evaluate("[x for x in [] if x == max(z for z in [[1], 2])]") == []
    assert state.evaluate("[x for x in [1, 2] if first(y for y in [5] if y > 9) == none]") == [1, 2]


def test_a_comparison_with_the_empty_list_reads_one_kept_list_and_means_what_it_meant(tmp_path):
    """`x == []` and `x != []` compare with one empty list the module keeps (expr/operators.py),
    not a new one each time: the same answers for lists empty or not, and for the empty
    combination; the kept list is never changed by a match."""
    state = _state(tmp_path)
    assert state.evaluate("hand(0) == []") is False and state.evaluate("hand(0) != []") is True
    assert state.evaluate("[c for c in hand(0) if false] == []") is True
    assert state.evaluate("[] == []") is True and state.evaluate("[3] != []") is True
    assert state.evaluate("[x == [] for x in combinations(hand(0), 0)]") == [True]    # the empty combination
    game = ruledsl.load_game(Path(__file__).parents[1] / "games" / "maumau.yaml")
    match = game.new_initial_state(seed=2)
    source = match.prog.source
    assert "_empty" in source and "== [])" not in source and "!= [])" not in source   # drawn == [] …
    match.play_out(random.Random(2))
    assert match.prog.legal[0].__globals__["_empty"] == []
