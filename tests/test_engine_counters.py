"""Counters: per player/team/game, hand scope, and what each player may see of them."""
from fractions import Fraction
from pathlib import Path

import shipped

RULES = """\
name: Counters
players: 2
deck: {order: [A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2]}
zones: {won: {owner: player}}
counters:
  score: {per: player, start: 0}
  secret: {per: player, start: 7, visible: owner}
  hidden: {start: none, scope: hand, visible: nobody}
  round: {start: 0, scope: hand}
hand:
  - deal: {to: each, count: 2, as: hidden}
  - do: round += 1; score(p) += 1 for p in active
  - tricks: {follow: suit}
after_hand:
  - when: hand_number >= 2
    end_match: active
"""


def test_counter_visibility_and_scope(load_rules):
    state = load_rules(RULES, "c.yaml").new_initial_state(seed=1)
    obs = state.observation(0)["counters"]
    assert obs["secret"] == [7, "?"]              # my own only
    assert "hidden" not in obs                      # the dealt packet is nobody's business
    assert obs["score"] == [1, 1] and obs["round"] == 1
    while state.hand_number < 2:
        state.apply_action(state.legal_actions()[0])
    assert state.observation(1)["counters"]["round"] == 1      # reset for the new hand
    assert state.observation(1)["counters"]["score"] == [2, 2]  # kept across hands


def test_points_are_whole_numbers_where_no_card_has_a_fraction_of_one():
    """points() is typed as a whole number when every card's points are whole (Coteccio's
    score: card points plus the last trick's 6), and as a number where some are thirds
    (Ciapanò's, which its score takes through floor())."""
    games = Path(__file__).parents[1] / "games"
    coteccio, ciapano = (shipped.load(games / f"{name}.yaml") for name in ("coteccio", "ciapano"))
    assert coteccio.program(4).counter_types["score"].only("int")
    st = ciapano.new_initial_state(seed=1, players=4)
    assert st.evaluate("points([KS, QS])") == Fraction(2, 3)
    assert coteccio.new_initial_state(seed=1, players=4).evaluate("points([AS, KH])") == 11
