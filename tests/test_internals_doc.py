"""docs/internals.md's worked step kind (`rotate:`) is real: its code, registered as the doc says,
is loaded, checked, compiled, played, explained and in the schema, with nothing else changed."""
import json
import re
import types
from pathlib import Path

import pytest

from ruledsl.errors import RuleErrors
from ruledsl.explain.rulebook import explain
from ruledsl.lang import steps
from ruledsl.tools.schema import schema

INTERNALS = Path(__file__).parents[1] / "docs" / "internals.md"

GAME = """\
name: Passing
players: 3
deck: {order: [A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2]}
zones:
  won: {owner: player, visible: nobody}
hand:
  - deal: {to: each, count: 2}
  - rotate: ROTATE
  - tricks: {follow: any, won: won}
after_hand:
  - end_match: seats
"""


@pytest.fixture
def rotate(monkeypatch):
    section = INTERNALS.read_text(encoding="utf-8").split("## Adding a step kind", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    module = types.ModuleType("rotate_example")
    exec(compile(code, "docs/internals.md", "exec"), module.__dict__)
    monkeypatch.setitem(steps.KINDS, "rotate", module.ROTATE)
    monkeypatch.setitem(steps.ALL, "rotate", module.ROTATE)
    return module


DEAL = [{"hand": {"A": "AS KS", "B": "QH JH", "C": "2D 3D"}}]


@pytest.mark.parametrize("settings, after", [
    ("{zone: hand}", ["2D 3D", "AS KS", "QH JH"]),                 # to the left: A's cards go to B
    ("{zone: hand, to: right}", ["QH JH", "2D 3D", "AS KS"]),
])
def test_the_example_kind_plays(load_rules, rotate, settings, after):
    state = load_rules(GAME.replace("ROTATE", settings)).new_initial_state(seed=1, dealer=0, deals=DEAL)
    assert [" ".join(map(str, state.evaluate(f"hand({p})"))) for p in range(3)] == after


def test_the_example_kind_is_explained_and_in_the_schema(load_rules, rotate):
    game = load_rules(GAME.replace("ROTATE", "{zone: hand}"))
    assert "Everyone passes their hand to the player on their left." in explain(game.ruleset, "text")
    assert "rotate_step" in json.dumps(schema())


@pytest.mark.parametrize("settings, message", [
    ("{zone: hand, to: up}", "unknown direction 'up'"),
    ("{zone: won, too: left}", "unknown key 'too' in 'rotate'"),
    ("{to: left}", "'rotate' needs 'zone'"),
    ("{zone: deck}", "'deck' is not a zone each player has"),
])
def test_the_example_kinds_mistakes_are_located(load_rules, rotate, settings, message):
    with pytest.raises(RuleErrors) as info:
        load_rules(GAME.replace("ROTATE", settings))
    error = info.value.errors[0]
    assert error.message == message
    assert error.span.line == 8


def test_every_file_the_page_names_exists():
    """internals.md stays true to the tree: each module it names (a path, or the end of one:
    play.py in the context of its package) is there, and no file outside the repository is
    cited."""
    root = INTERNALS.parents[1]
    text = INTERNALS.read_text(encoding="utf-8")
    named = set(re.findall(r"\b([a-z_]+(?:/[a-z_]+)*\.(?:py|md|yaml|lark))\b", text))
    present = [p.relative_to(root).as_posix() for p in root.rglob("*.*") if ".git" not in p.parts]
    missing = [n for n in named if not any(p == n or p.endswith("/" + n) for p in present)]
    assert not missing, missing
    assert "DESIGN.md" not in text and "RULES.md" not in text
