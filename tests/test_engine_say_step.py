"""A step may be a message alone (`- say: TEXT`, optionally with `when:`): it is said after the
steps before it have run, so it can report their results. Also: `setup` may end the match."""
import pytest

from ruledsl.errors import RuleErrors

RULES = """
name: Messages
players: 2
deck:
  pack: french-52
  keep: [A, K]
  order: [A, K]
zones:
  won: {owner: player, visible: nobody}
counters:
  pot: 0
hand:
  - do: pot += 2
  - say: "the pot holds {pot}"
  - when: pot > 2
    say: "the pot grows"
  - deal: {to: each, count: 2}
  - tricks: {follow: any}
after_hand:
  - end_match: active
"""


def said(st):
    return [e["text"] for e in st.events if e["kind"] == "say"]


def test_say_step_reports_what_the_steps_before_it_did(load_rules):
    st = load_rules(RULES).new_initial_state(seed=1, record=True)
    assert said(st) == ["the pot holds 2"]             # not 0; the `when:` was false
    st = load_rules(RULES).new_initial_state(seed=1, record=True, counters={"pot": 1})
    assert said(st) == ["the pot holds 3", "the pot grows"]


def test_say_step_takes_only_when(load_rules):
    with pytest.raises(RuleErrors) as info:
        load_rules(RULES.replace('    say: "the pot grows"', '    say: "the pot grows"\n    then: []'))
    assert "a 'say' step" in info.value.render()


def test_setup_may_end_the_match(load_rules):
    text = RULES.replace("hand:\n", "setup:\n  - when: option.short\n    end_match: seats\nhand:\n", 1)
    text = text.replace("counters:", "options:\n  short: false\ncounters:")
    g = load_rules(text)
    st = g.new_initial_state(seed=1, options={"short": True})
    assert st.is_terminal() and st.winners == (0, 1) and st.hand_number == 0
    assert not g.new_initial_state(seed=1).is_terminal()
