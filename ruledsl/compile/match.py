"""The match's frame, around the code the step kinds write:

    setup ─▶ HAND: a new hand (gather, shuffle, reset), the hand's steps ─▶ AFTER: its value and
    summary, after_hand's steps ─▶ HAND …   end_match ─▶ TERMINAL;  redeal ─▶ REDEAL ─▶ the steps

with every counter's start (`_start_match`, `_start_hand`), the match's returns (`_returns`),
the State's public methods (public.py), and an expression of the game compiled on its own
(State.evaluate)."""
from __future__ import annotations

import functools

from ..expr import parse_expression
from ..expr.codegen import Frag, Unit
from ..expr.compiler import Compiler as ExprCompiler
from ..lang.declare import Expr
from ..expr.types import ANY, NOTHING, SEAT
from ..runtime import dealing
from ..source import Span
from . import module, public


def write(c) -> None:
    """Write the program through the Compiler `c`: the frame and the steps in it (RuleErrors
    listing every problem)."""
    rs, w = c.ruleset, c.w
    c.entry, c.hand, c.body, c.after = w.label(), w.label(), w.label(), w.label()
    c.terminal, c.redeal = w.label(), w.label()
    _counters(c)
    w.place(c.entry)
    c.steps(rs.setup)
    w.goto(c.hand)
    w.place(c.hand)
    _new_hand(c, redeal=False)
    w.goto(c.body)
    w.place(c.body)
    c.in_hand = True
    c.steps(rs.hand)
    c.in_hand = False
    w.goto(c.after)
    w.place(c.after)
    _hand_end(c)
    c.steps(rs.after_hand)
    w.goto(c.hand)
    w.place(c.terminal)
    w.line("st.player = TERMINAL")
    w.line("return None")
    w.place(c.redeal)
    _new_hand(c, redeal=True)
    w.goto(c.body)
    _returns(c)
    if rs.decided_by is not None:
        _decider(c, rs.decided_by)
    public.write(c)
    if rs.trumps is not None:            # checked even where no step ranks cards by it
        c.errors.attempt(c.ranking.source)
    c.errors.check()


def assemble(c) -> module.Program:
    """The program `c` wrote (write), made runnable."""
    return module.assemble(c, _evaluator(c))


def _counters(c) -> None:
    """`_start_match(st)` and `_start_hand(st)`: every counter set to its start."""
    layout, w = c.layout, c.w
    for scope, name in (("match", "_start_match"), ("hand", "_start_hand")):
        w.function(name, "st")
        w.line("cv = st.cv")
        for counter in c.ruleset.counters.values():
            if counter.scope != scope:
                continue
            per, base = layout.counters[counter.name]
            with w.at(counter.start.span):
                frag = c.errors.attempt(c.frag, counter.start, ANY)
            if frag is None:
                continue
            c.scope.assigned[counter.name] = c.scope.assigned.get(counter.name, NOTHING) | frag.type
            for i in range(layout.owners(per)):
                w.line(f"cv[{base + i}] = {c.w_src(frag)}")


def _new_hand(c, redeal: bool) -> None:
    """A hand begins (or is dealt again): the cards gathered and shuffled, the hand's fields
    and counters reset."""
    w = c.w
    if not redeal:
        w.line("st.hand_number += 1")
        w.line("st.redeals = 0")
        with w.indented(f"if st.hand_number > {c.ruleset.max_hands}:"):
            w.line("raise _limit()")
    else:
        w.line("st.redeals += 1")
        with w.indented(f"if st.redeals > {module.MAX_REDEALS}:"):
            w.line("raise _redeals()")
    w.line("st.asks = ()")
    w.line("_reset_hand(st)")
    w.line(f"_new_hand(st, {w.const(c.deck.cards, 'DECK')}, {w.const(dealing.shuffler(len(c.deck.cards)))}, "
           f"{w.const(redeal)})")
    w.line("_start_hand(st)")


def _hand_end(c) -> None:
    """The hand scored: its value to each seat, and the summary a recorded match shows."""
    rs, w = c.ruleset, c.w
    w.line("st.hands_scored += 1")
    seat = Frag(src="player", type=SEAT, atomic=True)
    with c.binding(player=seat):
        if rs.hand_value is not None:
            _hand_values(c, rs.hand_value)
        with w.indented("if st.events is not None:"):
            lines = w.temp()
            w.line(f"{lines} = {{}}")
            for label, e in rs.summary:
                row = w.temp()
                w.line(f"{row} = []")
                with w.indented(f"for player in {w.const(tuple(range(c.n)))}:"):
                    with w.at(e.span):
                        src = c.errors.attempt(c.expr, e)
                        w.line(f"{row}.append(_show({src or 'None'}))")
                w.line(f"{lines}[{w.const(label, 'LABEL')}] = {row}")
            value = "_list(st.hand_values)" if rs.hand_value is not None else "None"
            w.line(f"st.events.append({{'kind': 'summary', 'hand': st.hand_number, 'lines': {lines}, "
                   f"'values': {value}}})")


def _hand_values(c, value: Expr) -> None:
    """`st.hand_values`, what the hand was worth to each seat, and the running `_totals`:
    the expression written once for each seat (`player` a constant), as one tuple."""
    w, values = c.w, []
    for seat in range(c.n):
        with c.binding(player=Frag(src=str(seat), type=SEAT, atomic=True)), w.at(value.span):
            src = c.errors.attempt(c.expr, value)
        if src is None:                  # its error is reported once
            return
        values.append(src)
    w.line(f"st.hand_values = {_tuple_display(values)}")
    w.line(f"st._totals = {_tuple_display([f'st._totals[{s}] + st.hand_values[{s}]' for s in range(c.n)])}")


def _returns(c) -> None:
    """`_returns(st)`: each seat's payoff (`result: returns`, or 1 for a winner)."""
    rs, w = c.ruleset, c.w
    w.function("_returns", "st")
    if rs.returns is None:
        w.line("won = st.winners or ()")
        w.line(f"return [1 if s in won else 0 for s in {w.const(tuple(range(c.n)))}]")
        return
    with c.binding(player=Frag(src="player", type=SEAT, atomic=True)):
        out = w.temp()
        w.line(f"{out} = []")
        with w.indented(f"for player in {w.const(tuple(range(c.n)))}:"):
            with w.at(rs.returns.span):
                w.line(f"{out}.append({c.errors.attempt(c.expr, rs.returns) or 'None'})")
        w.line(f"return {out}")


def _decider(c, decided_by: Expr) -> None:
    """`_decider(st)`: the seat that makes the decision waiting for seat `st.player`."""
    w = c.w
    w.function("_decider", "st")
    with c.binding(player=Frag(src="st.player", type=SEAT, atomic=True)), w.at(decided_by.span):
        src = c.errors.attempt(c.seat, decided_by, "`decided_by`")
    w.line(f"return {src or 'st.player'}")


def _tuple_display(items: list[str]) -> str:
    return f"({', '.join(items)},)"


def _evaluator(program):
    """Compiling an expression of the game on its own, against a state (State.evaluate, the
    scenarios' `eval` and `zones`), by a Compiler like `program`'s; each text once."""
    @functools.lru_cache(maxsize=256)
    def compiled(text: str, bound: bool, locate):
        locate = locate or (lambda offset, width=1: Span(None, 1, offset + 1, max(1, width)))
        c = type(program)(program.ruleset, program.n, program.counter_types)
        tree = parse_expression(text, locate)
        c.w.function("_evaluate", "st, player")
        with c.binding(**({"player": Frag(src="player", type=SEAT, atomic=True)} if bound else {})):
            unit = Unit(c.w)
            frag = ExprCompiler(c.scope, text, locate, unit, c.bound).value(tree)
            c.w.lines(unit.lines)
            c.w.line(f"return {c.w_src(frag)}")
        names = module.namespace(c)
        source, _, _ = c.w.source([])
        filename = f"<ruledsl expression {next(module.FILE_NUMBERS)}: {text[:60]}>"
        exec(compile(source, filename, "exec"), names)
        module.show_in_tracebacks(filename, source.splitlines(keepends=True), names["_evaluate"])
        return names["_evaluate"]
    return compiled
