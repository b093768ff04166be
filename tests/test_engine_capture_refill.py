"""captures: `refill` steps run when the player to move has no cards (a deal from the stock, as
in Scopa's three cards at a time); play ends only when that leaves the player still empty-handed."""
import pytest


RULES = """
name: Refill
players: 2
deck:
  pack: french-52
  keep: [A, K, Q]                     # 12 cards
  order: [A, K, Q]
zones:
  hand: {owner: player, visible: owner}
  table: {visible: all}
  pile: {owner: player, visible: nobody}
counters:
  refills: 0
hand:
  - deal: {to: each, count: 2}
  - captures:
      optional: true
      refill:
        - when: count(deck) > 0
          deal: {to: each, count: 2}
        - do: refills += 1
after_hand:
  - end_match: seats
"""


@pytest.fixture
def game(load_rules):
    return load_rules(RULES, "refill.yaml")


def test_refill_deals_until_the_stock_is_out(game):
    st = game.new_initial_state(seed=4, players=2, dealer=0, record=True)
    turns, seen = 0, []
    while not st.is_terminal():
        seen.append((st.current_player(), st.evaluate("count(hand(player))", st.current_player())))
        st.apply_action(st.legal_actions()[0])     # lay the first card, never capture
        turns += 1
    # 12 cards, 2 each at a time: 3 deals of 4 cards, 12 turns alternating from the dealer's left.
    assert turns == 12
    assert [p for p, _ in seen] == [1, 0] * 6
    assert [n for _, n in seen] == [2, 2, 1, 1] * 3
    # The refill ran after the 4th and 8th turns (dealing), and after the 12th (nothing left).
    assert st.evaluate("refills") == 3
    deals = [e for e in st.events if e["kind"] == "deal"]
    assert len(deals) == 3


def test_without_refill_play_ends_when_hands_are_empty(game, load_rules):
    text = RULES.split("      refill:")[0] + "after_hand:\n  - end_match: seats\n"
    st = load_rules(text, "norefill.yaml").new_initial_state(seed=4, players=2, dealer=0)
    turns = 0
    while not st.is_terminal():
        st.apply_action(st.legal_actions()[0])
        turns += 1
    assert turns == 4
