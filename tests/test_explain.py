"""`ruledsl explain`: the rulebook generated from a rule file.

Golden files: tests/golden/explain_<stem>.md holds the exact Markdown for games/<stem>.yaml (or
examples/<stem>.yaml). After changing a rule file or the wording of ruledsl/explain/, regenerate
them with `UPDATE_GOLDEN=1 python -m pytest tests/test_explain.py` and READ the diff: it is for people.
Every golden file present is compared exactly; Ciapanò's must exist.
"""
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from ruledsl.cli import main
from ruledsl.errors import RuleErrors
from ruledsl.explain.rulebook import explain
from ruledsl.front.load import load

ROOT = Path(__file__).parents[1]
GOLDEN = ROOT / "tests" / "golden"
UPDATE = bool(os.environ.get("UPDATE_GOLDEN"))
SOURCES = sorted((ROOT / "games").glob("*.yaml")) + sorted((ROOT / "examples").glob("*.yaml"))


def golden_path(source: Path) -> Path:
    return GOLDEN / f"explain_{source.stem}.md"


def loadable(source: Path) -> bool:
    try:
        load(source)
    except RuleErrors:
        return False
    return True


def cases():
    if UPDATE:          # every rule file that loads gets (or refreshes) its golden file
        return [s for s in SOURCES if loadable(s)]
    return [s for s in SOURCES if golden_path(s).exists()]


@pytest.mark.parametrize("source", cases(), ids=lambda p: p.stem)
def test_golden(source):
    text = explain(load(source), "md")
    path = golden_path(source)
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    expected = path.read_text(encoding="utf-8")
    assert text == expected, (f"{path.name} is out of date: regenerate with "
                              f"UPDATE_GOLDEN=1 python -m pytest tests/test_explain.py and read the diff")


def test_ciapano_has_a_golden_file():
    assert golden_path(ROOT / "games" / "ciapano.yaml").exists()


def test_ciapano_rulebook_states_the_rules():
    """Spot checks against RULES.md §5, independent of the golden file."""
    text = explain(load(ROOT / "games" / "ciapano.yaml"), "md")
    assert "Three to five players (four unless the table chooses otherwise), each playing alone." in text
    assert "Play goes anticlockwise: dealing, play and the turn all pass to the right." in text
    assert "The Italian 40-card pack (swords ♠, cups ♥, coins ♦, batons ♣; Re K, Cavallo Q, Fante J): 40 cards" in text
    assert "Cards rank, from high to low: 3 2 A K Q J 7 6 5 4." in text
    assert "| A | 1 |" in text and "| 3, 2, K, Q, J | 1/3 |" in text
    # 4 aces × 1 + 20 cards × 1/3 = 10 2/3
    assert "The whole deck holds 10 2/3 points." in text
    assert "You must follow suit" in text
    assert "Set `score(p)` to `floor(points(won(p)))`, for each player `p` other than the winner of the last trick." in text
    assert "| `target` | 31 | 1 or more |" in text
    for heading in ("## Players and seating", "## The deck", "## The deal", "## The play", "## Scoring",
                    "## The match", "## Options"):
        assert heading in text
    assert "Differences from the base" not in text


def test_text_format_has_no_markdown():
    text = explain(load(ROOT / "games" / "ciapano.yaml"), "text")
    assert text.startswith("Ciapanò\n=======\n")
    assert "Players and seating\n-------------------\n" in text
    assert "`" not in text and "**" not in text and "|" not in text
    assert all(len(line) <= 100 for line in text.splitlines() if not line.startswith(("target", "survivors",
                                                                                         "lowest_wins", "option", "---")))


VARIANT = """\
extends: {base}
name: Ciapanò, quick
players: {{min: 3, max: 4, default: 3}}
deck:
  points: {{A: 2}}
options:
  target: {{default: 21}}
  lowest_wins: ~
  quick: {{default: true, help: a new option}}
after_hand:
  - when: all(penalty(p) >= option.target for p in active)
    end_match: argmin(penalty(p) for p in active)
  - eliminate: "[p for p in active if penalty(p) >= option.target]"
  - when: players <= option.survivors
    end_match: active
  - do: dealer = right(dealer)
"""


def test_variant_lists_its_differences(tmp_path):
    base = os.path.relpath(ROOT / "games" / "ciapano.yaml", tmp_path)
    path = tmp_path / "quick.yaml"
    path.write_text(VARIANT.format(base=base))
    ruleset = load(path)
    assert Path(ruleset.base).resolve() == (ROOT / "games" / "ciapano.yaml").resolve()
    text = explain(ruleset, "md")
    assert f"A variant of `{base}`" in text
    section = text.split("## Differences from the base\n\n", 1)[1]
    assert section == f"""\
What this variant changes in `{base}` (Ciapanò):

- The name: Ciapanò, quick (the base: Ciapanò).
- Players: 3 to 4, default 3 (the base: 3 to 5, default 4).
- Card points: A 2 (the base: 1).
- The option `target` defaults to 21 (the base: 31).
- A new option `quick`, default true: a new option.
- The option `lowest_wins` is removed.
- After every hand:
  - Base step 2 is gone:
    - If `option.lowest_wins and any(penalty(p) >= option.target for p in active)`: the match ends, won by the players with the lowest `penalty(p)` among those still in the match (all who tie for it).
  - Step 3 changes. Now:
    - If `players <= option.survivors`: the match ends, won by the players still in the match.
  - Before (base step 4):
    - If `players <= option.survivors and players < len(seats)`: the match ends, won by the players still in the match.
"""


def test_variant_without_changes_says_so(tmp_path):
    base = os.path.relpath(ROOT / "games" / "ciapano.yaml", tmp_path)
    path = tmp_path / "same.yaml"
    path.write_text(f"extends: {base}\n")
    assert "- None: the rules are those of the base.\n" in explain(load(path), "md")


def test_cli_explain(tmp_path):
    ciapano = str(ROOT / "games" / "ciapano.yaml")
    result = CliRunner().invoke(main, ["explain", ciapano])
    assert result.exit_code == 0, result.output
    assert result.output == explain(load(ciapano), "md")
    result = CliRunner().invoke(main, ["explain", ciapano, "--format", "text"])
    assert result.exit_code == 0 and result.output.startswith("Ciapanò\n=======")
    result = CliRunner().invoke(main, ["explain", "--builtins"])
    assert result.exit_code == 0 and "argmin" in result.output and "others" in result.output
    result = CliRunner().invoke(main, ["explain", ciapano, "--builtins"])
    assert "counters: penalty(p) score(p)" in result.output and "option.target" in result.output
    assert CliRunner().invoke(main, ["explain"]).exit_code == 2
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: X\n")
    assert CliRunner().invoke(main, ["explain", str(bad)]).exit_code == 1
