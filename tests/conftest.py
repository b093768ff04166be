"""Helpers shared by the tests, as fixtures.

- ``load_rules(text, name="rules.yaml")``: write a small rule file into the test's ``tmp_path``
  and load it (a ``ruledsl`` game).
- ``stacked(game, players, hands=None, shared=None)``: one stacked deal for
  ``new_initial_state(stacked=...)``, from card names: ``{seat: "AS KS"}`` into each seat's
  ``hand``, ``{zone: "AS KS"}`` into shared zones.
- ``stacked_state(text, players, hands=None, shared=None, **kwargs)``: ``load_rules(text)``, then
  its initial state with that stacked deal (``kwargs``: more of ``new_initial_state``'s).
"""
import pytest

import ruledsl


@pytest.fixture
def load_rules(tmp_path):
    def load(text, name="rules.yaml"):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return ruledsl.load_game(path)
    return load


def _stacked(game, players, hands=None, shared=None):
    prog = game.program(players)
    deck, zones = prog.deck, prog.layout.zones
    deal = {}
    for seat, text in (hands or {}).items():
        deal[zones["hand"][1] + seat] = [deck.card(c) for c in text.split()]
    for zone, text in (shared or {}).items():
        deal[zones[zone][1]] = [deck.card(c) for c in text.split()]
    return [deal]


@pytest.fixture
def stacked():
    return _stacked


@pytest.fixture
def stacked_state(load_rules):
    def deal(text, players, hands=None, shared=None, **kwargs):
        game = load_rules(text)
        return game.new_initial_state(players=players, stacked=_stacked(game, players, hands, shared),
                                      **kwargs)
    return deal
