"""The wheel carries the grammar, the console script, `python -m ruledsl`, the type marker and
the metadata an index shows (license, classifiers, addresses), so an installed ruledsl works
anywhere and says what it is."""
import re
import subprocess
import sys
import tomllib
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps",
                    "-q", "-w", str(out), str(ROOT)], check=True, capture_output=True)
    with zipfile.ZipFile(next(out.glob("ruledsl-*.whl"))) as z:
        yield z


@pytest.mark.slow          # builds the wheel (pip wheel): several seconds
def test_wheel_ships_grammar_script_main_and_type_marker(wheel):
    names = wheel.namelist()
    assert "ruledsl/grammar/ruledsl.lark" in names
    assert "ruledsl/__main__.py" in names and "ruledsl/py.typed" in names
    for init in (ROOT / "ruledsl").rglob("__init__.py"):       # every subpackage ships
        assert init.relative_to(ROOT).as_posix() in names
    entry = next(n for n in names if n.endswith("entry_points.txt"))
    assert "ruledsl = ruledsl.cli:main" in wheel.read(entry).decode()


@pytest.mark.slow
def test_wheel_ships_the_web_pages(wheel):
    """`ruledsl serve` works from an installed wheel: its pages, styles and scripts are package
    data (no build step, nothing fetched from elsewhere)."""
    names = set(wheel.namelist())
    static = {p.relative_to(ROOT).as_posix() for p in (ROOT / "ruledsl" / "web" / "static").iterdir()}
    assert {"ruledsl/web/static/lobby.html", "ruledsl/web/static/table.js", "ruledsl/web/static/app.css"} <= static
    assert static <= names
    elsewhere = re.compile(r"""(src|href)\s*=\s*["']?(https?:)?//|url\(\s*["']?(https?:)?//|from\s+["'](https?:)?//""")
    for name in static:
        assert not elsewhere.search(wheel.read(name).decode()), name          # no CDN: only the server's own


@pytest.mark.slow
def test_wheel_metadata(wheel):
    names = wheel.namelist()
    meta = Parser().parsestr(wheel.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode())
    assert meta["License-Expression"] == "MIT"
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")
    classifiers = meta.get_all("Classifier")
    for version in ("3.11", "3.12", "3.13"):
        assert f"Programming Language :: Python :: {version}" in classifiers
    assert meta["Requires-Python"] == ">=3.11"
    urls = dict(u.split(", ", 1) for u in meta.get_all("Project-URL"))
    assert set(urls) == {"Homepage", "Documentation", "Source", "Issues"}
    assert all(u.startswith("https://") for u in urls.values())
    assert meta["Author"] == "The ruledsl maintainers"


def test_the_test_extra_holds_what_the_tests_import():
    """CI installs '.[test]' and nothing else: the tools the tests drive must be in it."""
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["test"]
    names = {spec.split(">")[0].split("=")[0].split("[")[0] for spec in extra}
    assert {"pytest", "hypothesis", "jsonschema", "check-jsonschema", "pre-commit", "httpx", "playwright"} <= names
    assert any(spec.startswith("ruledsl[") and "web" in spec for spec in extra)      # the web table's tests
