"""How the language is declared: each construct names its keys, what each key holds, its default,
its documentation and the hint shown when it is missing.

The declarations are data. The loader (load.py) reads a rule file by them, the JSON Schema
(schema.py) is written from them, `explain` takes the defaults and words from them, and the checks
walk the models by them (every expression, every nested list of steps). A key exists in one
place: its construct's module under lang/.

What a key *holds* is one of the `Holds` classes below; the models the loader builds hold the
values: numbers, words, names (`Name`), expressions (`Expr`, parsed at load), statements, `say`
texts (`Template`), nested constructs and lists of steps.
"""
from __future__ import annotations

from typing import Any, Callable

import attrs

from ..source import Span
from ..expr.types import Type

REQUIRED = object()     # the default of a key that must be given


# -- what the models hold ---------------------------------------------------------------------------

def _same_text(a: str, b: str) -> bool:
    return " ".join(a.split()) == " ".join(b.split())


@attrs.frozen(eq=False)
class Expr:
    """An expression, statements or an `each:` binding as written: the text, where it is (`node`:
    a YAML scalar, or the part of one), and its syntax tree, parsed when the file is loaded.
    Two are equal when their texts are (a variant's step compared with its base's)."""

    text: str
    node: Any = attrs.field(repr=False)        # has .span and .locate(offset, width)
    tree: Any = attrs.field(repr=False)        # ast node; a list of statements; an ast.Binding
    form: str = "expression"                   # "expression", "statements" or "binding"

    @property
    def span(self) -> Span:
        return self.node.span

    def locate(self, offset: int, width: int = 1) -> Span:
        return self.node.locate(offset, width)

    def __eq__(self, other) -> bool:
        return isinstance(other, Expr) and other.form == self.form and _same_text(self.text, other.text)

    def __hash__(self) -> int:
        return hash((" ".join(self.text.split()), self.form))


@attrs.frozen
class Statements:
    """`do:` statements: one text (`a; b`) or a list of texts, each parsed."""

    parts: tuple[Expr, ...]

    @property
    def span(self) -> Span:
        return self.parts[0].span


@attrs.frozen
class Template:
    """A `say:` text: literal parts and `{expr}` parts (Exprs)."""

    text: str = attrs.field(eq=False)
    parts: tuple = ()
    span: Span = attrs.field(default=None, eq=False)


@attrs.frozen
class Name:
    """A name written as text (a zone, a counter, a choice): the text and where it is."""

    text: str
    span: Span = attrs.field(eq=False)


@attrs.frozen
class ZoneRef:
    """Where cards go (`to: pile(last_capturer)`): a zone's name, and the seat (or team) for a
    zone of each player."""

    text: str
    name: str
    index: Expr | None
    span: Span = attrs.field(eq=False)        # the zone's name in the file


@attrs.frozen
class To:
    """Who a deal gives cards to: `each`, a shared zone (`zone`), or seats (`seats`)."""

    text: str
    each: bool = False
    zone: Name | None = None
    seats: Expr | None = None
    span: Span = attrs.field(default=None, eq=False)


# -- what a key holds -------------------------------------------------------------------------------

@attrs.frozen
class Holds:
    """What a key holds; each subclass is read by load.py and described by schema.py."""


@attrs.frozen
class Expression(Holds):
    place: Type          # what the field takes, checked when the expression is compiled


@attrs.frozen
class StatementsHolds(Holds):
    pass


@attrs.frozen
class Each(Holds):
    """`NAME in EXPR`: a choice's parameter and the list it ranges over."""


@attrs.frozen
class Say(Holds):
    """A message for the table, with `{expr}` parts."""


@attrs.frozen
class Word(Holds):
    """One of a few words. `noun` names it in messages ("unknown follow rule 'x'"); `suggest`
    the words a did-you-mean may offer (None: none); `means` maps a word to what it stands for."""

    words: tuple[str, ...]
    noun: str
    hint: str | None = None
    suggest: tuple[str, ...] | None = None
    means: dict = attrs.field(factory=dict)


@attrs.frozen
class Flag(Holds):
    pass


@attrs.frozen
class Whole(Holds):
    min: int | None = None
    max: int | None = None


@attrs.frozen
class Number(Holds):
    """A number kept exact: whole, a fraction `1/3`, or a decimal."""


@attrs.frozen
class Text(Holds):
    pass


@attrs.frozen
class Sizes(Holds):
    """A list of whole numbers of at least 1 (a trick's lead sizes; `what` one of them in
    messages, `max` the largest, None: a lead's)."""

    what: str = "a lead size"
    max: int | None = None


@attrs.frozen
class Names(Holds):
    """One name, or a list of names (`from: [stock, turned]`)."""


@attrs.frozen
class AName(Holds):
    """A name or a short word kept with its place (a card, a rank), as a `Name`."""


@attrs.frozen
class Rank(AName):
    """A rank of the deck (`K`), as a Name."""


@attrs.frozen
class ZoneName(AName):
    """The name of a zone (checked against the zones when the step is compiled)."""


@attrs.frozen
class CounterName(AName):
    """A counter of the whole table that a step gives a value of type `gives` (`as: pair`)."""

    gives: Type = None


@attrs.frozen
class ZoneTarget(Holds):
    """Where cards go: a zone, `name` or `name(seat)`."""


@attrs.frozen
class Recipients(Holds):
    """Who a deal gives cards to: `each`, a shared zone, or an expression giving seats."""


@attrs.frozen
class Steps(Holds):
    """A nested list of steps."""


@attrs.frozen
class Section(Holds):
    """A mapping read as one construct."""

    construct: Any


@attrs.frozen
class Entries(Holds):
    """A mapping of names to constructs (zones, options, counters, an ask's choices)."""

    construct: Any
    names: str = "identifier"       # "identifier" (lower case names) or "word" (choices)


@attrs.frozen
class Items(Holds):
    """A list of constructs (promotions, bonuses)."""

    construct: Any


@attrs.frozen
class Lines(Holds):
    """A mapping of labels to expressions (the hand summary)."""

    place: Type


@attrs.frozen
class Functions(Holds):
    """A mapping of signatures (`fits(c)`) to expressions: the file's own functions."""


@attrs.frozen
class OptionValue(Holds):
    """An option's value: true/false, a number (exact), text; for a default, also an expression
    over other options (`option.stake / 2`)."""

    expression: bool = False


@attrs.frozen
class RankList(Holds):
    """A list of ranks, as Names (the deck resolves them against its pack)."""


@attrs.frozen
class Orders(Holds):
    """A mapping of names to rank lists (the deck's further orders)."""


@attrs.frozen
class Labels(Holds):
    """A mapping of short words to names (a written pack's suits, its ranks' names), as
    (Name, text) pairs in the file's order."""


@attrs.frozen
class RankTable(Holds):
    """A mapping of ranks or cards to numbers: exact (points), or whole within min..max."""

    whole: bool = False
    min: int | None = None
    max: int | None = None


# -- keys and constructs ----------------------------------------------------------------------------

@attrs.frozen
class Key:
    """One key of a construct: its name in the file, what it holds, its default (REQUIRED: it
    must be given), its documentation, and the hint shown when it is missing."""

    name: str
    holds: Holds
    default: Any = None
    doc: str = ""
    hint: str | None = None
    field: str | None = None     # the model's attribute, when the key is not a Python name

    @property
    def attr(self) -> str:
        return self.field or self.name

    @property
    def required(self) -> bool:
        return self.default is REQUIRED


@attrs.frozen
class Construct:
    """A mapping of the language: its keys, the model the loader builds from them, and how
    messages name it (`what`, with `{name}` for an entry's name: "zone '{name}'")."""

    name: str
    model: type
    keys: tuple[Key, ...]
    what: str
    doc: str = ""
    short: "Key | str | None" = None     # a bare value (not a mapping): this key's value
    null: bool = False                   # may be written as nothing at all
    build: Callable | None = None        # (values, spans, reader) -> model, instead of model(**values)

    def key(self, name: str) -> Key:
        return next(k for k in self.keys if k.name == name)


@attrs.frozen
class StepKind:
    """A step kind: its model, its settings and what the compiler and `explain` do with it.

    A step is `{KIND: SETTINGS, when: …, say: …}`. SETTINGS is a mapping of `keys`; or, with
    `inline`, one value (`do: STATEMENTS`, `if: CONDITION`); or nothing, for a `flag` step
    (`end_hand`), which may also be written alone. `extra` are keys of the step itself (if's
    `then` and `else`)."""

    name: str
    model: type
    doc: str
    keys: tuple[Key, ...] = ()
    inline: Key | None = None
    flag: bool = False
    extra: tuple[Key, ...] = ()
    compile: Callable | None = None      # (step, compiler) -> None: writes the step's code
    describe: Callable | None = None     # (prose, step) -> [Item]: the step in explain's words

    def key(self, name: str) -> Key:
        return next(k for k in (*self.keys, *self.extra, *((self.inline,) if self.inline else ()))
                    if k.name == name)

    @property
    def settings(self) -> bool:
        """Whether the step takes a mapping of settings."""
        return not self.inline and not self.flag


@attrs.frozen(kw_only=True)
class Step:
    """What every step has: `when`, `say` and its place in the file."""

    when: Expr | None = None
    say: Template | None = None
    span: Span = attrs.field(default=None, eq=False)
    keys: dict = attrs.field(factory=dict, eq=False, repr=False)    # where each key of the step is written

    kind = ""      # the step kind's name (a class attribute of each model)
