"""The built-in packs: their ranks, written with the French suit letters, and their cards."""
import pytest

RULES = """
name: Packs
players: 2
deck:
  pack: PACK
  order: ORDER
hand:
  - deal: {to: each, count: 2}
after_hand:
  - end_match: active
"""


@pytest.mark.parametrize("pack, order, size", [
    ("french-52", "[A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2]", 52),
    ("piquet-32", "[A, K, Q, J, 10, 9, 8, 7]", 32),
    ("german-32", "[A, 10, K, Q, J, 9, 8, 7]", 32),
    ("italian-40", "[3, 2, A, K, Q, J, 7, 6, 5, 4]", 40),
    ("spanish-40", "[A, 3, K, Q, J, 7, 6, 5, 4, 2]", 40),
    ("spanish-48", "[A, K, Q, J, 9, 8, 7, 6, 5, 4, 3, 2]", 48),
])
def test_each_pack_has_its_cards(load_rules, pack, order, size):
    game = load_rules(RULES.replace("PACK", pack).replace("ORDER", order))
    st = game.new_initial_state(seed=1)
    cards = [c for zone in st.zones for c in zone]
    assert len(cards) == len(set(cards)) == size
    assert {str(c)[-1] for c in cards} == {"S", "H", "D", "C"}


def test_a_rank_the_pack_lacks_is_refused(load_rules):
    with pytest.raises(Exception, match="unknown rank '10'"):
        load_rules(RULES.replace("PACK", "italian-40").replace("ORDER", "[A, K, Q, J, 10, 7, 6, 5, 4, 3, 2]"))


POINTS = """
name: Hearts points
players: 4
deck:
  pack: french-52
  order: [A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2]
  points: {H: 1, QS: 13, AH: 2}
hand:
  - deal: {to: each, count: 13}
after_hand:
  - end_match: active
summary:
  points: points(hand(player))
"""


def test_points_by_suit_with_card_entries_first(load_rules):
    from ruledsl.explain.rulebook import explain
    game = load_rules(POINTS)
    st = game.new_initial_state(seed=3)
    deck = st.prog.deck
    assert [deck.points_of(deck.card(c)) for c in ("2H", "AH", "QS", "KS")] == [1, 2, 13, 0]
    assert deck.points_of(deck.cards) == 12 + 2 + 13
    text = explain(game.ruleset)
    assert "| every ♥ | 1 |" in text and "The whole deck holds 27 points." in text
