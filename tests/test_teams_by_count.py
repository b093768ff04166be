"""`teams: {partners: [4, 6]}`: partnerships with those player counts, everyone alone otherwise,
in one rule file; `partnerships` and `partner(s)` follow the count."""
import pytest

from ruledsl.errors import RuleErrors
from ruledsl.explain.rulebook import explain

RULES = """
name: Partners sometimes
players: {min: 2, max: 6, default: 4}
teams: {partners: [4, 6]}
deck:
  pack: french-52
  keep: [A, K, Q, J, 10, 9]
  order: [A, K, Q, J, 10, 9]
zones:
  won: {owner: team, visible: nobody}
counters:
  score: {per: team, start: 0}
  paired: {start: false}
  mate: {start: none}
hand:
  - deal: {to: each, count: 2}
  - do: paired = partnerships; mate = partner(dealer)
  - tricks: {follow: suit}
  - do: score(t) += points(won(t)) for t in teams()
after_hand:
  - end_match: active
"""


@pytest.mark.parametrize("players, teams, paired", [(2, 2, False), (3, 3, False), (4, 2, True),
                                                    (5, 5, False), (6, 3, True)])
def test_partnerships_only_with_the_counts_listed(load_rules, players, teams, paired):
    st = load_rules(RULES).new_initial_state(players=players, dealer=0)
    counters = st.observation(0)["counters"]
    assert len(counters["score"]) == teams
    assert counters["paired"] is paired
    assert counters["mate"] == (players // 2 if paired else None)


def test_explain_says_when_partners_play(load_rules):
    assert "in partnerships when there are four or six players" in explain(load_rules(RULES).ruleset)


def test_a_count_that_cannot_pair_is_refused(load_rules):
    with pytest.raises(RuleErrors, match="teams.partners lists 3, which is not an even player count of 2..6"):
        load_rules(RULES.replace("[4, 6]", "[3, 4]"))
