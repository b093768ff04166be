"""`secret: true` on an ask's choice: the chosen value (a buried card) is told to the chooser
only; the table tells everyone else just the choice's name. The scenario expectation `sees`
checks what each seat's observation shows of a zone."""

import pytest

from ruledsl.errors import RuleErrors
from ruledsl.tools.scenarios import run_file
from ruledsl.runtime.helpers import SEAT_NAMES
from ruledsl.table.render import Look
from ruledsl.table.view import View

RULES = """
name: Hidden aside
players: 2
direction: clockwise
deck:
  pack: french-52
  keep: [A, K, Q, J]
  order: [A, K, Q, J]
zones:
  hand: {owner: player, visible: owner}
  won: {owner: player, visible: nobody}
  aside: {owner: player, visible: owner}
  pool: {visible: all}
hand:
  - deal: {to: each, count: 3}
  - deal: {to: dealer, count: 1}
  - deal: {to: pool, count: 1}
  - ask:
      who: dealer
      choices:
        bury: {each: c in hand(player), do: move c to aside(player), secret: %s}
        show: {each: c in hand(player), do: move c to pool}
  - tricks: {follow: suit}
after_hand:
  - end_match: active
"""

SCENARIO = """
scenario: sees
ruleset: rules.yaml
players: 2
dealer: A
deals:
  - hand: {A: AS KS QS JS, B: AH KH QH}
    pool: [AD]
steps:
  - A: bury KS
expect:
  sees:
    A: {"aside(A)": [KS], "hand(A)": AS QS JS, pool: [AD], "aside(B)": 0}
    B: {"aside(A)": %s, "hand(A)": 3, "hand(B)": [AH, KH, QH], pool: [AD]}
"""


def _game(load_rules, secret="true"):
    return load_rules(RULES % secret)


def _scenario(load_rules, tmp_path, seen_by_b):
    _game(load_rules)
    path = tmp_path / "s.yaml"
    path.write_text(SCENARIO % seen_by_b)
    return run_file(path)


def test_sees_passes_when_right(load_rules, tmp_path):
    outcome = _scenario(load_rules, tmp_path, "1")
    assert outcome.ok, outcome.render()


def test_sees_fails_when_a_hidden_card_is_expected_visible(load_rules, tmp_path):
    outcome = _scenario(load_rules, tmp_path, "[KS]")
    assert not outcome.ok
    assert "B sees aside(A)" in outcome.failure and "1 face down" in outcome.failure


def test_sees_fails_when_a_count_is_wrong(load_rules, tmp_path):
    outcome = _scenario(load_rules, tmp_path, "2")
    assert not outcome.ok and "B sees aside(A)" in outcome.failure


def _table_lines(game, human):
    st = game.new_initial_state(seed=0, players=2, dealer=0, record=True)
    bury = next(a for a in st.legal_actions() if st.action_to_string(a).startswith("bury"))
    text = st.action_to_string(bury)
    st.apply_action(bury)
    view = View(game.ruleset, st.n, human, Look(game.ruleset.deck.ranks, SEAT_NAMES, symbols=False))
    lines = [view.event(e).plain for e in st.events if e["kind"] == "choice"]
    return text, lines


def test_secret_choice_is_told_to_the_chooser_only(load_rules):
    game = _game(load_rules)
    text, lines = _table_lines(game, human=1)
    assert lines == ["A: bury"]
    text, lines = _table_lines(game, human=0)
    assert lines == [f"A (you): {text}"] and text.startswith("bury ") and len(text.split()) == 2


def test_choice_without_secret_is_public(load_rules):
    game = _game(load_rules, "false")
    text, lines = _table_lines(game, human=1)
    assert lines == [f"A: {text}"]


def test_secret_must_be_true_or_false(load_rules):
    with pytest.raises(RuleErrors) as info:
        _game(load_rules, "sometimes")
    assert "secret" in info.value.render()
