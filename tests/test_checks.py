"""`ruledsl/tools/checks.py`: the warnings `validate --strict` turns into errors, each at its place.

The rule files are in tests/rulefiles/strict/; the expected lines and messages were read off
those files by hand."""
from pathlib import Path

import pytest

import ruledsl
import shipped
from ruledsl.tools.checks import warnings

HERE = Path(__file__).parent / "rulefiles" / "strict"
ROOT = Path(__file__).parents[1]
SHIPPED = sorted(ROOT.glob("games/*.yaml")) + sorted(ROOT.glob("examples/*.yaml"))


def found(path) -> list[tuple[int, int, str]]:
    out = warnings(ruledsl.load_game(path))
    assert all(w.kind == "warning" for w in out)
    return [(w.span.line, w.span.col, w.message) for w in out]


def test_unused_option_and_counters():
    assert found(HERE / "unused.yaml") == [
        (10, 3, "option 'stakes' is never read"),
        (13, 3, "counter 'tricks_taken' is never read (it is only assigned)"),
        (14, 3, "counter 'spare' is never read"),
    ]


def test_steps_that_can_never_run():
    assert found(HERE / "unreachable.yaml") == [
        (11, 11, "this step can never run: its 'when:' is always false"),
        (19, 9, "this step can never run: the 'end_hand' step at line 18 always ends the hand before it"),
        (26, 5, "this step can never run: the 'if' step at line 21 ends the hand (or redeals, or ends "
                "the match) on both branches before it"),
    ]


def test_steps_nested_in_choices_and_hooks():
    assert found(HERE / "nested.yaml") == [
        (17, 15, "this step can never run: the 'redeal' step at line 16 always redeals the hand before it"),
        (20, 17, "this step can never run: its 'when:' is always false"),
    ]


def test_constant_if_conditions():
    assert found(HERE / "constant_if.yaml") == [
        (11, 5, "the 'then' steps can never run: the condition is always false"),
        (16, 5, "the 'else' steps can never run: the condition is always true"),
        (20, 5, "this step can never run: the 'end_match' step at line 19 always ends the match before it"),
    ]


def test_questions_whose_asking_reads_hidden_cards():
    """Issue 18 item 1: an ask's `who:`, or the `when:`/`if:` of a step that asks, reading a zone
    others cannot see (its size aside) — not a choice's `when:`, which only the answerer sees."""
    told = "which the other players cannot see: asking it (or not) tells them about those cards"
    assert found(HERE / "telling.yaml") == [
        (16, 17, f"whether this question is asked depends on hand(dealer), {told}"),
        (19, 40, f"whether this question is asked depends on hand(p), {told}"),
        (31, 25, f"whether this question is asked depends on won(p), {told}"),
    ]


def test_reads_anywhere_count_and_a_conditional_end_does_not_cut():
    """Options read only in a say text or the result, counters only in trumps, a summary line
    or through a deal's `as:`; steps after `when: … end_hand`."""
    assert found(HERE / "clean.yaml") == []


@pytest.mark.parametrize("remove,expected", [
    ("summary:\n  tricks: shown(player)\n", "counter 'shown' is never read (it is only assigned)"),
    ('  - say: "{option.greeting}"\n', "option 'greeting' is never read"),
    ("trumps:\n  suit: trump\n", "counter 'trump' is never read (it is only assigned)"),
    ("  - do: trump = suit(turned[0])\n", "counter 'turned' is never read"),
])
def test_each_read_in_the_clean_file_is_what_keeps_it_clean(tmp_path, remove, expected):
    text = (HERE / "clean.yaml").read_text(encoding="utf-8")
    assert remove in text
    path = tmp_path / "clean.yaml"
    path.write_text(text.replace(remove, ""), encoding="utf-8")
    assert [m for _, _, m in found(path)] == [expected]


def test_a_loop_variable_named_like_a_counter_is_not_a_read(tmp_path):
    text = (HERE / "unused.yaml").read_text(encoding="utf-8")
    # `spare` as a loop variable shadows the counter: still never read.
    text = text.replace("for p in argmax(count(won(q)) for q in seats)",
                        "for p in argmax(count(won(spare)) for spare in seats)")
    path = tmp_path / "unused.yaml"
    path.write_text(text, encoding="utf-8")
    assert "counter 'spare' is never read" in [m for _, _, m in found(path)]


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_shipped_file_passes_strict(path):
    """Issue 7: every file under games/ and examples/ passes `ruledsl validate --strict`."""
    assert [w.headline() for w in warnings(shipped.load(path))] == []
