"""Helpers shared by the tests, as fixtures, and how many processes run them.

- ``-n auto`` (pytest-xdist; the everyday loop, docs/internals.md "The tests"): the whole suite or
  a folder runs in one worker process per core; a file or a test named on the command line runs
  in this process.

- tests/measured_slow.txt: tests measured slow, marked ``slow`` as if by hand (below).

- ``data_folder`` (for every test): RULEDSL_DATA points to a fresh folder, so saved games go there.

- ``write(name, data)`` (one per test module, so hypothesis tests may take it): write bytes into
  a file of the module's own folder and return its path.
- hypothesis profile ``fuzz`` (``settings.get_profile("fuzz")``): derandomized, no deadline, no
  example database, generation only; the fuzz tests' settings.

- ``browser``, ``server`` (per module): a Chromium driven by Playwright (skipped, saying why,
  where either is missing) and a ``ruledsl serve`` on a fresh database (tests/webtools.py).

- ``load_rules(text, name="rules.yaml")``: write a small rule file into the test's ``tmp_path``
  and load it (a ``ruledsl`` game).
- ``dealt(text, players, hands=None, shared=None, **kwargs)``: ``load_rules(text)``, then its
  initial state with one given deal (``new_initial_state(deals=...)``): ``{seat: "AS KS"}`` into
  each seat's ``hand``, ``{zone: "AS KS"}`` into shared zones (``kwargs``: more of
  ``new_initial_state``'s).
"""
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, settings

import ruledsl

settings.register_profile("fuzz", derandomize=True, deadline=None, database=None, phases=[Phase.generate],
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def pytest_xdist_auto_num_workers(config):
    """Workers for `-n auto`: none (this process) when every argument names a file or a test, as
    in `python -m pytest tests/test_x.py`: starting a worker (its imports, its own collection)
    costs a second or more, more than most files take. Otherwise xdist's own count, one a core
    (PYTEST_XDIST_AUTO_NUM_WORKERS overrides it); `-n 2` spreads named files too."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    named = [arg for arg in config.args if "::" in arg or Path(arg).is_file()]
    return 0 if config.args and len(named) == len(config.args) else None


MEASURED_SLOW = Path(__file__).with_name("measured_slow.txt")


@pytest.hookimpl(tryfirst=True)           # before `-m` deselects by the marks
def pytest_collection_modifyitems(config, items):
    """The tests listed in tests/measured_slow.txt are slow as if marked so: those the everyday
    loop measured at 0.5 s of CPU or more (benchmarks/suite_cpu.py --write-slow), which keeps
    `-m "not slow"` at about a minute on two cores; CI runs every test. RULEDSL_MEASURE=1 leaves
    the list out (to measure the loop again)."""
    if os.environ.get("RULEDSL_MEASURE") or not MEASURED_SLOW.exists():
        return
    listed = {line.strip() for line in MEASURED_SLOW.read_text(encoding="utf-8").splitlines()
              if line.strip() and not line.startswith("#")}
    for item in items:
        if item.nodeid in listed:
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True)
def data_folder(tmp_path_factory, monkeypatch):
    """The user's data folder (where `run` keeps unfinished matches) is a fresh one per test,
    for the test's subprocesses too: never the real one."""
    folder = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("RULEDSL_DATA", str(folder))
    return folder


@pytest.fixture(scope="module")
def write(tmp_path_factory):
    folder = tmp_path_factory.mktemp("written")

    def written(name: str, data: bytes):
        path = folder / name
        path.write_bytes(data)
        return path
    return written


@pytest.fixture(scope="module")
def browser():
    from webtools import chromium        # here, not above: it needs the web extra
    sync_playwright, path = chromium()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=path, args=["--no-sandbox"])
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    from webtools import Server
    server = Server(tmp_path_factory.mktemp("db") / "tables.sqlite", "--bot-pause", "0.05")
    yield server
    server.stop()


@pytest.fixture
def load_rules(tmp_path):
    def load(text, name="rules.yaml"):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return ruledsl.load_game(path)
    return load


@pytest.fixture(scope="session")
def rules_from_text(tmp_path_factory):
    """load_rules for a module's fixture: each text in a folder of its own, loaded once."""
    def load(text, name="rules.yaml"):
        path = tmp_path_factory.mktemp("rules") / name
        path.write_text(text, encoding="utf-8")
        return ruledsl.load_game(path)
    return load


@pytest.fixture
def dealt(load_rules):
    def deal(text, players, hands=None, shared=None, **kwargs):
        game = load_rules(text)
        return game.new_initial_state(players=players, deals=[{"hand": hands or {}, **(shared or {})}], **kwargs)
    return deal
