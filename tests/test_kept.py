"""compile/kept.py: a function's value worked out once for the tests at the end of a turn (its
last `do:` steps' conditions, `until:`, `next:`), and worked out again after a step that may
change what it reads."""
from __future__ import annotations

import re

import pytest

import ruledsl
from ruledsl.compile import kept
from ruledsl.expr.parser import parse_statements
from ruledsl.source import NOWHERE

GAME = """\
name: Kept
players: 2
deck:
  order: [A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2]
zones:
  hand: {owner: player, visible: owner}
  pile: {visible: all}
counters:
  n: {start: 0, scope: hand}
  m: {start: 0, scope: hand}
functions:
  big(): n >= 2
hand:
  - deal: {to: each, count: 3}
  - turns:
      until: big()
      turn:
        - ask:
            who: player
            choices:
              go: {do: m += 1}
        - when: not big()
          do: STATEMENT
after_hand:
  - end_match: seats
"""


def played(tmp_path, statement: str, until: str = "big()") -> tuple[int, int]:
    """The decisions the match takes (each the first legal action), and how often the code
    after a decision sets big()'s kept value back to None (1: where the tests begin)."""
    path = tmp_path / "kept.yaml"
    path.write_text(GAME.replace("STATEMENT", statement).replace("until: big()", f"until: {until}"), encoding="utf-8")
    game = ruledsl.load_game(path)
    st = game.new_initial_state(seed=0)
    taken = 0
    while st.current_player() >= 0:
        st.apply_action(st.legal_actions()[0])
        taken += 1
    source = st.prog.source
    temp = re.search(r"(_t\d+) = None\s+if \1 is None:", source).group(1)
    return taken, source.count(f"{temp} = None\n")


def test_a_step_changing_what_the_function_reads_makes_until_work_it_out_again(tmp_path):
    # n += 1 after `not big()` was tested: the until must see n's new value (the turns end
    # after 2 turns), not the value kept from the step's condition (a turn late).
    assert played(tmp_path, "n += 1") == (2, 2)


def test_a_step_changing_something_else_keeps_the_value(tmp_path):
    # m += 1 does not touch what big() reads: the until reads the value the step's condition
    # worked out (m: 2 after the first turn, 4 after the second).
    assert played(tmp_path, "m += 1", until="big() or m >= 3") == (2, 1)


@pytest.mark.parametrize("statement, changes", [
    ("m += 1", False),                          # another counter
    ("n += 1", True),                           # what big() reads
    ("move pile to hand(player)", False),       # zones big() does not read
    ("move last(pile) to hand(player)", True),  # cards from anywhere: any zone
    ("shuffle pile", True),
])
def test_what_a_step_may_change_is_told_from_its_statements(statement, changes):
    class Step:
        kind = "do"

        class statements:
            parts = [type("Part", (), {"tree": parse_statements(statement, lambda offset, width: NOWHERE)})]
    assert kept.changes(Step, {"n"}, {"hand": None, "pile": None}) is changes
