"""`ruledsl schema`: the JSON Schema stays in step with the loader, and the validators people
use — the jsonschema library and the check-jsonschema command — accept every shipped rule file
and reject the error catalogue's broken files wherever a schema can tell.

A YAML file reaches a JSON Schema validator as data, and which data depends on the parser:
PyYAML and yaml-language-server read `points: {3: 1/3}` with the number 3 as a key, while
check-jsonschema turns every key into a string first. The schema must hold for both, so the
files are checked both ways (`as_parsed`, `as_json`). tests/test_editor.py checks the same files
in yaml-language-server, over LSP.
"""
import copy
import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
import yaml
from click.testing import CliRunner

from ruledsl.cli import main
from ruledsl.front.files import is_scenario
from ruledsl.lang.counters import COUNTER
from ruledsl.lang.deck import DECK
from ruledsl.lang.options import OPTION
from ruledsl.lang.ruleset import LIMITS, PLAYERS, RESULT, RULESET
from ruledsl.lang.steps import KINDS
from ruledsl.lang.steps.ask import CHOICE
from ruledsl.lang.steps.captures import BONUS
from ruledsl.lang.trumps import PROMOTION, TRUMPS
from ruledsl.lang.zones import ZONE
from ruledsl.front.load import load
from ruledsl.runtime.cards import PACKS
from ruledsl.tools.schema import schema

ROOT = Path(__file__).parents[1]
SCHEMA = schema()
DEFS = SCHEMA["$defs"]
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
SHIPPED = sorted(p for d in ("games", "examples") for p in (ROOT / d).rglob("*.y*ml")
                 if not is_scenario(p.read_text(encoding="utf-8")))
INVALID = ROOT / "tests" / "rulefiles" / "invalid"
CATALOGUE = sorted(INVALID.glob("*.yaml"))


def as_parsed(text: str):
    """The data PyYAML makes of a rule file: what an editor's YAML parser sees (number keys)."""
    return yaml.safe_load(text)


def as_json(data):
    """The same data as JSON has it (keys are strings), as check-jsonschema passes it on."""
    if isinstance(data, dict):
        return {str(k): as_json(v) for k, v in data.items()}
    if isinstance(data, list):
        return [as_json(v) for v in data]
    return data


def problems(data) -> list[tuple[str, str, str]]:
    """Every error jsonschema finds, with the errors under each `anyOf` (which step form failed
    how), as (JSON pointer, keyword, message)."""
    out = []

    def walk(errors):
        for e in errors:
            out.append(("/" + "/".join(map(str, e.absolute_path)), e.validator, e.message))
            walk(e.context or ())
    walk(VALIDATOR.iter_errors(data))
    return out


def props(name: str) -> dict:
    """The properties of a mapping def (looking inside an anyOf for the mapping form, and for the
    deck, in the form for a built-in pack)."""
    d = DEFS[name]
    for form in d.get("anyOf", [d.get("else", d)]):
        if form.get("type") == "object" and "properties" in form:
            return form["properties"]
    raise AssertionError(f"{name} has no mapping form")


def names(construct) -> list[str]:
    """The keys a construct declares (lang/), in order."""
    return [k.name for k in construct.keys]


# -- the schema is a valid 2020-12 schema, and holds every key the loader accepts ------------------

def test_the_schema_is_a_valid_draft_2020_12_schema():
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


def test_top_level_keys():
    assert list(props("game")) == names(RULESET)
    assert list(props("variant")) == names(RULESET)
    assert DEFS["game"]["required"] == ["name", "players", "deck", "hand"]     # as the loader
    assert "required" not in DEFS["variant"]


@pytest.mark.parametrize("section,construct", [
    ("players", PLAYERS), ("deck", DECK), ("zone", ZONE), ("option", OPTION), ("counter", COUNTER),
    ("limits", LIMITS), ("result", RESULT), ("trumps", TRUMPS), ("promote", PROMOTION),
    ("choice", CHOICE), ("bonus", BONUS)])
def test_section_keys(section, construct):
    assert list(props(section)) == names(construct)
    if section + "_patch" in DEFS:
        assert list(props(section + "_patch")) == names(construct)


def test_every_step_kind_and_its_keys():
    forms = DEFS["step"]["anyOf"]
    flags = [name for name, kind in KINDS.items() if kind.flag]
    assert forms[0]["enum"] == flags == ["end_hand", "redeal"]
    by_kind = {f["required"][0]: f for f in forms[1:] if "required" in f}
    assert set(by_kind) == set(KINDS) | {"say"}
    for name, kind in KINDS.items():
        form = by_kind[name]
        assert form["additionalProperties"] is False
        extra = {"when", "say"} | {k.name for k in kind.extra}
        assert set(form["properties"]) == {name} | extra
        args = DEFS[f"{name}_step"]
        if kind.settings:
            assert list(args["properties"]) == [k.name for k in kind.keys], name
            assert args.get("required", []) == [k.name for k in kind.keys if k.required], name
            assert args["additionalProperties"] is False
        elif kind.flag:
            assert args == {"type": "null"}
        else:
            assert "properties" not in args        # an expression or statements


def test_keys_carry_their_documentation():
    """The hover text comes from each key's declaration."""
    assert props("game")["deck"]["description"] == RULESET.key("deck").doc


def test_every_step_form_has_its_own_title():
    """Editors list the step forms by title when completing a step (without one, each showed
    as `object(ruledsl rule file)`)."""
    titles = [form["title"] for form in DEFS["step"]["anyOf"]]
    assert len(set(titles)) == len(titles)
    kinds = [form["required"][0] for form in DEFS["step"]["anyOf"][1:]]
    assert titles[1:] == [f"{kind} step" for kind in kinds]
    assert titles[0] == "end_hand or redeal (a step of one word)"


def test_word_tables_are_enums():
    assert props("game")["teams"]["$ref"] == "#/$defs/teams"
    word, counts = DEFS["teams"]["anyOf"]
    assert word["enum"] == ["partners", "none"]
    assert counts["properties"]["partners"]["items"]["maximum"] == 12 and counts["required"] == ["partners"]
    assert props("game")["direction"]["enum"] == ["clockwise", "anticlockwise"]
    assert props("deck")["pack"]["$ref"] == "#/$defs/pack"
    assert DEFS["pack"]["anyOf"][0]["enum"] == list(PACKS)
    assert props("zone")["owner"]["enum"] == ["player", "team", "none", "shared"]
    assert props("zone")["visible"]["enum"] == ["owner", "all", "nobody"]
    assert props("counter")["per"]["enum"] == ["player", "team", "game"]
    assert props("counter")["scope"]["enum"] == ["match", "hand"]
    assert DEFS["tricks_step"]["properties"]["follow"]["enum"] == ["suit", "suit_or_trump", "any"]
    assert DEFS["draw_step"]["properties"]["shortfall"]["enum"] == ["none", "rounds"]


# -- shipped files -----------------------------------------------------------------------------------

def test_there_are_shipped_files():
    assert {p.parent.name for p in SHIPPED} == {"games", "examples"}
    assert any(p.name == "ciapano.yaml" for p in SHIPPED)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_shipped_rule_file_is_valid_with_number_keys_and_with_string_keys(path):
    data = as_parsed(path.read_text(encoding="utf-8"))
    assert problems(data) == []
    assert problems(as_json(data)) == []


def test_number_keys_are_ranks_as_a_yaml_parser_reads_them():
    """`points: {3: 1/3}` — the shipped games' case: the key is the number 3 to PyYAML and to an
    editor, '3' in JSON; both are a rank. A number that is no rank is not."""
    base = as_parsed((ROOT / "games" / "ciapano.yaml").read_text(encoding="utf-8"))
    assert 3 in base["deck"]["points"]
    for key, ok in [(3, True), (10, True), ("10", True), ("QS", True), ("qs", True), ("10h", True),
                    (11, False), (1, False), ("Z", False), ("QX", False)]:
        data = copy.deepcopy(base)
        data["deck"]["points"][key] = 1
        assert (problems(data) == []) is ok, key
        assert (problems(as_json(data)) == []) is ok, key


def test_a_written_pack_has_ranks_and_suits_of_its_own():
    """With `pack:` written out, the deck names that pack's ranks (U, 1) and suits (R), which
    the built-in packs' ranks would refuse; a key that cannot be a rank still fails."""
    base = as_parsed((ROOT / "games" / "ciapano.yaml").read_text(encoding="utf-8"))
    data = copy.deepcopy(base)
    data["deck"] = {"pack": {"suits": {"R": "red", "G": "green"}, "ranks": ["U", 1]}, "jokers": 1,
                    "order": ["JK", "U", 1], "points": {"U": 2, "1R": 1, "G": 1, "JK1": 5}}
    assert problems(data) == [] and problems(as_json(data)) == []
    data["deck"]["points"]["UU-1"] = 1
    assert problems(data) != []
    del data["deck"]["points"]["UU-1"]
    data["deck"]["pack"] = "french-52"
    assert problems(data) != []           # U is no rank of a built-in pack


# -- what must fail ----------------------------------------------------------------------------------

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
    load(tmp_path / "sample.yaml")                       # the loader takes it too
    assert problems(as_parsed(SAMPLE)) == []


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
def test_an_unknown_key_fails_where_it_is(where, key):
    data = as_parsed(SAMPLE)
    target = data
    for part in where:
        target = target[part]
    target[key] = 1
    pointer = "/" + "/".join(str(p) for p in where)
    assert (pointer.rstrip("/") or "/", "additionalProperties",
            f"Additional properties are not allowed ('{key}' was unexpected)") in problems(data)


def test_a_missing_required_key_and_a_wrong_word_fail():
    data = as_parsed(SAMPLE)
    del data["deck"]["pack"]
    del data["players"]
    data["direction"] = "widdershins"
    data["hand"][0]["deal"].pop("count")
    found = {(p, m) for p, _, m in problems(data)}
    assert not any(p == "/deck" for p, _ in found)       # neither pack nor order is required
    assert ("/", "'players' is a required property") in found
    assert ("/direction", "'widdershins' is not one of ['clockwise', 'anticlockwise']") in found
    assert ("/hand/0/deal", "'count' is a required property") in found


def test_a_step_with_two_kinds_or_none_fails():
    data = as_parsed(SAMPLE)
    data["hand"][0]["move"] = {"cards": "table", "to": "discard"}
    data["hand"].append({"shuffle": "deck"})
    data["hand"].append("end_hand")                         # a flag step on its own is fine
    at = {p for p, _, _ in problems(data)}
    assert "/hand/0" in at and f"/hand/{len(data['hand']) - 2}" in at
    assert not any(p.startswith(f"/hand/{len(data['hand']) - 1}") for p in at)


def test_a_variant_needs_no_required_keys_and_may_remove_entries():
    text = ("extends: ../games/ciapano.yaml\nname: Ciapanò to 21\n"
            "options:\n  target: 21\n  lowest_wins: {default: true}\n  survivors: ~\n"
            "deck: {points: {A: 2, 3: ~}}\nsummary: {card points: ~}\n")
    assert problems(as_parsed(text)) == []
    bad = problems(as_parsed(text + "zones: {won: {owner: player, visable: all}}\n"))
    assert ("/zones/won", "Additional properties are not allowed ('visable' was unexpected)") in \
        {(p, m) for p, _, m in bad}
    assert all(p.startswith("/zones") for p, _, _ in bad)      # (the anyOf with null around it)
    # Lists replace whole, so a step list in a variant is checked in full.
    steps = as_parsed(text + "hand:\n  - deal: {to: each}\n")
    assert ("/hand/0/deal", "'count' is a required property") in {(p, m) for p, _, m in problems(steps)}


# -- the error catalogue -------------------------------------------------------------------------------

# The catalogue's cases a schema can tell, with a place (JSON pointer) of the error found.
TOLD = {
    "ask_without_choices": "/hand/1/ask", "captures_bonus_missing_do": "/hand/2/captures/bonuses/0",
    "deck_key_typo": "/deck", "list_for_expression": "/hand/0/deal/packet", "list_for_mapping": "/zones",
    "many_errors": "/zones/pile1", "nested_step_missing_key": "/hand/1/then/0/deal", "not_a_mapping": "/",
    "order_duplicate_rank": "/deck/order", "remove_unknown_rank": "/deck/remove/3",
    "several_errors": "/direction", "step_key_typo": "/hand/0/deal", "step_two_kinds": "/hand/0",
    "step_unknown_kind": "/hand/1", "step_when_typo": "/hand/1", "text_for_number": "/players/min",
    "top_key_typo": "/", "zone_key_typo": "/zones/won",
    "deck_value_huge": "/deck/values/4", "limits_hands_huge": "/limits/hands",
    "tricks_playable_without_rule": "/hand/1/tricks/playable/0", "deck_unknown_pack": "/deck/pack",
    "captures_prefer_typo": "/hand/1/captures/prefer", "for_each_without_steps": "/hand/1",
    "turns_without_until": "/hand/1", "repeat_without_until": "/hand/0",
    "pack_rank_twice": "/deck/pack", "deck_packs_too_many": "/deck/packs",
}
# Those a YAML parser refuses before any schema sees them (duplicate keys: check-jsonschema's
# parser only; PyYAML keeps the last one, so for jsonschema the data is valid).
UNPARSABLE = {"yaml_bad_indent", "yaml_tab_indent", "yaml_unclosed_bracket", "yaml_unclosed_quote"}
DUPLICATE = {"duplicate_key"}
# Those no schema can tell, and why: `ruledsl validate` reports them.
BEYOND = {
    "order_unknown_rank": "the deck", "order_missing_rank": "the deck", "points_removed_card": "the deck",
    "order_without_jokers": "the deck", "pack_suit_not_a_letter": "the deck",
    "promote_above_without_suit": "two keys compared", "written_pack_french_suit": "expressions",
    "trumps_order_unknown": "expressions", "reveal_to_text": "expressions", "shuffle_hand_without_seat": "expressions",
    "deal_too_many_cards": "the deck", "expr_card_not_in_deck": "the deck",
    "players_max_below_min": "two keys compared", "option_default_not_in_choices": "two keys compared",
    "option_followed_default_out_of_bounds": "expressions",
    "ask_until_missing_choice": "two keys compared", "tricks_without_won": "the zones declared",
    "draw_from_player_zone": "the zones declared", "undefined_zone": "the zones declared",
    "move_to_hand_without_seat": "the zones declared",
    "expr_syntax_block": "expressions", "expr_syntax_plain": "expressions", "expr_syntax_quoted": "expressions",
    "say_unknown_name": "expressions", "unknown_function": "expressions", "unknown_name": "expressions",
    "unknown_suit": "expressions", "undefined_counter": "expressions", "undefined_option": "expressions",
    "counter_without_player": "expressions", "tricks_playable_unknown_candidate": "expressions",
    "teams_partners_odd": "two keys compared",
    "function_calls_itself": "expressions", "function_named_like_builtin": "the built-ins",
    "function_reads_player": "expressions", "draw_as_per_player": "the counters declared",
    "function_chain_too_deep": "expressions", "function_doubles": "expressions",
    "function_call_too_deep": "expressions", "loops_too_many": "expressions",
    # Types and seats: what an expression is, and how many players there are.
    "ask_who_huge": "the players", "draw_first_huge": "the players", "leader_out_of_range": "the players",
    "seat_out_of_range": "the players", "showdown_among_number": "the players",
    "ask_who_at_play": "only playing shows it", "combinations_too_many": "only playing shows it",
    "ask_no_answer_open": "only playing shows it", "counter_hides_builtin": "the built-ins",
    "slice_with_step": "expressions", "tricks_without_order": "two keys compared",
    "auction_double_in_a_duel": "two keys compared", "poker_rank_partial_order": "the deck",
    "record_field_typo": "expressions", "captures_several_prefer_rank": "two keys compared",
    "melds_unknown_order": "the deck",
    "deal_counts_too_few": "the zones declared", "decided_by_not_a_seat": "expressions",
    "numbered_zone_move_without_number": "the zones declared", "numbered_zone_out_of_range": "the zones declared",
    "numbered_zone_with_owner": "two keys compared", "numbered_zone_without_number": "the zones declared",
    "beats_number": "expressions", "cards_of_number": "expressions", "ceil_of_trick": "expressions",
    "counter_start_card": "expressions", "eliminate_fraction": "expressions",
    "end_match_number": "expressions", "holds_seat": "expressions", "move_number": "expressions",
    "negate_suit": "expressions", "packet_boolean": "expressions", "partner_of_trick": "expressions",
    "points_of_seat": "expressions", "rank_of_seat": "expressions", "rank_of_seats": "expressions",
    "reveal_fraction": "expressions", "seat_of_card": "expressions", "seat_of_fraction": "expressions",
    "trumps_suit_number": "expressions", "value_of_number": "expressions",
    "yaml11_open_no": "a YAML 1.1 word is a valid value either way",
    "yaml11_option_default": "a YAML 1.1 word is a valid value either way",
    "no_end_match": "only playing shows it",
    "variant_option_typo": "the base file", "extends_missing": "the base file",
    "extends_cycle_a": "the base file", "extends_cycle_b": "the base file",
    "extends_dev_zero": "the base file", "extends_directory": "the base file",
    "extends_etc_passwd": "the base file", "extends_not_a_rule_file": "the base file",
    "extends_nul_byte": "the base file", "extends_proc_environ": "the base file",
    "extends_up_and_out": "the base file",
}


def test_every_catalogue_case_is_classified():
    assert sorted(TOLD.keys() | UNPARSABLE | DUPLICATE | BEYOND.keys()) == [p.stem for p in CATALOGUE]


@pytest.mark.parametrize("case", CATALOGUE, ids=[p.stem for p in CATALOGUE])
def test_jsonschema_on_the_catalogue(case):
    text = case.read_text(encoding="utf-8")
    if case.stem in UNPARSABLE:
        with pytest.raises(yaml.YAMLError):
            as_parsed(text)
        return
    found = problems(as_parsed(text))
    assert found == problems(as_json(as_parsed(text)))
    if case.stem in TOLD:
        assert TOLD[case.stem] in {p for p, _, _ in found}, found
    else:
        assert found == []


# -- check-jsonschema, the command people put in CI and pre-commit --------------------------------------

def check_jsonschema(paths, tmp_path) -> dict:
    """`check-jsonschema --schemafile FILE PATHS -o json`, as its own process, with FILE what
    `ruledsl schema` prints. (A file, as docs/authoring.md says: check-jsonschema resolves the
    schema's path, so `--schemafile <(ruledsl schema)`, a /dev/fd pipe, cannot be opened.)"""
    schema_file = tmp_path / "ruledsl.schema.json"
    schema_file.write_text(CliRunner().invoke(main, ["schema"]).output, encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "check_jsonschema", "--schemafile", str(schema_file),
                             "--output-format", "json", *map(str, paths)], capture_output=True, text=True)
    report = json.loads(result.stdout)
    assert result.returncode == (0 if report["status"] == "ok" else 1), result.stderr
    return report


def test_check_jsonschema_accepts_every_shipped_file(tmp_path):
    report = check_jsonschema(SHIPPED, tmp_path)
    assert report["status"] == "ok", report


def test_check_jsonschema_rejects_the_catalogue_cases_a_schema_can_tell(tmp_path):
    report = check_jsonschema(CATALOGUE, tmp_path)
    invalid = {Path(e["filename"]).stem for e in report["errors"]}
    unparsable = {Path(e["filename"]).stem for e in report["parse_errors"]}
    assert invalid == set(TOLD)
    assert unparsable == UNPARSABLE | DUPLICATE


def test_command_prints_the_schema():
    result = CliRunner().invoke(main, ["schema"])
    assert result.exit_code == 0
    assert json.loads(result.output) == SCHEMA
