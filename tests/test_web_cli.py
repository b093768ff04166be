"""`ruledsl serve` on the command line: without the web extra it says how to get it (the core
install imports and runs without it); --db defaults to the user's data folder; a folder without
rule files, or with a broken one, is reported as such."""
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from ruledsl.cli import main

ROOT = Path(__file__).parents[1]


def python(code: str, **env):
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", **env})


WITHOUT_WEB = "import sys\nfor m in ('starlette', 'uvicorn', 'platformdirs'): sys.modules[m] = None\n"


def test_without_the_web_extra_serve_says_how_to_install_it():
    done = python(WITHOUT_WEB + "from ruledsl.cli import main\nmain(['serve'])")
    assert done.returncode == 1
    assert done.stderr.strip() == "error: ruledsl serve needs the web extra: pip install 'ruledsl[web]'"
    assert "Traceback" not in done.stderr


def test_the_core_install_runs_without_the_web_extra():
    done = python(WITHOUT_WEB + "import ruledsl, ruledsl.cli\n"
                  "g = ruledsl.load_game('games/kozel.yaml')\n"
                  "print(g.new_initial_state(seed=1).current_player() >= 0, 'starlette' in sys.modules and sys.modules['starlette'] is not None)")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "False"]


def test_the_default_database_lies_in_the_users_data_folder(tmp_path):
    done = python("from ruledsl.cli.serve import _default_db\nprint(_default_db())", XDG_DATA_HOME=str(tmp_path),
                  HOME=str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert Path(done.stdout.strip()) == tmp_path / "ruledsl" / "tables.sqlite"


def test_serve_refuses_a_folder_without_rule_files(tmp_path):
    (tmp_path / "notes.yaml").write_text("just: notes\n")
    result = CliRunner().invoke(main, ["serve", str(tmp_path), "--db", str(tmp_path / "t.sqlite")])
    assert result.exit_code == 1
    assert "no rule file to serve in" in result.output


def test_a_broken_rule_file_is_reported_and_left_out(tmp_path):
    from ruledsl.web.catalog import Catalog
    (tmp_path / "good.yaml").write_text((ROOT / "games" / "kozel.yaml").read_text())
    (tmp_path / "bad.yaml").write_text("name: Bad\ndeck: {order: [A, K]}\nhand:\n  - deal: {to: each, count: x +}\n")
    catalog = Catalog([tmp_path])
    assert list(catalog.entries) == ["good"]
    assert len(catalog.broken) == 1 and "bad.yaml:4:" in catalog.broken[0] and "error:" in catalog.broken[0]


def test_serve_help_names_its_options():
    result = CliRunner().invoke(main, ["serve", "--help"])
    assert result.exit_code == 0
    for option in ("--host", "--port", "--db", "--rate", "--bot-pause"):
        assert option in result.output
