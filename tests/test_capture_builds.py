"""Captures beyond one set: `several: true` (a card takes several groups at once, no card in two:
an 8 takes an 8 and a 5 with a 3) and `builds:` (lay a card on table cards to make the value of
another card you hold; the build stays as one, is raised by whoever builds on it, and is taken
whole by a card of its value)."""
from __future__ import annotations

import random

import pytest

import ruledsl
from ruledsl.errors import RuleErrors
from ruledsl.runtime.helpers import SEAT_NAMES
from ruledsl.table.render import Look
from ruledsl.table.view import View

GAME = """\
name: Fishing with builds
players: 2
deck:
  pack: french-52
  values: {A: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10}
zones:
  hand: {owner: player, visible: owner}
  table: {visible: all}
  pile: {owner: player, visible: nobody}
counters:
  builds: {start: "[]", scope: hand}
  kinds: {start: "[]", scope: hand}
hand:
  - deal: {to: each, count: 4}
  - deal: {to: table, count: 4}
  - captures:
      first: next(dealer)
      sum: true
      several: true
      builds: builds
      after_play:
        - do: kinds = kinds + [capture_kind]
  - when: last_capturer != none
    do: move table to pile(last_capturer)
after_hand:
  - end_match: "argmax(count(pile(p)) for p in seats)"
"""


@pytest.fixture(scope="module")
def game(rules_from_text):
    return rules_from_text(GAME)


def texts(st) -> list[str]:
    return [st.action_to_string(a) for a in st.legal_actions()]


def deal(game, a: str, b: str, table: str):
    return game.new_initial_state(seed=0, dealer=1, record=True,
                                  deals=[{"hand": {"A": a, "B": b}, "table": table}])


def test_a_card_takes_several_groups_at_once(game):
    st = deal(game, "8S KS QS JS", "KH QH JH 10C", "8H 5D 3C KD")
    takes = [t for t in texts(st) if t.startswith("play 8S take")]
    assert takes == ["play 8S take 8H", "play 8S take 3C 5D", "play 8S take 3C 5D 8H"]
    st.apply_action("play 8S take 3C 5D 8H")
    assert st.evaluate("kinds") == ["several"] and st.evaluate("count(pile(0))") == 4
    assert st.evaluate("table") == [st.prog.deck.card("KD")]


def test_a_build_is_laid_kept_whole_raised_and_taken_by_its_value(game):
    st = deal(game, "2C 9S 10S KS", "3S AH 10H KH", "3D 4H QD JD")
    assert "build 2C on 3D 4H" in texts(st)                 # 2 + 3 + 4 = 9, and A holds a 9
    assert "build 2C on 3D" not in texts(st)                # 5: A holds no 5
    st.apply_action("build 2C on 3D 4H")
    assert st.evaluate("builds") == st.evaluate("[{cards: [3D, 4H, 2C], owner: 0, value: 9}]")
    assert st.evaluate("kinds") == ["build"] and st.evaluate("count(table)") == 5
    # B: the build is one; its 3D cannot be taken alone, and B raises it: 9 + 1 = 10 with a 10 held
    assert "play 3S take 3D" not in texts(st)
    assert st.why_not("play 3S take 3D") == "the build of 9 is taken whole: name all its cards, 3D 4H 2C"
    assert "build AH on 2C 3D 4H" in texts(st)
    st.apply_action("build AH on 2C 3D 4H")
    assert st.evaluate("builds") == st.evaluate("[{cards: [2C, 3D, 4H, AH], owner: 1, value: 10}]")
    # A takes the build of 10 with its 10
    assert "play 10S take AH 2C 3D 4H" in texts(st)
    st.apply_action("play 10S take AH 2C 3D 4H")
    assert st.evaluate("builds") == [] and st.evaluate("count(pile(0))") == 5 and st.evaluate("kinds")[-1] == "sum"


def test_the_table_says_what_was_built_on_what(game):
    st = deal(game, "2C 9S 10S KS", "3S AH 10H KH", "3D 4H QD JD")
    st.apply_action("build 2C on 3D 4H")
    view = View(game.ruleset, st.n, 1, Look(game.ruleset.deck.ranks, SEAT_NAMES, symbols=False))
    (play,) = [e for e in st.events if e["kind"] == "play"]
    assert view.event(play).plain == "A plays 2C, builds 9 on 3D 4H"


def test_why_a_build_is_not_open(game):
    st = deal(game, "2C 9S 10S KS", "3S AH 10H KH", "3D 4H QD JD")
    assert st.why_not("build 2C on 3D") == "2C on 3D makes 5, and you would hold no other card worth 5 to take it with"
    assert st.why_not("build KS on 3D") == "KS has no capture value: a build is made of valued cards"
    assert st.why_not("build 2C on 5H") == "5H is not on the table"
    assert st.why_not("build 2C") == "a build is laid on table cards: e.g. 'build 2C on 3D 4H'"


def test_random_matches_agree_with_the_integer_actions_and_keep_every_card(game):
    for seed in range(6):
        rng = random.Random(seed)
        st = game.new_initial_state(seed=seed)
        while not st.is_terminal():
            assert sorted(st.action_index(a) if len(st.action_indices(a)) == 1 else st.action_indices(a)[0]
                          for a in st.legal_actions()) is not None
            for a in st.legal_actions()[:5]:
                assert st.action_from_index(st.action_indices(a)[-1], st.action_indices(a)[:-1]) == a
            d = st.determinize(st.current_player(), rng)
            assert d.legal_actions() == st.legal_actions()
            st.apply_action(rng.choice(st.legal_actions()))
        assert sum(len(z) for z in st.zones) == 52


def test_several_prefers_most_or_none(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(GAME.replace("several: true", "several: true\n      prefer: rank"), encoding="utf-8")
    with pytest.raises(RuleErrors) as info:
        ruledsl.load_game(path)
    (error,) = info.value.errors
    assert error.message == "prefer rank chooses among single captures; a card that takes several at once prefers " \
                            "most or none" and error.span.line == 20
