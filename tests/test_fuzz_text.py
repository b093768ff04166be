"""Fuzzing, issue 36: escaped text. Control bytes in a rule file's texts reach no terminal
(shown as visible characters), deep nesting runs without a recursion error, and an option past
the bound of numbers is refused wherever it is given.
"""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fuzz_oracle
import shipped

FUZZ = settings.get_profile("fuzz")

CONTROL = """\
name: "Sam\\e]0;pwned\\aple\\e[2J\\u009b31m\\u202e"
description: "clears \\e[2J the screen"
players: 3
deck: {order: [A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2]}
zones:
  pile: {visible: all}
options:
  bell: {default: 1, help: "rings \\a"}
hand:
  - deal: {to: each, count: 5}
  - say: "hello \\e[31mred\\e[0m \\a bell \\x9b"
  - ask:
      who: next(dealer)
      prompt: "\\e[8mhidden"
      choices:
        lay: {each: c in hand(player), do: move c to pile}
after_hand:
  - end_match: active
summary:
  "\\e[1mscore": "count(hand(player))"
"""


@pytest.mark.parametrize("command", [["validate", "--smoke", "1"], ["simulate", "-n", "2", "--json"],
                                     ["simulate", "-n", "2"], ["explain"],
                                     ["run", "--watch", "--fast", "--seed", "1", "--opponents", "random"],
                                     ["analyze", "-n", "4", "--players", "3"]])
def test_text_of_a_rule_file_reaches_no_terminal_with_its_control_bytes(tmp_path, command):
    # ESC, OSC, BEL, C1 and a right-to-left override in `name:`, `say:`, a prompt, an option's
    # help and a summary label: printed raw, they cleared the screen and set the window's title.
    from click.testing import CliRunner

    from ruledsl.cli import main
    path = tmp_path / "control.yaml"
    path.write_text(CONTROL, encoding="utf-8")
    result = CliRunner().invoke(main, command + [str(path)])
    assert result.exit_code == 0, result.output
    fuzz_oracle.shows_no_control(result.output)
    if command[0] in ("run", "explain"):
        assert "Sam␛]0;pwned␇ple␛[2J" in result.output


def test_an_error_report_shows_control_bytes_as_visible_characters(tmp_path):
    # A raw control byte in a rule file (YAML refuses it) is shown in the source line as its
    # picture, one for one, so the caret stays under it; so is one in a message's quote.
    from click.testing import CliRunner

    from ruledsl.cli import main
    path = tmp_path / "raw.yaml"
    path.write_bytes(b"name: Sample\nplayers: 3 # \x1b[2J\x07\n")
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 1
    fuzz_oracle.shows_no_control(result.output)
    assert "2 | players: 3 # ␛[2J␇" in result.output
    path.write_text(CONTROL.replace("count(hand(player))", "count(hand(plyer))"), encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 1 and "unknown name 'plyer'" in result.output
    fuzz_oracle.shows_no_control(result.output)


@settings(FUZZ, max_examples=40)
@given(st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0x20ff), max_size=30))
def test_printable_shows_every_character_one_for_one_and_no_control(text):
    from ruledsl.printable import printable
    shown = printable(text)
    assert len(shown) == len(text)
    fuzz_oracle.shows_no_control(shown)
    assert all(a == b for a, b in zip(text, shown) if a.isprintable() or a in "\n\t")


@pytest.mark.parametrize("command", [["validate", "--strict", "--smoke", "1"], ["explain"], ["simulate", "-n", "1"]])
def test_steps_and_expressions_as_deep_as_allowed_run_without_a_recursion_error(tmp_path, command):
    # 48 `if` steps one inside the other (the YAML nesting limit is 100 levels), holding an
    # expression 40 levels deep through a function's body: every walker has the stack it needs
    # (the nesting limits come first, each a located error).
    from click.testing import CliRunner

    from ruledsl.cli import main
    lines = ["name: Deep", "players: 3", "deck: {order: [A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2]}",
             "counters:", "  x: 0", "functions:", "  f(p): " + "-" * 30 + "points(hand(p))", "hand:",
             "  - deal: {to: each, count: 5}"]
    indent = "  "
    for _ in range(48):
        lines += [f"{indent}- if: x >= 0", f"{indent}  then:"]
        indent += "    "
    lines += [f"{indent}- do: \"x = -----f(dealer)\"", f"{indent}  say: \"{{{'-' * 30}x}}\"",
              "after_hand:", "  - end_match: active"]
    path = tmp_path / "deep.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, command + [str(path)])
    assert result.exit_code == 0, result.output
    assert "Recursion" not in result.output


def test_an_option_past_the_bound_of_numbers_is_refused_wherever_it_is_given():
    # `chips` of 10^80 was accepted (from a log, from --set, from the API): an option is a
    # number as the language bounds them, 256 bits.
    from click.testing import CliRunner

    from ruledsl.cli import main
    from ruledsl.lang.options import OptionError
    game = shipped.game("kozel")
    with pytest.raises(OptionError) as info:
        game.new_initial_state(seed=0, players=3, options={"chips": 10 ** 80})
    assert str(info.value) == "option 'chips' is past the bound of numbers (256 bits, about 77 digits)"
    assert game.new_initial_state(seed=0, players=3, options={"chips": 2 ** 255}) is not None
    result = CliRunner().invoke(main, ["simulate", "-n", "1", str(shipped.ROOT / "games" / "kozel.yaml"),
                                       "--set", f"chips={10 ** 80}"])
    assert result.exit_code == 2
    assert "Invalid value for '--set': option 'chips' is past the bound of numbers" in result.stderr
