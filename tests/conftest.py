"""Helpers shared by the tests, as fixtures.

- ``data_folder`` (for every test): RULEDSL_DATA points to a fresh folder, so saved games go there.

- ``load_rules(text, name="rules.yaml")``: write a small rule file into the test's ``tmp_path``
  and load it (a ``ruledsl`` game).
- ``dealt(text, players, hands=None, shared=None, **kwargs)``: ``load_rules(text)``, then its
  initial state with one given deal (``new_initial_state(deals=...)``): ``{seat: "AS KS"}`` into
  each seat's ``hand``, ``{zone: "AS KS"}`` into shared zones (``kwargs``: more of
  ``new_initial_state``'s).
"""
import pytest

import ruledsl


@pytest.fixture(autouse=True)
def data_folder(tmp_path_factory, monkeypatch):
    """The user's data folder (where `run` keeps unfinished matches) is a fresh one per test,
    for the test's subprocesses too: never the real one."""
    folder = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("RULEDSL_DATA", str(folder))
    return folder


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
