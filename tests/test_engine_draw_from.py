"""`draw: {from: ZONE}` takes one zone as well as a list of zones."""
import pytest

from ruledsl.errors import RuleErrors
from ruledsl.runtime import knowledge

GAME = """\
name: Draw test
players: 2
deck:
  order: [A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2]
zones:
  won: {owner: player, visible: nobody}
hand:
  - deal: {to: each, count: 2}
  - tricks:
      follow: any
      won: won
      after_trick:
        - draw: {upto: 2, from: FROM}
after_hand:
  - end_match: seats
"""


def state(load_rules, source):
    return load_rules(GAME.replace("FROM", source), "g.yaml").new_initial_state(seed=4)


@pytest.mark.parametrize("source", ["deck", "[deck]"])
def test_one_zone_or_a_list(load_rules, source):
    st = state(load_rules, source)
    assert st.evaluate("count(deck)") == 52 - 4
    for _ in range(2):                       # one trick: each player plays one card
        st.apply_action(st.legal_actions()[0])
    # Both hands refilled to 2 from the deck: 48 - 2 cards left.
    assert [st.evaluate(f"count(hand({s}))") for s in (0, 1)] == [2, 2]
    assert st.evaluate("count(deck)") == 46


def test_a_zone_of_each_player_is_refused(load_rules):
    with pytest.raises(RuleErrors) as info:
        state(load_rules, "won")
    (error,) = info.value.errors
    assert error.message == "draw takes from a zone of the table, and 'won' belongs to each player"
    assert (error.span.line, error.span.col) == (13, 33)     # the w of `from: won`


@pytest.mark.parametrize("upto, drew", [(1, False), (2, True)])
def test_a_hand_that_draws_may_hold_the_suit_it_showed_void_in_again(load_rules, upto, drew):
    rules = GAME.replace("follow: any", "follow: suit").replace("FROM", "deck").replace("upto: 2", f"upto: {upto}")
    st = load_rules(rules, "g.yaml").new_initial_state(players=2, dealer=1, deals=[{"hand": {0: "AS KS", 1: "AH KH"}}])
    st.apply_action("play AS")
    st.apply_action("play AH")              # not a spade: seat 1 holds none, until it draws unseen
    spades = knowledge.mask([st.prog.deck.card(c) for c in ("KS", "QS", "2S")])
    assert (knowledge.voids(st, 1) & spades == 0) == drew
