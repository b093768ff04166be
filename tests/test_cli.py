"""The command line as a user drives it: exit codes, output, logs, and a real terminal."""
import json
import subprocess
import sys
import tomllib
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from ruledsl.cli import main

ROOT = Path(__file__).parents[1]
CIAPANO = str(ROOT / "games" / "ciapano.yaml")


def invoke(*args, input=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    """Commands that write files (logs, rows) write them in a fresh folder, out of the tree."""
    monkeypatch.chdir(tmp_path)


def test_validate_good_file_exits_0():
    result = invoke("validate", CIAPANO, "--smoke", "2")
    assert result.exit_code == 0, result.output
    assert "ciapano.yaml: ok" in result.output


def test_validate_bad_file_exits_1_with_located_error(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: X\nplayers: 4\ndeck: {order: [A, K]}\nhnad: []\n")
    result = invoke("validate", str(bad))
    assert result.exit_code == 1
    assert f"{bad}:4:1: error: unknown key 'hnad' in the rule file" in result.output
    assert "did you mean 'hand'?" in result.output


def test_validate_json_format(tmp_path):
    result = invoke("validate", CIAPANO, "--smoke", "1", "--format", "json")
    data = json.loads(result.output)        # one file: one line, one object
    assert data["ok"] is True and data["errors"] == []


@pytest.mark.parametrize("players", [3, 4, 5])
def test_simulate_json(players):
    result = invoke("simulate", CIAPANO, "-n", "20", "--players", str(players), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["games"] == 20 and len(data["wins"]) == players
    assert sum(data["wins"]) >= 20          # ties share a win
    assert data["hands"] >= 20 * 2 and data["seconds"] > 0


def test_simulate_bad_player_count_exits_2():
    result = invoke("simulate", CIAPANO, "--players", "9")
    assert result.exit_code == 2
    assert "3 to 5 players, not 9" in result.output


def test_simulate_bad_option_exits_2():
    result = invoke("simulate", CIAPANO, "--set", "targt=21")
    assert result.exit_code == 2
    assert "unknown option 'targt'" in result.output and "target" in result.output


def test_watch_plays_a_whole_match():
    result = invoke("run", CIAPANO, "--watch", "--seed", "3", "--players", "3", "--opponents", "random")
    assert result.exit_code == 0, result.output
    assert "── Hand 1 · dealer" in result.output and "Match over" in result.output


def test_wrong_move_gets_a_message_and_a_new_prompt(tmp_path):
    log = tmp_path / "game.jsonl"
    moves = "play ZZ\n99\n" + "1\n" * 60
    result = invoke("run", CIAPANO, "--seed", "5", "--players", "4", "--log", str(log), "--opponents", "random",
                    input=moves)
    assert result.exit_code == 0, result.output
    assert "Not allowed: 'ZZ' is not a card: cards are written rank then suit" in result.output
    assert "There is no option 99" in result.output
    assert "Left the table" in result.output           # input ran out: a clean exit
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert records[0]["type"] == "game" and records[1]["type"] == "deal"
    assert sum(r["type"] == "action" for r in records) > 10
    replayed = invoke("replay", str(log), "--rules", ROOT / "games")
    assert replayed.exit_code == 0, replayed.output
    assert "replay exactly" in replayed.output


def test_replay_detects_a_tampered_log(tmp_path):
    log = tmp_path / "game.jsonl"
    invoke("run", CIAPANO, "--seed", "5", "--log", str(log), "--opponents", "random", input="1\n" * 12)
    lines = log.read_text().splitlines()
    actions = [i for i, line in enumerate(lines) if '"action"' in line]
    record = json.loads(lines[actions[3]])
    record["seat"] = (record["seat"] + 1) % 4
    lines[actions[3]] = json.dumps(record)
    log.write_text("\n".join(lines) + "\n")
    result = invoke("replay", str(log), "--rules", ROOT / "games")
    assert result.exit_code == 1
    assert f":{actions[3] + 1}:" in result.output


def test_a_log_whose_deals_another_shuffle_made_replays_from_its_own_deals(tmp_path):
    """A log written by a version that shuffled differently (here: its seed changed and its
    digests written for it, which gives other deals just as another shuffle would) replays from
    the deals it records; so does an older log, without digests."""
    from ruledsl.tools.gamelog import digest
    log = tmp_path / "game.jsonl"
    invoke("run", CIAPANO, "--seed", "5", "--log", str(log), "--opponents", "random", input="1\n" * 12)
    lines = log.read_text().splitlines()
    records = [json.loads(line) for line in lines]
    records[0]["seed"] = 6
    for rec in records[1:]:
        if rec["type"] == "deal":
            rec["digest"] = digest(6, rec["hand"], rec["deck"])
    older = [{k: v for k, v in rec.items() if k not in ("format", "digest")} for rec in records]
    for written in (records, older):
        log.write_text("".join(json.dumps(rec) + "\n" for rec in written))
        result = invoke("replay", str(log), "--rules", ROOT / "games")
        assert result.exit_code == 0, result.output
        assert "the deals are not those seed 6 gives now" in result.output
        actions, deals = (sum(f'"type": "{kind}"' in line for line in lines) for kind in ("action", "deal"))
        assert f"{actions} actions and {deals} deals replay exactly" in result.output


SCENARIO = """\
scenario: whole suits
ruleset: {ruleset}
players: 4
dealer: B
deals:
  - hand:
      A: 3S 2S AS KS QS JS 7S 6S 5S 4S
      B: 3H 2H AH KH QH JH 7H 6H 5H 4H
      C: 3D 2D AD KD QD JD 7D 6D 5D 4D
      D: 3C 2C AC KC QC JC 7C 6C 5C 4C
steps:
  - A: play 4S
  - expect: {{to_move: D, legal: [{legal}]}}
"""


def test_scenario_command_passes_and_fails(tmp_path):
    every_club = ", ".join(f"play {r}C" for r in "3 2 A K Q J 7 6 5 4".split())
    (tmp_path / "good.yaml").write_text(SCENARIO.format(ruleset=CIAPANO, legal=every_club))
    result = invoke("test", str(tmp_path / "good.yaml"))
    assert result.exit_code == 0, result.output
    assert "1 passed, 0 failed" in result.output
    (tmp_path / "bad.yaml").write_text(SCENARIO.format(ruleset=CIAPANO, legal="play 3C"))
    result = invoke("test", str(tmp_path))
    assert result.exit_code == 1
    assert "FAIL" in result.output and "expected: ['play 3C']" in result.output
    assert "1 passed, 1 failed" in result.output


def test_a_human_who_is_out_sees_only_hand_summaries():
    # With a target of 6 and seed 2, A (the human) goes out after hand 2 while others play on.
    result = invoke("run", CIAPANO, "--seed", "2", "--players", "4", "--set", "target=6",
                    "--opponents", "random", input="1\n" * 400)
    assert result.exit_code == 0, result.output
    before, after = result.output.split("A (you) out of the match: the others play on", 1)
    assert " plays " in before
    assert " plays " not in after and "trick " not in after
    assert "── Hand 3" in after and "End of hand 3" in after and "Match over" in after


@pytest.mark.parametrize("args", [
    ["run", "nosuch.yaml"], ["run", "--watch", "nosuch.yaml"], ["simulate", "nosuch.yaml"],
    ["explain", "nosuch.yaml"], ["validate", "nosuch.yaml"], ["validate", CIAPANO, "nosuchdir"],
    ["test", "nosuchdir"], ["replay", "nosuch.jsonl"],
])
def test_a_missing_path_is_a_usage_error_in_every_command(args):
    result = invoke(*args)
    assert result.exit_code == 2, result.output
    missing = next(a for a in args if a.startswith("nosuch"))
    assert f"'{missing}' does not exist." in result.output
    assert "Errno" not in result.output and "Traceback" not in result.output


def test_a_log_in_a_missing_directory_is_a_usage_error(tmp_path):
    result = invoke("run", CIAPANO, "--watch", "--log", str(tmp_path / "no" / "game.jsonl"))
    assert result.exit_code == 2
    assert f"the directory of '{tmp_path / 'no' / 'game.jsonl'}' does not exist" in result.output


def complete(words: str, shell="bash") -> list[str]:
    """What click's shell completion answers for the command line `words` (the cursor at its
    end), as the script from `_RULEDSL_COMPLETE=bash_source ruledsl` asks for it."""
    parts = words.split(" ")
    env = {"_RULEDSL_COMPLETE": f"{shell}_complete", "COMP_WORDS": words, "COMP_CWORD": str(len(parts) - 1)}
    result = CliRunner().invoke(main, [], prog_name="ruledsl", env=env)
    assert result.exit_code == 0, result.output
    return [line.split(",", 1)[1] for line in result.output.splitlines() if line]


def test_shell_completion_offers_the_options_of_the_rule_file_given():
    assert complete(f"ruledsl run {CIAPANO} --set ") == ["target=", "survivors=", "lowest_wins="]
    assert complete(f"ruledsl simulate {CIAPANO} -n 5 --set lo") == ["lowest_wins="]
    assert complete(f"ruledsl run {ROOT / 'games' / 'coteccio.yaml'} --set stake") == ["stakes=", "stake="]


def test_shell_completion_offers_an_options_values():
    assert complete(f"ruledsl run {CIAPANO} --set lowest_wins=") == ["lowest_wins=true", "lowest_wins=false"]
    assert complete(f"ruledsl run {CIAPANO} --set target=") == ["target=31"]      # its default


def test_shell_completion_without_a_readable_rule_file_offers_nothing(tmp_path):
    (tmp_path / "bad.yaml").write_text("name: [\n")
    assert complete("ruledsl run --set ") == []
    assert complete(f"ruledsl run {tmp_path / 'bad.yaml'} --set ") == []
    assert complete("ruledsl v") == ["validate"]


def test_every_option_of_every_command_has_help():
    for name, command in main.commands.items():
        for param in command.params:
            if isinstance(param, click.Option):
                assert param.help, f"ruledsl {name} {param.opts[0]} has no help text"


def test_the_list_of_commands_is_not_cut_and_ends_with_the_docs():
    result = CliRunner().invoke(main, ["--help"], terminal_width=80)
    assert result.exit_code == 0
    commands = result.output.split("Commands:")[1]
    listing = " ".join(commands.split())             # as read, whatever the wrapping
    assert "..." not in listing
    for command in main.commands.values():
        first = " ".join(command.help.split("\n\n")[0].split())
        assert first in listing
    assert all(len(line) <= 80 for line in result.output.splitlines())
    docs = result.output.split("The documentation")[1]
    named = [line.split()[0] for line in docs.splitlines()[2:] if line.strip()]
    assert named and all((ROOT / "docs" / name).exists() for name in named)
    pages = {p.name for p in (ROOT / "docs").glob("*.md")} | {f"{d.name}/" for d in (ROOT / "docs").iterdir()
                                                                if d.is_dir()}
    assert set(named) == pages            # every page of docs/ is pointed to, and only those


def test_the_version_comes_from_the_package_metadata():
    from importlib import metadata

    import ruledsl
    assert ruledsl.__version__ == metadata.version("ruledsl")
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert ruledsl.__version__ == declared
    assert invoke("--version").output == f"ruledsl, version {declared}\n"


def test_python_dash_m_ruledsl_is_the_command():
    result = subprocess.run([sys.executable, "-m", "ruledsl", "validate", "--smoke", "0", CIAPANO],
                            capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert result.stdout.endswith("1 of 1 rule files valid\n")
    usage = subprocess.run([sys.executable, "-m", "ruledsl", "--help"], capture_output=True, text=True)
    assert usage.stdout.startswith("Usage: ruledsl ")
