"""Compile a Ruleset for one player count into a Program: a flat list of ops plus layouts.

    setup ─▶ L_hand: NewHand, hand steps ─▶ L_after: Summary, after_hand steps ─▶ jump L_hand
                                                           end_match ─▶ Terminal

Zones and counters get fixed indices for the player count, so compiled expressions index plain
lists with constants. Compiling collects every error before raising them together.
"""
from __future__ import annotations

import re

from ..errors import Collector, Reported, RuleError
from ..expr import compile_binding, compile_expression, compile_statements
from ..source import NOWHERE
from ..yamlnodes import Scalar, as_list, check_keys, node_kind
from . import flow
from .actions import parse_action
from .cards import Deck
from .scope import GameScope
from .trumps import compile_trumps


class Layout:
    """Where each zone and counter lives in the state's flat lists, for n players."""

    def __init__(self, ruleset, n: int):
        self.n = n
        self.partners = ruleset.teams
        n_teams = n // 2 if ruleset.teams else n
        self.n_teams = lambda st: n_teams
        self.teams = (lambda st, s: s % n_teams) if ruleset.teams else (lambda st, s: s)
        sizes = {"shared": 1, "game": 1, "player": n, "team": n_teams}
        self.zones, size = {}, 0
        for name, spec in sorted(ruleset.zones.items(), key=lambda kv: kv[0] != "deck"):
            self.zones[name] = (spec.owner, size)
            size += sizes[spec.owner]
        self.zone_count = size
        self.counters, size = {}, 0
        for name, spec in ruleset.counters.items():
            self.counters[name] = (spec.per, size)
            size += sizes[spec.per]
        self.counter_count = size

    def team_count(self) -> int:
        return self.n_teams(None)


class Program:
    """The compiled match for one player count."""

    def __init__(self, ruleset, n: int):
        self.ruleset, self.n = ruleset, n
        self.span = NOWHERE
        self.direction = 1 if ruleset.direction == "clockwise" else -1
        self.max_hands = ruleset.max_hands
        spec = ruleset.deck
        self.deck = Deck(list(spec.ranks), list(spec.order), {k: list(v) for k, v in spec.orders.items()},
                         spec.points, spec.values)
        self.layout = Layout(ruleset, n)
        self.ops: list = []
        self.hand_counters: list = []
        self.match_counters: list = []
        Builder(self).build()

    def advance(self, st) -> None:
        """Run automatic ops until a player must act or the match is over."""
        ops = self.ops
        while True:
            nxt = ops[st.pc].run(st)
            if nxt is None:
                return
            st.pc = nxt

    def parse_action(self, st, text: str):
        return parse_action(st, text)

    def returns(self, st) -> list:
        if st.player != flow.TERMINAL:
            return [0] * st.n
        if self.returns_fn is not None:
            out = []
            for seat in range(st.n):
                st.locals["player"] = seat
                out.append(self.returns_fn(st))
            return out
        won = set(st.winners or ())
        return [1 if s in won else 0 for s in range(st.n)]

    def stacked_deck(self, shuffled, stacked, st):
        """The deck for a stacked hand (scenarios): reserved cards wait in per-zone queues that
        deal steps take from; the `deck` entry (key 0) is drawn first, in its order."""
        reserved = {c for cards in stacked.values() for c in cards}
        st.hv["stack"] = {z: tuple(cards) for z, cards in stacked.items() if z != 0}
        # The deck pops from its end, so the first card to come off goes last.
        return [c for c in shuffled if c not in reserved] + list(stacked.get(0, ()))[::-1]


class Builder:
    """Turns steps into ops; owns the scope, the error collector and label patching."""

    def __init__(self, prog: Program):
        self.prog = prog
        self.ruleset = prog.ruleset
        self.deck = prog.deck
        self.layout = prog.layout
        self.errors = Collector()
        self.ops = prog.ops
        self.scope = GameScope(self)
        prog.scope = self.scope           # scenario `eval`/`zones` compile expressions with it
        self.sources = prog.sources = []  # (kind, node) of every expression compiled: for checks.py
        self.trumps = None

    def ranking(self, st):
        return self.trumps.ranking(st)

    # -- building -----------------------------------------------------------------------------

    def build(self) -> None:
        from .steps import compile_step
        rs, prog = self.ruleset, self.prog
        self.compile_step = compile_step
        self.trumps = self.attempt(compile_trumps, rs.trumps, self) or compile_trumps(None, self)
        prog.trumps = self.trumps
        self.counters()
        self.end_hand_jumps: list = []
        self.redeal_jumps: list = []
        self.end_match_ops: list = []      # before setup: setup may end the match too
        self.steps(rs.setup)
        hand_start = self.here
        prog.hand_start = hand_start
        self.emit(flow.NewHand(hand_start, prog))
        self.steps(rs.hand)
        after = self.here
        for j in self.end_hand_jumps:
            j.target = after
        lines = [(label, self.expr(node, ("player",))) for label, node in rs.summary]
        value = self.expr(rs.hand_value, ("player",)) if rs.hand_value is not None else None
        self.emit(flow.Summary(self.here, lines, value))
        self.steps(rs.after_hand)
        self.emit(flow.Jump(hand_start))
        end = self.here
        self.emit(flow.Terminal())
        for op in self.end_match_ops:
            op.end = end
        # Where "the match did not end within N hands" points: the first end_match, else the hand.
        ends = [op.span for op in self.end_match_ops if getattr(op, "span", None) is not None]
        if ends:
            prog.span = ends[0]
        elif rs.hand:
            prog.span = rs.hand[0].span
            prog.limit_hint = "no step says end_match: add one under after_hand, e.g. " \
                              "'- {when: …, end_match: …}'"
        redeal = self.here
        self.emit(flow.NewHand(redeal, prog, redeal=True)).span = \
            self.redeal_jumps[0].span if self.redeal_jumps else prog.span
        self.emit(flow.Jump(hand_start + 1))
        for j in self.redeal_jumps:
            j.target = redeal
        prog.returns_fn = self.expr(rs.returns, ("player",)) if rs.returns is not None else None
        self.errors.check()

    def counters(self) -> None:
        for name, spec in self.ruleset.counters.items():
            per, base = self.layout.counters[name]
            count = {"game": 1, "player": self.layout.n, "team": self.layout.team_count()}[per]
            start = self.expr(spec.start)
            target = self.prog.hand_counters if spec.scope == "hand" else self.prog.match_counters
            for i in range(count):
                target.append((base + i, start))

    @property
    def here(self) -> int:
        return len(self.ops)

    def emit(self, op):
        self.ops.append(op)
        return op

    def steps(self, steps, locals_=()) -> None:
        for step in steps:
            self.attempt(self.step, step, locals_)

    def step(self, step, locals_=()) -> None:
        branch = None
        if step.when is not None:
            branch = self.emit(flow.Branch(self.expr(step.when, locals_), self.here, step.span))
        if step.when is not None or step.say is not None:
            self.emit(flow.Fired(self.here, step.span))
        if step.say is not None:
            self.emit(flow.Say(self.text(step.say, locals_), self.here, step.span))
        self.compile_step(self, step, locals_)
        if branch is not None:
            branch.target = self.here

    def attempt(self, fn, *args):
        return self.errors.attempt(fn, *args)

    # -- expressions --------------------------------------------------------------------------

    def expr(self, node, locals_=()):
        """Compile an expression scalar; on error, collect it and return a stand-in."""
        if not isinstance(node, (Scalar, Snippet)):
            self.errors.error(node.span, f"expected an expression, found {node_kind(node)}",
                              "YAML reads an unquoted [ … ] as its own list: an expression is one "
                              "value (5, 40 // players), and an expression list is quoted: \"[a, b]\""
                              if node_kind(node) == "a list" else
                              "YAML reads { … } and 'key: value' as a mapping: quote the expression")
            return _broken
        try:
            self.sources.append(("expression", node))
            return compile_expression(node.text, node.locate, self.scope, locals_)
        except RuleError as exc:
            self.errors.add(exc)
            return _broken

    def statements(self, node, locals_=()):
        """Statements from one scalar (`a; b`) or a list of scalars."""
        if not isinstance(node, Scalar):
            parts = [self.statements(item, locals_) for item in as_list(node, "statements")]

            def run_all(st):
                for part in parts:
                    part(st)
            return run_all
        try:
            self.sources.append(("statements", node))
            return compile_statements(node.text, node.locate, self.scope, locals_)
        except RuleError as exc:
            self.errors.add(exc)
            return _broken

    def binding(self, node, locals_=()):
        if not isinstance(node, (Scalar, Snippet)):
            self.errors.error(node.span, f"expected 'NAME in EXPR', found {node_kind(node)}",
                              "for example: each: c in hand(player)")
            return "_", lambda st: ()
        try:
            self.sources.append(("binding", node))
            return compile_binding(node.text, node.locate, self.scope, locals_)
        except RuleError as exc:
            self.errors.add(exc)
            return "_", lambda st: ()

    def text(self, node, locals_=()):
        """A `say:` text: literal parts and compiled {expr} parts."""
        parts, text = [], node.text
        pos = 0
        for m in re.finditer(r"\{([^{}]*)\}", text):
            parts.append(text[pos:m.start()])
            parts.append(self.expr(Snippet(m.group(1), node, m.start(1)), locals_))
            pos = m.end()
        parts.append(text[pos:])
        return [p for p in parts if p != ""]

    def check_keys(self, m, allowed, what, required=(), hints=None):
        """Report unknown and missing keys; a missing required key stops the step (Reported)."""
        if not check_keys(m, allowed, what, self.errors, required=required, hints=hints):
            raise Reported


class Snippet:
    """An expression inside a larger scalar (a `{…}` in a say text), located within it."""

    def __init__(self, text, outer, offset):
        self.text, self.outer, self.offset = text, outer, offset
        self.span = outer.locate(offset, len(text))

    def locate(self, offset, width=1):
        return self.outer.locate(self.offset + offset, width)


def _broken(st):
    raise AssertionError("a rule with a compile error was run")
