"""A Ruleset, for one player count, compiled to one generated Python module: the match program.

    setup ─▶ HAND: a new hand (gather, shuffle, reset), the hand's steps ─▶ AFTER: its value and
    summary, after_hand's steps ─▶ HAND …   end_match ─▶ TERMINAL;  redeal ─▶ REDEAL ─▶ the steps

Each step kind writes its own code (lang/steps/<kind>.py, `compile(step, c)`), through the
`Compiler` here: expressions, statements and `say:` texts compiled with their types checked,
nested steps, zones and counters by name, decisions. Zones and counters get fixed indices for
the player count, written in as constants. Compiling collects every error before raising them.

Counters hold whatever the file gives them; their types are inferred: the program is compiled
with each counter typed by its `start`, the types the statements give them are joined in, and it
is compiled again until they no longer change (two or three rounds).
"""
from __future__ import annotations

import contextlib
import functools
from typing import Iterator

import attrs

from ..errors import Collector, RuleError, RuleErrors, did_you_mean
from ..expr import parse_expression
from ..expr.codegen import Frag, Unit
from ..expr.compiler import Compiler as ExprCompiler
from ..lang import walk
from ..lang.declare import Expr, Name, Statements, Step, Template, ZoneRef
from ..lang.steps import ALL
from ..lang.types import A_SEAT, A_SUIT, A_TEAM, ANY, CONDITION, NOTHING, SEAT, SEATS, TEXT, Type, holds_seats
from ..runtime import dealing, helpers
from ..runtime.knowledge import Viewers
from ..runtime.ranking import Rankings
from ..source import NOWHERE, Span
from . import module, public
from .scope import GameScope, Layout
from .writer import Writer

MAX_ROUNDS = 8


@attrs.define
class Decision:
    """A decision point of the program: what the runtime needs besides its generated functions
    (`_l{id}` legal actions, `_a{id}` apply, `_e{id}` every candidate with its reason)."""

    id: int
    kind: object          # the step kind's runtime side: text, why_not, describe (lang/steps)
    span: object
    spec: object          # what that side needs to know (sizes, choices, …)
    in_hand: bool = False  # among the hand's steps (not setup or after_hand): a search plays for the hand


class Compiler:
    """Compiles one Ruleset for `n` players; the `c` the step kinds write through."""

    def __init__(self, ruleset, n: int, counter_types: dict[str, Type]):
        self.ruleset, self.n = ruleset, n
        self.in_hand = False             # compiling the hand's steps (Decision.in_hand)
        self.counter_types = counter_types
        self.direction = 1 if ruleset.direction == "clockwise" else -1
        spec = ruleset.deck
        self.deck = spec.cards()
        self.layout = Layout(ruleset, n)
        self.viewers = Viewers(ruleset, self.layout)      # who sees each zone (runtime/knowledge.py)
        self.w = Writer()
        self.scope = GameScope(self)
        self.errors = Collector()
        self.bound: dict[str, Frag] = {}
        self.decisions: list[Decision] = []
        trumps = ruleset.trumps
        self.rankings = Rankings(self.deck, [(self.deck.card(p.card.text), p.above.text if p.above else None)
                                             for p in (trumps.promote if trumps else ())],
                                 ordered=trumps is not None and trumps.order is not None)
        self.ranking_src: str | None = None
        self.tables: dict[str, str] = {}
        self.inlined: dict[int, tuple] = {}    # decision id -> (write its legality, write its apply)
        self.slots = 0
        self.rounds_slots: tuple[int, int] | None = None      # round_of_loop's count
        # Where "the match did not end within N hands" points: the first end_match, else the
        # hand; and where "redealt too often" does: the first redeal.
        steps = list(walk.every_step((*ruleset.setup, *ruleset.hand, *ruleset.after_hand)))
        ends = [s.span for s in steps if s.kind == "end_match"]
        self.limit_span = ends[0] if ends else (ruleset.hand[0].span if ruleset.hand else NOWHERE)
        self.limit_hint = None if ends else \
            "no step says end_match: add one under after_hand, e.g. '- {when: …, end_match: …}'"
        redeals = [s.span for s in steps if s.kind == "redeal"]
        self.redeal_span = redeals[0] if redeals else self.limit_span

    # -- expressions, for the step kinds --------------------------------------------------------

    def _compiler(self, e: Expr, unit: Unit) -> ExprCompiler:
        return ExprCompiler(self.scope, e.text, e.locate, unit, self.bound)

    def frag(self, e: Expr, place: Type = ANY, what: str | None = None) -> Frag:
        """Compile `e` (its lines written here), checked against what the place takes."""
        unit = Unit(self.w)
        frag = self._compiler(e, unit).value(e.tree, place, what)
        with self.w.at(e.span):
            self.w.lines(unit.lines)
        return frag

    def expr(self, e: Expr, place: Type = ANY, what: str | None = None) -> str:
        """The source of `e`'s value (its lines written here)."""
        return self.w_src(self.frag(e, place, what))

    def alone(self, e: Expr, place: Type = ANY, what: str | None = None) -> str | None:
        """The source of `e`'s value when it is an expression alone, else None (it needs lines
        of its own); nothing is written. For a test written again where it saves a call."""
        unit = Unit(self.w)
        frag = self._compiler(e, unit).value(e.tree, place, what)
        return None if unit.lines else self.w_src(frag)

    def w_src(self, frag: Frag) -> str:
        return self.w.const(frag.const[0]) if frag.const is not None else frag.src

    def atom(self, e: Expr, place: Type = ANY, what: str | None = None) -> Frag:
        """`e` evaluated once into a temporary (or a constant), to be read several times."""
        frag = self.frag(e, place, what)
        if frag.atomic or frag.const is not None:
            return frag
        name = self.w.temp()
        self.w.line(f"{name} = {frag.src}")
        return Frag(src=name, type=frag.type, atomic=True)

    def table(self, key: str, make) -> str:
        """The name of a constant table the program shares, made by `make()` when `key` is
        first asked for (the trick entries of lang/steps/tricks/play.py: one table for every place they are read)."""
        if key not in self.tables:
            self.tables[key] = self.w.const(make())
        return self.tables[key]

    def condition(self, e: Expr) -> str:
        return self.expr(e, CONDITION)

    def seat(self, e: Expr, what: str) -> str:
        """The source of a seat given by `e` (checked at play time unless its type says so)."""
        frag = self.atom(e, A_SEAT, what)
        return self.scope.seat(self._compiler(e, Unit(self.w)), frag, e.tree)      # atomic: no lines

    def seats(self, e: Expr, what: str, words: str | None = None) -> str:
        """The source of a list of seats given by `e` (a seat, a list of seats; none: nobody)."""
        place = attrs.evolve(SEATS, name=words) if words else SEATS
        frag = self.atom(e, place, what)
        src = self.w_src(frag)
        if frag.type.only("list") and frag.type.item is not None and frag.type.item.only("seat"):
            return src
        if frag.type.only("seat"):
            return f"[{src}]"
        return f"{self.w.const(helpers.seats)}({src}, {self.n}, {self.w.const(e.span)})"

    def card_list(self, frag: Frag, e: Expr) -> str:
        """The source of a fresh list of the cards `frag` (compiled from `e`) gives."""
        return self.scope.card_list(self._compiler(e, Unit(self.w)), frag, e.tree)

    def move_source(self, cards: Frag, e: Expr, dest: str) -> str:
        """The statement moving the cards `cards` (compiled from `e`) to zone `dest`."""
        return self.scope.move_source(self._compiler(e, Unit(self.w)), cards, e.tree, dest)

    def zone_index(self, ref: ZoneRef) -> str:
        """The source of the index of the zone `name` or `name(seat)` a step names."""
        zones = self.layout.zones
        if ref.name not in zones:
            raise RuleError(ref.span, f"unknown zone '{ref.name}'", did_you_mean(ref.name, zones))
        owner, base = zones[ref.name]
        if (owner == "shared") != (ref.index is None):
            raise RuleError(ref.span, f"zone '{ref.name}' is " + ("one for the table: write it without ( )"
                            if owner == "shared" else f"per {owner}: write {ref.name}(seat)"),
                            None if owner == "shared" else f"say whose, e.g. {ref.name}(dealer)")
        if ref.index is None:
            return str(base)
        frag = self.atom(ref.index, A_TEAM if owner == "team" else A_SEAT, f"`{ref.name}()`")
        compiler = self._compiler(ref.index, Unit(self.w))
        index = self.scope.team(compiler, frag, ref.index.tree) if owner == "team" else \
            self.scope.seat(compiler, frag, ref.index.tree)
        return f"{base} + {index}" if base else index

    def table_counter(self, name: Name, key: str, type_: Type) -> int:
        """The index of the counter of the whole table a step's `key:` names (`as: pair`)."""
        entry = self.layout.counters.get(name.text)
        if entry is None or entry[0] != "game":
            raise RuleError(name.span, f"'{key}' needs a counter for the whole table, and '{name.text}' is "
                            f"not one", f"declare it: counters: {{{name.text}: {{start: none, scope: hand}}}}")
        self.assign(name, type_)
        return entry[1]

    def slot(self) -> int:
        """A new slot of the state's `vars` (a value a decision keeps for the steps after it)."""
        self.slots += 1
        return self.slots - 1

    def round_of_loop(self, span: Span) -> None:
        """Write the count of one round of a loop of steps (a turn, a for_each's seat). Every
        loop's rounds since a player last acted share one budget, `limits.turns`, so that loops
        inside loops, and hands of them, cannot multiply their own limits into a match that never
        ends: a located error at the loop that goes past it. (Two slots: the rounds begun since
        a player last acted, and the actions taken when that was, which a decision moves on.)"""
        if self.rounds_slots is None:
            self.rounds_slots = (self.slot(), self.slot())
        since, rounds = self.rounds_slots
        limit, w = self.ruleset.max_turns, self.w
        over = functools.partial(RuleError, span, f"the loops of steps went on for {limit:,} rounds with no "
                                 "player acting", "turns and for_each inside each other (and the hands "
                                 "around them) share limits.turns: check their until: and lists, or raise it")
        with w.indented(f"if st.vars[{since}] == st.steps_done:"):     # no one acted since the last round
            w.line(f"st.vars[{rounds}] += 1")
            with w.indented(f"if st.vars[{rounds}] >= {limit}:"):
                w.line(f"raise {w.const(over)}()")
        with w.indented("else:"):
            w.line(f"st.vars[{since}] = st.steps_done")
            w.line(f"st.vars[{rounds}] = 0")

    def waits(self, step: Step) -> bool:
        return walk.waits(step)

    def run(self, stmts: Statements | None) -> None:
        """Write `do:` statements."""
        for part in stmts.parts if stmts is not None else ():
            for node in part.tree:
                unit = Unit(self.w)
                self._compiler(part, unit).statement(node)
                with self.w.at(part.locate(node.offset, node.width)):
                    self.w.lines(unit.lines)

    def text(self, t: Template) -> str:
        """The source of a `say:` text (its {expr} parts compiled)."""
        parts = []
        for part in t.parts:
            if isinstance(part, str):
                parts.append(self.w.const(part))
            else:
                frag = self.frag(part)
                shown = "_show_seats" if holds_seats(frag.type) else "_show"      # seats by name
                parts.append(f"{shown}({self.w_src(frag)})")
        return f"''.join(({', '.join(parts)},))" if parts else self.w.const("")

    def emit(self, kind: str, **fields: str) -> None:
        """Write the event `{kind, **fields}` (fields given as source), when events are kept.
        The kind and field names are the runtime's own words (the events the table reads)."""
        assert kind.isidentifier() and all(k.isidentifier() for k in fields)
        items = ", ".join(f"'{k}': {v}" for k, v in (("kind", f"'{kind}'"), *fields.items()))
        with self.w.indented("if st.events is not None:"):
            self.w.line(f"st.events.append({{{items}}})")

    @contextlib.contextmanager
    def binding(self, **names: Frag) -> Iterator[None]:
        """Names bound (to source) for the expressions compiled inside the `with` (`player`)."""
        saved = dict(self.bound)
        self.bound.update(names)
        try:
            yield
        finally:
            self.bound = saved

    def assign(self, counter, type_: Type) -> None:
        """Note that a step gives counter `counter` (a Name) values of `type_` (`as: pair`)."""
        self.scope.assigned[counter.text] = self.scope.assigned.get(counter.text, NOTHING) | type_

    # -- zones and counters by name ------------------------------------------------------------------

    def zone(self, name: str) -> tuple[str, int] | None:
        return self.layout.zones.get(name)

    def counter(self, name: str) -> tuple[str, int] | None:
        return self.layout.counters.get(name)

    def next_seat(self, seat: str) -> str:
        """Source of the seat in the match after `seat` (a source) in the direction of play."""
        return f"{self.next_seats()}[{seat}]"

    def next_seats(self) -> str:
        """Source of the table of each seat's next in the match, in the direction of play."""
        return f"st.seating.{'left' if self.direction == 1 else 'right'}"

    def ranking_tables(self, *names: str, read: bool = True) -> tuple[str, ...]:
        """Sources of the Ranking's tables `names` (default suit, power, trump) under the trumps
        as they are now: the tables themselves when there are no trumps, else read from the
        ranking, which `read` writes to `r` first (else `r` holds it already)."""
        names = names or ("suit", "power", "trump")
        if self.ranking_fixed():
            r = self.rankings.get(None)
            return tuple(self.w.const(getattr(r, name)) for name in names)
        if read:
            self.w.line(f"r = {self.ranking_source()}")
        return tuple(f"r.{name}" for name in names)

    def ranking_fixed(self) -> bool:
        """Whether the cards rank the same all match long (no trump suit, order or condition varies)."""
        trumps = self.ruleset.trumps
        return trumps is None or (trumps.suit is None and trumps.order is None
                                  and all(p.when is None for p in trumps.promote))

    def ranking_source(self, c=None) -> str:
        """Source of the current Ranking (under the trumps as they are now). The situation's key
        is written here: the trump suit, the order in force (`trumps.order`), then whether each
        promotion holds (runtime/ranking.py `Rankings.get`)."""
        trumps = self.ruleset.trumps
        if self.ranking_fixed():
            return self.w.const(self.rankings.get(None))
        if self.ranking_src is None:
            self.ranking_src = "_ranking(st)"
            with self.w.elsewhere():
                f = self.w.function("_ranking", "st")
                parts = [self.frag(trumps.suit, A_SUIT, "`trumps.suit`")] if trumps.suit is not None else []
                key = [self.w_src(parts[0])] if parts else ["None"]
                if trumps.order is not None:
                    order = self.frag(trumps.order, TEXT, "`trumps.order`")
                    if order.const is not None:          # a constant order is checked now
                        self.rankings.order(order.const[0], trumps.order.span)
                    parts.append(order)
                    key.append(self.w_src(order))
                for p in trumps.promote:
                    if p.when is not None:
                        parts.append(self.frag(p.when, CONDITION))
                        key.append(f"(not not ({self.w_src(parts[-1])}))")
                    else:
                        key.append("True")
                key = key[0] if len(key) == 1 else "(" + ", ".join(key) + ")"
                cache, get = self.w.const(self.rankings.cache), self.w.const(self.rankings.get)
                if not f.items and all(p.steady or p.const is not None for p in parts):
                    # read from counters and options only: it cannot fail, so it is written where
                    # it is used, without a call (a Ranking is never false)
                    self.ranking_src = f"({cache}.get({key}) or {get}({key}))"
                self.w.line(f"key = {key}")
                self.w.line(f"r = {cache}.get(key)")     # a ranking per situation, made once
                self.w.line(f"return r if r is not None else {get}(key)")
        return self.ranking_src

    # -- steps --------------------------------------------------------------------------------------

    def steps(self, steps) -> None:
        for step in steps:
            self.errors.attempt(self.step, step)

    def step(self, step: Step) -> None:
        kind = ALL[step.kind]
        with self.w.at(step.span):
            if step.when is None:
                self._body(kind, step)
                return
            cond = self.condition(step.when)
            if not walk.waits(step):
                with self.w.indented(f"if {cond}:"):
                    self._body(kind, step)
                return
            after = self.w.label()
            with self.w.indented(f"if not {cond}:"):
                self.w.goto(after)
            self._body(kind, step)
            self.w.goto(after)
            self.w.place(after)

    def acting(self, steps) -> str | None:
        """Source of a test that holds when some of `steps` would act, for where it is written:
        each has a `when:`, and one holds. The first may need lines of their own (written
        here); the others must be expressions alone, tested only if those before fail, as the
        block tests them. A trick calls the hooks' block only then (lang/steps/tricks/); None
        when it cannot be told (the block is always called)."""
        if not steps or any(step.when is None for step in steps):
            return None
        later = [self.alone(step.when, CONDITION) for step in steps[1:]]
        if None in later:                    # lines of their own: the block tests them
            return None
        tests = [self.condition(steps[0].when), *later]
        return " or ".join(f"({test})" for test in tests) if len(tests) > 1 else tests[0]

    def _body(self, kind, step: Step) -> None:
        if step.when is not None or step.say is not None:
            self._fired(step)
        kind.compile(step, self)

    def _fired(self, step: Step) -> None:
        """Write what a rule firing records (only when someone listens): a "step" event with
        its place in the file — a step with a `when:` that held or a `say:` is a rule analysis
        counts — then its `say:` text. A play-out without events pays one test."""
        span = step.span
        with self.w.indented("if st.events is not None:"):
            self.w.line(f"st.events.append({{'kind': 'step', 'file': {self.w.const(span.path)}, "
                        f"'line': {int(span.line)}, 'col': {int(span.col)}}})")
            if step.say is not None:
                self.w.line(f"st.events.append({{'kind': 'say', 'text': {self.text(step.say)}}})")

    def decision(self, kind, spec, span) -> Decision:
        d = Decision(len(self.decisions), kind, span, spec, self.in_hand)
        self.decisions.append(d)
        return d

    def apply_function(self, d: Decision, counted: bool = True) -> None:
        """Write on into `_a{id}(st, a)`: taking action `a` at decision `d`. It counts the
        action (unless `counted` is False: a trick's play is counted by the trick it joins,
        State.steps), and goes on (through the steps after it) until the next decision."""
        self.w.function(f"_a{d.id}", "st, a")
        if counted:
            self.w.line("st.steps_done += 1")    # what `limit` and a PlayError's step count

    def inline(self, d: Decision, legal, apply) -> None:
        """Offer decision `d` to be written into the State's public methods (public.py):
        `legal(give)` writes its legal actions, each branch ending in `give(source of the
        list)`; `apply()` writes the body of its `_a`, which counts the action as `_a` does."""
        self.inlined[d.id] = (legal, apply)

    def wait(self, d: Decision, seat: str) -> None:
        """Write: decision `d` is now up to `seat`; the program stops here until it is taken."""
        self.w.line(f"st.pc = {d.id}")
        self.w.line(f"st.player = {seat}")
        self.w.line("return None")

    # -- the match ----------------------------------------------------------------------------------

    def build(self) -> "module.Program":
        rs, w = self.ruleset, self.w
        self.entry, self.hand, self.body, self.after = w.label(), w.label(), w.label(), w.label()
        self.terminal, self.redeal = w.label(), w.label()
        self.end_hand_label = self.after
        self._counters()
        w.place(self.entry)
        self.steps(rs.setup)
        w.goto(self.hand)
        w.place(self.hand)
        self._new_hand(redeal=False)
        w.goto(self.body)
        w.place(self.body)
        self.in_hand = True
        self.steps(rs.hand)
        self.in_hand = False
        w.goto(self.after)
        w.place(self.after)
        self._hand_end()
        self.steps(rs.after_hand)
        w.goto(self.hand)
        w.place(self.terminal)
        w.line("st.player = -4")
        w.line("return None")
        w.place(self.redeal)
        self._new_hand(redeal=True)
        w.goto(self.body)
        self._returns()
        public.write(self)
        if rs.trumps is not None:            # checked even where no step ranks cards by it
            self.errors.attempt(self.ranking_source)
        self.errors.check()
        return module.assemble(self, _expressions(self.ruleset, self.n, self.counter_types))

    def _counters(self) -> None:
        """`_start_match(st)` and `_start_hand(st)`: every counter set to its start."""
        layout, w = self.layout, self.w
        for scope, name in (("match", "_start_match"), ("hand", "_start_hand")):
            w.function(name, "st")
            w.line("cv = st.cv")
            for counter in self.ruleset.counters.values():
                if counter.scope != scope:
                    continue
                per, base = layout.counters[counter.name]
                with w.at(counter.start.span):
                    frag = self.errors.attempt(self.frag, counter.start, ANY)
                if frag is None:
                    continue
                self.scope.assigned[counter.name] = self.scope.assigned.get(counter.name, NOTHING) | frag.type
                for i in range(layout.owners(per)):
                    w.line(f"cv[{base + i}] = {self.w_src(frag)}")

    def _new_hand(self, redeal: bool) -> None:
        w = self.w
        if not redeal:
            w.line("st.hand_number += 1")
            w.line("st.redeals = 0")
            with w.indented(f"if st.hand_number > {self.ruleset.max_hands}:"):
                w.line("raise _limit()")
        else:
            w.line("st.redeals += 1")
            with w.indented(f"if st.redeals > {module.MAX_REDEALS}:"):
                w.line("raise _redeals()")
        w.line("st.asks = ()")
        w.line("_reset_hand(st)")
        w.line(f"_new_hand(st, {w.const(self.deck.cards)}, {w.const(dealing.shuffler(len(self.deck.cards)))}, "
               f"{w.const(redeal)})")
        w.line("_start_hand(st)")

    def _hand_end(self) -> None:
        rs, w = self.ruleset, self.w
        w.line("st.hands_scored += 1")
        seat = Frag(src="player", type=SEAT, atomic=True)
        with self.binding(player=seat):
            if rs.hand_value is not None:
                self._hand_values(rs.hand_value)
            with w.indented("if st.events is not None:"):
                lines = w.temp()
                w.line(f"{lines} = {{}}")
                for label, e in rs.summary:
                    row = w.temp()
                    w.line(f"{row} = []")
                    with w.indented(f"for player in {w.const(tuple(range(self.n)))}:"):
                        with w.at(e.span):
                            src = self.errors.attempt(self.expr, e)
                            w.line(f"{row}.append(_show({src or 'None'}))")
                    w.line(f"{lines}[{w.const(label)}] = {row}")
                value = "_list(st.hand_values)" if rs.hand_value is not None else "None"
                w.line(f"st.events.append({{'kind': 'summary', 'hand': st.hand_number, 'lines': {lines}, "
                       f"'values': {value}}})")

    def _hand_values(self, value: Expr) -> None:
        """`st.hand_values`, what the hand was worth to each seat, and the running `_totals`:
        the expression written once for each seat (`player` a constant), as one tuple."""
        w, values = self.w, []
        for seat in range(self.n):
            with self.binding(player=Frag(src=str(seat), type=SEAT, atomic=True)), w.at(value.span):
                src = self.errors.attempt(self.expr, value)
            if src is None:                  # its error is reported once
                return
            values.append(src)
        w.line(f"st.hand_values = {_tuple_display(values)}")
        w.line(f"st._totals = {_tuple_display([f'st._totals[{s}] + st.hand_values[{s}]' for s in range(self.n)])}")

    def _returns(self) -> None:
        rs, w = self.ruleset, self.w
        w.function("_returns", "st")
        if rs.returns is None:
            w.line("won = st.winners or ()")
            w.line(f"return [1 if s in won else 0 for s in {w.const(tuple(range(self.n)))}]")
            return
        with self.binding(player=Frag(src="player", type=SEAT, atomic=True)):
            out = w.temp()
            w.line(f"{out} = []")
            with w.indented(f"for player in {w.const(tuple(range(self.n)))}:"):
                with w.at(rs.returns.span):
                    w.line(f"{out}.append({self.errors.attempt(self.expr, rs.returns) or 'None'})")
            w.line(f"return {out}")


def _tuple_display(items: list[str]) -> str:
    return f"({', '.join(items)},)"


def _expressions(ruleset, n: int, counter_types):
    """Compiling an expression of the game on its own, against a state (State.evaluate, the
    scenarios' `eval` and `zones`); each text once."""
    @functools.lru_cache(maxsize=256)
    def compiled(text: str, bound: bool, locate):
        locate = locate or (lambda offset, width=1: Span(None, 1, offset + 1, max(1, width)))
        c = Compiler(ruleset, n, counter_types)
        tree = parse_expression(text, locate)
        c.w.function("_evaluate", "st, player")
        with c.binding(**({"player": Frag(src="player", type=SEAT, atomic=True)} if bound else {})):
            unit = Unit(c.w)
            frag = ExprCompiler(c.scope, text, locate, unit, c.bound).value(tree)
            c.w.lines(unit.lines)
            c.w.line(f"return {c.w_src(frag)}")
        names = module.namespace(c)
        source, _, _ = c.w.source([])
        exec(compile(source, "<ruledsl expression>", "exec"), names)
        return names["_evaluate"]
    return compiled


def compile_program(ruleset, n: int) -> "module.Program":
    """The program of `ruleset` for `n` players (RuleErrors listing every problem)."""
    types = {name: NOTHING for name in ruleset.counters}
    for _ in range(MAX_ROUNDS):
        c = Compiler(ruleset, n, types)
        try:
            program = c.build()
        except RuleErrors:
            program = None
        given = {name: types[name] | c.scope.assigned.get(name, NOTHING) for name in types}
        if given == types:
            if program is None:
                c.errors.check()
            return program
        types = given
    c.errors.check()
    return program
