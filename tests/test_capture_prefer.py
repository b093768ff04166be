"""`captures.prefer`: which of a card's captures it must make (Scopa: a card that can take a
table card of its own rank must take it rather than a sum), for optional and compulsory
captures alike, with why_not naming the capture preferred."""
import pytest

from ruledsl.explain.rulebook import explain

RULES = """
name: Prefer
players: 2
deck:
  pack: italian-40
  order: [K, Q, J, 7, 6, 5, 4, 3, 2, A]
  values: {A: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7}
zones:
  hand: {owner: player, visible: owner}
  table: {visible: all}
  pile: {owner: player, visible: nobody}
hand:
  - deal: {to: each, count: 2}
  - deal: {to: table, count: 4}
  - captures: {rank: true, sum: true, optional: OPTIONAL, prefer: PREFER}
after_hand:
  - end_match: seats
"""
TABLE = "5H 2C 3S AD"


def state(dealt, prefer, optional="false"):
    # Dealer B (seat 1): A (seat 0) plays first, holding 5D (5H by rank; 2C 3S or AD ... by sum) and KS.
    rules = RULES.replace("PREFER", prefer).replace("OPTIONAL", optional)
    return dealt(rules, 2, {0: "5D KS", 1: "6C 7C"}, {"table": TABLE}, dealer=1)


def plays_of(st, card):
    return sorted(st.action_to_string(a) for a in st.legal_actions() if str(a[0]) == card)


@pytest.mark.parametrize("optional", ["false", "true"])
def test_rank_before_sum(dealt, optional):
    st = state(dealt, "rank", optional)
    expected = ["play 5D take 5H"] + (["play 5D"] if optional == "true" else [])
    assert plays_of(st, "5D") == sorted(expected)
    assert st.why_not("play 5D take 2C 3S") == \
        "5D must take a card of its own rank rather than a sum: play 5D take 5H"
    assert st.why_not("play 5D take 5H") is None


def test_sum_before_rank_and_most_cards(dealt):
    assert plays_of(state(dealt, "sum"), "5D") == ["play 5D take 2C 3S"]
    # most: 2C 3S (two cards) beats 5H (one); with AD 2C … no three-card sum makes 5 here.
    assert plays_of(state(dealt, "most"), "5D") == ["play 5D take 2C 3S"]
    assert sorted(plays_of(state(dealt, "none"), "5D")) == ["play 5D take 2C 3S", "play 5D take 5H"]


def test_explain_states_the_priority(load_rules):
    text = explain(load_rules(RULES.replace("PREFER", "rank").replace("OPTIONAL", "false")).ruleset)
    assert "A card that can capture in several ways must take a card of its own rank rather than a sum." in text
