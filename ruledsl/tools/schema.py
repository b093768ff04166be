"""`ruledsl schema`: the JSON Schema (draft 2020-12) of the rule-file format, for editors.

The schema is written from the language's declarations (lang/: each construct's keys and what
each key holds; lang/steps/: each step kind's settings), never from a table of its own: a key
the language learns is in the schema at once, with its documentation as the hover text.

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

from ..lang import declare as d
from ..lang import functions
from ..lang.deck import DECK, PACK
from ..lang.ruleset import RULESET
from ..lang.steps import KINDS
from ..runtime.cards import FRENCH_SUITS, JOKER, PACKS

DIALECT = "https://json-schema.org/draft/2020-12/schema"
IDENTIFIER = "^[a-z_][a-z0-9_]*$"       # zone, option and counter names (load.py)
NAME = {"type": "string", "pattern": IDENTIFIER,      # patternErrorMessage: yaml-language-server's
        "patternErrorMessage": "a name: lower case letters, digits and _, starting with a letter"}


def _ranks(suit: bool) -> dict:
    """A rank of any built-in pack (`T` is 10), or with `suit` also a card (rank + suit letter),
    a joker (JK1) or a suit, in either case as the loader reads them. A YAML parser reads the
    ranks that are numbers (3, 10) as numbers, so those are allowed too, within the numbered ranks."""
    ranks = sorted({r for pack in PACKS.values() for r in pack.ranks} | {"T", JOKER}, key=lambda r: (-len(r), r))
    words = "|".join("".join(f"[{c.upper()}{c.lower()}]" if c.isalpha() else c for c in r) for r in ranks)
    letters = "".join(FRENCH_SUITS)
    cards = f"(?:{words})[{letters}{letters.lower()}]?|[{letters}{letters.lower()}]|[Jj][Kk][1-9]" if suit else words
    numbers = [int(r) for r in ranks if r.isdigit()]
    return {"type": ["string", "integer"], "pattern": f"^(?:{cards})$",
            "minimum": min(numbers), "maximum": max(numbers),
            "patternErrorMessage": "a rank (A, K, 10, 2, …)" + (" or a card (QS, 10H)" if suit else "")}


def _written_ranks(suit: bool) -> dict:
    """The same for a pack written out: a rank is up to three letters or digits, a card one with
    a suit letter."""
    card = "[A-Za-z0-9]{1,3}[A-Za-z]?" if suit else "[A-Za-z0-9]{1,3}"
    return {"type": ["string", "integer"], "pattern": f"^{card}$", "minimum": 0,
            "patternErrorMessage": "a rank (A, K, 10, 2, …)" + (", a card (QS, 10H, JK1) or a suit (H)" if suit else "")}
# The $defs name of each construct (the rule file itself is `game`, or `variant` when it extends).
DEF_NAMES = {"players": "players", "deck": "deck", "zone": "zone", "option": "option", "counter": "counter",
             "trumps": "trumps", "promotion": "promote", "pack": "pack", "choice": "choice", "bonus": "bonus",
             "result": "result", "limits": "limits", "restriction": "restriction", "teams": "teams"}
# The defs that name ranks: written twice, for the built-in packs' ranks and for a pack written out.
WRITTEN = ("orders", "points", "values")
# The mappings a variant may change key by key (the rest sit in lists, which replace whole).
PATCHED = ("players", "deck", "zones", "options", "counters", "trumps", "summary", "result", "limits",
           "orders", "points", "values", "zone", "option", "counter")


def schema() -> dict:
    """The JSON Schema of a rule file, as a JSON-ready dict."""
    defs: dict = {
        "expression": {"type": ["string", "number", "boolean"],
                       "description": "an expression (docs/language.md §7)"},
        "list_expression": {"anyOf": [{"$ref": "#/$defs/expression"}, {"type": "array"}],
                            "description": "an expression giving a list, or a list written [a, b, …] on one line"},
        "statements": {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}],
                       "description": "statements: one text (a; b) or a list of texts"},
        "text": {"type": ["string", "number", "boolean"]},
        "number": {"type": ["number", "string"], "description": "a number; 1/3 is an exact fraction"},
        "seats": {"type": "integer", "minimum": 1, "maximum": 12},
        "rank": _ranks(suit=False),
        "ranks": {"type": "array", "items": {"$ref": "#/$defs/rank"}, "uniqueItems": True},
        "written_rank": _written_ranks(suit=False),
        "written_ranks": {"type": "array", "items": {"$ref": "#/$defs/written_rank"}, "uniqueItems": True},
        "option_value": {"type": ["number", "boolean", "string"]},
        "steps": {"type": "array", "items": {"$ref": "#/$defs/step"}},
    }
    for patch in (False, True):
        _Writer(defs, patch).construct(RULESET, "variant" if patch else "game")
    defs["step"] = _step(defs)
    return {
        "$schema": DIALECT,
        "title": "ruledsl rule file",
        "description": "A card game as a rule file (docs/language.md). Generated by `ruledsl schema`.",
        "if": {"type": "object", "required": ["extends"]},
        "then": {"$ref": "#/$defs/variant"},
        "else": {"$ref": "#/$defs/game"},
        "$defs": defs,
    }


def _ref(name: str) -> dict:
    return {"$ref": f"#/$defs/{name}"}


def _or_null(value: dict) -> dict:
    return {"anyOf": [value, {"type": "null"}]}


class _Writer:
    """The $defs of the constructs reached from the top, whole (`patch` False) or as a variant
    writes them (every key optional, null removes)."""

    def __init__(self, defs: dict, patch: bool, written: bool = False):
        self.defs, self.patch = defs, patch
        self.written = written or patch      # ranks of a written pack (a variant's base may write one)

    def name(self, base: str) -> str:
        if base in WRITTEN and self.written and not self.patch:
            return "written_" + base
        return base + "_patch" if self.patch and base in PATCHED else base

    def construct(self, construct: d.Construct, def_name: str | None = None) -> dict:
        """A $ref to the construct's def (written on first use)."""
        name = def_name or self.name(DEF_NAMES[construct.name])
        if name not in self.defs:
            self.defs[name] = {}             # reserved: a construct may refer to itself
            self.defs[name] = self._object(construct, top=construct is RULESET)
        return _ref(name)

    def _object(self, construct: d.Construct, top: bool = False) -> dict:
        patch = self.patch and (top or DEF_NAMES.get(construct.name) in PATCHED)
        props = {}
        for key in construct.keys:
            value = self.holds(key.holds, key)
            if top and key.doc:
                value = dict(value, description=key.doc)
            props[key.name] = _or_null(value) if patch else value
        out: dict = {"type": "object", "properties": props, "additionalProperties": False}
        required = [k.name for k in construct.keys if k.required or (top and k.name == "players")]
        if required and not patch:
            out["required"] = required       # the rule file needs players too, though a variant does not
        if construct.short is not None:
            short = construct.short if isinstance(construct.short, d.Key) else construct.key(construct.short)
            return {"anyOf": [self.holds(short.holds, short), out]}
        if construct is DECK and not self.written:
            # The ranks a deck names are a built-in pack's, unless its pack is written out.
            written = _Writer(self.defs, patch=False, written=True)
            out = {"if": {"required": ["pack"], "properties": {"pack": {"type": "object"}}},
                   "then": written._object(construct), "else": out}
        return out

    def holds(self, holds: d.Holds, key: d.Key | None = None) -> dict:
        """What a key holds, as a schema."""
        return getattr(self, "_" + type(holds).__name__)(holds)

    def _Expression(self, holds):
        return _ref("list_expression" if holds.place.has("list") else "expression")

    def _StatementsHolds(self, holds):
        return _ref("statements")

    def _Each(self, holds):
        return _ref("text")

    _Say = _Text = _AName = _ZoneName = _CounterName = _ZoneTarget = _Each

    def _Rank(self, holds):
        return _ref("written_rank" if self.written else "rank")

    def _Recipients(self, holds):
        return _ref("expression")

    def _Word(self, holds):
        return {"enum": list(holds.words)}

    def _Flag(self, holds):
        return {"type": "boolean"}

    def _Whole(self, holds):
        out: dict = {"type": "integer"}
        if holds.min is not None:
            out["minimum"] = holds.min
        if holds.max is not None:
            out["maximum"] = holds.max
        return out

    def _Number(self, holds):
        return _ref("number")

    def _Sizes(self, holds):
        return {"type": "array", "items": {"type": "integer", "minimum": 1, **({"maximum": holds.max} if holds.max else {})}}

    def _Names(self, holds):
        return {"anyOf": [_ref("text"), {"type": "array", "items": _ref("text")}]}

    def _Steps(self, holds):
        return _ref("steps")

    def _Section(self, holds):
        if holds.construct is PACK:          # a pack written out names ranks of its own
            return _Writer(self.defs, self.patch, written=True).construct(PACK)
        return self.construct(holds.construct)

    def _Entries(self, holds):
        base = {"zone": "zones", "option": "options", "counter": "counters"}.get(holds.construct.name)
        item = self.construct(holds.construct)
        if holds.construct.null:
            item = {"anyOf": [{"type": "null"}, item]}
        if base is None:                     # an ask's choices: inside a step list, always whole
            return {"type": "object", "minProperties": 1, "additionalProperties": item}
        return self._named(base, item, NAME)

    def _named(self, base: str, item: dict, names: dict | None) -> dict:
        """A $ref to a mapping of names to `item` (zones, options, counters, …); `names` (a
        schema for the keys) None when any key will do (labels, order names)."""
        name = self.name(base)
        if name not in self.defs:
            value = _or_null(item) if self.patch else item
            self.defs[name] = {"type": "object", "additionalProperties": value} | \
                ({"propertyNames": names} if names else {})
        return _ref(name)

    def _Items(self, holds):
        item = self.construct(holds.construct) if isinstance(holds.construct, d.Construct) else \
            self.holds(holds.construct)
        return {"type": "array", "items": item}

    def _Lines(self, holds):
        return self._named("summary", _ref("expression"), None)

    def _Functions(self, holds):
        return self._named("functions", _ref("expression"), {"pattern": f"^{functions.SIGNATURE.pattern}$"})

    def _OptionValue(self, holds):
        return _ref("option_value")

    def _Labels(self, holds):
        return {"type": "object", "additionalProperties": {"type": ["string", "number"]}}

    def _RankList(self, holds):
        return _ref("written_ranks" if self.written else "ranks")

    def _Orders(self, holds):
        return self._named("orders", self._RankList(holds), None)

    def _RankTable(self, holds):
        keys = _written_ranks(suit=True) if self.written else _ranks(suit=True)
        if holds.whole:
            return self._named("values", self._Whole(holds), keys)
        return self._named("points", _ref("number"), keys)


# Hover text for the keys every step has.
STEP_KEYS = {"when": ("the step runs only if this expression is true", _ref("expression")),
             "say": ("a message for the table, with {expr} parts", _ref("text"))}


def _step(defs: dict) -> dict:
    """A step: one kind key (with its settings), `when`, `say`; `if` adds then/else."""
    writer = _Writer(defs, patch=False)
    flags = [name for name, kind in KINDS.items() if kind.flag]
    forms: list = [{"title": f"{' or '.join(flags)} (a step of one word)", "enum": flags}]
    common = {k: dict(schema, description=doc) for k, (doc, schema) in STEP_KEYS.items()}
    for name, kind in KINDS.items():
        if kind.flag:
            args = {"type": "null"}
        elif kind.inline is not None:
            args = writer.holds(kind.inline.holds)
        else:
            args = {"type": "object", "properties": {k.name: writer.holds(k.holds) for k in kind.keys},
                    "additionalProperties": False}
            required = [k.name for k in kind.keys if k.required]
            if required:
                args["required"] = required
        defs[f"{name}_step"] = args
        props = {name: _ref(f"{name}_step"), **common,
                 **{k.name: dict(writer.holds(k.holds), description=k.doc) for k in kind.extra}}
        required = [name] + [k.name for k in kind.extra if k.required]
        forms.append({"title": f"{name} step", "type": "object", "properties": props, "required": required,
                      "additionalProperties": False})
    forms.append({"title": "say step", "type": "object", "properties": {"say": common["say"], "when": common["when"]},
                  "required": ["say"], "additionalProperties": False})
    return {"anyOf": forms}
