"""`open:` of a tricks step is an expression (so an option can switch closed play on): a play
that does not beat the best so far goes face down when it is false; leads and beats stay open.
The table hides a face-down play of another seat; its own player still sees it."""
import pytest

from ruledsl.errors import RuleErrors
from ruledsl.runtime.helpers import SEAT_NAMES
from ruledsl.table.render import Look
from ruledsl.table.view import View

RULES = """
name: Closed tricks
players: 3
deck:
  pack: french-52
  keep: [A, K, Q, J]
  order: [A, K, Q, J]
zones:
  won: {owner: player, visible: nobody}
options:
  closed: false
hand:
  - deal: {to: each, count: 4}
  - tricks: {follow: any, open: OPEN}
after_hand:
  - end_match: active
"""


HANDS = {0: "KS QH JD JC", 1: "QS AH KD QC", 2: "AS KH QD KC"}


def state(dealt, open_, **options):
    """The rules with `open: <open_>`, dealt HANDS, the dealer C: A leads."""
    return dealt(RULES.replace("OPEN", open_), 3, HANDS, dealer=2, options=options, record=True)


def play(st, *actions):
    for a in actions:
        st.apply_action(a)


@pytest.mark.parametrize("closed", [False, True])
def test_option_decides_whether_a_losing_play_is_face_down(dealt, closed):
    st = state(dealt, "not option.closed", closed=closed)
    play(st, "play KS", "play QS")                    # QS does not beat KS
    seen = st.observation(2)["trick"]
    assert seen[0] == {"seat": 0, "cards": ["KS"]}
    assert seen[1] == {"seat": 1, "cards": ["??"] if closed else ["QS"]}
    assert st.observation(1)["trick"][1] == {"seat": 1, "cards": ["QS"]}
    play(st, "play AS")                               # a beat is always face up
    assert st.winner == 2


def test_constant_and_default_still_work(dealt):
    st = state(dealt, "false")
    play(st, "play KS", "play QS")
    assert st.observation(0)["trick"][1]["cards"] == ["??"]
    st = state(dealt, "true")
    play(st, "play KS", "play QS")
    assert st.observation(0)["trick"][1]["cards"] == ["QS"]


def test_table_hides_face_down_cards_of_others(dealt):
    st = state(dealt, "not option.closed", closed=True)
    play(st, "play KS", "play QS")
    rules = st.prog.ruleset

    def lines(seat):
        view = View(rules, st.n, seat, Look(rules.deck.ranks, SEAT_NAMES, symbols=False))
        return [line.plain for line in map(view.event, st.events) if line is not None]
    assert "B plays ?? face down" in lines(0)
    assert "B (you) plays QS face down" in lines(1)


def test_open_must_be_a_valid_expression(load_rules):
    with pytest.raises(RuleErrors) as info:
        load_rules(RULES.replace("OPEN", "not option.closd"))
    assert "unknown option 'closd'" in info.value.render()
