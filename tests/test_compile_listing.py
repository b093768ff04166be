"""`ruledsl compile`: the generated module exactly as compiled, each line with its place in the
rule file, the rule file's own texts only among the constants."""
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import shipped
from ruledsl.cli import main

ROOT = Path(__file__).parents[1]
KOZEL = str(ROOT / "games" / "kozel.yaml")
PLACE = re.compile(r"\s+# (\d+):(\d+)$")


@pytest.fixture(scope="module")
def listed():
    result = CliRunner().invoke(main, ["compile", KOZEL, "--players", "3"])
    assert result.exit_code == 0, result.output
    code, constants = result.output.split("\n# constants:\n")
    return code.splitlines()[3:], constants.splitlines()


def test_the_listing_is_the_compiled_source(listed):
    code, _ = listed
    prog = shipped.load(KOZEL).program(3)
    assert [PLACE.sub("", line).rstrip() for line in code] == [line.rstrip() for line in prog.source.splitlines()]
    compile("\n".join(PLACE.sub("", line) for line in code), "listing", "exec")     # Python as printed


def test_each_place_is_in_the_rule_file(listed):
    code, _ = listed
    lines = Path(KOZEL).read_text(encoding="utf-8").splitlines()
    places = [tuple(map(int, m.groups())) for m in map(PLACE.search, code) if m]
    assert len(places) > 100
    assert all(1 <= line <= len(lines) and 1 <= col <= len(lines[line - 1]) + 1 for line, col in places)


def test_the_rule_files_texts_are_constants_never_code(listed):
    code, constants = listed
    for text in ("Bura! ", " takes the pot (", "closed_play", "stake"):
        assert not any(text in line for line in code)
        assert any(repr(text) in line for line in constants)


def test_the_player_count_is_checked():
    result = CliRunner().invoke(main, ["compile", KOZEL, "--players", "9"])
    assert result.exit_code == 2 and "Bidding Kozel is for 2 to 5 players, not 9" in result.output
    default = CliRunner().invoke(main, ["compile", KOZEL])
    assert default.output.startswith("# Bidding Kozel: the program for 3 players")
