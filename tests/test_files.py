"""A file named by another file (a log's `ruleset`) is read only if it is a regular file inside
the allowed trees, symlinks resolved; anything else is refused before reading, quickly, and the
refusal never shows the file's text."""
import json
import os
import shutil
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from ruledsl.cli import main
from ruledsl.files import MAX_BYTES, FileRefused, read_confined

ROOT = Path(__file__).parents[1]
SECRET = "root:x:0:0:the secret first line"


@pytest.fixture
def outside(tmp_path):
    """A directory for the log, and a secret file next to it (outside its tree)."""
    (tmp_path / "secret.txt").write_text(SECRET + "\n")
    logs = tmp_path / "logs"
    logs.mkdir()
    return logs


def test_a_file_inside_the_tree_is_read(outside):
    (outside / "sub").mkdir()
    (outside / "sub" / "g.yaml").write_text("name: x\n")
    assert read_confined(outside / "sub" / "g.yaml", [outside]) == b"name: x\n"


@pytest.mark.parametrize("name", ["../secret.txt", "/etc/hostname", "/proc/self/environ"])
def test_a_path_outside_the_tree_is_refused(outside, name):
    with pytest.raises(FileRefused, match="outside"):
        read_confined(outside / name, [outside])


def test_a_symlink_is_resolved_before_the_check(outside):
    (outside / "link.yaml").symlink_to(outside.parent / "secret.txt")
    with pytest.raises(FileRefused, match="outside"):
        read_confined(outside / "link.yaml", [outside])


def test_devices_fifos_directories_and_big_files_are_refused_before_reading(outside):
    os.mkfifo(outside / "fifo.yaml")
    (outside / "dir.yaml").mkdir()
    big = outside / "big.yaml"
    with open(big, "wb") as f:
        f.truncate(MAX_BYTES + 1)            # sparse: no time spent writing it
    start = time.time()
    for name, reason in (("fifo.yaml", "not a regular file"), ("dir.yaml", "not a regular file"),
                         ("big.yaml", "over the limit")):
        with pytest.raises(FileRefused, match=reason):
            read_confined(outside / name, [outside])
    with pytest.raises(FileRefused):
        read_confined("/dev/zero", ["/dev"])
    assert time.time() - start < 2


def _log(where: Path, ruleset: str) -> Path:
    log = where / "game.jsonl"
    header = {"type": "game", "ruleset": ruleset, "sha256": "0", "options": {}, "players": 4,
              "seed": 1, "dealer": 0, "seat": 0, "opponents": "random"}
    log.write_text(json.dumps(header) + "\n")
    return log


@pytest.mark.parametrize("command", [["replay"], ["run", "--resume"]])
@pytest.mark.parametrize("ruleset", ["../secret.txt", "/etc/passwd", "link.yaml"])
def test_a_log_naming_an_outside_file_is_refused_without_showing_it(outside, command, ruleset):
    (outside / "link.yaml").symlink_to(outside.parent / "secret.txt")
    log = _log(outside, ruleset)
    result = CliRunner().invoke(main, [*command, str(log)])
    assert result.exit_code == 1
    assert "cannot be read" in result.output and "outside" in result.output
    assert "root:" not in result.output and "Traceback" not in result.output


def test_a_log_finds_its_rule_file_in_the_directory_given(outside):
    log = _log(outside, "../../elsewhere/ciapano.yaml")
    games = outside / "games"
    games.mkdir()
    shutil.copy(ROOT / "games" / "ciapano.yaml", games)
    result = CliRunner().invoke(main, ["replay", str(log), "--rules", str(games)])
    assert result.exit_code == 0, result.output
    assert "0 actions and 0 deals replay exactly" in result.output
    assert "has changed since the game was logged" in result.output     # the hash is not its own


def test_a_log_written_by_run_names_its_rule_file_relative_to_itself(tmp_path):
    tree = tmp_path / "tree"
    (tree / "games").mkdir(parents=True)
    shutil.copy(ROOT / "games" / "ciapano.yaml", tree / "games")
    log = tree / "m.jsonl"
    result = CliRunner().invoke(main, ["run", str(tree / "games" / "ciapano.yaml"), "--watch", "--seed", "1",
                                       "--opponents", "random", "--log", str(log)])
    assert result.exit_code == 0, result.output
    assert json.loads(log.read_text().splitlines()[0])["ruleset"] == "games/ciapano.yaml"
    shutil.move(tree, tmp_path / "moved")              # the whole tree moves: the log still works
    replayed = CliRunner().invoke(main, ["replay", str(tmp_path / "moved" / "m.jsonl")])
    assert replayed.exit_code == 0, replayed.output
    assert "finished match" in replayed.output
