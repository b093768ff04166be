"""`ruledsl schema`: the JSON Schema (draft 2020-12) of the rule-file format, for editors.

The schema is built from the loader's own tables — loader.TOP_KEYS, STEP_KINDS (each kind's keys
and required keys), STEP_EXTRA, ZONE_KEYS, PLAYERS_KEYS, DECK_KEYS, OPTION_KEYS, COUNTER_KEYS,
LIMITS_KEYS, RESULT_KEYS, trumps.TRUMPS_KEYS / PROMOTION_KEYS, decisions.CHOICE_KEYS,
captures.BONUS_KEYS and the word tables (packs, owners, follow rules, …) — so a key the loader
learns is in the schema at once. `VALUES` says what a key holds where that is not an expression:
a key missing from it is taken to be an expression (and a test over every shipped rule file
notices when that guess is wrong).

A file that says `extends:` is a variant: it only overrides what differs, so the schema for it
drops required keys in mappings and lets `~` (null) remove an inherited entry; lists (step
lists, orders) replace whole, so what is inside them is checked in full.

Keys are what a YAML parser makes of them, not only strings: in `points: {3: 1/3, A: 1}` the key
3 is a number to PyYAML and to yaml-language-server (check-jsonschema turns keys into strings
first), so the names of ranks and cards allow both. Each step form has a `title` (`deal step`, …),
which editors show when they offer the forms. The tests check the schema with jsonschema and
check-jsonschema (tests/test_schema.py) and in yaml-language-server (tests/test_editor.py).
"""
from __future__ import annotations

from . import loader
from .engine import captures, deal, decisions, tricks, trumps
from .engine.cards import PACKS, SUITS

DIALECT = "https://json-schema.org/draft/2020-12/schema"
IDENTIFIER = "^[a-z_][a-z0-9_]*$"       # zone, option and counter names (loader._Reader.identifier)
NAME = {"type": "string", "pattern": IDENTIFIER,      # patternErrorMessage: yaml-language-server's
        "patternErrorMessage": "a name: lower case letters, digits and _, starting with a letter"}


def _ranks(suit: bool) -> dict:
    """A rank of any pack (`T` is 10), or with `suit` also a card (rank + suit letter), in either
    case as the loader reads them. A YAML parser reads the ranks that are numbers (3, 10) as
    numbers, so those are allowed too, within the numbered ranks."""
    ranks = sorted({r for pack in PACKS.values() for r in pack} | {"T"}, key=lambda r: (-len(r), r))
    words = "|".join("".join(f"[{c.upper()}{c.lower()}]" if c.isalpha() else c for c in r) for r in ranks)
    suits = f"[{''.join(SUITS)}{''.join(SUITS).lower()}]?" if suit else ""
    numbers = [int(r) for r in ranks if r.isdigit()]
    return {"type": ["string", "integer"], "pattern": f"^(?:{words}){suits}$",
            "minimum": min(numbers), "maximum": max(numbers),
            "patternErrorMessage": "a rank (A, K, 10, 2, …)" + (" or a card (QS, 10H)" if suit else "")}


# What each key holds, by (section, key); anything else is an expression. Sections are the
# top level ("file"), a step kind's settings (its kind), "step" (when/say/then/else) and the
# other mappings ("players", "deck", "zone", "option", "counter", "trumps", "promote",
# "choice", "bonus", "limits", "result").
VALUES: dict[tuple[str, str], dict] = {
    ("file", "name"): {"$ref": "#/$defs/text"},
    ("file", "description"): {"$ref": "#/$defs/text"},
    ("file", "extends"): {"$ref": "#/$defs/text"},
    ("file", "players"): {"$ref": "#/$defs/players"},
    ("file", "teams"): {"enum": list(loader.TEAMS)},
    ("file", "direction"): {"enum": list(loader.DIRECTIONS)},
    ("file", "deck"): {"$ref": "#/$defs/deck"},
    ("file", "zones"): {"$ref": "#/$defs/zones"},
    ("file", "options"): {"$ref": "#/$defs/options"},
    ("file", "counters"): {"$ref": "#/$defs/counters"},
    ("file", "trumps"): {"$ref": "#/$defs/trumps"},
    ("file", "setup"): {"$ref": "#/$defs/steps"},
    ("file", "hand"): {"$ref": "#/$defs/steps"},
    ("file", "after_hand"): {"$ref": "#/$defs/steps"},
    ("file", "summary"): {"$ref": "#/$defs/summary"},
    ("file", "result"): {"$ref": "#/$defs/result"},
    ("file", "limits"): {"$ref": "#/$defs/limits"},
    ("players", "min"): {"$ref": "#/$defs/seats"},
    ("players", "max"): {"$ref": "#/$defs/seats"},
    ("players", "default"): {"$ref": "#/$defs/seats"},
    ("deck", "pack"): {"enum": list(PACKS)},
    ("deck", "remove"): {"$ref": "#/$defs/ranks"},
    ("deck", "keep"): {"$ref": "#/$defs/ranks"},
    ("deck", "order"): {"$ref": "#/$defs/ranks"},
    ("deck", "orders"): {"$ref": "#/$defs/orders"},
    ("deck", "points"): {"$ref": "#/$defs/points"},
    ("deck", "values"): {"$ref": "#/$defs/values"},
    ("zone", "owner"): {"enum": list(loader.OWNERS)},
    ("zone", "visible"): {"enum": list(loader.VISIBILITY)},
    ("option", "default"): {"$ref": "#/$defs/option_value"},
    ("option", "choices"): {"type": "array", "items": {"$ref": "#/$defs/option_value"}},
    ("option", "min"): {"$ref": "#/$defs/number"},
    ("option", "max"): {"$ref": "#/$defs/number"},
    ("option", "help"): {"$ref": "#/$defs/text"},
    ("counter", "per"): {"enum": list(loader.COUNTER_PER)},
    ("counter", "scope"): {"enum": list(loader.COUNTER_SCOPES)},
    ("trumps", "promote"): {"type": "array", "items": {"$ref": "#/$defs/promote"}},
    ("promote", "card"): {"$ref": "#/$defs/text"},
    ("promote", "above"): {"$ref": "#/$defs/rank"},
    ("limits", "hands"): {"type": "integer", "minimum": 1, "maximum": 1_000_000},
    ("step", "say"): {"$ref": "#/$defs/text"},
    ("step", "then"): {"$ref": "#/$defs/steps"},
    ("step", "else"): {"$ref": "#/$defs/steps"},
    ("do", ""): {"$ref": "#/$defs/statements"},
    ("deal", "into"): {"$ref": "#/$defs/text"},
    ("deal", "as"): {"$ref": "#/$defs/text"},
    ("draw", "from"): {"anyOf": [{"$ref": "#/$defs/text"},
                                 {"type": "array", "items": {"$ref": "#/$defs/text"}}]},
    ("draw", "shortfall"): {"enum": list(deal.SHORTFALL)},
    ("draw", "into"): {"$ref": "#/$defs/text"},
    ("ask", "prompt"): {"$ref": "#/$defs/text"},
    ("ask", "choices"): {"type": "object", "minProperties": 1,
                         "additionalProperties": {"anyOf": [{"type": "null"}, {"$ref": "#/$defs/choice"}]}},
    ("ask", "until"): {"anyOf": [{"$ref": "#/$defs/text"},
                                 {"type": "array", "items": {"$ref": "#/$defs/text"}}]},
    ("choice", "each"): {"$ref": "#/$defs/text"},
    ("choice", "do"): {"$ref": "#/$defs/statements"},
    ("choice", "then"): {"$ref": "#/$defs/steps"},
    ("tricks", "lead"): {"type": "array", "items": {"type": "integer", "minimum": 1}},
    ("tricks", "follow"): {"enum": list(tricks.FOLLOW)},
    ("tricks", "won"): {"$ref": "#/$defs/text"},
    ("tricks", "before_trick"): {"$ref": "#/$defs/steps"},
    ("tricks", "before_play"): {"$ref": "#/$defs/steps"},
    ("tricks", "after_trick"): {"$ref": "#/$defs/steps"},
    ("captures", "table"): {"$ref": "#/$defs/text"},
    ("captures", "pile"): {"$ref": "#/$defs/text"},
    ("captures", "rank"): {"type": "boolean"},
    ("captures", "sum"): {"type": "boolean"},
    ("captures", "optional"): {"type": "boolean"},
    ("captures", "bonuses"): {"type": "array", "items": {"$ref": "#/$defs/bonus"}},
    ("captures", "after_play"): {"$ref": "#/$defs/steps"},
    ("captures", "refill"): {"$ref": "#/$defs/steps"},
    ("showdown", "as"): {"$ref": "#/$defs/text"},
    ("move", "to"): {"$ref": "#/$defs/text"},
    ("bonus", "name"): {"$ref": "#/$defs/text"},
    ("bonus", "do"): {"$ref": "#/$defs/statements"},
}

# Hover text for the editor (short; docs/language.md has the whole story).
DESCRIPTIONS = {
    "name": "the game's name", "description": "one paragraph about the game",
    "extends": "a relative path to a base rule file; this file overrides what differs",
    "players": "a number, or {min, max, default}", "teams": "partners, or none",
    "direction": "the way dealing, play and rotation go", "deck": "the cards: pack, ranks, orders, points",
    "zones": "where cards lie and who sees them", "options": "named parameters with defaults",
    "counters": "named values per player, per team or per game",
    "trumps": "the trump suit and promoted cards", "setup": "steps run once, before the first hand",
    "hand": "the steps of one hand", "after_hand": "steps run after every hand",
    "summary": "labelled per-player expressions shown after each hand",
    "result": "returns: the final payoff per player", "limits": "hands: the most hands a match may last",
    "when": "the step runs only if this expression is true",
    "say": "a message for the table, with {expr} parts",
}


def schema() -> dict:
    """The JSON Schema of a rule file, as a JSON-ready dict."""
    defs: dict = {
        "expression": {"type": ["string", "number", "boolean"],
                       "description": "an expression (docs/language.md §7)"},
        "statements": {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}],
                       "description": "statements: one text (a; b) or a list of texts"},
        "text": {"type": ["string", "number", "boolean"]},
        "number": {"type": ["number", "string"], "description": "a number; 1/3 is an exact fraction"},
        "seats": {"type": "integer", "minimum": 1, "maximum": 12},
        "rank": _ranks(suit=False),
        "ranks": {"type": "array", "items": {"$ref": "#/$defs/rank"}, "uniqueItems": True},
        "option_value": {"type": ["number", "boolean", "string"]},
        "steps": {"type": "array", "items": {"$ref": "#/$defs/step"}},
    }
    for patch in (False, True):
        _sections(defs, patch)
    defs["step"] = _step(defs)
    out = {
        "$schema": DIALECT,
        "title": "ruledsl rule file",
        "description": "A card game as a rule file (docs/language.md). Generated by `ruledsl schema`.",
        "if": {"type": "object", "required": ["extends"]},
        "then": {"$ref": "#/$defs/variant"},
        "else": {"$ref": "#/$defs/game"},
        "$defs": defs,
    }
    return out


def _value(section: str, key: str) -> dict:
    value = dict(VALUES.get((section, key), {"$ref": "#/$defs/expression"}))
    if key in DESCRIPTIONS and section in ("file", "step"):
        value["description"] = DESCRIPTIONS[key]
    return value


def _object(section: str, keys, required=(), patch=False, renames=None) -> dict:
    """A mapping with exactly `keys`; in a variant (patch) nothing is required and null removes."""
    props = {}
    for key in keys:
        value = _value(section, key)
        if patch:
            value = _patched(value, renames)
        props[key] = _or_null(value) if patch else value
    out = {"type": "object", "properties": props, "additionalProperties": False}
    if required and not patch:
        out["required"] = list(required)
    return out


def _or_null(value: dict) -> dict:
    return {"anyOf": [value, {"type": "null"}]}


def _patched(value: dict, renames) -> dict:
    """Point a reference to a mapping section at its variant form."""
    ref = value.get("$ref", "")
    name = ref.rsplit("/", 1)[-1]
    if renames and name in renames:
        value = dict(value, **{"$ref": f"#/$defs/{name}_patch"})
    return value


def _sections(defs: dict, patch: bool) -> None:
    """The mapping sections of a file (for a variant when `patch`): the top level and below."""
    sfx = "_patch" if patch else ""
    maps = ("players", "deck", "zones", "options", "counters", "trumps", "summary", "result",
            "limits", "orders", "points", "values", "zone", "option", "counter")
    renames = set(maps) if patch else None

    def named(item: dict, names: dict | None = NAME) -> dict:
        """A mapping of names to `item` (zones, options, counters, …); `names` (a schema for the
        keys) None when any key will do (labels, order names)."""
        value = _patched(item, renames) if patch else item
        out = {"type": "object", "additionalProperties": _or_null(value) if patch else value}
        return out | ({"propertyNames": names} if names else {})

    top = _object("file", loader.TOP_KEYS, ("name", "players", "deck", "hand"), patch, renames)
    defs["variant" if patch else "game"] = top
    defs["players" + sfx] = {"anyOf": [{"$ref": "#/$defs/seats"},
                                       _object("players", loader.PLAYERS_KEYS, ("min", "max"), patch, renames)]}
    defs["deck" + sfx] = _object("deck", loader.DECK_KEYS, ("order",), patch, renames)
    defs["orders" + sfx] = named({"$ref": "#/$defs/ranks"}, names=None)
    defs["points" + sfx] = named({"$ref": "#/$defs/number"}, names=_ranks(suit=True))
    defs["values" + sfx] = named({"type": "integer"}, names=_ranks(suit=True))
    defs["zones" + sfx] = named({"$ref": "#/$defs/zone"})
    defs["zone" + sfx] = _object("zone", loader.ZONE_KEYS, (), patch, renames)
    defs["options" + sfx] = named({"$ref": "#/$defs/option"})
    defs["option" + sfx] = {"anyOf": [{"$ref": "#/$defs/option_value"},
                                      _object("option", loader.OPTION_KEYS, ("default",), patch, renames)]}
    defs["counters" + sfx] = named({"$ref": "#/$defs/counter"})
    defs["counter" + sfx] = {"anyOf": [{"$ref": "#/$defs/expression"},
                                       _object("counter", loader.COUNTER_KEYS, (), patch, renames)]}
    defs["trumps" + sfx] = _object("trumps", trumps.TRUMPS_KEYS, (), patch, renames)
    defs["summary" + sfx] = named({"$ref": "#/$defs/expression"}, names=None)
    defs["result" + sfx] = _object("result", loader.RESULT_KEYS, (), patch, renames)
    defs["limits" + sfx] = _object("limits", loader.LIMITS_KEYS, (), patch, renames)
    if not patch:       # only inside lists: always whole
        defs["promote"] = _object("promote", trumps.PROMOTION_KEYS, ("card", "above"))
        defs["choice"] = _object("choice", decisions.CHOICE_KEYS)
        defs["bonus"] = _object("bonus", captures.BONUS_KEYS, captures.BONUS_KEYS)


def _step(defs: dict) -> dict:
    """A step: one kind key (with its settings), `when`, `say`; `if` adds then/else."""
    flags = [k for k, t in loader.STEP_KINDS.items() if t.get("flag")]
    forms: list = [{"title": f"{' or '.join(flags)} (a step of one word)", "enum": flags}]
    extra = {k: _value("step", k) for k in loader.STEP_EXTRA}
    for kind, table in loader.STEP_KINDS.items():
        if "keys" in table:
            args = _object(kind, table["keys"], table.get("required", ()))
        elif table.get("flag"):
            args = {"type": "null"}
        else:
            args = dict(VALUES.get((kind, ""), {"$ref": "#/$defs/expression"}))
        defs[f"{kind}_step"] = args
        own = ("when", "say") + (("then", "else") if kind == "if" else ())
        props = {kind: {"$ref": f"#/$defs/{kind}_step"}, **{k: extra[k] for k in own}}
        required = [kind] + (["then"] if kind == "if" else [])
        forms.append({"title": f"{kind} step", "type": "object", "properties": props, "required": required,
                      "additionalProperties": False})
    forms.append({"title": "say step", "type": "object", "properties": {"say": extra["say"], "when": extra["when"]},
                  "required": ["say"], "additionalProperties": False})
    return {"anyOf": forms}
