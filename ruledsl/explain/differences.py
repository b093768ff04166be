"""“Differences from the base”: what a variant (a file with `extends:`) changes in its base.

The merged ruleset is compared with its base's, item by item, and the steps of each program step
by step: a changed step is shown as it is now and as it was.
"""
from __future__ import annotations

import difflib
import os

import attrs

from ..lang.declare import Expr, Template
from ..lang.ruleset import Ruleset
from ..prose.document import Heading, Item, List, Para
from ..prose.words import VISIBLE, allowed, code, joined, num, option_text, rank_plural
from .steps import Prose

PROGRAMS = (("Before the first hand", "setup"), ("The hand", "hand"), ("After every hand", "after_hand"))


def base_shown(rs: Ruleset) -> str:
    """The base file as the variant names it (relative to the variant), whatever the working directory."""
    return os.path.relpath(rs.base, os.path.dirname(rs.path) or ".")


def differences(base: Ruleset, rs: Ruleset) -> list:
    out = []
    if base.name != rs.name:
        out.append(Item(f"The name: {rs.name} (the base: {base.name})."))
    if base.description != rs.description:
        out.append(Item("The description is its own."))
    out += _players(base, rs) + _deck(base, rs) + _zones_and_counters(base, rs)
    out += _options(base, rs) + _programs(base, rs) + _match(base, rs)
    return [Heading(2, "Differences from the base"),
            Para(f"What this variant changes in {code(base_shown(rs))} ({base.name}):"),
            List(out or [Item("None: the rules are those of the base.")])]


def _players(base: Ruleset, rs: Ruleset) -> list[Item]:
    out = []
    bp, p = base.players, rs.players
    show = lambda x: str(x.min) if x.min == x.max else f"{x.min} to {x.max}, default {x.default}"  # noqa: E731
    if (bp.min, bp.max, bp.default) != (p.min, p.max, p.default):
        out.append(Item(f"Players: {show(p)} (the base: {show(bp)})."))
    if base.teams != rs.teams:
        counts = "with " + " or ".join(map(str, rs.teams)) + " players" if rs.teams else ""
        out.append(Item(f"Partners play together {counts}." if rs.teams else "Everyone plays alone (the base has partners)."))
    if base.direction != rs.direction:
        out.append(Item(f"Play goes {rs.direction} (the base: {base.direction})."))
    return out


def _deck(base: Ruleset, rs: Ruleset) -> list[Item]:
    bd, d = base.deck, rs.deck
    out = [_ranks(bd.ranks, d.ranks)] if bd.ranks != d.ranks else []
    if bd.order != d.order:
        out.append(Item(f"Cards rank, high to low: {' '.join(d.order)} (the base: {' '.join(bd.order)})."))
    for label, old, new in (("Card points", bd.points, d.points), ("Capture values", bd.values, d.values),
                            ("Named orders", bd.orders, d.orders)):
        for key in list(new) + [k for k in old if k not in new]:
            if old.get(key) != new.get(key):
                out.append(Item(f"{label}: {key} {_entry(new.get(key))} (the base: {_entry(old.get(key))})."))
    if plain(base.trumps) != plain(rs.trumps):
        out.append(Item("The trumps are different: see “Trumps” above."))
    return out


def _ranks(old, new) -> Item:
    added = [rank_plural(r) for r in new if r not in old]
    gone = [rank_plural(r) for r in old if r not in new]
    parts = ([f"adds the {joined(added)}"] if added else []) + ([f"leaves out the {joined(gone)}"] if gone else [])
    return Item(f"The deck {joined(parts)}: {len(new) * 4} cards (the base: {len(old) * 4}).")


def _entry(value) -> str:
    """A deck table's entry: a number, or a named order's ranks."""
    return "none" if value is None else (" ".join(value) if isinstance(value, tuple) else num(value))


def _by_name(label: str, old: dict, new: dict, added, changed) -> list[Item]:
    """Entries of a table by name: `added(name, entry)` for a new one, `changed(name, before, now)`
    for one in both (a list of items, empty if it is the same), and a removed one said as such."""
    out = []
    for name, entry in new.items():
        out += changed(name, old[name], entry) if name in old else [added(name, entry)]
    return out + [Item(f"The {label} {code(name)} is removed.") for name in old if name not in new]


def _zones_and_counters(base: Ruleset, rs: Ruleset) -> list[Item]:
    return _described("zone", base.zones, rs.zones, _zone) + \
        _described("counter", base.counters, rs.counters, _counter) + \
        _described("function", base.functions, rs.functions, _function)


def _zone(z) -> str:
    return f"one for {z.owner}, seen by {VISIBLE[z.visible]}"


def _counter(c) -> str:
    return f"per {c.per}, starts at {code(c.start.text)}, kept for the {c.scope}"


def _function(f) -> str:
    return f"{code(f.signature)} stands for {code(' '.join(f.body.text.split()))}"


def _described(label: str, old: dict, new: dict, show) -> list[Item]:
    """Entries each said in one phrase (`show`): new, changed or removed."""
    def added(name, now):
        return Item(f"A new {label} {code(name)}: {show(now)}.")

    def changed(name, before, now):
        return [Item(f"The {label} {code(name)}: {show(now)} (the base: {show(before)}).")] \
            if show(before) != show(now) else []
    return _by_name(label, old, new, added, changed)


def _options(base: Ruleset, rs: Ruleset) -> list[Item]:
    return _by_name("option", base.options, rs.options, _new_option, _changed_option)


def _new_option(name: str, o) -> Item:
    return Item(f"A new option {code(name)}, default {option_text(o.default)}"
                + (f": {' '.join(o.help.split())}." if o.help else "."))


def _changed_option(name: str, b, o) -> list[Item]:
    out = []
    if b.default != o.default:
        out.append(Item(f"The option {code(name)} defaults to {option_text(o.default)} "
                        f"(the base: {option_text(b.default)})."))
    if (b.choices, b.min, b.max) != (o.choices, o.min, o.max):
        out.append(Item(f"The option {code(name)} allows {allowed(o)} (the base: {allowed(b)})."))
    return out


def _programs(base: Ruleset, rs: Ruleset) -> list[Item]:
    was, now = Prose(base), Prose(rs)
    out = []
    for label, program in PROGRAMS:
        changes = _step_changes(was, getattr(base, program), now, getattr(rs, program))
        if changes:
            out.append(Item(f"{label}:", changes))
    return out


def _step_changes(was: Prose, old, now: Prose, new) -> list[Item]:
    """Steps gone, new or changed, in the order of the programs (none if they are the same)."""
    a, b = [plain(s) for s in old], [plain(s) for s in new]
    changes = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if tag == "replace" and i2 - i1 == j2 - j1:       # step by step: what it is, what it was
            for i, j in zip(range(i1, i2), range(j1, j2)):
                changes.append(Item(f"Step {j + 1} changes. Now:", now.step(new[j])))
                changes.append(Item(f"Before (base step {i + 1}):", was.step(old[i])))
            continue
        for i in range(i1, i2) if tag in ("replace", "delete") else ():
            changes.append(Item(f"Base step {i + 1} is gone:", was.step(old[i])))
        for j in range(j1, j2) if tag in ("replace", "insert") else ():
            changes.append(Item(f"Step {j + 1} is new:", now.step(new[j])))
    return changes


def _match(base: Ruleset, rs: Ruleset) -> list[Item]:
    out = []
    if [(k, plain(v)) for k, v in rs.summary] != [(k, plain(v)) for k, v in base.summary]:
        out.append(Item("The hand summary shows: " + ", ".join(k for k, _ in rs.summary) + "."))
    if plain(rs.returns) != plain(base.returns):
        payoff = code(rs.returns.text) if rs.returns else "a win of 1 for each winner"
        out.append(Item(f"The final payoff is {payoff}."))
    if plain(rs.hand_value) != plain(base.hand_value):
        worth = code(rs.hand_value.text) if rs.hand_value else "not declared"
        out.append(Item(f"What a hand is worth to a player: {worth}."))
    if base.max_hands != rs.max_hands:
        out.append(Item(f"The match is stopped after {rs.max_hands} hands (the base: {base.max_hands})."))
    return out


def plain(value):
    """A model (a step, a section) as comparable, hashable data: places dropped, expressions by
    their text with spaces normalized."""
    if isinstance(value, (Expr, Template)):
        return " ".join(value.text.split())
    if attrs.has(type(value)):
        fields = [f for f in attrs.fields(type(value)) if f.eq]
        return (type(value).__name__, *(plain(getattr(value, f.name)) for f in fields))
    if isinstance(value, dict):
        return tuple((k, plain(v)) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return tuple(plain(v) for v in value)
    return value
