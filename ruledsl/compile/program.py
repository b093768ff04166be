"""A Ruleset, for one player count, compiled to one generated Python module: the match program.

match.py writes the match's frame (setup, the hands, their end); each step kind writes its own
code (lang/steps/<kind>.py, `compile(step, c)`), through the `Compiler` here: expressions,
statements and `say:` texts compiled with their types checked, nested steps, zones and counters
by name (scope.py), the ranking in force (ranking.py), decisions. Zones and counters get fixed
indices for the player count, written in as constants. Compiling collects every error before
raising them.

Counters hold whatever the file gives them; their types are inferred: the program is compiled
with each counter typed by its `start`, the types the statements give them are joined in, and it
is compiled again until they no longer change (two or three rounds).
"""
from __future__ import annotations

import contextlib
import functools
from typing import Iterator

import attrs

from ..errors import Collector, RuleError, RuleErrors
from ..expr.codegen import Frag, Unit
from ..expr.compiler import Compiler as ExprCompiler
from ..lang import walk
from ..lang.declare import Expr, Name, Statements, Step, Template, ZoneRef
from ..lang.steps import ALL
from ..expr.types import A_SEAT, ANY, CONDITION, NOTHING, SEATS, Type, holds_seats, seat_fields
from ..runtime import helpers
from ..runtime.helpers import SEAT_NAMES
from ..runtime.knowledge import Viewers
from ..source import NOWHERE, Span
from . import kept, match, module
from .layout import Layout
from .ranking import RankingCode
from .scope import GameScope
from .writer import Writer

MAX_ROUNDS = 8


class Compiler:
    """Compiles one Ruleset for `n` players; the `c` the step kinds write through."""

    def __init__(self, ruleset, n: int, counter_types: dict[str, Type]):
        self.ruleset, self.n = ruleset, n
        self.in_hand = False             # compiling the hand's steps (module.Decision.in_hand)
        self.counter_types = counter_types
        self.direction = 1 if ruleset.direction == "clockwise" else -1
        spec = ruleset.deck
        self.deck = spec.cards()
        self.layout = Layout(ruleset, n)
        self.viewers = Viewers(ruleset, self.layout)      # who sees each zone (runtime/knowledge.py)
        self.w = Writer(module.HELPERS)
        for table, role in ((tuple(range(n)), "ALL_SEATS"), (self.layout.team_of, "TEAM_OF"),
                            (tuple(SEAT_NAMES[:n]), "SEAT_NAMES"), (self.deck.plays, "PLAYS"),
                            (self.deck.suit_of, "SUIT_OF"), (self.deck.rank_of, "RANK_OF")):
            self.w.name(table, role)          # what the constants equal to these are called
        self.scope = GameScope(self)
        self.errors = Collector()
        self.bound: dict[str, Frag] = {}
        self.decisions: list[module.Decision] = []
        self.ranking = RankingCode(self)      # the ranking in force, for the kinds that rank cards
        self.tables: dict[str, str] = {}
        self.inlined: dict[int, tuple] = {}    # decision id -> (write its legality, write its apply)
        self.slots = 0
        self.shown_move: str | None = None    # an answer's card to show to all at its move (ask.py)
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

    def zone_of(self, e: Expr) -> str | None:
        """The source of the index of the zone `e` names, when it is a zone read alone (no
        lines of its own; `hand(player)`), else None; nothing is written."""
        unit = Unit(self.w)
        try:
            frag = self._compiler(e, unit).value(e.tree)
        except RuleError:               # reported where the expression is compiled for its value
            return None
        return None if unit.lines else frag.zone

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
            self.tables[key] = self.w.const(make(), key.upper().replace(" ", "_"))
        return self.tables[key]

    def condition(self, e: Expr) -> str:
        return self.expr(e, CONDITION)

    def seat(self, e: Expr, what: str) -> str:
        """The source of a seat given by `e` (checked at play time unless its type says so)."""
        frag = self.atom(e, A_SEAT, what)
        return self.scope.seat(self._compiler(e, Unit(self.w)), frag, e.tree)      # atomic: no lines

    def seats(self, e: Expr, what: str, words: str | None = None) -> str:
        """The source of a list of seats given by `e` (a seat, a list of seats; none: nobody)."""
        src, one = self.seat_or_seats(e, what, words)
        return f"[{src}]" if one else src

    def seat_or_seats(self, e: Expr, what: str, words: str | None = None) -> tuple[str, bool]:
        """`e` (a seat, a list of seats; none: nobody) as the source of one seat and True where
        its type says it is one seat, else as the source of a list of seats and False."""
        place = attrs.evolve(SEATS, name=words) if words else SEATS
        frag = self.atom(e, place, what)
        src = self.w_src(frag)
        if frag.type.only("list") and frag.type.item is not None and frag.type.item.only("seat"):
            return src, False
        if frag.type.only("seat"):
            return src, True
        return f"{self.w.const(helpers.seats)}({src}, {self.n}, {self.w.const(e.span)})", False

    def card_list(self, frag: Frag, e: Expr) -> str:
        """The source of a fresh list of the cards `frag` (compiled from `e`) gives."""
        return self.scope.card_list(self._compiler(e, Unit(self.w)), frag, e.tree)

    def move_source(self, cards: Frag, e: Expr, dest: str) -> str:
        """The statement moving the cards `cards` (compiled from `e`) to zone `dest`."""
        return self.scope.move_source(self._compiler(e, Unit(self.w)), cards, e.tree, dest)

    def zone_index(self, ref: ZoneRef) -> str:
        """The source of the index of the zone `name` or `name(seat)` a step names."""
        if ref.index is None:
            return self.scope.zone_index(None, ref.name, None, ref.span)
        unit = Unit(self.w)
        index = self.scope.zone_index(self._compiler(ref.index, unit), ref.name, ref.index.tree, ref.span)
        with self.w.at(ref.index.span):
            self.w.lines(unit.lines)
        return index

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

    def keeping(self, steps, exprs):
        """A context in which the values of the file's functions that `steps` and `exprs` call
        more than once are kept between their tests (compile/kept.py); it gives `after(step)`,
        to call after writing each of `steps`."""
        return kept.keeping(self, steps, exprs)

    def waits(self, step: Step) -> bool:
        return walk.waits(step)

    def run(self, stmts: Statements | None) -> None:
        """Write `do:` statements."""
        for part in stmts.parts if stmts is not None else ():
            for node in part.tree:       # a mistake in one is reported, and the others compiled
                self.errors.attempt(self._statement, part, node)

    def _statement(self, part: Expr, node) -> None:
        unit = Unit(self.w)
        self._compiler(part, unit).statement(node)
        with self.w.at(part.locate(node.offset, node.width)):
            self.w.lines(unit.lines)

    def text(self, t: Template) -> str:
        """The source of a `say:` text (its {expr} parts compiled)."""
        parts = []
        for part in t.parts:
            if isinstance(part, str):
                parts.append(self.w.const(part, "SAY"))
            else:
                frag = self.frag(part)
                fields = seat_fields(frag.type)                                     # seats by name
                if fields:
                    parts.append(f"_show_seats({self.w_src(frag)}, fields={self.w.const(fields, 'SEAT_FIELDS')})")
                else:
                    shown = "_show_seats" if holds_seats(frag.type) else "_show"
                    parts.append(f"{shown}({self.w_src(frag)})")
        return f"''.join(({', '.join(parts)},))" if parts else self.w.const("", "SAY")

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
            # a mistake in the condition is reported and the step still compiled (what it gives
            # counters types the rest of the file by)
            cond = self.errors.attempt(self.condition, step.when, default="False")
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
            where = self.w.const(span.path, "FILE")
            self.w.line(f"st.events.append({{'kind': 'step', 'file': {where}, "
                        f"'line': {int(span.line)}, 'col': {int(span.col)}}})")
            if step.say is not None:
                self.w.line(f"st.events.append({{'kind': 'say', 'text': {self.text(step.say)}}})")

    def decision(self, kind, spec, span) -> module.Decision:
        d = module.Decision(len(self.decisions), kind, span, spec, self.in_hand)
        self.decisions.append(d)
        return d

    def apply_function(self, d: module.Decision, counted: bool = True) -> None:
        """Write on into `_a{id}(st, a)`: taking action `a` at decision `d`. It counts the
        action (unless `counted` is False: a trick's play is counted by the trick it joins,
        State.steps), and goes on (through the steps after it) until the next decision."""
        self.w.function(f"_a{d.id}", "st, a")
        if counted:
            self.w.line("st.steps_done += 1")    # what `limit` and a PlayError's step count

    def inline(self, d: module.Decision, legal, apply) -> None:
        """Offer decision `d` to be written into the State's public methods (public.py):
        `legal(give)` writes its legal actions, each branch ending in `give(source of the
        list)`; `apply()` writes the body of its `_a`, which counts the action as `_a` does."""
        self.inlined[d.id] = (legal, apply)

    def wait(self, d: module.Decision, seat: str) -> None:
        """Write: decision `d` is now up to `seat`; the program stops here until it is taken."""
        self.w.line(f"st.pc = {d.id}")
        self.w.line(f"st.player = {seat}")
        self.w.line("return None")

    # -- the match ----------------------------------------------------------------------------------

    def write(self) -> None:
        """The program: the match's frame (match.py) around the steps."""
        match.write(self)


def compile_program(ruleset, n: int) -> module.Program:
    """The program of `ruleset` for `n` players (RuleErrors listing every problem). It is
    written until the counters' types no longer change, and only the last round is made
    runnable."""
    types = {name: NOTHING for name in ruleset.counters}
    for _ in range(MAX_ROUNDS):
        c = Compiler(ruleset, n, types)
        try:
            c.write()
        except RuleErrors:          # kept in c.errors: raised below if this round is the last
            pass
        given = {name: types[name] | c.scope.assigned.get(name, NOTHING) for name in types}
        if given == types:
            break
        types = given
    c.errors.check()
    return match.assemble(c)
