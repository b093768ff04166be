"""Rule file → Ruleset: the YAML nodes (positions kept) read into the language's models, driven
by the declarations of lang/ (each construct's keys and what they hold), every error collected.

This is the only reader of YAML nodes below the front end (yamlnodes.py reads the text,
variants.py merges `extends:`, values.py reads each key's value): what the rest of ruledsl sees are frozen models, with every
expression parsed once, here. Names that need the whole file (a zone a step deals to, a counter
an expression reads, the types) are checked when the ruleset is compiled (compile/).
"""
from __future__ import annotations

import os
from pathlib import Path

import attrs

from . import variants
from ..errors import Collector, Reported, RuleError, RuleErrors, closest, did_you_mean
from ..lang import declare as d
from ..lang import walk
from ..lang.ruleset import RULESET, Ruleset
from ..lang.steps import KINDS, SAY
from ..lang.zones import DEFAULT_ZONES
from ..source import Source, Span
from .values import ValueReader, article
from .yamlnodes import Map, Scalar, as_map, check_keys, is_null, node_kind, read_yaml

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


class Reader(ValueReader):
    """Reads constructs by their declarations, each key's value by what it holds (values.py),
    and steps by their kinds; collects errors in `errors`."""

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
            if construct.null and is_null(node):
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
            self.shared_zones |= {z for z, spec in value.items() if spec.owner in ("shared", "numbered")}

    def default(self, key: d.Key, node):
        """A missing key's value: its declared default (an expression default is parsed here)."""
        if key.default is d.REQUIRED:
            return None
        if isinstance(key.holds, d.Expression) and isinstance(key.default, str):
            return self.expression(Scalar(key.default, "", node.span))
        return key.default

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
                raise RuleError(m.span, f"{article(kind.name).split()[0]} '{kind.name}' step needs '{key.name}'", key.hint)
            values[key.attr] = self.value(key, child) if child is not None else self.default(key, m)
        keys = {k.text: k.span for k, _ in m.entries}
        settings = m.get(kind.name)          # and its settings' keys, as `kind.key` (`auction.double`)
        if isinstance(settings, Map):
            keys.update((f"{kind.name}.{k.text}", k.span) for k, _ in settings.entries)
        return kind.model(**values, **self._common(m), span=m.span, keys=keys)

    def _settings(self, kind, m: Map) -> dict:
        args = m.get(kind.name)
        if kind.inline is not None:
            if isinstance(args, Map):
                raise RuleError(args.span, f"'{kind.name}' takes an expression here, found a mapping")
            return {kind.inline.attr: self.value(kind.inline, args)}
        if kind.flag:
            return {}
        if args is None or (is_null(args) and not any(k.required for k in kind.keys)):
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


def read_steps(node, what: str, errors: Collector) -> tuple:
    """Steps from YAML nodes outside a rule file's own reading (tests, tools)."""
    return Reader(None, errors)._Steps(d.Steps(), node, what)


def misspelt_options(ruleset, roots=()) -> list[RuleError]:
    """Errors for a variant's options that are typos of its base's: an option the base does not
    have, that nothing reads, and whose name is close to one of the base's (`options: {targte:
    21}` meant `target`, and would change nothing). load_game raises them."""
    own = [spec for spec in ruleset.options.values() if spec.span.path == ruleset.path]
    if ruleset.base is None or not own:
        return []
    reads, _ = walk.uses(walk.everything(ruleset))
    unread = [spec for spec in own if f"option.{spec.name}" not in reads]
    if not unread:
        return []
    base = load(ruleset.base, roots).options
    out = []
    for spec in unread:
        close = closest(spec.name, base)
        if spec.name not in base and close is not None:
            where = base[close].span
            out.append(RuleError(spec.span, f"the base has no option '{spec.name}', and nothing reads it",
                                 f"did you mean '{close}'? (the base's, at {where.path}:{where.line}); "
                                 f"a new option is read as option.{spec.name}"))
    return out
