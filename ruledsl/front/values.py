"""Reading a key's value by what the key holds (lang/declare.py: `Expression`, `Word`, `Steps`,
`Entries`, …): one method `_<Holds>` of `ValueReader` for each, which the loader's Reader
(load.py) is; expressions are parsed here, each once, located in the file."""
from __future__ import annotations

import re

import attrs

from ..errors import RuleError, did_you_mean
from ..expr import parse_binding, parse_expression, parse_statements
from ..lang import declare as d
from ..lang import functions
from ..lang.deck import MAX_RANKS
from ..errors import OptionError
from ..source import Span
from .yamlnodes import Scalar, Seq, as_bool, as_int, as_list, as_map, as_number, as_text, node_kind

MAX_LEAD = MAX_RANKS               # a lead of more cards than a suit holds cannot be made
ZONE_REF = re.compile(r"^\s*([a-z_][a-z0-9_]*)\s*(?:\((.*)\))?\s*$", re.S)


class ValueReader:
    """The value readers of the loader's Reader (load.py), which gives them `errors` (a
    Collector), `shared_zones`, `construct` (a nested construct) and `step`."""

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
        if isinstance(node, Seq) and holds.place.has("list"):
            written = _flow_list(node)     # `bids: [18, 20, 22]`: the list as written, one expression
            if written is not None:
                return self.expression(written)
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
            raise RuleError(key.span, f"'{name}' cannot name {article(holds.construct.name)}",
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


def _flow_list(node: Seq) -> Scalar | None:
    """A YAML list written `[a, b, …]` on one line, as the text of a list expression (located
    where it is written); None for one written otherwise."""
    span = node.span
    if span.source is None:
        return None
    text = span.source.line(span.line)[span.col - 1:span.col - 1 + span.width]
    if not (text.startswith("[") and text.endswith("]")):
        return None
    return Scalar(text, "", span, text)


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


def article(word: str) -> str:
    """`word` with its article: "an ask", "a deal"."""
    return f"an {word}" if word[0] in "aeiou" else f"a {word}"
