"""Rule file → Ruleset. Reads YAML nodes (positions kept), checks every key, reports all errors.

The loader checks shape and names that need no compiling: keys, types, ranks and cards, zone and
counter declarations, player counts. Expressions are compiled later (engine/compile.py), which
reports unknown names with the same kind of located error.
"""
from __future__ import annotations

import os
from pathlib import Path

import attrs

from . import variants
from .engine.cards import PACKS, SUITS, normal_rank, split_card
from .errors import Collector, Reported, RuleError, RuleErrors, did_you_mean
from .model import CounterSpec, DeckSpec, OptionSpec, Players, Ruleset, Step, ZoneSpec
from .source import NOWHERE, Source, Span
from .yamlnodes import (Map, Scalar, as_bool, as_int, as_list, as_map, as_number, as_text,
                        check_keys, node_kind, read_yaml)

TOP_KEYS = ("name", "description", "extends", "players", "teams", "direction", "deck", "zones",
            "options", "counters", "trumps", "setup", "hand", "after_hand", "summary", "result", "limits")

# Each step kind and the keys it takes (besides its own key, `when` and `say`).
# The value under the kind's own key is either a mapping with these keys or, where `inline` says
# so, a single scalar (an expression or statements).
STEP_KINDS: dict[str, dict] = {
    "deal": {"keys": ("to", "first", "count", "packet", "into", "as"), "required": ("to", "count"),
             "hints": {"to": "who receives: to: each, to: dealer, or a shared zone such as to: table",
                       "count": "cards per recipient, e.g. count: 40 // players"}},
    "draw": {"keys": ("upto", "from", "first", "shortfall", "into"), "required": ("upto",),
             "hints": {"upto": "the hand size to refill to, e.g. upto: 3"}},
    "ask": {"keys": ("who", "prompt", "choices", "until"), "required": ("who", "choices"),
            "hints": {"who": "the seat (or list of seats) asked, e.g. who: left(dealer)",
                      "choices": "what the player may answer, e.g. choices: {accept: {do: …}, pass: }"}},
    "tricks": {"keys": ("leader", "count", "lead", "follow", "won", "open",
                        "before_trick", "before_play", "after_trick")},
    "captures": {"keys": ("first", "table", "rank", "sum", "optional", "pile", "bonuses",
                          "after_play", "refill")},
    "showdown": {"keys": ("among", "play", "as"), "required": ("among", "play", "as")},
    "do": {"inline": True},
    "move": {"keys": ("cards", "to"), "required": ("cards", "to"),
             "hints": {"cards": "the cards to move, e.g. cards: table", "to": "the zone, e.g. to: won(winner)"}},
    "if": {"inline": True},
    "eliminate": {"inline": True},
    "revive": {"inline": True},
    "end_hand": {"flag": True},
    "redeal": {"flag": True},
    "end_match": {"inline": True},
}
STEP_EXTRA = ("when", "say", "then", "else")
ZONE_KEYS = ("owner", "visible")
# The keys (and word values) of the other sections; ruledsl/schema.py builds the JSON Schema from these.
PLAYERS_KEYS = ("min", "max", "default")
DECK_KEYS = ("pack", "remove", "keep", "order", "orders", "points", "values")
OPTION_KEYS = ("default", "choices", "min", "max", "help")
COUNTER_KEYS = ("per", "start", "scope", "visible")
COUNTER_PER = ("player", "team", "game")
COUNTER_SCOPES = ("match", "hand")
LIMITS_KEYS = ("hands",)
RESULT_KEYS = ("returns", "hand")
TEAMS = ("partners", "none")
DIRECTIONS = ("clockwise", "anticlockwise")
OWNERS = {"player": "player", "team": "team", "none": "shared", "shared": "shared"}
VISIBILITY = ("owner", "all", "nobody")


def load(path: str | Path, roots=()) -> Ruleset:
    """Read and check a rule file; raise RuleErrors listing every problem found. A base it
    extends may lie in `roots` too (files.trees)."""
    tops: list = []         # the file's own root, before any merge: its `extends` names the base

    def parse(source):
        tops.append(_parse(source))
        return tops[-1]
    root, source = variants.resolve(Path(path), parse, roots)
    errors = Collector()
    ruleset = _Reader(root, source, errors).ruleset()
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


class _Reader:
    def __init__(self, root: Map, source: Source, errors: Collector):
        self.root, self.source, self.errors = root, source, errors

    def attempt(self, fn, *args, default=None):
        return self.errors.attempt(fn, *args, default=default)

    def ruleset(self) -> Ruleset:
        root, e = self.root, self.errors
        check_keys(root, TOP_KEYS, "the rule file", e, required=("name", "deck", "hand"))
        name = self.attempt(as_text, root.get("name"), "the name", default="?") if root.get("name") else "?"
        deck = self.attempt(self.deck, root.get("deck")) if root.get("deck") else None
        players = self.attempt(self.players, root.get("players"), default=Players(2, 2, 2))
        zones = self.attempt(self.zones, root.get("zones"), default={}) or {}
        teams = self.attempt(self.teams, root.get("teams"), players, default=False)
        limits = self.attempt(self.limits, root.get("limits"), default=1000)
        return Ruleset(
            name=name,
            description=self.text_or(root.get("description"), "the description"),
            path=self.source.path,
            players=players,
            teams=teams,
            direction=self.attempt(self.direction, root.get("direction"), default="clockwise"),
            deck=deck or DeckSpec("french-52", (), (), {}, {}, {}),
            zones=zones,
            options=self.attempt(self.options, root.get("options"), default={}) or {},
            counters=self.attempt(self.counters, root.get("counters"), default={}) or {},
            setup=self.steps(root.get("setup"), "setup"),
            hand=self.steps(root.get("hand"), "hand"),
            after_hand=self.steps(root.get("after_hand"), "after_hand"),
            summary=self.attempt(self.summary, root.get("summary"), default=()) or (),
            returns=self.attempt(self.result, root.get("result"), "returns"),
            hand_value=self.attempt(self.result, root.get("result"), "hand"),
            trumps=root.get("trumps"),
            max_hands=limits,
        )

    def text_or(self, node, what, default=""):
        return self.attempt(as_text, node, what, default=default) if node is not None else default

    # -- players, seating ---------------------------------------------------------------------

    def players(self, node) -> Players:
        if node is None:
            raise RuleError(self.root.span, "the rule file needs 'players'",
                            "for example 'players: {min: 3, max: 5}' or 'players: 4'")
        if isinstance(node, Scalar):
            n = as_int(node, "players", min=1, max=12)
            return Players(n, n, n)
        m = as_map(node, "players")
        if not check_keys(m, PLAYERS_KEYS, "players", self.errors, required=("min", "max")):
            raise Reported
        lo = as_int(m.get("min"), "players.min", min=1, max=12)
        hi = as_int(m.get("max"), "players.max", min=1, max=12)
        if hi < lo:
            raise RuleError(m.get("max").span, f"players.max ({hi}) is below players.min ({lo})",
                            f"min is the fewest players, max the most: players: {{min: {hi}, max: {lo}}}")
        default = as_int(m.get("default"), "players.default") if m.get("default") else lo
        if not lo <= default <= hi:
            raise RuleError(m.get("default").span,
                            f"players.default ({default}) is outside {lo}..{hi}")
        return Players(lo, hi, default)

    def teams(self, node, players: Players) -> bool:
        if node is None:
            return False
        word = as_text(node, "teams")
        if word not in TEAMS:
            raise RuleError(node.span, f"unknown team rule '{word}'",
                            "teams are 'partners' (seats i and i + n/2) or 'none'")
        if word == "partners" and players and (players.min != players.max or players.min % 2):
            raise RuleError(node.span, "partnerships need one even player count",
                            "set 'players' to a single even number, such as 4")
        return word == "partners"

    def direction(self, node) -> str:
        if node is None:
            return "clockwise"
        word = as_text(node, "direction")
        if word not in DIRECTIONS:
            raise RuleError(node.span, f"unknown direction '{word}'",
                            did_you_mean(word, ("clockwise", "anticlockwise"))
                            or "write clockwise or anticlockwise")
        return word

    def limits(self, node) -> int:
        if node is None:
            return 1000
        m = as_map(node, "limits")
        check_keys(m, LIMITS_KEYS, "limits", self.errors)
        return as_int(m.get("hands"), "limits.hands", min=1, max=1_000_000) if m.get("hands") else 1000

    # -- deck ---------------------------------------------------------------------------------

    def deck(self, node) -> DeckSpec:
        m = as_map(node, "deck")
        if not check_keys(m, DECK_KEYS, "deck",
                          self.errors, required=("order",),
                          hints={"order": "the ranks high to low, e.g. order: [A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2]"}):
            raise Reported
        pack = as_text(m.get("pack"), "deck.pack") if m.get("pack") else "french-52"
        if pack not in PACKS:
            raise RuleError(m.get("pack").span, f"unknown pack '{pack}'",
                            did_you_mean(pack, PACKS) or f"known packs: {', '.join(PACKS)}")
        all_ranks = PACKS[pack]
        ranks = list(all_ranks)
        if m.get("remove") is not None:
            removed = [self.rank(n, all_ranks) for n in as_list(m.get("remove"), "deck.remove")]
            ranks = [r for r in ranks if r not in removed]
        if m.get("keep") is not None:
            kept = [self.rank(n, all_ranks) for n in as_list(m.get("keep"), "deck.keep")]
            ranks = [r for r in ranks if r in kept]
        order = self.order(m.get("order"), ranks, "deck.order", complete=True)
        orders = {}
        if m.get("orders") is not None:
            om = as_map(m.get("orders"), "deck.orders")
            for key, value in om.entries:
                orders[key.text] = self.order(value, ranks, f"deck.orders.{key.text}")
        points = self.table(m.get("points"), ranks, "deck.points")
        values = self.table(m.get("values"), ranks, "deck.values", whole=True)
        return DeckSpec(pack, tuple(ranks), order, orders, points, values)

    def rank(self, node, ranks) -> str:
        text = normal_rank(as_text(node, "a rank"))
        if text not in ranks:
            raise RuleError(node.span, f"unknown rank '{node.text}'",
                            did_you_mean(text, ranks) or f"ranks are {' '.join(ranks)}")
        return text

    def order(self, node, ranks, what, complete=False) -> tuple[str, ...]:
        items = as_list(node, what)
        seen: list[str] = []
        for item in items:
            r = self.rank(item, ranks) if normal_rank(as_text(item, "a rank")) in PACKS["french-52"] \
                else self.rank(item, ranks)
            if r in seen:
                given = {normal_rank(i.text) for i in items if isinstance(i, Scalar)}
                missing = [m for m in ranks if m not in given]
                raise RuleError(item.span, f"rank '{r}' is listed twice in {what}",
                                f"each rank appears once; {what} leaves out {' '.join(missing)}"
                                if complete and missing else "each rank appears once")
            seen.append(r)
        missing = [r for r in ranks if r not in seen]
        if complete and missing:
            raise RuleError(node.span, f"{what} leaves out {' '.join(missing)}",
                            "list every rank of the deck, highest first")
        return tuple(seen)

    def table(self, node, ranks, what, whole=False) -> dict:
        if node is None:
            return {}
        m = as_map(node, what)
        out = {}
        for key, value in m.entries:
            name = self.card_or_rank(key, ranks, what)
            number = as_int(value, f"{what}.{key.text}") if whole else as_number(value, f"{what}.{key.text}")
            out[name] = number
        return out

    def card_or_rank(self, key: Scalar, ranks, what) -> str:
        text = key.text.strip().upper()
        if normal_rank(text) in ranks:
            return normal_rank(text)
        parts = split_card(text)
        if parts and parts[0] in ranks:
            return parts[0] + parts[1]
        if normal_rank(text) in PACKS["french-52"] or (parts and parts[0] in PACKS["french-52"]):
            raise RuleError(key.span, f"{what} names '{key.text}', which is not in the deck",
                            f"the deck's ranks are {' '.join(ranks)}")
        raise RuleError(key.span, f"unknown rank or card '{key.text}' in {what}",
                        did_you_mean(text, ranks) or "write a rank (K) or a card (QS)")

    # -- zones, options, counters -------------------------------------------------------------

    def zones(self, node) -> dict[str, ZoneSpec]:
        zones = {"deck": ZoneSpec("deck", "shared", "nobody", NOWHERE),
                 "hand": ZoneSpec("hand", "player", "owner", NOWHERE)}
        if node is None:
            return zones
        for key, value in as_map(node, "zones").entries:
            self.attempt(self.zone, key, value, zones)
        return zones

    def zone(self, key: Scalar, value, zones: dict) -> None:
        name = self.identifier(key, "a zone")
        if name in ("deck", "trick"):
            raise RuleError(key.span, f"'{name}' is a built-in zone and cannot be redeclared")
        m = as_map(value, f"zone '{name}'")
        check_keys(m, ZONE_KEYS, f"zone '{name}'", self.errors)
        owner = as_text(m.get("owner"), "owner") if m.get("owner") else "none"
        if owner not in OWNERS:
            raise RuleError(m.get("owner").span, f"unknown zone owner '{owner}'",
                            did_you_mean(owner, ("player", "team")) or "owner is player, team or omitted")
        visible = as_text(m.get("visible"), "visible") if m.get("visible") else "nobody"
        if visible not in VISIBILITY:
            raise RuleError(m.get("visible").span, f"unknown visibility '{visible}'",
                            did_you_mean(visible, VISIBILITY) or "visible is owner, all or nobody")
        zones[name] = ZoneSpec(name, OWNERS[owner], visible, key.span)

    def identifier(self, key: Scalar, what: str) -> str:
        name = key.text
        if not name.isidentifier() or not name.islower() or not name.isascii():
            raise RuleError(key.span, f"'{name}' cannot name {what}",
                            "names are lower case letters, digits and _, starting with a letter")
        return name

    def options(self, node) -> dict[str, OptionSpec]:
        out = {}
        if node is not None:
            for key, value in as_map(node, "options").entries:
                opt = self.attempt(self.option, key, value)
                if opt:
                    out[opt.name] = opt
        return out

    def option(self, key: Scalar, value) -> OptionSpec:
        name = self.identifier(key, "an option")
        if isinstance(value, Map):
            if not check_keys(value, OPTION_KEYS, f"option '{name}'",
                              self.errors, required=("default",)):
                raise Reported
            default_node = value.get("default")
        else:
            default_node, value = value, None
        default = option_value(default_node)
        get = (lambda k: value.get(k) if value is not None else None)
        choices = tuple(option_value(n) for n in as_list(get("choices"), "choices")) \
            if get("choices") else None
        if choices and default not in choices:
            raise RuleError(default_node.span, f"the default {_show(default)} of option '{name}' is "
                            f"not one of its choices",
                            f"choices: {', '.join(_show(c) for c in choices)}; add it there or pick one of them")
        lo = as_number(get("min"), "min") if get("min") else None
        hi = as_number(get("max"), "max") if get("max") else None
        help_text = as_text(get("help"), "help") if get("help") else ""
        return OptionSpec(name, default, choices, lo, hi, help_text, key.span)

    def counters(self, node) -> dict[str, CounterSpec]:
        out = {}
        if node is not None:
            for key, value in as_map(node, "counters").entries:
                counter = self.attempt(self.counter, key, value)
                if counter:
                    out[counter.name] = counter
        return out

    def counter(self, key: Scalar, value) -> CounterSpec:
        name = self.identifier(key, "a counter")
        if isinstance(value, Scalar):
            return CounterSpec(name, "game", value, "match", key.span)
        m = as_map(value, f"counter '{name}'")
        visible = as_text(m.get("visible"), "visible") if m.get("visible") else "all"
        if visible not in VISIBILITY:
            raise RuleError(m.get("visible").span, f"unknown visibility '{visible}'",
                            did_you_mean(visible, VISIBILITY) or "visible is owner, all or nobody")
        check_keys(m, COUNTER_KEYS, f"counter '{name}'", self.errors)
        per = as_text(m.get("per"), "per") if m.get("per") else "game"
        if per not in COUNTER_PER:
            raise RuleError(m.get("per").span, f"unknown counter owner '{per}'",
                            did_you_mean(per, ("player", "team", "game")) or "per is player, team or game")
        scope = as_text(m.get("scope"), "scope") if m.get("scope") else "match"
        if scope not in COUNTER_SCOPES:
            raise RuleError(m.get("scope").span, f"unknown counter scope '{scope}'",
                            did_you_mean(scope, ("match", "hand")) or "scope is match or hand")
        start = m.get("start") or Scalar("0", "", m.span)
        if not isinstance(start, Scalar):
            raise RuleError(start.span, f"the start of counter '{name}' is an expression, "
                            f"found {node_kind(start)}")
        return CounterSpec(name, per, start, scope, key.span, visible)

    # -- programs -----------------------------------------------------------------------------

    def steps(self, node, what: str) -> tuple[Step, ...]:
        if node is None:
            return ()
        out = []
        for item in self.attempt(as_list, node, what, default=()) or ():
            step = self.attempt(self.step, item, what)
            if step:
                out.append(step)
        return tuple(out)

    def step(self, node, what: str) -> Step:
        if isinstance(node, Scalar) and node.text in STEP_KINDS and STEP_KINDS[node.text].get("flag"):
            return Step(node.text, None, Map((), node.span), None, None, node.span)
        m = as_map(node, f"a step of {what}")
        kinds = [k for k in m.keys() if k in STEP_KINDS]
        if not kinds and m.get("say") is not None:
            return self.say_step(m)
        if len(kinds) != 1:
            return self.bad_step(m, kinds, what)
        kind = kinds[0]
        table = STEP_KINDS[kind]
        extra = ("then", "else") if kind == "if" else ()
        check_keys(m, (kind, "when", "say") + extra, f"a '{kind}' step", self.errors)
        args = m.get(kind)
        if isinstance(args, Map) and "keys" in table:
            if not check_keys(args, table["keys"], f"'{kind}'", self.errors,
                              required=table.get("required", ()), hints=table.get("hints")):
                raise Reported
        elif table.get("inline") and isinstance(args, Map):
            raise RuleError(args.span, f"'{kind}' takes an expression here, found a mapping")
        elif "keys" in table and not isinstance(args, Map) and not (args is None and not table.get("required")):
            raise RuleError(m.key_node(kind).span, f"'{kind}' needs a mapping of its settings",
                            f"for example '{kind}: {{{', '.join(k + ': …' for k in table.get('required', table['keys'][:1]))}}}'")
        when, say = m.get("when"), m.get("say")
        for extra_node, label in ((when, "when"), (say, "say")):
            if extra_node is not None and not isinstance(extra_node, Scalar):
                raise RuleError(extra_node.span, f"'{label}' takes an expression, found {node_kind(extra_node)}")
        if kind == "if" and m.get("then") is None:
            raise RuleError(m.span, "an 'if' step needs 'then'", "then: [steps to run when true]")
        return Step(kind, args, m, when, say, m.span)

    def say_step(self, m: Map) -> Step:
        """`- say: TEXT` (with an optional `when:`): a message and nothing else."""
        check_keys(m, ("say", "when"), "a 'say' step", self.errors)
        when, say = m.get("when"), m.get("say")
        for extra_node, label in ((when, "when"), (say, "say")):
            if extra_node is not None and not isinstance(extra_node, Scalar):
                raise RuleError(extra_node.span, f"'{label}' takes an expression, found {node_kind(extra_node)}")
        return Step("say", None, m, when, say, m.span)

    def bad_step(self, m: Map, kinds, what):
        if kinds:
            raise RuleError(m.key_node(kinds[1]).span, f"a step has one kind, found '{kinds[0]}' and '{kinds[1]}'",
                            "split them into two steps")
        key = m.entries[0][0] if m.entries else None
        if key is None:
            raise RuleError(m.span, f"empty step in {what}")
        raise RuleError(key.span, f"unknown step '{key.text}'",
                        did_you_mean(key.text, STEP_KINDS) or f"steps are: {', '.join(STEP_KINDS)}")

    def summary(self, node) -> tuple:
        if node is None:
            return ()
        out = []
        for key, value in as_map(node, "summary").entries:
            if not isinstance(value, Scalar):
                raise RuleError(value.span, "a summary line is an expression")
            out.append((key.text, value))
        return tuple(out)

    def result(self, node, key: str):
        """`result.returns` (the payoff per player at the end of the match) or `result.hand`
        (what one hand was worth to each player, evaluated as the hand ends)."""
        if node is None:
            return None
        m = as_map(node, "result")
        if key == "returns":        # check the keys once
            check_keys(m, RESULT_KEYS, "result", self.errors)
        value = m.get(key)
        if value is not None and not isinstance(value, Scalar):
            raise RuleError(value.span, f"result.{key} is an expression")
        return value


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


def _show(value) -> str:
    """An option value as an author writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return f"'{value}'" if isinstance(value, str) else str(value)


def parse_option_value(text: str):
    """A value given on the command line (--set name=value), read like a YAML plain scalar."""
    return option_value(Scalar(text, "", Span(None, 1, 1, len(text))))


__all__ = ["load", "STEP_KINDS", "TOP_KEYS", "option_value", "parse_option_value", "SUITS"]


def read_steps(node, what: str, errors: Collector) -> tuple[Step, ...]:
    """Steps nested inside another construct (if/then, ask choices, trick hooks)."""
    return _Reader(None, None, errors).steps(node, what)
