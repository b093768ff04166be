"""Every scenario file under tests/scenarios is a test: the rules of each game, as written."""
from pathlib import Path

import pytest

import shipped
from ruledsl.tools import scenarios
from ruledsl.tools.scenarios import run_file

ROOT = Path(__file__).parent / "scenarios"
FILES = sorted(ROOT.rglob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT)) for p in FILES])
def test_scenario(path, monkeypatch):
    # 188 scenarios over 20 rule files: each file's Game is loaded once per process (tests/shipped.py),
    # not once per scenario (Coteccio's took 1 s of CPU each time); loading is tested on its own.
    monkeypatch.setattr(scenarios, "load_game", shipped.load)
    outcome = run_file(path)
    assert outcome.ok, outcome.render()


def test_an_eval_that_cannot_be_computed_fails_the_scenario_at_its_line(tmp_path):
    """`rank(first(won(dealer)))` with nothing won: the scenario fails, located, never a traceback."""
    import shutil
    from click.testing import CliRunner
    from ruledsl.cli import main
    games = Path(__file__).parents[1] / "games"
    shutil.copy(games / "kozel.yaml", tmp_path / "kozel.yaml")
    (tmp_path / "s.yaml").write_text(
        "scenario: an eval of an empty pile\nruleset: kozel.yaml\nplayers: 3\nsteps: []\n"
        "expect:\n  eval: {\"rank(first(won(dealer)))\": 1}\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["test", str(tmp_path / "s.yaml")])
    assert result.exit_code == 1
    assert "s.yaml:6:11: error: this cannot be computed here: a value of the wrong kind" in result.output
    assert "Traceback" not in result.output
