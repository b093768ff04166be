"""Every scenario file under tests/scenarios is a test: the rules of each game, as written."""
from pathlib import Path

import pytest

from ruledsl.tools.scenarios import run_file

ROOT = Path(__file__).parent / "scenarios"
FILES = sorted(ROOT.rglob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT)) for p in FILES])
def test_scenario(path):
    outcome = run_file(path)
    assert outcome.ok, outcome.render()
