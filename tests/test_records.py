"""Records: values with named fields, `{cards: [5H, 4D], value: 9, owner: player}`, read as
`b.value` — typed at load (an unknown field is an error there), compared field by field, kept in
counters, shown in words, answered in an ask, and re-dealt with the rest by a determinization."""
from __future__ import annotations

import random

import pytest

import ruledsl
from ruledsl.errors import RuleError, RuleErrors
from ruledsl.expr.records import Record
from ruledsl.runtime.helpers import SEAT_NAMES
from ruledsl.table.render import Look
from ruledsl.table.view import View
from ruledsl.tools.scenarios import run_file

GAME = """\
name: Piles
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
  secret: {start: none, scope: hand, visible: nobody}
hand:
  - deal: {to: each, count: 3}
  - deal: {to: table, count: 2}
  - do: "secret = {cards: [first(deck)], value: 0, owner: dealer}"
  - do: "builds = [{cards: table, value: sum(value(c) for c in table if value(c) != none), owner: dealer}]"
  - say: "{name(dealer)} builds {builds[0].value}: {builds[0]}"
  - ask:
      who: next(dealer)
      prompt: take a build or pass
      choices:
        take:
          each: b in builds
          when: b.owner != player
          do: "move b.cards to pile(player); builds = [c for c in builds if c != b]"
        pass:
after_hand:
  - end_match: active
summary:
  built: "[b.value for b in builds]"
"""


@pytest.fixture(scope="module")
def game(rules_from_text):
    return rules_from_text(GAME)


def test_a_record_holds_named_values_read_by_name(game):
    st = game.new_initial_state(seed=2, dealer=0, record=True)
    build = st.evaluate("builds[0]")
    assert type(build) is Record and build.names == ("cards", "owner", "value")
    assert st.evaluate("builds[0].owner") == 0 and st.evaluate("builds[0].cards") == st.evaluate("table")
    assert st.evaluate("builds[0].value") == sum(st.evaluate(f"value({c})") or 0 for c in st.evaluate("table"))
    assert st.evaluate("{a: 1, b: [2]} == {b: [2], a: 1}") and not st.evaluate("{a: 1} == {a: 2}")
    said = next(e["text"] for e in st.events if e["kind"] == "say")
    assert said.startswith("A builds ") and "{cards: " in said and ", owner: A, value: " in said   # a seat by name


def test_the_table_shows_a_records_seats_by_name(game):
    """A counter of records whose owner is a seat: the owner by name, the other fields as values."""
    st = game.new_initial_state(seed=2, dealer=1, record=True)
    view = View(game.ruleset, st.n, 0, Look(game.ruleset.deck.ranks, SEAT_NAMES, symbols=False), st.prog.counter_types)
    shown = view.value("builds", st.evaluate("builds")).plain
    assert shown.startswith("{cards: ") and shown.endswith(f", owner: B, value: {st.evaluate('builds[0].value')}}}")
    assert view.value("secret", st.evaluate("secret")).plain.endswith("owner: B, value: 0}")


def test_an_answer_may_be_a_record(game):
    st = game.new_initial_state(seed=2, dealer=0, record=True)
    texts = [st.action_to_string(a) for a in st.legal_actions()]
    assert texts[-1] == "pass" and texts[0].startswith("take {cards: ")
    hash(st.legal_actions()[0])                               # actions stay hashable (search trees)
    st.apply_action(st.legal_actions()[0])
    assert st.is_terminal() and st.evaluate("builds") == [] and st.evaluate("count(pile(1))") == 2


def test_why_a_record_typed_is_not_an_answer(game):
    st = game.new_initial_state(seed=2, dealer=0)
    offered = st.action_to_string(st.legal_actions()[0])
    assert st.why_not(offered) is None
    assert st.why_not("take {cards: 2C, owner: 0, value: 2}") == \
        f"'take {{cards: 2C, owner: 0, value: 2}}' is not offered; choose from {offered.split(None, 1)[1]}"


def test_a_determinization_re_deals_the_cards_a_hidden_record_names(game):
    st = game.new_initial_state(seed=4, dealer=0)
    secret = st.evaluate("secret.cards[0]")
    moved = set()
    for seed in range(12):
        d = st.determinize(1, random.Random(seed))
        card = d.evaluate("secret.cards[0]")
        assert card in d.zones[0]                 # still the deck's first card, as the deal left it
        moved.add(card)
    assert len(moved) > 1 and secret in st.zones[0]


@pytest.mark.parametrize("text, message, hint", [
    ("builds[0].valeu", "`builds[0]` has no field 'valeu'", "did you mean 'value'?"),
    ("dealer.value", "`.value` takes a record; `dealer` is a seat", None),
    ("{a: 1, a: 2}", "field 'a' is given twice", "each field once"),
])
def test_mistakes_are_located_at_load(game, text, message, hint):
    st = game.new_initial_state(seed=0)
    with pytest.raises(RuleError) as info:
        st.evaluate(text)
    assert (info.value.message, info.value.hint) == (message, hint)


def test_a_record_of_unknown_fields_is_checked_in_play(game):
    st = game.new_initial_state(seed=0)
    with pytest.raises(RuleError, match="the record {a: 1} has no field 'b'"):
        st.evaluate("[{a: 1}, {b: 2}][0].b")     # records of either field: known only in play


def test_a_counters_type_comes_from_the_records_it_is_given(tmp_path):
    text = GAME.replace('  - say: "{name(dealer)} builds {builds[0].value}: {builds[0]}"\n',
                        '  - say: "{name(dealer)} builds {builds[0].worth}"\n')
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RuleErrors) as info:
        ruledsl.load_game(path)
    (error,) = info.value.errors
    assert (error.span.line, error.message) == (18, "`builds[0]` has no field 'worth'")


def test_a_scenario_compares_a_record_with_a_mapping(game, tmp_path):
    rules = tmp_path / "rules.yaml"
    rules.write_text(GAME, encoding="utf-8")
    scenario = tmp_path / "s.yaml"
    scenario.write_text("""\
scenario: a build
ruleset: rules.yaml
players: 2
dealer: A
deals:
  - hand: {A: [KS, QS, JS], B: [KH, QH, JH]}
    table: [5D, 4C]
steps:
  - expect:
      eval: {"builds[0]": {cards: [5D, 4C], value: 9, owner: 0}}
""", encoding="utf-8")
    outcome = run_file(scenario)
    assert outcome.ok, outcome.failure
