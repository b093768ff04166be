"""`repeat:` — steps again and again until a condition holds, tested before each round: a dealer
draws to 17, a player draws until a card can be played; rounds may ask players; a condition
that never comes true is a located error, not a hang."""
from __future__ import annotations

import pytest

import ruledsl
from ruledsl.errors import RuleErrors
from ruledsl.explain.rulebook import explain

GAME = """\
name: Draw to seventeen
players: 2
deck:
  pack: french-52
  values: {A: 1, K: 10, Q: 10, J: 10, 10: 10, 9: 9, 8: 8, 7: 7, 6: 6, 5: 5, 4: 4, 3: 3, 2: 2}
zones:
  hand: {owner: player, visible: all}
  pile: {visible: all}
counters:
  rounds: {start: 0, scope: hand}
functions:
  total(p): sum(value(c) for c in hand(p))
hand:
  - deal: {to: dealer, count: 2}
  - repeat:
      - do: move last(deck) to hand(dealer); rounds += 1
    until: total(dealer) >= 17
  - repeat:
      - ask:
          who: next(dealer)
          prompt: draw or stand
          choices:
            draw: {do: move last(deck) to hand(player)}
            stand: {do: move hand(player) to pile}
    until: total(next(dealer)) >= 10 or count(pile) > 0
after_hand:
  - end_match: "argmax(total(p) for p in seats)"
"""


@pytest.fixture(scope="module")
def game(rules_from_text):
    return rules_from_text(GAME)


def test_the_dealer_draws_until_seventeen_and_no_further(game):
    for seed in range(20):
        st = game.new_initial_state(seed=seed, dealer=0)
        drawn = st.evaluate("hand(0)")
        values = [st.evaluate(f"value({c})") for c in drawn]
        assert sum(values) >= 17 and (sum(values[:-1]) < 17 or len(drawn) == 2)   # the last card crossed 17
        assert st.evaluate("rounds") == len(drawn) - 2


def test_the_condition_is_tested_first(game):
    st = game.new_initial_state(seed=0, dealer=0, deals=[{"hand": {"A": "KS 9H"}}])
    assert [str(c) for c in st.evaluate("hand(0)")] == ["KS", "9H"] and st.evaluate("rounds") == 0


def test_a_round_may_ask_a_player(game):
    st = game.new_initial_state(seed=3, dealer=0, deals=[{"hand": {"A": "KS 9H"}, "deck": "2C 3D 4H 5S"}])
    assert st.evaluate("rounds") == 0
    assert st.current_player() == 1 and st.asked() == "draw or stand"
    st.apply_action("draw")                                  # 2C: 2
    st.apply_action("draw")                                  # 3D: 5
    assert st.current_player() == 1
    st.apply_action("draw")                                  # 4H: 9
    st.apply_action("draw")                                  # 5S: 14, the condition holds
    assert st.is_terminal() and st.returns() == [1, 0]          # 19 against 14


def test_a_condition_that_never_holds_is_an_error_at_the_step(tmp_path):
    path = tmp_path / "endless.yaml"
    path.write_text(GAME.replace("until: total(dealer) >= 17", "until: total(dealer) < 0")
                    .replace("move last(deck) to hand(dealer); rounds += 1", "rounds += 1"), encoding="utf-8")
    with pytest.raises(RuleErrors) as info:
        ruledsl.load_game(path)
    (error,) = info.value.errors
    assert (error.span.line, error.message.split(" (")[0]) == (
        15, "the loops of steps went on for 100,000 rounds with no player acting")


def test_explain_says_when_it_stops(game):
    assert "As long as `total(dealer) >= 17` does not hold (it is tested before each round, so perhaps no round " \
           "is played):" in explain(game.ruleset)
