"""Whatever text a rule file holds, loading it either works or raises RuleErrors pointing into
the file: never a Python traceback, never a place outside the file."""
import os
import tempfile

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ruledsl
from ruledsl.errors import RuleErrors

# Pieces of rule files, right and wrong: keys, values, expressions, YAML punctuation and traps.
KEYS = ["name", "players", "deck", "order", "remove", "points", "zones", "hand", "won", "owner",
        "visible", "options", "counters", "score", "deal", "to", "count", "tricks", "follow", "do",
        "ask", "who", "choices", "when", "say", "if", "then", "end_match", "after_hand", "extends",
        "min", "max", "default", "per", "start", "hnad", "cuont"]
VALUES = ["Sample", "3", "two", "{min: 2, max: 4}", "[A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2]",
          "[10, 9, 8]", "{owner: player, visible: nobody}", "each", "5", "40 // players", "suit",
          "no", "off", "~", "''", '"', "'", "[", "{", "}", "]", "score(p) += 1 for p in active",
          "(1 +", "holds(hand(player), 9S)", "option.target", "argmax(score(p) for p in active)",
          "|", ">", "&a", "*a", "!tag", "1/0", "10S: 1", "- deal: {to: each, count: 5}", "#", ":",
          "players == 3", "move c to discrad", "self.yaml", "\t", "é", "\u2028"]
INDENTS = ["", "  ", "    ", "   ", "- ", "  - ", "\t"]

line = st.one_of(
    st.builds(lambda i, k, v: f"{i}{k}: {v}", st.sampled_from(INDENTS), st.sampled_from(KEYS),
              st.sampled_from(VALUES)),
    st.builds(lambda i, v: f"{i}{v}", st.sampled_from(INDENTS), st.sampled_from(VALUES)),
    st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=20),
)
document = st.lists(line, max_size=14).map("\n".join)
VALID_START = ("name: Sample\nplayers: {min: 2, max: 4}\ndeck:\n"
               "  order: [A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2]\n"
               "zones:\n  won: {owner: player, visible: nobody}\nhand:\n")


def check(text: str) -> None:
    fd, path = tempfile.mkstemp(suffix=".yaml")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
        try:
            ruledsl.load_game(path)
        except RuleErrors as errors:
            assert errors.errors
            lines = len(text.splitlines())
            for error in errors.errors:
                assert 1 <= error.span.line <= lines + 1, error.headline()
                assert error.span.col >= 1
            errors.render()
    finally:
        os.unlink(path)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(document)
def test_any_text_loads_or_reports_located_errors(text):
    check(text)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(line.map(lambda s: "  " + s), min_size=1, max_size=8).map("\n".join))
def test_any_hand_program_loads_or_reports_located_errors(body):
    # A sound head, so the text below `hand:` reaches the step reader and the compiler.
    check(VALID_START + body + "\n")
