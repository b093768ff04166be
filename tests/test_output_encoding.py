"""Every command works whatever the output encoding: what the stream cannot encode falls back
to ASCII (♠ → S), and `explain -o FILE` writes UTF-8 whatever the terminal."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ruledsl.cli.output import ascii_text

ROOT = Path(__file__).parents[1]
GAMES = sorted((ROOT / "games").glob("*.yaml"))


def ruledsl(*args, encoding="cp1252", input=None, cwd=None):
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    return subprocess.run([sys.executable, "-m", "ruledsl.cli", *map(str, args)], env=env, cwd=cwd,
                          input=input, capture_output=True, timeout=120)


@pytest.mark.parametrize("rules", GAMES, ids=lambda p: p.stem)
def test_explain_under_cp1252_falls_back_to_ascii(rules):
    done = ruledsl("explain", rules)
    assert done.returncode == 0, done.stderr.decode("cp1252")
    text = done.stdout.decode("cp1252")
    golden = (ROOT / "tests" / "golden" / f"explain_{rules.stem}.md").read_text(encoding="utf-8")
    assert text == "".join(c if c.encode("cp1252", "ignore") else ascii_text(c) for c in golden)


@pytest.mark.parametrize("rules", [ROOT / "games" / "couillon.yaml", ROOT / "examples" / "four-colours.yaml"],
                         ids=lambda p: p.stem)
def test_explain_under_an_ascii_stdout_writes_suit_letters_as_run_does(rules):
    """click takes an ASCII stream for a misconfigured one and would write UTF-8 to it anyway."""
    done = ruledsl("explain", rules, encoding="ascii")
    assert done.returncode == 0, done.stderr
    text = done.stdout.decode("ascii")              # fails on any byte that is not ASCII
    golden = (ROOT / "tests" / "golden" / f"explain_{rules.stem}.md").read_text(encoding="utf-8")
    assert text == "".join(c if c.isascii() else ascii_text(c) for c in golden)
    if rules.stem == "couillon":
        assert "four suits (S H D C)" in text


def test_a_located_error_under_cp1252(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: Ciapanò ♠\nplayers: 4\ndeck: {order: [A, K]}\nhnad: []\n", encoding="utf-8")
    done = ruledsl("validate", bad)
    assert done.returncode == 1 and b"Traceback" not in done.stderr + done.stdout
    assert "error: unknown key 'hnad'" in (done.stdout + done.stderr).decode("cp1252")


def test_explain_to_a_file_writes_utf8(tmp_path):
    out = tmp_path / "kozel.md"
    done = ruledsl("explain", ROOT / "games" / "kozel.yaml", "-o", out, encoding="ascii")
    assert done.returncode == 0 and done.stdout == b""
    assert out.read_text(encoding="utf-8") == (ROOT / "tests" / "golden" / "explain_kozel.md").read_text(encoding="utf-8")


def test_the_table_under_cp1252(tmp_path):
    done = ruledsl("run", ROOT / "games" / "kozel.yaml", "--seed", 1, "--opponents", "random",
                   input=b"1\nquit\n", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    text = done.stdout.decode("cp1252")
    assert "Left the table" in text and "♠" not in text and "+- Bidding Kozel" in text
