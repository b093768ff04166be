"""One action can end more than one hand (the next hand may end before anyone decides
anything): a search's roll-out stops after it and reads the hands' values as a change of
`hand_totals()`, never the last hand's alone, and never plays on to the end of the match."""
import random

from ruledsl.bots.search import Goal, roll_out

# Odd hands ask seat 0 who scores; even hands score seat 1 with no decision at all, so the
# action that ends an odd hand also ends the even hand after it.
RULES = """
name: Two hands at once
players: 2
deck:
  pack: french-52
  order: [A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2]
counters:
  score: {per: player, start: 0}
  got: {per: player, start: 0, scope: hand}
hand:
  - when: hand_number % 2 == 1
    ask:
      who: 0
      prompt: who scores
      choices:
        give: {each: "s in seats", do: got(s) = 1}
  - when: hand_number % 2 == 0
    do: got(1) = 5
  - do: score(p) += got(p) for p in seats
after_hand:
  - when: hand_number >= 10
    end_match: argmax(score(p) for p in seats)
result:
  returns: score(player)
  hand: got(player)
"""


def test_one_action_ending_two_hands_counts_both(load_rules):
    st = load_rules(RULES).new_initial_state(players=2, seed=1)
    assert st.hand_totals() == (0, 0)
    st.apply_action("give 0")                  # hand 1 ends, and hand 2 with it
    assert st.hands_scored == 2
    assert st.hand_returns() == (0, 5)          # the last hand alone
    assert st.hand_totals() == (1, 5)           # both


def test_a_hand_roll_out_stops_when_the_hand_ends_even_if_more_end_with_it(load_rules):
    st = load_rules(RULES).new_initial_state(players=2, seed=1)
    goal = Goal(st)
    assert goal.by_hand
    values = roll_out(st.clone(), goal, random.Random(3))
    rolled = st.clone().play_out(random.Random(3), hand=True)
    assert rolled.hands_scored == 2 and not rolled.is_terminal()
    assert sorted(values) in ([0, 6], [1, 5])    # seat 0 or 1 got the odd hand, seat 1 the even


def test_totals_are_the_sum_of_every_hand_recorded(load_rules):
    st = load_rules(RULES).new_initial_state(players=2, seed=4, record=True)
    st.play_out(random.Random(4))
    hands = [e["values"] for e in st.events if e["kind"] == "summary"]
    assert len(hands) == 10
    assert list(st.hand_totals()) == [sum(v[s] for v in hands) for s in range(2)]
