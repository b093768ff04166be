"""Trumps that are cards rather than a suit, and a rank order chosen per hand: `trumps.promote`
with no suit (the promoted cards alone are trumps, highest first) and `trumps.order` (an
expression naming one of the deck's orders)."""
import pytest

RULES = """
name: Card trumps
players: 3
deck:
  pack: piquet-32
  jokers: 2
  order: [JK, A, K, Q, J, 10, 9, 8, 7]
  orders:
    low: [JK, 7, 8, 9, 10, J, Q, K, A]
    run: [A, K, Q]
options:
  low: false
zones:
  won: {owner: player, visible: nobody}
trumps:
  promote:
    - {card: JK2}
    - {card: 7C, when: option.low}
    - {card: JK1}
  order: "'low' if option.low else 'order'"
hand:
  - deal: {to: each, count: 3}
  - tricks: {follow: suit_or_trump, won: won}
after_hand:
  - end_match: active
"""
HANDS = {0: "JK1 AS KS", 1: "JK2 QS AH", 2: "7S 7C 8C"}


def start(load_rules, low=False):
    game = load_rules(RULES)
    return game.new_initial_state(players=3, dealer=2, deals=[{"hand": HANDS}], options={"low": low})


def test_with_no_trump_suit_the_promoted_cards_alone_are_trumps_highest_first(load_rules):
    st = start(load_rules)
    assert [st.evaluate(f"beats({a}, {b})") for a, b in
            [("JK2", "JK1"), ("JK1", "AS"), ("AS", "JK1"), ("AS", "KS"), ("7C", "8C")]] == \
        [True, True, False, True, False]
    st.apply_action("play JK1")               # a trump led: B must play its trump
    assert [str(a) for a in st.legal_actions()] == ["JK2"]
    st.apply_action("play JK2")
    assert sorted(map(str, st.legal_actions())) == ["7C", "7S", "8C"]     # C has no trump: any card
    st.apply_action("play 7S")
    assert st.winner == 1


def test_the_order_in_force_follows_an_option_and_promotions_their_conditions(load_rules):
    st = start(load_rules, low=True)
    assert [st.evaluate(f"beats({a}, {b})") for a, b in
            [("7S", "AS"), ("8C", "AS"), ("JK2", "7C"), ("7C", "JK1"), ("7C", "AS")]] == \
        [True, False, True, True, True]
    assert st.evaluate("top(2, [AS, 7S, 7C, 8C])") == [st.prog.deck.card("7C"), st.prog.deck.card("7S")]


def test_an_order_in_force_that_is_not_a_whole_order_fails_where_it_is_computed(load_rules):
    from ruledsl.errors import RuleError
    game = load_rules(RULES.replace("""'low' if option.low else 'order'""", """'run' if option.low else 'order'"""))
    with pytest.raises(RuleError, match="must name an order of the deck that ranks every rank, not 'run'"):
        game.new_initial_state(players=3, deals=[{"hand": HANDS}], options={"low": True}).evaluate("beats(AS, KS)")
