"""`for_each:` runs its steps once for each seat in turn, `player` bound, whether the steps wait
for a player (an ask: the loop goes on after the answer) or not."""
from ruledsl.explain.rulebook import explain

RULES = """
name: Each in turn
players: 3
deck:
  pack: french-52
  order: [A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2]
counters:
  bid: {per: player, start: 0}
  seen: {start: "[]"}
hand:
  - deal: {to: each, count: 2}
  - for_each: order(left(dealer))
    steps:
      - do: seen = seen + [player]
  - for_each: order(left(dealer))
    steps:
      - ask:
          who: player
          prompt: bid
          choices:
            bid: {each: "n in range(1, 4)", do: bid(player) = n}
after_hand:
  - end_match: active
"""


def test_each_seat_in_turn_across_decisions(load_rules):
    st = load_rules(RULES).new_initial_state(players=3, dealer=0)
    assert st.observation(0)["counters"]["seen"] == [1, 2, 0]
    answers = {1: "bid 3", 2: "bid 1", 0: "bid 2"}
    for seat in (1, 2, 0):
        assert st.current_player() == seat
        st.apply_action(answers[seat])
    assert st.observation(0)["counters"]["bid"] == [2, 3, 1]


def test_explain_says_who_takes_the_steps(load_rules):
    assert "For each player of `order(left(dealer))` in turn (`player` is that player):" \
        in explain(load_rules(RULES).ruleset)
