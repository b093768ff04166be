"""Rule file → Ruleset: the YAML nodes (positions kept) read into the language's models, driven
by the declarations of lang/ (each construct's keys and what they hold), every error collected.

This is the only reader of YAML nodes below the front end (yamlnodes.py reads the text,
variants.py merges `extends:`): what the rest of ruledsl sees are frozen models, with every
expression parsed once, here. Names that need the whole file (a zone a step deals to, a counter
an expression reads, the types) are checked when the ruleset is compiled (compile/).
"""
from __future__ import annotations

import os
import re
from pathlib import Path

import attrs

from . import variants
from ..errors import Collector, Reported, RuleError, RuleErrors, did_you_mean
from ..expr import parse_binding, parse_expression, parse_statements
from ..lang import declare as d
from ..lang import functions
from ..lang.deck import MAX_RANKS
from ..lang.options import OptionError
from ..lang.ruleset import RULESET, Ruleset
from ..lang.steps import KINDS, SAY
from ..lang.zones import DEFAULT_ZONES
from ..source import Source, Span
from .yamlnodes import (Map, Scalar, Seq, as_bool, as_int, as_list, as_map, as_number, as_text, check_keys,
                        node_kind, read_yaml)

MAX_LEAD = MAX_RANKS               # a lead of more cards than a suit holds cannot be made
ZONE_REF = re.compile(r"^\s*([a-z_][a-z0-9_]*)\s*(?:\((.*)\))?\s*$", re.S)
PREFIXED = {"deck": "deck.", "players": "players.", "limits": "limits."}   # how messages name their keys
_FAILED = object()


def load(path: str | Path, roots=()) -> Ruleset:
    """Read and check a rule file; raise RuleErrors listing every problem found. A base it
    extends may lie in `roots` too (files.trees)."""
    tops: list = []         # the file's own root, before any merge: its `extends` names the base

    def parse(source):
        tops.append(_parse(source))
        return tops[-1]
    root, source = variants.resolve(Path(path), parse, roots)
    errors = Collector()
    ruleset = errors.attempt(Reader(source, errors).construct, RULESET, root)
    errors.check()
    ext = tops[0].get("extends")
    if isinstance(ext, Scalar):
        ruleset = attrs.evolve(ruleset, base=os.path.normpath(Path(path).parent / ext.text))
    return ruleset


def _parse(source: Source) -> Map:
    root = read_yaml(source)
    if not isinstance(root, Map):
        span = root.span if root is not None else Span(source, 1, 1)
        raise RuleErrors([RuleError(span, "a rule file is a mapping of keys such as 'name', "
                                          "'deck' and 'hand'", "start with a line like 'name: My game'")])
    return root


class Reader:
    """Reads constructs by their declarations; collects errors in `errors`."""

    def __init__(self, source: Source | None, errors: Collector):
        self.path = source.path if source else ""
        self.errors = errors
        self.deck = None                    # the runtime deck, once deck: is read (promotions need it)
        self.default_zones = dict(DEFAULT_ZONES)
        self.shared_zones: set[str] = {"deck"}

    # -- constructs -------------------------------------------------------------------------------

    def construct(self, construct: d.Construct, node, name: str | None = None, span: Span | None = None):
        """A construct from its node (an entry of a mapping is given its `name` and the key's span)."""
        what = construct.what.format(name=name)
        prefix = PREFIXED.get(construct.name, "")
        values: dict = {"name": name} if name is not None else {}
        spans: dict = {"": span or node.span}
        if not isinstance(node, Map):
            if construct.null and _is_null(node):
                node = Map((), node.span)
            elif construct.short is not None:
                key = construct.short if isinstance(construct.short, d.Key) else construct.key(construct.short)
                values.update(self._defaults(construct, spans, node))
                values[key.attr] = self.value(key, node)
                spans[key.name] = node.span
                return self._build(construct, values, spans)
            else:
                as_map(node, what)
        complete = check_keys(node, [k.name for k in construct.keys], what, self.errors,
                              required=[k.name for k in construct.keys if k.required],
                              hints={k.name: k.hint for k in construct.keys if k.hint})
        complete = self._read_keys(construct.keys, node, values, spans, prefix, construct) and complete
        if not complete:
            raise Reported
        return self._build(construct, values, spans)

    def _read_keys(self, keys, node: Map, values: dict, spans: dict, prefix: str = "", construct=None) -> bool:
        """Each key's value into `values` (its default when absent); every error is collected,
        and False returned if there was one."""
        ok = True
        for key in keys:
            child = node.get(key.name)
            spans[key.name] = child.span if child is not None else node.span
            value = self.errors.attempt(self.value, key, child, prefix, default=_FAILED) if child is not None \
                else self.default(key, node)
            if value is _FAILED:
                ok, value = False, self.default(key, node)
            values[key.attr] = value
            if construct is not None:
                self._note(construct, key, value)
        return ok

    def _defaults(self, construct, spans, node) -> dict:
        out = {}
        for key in construct.keys:
            spans[key.name] = node.span
            out[key.attr] = self.default(key, node)
        return out

    def _build(self, construct, values, spans):
        fields = {f.name for f in attrs.fields(construct.model)}
        if "span" in fields:
            values.setdefault("span", spans[""])
        if construct.build is not None:
            return construct.build(values, spans, self)
        return construct.model(**{k: v for k, v in values.items() if k in fields})

    def _note(self, construct, key, value) -> None:
        """What later keys need to know: the deck (for promotions), the shared zones (for deals)."""
        if key.name == "deck" and value is not None and construct is RULESET:
            self.deck = value.cards()
        elif key.name == "zones" and construct is RULESET:
            self.shared_zones |= {z for z, spec in value.items() if spec.owner == "shared"}

    def default(self, key: d.Key, node):
        """A missing key's value: its declared default (an expression default is parsed here)."""
        if key.default is d.REQUIRED:
            return None
        if isinstance(key.holds, d.Expression) and isinstance(key.default, str):
            return self.expression(Scalar(key.default, "", node.span))
        return key.default

    # -- values -----------------------------------------------------------------------------------

    def value(self, key: d.Key, node, prefix: str = ""):
        """The value of `key` read from its node, by what the key holds."""
        holds, label = key.holds, prefix + key.name
        method = getattr(self, "_" + type(holds).__name__)
        return method(holds, node, label)

    def expression(self, node) -> d.Expr:
        if not isinstance(node, Scalar):
            raise RuleError(node.span, f"expected an expression, found {node_kind(node)}",
                            "YAML reads an unquoted [ … ] as its own list: an expression is one value "
                            "(5, 40 // players), and an expression list is quoted: \"[a, b]\""
                            if isinstance(node, Seq) else
                            "YAML reads { … } and 'key: value' as a mapping: quote the expression")
        return d.Expr(node.text, node, parse_expression(node.text, node.locate))

    def _Expression(self, holds, node, label):
        return self.expression(node)

    def _StatementsHolds(self, holds, node, label):
        items = (node,) if isinstance(node, Scalar) else as_list(node, "statements")
        parts = []
        for item in items:
            if not isinstance(item, Scalar):
                raise RuleError(item.span, f"expected statements, found {node_kind(item)}",
                                "a statement is one text, such as 'pool += 1'")
            parts.append(d.Expr(item.text, item, parse_statements(item.text, item.locate), "statements"))
        return d.Statements(tuple(parts))

    def _Each(self, holds, node, label):
        if not isinstance(node, Scalar):
            raise RuleError(node.span, f"expected 'NAME in EXPR', found {node_kind(node)}",
                            "for example: each: c in hand(player)")
        var, seq = parse_binding(node.text, node.locate)
        return d.Expr(node.text, node, _Binding(var, seq), "binding")

    def _Say(self, holds, node, label):
        return self.template(node)

    def template(self, node) -> d.Template:
        """A `say:` text: literal parts and {expr} parts, each expression located in the text."""
        parts, text, pos = [], node.text, 0
        for m in re.finditer(r"\{([^{}]*)\}", text):
            parts.append(text[pos:m.start()])
            snippet = Snippet(m.group(1), node, m.start(1))
            parts.append(d.Expr(snippet.text, snippet, parse_expression(snippet.text, snippet.locate)))
            pos = m.end()
        parts.append(text[pos:])
        return d.Template(text, tuple(p for p in parts if p != ""), node.span)

    def _Word(self, holds, node, label):
        word = as_text(node, label)
        if word not in holds.words:
            suggestion = did_you_mean(word, holds.suggest) if holds.suggest else None
            raise RuleError(node.span, f"unknown {holds.noun} '{word}'", suggestion or holds.hint)
        return holds.means.get(word, word)

    def _Flag(self, holds, node, label):
        return as_bool(node, label)

    def _Whole(self, holds, node, label):
        return as_int(node, label, min=holds.min, max=holds.max)

    def _Number(self, holds, node, label):
        return as_number(node, label)

    def _Text(self, holds, node, label):
        return as_text(node, label)

    def _Sizes(self, holds, node, label):
        return tuple(as_int(x, holds.what, min=1, max=holds.max or MAX_LEAD) for x in as_list(node, label))

    def _Names(self, holds, node, label):
        items = (node,) if isinstance(node, Scalar) else as_list(node, label)
        return tuple(d.Name(as_text(item, "a name"), item.span) for item in items)

    def _AName(self, holds, node, label):
        return d.Name(as_text(node, label), node.span)

    _ZoneName = _CounterName = _Rank = _AName

    def _ZoneTarget(self, holds, node, label):
        text = as_text(node, "a zone")
        m = ZONE_REF.match(text)
        if not m:
            raise RuleError(node.span, f"'{text}' is not a zone", "write a zone name, or name(seat)")
        index = None
        if m.group(2) is not None:
            snippet = Snippet(m.group(2), node, m.start(2))
            index = d.Expr(snippet.text, snippet, parse_expression(snippet.text, snippet.locate))
        return d.ZoneRef(text, m.group(1), index, node.locate(m.start(1), len(m.group(1))))

    def _Recipients(self, holds, node, label):
        text = as_text(node, label).strip()
        if text == "each":
            return d.To(text, each=True, span=node.span)
        if text in self.shared_zones:
            return d.To(text, zone=d.Name(text, node.span), span=node.span)
        return d.To(text, seats=self.expression(node), span=node.span)

    def _Steps(self, holds, node, label):
        out = []
        for item in self.errors.attempt(as_list, node, label, default=()) or ():
            step = self.errors.attempt(self.step, item, label)
            if step is not None:
                out.append(step)
        return tuple(out)

    def _Section(self, holds, node, label):
        return self.construct(holds.construct, node)

    def _Entries(self, holds, node, label):
        out = {}
        for key, value in as_map(node, label).entries:
            name = self.errors.attempt(self._entry_name, key, holds)
            if name is not None:
                model = self.errors.attempt(self.construct, holds.construct, value, name, key.span)
                if model is not None:
                    out[name] = model
        return out

    def _entry_name(self, key: Scalar, holds) -> str:
        name = key.text
        if holds.names == "word":
            if not name.replace("_", "").isalnum() or not name.islower():
                raise RuleError(key.span, f"'{name}' cannot name a choice", "choices are lower-case words")
            return name
        if not name.isidentifier() or not name.islower() or not name.isascii():
            raise RuleError(key.span, f"'{name}' cannot name {_article(holds.construct.name)}",
                            "names are lower case letters, digits and _, starting with a letter")
        return name

    def _Items(self, holds, node, label):
        items = as_list(node, label)
        if isinstance(holds.construct, d.Construct):
            return tuple(self.construct(holds.construct, item) for item in items)
        return tuple(getattr(self, "_" + type(holds.construct).__name__)(holds.construct, item, label)
                     for item in items)

    def _Lines(self, holds, node, label):
        out = []
        for key, value in as_map(node, label).entries:
            if not isinstance(value, Scalar):
                raise RuleError(value.span, "a summary line is an expression")
            out.append((key.text, self.expression(value)))
        return tuple(out)

    def _Functions(self, holds, node, label):
        out = {}
        for key, value in as_map(node, label).entries:
            name, params = functions.signature(key.text, key.span)
            if name in out:
                raise RuleError(key.span, f"function '{name}' is defined twice",
                                "give each function its own name")
            out[name] = functions.Function(name, params, self.expression(value), key.span)
        return out

    def _OptionValue(self, holds, node, label):
        if holds.expression and isinstance(node, Scalar) and node.style == "" and "option." in node.text:
            return self.expression(node)          # a default that follows other options
        return option_value(node)

    def _RankList(self, holds, node, label):
        return tuple(d.Name(as_text(item, "a rank"), item.span) for item in as_list(node, label))

    def _Orders(self, holds, node, label):
        return tuple((d.Name(key.text, key.span), self._RankList(holds, value, f"{label}.{key.text}"))
                     for key, value in as_map(node, label).entries)

    def _Labels(self, holds, node, label):
        return tuple((d.Name(key.text, key.span), as_text(value, f"{label}.{key.text}"))
                     for key, value in as_map(node, label).entries)

    def _RankTable(self, holds, node, label):
        out = []
        for key, value in as_map(node, label).entries:
            what = f"{label}.{key.text}"
            number = as_int(value, what, min=holds.min, max=holds.max) if holds.whole else as_number(value, what)
            out.append((d.Name(key.text, key.span), number))
        return tuple(out)

    # -- steps ------------------------------------------------------------------------------------

    def step(self, node, what: str):
        if isinstance(node, Scalar) and node.text in KINDS and KINDS[node.text].flag:
            return KINDS[node.text].model(span=node.span)
        m = as_map(node, f"a step of {what}")
        kinds = [k for k in m.keys() if k in KINDS]
        if not kinds and m.get("say") is not None:
            return self._say_step(m)
        if len(kinds) != 1:
            return self._bad_step(m, kinds, what)
        kind = KINDS[kinds[0]]
        check_keys(m, (kind.name, "when", "say", *(k.name for k in kind.extra)), f"a '{kind.name}' step", self.errors)
        values = self._settings(kind, m)
        for key in kind.extra:
            child = m.get(key.name)
            if child is None and key.required:
                raise RuleError(m.span, f"{_article(kind.name).split()[0]} '{kind.name}' step needs '{key.name}'", key.hint)
            values[key.attr] = self.value(key, child) if child is not None else self.default(key, m)
        keys = {k.text: k.span for k, _ in m.entries}
        return kind.model(**values, **self._common(m), span=m.span, keys=keys)

    def _settings(self, kind, m: Map) -> dict:
        args = m.get(kind.name)
        if kind.inline is not None:
            if isinstance(args, Map):
                raise RuleError(args.span, f"'{kind.name}' takes an expression here, found a mapping")
            return {kind.inline.attr: self.value(kind.inline, args)}
        if kind.flag:
            return {}
        if args is None or (_is_null(args) and not any(k.required for k in kind.keys)):
            args = Map((), m.span)
        if not isinstance(args, Map):
            required = [k.name for k in kind.keys if k.required] or [kind.keys[0].name]
            raise RuleError(m.key_node(kind.name).span, f"'{kind.name}' needs a mapping of its settings",
                            f"for example '{kind.name}: {{{', '.join(k + ': …' for k in required)}}}'")
        complete = check_keys(args, [k.name for k in kind.keys], f"'{kind.name}'", self.errors,
                              required=[k.name for k in kind.keys if k.required],
                              hints={k.name: k.hint for k in kind.keys if k.hint})
        values: dict = {}
        if not (self._read_keys(kind.keys, args, values, {}) and complete):
            raise Reported
        return values

    def _common(self, m: Map) -> dict:
        """A step's `when:` and `say:`."""
        when, say = m.get("when"), m.get("say")
        for node, label in ((when, "when"), (say, "say")):
            if node is not None and not isinstance(node, Scalar):
                raise RuleError(node.span, f"'{label}' takes an expression, found {node_kind(node)}")
        return {"when": self.expression(when) if when is not None else None,
                "say": self.template(say) if say is not None else None}

    def _say_step(self, m: Map):
        """`- say: TEXT` (with an optional `when:`): a message and nothing else."""
        check_keys(m, ("say", "when"), "a 'say' step", self.errors)
        return SAY.model(**self._common(m), span=m.span)

    def _bad_step(self, m: Map, kinds, what):
        if kinds:
            raise RuleError(m.key_node(kinds[1]).span, f"a step has one kind, found '{kinds[0]}' and '{kinds[1]}'",
                            "split them into two steps")
        key = m.entries[0][0] if m.entries else None
        if key is None:
            raise RuleError(m.span, f"empty step in {what}")
        raise RuleError(key.span, f"unknown step '{key.text}'",
                        did_you_mean(key.text, KINDS) or f"steps are: {', '.join(KINDS)}")


@attrs.frozen
class _Binding:
    """The tree of an `each:`: the variable's name and the sequence's tree."""

    var: str
    seq: object


class Snippet:
    """An expression inside a larger scalar (a `{…}` in a say text, a zone's seat), located in it."""

    def __init__(self, text, outer, offset):
        self.text, self.outer, self.offset = text, outer, offset
        self.span = outer.locate(offset, len(text))

    def locate(self, offset, width=1):
        return self.outer.locate(self.offset + offset, width)


def _is_null(node) -> bool:
    return isinstance(node, Scalar) and node.style == "" and node.text in ("", "~", "null")


def _article(word: str) -> str:
    return f"an {word}" if word[0] in "aeiou" else f"a {word}"


def option_value(node):
    """An option's value from YAML text: true/false, a number (exact), or text."""
    if not isinstance(node, Scalar):
        raise RuleError(node.span, f"an option's value is a number, true/false or text, found {node_kind(node)}")
    text = node.text.strip()
    if node.style == "" and text.lower() in ("true", "false"):
        return text.lower() == "true"
    if node.style == "" and text.lower() in ("yes", "no", "on", "off"):
        return as_bool(node, "the option")      # raises with the YAML 1.1 hint
    if node.style == "":
        try:
            return as_number(node, "the option")
        except RuleError:
            pass
    return text


def parse_option_value(text: str):
    """A value given on the command line (--set name=value), read like a YAML plain scalar."""
    try:
        return option_value(Scalar(text, "", Span(None, 1, 1, len(text))))
    except RuleError as exc:
        raise OptionError(exc.message) from None


def read_steps(node, what: str, errors: Collector) -> tuple:
    """Steps from YAML nodes outside a rule file's own reading (tests, tools)."""
    return Reader(None, errors)._Steps(d.Steps(), node, what)
