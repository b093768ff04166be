"""The pre-commit hook (.pre-commit-hooks.yaml), run by pre-commit itself: `pre-commit try-repo`
on a repository holding a GitHub workflow, good rule files (a game and a variant of it) and a
broken one fails on the broken one only.

pre-commit installs the hook's environment as it would for a user: a virtualenv and
`pip install` of this repository, which fetches lark, attrs, pyyaml and click from PyPI. Without
PyPI that install fails, and the test is skipped saying so; nothing else is fetched (try-repo
copies this working tree, uncommitted changes included)."""
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).parents[1]
WORKFLOW = """\
name: rule files
on: [push, pull_request]
jobs:
  validate:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: ruledsl validate games/ --format github
"""
BROKEN = "name: Broken\nplayers: 2\ndeck: {order: [A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2]}\nhnad: []\n"


def git(repo: Path, *args):
    subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True)


@pytest.fixture
def repo(tmp_path):
    if shutil.which("git") is None:
        pytest.skip("git is not installed: pre-commit needs it")
    repo = tmp_path / "rules"
    (repo / ".github" / "workflows").mkdir(parents=True)
    (repo / ".github" / "workflows" / "rules.yml").write_text(WORKFLOW)
    (repo / "games").mkdir()
    shutil.copy(ROOT / "games" / "ciapano.yaml", repo / "games" / "ciapano.yaml")
    (repo / "examples").mkdir()
    (repo / "examples" / "to-21.yaml").write_text(
        "extends: ../games/ciapano.yaml\nname: To 21\noptions:\n  target: {default: 21}\n")
    (repo / "games" / "broken.yaml").write_text(BROKEN)
    git(repo, "init", "-q")
    git(repo, "add", "-A")
    return repo


def try_repo(repo: Path, home: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PRE_COMMIT_HOME=str(home), PRE_COMMIT_COLOR="never")
    result = subprocess.run([sys.executable, "-m", "pre_commit", "try-repo", str(ROOT), "ruledsl-validate",
                             "--all-files", "--verbose"], cwd=repo, env=env, capture_output=True, text=True)
    if result.returncode == 3 and "Installing environment" in result.stdout:
        # pre-commit's "unexpected error": the environment could not be installed (no PyPI).
        pytest.skip("pre-commit could not install the hook's environment (pip needs PyPI): "
                    + (result.stdout + result.stderr).strip().splitlines()[-1])
    return result


@pytest.mark.slow          # a virtualenv and a pip install of this repository: tens of seconds
def test_try_repo_fails_only_on_the_broken_rule_file(repo, tmp_path):
    home = tmp_path / "pre-commit-home"
    result = try_repo(repo, home)
    out = result.stdout
    assert result.returncode == 1, out + result.stderr
    assert "games/broken.yaml:4:1: error: unknown key 'hnad' in the rule file" in out
    assert "games/ciapano.yaml: ok" in out and "examples/to-21.yaml: ok" in out
    assert "2 of 3 rule files valid" in out
    assert "rules.yml" not in out.split("ruledsl validate")[-1]       # the workflow is passed by

    (repo / "games" / "broken.yaml").unlink()
    git(repo, "add", "-A")
    result = try_repo(repo, home)          # the same environment, now installed
    assert result.returncode == 0, result.stdout + result.stderr
    assert "2 of 2 rule files valid" in result.stdout


def test_the_docs_name_a_revision_that_has_the_hook():
    """docs/authoring.md's pre-commit and GitHub Actions snippets pin a revision: it must exist
    in this repository and hold the hook as .pre-commit-hooks.yaml declares it now."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    doc = (ROOT / "docs" / "authoring.md").read_text(encoding="utf-8")
    [rev] = re.findall(r"^\s+rev: (\S+)", doc, re.M)
    assert re.findall(r"ruledsl@([^\"\s]+)", doc) == [rev]        # the Actions install, the same
    shown = subprocess.run(["git", "show", f"{rev}:.pre-commit-hooks.yaml"], cwd=ROOT, capture_output=True,
                           text=True)
    if shown.returncode and subprocess.run(["git", "rev-parse", "--is-shallow-repository"], cwd=ROOT,
                                           capture_output=True, text=True).stdout.strip() == "true":
        pytest.skip("a shallow clone: older commits are not here")
    assert shown.returncode == 0, f"docs/authoring.md pins {rev}, which this repository does not have"
    now = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    assert yaml.safe_load(shown.stdout) == now
