"""Scenario expectations `returns` (the final payoff) and `eval`/`zones` (expressions compiled in
the game's scope): they must pass when right and fail when wrong."""
from pathlib import Path

from ruledsl.tools.scenarios import run_file

GAMES = Path(__file__).parent.parent / "games"

# Two players, B has the highest total and dies with one life; A wins the pool of 2000
# (stake 1000 each): A gains 1000, B loses 1000 (RULES.md §1.3 example 5, last case).
SCENARIO = """
scenario: returns
ruleset: {ruleset}
players: 2
dealer: B
counters:
  lives: {{A: 3, B: 1}}
deals:
  - hand:
      A: 2C 2D 3S 4S 3H
      B: KC AD 2S 5S 2H
steps:
  - expect: {{eval: {{"points(hand(1))": 11, "len(undealt)": 30}}, zones: {{"hand(0)": 2C 2D 3S 4S 3H}}}}
  - expect: {{returns: {{A: 0, B: 0}}}}
  - auto: end_of_match
expect:
  winners: [A]
  returns: {{A: {a}, B: {b}}}
"""


def _run(tmp_path, a, b):
    path = tmp_path / "s.yaml"
    path.write_text(SCENARIO.format(ruleset=(GAMES / "coteccio.yaml").resolve(), a=a, b=b))
    return run_file(path)


def test_returns_expectation_passes_when_right(tmp_path):
    outcome = _run(tmp_path, 1000, -1000)
    assert outcome.ok, outcome.render()


def test_returns_expectation_fails_when_wrong(tmp_path):
    outcome = _run(tmp_path, 2000, 0)
    assert not outcome.ok
    assert "returns" in outcome.failure and "1000" in outcome.failure
