"""Every game under games/ ships whole: its page in docs/games/ (with a rules digest and its
"Ambiguities and gaps"), a row in the README's games table and in docs/language.md §12, its
scenarios under tests/scenarios/<game>/ and its explain golden file."""
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
GAMES = sorted(p.stem for p in (ROOT / "games").glob("*.yaml"))


@pytest.mark.parametrize("name", GAMES)
def test_a_shipped_game_has_its_docs_scenarios_and_golden_file(name):
    page = ROOT / "docs" / "games" / f"{name}.md"
    assert page.exists(), f"docs/games/{name}.md is missing"
    text = page.read_text(encoding="utf-8")
    headings = [line for line in text.splitlines() if line.startswith("## ")]
    assert any("Digest" in h for h in headings) and any("Ambiguities" in h for h in headings)
    assert f"`games/{name}.yaml`" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"(games/{name}.md)" in (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
    assert list((ROOT / "tests" / "scenarios" / name).glob("*.yaml")), f"no scenarios for {name}"
    assert (ROOT / "tests" / "golden" / f"explain_{name}.md").exists()
