"""Counters: per player/team/game, hand scope, and what each player may see of them."""

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
