"""What a rule file can do at play time is bounded, and a failure there is the author's error.

Numbers, lists and texts that grow every hand stop at a bound no real game reaches; the capture
search stops at MAX_CAPTURES ways however many cards lie on the table. Each is a RuleError
located at the expression that failed, with the player count, seed and step that reach it
(`PlayError`) — never Python's own wording. And a step reading the trick while it is being
played (`before_play`) sees it as it is.
"""
from __future__ import annotations

import random

import pytest

from ruledsl import PlayError, RuleError
from ruledsl.expr.values import MAX_BITS, MAX_ITEMS
from ruledsl.lang.steps.capture_search import MAX_CAPTURES

TABLE = """\
deck: {order: [A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2]}
zones:
  won: {owner: player, visible: nobody}
"""

TRICKS = """\
name: Growth
players: 2
""" + TABLE + """\
counters:
  big: 2
  xs: "[1]"
  word: "'ab'"
hand:
  - deal: {to: each, count: 1}
  - tricks: {follow: any, won: won}
  - do: STATEMENT
after_hand:
  - when: hand_number == 100
    end_match: seats
summary:
  big: big
  xs: len(xs)
  word: len(word)
"""


def _play_until_it_fails(game, seed: int = 3) -> PlayError:
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    with pytest.raises(PlayError) as info:
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
    return info.value


@pytest.mark.parametrize("statement, message, col, hand", [
    ("big = big * big", f"a number grew too large (more than {MAX_BITS} bits, about 77 digits)", 19, 8),
    ("xs = xs + xs", f"a list grew too long (more than {MAX_ITEMS:,} items)", 17, 14),
    ("word = word + word", f"a text grew too long (more than {MAX_ITEMS:,} characters)", 21, 13),
])
def test_growing_without_end_stops_at_a_bound_where_it_grows(load_rules, statement, message, col, hand):
    game = load_rules(TRICKS.replace("STATEMENT", statement))
    error = _play_until_it_fails(game)
    assert isinstance(error, RuleError)
    assert error.error.message == message
    assert (error.span.line, error.span.col) == (13, col)
    assert error.message == f"{message} (players=2, seed=3, step {2 * hand})"
    assert (error.players, error.seed, error.step) == (2, 3, 2 * hand)


def test_the_step_given_reproduces_the_failure(load_rules):
    """The seed and step of a PlayError lead back to it: replaying that many of the same actions
    from the same seed stops just before it, and the next action fails the same way."""
    game = load_rules(TRICKS.replace("STATEMENT", "xs = xs + xs"))
    error = _play_until_it_fails(game, seed=5)
    state, rng = game.new_initial_state(seed=error.seed, players=error.players), random.Random(5)
    for _ in range(error.step - 1):
        state.apply_action(rng.choice(state.legal_actions()))
    with pytest.raises(PlayError) as again:
        state.apply_action(rng.choice(state.legal_actions()))
    assert again.value.message == error.message


CAPTURES = """\
name: Many ways
players: 2
deck:
  order: [A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2]
  values: {A: 1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1, 9: 1, 10: 1, J: 1, Q: 1, K: 20}
zones:
  table: {visible: all}
  pile: {owner: player, visible: nobody}
hand:
  - deal: {to: table, count: 40}
  - deal: {to: each, count: 2}
  - captures: {table: table, sum: true, optional: true, pile: pile}
after_hand:
  - end_match: seats
"""


def test_the_capture_search_stops_at_its_bound(load_rules):
    # A king (20) over forty cards of 1: C(40, 20) ways to capture, about 1.4e11. The search
    # gives up after MAX_CAPTURES, at the captures step, instead of listing them.
    game = load_rules(CAPTURES)
    state = game.new_initial_state(seed=0, deals=[{"table": _ones(), "hand": {"A": "KS KH"}}],
                                   dealer=1)
    with pytest.raises(PlayError) as info:
        state.legal_actions()
    error = info.value
    assert error.error.message == f"more than {MAX_CAPTURES:,} ways to capture at once"
    assert error.error.hint == "the table holds too many cards that add up: lower the capture values"
    assert error.span.line == 12


def _ones() -> list[str]:
    suits, ranks = "SHDC", ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10"]
    return [r + s for s in suits for r in ranks]


def test_fewer_ways_are_all_offered(load_rules):
    # Four cards of 1 and a card of 4 on its own: one way to take all four, nothing is cut short.
    game = load_rules(CAPTURES.replace("K: 20", "K: 4").replace("count: 40", "count: 4"))
    state = game.new_initial_state(seed=0, deals=[{"table": "AS 2S 3S 4S", "hand": {"A": "KS 5H"}}], dealer=1)
    texts = sorted(state.action_to_string(a) for a in state.legal_actions())
    assert texts == ["play 5H", "play KS", "play KS take AS 4S 3S 2S"]


BEFORE_PLAY = """\
name: Seen
players: 3
""" + TABLE + """\
counters:
  seen: {per: player, start: -1, scope: hand}
  led: {per: player, start: none, scope: hand}
hand:
  - deal: {to: each, count: 2}
  - tricks:
      leader: left(dealer)
      follow: any
      won: won
      before_play:
        - do: seen(player) = len(trick)
        - when: len(trick) > 0
          do: led(player) = trick[0]
after_hand:
  - end_match: seats
"""


def test_before_play_reads_the_trick_as_it_is(load_rules):
    game = load_rules(BEFORE_PLAY)
    state = game.new_initial_state(seed=0, dealer=2, deals=[{"hand": {"A": "AS KS", "B": "QH JH", "C": "2D 3D"}}])
    for text in ("play KS", "play QH"):
        state.apply_action(text)
    assert state.evaluate("[seen(p) for p in seats]") == [0, 1, 2]
    assert state.evaluate("led(0)") is None
    assert [str(state.evaluate(f"led({p})")) for p in (1, 2)] == ["KS", "KS"]
