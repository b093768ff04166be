"""A recording match logs a "step" event, with the step's file, line and column, each time a step
with a `when:` (that holds) or a `say:` runs: the events analysis counts rules by."""

RULES = """\
name: Fired
players: 2
deck: {pack: french-52, keep: [A, K], order: [A, K]}
zones: {won: {owner: player, visible: nobody}}
counters: {pot: 0}
hand:
  - do: pot += 1
  - when: pot > 1
    do: pot += 10
  - say: "the pot holds {pot}"
  - if: pot > 100
    then:
      - when: true
        say: "a big pot"
  - deal: {to: each, count: 2}
  - tricks: {follow: any}
after_hand:
  - when: hand_number >= 3
    end_match: active
"""


def fired(st):
    return [(e["line"], e["col"]) for e in st.events if e["kind"] == "step"]


def test_steps_with_when_or_say_report_each_time_they_run(load_rules, tmp_path):
    game = load_rules(RULES)
    st = game.new_initial_state(seed=1, record=True)
    while not st.is_terminal():
        st.apply_action(st.legal_actions()[0])
    events = [e for e in st.events if e["kind"] == "step"]
    assert {e["file"] for e in events} == {str(tmp_path / "rules.yaml")}
    # Hand 1: the say (line 10). Hands 2 and 3: the when at line 8 holds, then the say; the
    # nested when (line 13) never runs, its `if` being false; the end_match (line 18) fires once.
    assert fired(st) == [(10, 5), (8, 5), (10, 5), (8, 5), (10, 5), (18, 5)]


def test_no_step_events_unless_the_match_records(load_rules):
    st = load_rules(RULES).new_initial_state(seed=1)
    assert st.events is None
