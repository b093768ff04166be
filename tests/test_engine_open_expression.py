"""`open:` of a tricks step is an expression (so an option can switch closed play on): a play
that does not beat the best so far goes face down when it is false; leads and beats stay open.
The table hides a face-down play of another seat; its own player still sees it."""
import pytest

from ruledsl import load_game
from ruledsl.errors import RuleErrors
from ruledsl.table import Table

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


def game(tmp_path, open_):
    path = tmp_path / "closed.yaml"
    path.write_text(RULES.replace("OPEN", open_))
    return load_game(path)


def state(g, **options):
    prog = g.program(3)
    hand, card = prog.layout.zones["hand"][1], prog.deck.card
    deal = {hand + 0: "KS QH JD JC", hand + 1: "QS AH KD QC", hand + 2: "AS KH QD KC"}
    stacked = {z: [card(c) for c in cards.split()] for z, cards in deal.items()}
    return g.new_initial_state(players=3, dealer=2, stacked=[stacked], options=options, record=True)


def play(st, *actions):
    for a in actions:
        st.apply_action(a)


@pytest.mark.parametrize("closed", [False, True])
def test_option_decides_whether_a_losing_play_is_face_down(tmp_path, closed):
    st = state(game(tmp_path, "not option.closed"), closed=closed)
    play(st, "play KS", "play QS")                    # QS does not beat KS
    seen = st.observation(2)["trick"]
    assert seen[0] == {"seat": 0, "cards": ["KS"]}
    assert seen[1] == {"seat": 1, "cards": ["??"] if closed else ["QS"]}
    assert st.observation(1)["trick"][1] == {"seat": 1, "cards": ["QS"]}
    play(st, "play AS")                               # a beat is always face up
    assert st.hv["winner"] == 2


def test_constant_and_default_still_work(tmp_path):
    st = state(game(tmp_path, "false"))
    play(st, "play KS", "play QS")
    assert st.observation(0)["trick"][1]["cards"] == ["??"]
    st = state(game(tmp_path, "true"))
    play(st, "play KS", "play QS")
    assert st.observation(0)["trick"][1]["cards"] == ["QS"]


def test_table_hides_face_down_cards_of_others(tmp_path):
    st = state(game(tmp_path, "not option.closed"), closed=True)
    play(st, "play KS", "play QS")
    lines = []
    table = Table(st, 0, lines.append, None, None, None)
    table.flush()
    assert "B plays ?? face down" in lines
    table = Table(st, 1, lines.append, None, None, None)
    lines.clear()
    table.flush()
    assert "B (you) plays QS face down" in lines


def test_open_must_be_a_valid_expression(tmp_path):
    with pytest.raises(RuleErrors) as info:
        game(tmp_path, "not option.closd")
    assert "unknown option 'closd'" in info.value.render()
