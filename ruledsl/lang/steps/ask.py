"""`ask:` — a decision offered to one player, or to several in turn.

    the seats asked go on the state's stack ─▶ HEAD: the next seat with something to answer is
    to move ─▶ the answer's `do:` and `then:` steps ─▶ HEAD … ─▶ the steps after the ask

An action is (choice index, value): `pass`, `declare`, `trump H`, `discard 4C`. The seats asked
live on a stack of the state (`st.asks`), so an ask inside another ask's `then` works; `player`
(the seat asked) and a choice's value are kept in slots of the state (`st.vars`), so the steps
of a `then:` see them across the decisions they may hold.

Legality: `_e` (`_explained`) lists every candidate — each choice, for each value of its
`each:` — with the first part of its `when:` (split at the top-level `and`s) that does not hold,
for why_not; `_l` (`_offered`) lists the answers offered, by the plan of candidates.py, which
tests the steady parts of a `when:` once and makes a combination's candidates by their
structure (sources.py); it gives what `_e` offers, in the same order.
"""
from __future__ import annotations

import contextlib
import functools

import attrs

from ...errors import RuleError, did_you_mean
from ...prose.document import Item
from ...prose.words import cap, code, joined
from ...expr import ast
from ...expr.codegen import Frag
from ...runtime import knowledge
from ...source import Span
from ..declare import (REQUIRED, Construct, Each, Entries, Expr, Expression, Flag, Key, Name, Names,
                       Statements, StatementsHolds, Step, StepKind, Steps, Text)
from ...expr.types import ANY, CONDITION, SEAT, SEATS
from . import candidates
from .do import Do
from .known import Known, shared_tests
from .answers import ASKING, Reason


@attrs.frozen
class Choice:
    name: str
    each: Expr | None = None        # a binding: `c in hand(player)`
    when: Expr | None = None
    do: Statements | None = None
    then: tuple = ()
    secret: bool = False
    rule: str | None = None         # why it may not be chosen, in words (else words from `when:`)
    span: Span = attrs.field(default=None, eq=False)


@attrs.frozen(kw_only=True)
class Ask(Step):
    kind = "ask"
    who: Expr
    prompt: str = ""
    choices: dict
    until: tuple[Name, ...] = ()


@attrs.frozen
class Spec:
    """What the runtime side of one ask needs: the prompt and each choice's name and form."""

    prompt: str
    names: tuple[str, ...]
    params: tuple[bool, ...]
    seat: int                        # the slot of st.vars holding the seat asked
    types: tuple = ()                # the static type of each choice's values (None: it has none)


# -- code ---------------------------------------------------------------------------------------

def compile_ask(step: Ask, c) -> None:
    w = c.w
    choices = list(step.choices.values())
    names = [ch.name for ch in choices]
    until = set()
    for name in step.until:
        if name.text not in names:
            raise RuleError(name.span, f"'until' names '{name.text}', which is not a choice here",
                            did_you_mean(name.text, names) or f"the choices are: {', '.join(names)}")
        until.add(names.index(name.text))
    seat = c.slot()
    values = [c.slot() if ch.each is not None else None for ch in choices]
    d = c.decision(ASKING, Spec(step.prompt, tuple(names), tuple(ch.each is not None for ch in choices), seat),
                   step.span)
    who, one = c.seat_or_seats(step.who, "`ask.who`")
    # One seat asked (its type says so) needs no stack: it is asked here, and its answer goes
    # on to the steps after the ask. Seats asked in turn go on the stack, and each answer goes
    # back to the head, which asks the next.
    w.line(f"st.vars[{seat}] = {who}" if one else f"st.asks = st.asks + (_tuple({who}),)")
    head, end = w.label(), w.label()
    asked = Frag(src=f"st.vars[{seat}]", type=SEAT, atomic=True)
    with w.elsewhere(), c.binding(player=asked):
        d.spec = attrs.evolve(d.spec, types=tuple(_explained(c, d, choices)))
        lazy = _offered(c, d, choices)
    w.goto(head)
    w.place(head)
    with contextlib.nullcontext() if one else w.indented("if st.asks[-1]:"):
        if not one:
            w.line(f"st.vars[{seat}] = st.asks[-1][0]")
        offered = w.temp()
        w.line(f"{offered} = _l{d.id}(st{', True' if lazy else ''})")     # lazy: a play-out draws one
        with w.indented(f"if {offered}:"):
            w.line(f"st._legal = {offered}")       # what legal_actions() hands out, worked out once
            c.wait(d, f"st.vars[{seat}]")
        # a seat asked must have an answer: none open is the rule file's mistake, never a
        # question passed over in silence
        stuck = functools.partial(RuleError, step.span, "no legal action for the player to move",
                                  "none of this ask's answers is open to the player asked: check the choices' "
                                  "`when:` and `each:` (offer `pass` where the rules allow it)")
        w.line(f"raise {w.const(stuck)}()")
    if not one:
        w.line("st.asks = st.asks[:-1]")
        w.goto(end)
    with w.elsewhere(), c.binding(player=asked):
        _apply(c, d, choices, values, d.spec.types, until, end if one else head, one)
    w.place(end)


def _explained(c, d, choices) -> list:
    """`_e{id}(st)`: every candidate answer with None or the reason it is not offered (the
    first part of its `when:` that does not hold), each choice's values listed and tested one
    by one. Gives the type of each choice's values."""
    w = c.w
    w.function(f"_e{d.id}", "st")
    out = w.temp()
    w.line(f"{out} = []")
    types = []
    for i, ch in enumerate(choices):
        # a mistake in one choice is reported and the others (and this one's `do:`, which gives
        # counters their types) are still compiled: one mistake, one error
        types.append(c.errors.attempt(_explain_choice, c, ch, i, out, default=None if ch.each is None else ANY))
    w.line(f"return {out}")
    return types


def _explain_choice(c, ch: Choice, i: int, out: str):
    """The lines listing choice `ch`'s candidates with their reasons; gives the type of its
    values (None: it takes none)."""
    w = c.w
    with w.at(ch.span):
        if ch.each is None:
            _offer(c, ch, i, None, out, True)
            return None
        var = w.temp("_v")
        seq = c.frag(_sequence(ch.each), ANY, "`each`")
        items = w.temp()
        w.line(f"{items} = {c.w_src(seq)}")
        if not seq.type.only("list"):
            with w.indented(f"if _type({items}) is not _list:"):
                w.line(f"{items} = _iterable({items}, {w.const(ch.each.span)})")
        type_ = (seq.type.item or ANY) if seq.type.only("list") else ANY
        with w.indented(f"for {var} in {items}:"):
            with c.binding(**{ch.each.tree.var: Frag(src=var, type=type_, atomic=True)}):
                _offer(c, ch, i, var, out, True, type_)
        return type_


def _offered(c, d, choices) -> bool:
    """`_l{id}(st, lazy=False)`: the answers offered, each choice's by the plan of candidates.py
    (its `when:`'s steady parts tested once, its values made by their structure). A plan may
    test the parts of a `when:` in another order than the rule file writes them, so where one
    of them fails (an error of the file, an index past the end of a list), `_l` lists the
    answers as `_e` does, candidate by candidate: what fails there fails as it always did.
    True when some combinations are given as blocks (runtime/offered.py): the ask's head then
    asks with `lazy`, and a large block is counted, its answers made when drawn."""
    w = c.w
    w.function(f"_l{d.id}", "st, lazy=False")
    out, blocks = w.temp(), False
    with w.indented("try:") if candidates.FALLBACK else contextlib.nullcontext():
        w.line(f"{out} = []")
        tested, marks = shared_tests(c, choices)    # a comparison several choices test, once (known.py)
        known = Known(c, tested)        # what a choice's values tell the choices after it (known.py)
        with c.binding(**marks):
            for i, ch in enumerate(tested):
                blocks |= bool(c.errors.attempt(_offer_choice, c, d, ch, i, out, known))      # one mistake, one error
        w.line(f"return {out}")
    if candidates.FALLBACK:
        with w.indented("except _Exception:"):
            w.line(f"return [a for a, why in _e{d.id}(st) if why is None]")
    return blocks


def _offer_choice(c, d, ch: Choice, i: int, out: str, known) -> bool:
    """The lines offering choice `ch`'s answers; True when some are a block (candidates.offer)."""
    with c.w.at(ch.span):
        if ch.each is None:
            if ch.when is None:
                _offer(c, ch, i, None, out, False)
                return False
            when, marks = known.reading(ch.when)
            with c.binding(**marks):
                _offer(c, attrs.evolve(ch, when=when), i, None, out, False)
            return False
        return candidates.offer(c, ch, i, out, _sequence(ch.each), _frozen, d.spec.types[i], known)


def _offer(c, ch: Choice, i: int, var: str | None, out: str, explain: bool, type_=None) -> None:
    w = c.w
    action = f"({i}, {_frozen(var, type_)})" if var else w.const((i, None))
    if not explain:
        if ch.when is None:
            w.line(f"{out}.append({action})")
            return
        with w.indented(f"if {c.condition(ch.when)}:"):
            w.line(f"{out}.append({action})")
        return
    reason = w.temp()
    w.line(f"{reason} = None")
    for part in _conjuncts(ch.when):       # in order, each only while the ones before it held
        said = Reason.of(c.ruleset, ch, part)
        with w.indented(f"if {reason} is None:"):
            with w.indented(f"if not {c.condition(attrs.evolve(ch.when, tree=part))}:"):
                w.line(f"{reason} = {w.const(said)}({var or 'None'})")
    w.line(f"{out}.append(({action}, {reason}))")


def _frozen(var: str, type_) -> str:
    """An `each:` value as it goes into an action: a list (several cards) as a tuple, so that
    actions stay hashable (search bots key their trees by them); `_apply` binds it back as a list."""
    return _recast(var, type_, "_tuple", "_list")


def _recast(value: str, type_, into: str, kind: str) -> str:
    """Source of `value` with a list or tuple (`kind`) made `into` the other, as far as its
    type says it can be one."""
    if not type_.has("list"):
        return value
    if type_.only("list"):
        return f"{into}({value})"
    return f"({into}({value}) if _type({value}) is {kind} else {value})"


def _conjuncts(when: Expr | None) -> list:
    """The parts of a condition split at its top-level `and`s, in order."""
    if when is None:
        return []
    parts, stack = [], [when.tree]
    while stack:
        part = stack.pop()
        if isinstance(part, ast.BoolOp) and part.op == "and":
            stack += [part.right, part.left]
        else:
            parts.append(part)
    return parts


def _sequence(each: Expr) -> Expr:
    """The list an `each:` ranges over, as an expression of its own."""
    return attrs.evolve(each, tree=each.tree.seq, form="expression")


def _apply(c, d, choices, values, types, until, after, one) -> None:
    """`_a{id}(st, action)`: the seat answers; its choice's statements run, then its steps,
    then on to `after` (the head, which asks the next seat; or, `one` seat asked, the steps
    after the ask)."""
    w = c.w
    c.apply_function(d)
    index, value = w.temp(), w.temp()
    w.line(f"{index}, {value} = a")
    if not one:
        rest = f"() if {index} in {w.const(frozenset(until))} else st.asks[-1][1:]" if until else "st.asks[-1][1:]"
        w.line(f"st.asks = st.asks[:-1] + (({rest}),)")
    names = w.const(tuple(ch.name for ch in choices))
    text = f"({names}[{index}] if {value} is None else {names}[{index}] + ' ' + _show({value}))"
    secret = w.const(frozenset(i for i, ch in enumerate(choices) if ch.secret))
    with w.indented("if st.events is not None:"):
        event = w.temp()
        w.line(f"{event} = {{'kind': 'choice', 'seat': st.vars[{d.spec.seat}], 'action': {text}}}")
        with w.indented(f"if {index} in {secret}:"):        # the table tells the others only the name
            w.line(f"{event}['public'] = {names}[{index}]")
        w.line(f"st.events.append({event})")
    w.line("st.player = NOBODY")
    for i, ch in enumerate(choices):
        with w.indented(f"if {index} == {i}:"):
            bound = {}
            if ch.each is not None:
                kept = _recast(value, types[i], '_list', '_tuple')
                # also in a local where it is another value than the answer's (writer.py: the
                # slot read after this, in this function, is read from the local)
                w.line(f"st.vars[{values[i]}] = {kept}" if kept == value else f"{w.temp()} = st.vars[{values[i]}] = {kept}")
                origin = c.zone_of(_sequence(ch.each)) if types[i] is not None and types[i].only("card") else None
                bound[ch.each.tree.var] = Frag(src=f"st.vars[{values[i]}]", type=types[i], atomic=True, origin=origin)
            if not ch.secret and types[i] is not None:
                if bound and bound[ch.each.tree.var].origin is not None and _moved_first(ch):
                    c.shown_move = ch.each.tree.var      # shown as it moves (compile/moves.py move_from)
                else:
                    _announce(c, f"st.vars[{values[i]}]", types[i])
            with c.binding(**bound):
                c.run(ch.do)
                if ch.then:
                    then = w.label()
                    w.goto(then)
                    with w.elsewhere():
                        w.place(then)
                        c.steps(ch.then)
                        w.goto(after)
                else:
                    w.goto(after)
            if c.shown_move is not None:        # the move was not written: an error in it, reported
                c.shown_move = None
                if not c.errors.errors:
                    raise AssertionError(f"the card of choice '{ch.name}' was to be shown by its move")


def _moved_first(ch) -> bool:
    """Whether the answer's card is moved by the choice's first statement (`move c to pile`,
    first of `do:`, or of a first `do` step of `then:` without a `when:`), nothing run
    before it that could read or change what the seats know."""
    if ch.do is not None:
        first = ch.do.parts[0].tree if ch.do.parts else ()
    elif ch.then and isinstance(ch.then[0], Do) and ch.then[0].when is None and ch.then[0].statements.parts:
        first = ch.then[0].statements.parts[0].tree
    else:
        return False
    node = first[0] if first else None
    return isinstance(node, ast.Move) and node.loop is None and isinstance(node.cards, ast.Name) and \
        node.cards.name == ch.each.tree.var


def _announce(c, value: str, type_) -> None:
    """An answer told to the whole table names its cards: everyone has seen them where they
    lie (`lay 5H`, still in the hand while the meld it goes on is chosen), as `reveal` shows."""
    if type_.only("card"):
        c.w.line(f"{c.w.const(c.viewers.publish, 'PUBLISH')}(st, {c.w.const(knowledge.BIT, 'BITS')}[{value}])")
    elif type_.only("list") and type_.item is not None and type_.item.only("card"):
        c.w.line(f"{c.w.const(knowledge.show)}(st, {value})")


# -- explain ------------------------------------------------------------------------------------

GROUP_WORDS = ("others", "opponents", "order", "active", "seats")


def describe_ask(prose, step: Ask) -> list[Item]:
    w, tree = prose.words, step.who.tree
    single = not (isinstance(tree, (ast.ListExpr, ast.Comprehension))
                  or (isinstance(tree, ast.Call) and tree.name in GROUP_WORDS)
                  or (isinstance(tree, ast.Name) and tree.name in GROUP_WORDS))
    who = step.who.text
    asked = cap(w.seat(who)) if single else f"Each of {w.seats(who)} in turn"
    text = f"{asked} is asked to {' '.join((step.prompt or 'choose').split())}."
    if step.until:
        text += f" The asking stops as soon as someone answers {joined([code(n.text) for n in step.until], 'or')}."
    return [Item(text + " The answers:", [_choice(prose, ch) for ch in step.choices.values()])]


def _choice(prose, ch: Choice) -> Item:
    if ch.each is None and ch.when is None and ch.do is None and not ch.then and not ch.secret:
        return Item(f"{code(ch.name)}.")
    text = code(ch.name)
    if ch.each is not None:
        var, seq = ch.each.tree.var, ch.each.text.split(" in ", 1)[1].strip()
        text = f"{code(ch.name + ' ' + var)}, for {prose.words.group(var, seq)}"
    if ch.when is not None:
        text += f", offered only when {code(ch.when.text)}"
    if ch.secret:
        text += " (the others are not told which)"
    effects = prose.words.statements(ch.do) if ch.do is not None else []
    text += (": " + "; ".join(effects) + ".") if effects else "."
    then = prose.nested(ch.then)
    return Item(text + (" Then:" if then else ""), then, ordered=True)


CHOICE = Construct("choice", Choice, (
    Key("each", Each(), None, "`NAME in EXPR`: the choice takes a value, written after its name"),
    Key("when", Expression(CONDITION), None, "the choice is offered only while this holds"),
    Key("do", StatementsHolds(), None, "statements run when it is chosen"),
    Key("then", Steps(), (), "steps run when it is chosen"),
    Key("secret", Flag(), False, "only the chooser is told the value; the others hear the choice's name"),
    Key("rule", Text(), None, "why the choice is not offered, in words, as `why` tells a player (default: "
        "words made from `when:`)", "say the rule in words, e.g. rule: you may draw only when you cannot play"),
), what="choice '{name}'", doc="one answer of an `ask`", null=True)

ASK = StepKind("ask", Ask, "offers a decision to one player or to several in turn (§6.3)", keys=(
    Key("who", Expression(SEATS), REQUIRED, "the seat asked, or a list of seats asked in turn",
        "the seat (or list of seats) asked, e.g. who: left(dealer)"),
    Key("prompt", Text(), "", "what the player is asked, in words"),
    Key("choices", Entries(CHOICE, names="word"), REQUIRED, "the answers, by name",
        "what the player may answer, e.g. choices: {accept: {do: …}, pass: }"),
    Key("until", Names(), (), "the asking stops once someone takes one of these choices"),
), compile=compile_ask, describe=describe_ask)
