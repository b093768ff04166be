"""`ruledsl validate` for CI: files, directories and globs; exit 0/1/2; text, json and github
output; smoke play that catches matches that never end or get stuck; --strict."""
import json
import re
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

import ruledsl
import shipped
from ruledsl.tools import validate
from ruledsl.cli import main

ROOT = Path(__file__).parents[1]
SMOKE = ROOT / "tests" / "rulefiles" / "smoke"
STRICT = ROOT / "tests" / "rulefiles" / "strict"
CIAPANO = str(ROOT / "games" / "ciapano.yaml")


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def smoke_fails(name, *args):
    """`validate --smoke 1` of tests/rulefiles/smoke/<name> (and `args`): it must exit 1.
    Returns the file's path and the output."""
    path = SMOKE / name
    result = invoke("validate", path, "--smoke", 1, *args)
    assert result.exit_code == 1
    return path, result.output


# -- smoke play ---------------------------------------------------------------------------------

def test_a_match_that_never_ends_hits_the_hand_limit():
    path, output = smoke_fails("never_ends.yaml")
    # Two players with 8 cards each: 16 plays a hand. Hand 51 is refused when it would start,
    # after the 50 * 16 = 800th action.
    assert f"{path}:10:5: error: the match did not end within 50 hands (players=2, seed=0, step 800)" \
        in output


def test_a_hand_that_never_ends_hits_the_step_bound():
    path, output = smoke_fails("endless_hand.yaml")
    assert f"{path}:11:5: error: hand 1 did not end within {validate.MAX_HAND_ACTIONS} actions " \
           f"(players=2, seed=0, step {validate.MAX_HAND_ACTIONS + 1})" in output


def test_a_decision_without_a_legal_action():
    path, output = smoke_fails("no_legal_action.yaml")
    # The leader leads the only card dealt (action 1); the other player holds nothing.
    assert f"{path}:10:5: error: no legal action for the player to move (players=2, seed=0, step 1)" \
        in output
    assert f"hint: to watch it happen: ruledsl run {path} --watch --opponents random --players 2 --seed 0" in output


@pytest.mark.slow          # 3-19 s of CPU (measured 7 Dec): CI runs it, the everyday loop does not
def test_a_say_text_that_fails_in_play_fails_validate_once_for_every_player_count():
    """The table writes every say: text; smoke play does too, so a text that cannot be written
    fails the file. It fails for 2, 3 and 4 players alike: one error says so."""
    path, output = smoke_fails("say_fails.yaml")
    assert output.count("error:") == 1
    assert (f"{path}:12:31: error: division by zero (players=2, seed=0, step 16; the same with 3 and "
            f"4 players)") in output
    assert f"hint: to watch it happen: ruledsl run {path} --watch --opponents random --players 2 --seed 0" in output
    table = invoke("run", path, "--watch", "--players", 2, "--seed", 0)    # what the hint promises
    assert table.exit_code == 1 and f"{path}:12:31: error: division by zero" in table.output


def test_a_summary_line_that_fails_in_play_fails_validate():
    path, output = smoke_fails("summary_fails.yaml")
    assert f"{path}:15:44: error: division by zero (players=2, seed=0, step 16)" in output


def test_errors_of_different_places_are_kept_apart():
    from ruledsl.errors import RuleError
    from ruledsl.source import Source, Span
    source = Source("x.yaml", "a\nb\n")
    failures: list = []
    for line, players, step in [(1, 2, 5), (1, 3, 7), (2, 4, 9), (1, 5, 3)]:
        message = f"no legal action for the player to move (players={players}, seed=0, step {step})"
        validate._gather(failures, RuleError(Span(source, line, 1), message), players)
    assert [validate._once(e, counts).message for e, counts in failures] == [
        "no legal action for the player to move (players=2, seed=0, step 5; the same with 3 and 5 players)",
        "no legal action for the player to move (players=4, seed=0, step 9)"]


def test_a_redeal_that_always_happens_does_not_hang():
    path, output = smoke_fails("redeal_forever.yaml")
    assert f"{path}:10:5: error: the hand was redealt 1000 times in a row" in output


def test_quick_smoke_play_is_one_match_a_player_count_cut_after_its_bound(tmp_path):
    """The default looks at one match a player count, up to QUICK_ACTIONS actions; --strict
    plays five to their end, and so finds the match that never ends that the quick look cuts."""
    quick = validate.validate_file(CIAPANO)
    assert quick.ok and quick.games == 3                   # 3 to 5 players
    deep = validate.validate_file(CIAPANO, strict=True)
    assert deep.ok and deep.games == 15
    long = tmp_path / "long.yaml"         # the hand limit past the quick bound: 16 actions a hand, 1000 hands
    long.write_text((SMOKE / "never_ends.yaml").read_text().replace("hands: 50", "hands: 1000"))
    game = ruledsl.load_game(long)
    assert validate.smoke_game(game, 2, seed=0, stop_after=validate.QUICK_ACTIONS) is None
    assert "did not end within 1000 hands" in validate.smoke_game(game, 2, seed=0).message
    assert validate.validate_file(str(long)).ok and not validate.validate_file(str(long), smoke=1, strict=True).ok


def test_cards_not_conserved_names_seed_and_step(monkeypatch):
    game = shipped.load(CIAPANO)
    real = validate.cards_held
    monkeypatch.setattr(validate, "cards_held", lambda st: real(st) - (st.steps >= 7))
    error = validate.smoke_game(game, 4, seed=3)
    assert error.message == "cards are not conserved: 39 of 40 (players=4, seed=3, step 7)"
    assert "--players 4 --seed 3" in error.hint


def test_the_hint_replays_the_same_match(tmp_path):
    """The command in a failure's hint plays exactly the moves smoke play made."""
    game = shipped.load(CIAPANO)
    moves: list = []
    assert validate.smoke_game(game, 3, seed=4, trace=moves) is None
    log = tmp_path / "smoke.jsonl"
    result = invoke("run", CIAPANO, "--watch", "--opponents", "random", "--players", 3, "--seed", 4,
                    "--log", log)
    assert result.exit_code == 0, result.output
    logged = [e["action"] for e in map(json.loads, log.read_text().splitlines()) if e["type"] == "action"]
    assert logged == moves and len(moves) > 40


# -- files, directories, globs; exit codes -------------------------------------------------------

def test_every_file_is_reported_and_one_failure_fails_the_run():
    result = invoke("validate", CIAPANO, SMOKE / "no_legal_action.yaml", STRICT / "clean.yaml", "--smoke", 1)
    assert result.exit_code == 1
    assert "ciapano.yaml: ok (3 smoke games)" in result.output      # 3 to 5 players, 1 game each
    assert "clean.yaml: ok (1 smoke games)" in result.output
    assert "no_legal_action.yaml:10:5: error" in result.output
    assert result.output.rstrip().endswith("2 of 3 rule files valid")


def test_directories_and_globs():
    assert validate.expand([str(SMOKE)]) == [str(p) for p in sorted(SMOKE.glob("*.yaml"))]
    assert validate.expand([str(STRICT / "c*.yaml")]) == [str(STRICT / "clean.yaml"),
                                                          str(STRICT / "constant_if.yaml")]
    result = invoke("validate", STRICT / "c*.yaml", "--smoke", 1)
    assert result.exit_code == 0, result.output
    assert result.output.rstrip().endswith("2 of 2 rule files valid")


def test_a_directory_skips_scenario_files():
    scenarios = ROOT / "tests" / "scenarios"
    assert any(scenarios.rglob("*.yaml"))
    assert validate.expand([str(scenarios)]) == []


@pytest.mark.parametrize("args", [
    ["validate", "no/such/file.yaml"],          # a path that does not exist
    ["validate", "no/such/dir/*.yaml"],         # nothing to check
    ["validate", CIAPANO, "--format", "xml"],
    ["validate", CIAPANO, "--smoke", "-1"],
    ["validate"],
])
def test_command_line_mistakes_exit_2(args):
    assert invoke(*args).exit_code == 2


# -- output formats ------------------------------------------------------------------------------

def test_github_annotations():
    path, output = smoke_fails("no_legal_action.yaml", "--format", "github")
    first = output.splitlines()[0]
    # The step `tricks: {follow: suit}` (columns 5 to 26) is marked: endColumn is inclusive.
    assert first == (f"::error file={path},line=10,endLine=10,col=5,endColumn=26,title=ruledsl validate::"
                     f"no legal action for the player to move (players=2, seed=0, step 1)%0Ahint: to "
                     f"watch it happen: ruledsl run {path} --watch --opponents random --players 2 --seed 0 --log smoke.jsonl")


def test_github_escapes_properties_and_message():
    from ruledsl.errors import RuleError
    from ruledsl.source import Source, Span
    error = RuleError(Span(Source("a,b:c.yaml", "x\n"), 1, 1), "50% off\nnow")
    assert validate._annotation(error) == ("::error file=a%2Cb%3Ac.yaml,line=1,endLine=1,col=1,endColumn=1,"
                                           "title=ruledsl validate::50%25 off%0Anow")


def test_warnings_are_reported_and_strict_makes_them_errors():
    path = STRICT / "unused.yaml"
    loose = invoke("validate", path, "--smoke", 1)
    assert loose.exit_code == 0, loose.output
    assert "unused.yaml: ok (1 smoke games), 3 warnings" in loose.output
    assert f"{path}:10:3: warning: option 'stakes' is never read" in loose.output
    strict = invoke("validate", path, "--smoke", 1, "--strict")
    assert strict.exit_code == 1
    assert f"{path}:10:3: error: option 'stakes' is never read [--strict]" in strict.output
    at = f"file={path},line=10,endLine=10,col=3,endColumn=8,title=ruledsl validate"
    github = invoke("validate", path, "--smoke", 1, "--format", "github").output.splitlines()
    assert github[0].startswith(f"::warning {at}::option 'stakes' is never read")
    github = invoke("validate", path, "--smoke", 1, "--format", "github", "--strict").output.splitlines()
    assert github[0].startswith(f"::error {at}::option 'stakes' is never read")


def test_json_format_is_one_object_per_file_per_line():
    result = invoke("validate", STRICT / "unused.yaml", SMOKE / "no_legal_action.yaml",
                    "--smoke", 1, "--format", "json")
    assert result.exit_code == 1
    unused, stuck = map(json.loads, result.output.splitlines())
    assert unused["path"] == str(STRICT / "unused.yaml")
    assert unused["ok"] is True and unused["errors"] == [] and unused["games"] == 1
    assert [(w["line"], w["severity"]) for w in unused["warnings"]] == [(10, "warning"), (13, "warning"),
                                                                       (14, "warning")]
    assert stuck["ok"] is False
    assert stuck["errors"][0]["line"] == 10 and stuck["errors"][0]["severity"] == "error"
    assert "seed=0, step 1" in stuck["errors"][0]["message"]


def test_smoke_zero_plays_nothing():
    result = invoke("validate", SMOKE / "no_legal_action.yaml", "--smoke", 0)
    assert result.exit_code == 0
    assert "ok (0 smoke games)" in result.output


# -- which YAML files are rule files --------------------------------------------------------------

WORKFLOW = "name: CI\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: make\n"


def test_rule_files_only_passes_by_other_yaml(tmp_path):
    """What the pre-commit hook runs: every changed YAML file is given, rule files are checked."""
    (tmp_path / "ci.yml").write_text(WORKFLOW)
    assert invoke("validate", tmp_path / "ci.yml", "--smoke", 0).exit_code == 1      # named: checked
    result = invoke("validate", "--rule-files-only", tmp_path / "ci.yml", CIAPANO, "--smoke", 0)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [f"{CIAPANO}: ok (0 smoke games)", "1 of 1 rule files valid"]
    alone = invoke("validate", "--rule-files-only", tmp_path / "ci.yml")
    assert alone.exit_code == 0 and alone.output == "0 of 0 rule files valid\n"   # nothing to check
    broken = tmp_path / "broken.yaml"
    broken.write_text("name: X\nplayers: 2\ndeck: {order: [A, K]}\nhnad: []\n")
    result = invoke("validate", "--rule-files-only", tmp_path, "--smoke", 0)
    assert result.exit_code == 1
    assert f"{broken}:4:1: error: unknown key 'hnad' in the rule file" in result.output
    assert "ci.yml" not in result.output


def test_the_hook_checks_only_rule_files():
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    [hook] = hooks
    assert hook["entry"] == "ruledsl validate --rule-files-only"
    assert re.search(hook["files"], ".github/workflows/ci.yml") and re.search(hook["files"], "games/x.yaml")
