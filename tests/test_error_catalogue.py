"""The error catalogue: what an author sees for each common mistake, exactly.

Every `tests/rulefiles/invalid/<case>.yaml` is a small rule file holding one realistic mistake
(its first line says which). The sibling `<case>.expected` is the complete report, as
`ruledsl validate --smoke 0` prints it: `path:line:col: error: message`, the source line with its
line number, a caret under the offending text, and `= hint: …`. The expected texts were written
by reading each case: the line and column are those of the mistake in the case file, and the
message and hint are the words an author should get. A change in wording must change the
catalogue on purpose.
"""
from pathlib import Path

import pytest
from click.testing import CliRunner

import ruledsl
from ruledsl.cli import main
from ruledsl.errors import MAX_REPORTED, RuleErrors

ROOT = Path(__file__).parents[1]
INVALID = ROOT / "tests" / "rulefiles" / "invalid"
SMOKE_ONLY = {"no_end_match"}   # loads cleanly; only playing it shows the mistake
ALL = sorted(INVALID.glob("*.yaml"))
CASES = [p for p in ALL if p.stem not in SMOKE_ONLY]


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def expected(case: Path) -> str:
    return case.with_suffix(".expected").read_text(encoding="utf-8")


@pytest.fixture(autouse=True)
def at_repo_root(monkeypatch):
    monkeypatch.chdir(ROOT)     # reports name files relative to the repo root, as authors run it


def load_errors(case: Path) -> RuleErrors:
    with pytest.raises(RuleErrors) as info:
        ruledsl.load_game(rel(case))
    return info.value


def test_the_catalogue_is_complete():
    assert len(CASES) >= 30
    missing = [p.name for p in CASES if not p.with_suffix(".expected").exists()]
    assert missing == []
    stray = [p.name for p in INVALID.glob("*.expected") if not p.with_suffix(".yaml").exists()]
    assert stray == []


@pytest.mark.parametrize("case", CASES, ids=[p.stem for p in CASES])
def test_report_is_exactly_the_catalogued_one(case):
    errors = load_errors(case)
    assert errors.render() + "\n" == expected(case)
    for error in errors.errors:     # every error points into a real line of a real file
        assert error.span.source is not None
        assert 1 <= error.span.line <= len(error.span.source.text.splitlines())


# --- the shape of a report ------------------------------------------------------------------------

def test_errors_are_all_reported_in_file_order():
    # The loader reads the deck before the zones and the direction last; the report is by line.
    errors = load_errors(INVALID / "several_errors.yaml").errors
    assert [(e.span.line, e.span.col) for e in errors] == [(3, 12), (5, 16), (9, 18)]


def test_report_is_capped_at_twenty_errors():
    errors = load_errors(INVALID / "many_errors.yaml")
    assert len(errors.errors) == 22          # pile1 … pile22, one misspelt key each
    assert MAX_REPORTED == 20
    text = errors.render()
    assert text.count(": error: ") == 20
    assert "pile20" in text and "pile21" not in text
    assert text.endswith("\n\n... and 2 more errors")


def test_a_missing_required_key_is_not_reported_twice_when_a_typo_names_it():
    # `cuont` is reported with "did you mean 'count'?"; "'deal' needs 'count'" would only repeat it.
    errors = load_errors(INVALID / "step_key_typo.yaml").errors
    assert [e.message for e in errors] == ["unknown key 'cuont' in 'deal'"]


def test_extends_cycle_is_found_from_either_end():
    a = load_errors(INVALID / "extends_cycle_a.yaml").errors
    b = load_errors(INVALID / "extends_cycle_b.yaml").errors
    assert [e.span.path for e in a] == ["tests/rulefiles/invalid/extends_cycle_b.yaml"]
    assert [e.span.path for e in b] == ["tests/rulefiles/invalid/extends_cycle_a.yaml"]


# --- the command line -------------------------------------------------------------------------------

runner = CliRunner()


@pytest.mark.parametrize("name", ["deal_too_many_cards", "yaml_tab_indent", "top_key_typo",
                                  "expr_syntax_block", "extends_cycle_a"])
def test_validate_prints_the_catalogued_report_and_exits_1(name):
    case = INVALID / f"{name}.yaml"
    result = runner.invoke(main, ["validate", "--smoke", "0", rel(case)])
    assert result.exit_code == 1
    assert result.stdout == expected(case) + "0 of 1 rule files valid\n"


def test_validate_a_directory_reports_every_broken_file():
    result = runner.invoke(main, ["validate", "--smoke", "0", rel(INVALID)])
    assert result.exit_code == 1
    assert result.stdout.endswith(f"\n1 of {len(ALL)} rule files valid\n")   # only no_end_match loads
    for case in CASES:
        assert expected(case).split("\n", 1)[0] in result.stdout


def test_smoke_play_finds_a_match_that_never_ends():
    result = runner.invoke(main, ["validate", "--smoke", "1", rel(INVALID / "no_end_match.yaml")])
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    # 2 players, 5 cards each, limits.hands 3: the 4th hand would begin after 3 × 10 plays.
    assert lines[0].startswith("tests/rulefiles/invalid/no_end_match.yaml:10:5: error: "
                               "the match did not end within 3 hands (players=2, seed=0")
    assert lines[2] == "10 |   - deal: {to: each, count: 5}"
    assert lines[4].startswith("   = hint: no step says end_match: add one under after_hand")
    assert lines[-1] == "0 of 1 rule files valid"


@pytest.mark.parametrize("args,seed", [(["simulate", "-n", "1"], 0), (["run", "--watch", "--seed", "1"], 1)])
def test_a_match_stopped_by_its_rules_is_reported_not_a_traceback(args, seed):
    """Located at the step, with what reproduces it: the player count, the seed, the step."""
    result = runner.invoke(main, args + [rel(INVALID / "no_end_match.yaml")])
    assert result.exit_code == 1, result.output
    assert result.stderr.startswith("tests/rulefiles/invalid/no_end_match.yaml:10:5: error: "
                                    f"the match did not end within 3 hands (players=2, seed={seed}, step ")


def test_a_missing_rule_file():
    with pytest.raises(RuleErrors) as info:
        ruledsl.load_game("no/such/file.yaml")
    assert info.value.render() == "no/such/file.yaml:1:1: error: no such rule file"
    for command in ("simulate", "validate"):       # on the command line: a usage error
        result = runner.invoke(main, [command, "no/such/file.yaml"])
        assert result.exit_code == 2
        assert "'no/such/file.yaml' does not exist." in result.stderr


def test_run_and_simulate_print_the_report_on_stderr_and_exit_1():
    case = INVALID / "undefined_option.yaml"
    for args in (["run", rel(case), "--watch"], ["simulate", rel(case), "-n", "1"]):
        result = runner.invoke(main, args)
        assert result.exit_code == 1
        assert result.stderr == expected(case)
        assert result.stdout == ""


def test_player_count_outside_the_range_is_a_command_line_error():
    result = runner.invoke(main, ["simulate", "games/ciapano.yaml", "--players", "9"])
    assert result.exit_code == 2
    assert "Error: Invalid value for '--players': Ciapanò is for 3 to 5 players, not 9" in result.stderr
    assert "Traceback" not in result.output


@pytest.mark.parametrize("args,message", [
    (["validate"], "Missing argument 'PATHS...'"),
    (["validate", "--smok", "1", "games/ciapano.yaml"], "No such option '--smok'. Did you mean '--smoke'?"),
    (["simulate", "games/ciapano.yaml", "--players", "0"],
     "Invalid value for '--players': Ciapanò is for 3 to 5 players, not 0"),
    (["simulate", "games/ciapano.yaml", "--set", "taget=21"],
     "Invalid value for '--set': unknown option 'taget'; did you mean 'target'?"),
    (["simulate", "games/ciapano.yaml", "--set", "target"], "'target' is not NAME=VALUE"),
    (["simulate", "games/ciapano.yaml", "-n", "0"], "Invalid value for '-n'"),
    (["run", "games/ciapano.yaml", "--players", "4", "--seat", "E"], "'E' is not a seat of this 4-player game: A to D"),
])
def test_a_bad_command_line_exits_2(args, message):
    result = runner.invoke(main, args)
    assert result.exit_code == 2, result.output
    assert message in result.stderr


def test_player_count_given_to_the_library():
    game = ruledsl.load_game("games/ciapano.yaml")
    for n in (2, 6, 0):
        with pytest.raises(ruledsl.OptionError) as info:
            game.new_initial_state(seed=1, players=n)
        assert str(info.value) == f"Ciapanò is for 3 to 5 players, not {n}"
