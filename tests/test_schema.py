"""`ruledsl schema`: the JSON Schema stays in step with the loader, accepts every shipped rule
file and rejects what the loader rejects for its keys."""
import copy
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ruledsl import loader, schema as schema_mod
from ruledsl.cli import main
from ruledsl.engine import captures, deal, decisions, tricks, trumps
from ruledsl.engine.cards import PACKS
from ruledsl.schema import check, instance, schema
from ruledsl.source import Source
from ruledsl.files import is_scenario
from ruledsl.yamlnodes import read_yaml

ROOT = Path(__file__).parents[1]
SCHEMA = schema()
DEFS = SCHEMA["$defs"]
SHIPPED = sorted(p for d in ("games", "examples") for p in (ROOT / d).rglob("*.y*ml") if not is_scenario(p.read_text(encoding="utf-8")))


def data_of(text: str, name: str = "x.yaml"):
    return instance(read_yaml(Source(name, text)))


def props(name: str) -> dict:
    """The properties of a mapping def (looking inside an anyOf for the mapping form)."""
    d = DEFS[name]
    for form in d.get("anyOf", [d]):
        if form.get("type") == "object" and "properties" in form:
            return form["properties"]
    raise AssertionError(f"{name} has no mapping form")


# -- every key the loader accepts is in the schema -----------------------------------------------

def test_top_level_keys():
    assert list(props("game")) == list(loader.TOP_KEYS)
    assert list(props("variant")) == list(loader.TOP_KEYS)
    assert DEFS["game"]["required"] == ["name", "deck", "hand"]
    assert "required" not in DEFS["variant"]


@pytest.mark.parametrize("section,keys", [
    ("players", loader.PLAYERS_KEYS), ("deck", loader.DECK_KEYS), ("zone", loader.ZONE_KEYS),
    ("option", loader.OPTION_KEYS), ("counter", loader.COUNTER_KEYS), ("limits", loader.LIMITS_KEYS),
    ("result", loader.RESULT_KEYS), ("trumps", trumps.TRUMPS_KEYS), ("promote", trumps.PROMOTION_KEYS),
    ("choice", decisions.CHOICE_KEYS), ("bonus", captures.BONUS_KEYS)])
def test_section_keys(section, keys):
    assert list(props(section)) == list(keys)
    if section + "_patch" in DEFS:
        assert list(props(section + "_patch")) == list(keys)


def test_every_step_kind_and_its_keys():
    forms = DEFS["step"]["anyOf"]
    flags = [k for k, t in loader.STEP_KINDS.items() if t.get("flag")]
    assert forms[0] == {"enum": flags}
    by_kind = {f["required"][0]: f for f in forms[1:] if "required" in f}
    assert set(by_kind) == set(loader.STEP_KINDS) | {"say"}
    for kind, table in loader.STEP_KINDS.items():
        form = by_kind[kind]
        assert form["additionalProperties"] is False
        extra = {"when", "say"} | ({"then", "else"} if kind == "if" else set())
        assert set(form["properties"]) == {kind} | extra
        assert extra <= set(loader.STEP_EXTRA)
        args = DEFS[f"{kind}_step"]
        if "keys" in table:
            assert list(args["properties"]) == list(table["keys"]), kind
            assert args.get("required", []) == list(table.get("required", ())), kind
            assert args["additionalProperties"] is False
        elif table.get("flag"):
            assert args == {"type": "null"}
        else:
            assert "properties" not in args        # an expression or statements


def test_word_tables_are_enums():
    assert props("game")["teams"]["enum"] == list(loader.TEAMS)
    assert props("game")["direction"]["enum"] == list(loader.DIRECTIONS)
    assert props("deck")["pack"]["enum"] == list(PACKS)
    assert props("zone")["owner"]["enum"] == list(loader.OWNERS)
    assert props("zone")["visible"]["enum"] == list(loader.VISIBILITY)
    assert props("counter")["per"]["enum"] == list(loader.COUNTER_PER)
    assert props("counter")["scope"]["enum"] == list(loader.COUNTER_SCOPES)
    assert DEFS["tricks_step"]["properties"]["follow"]["enum"] == list(tricks.FOLLOW)
    assert DEFS["draw_step"]["properties"]["shortfall"]["enum"] == list(deal.SHORTFALL)


def test_the_value_table_names_only_keys_that_exist():
    """A stale entry in schema.VALUES (a key the loader no longer has) is a mistake."""
    tables = {"file": loader.TOP_KEYS, "players": loader.PLAYERS_KEYS, "deck": loader.DECK_KEYS,
              "zone": loader.ZONE_KEYS, "option": loader.OPTION_KEYS, "counter": loader.COUNTER_KEYS,
              "limits": loader.LIMITS_KEYS, "result": loader.RESULT_KEYS, "trumps": trumps.TRUMPS_KEYS,
              "promote": trumps.PROMOTION_KEYS, "choice": decisions.CHOICE_KEYS,
              "bonus": captures.BONUS_KEYS, "step": loader.STEP_EXTRA}
    for (section, key) in schema_mod.VALUES:
        if section in loader.STEP_KINDS:
            table = loader.STEP_KINDS[section]
            assert key in table.get("keys", ()) or (key == "" and table.get("inline")), (section, key)
        else:
            assert key in tables[section], (section, key)


def test_the_validator_knows_every_keyword_the_schema_uses():
    def walk(node):
        if isinstance(node, dict):
            for key, value in node.items():
                yield key
                if key not in ("properties", "$defs"):
                    yield from walk(value)
                else:
                    for sub in value.values():
                        yield from walk(sub)
        elif isinstance(node, list):
            for item in node:
                yield from walk(item)
    assert set(walk(SCHEMA)) <= schema_mod.KNOWN
    with pytest.raises(ValueError, match="does not know"):
        check({}, {"oneOf": []})


# -- shipped files, and files that must fail -------------------------------------------------------

def test_there_are_shipped_files():
    assert any(p.parent.name == "games" for p in SHIPPED)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_shipped_rule_file_validates(path):
    data = instance(read_yaml(Source(str(path), path.read_text(encoding="utf-8"))))
    assert check(data, SCHEMA) == []


SAMPLE = """\
name: Sample
players: {min: 3, max: 4}
deck: {pack: french-52, remove: [10, 9, 8], order: [3, 2, A, K, Q, J, 7, 6, 5, 4], points: {A: 1, 3: 1/3}}
zones:
  won: {owner: player, visible: nobody}
  discard: {visible: nobody}
options:
  target: {default: 31, min: 1}
counters:
  penalty: {per: player, start: 0}
hand:
  - deal: {to: each, count: 40 // players}
  - when: players == 3
    deal: {to: dealer, count: 1}
  - ask:
      who: dealer
      choices:
        discard: {each: c in hand(player), do: move c to discard}
  - tricks: {leader: right(dealer), follow: suit}
after_hand:
  - when: any(penalty(p) >= option.target for p in active)
    end_match: argmin(penalty(p) for p in active)
"""


def test_the_sample_is_valid(tmp_path):
    (tmp_path / "sample.yaml").write_text(SAMPLE, encoding="utf-8")
    loader.load(tmp_path / "sample.yaml")                # the loader takes it too
    assert check(data_of(SAMPLE), SCHEMA) == []


@pytest.mark.parametrize("where,key", [
    ((), "hnad"),                                       # top level
    (("deck",), "ordre"),                               # a section
    (("zones", "won"), "owenr"),                        # a zone
    (("options", "target"), "defualt"),                 # an option
    (("counters", "penalty"), "pre"),                   # a counter
    (("hand", 0, "deal"), "cnt"),                       # a step's settings
    (("hand", 0), "wen"),                               # a step itself
    (("hand", 2, "ask", "choices", "discard"), "eahc"), # an ask choice
])
def test_an_unknown_key_fails(where, key):
    data = data_of(SAMPLE)
    target = data
    for part in where:
        target = target[part]
    target[key] = 1
    problems = check(data, SCHEMA)
    pointer = "/" + "/".join(str(p) for p in where + (key,))
    assert (pointer, f"unknown key '{key}'") in problems


def test_a_missing_required_key_and_a_wrong_word_fail():
    data = data_of(SAMPLE)
    del data["deck"]["order"]
    data["direction"] = "widdershins"
    data["hand"][0]["deal"].pop("count")
    problems = check(data, SCHEMA)
    assert ("/deck", "missing required key 'order'") in problems
    assert ("/direction", "'widdershins' is not one of ['clockwise', 'anticlockwise']") in problems
    assert ("/hand/0/deal", "missing required key 'count'") in problems


def test_a_step_with_two_kinds_or_none_fails():
    data = data_of(SAMPLE)
    data["hand"][0]["move"] = {"cards": "table", "to": "discard"}
    data["hand"].append({"shuffle": "deck"})
    data["hand"].append("end_hand")                         # a flag step on its own is fine
    problems = check(data, SCHEMA)
    assert any(p == "/hand/0" or p.startswith("/hand/0/") for p, _ in problems)
    assert any(p.startswith(f"/hand/{len(data['hand']) - 2}") for p, _ in problems)
    assert not any(p.startswith(f"/hand/{len(data['hand']) - 1}") for p, _ in problems)


def test_a_variant_needs_no_required_keys_and_may_remove_entries():
    text = ("extends: ../games/ciapano.yaml\nname: Ciapanò to 21\n"
            "options:\n  target: 21\n  lowest_wins: {default: true}\n  survivors: ~\n"
            "deck: {points: {A: 2}}\nsummary: {card points: ~}\n")
    assert check(data_of(text), SCHEMA) == []
    bad = data_of(text + "zones: {won: {owner: player, visable: all}}\n")
    assert check(bad, SCHEMA) == [("/zones/won/visable", "unknown key 'visable'")]
    # Lists replace whole, so a step list in a variant is checked in full.
    steps = data_of(text + "hand:\n  - deal: {to: each}\n")
    assert ("/hand/0/deal", "missing required key 'count'") in check(steps, SCHEMA)


def test_yaml_scalars_read_as_an_editor_reads_them():
    data = data_of("a: 10\nb: '10'\nc: 1/3\nd: true\ne: ~\nf:\ng: 0.5\nh: no\n")
    assert data == {"a": 10, "b": "10", "c": "1/3", "d": True, "e": None, "f": None, "g": 0.5, "h": "no"}


# -- the command, and a second opinion from the reference implementation -------------------------

def test_command_prints_the_schema():
    result = CliRunner().invoke(main, ["schema"])
    assert result.exit_code == 0
    printed = json.loads(result.output)
    assert printed == SCHEMA
    assert printed["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_agrees_with_the_jsonschema_package_when_installed():
    jsonschema = pytest.importorskip("jsonschema")     # not a dependency: a cross-check only
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    validator = jsonschema.Draft202012Validator(SCHEMA)
    samples = [instance(read_yaml(Source(str(p), p.read_text(encoding="utf-8")))) for p in SHIPPED]
    broken = copy.deepcopy(data_of(SAMPLE))
    broken["hand"][0]["deal"]["cnt"] = 1
    variant = data_of("extends: x.yaml\noptions: {target: ~}\n")
    for data in samples + [broken, variant, data_of(SAMPLE + "teams: trios\n")]:
        assert validator.is_valid(data) == (check(data, SCHEMA) == [])
