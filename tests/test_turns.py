"""`turns:` — players act in turn until a condition holds: who starts, who is next, who is passed
over, `turn_number`, `pass` as an ordinary choice, and a loop that never ends is a located error.
It works with what stands on the decisions: clone/apply (the search bots), determinize, the
integer actions and explain."""
import random

import pytest

from ruledsl.bots import make
from ruledsl.errors import RuleErrors
from ruledsl.explain.rulebook import explain

RULES = """
name: Shedding
players: {min: 2, max: 4}
deck:
  pack: french-52
  order: [A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2]
zones:
  pile: {visible: all}             # and the default hand, each player's own
counters:
  passes: {start: 0, scope: hand}
  order: {start: "[]", scope: hand}
functions:
  fits(c): suit(c) == suit(last(pile)) or rank(c) == rank(last(pile))
hand:
  - deal: {to: each, count: 3}
  - deal: {to: pile, count: 1}
  - turns:
      until: count(hand(player)) == 0 or passes >= players
      turn:
        - do: order = order + [[player, turn_number]]
        - ask:
            who: player
            prompt: play or pass
            choices:
              play: {each: c in hand(player), when: fits(c), do: move c to pile; passes = 0}
              pass: {when: "not any(fits(c) for c in hand(player))", do: passes += 1}
after_hand:
  - end_match: "argmin(count(hand(p)) for p in active)"
"""

DEAL = {"hand": {"A": "2C 3C 4C", "B": "9H 7S 9C", "C": "KD QD JD"}, "pile": ["9S"]}


def texts(st):
    return [st.action_to_string(a) for a in st.legal_actions()]


def test_players_act_in_turn_and_pass_where_the_rules_allow(load_rules):
    st = load_rules(RULES).new_initial_state(players=3, dealer=0, deals=[DEAL])
    assert st.current_player() == 1 and texts(st) == ["play 9H", "play 7S", "play 9C"]
    st.apply_action("play 9C")
    assert st.current_player() == 2 and texts(st) == ["pass"]
    st.apply_action("pass")
    assert st.current_player() == 0 and texts(st) == ["play 2C", "play 3C", "play 4C"]
    assert st.evaluate("order") == [[1, 1], [2, 2], [0, 3]] and st.evaluate("passes") == 1


def test_the_turns_end_when_until_holds(load_rules):
    st = load_rules(RULES).new_initial_state(players=3, dealer=0, deals=[DEAL])
    for action in ("play 9C", "pass", "play 2C", "pass", "pass", "play 3C", "pass", "pass", "play 4C"):
        st.apply_action(action)
    assert st.is_terminal() and st.returns() == [1, 0, 0]    # A is out of cards


def test_first_next_and_skip(load_rules):
    rules = RULES.replace("      until:", "      first: dealer\n      next: prev(player)\n"
                                         "      skip: player == 1\n      until:")
    st = load_rules(rules).new_initial_state(players=3, dealer=0, deals=[DEAL])
    assert st.current_player() == 0
    st.apply_action("pass") if texts(st) == ["pass"] else st.apply_action(st.legal_actions()[0])
    assert st.current_player() == 2          # prev(0) is 2; seat 1 is always passed over
    st.apply_action("pass")
    assert st.current_player() == 0


def test_skipping_every_seat_ends_the_turns(load_rules):
    rules = RULES.replace("      until:", "      skip: true\n      until:")
    st = load_rules(rules).new_initial_state(players=3, dealer=0, deals=[DEAL])
    assert st.is_terminal() and st.evaluate("order") == []


def test_a_loop_that_never_ends_is_a_located_error(load_rules):
    rules = RULES.replace("until: count(hand(player)) == 0 or passes >= players", "until: passes < 0") \
        .replace("        - ask:", "        - when: false\n          ask:").replace("after_hand:", "limits: {turns: 50}\nafter_hand:")
    with pytest.raises(RuleErrors) as info:
        load_rules(rules)
    [error] = info.value.errors
    assert (error.span.line, error.message) == (17, "the turns did not end within 50 turns")


def test_search_bots_determinize_and_integer_actions_play_through_the_turns(load_rules):
    game = load_rules(RULES)
    rng = random.Random(3)
    bot = make("ismcts@20")
    st = game.new_initial_state(seed=5, players=3)
    while not st.is_terminal():
        seat = st.current_player()
        other = st.determinize(seat, rng)
        assert other.legal_actions() == st.legal_actions() and other.current_player() == seat
        assert sorted(st.legal_indices()) == sorted(st.action_indices(a)[0] for a in st.legal_actions())
        st.apply_action(bot(st, rng) if seat == 0 else rng.choice(st.legal_actions()))
    assert sum(st.returns()) >= 1


def test_explain_says_players_take_turns(load_rules):
    text = explain(load_rules(RULES).ruleset)
    assert "3. Players take turns, starting with the player to the dealer's left" in text
    assert "The turns end as soon as, after a turn, `count(hand(player)) == 0 or passes >= players`." in text
