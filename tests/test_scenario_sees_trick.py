"""The scenario expectation `sees: {SEAT: {trick: ...}}`: the trick as one seat's observation
shows it, in play order, `??` for a card that seat cannot see (a face-down play)."""
from pathlib import Path

from ruledsl.tools.scenarios import run_file

KOZEL = Path(__file__).parents[1] / "games" / "kozel.yaml"

SCENARIO = """
scenario: sees the trick
ruleset: %s
players: 3
dealer: C
options: {closed_play: %s}
deals:
  - hand: {A: KS QS 7S 8H, B: 9D 9S 8C 7H, C: 6H 6C 7C JH}
    turned: [KD]
steps:
  - A: play KS QS 7S
  - B: play 9D 9S 8C
expect:
  sees:
    A: {trick: %s}
    B: {trick: [KS, QS, 7S, 9D, 9S, 8C]}
"""


def _run(tmp_path, closed, seen_by_a):
    path = tmp_path / "s.yaml"
    path.write_text(SCENARIO % (KOZEL, closed, seen_by_a))
    return run_file(path)


def test_a_face_down_play_is_question_marks_to_others_and_open_to_its_player(tmp_path):
    outcome = _run(tmp_path, "true", '"KS QS 7S ?? ?? ??"')
    assert outcome.ok, outcome.render()


def test_open_play_shows_every_card(tmp_path):
    outcome = _run(tmp_path, "false", "KS QS 7S 9D 9S 8C")
    assert outcome.ok, outcome.render()


def test_expecting_a_hidden_card_fails(tmp_path):
    outcome = _run(tmp_path, "true", "KS QS 7S 9D 9S 8C")
    assert not outcome.ok
    assert "A sees the trick" in outcome.failure and "'??'" in outcome.failure


def test_the_order_of_play_matters(tmp_path):
    outcome = _run(tmp_path, "false", "9D 9S 8C KS QS 7S")
    assert not outcome.ok and "A sees the trick" in outcome.failure
