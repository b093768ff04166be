"""Compiling expressions and statements against a small fake Scope, and running them."""
from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ruledsl.errors import RuleError, did_you_mean
from ruledsl.expr import (EvalError, builtin_names, compile_binding, compile_expression,
                          compile_statements)
from ruledsl.source import Span


def locate(offset: int, width: int) -> Span:
    return Span(None, 1, offset + 1, width)


class Env:
    def __init__(self, **locals):
        self.locals = dict(locals)


class FakeScope:
    """Seats are 0..3; counters live in dicts; zones are lists; cards are their text."""

    def __init__(self):
        self.values = {"players": 4, "active": [0, 1, 2, 3], "dealer": 0, "xs": [3, 1, 4, 1, 5]}
        self.counters = {"lives": {0: 3, 1: 1, 2: 0, 3: 3}, "pool": 0, "trump": None}
        self.options = {"target": 21, "stake": 2}
        self.zones = {"table": ["7C", "3D"], "discard": [], "hand": {p: [] for p in range(4)}}
        self.revealed = []
        self.lookups = []
        self.functions = {"lives": lambda p: self.counters["lives"][p],
                          "hand": lambda p: self.zones["hand"][p],
                          "suit": lambda c: c[-1],
                          "points": lambda c: Fraction(1, 3)}

    def lookup(self, name, span):
        self.lookups.append(name)
        if name in self.values:
            return lambda env: self.values[name]
        if name in ("pool", "trump"):
            return lambda env: self.counters[name]
        if name in ("table", "discard"):
            return lambda env: self.zones[name]
        raise RuleError(span, f"unknown name '{name}'", did_you_mean(name, self.names()))

    def option(self, name, span):
        if name not in self.options:
            raise RuleError(span, f"unknown option '{name}'", did_you_mean(name, self.options))
        value = self.options[name]
        return lambda env: value

    def function(self, name, args, spans, span):
        f = self.functions.get(name)
        if f is None:
            return None
        if len(args) != 1:
            raise RuleError(span, f"{name} takes 1 argument")
        (a,) = args
        return lambda env: f(a(env))

    def card(self, text, span):
        if text == "2C":
            raise RuleError(span, "2C is not in the deck")
        return text

    def suit(self, text, span):
        return text

    def target(self, name, index, span):
        counters = self.counters
        if name not in counters:
            raise RuleError(span, f"unknown counter '{name}'", did_you_mean(name, counters))
        if index is None:
            return (lambda env: counters[name]), (lambda env, v: counters.__setitem__(name, v))
        table = counters[name]
        return (lambda env: table[index(env)]), (lambda env, v: table.__setitem__(index(env), v))

    def move(self, cards, zone, index, span):
        def run(env):
            moved = cards(env)
            moved = list(moved) if isinstance(moved, list) else [moved]
            for zone_list in self.zones.values():
                if isinstance(zone_list, list):
                    for c in moved:
                        if c in zone_list:
                            zone_list.remove(c)
            (self.zones[zone] if index is None else self.zones[zone][index(env)]).extend(moved)
        return run

    def reveal(self, cards, span):
        return lambda env: self.revealed.append(cards(env))

    def names(self):
        return [*self.values, "pool", "trump", "table", "discard"]

    def function_names(self):
        return list(self.functions)


@pytest.fixture
def scope():
    return FakeScope()


def run(text, scope=None, **locals):
    scope = scope or FakeScope()
    code = compile_expression(text, locate, scope, list(locals))
    return code(Env(**locals))


# ---------------------------------------------------------------- arithmetic


@pytest.mark.parametrize("text, value", [
    ("2 + 3 * 4", 14),
    ("(2 + 3) * 4", 20),
    ("10 - 3 - 2", 5),
    ("2 * 3 // 4", 1),
    ("-3 // 2", -2),
    ("-2 * 3", -6),
    ("7 % 3", 1),
    ("-7 % 3", 2),
    ("1 + 2 == 3", True),
    ("1 + 1 if false else 5", 5),
    ("not 1 == 2", True),
    ("2 in [1, 2] and 3 not in [1]", True),
    ("1 < 2 < 3", True),
    ("1 < 3 < 2", False),
    ("3 > 2 > 2", False),
    ("0 or 'x'", "x"),
    ("none and 1", None),
    ("players // 3", 1),
    ("option.target - option.stake", 19),
])
def test_values(text, value):
    result = run(text)
    assert result == value and type(result) is type(value)


def test_fractions_are_exact():
    assert run("1/3 + 1/3 + 1/3") == 1 and type(run("1/3 + 1/3 + 1/3")) is int
    assert run("6/3") == 2 and type(run("6/3")) is int
    assert run("0.5 + 0.25") == Fraction(3, 4)
    assert run("1/3 * 3") == 1 and type(run("1/3 * 3")) is int
    assert run("(7/2) % 1") == Fraction(1, 2)
    assert run("(7/2) // 1") == 3
    assert run("sum([1/3, 1/3, 1/3])") == 1 and type(run("sum([1/3, 1/3, 1/3])")) is int
    assert run("points(c) * 3", c="AS") == 1 and type(run("points(c) * 3", c="AS")) is int


def test_floor_ceil_abs_of_fractions():
    assert run("floor(7/2)") == 3 and type(run("floor(7/2)")) is int
    assert run("ceil(7/2)") == 4 and type(run("ceil(7/2)")) is int
    assert run("floor(-1/3)") == -1
    assert run("ceil(-7/2)") == -3
    assert run("abs(-5/2)") == Fraction(5, 2)
    assert run("abs(-4/2)") == 2 and type(run("abs(-4/2)")) is int
    assert run("floor(40 / players)") == 10


@settings(max_examples=150, deadline=None)
@given(st.recursive(
    st.integers(-20, 20).map(lambda n: (str(n) if n >= 0 else f"({n})", Fraction(n))),
    lambda inner: st.tuples(inner, st.sampled_from("+-*/"), inner),
    max_leaves=10))
def test_arithmetic_matches_fractions(tree):
    def build(t):
        if len(t) == 2:
            return t
        (lt, lv), op, (rt, rv) = build(t[0]), t[1], build(t[2])
        if op == "/" and rv == 0:
            return f"({lt} + {rt})", lv + rv
        value = {"+": lv + rv, "-": lv - rv, "*": lv * rv, "/": lv / rv if rv else None}[op]
        return f"({lt} {op} {rt})", value
    text, value = build(tree)
    result = run(text)
    assert result == value
    assert type(result) is (int if value.denominator == 1 else Fraction)


# ---------------------------------------------------------------- lists, comprehensions, aggregates


def test_comprehensions(scope):
    assert run("[p for p in active if lives(p) > 0]", scope) == [0, 1, 3]
    assert run("[x * 2 for x in xs]", scope) == [6, 2, 8, 2, 10]
    assert run("[[p * q for q in [1, 2]] for p in [1, 2]]", scope) == [[1, 2], [2, 4]]
    assert run("[p for p in [p, p + 1]]", scope, p=10) == [10, 11]  # the sequence sees the outer p


def test_loop_variables_are_restored():
    env = Env(p="outer")
    code = compile_expression("[p for p in [1, 2]] + [q for q in [3]]", locate, FakeScope(), ["p"])
    assert code(env) == [1, 2, 3]
    assert env.locals == {"p": "outer"}


def test_aggregates(scope):
    assert run("sum(lives(p) for p in active)", scope) == 7
    assert run("sum(lives(p) for p in active if p != dealer)", scope) == 4
    assert run("count(lives(p) > 1 for p in active)", scope) == 2       # true values
    assert run("count(p for p in active if lives(p) > 0)", scope) == 3  # items (seat 0 counts)
    assert run("count(xs)", scope) == 5 and run("len(table)", scope) == 2
    assert run("max(xs)", scope) == 5 and run("min(xs)", scope) == 1
    assert run("max(lives(p) for p in active)", scope) == 3
    assert run("max(3, 4, 1)", scope) == 4 and run("min(2, 1/2)", scope) == Fraction(1, 2)
    assert run("min([])", scope) is None and run("max(x for x in [])", scope) is None
    assert run("sum([])", scope) == 0 and run("count(x for x in [])", scope) == 0
    assert run("any(x > 4 for x in xs)", scope) is True and run("all(x > 4 for x in xs)", scope) is False
    assert run("all([])", scope) is True and run("any([])", scope) is False
    assert run("sorted(xs)", scope) == [1, 1, 3, 4, 5]
    assert run("unique(xs)", scope) == [3, 1, 4, 5]
    assert run("first(xs)", scope) == 3 and run("last(xs)", scope) == 5
    assert run("first([])", scope) is None and run("last([])", scope) is None
    assert run("xs[-1] + xs[0]", scope) == 8


def test_argmax_keeps_every_tie_in_order(scope):
    assert run("argmax(lives(p) for p in active)", scope) == [0, 3]
    assert run("argmin(lives(p) for p in active)", scope) == [2]
    assert run("argmax(lives(p) for p in active if p != 0)", scope) == [3]
    assert run("argmin(x for x in [])", scope) == []


def test_conditionals(scope):
    assert run("'many' if players > 3 else 'few'", scope) == "many"
    assert run("1 if trump == none else 2", scope) == 1
    assert run("1 if true else 1/0", scope) == 1  # the other branch never runs
    assert run("lives(p) if p in active else 0", scope, p=3) == 3


def test_cards_suits_options(scope):
    assert run("QS in ['QS', '10H']", scope) is True
    assert run("suit(10H) == H", scope) is True
    assert run("[c for c in table if suit(c) == D]", scope) == ["3D"]
    e = _compile_error("2C == 3")
    assert e.message == "2C is not in the deck" and e.span.col == 1
    e = _compile_error("option.tagret > 3")
    assert (e.message, e.hint, e.span.col - 1) == ("unknown option 'tagret'", "did you mean 'target'?", 7)


def test_names_resolve_once_at_compile_time(scope):
    code = compile_expression("dealer + dealer + p", locate, scope, ["p"])
    assert scope.lookups == ["dealer", "dealer"]  # `p` is local: never asked of the scope
    for _ in range(3):
        code(Env(p=1))
    assert scope.lookups == ["dealer", "dealer"]


# ---------------------------------------------------------------- statements


def test_statements_change_counters(scope):
    env = Env()
    compile_statements("lives(p) -= 1 for p in active if lives(p) > 0", locate, scope)(env)
    assert scope.counters["lives"] == {0: 2, 1: 0, 2: 0, 3: 2}
    assert env.locals == {}
    compile_statements("pool += option.stake * players; trump = S; pool *= 2", locate, scope)(env)
    assert scope.counters["pool"] == 16 and scope.counters["trump"] == "S"
    compile_statements("lives(p) = 5", locate, scope, ["p"])(Env(p=1))
    assert scope.counters["lives"][1] == 5


def test_statements_move_and_reveal(scope):
    code = compile_statements("move table[0] to hand(dealer); move table to discard; reveal hand(0)[0]",
                              locate, scope)
    code(Env())
    assert scope.zones["hand"][0] == ["7C"] and scope.zones["discard"] == ["3D"]
    assert scope.zones["table"] == [] and scope.revealed == ["7C"]
    compile_statements("move hand(p) to discard for p in active", locate, scope)(Env())
    assert scope.zones["discard"] == ["3D", "7C"]


def test_statement_errors(scope):
    e = _statement_error("lives(p) =+ 1 for p in active")  # there is no unary plus
    assert e.message == "unexpected '+' in statement"
    e = _statement_error("livs(p) -= 1 for p in active")
    assert (e.message, e.hint, e.span.col) == ("unknown counter 'livs'", "did you mean 'lives'?", 1)
    e = _statement_error("p = 1", locals=["p"])
    assert e.message == "cannot assign to 'p': it is a local name here"
    with pytest.raises(EvalError) as info:
        compile_statements("pool += none", locate, scope)(Env())
    assert info.value.message == "cannot add 0 and none" and info.value.span.col == 6


def test_binding(scope):
    name, seq = compile_binding("s in [x for x in xs if x > c]", locate, scope, ["c"])
    assert name == "s" and seq(Env(c=3)) == [4, 5]


# ---------------------------------------------------------------- errors


def _compile_error(text, locals=()):
    with pytest.raises(RuleError) as info:
        compile_expression(text, locate, FakeScope(), locals)
    return info.value


def _statement_error(text, locals=()):
    with pytest.raises(RuleError) as info:
        compile_statements(text, locate, FakeScope(), locals)
    return info.value


def test_unknown_function_did_you_mean():
    e = _compile_error("fooo(1) + 2")
    assert (e.message, e.hint, e.span.col, e.span.width) == ("unknown function 'fooo'", "did you mean 'floor'?", 1, 4)
    e = _compile_error("1 + lifes(p)", ["p"])
    assert (e.message, e.hint, e.span.col - 1) == ("unknown function 'lifes'", "did you mean 'lives'?", 4)
    e = _compile_error("dealer(1)")
    assert e.hint == "'dealer' is a value, not a function: write it without parentheses"
    e = _compile_error("delaer + 1")
    assert (e.message, e.hint) == ("unknown name 'delaer'", "did you mean 'dealer'?")


def test_builtin_arguments_are_checked():
    assert _compile_error("floor(1, 2)").message == "floor takes 1 argument, not 2"
    assert _compile_error("count()").message == "count takes 1 argument, not 0"
    assert _compile_error("max()").message == "max takes at least 1 argument, not 0"
    assert _compile_error("argmax(xs)").message.startswith("argmax needs a generator argument")
    assert _compile_error("floor(x for x in xs)").message == "floor takes a number, not a generator"
    assert {"floor", "ceil", "abs", "min", "max", "sum", "count", "len", "any", "all", "sorted",
            "argmax", "argmin", "first", "last", "unique"} == set(builtin_names())


def test_nothing_of_python_is_reachable():
    assert _compile_error("__import__('os')").message == "unknown function '__import__'"
    assert _compile_error("type(1)").message == "unknown function 'type'"
    with pytest.raises(RuleError):
        compile_expression("xs.__class__", locate, FakeScope())
    assert _compile_error("option.__class__").message == "unknown option '__class__'"


@pytest.mark.parametrize("text, message, col", [
    ("none + 1", "cannot add none and 1", 6),
    ("1 - none", "cannot subtract 1 and none", 3),
    ("true * 2", "cannot multiply true and 2", 6),
    ("[1] * 3", "cannot multiply a list and 3", 5),
    ("players / (players - 4)", "division by zero", 9),
    ("1 // 0", "division by zero", 3),
    ("xs[10]", "index 10 is out of range for a list of 5", 1),
    ("xs[none]", "an index must be a whole number, not none", 1),
    ("none < 1", "cannot compare none < 1", 6),
    ("1 in 2", "cannot look for 1 in 2", 3),
    ("-none", "cannot negate none", 1),
    ("[p for p in none]", "cannot loop over none", 13),
    ("sum(['a'])", "sum needs numbers, not 'a'", 1),
    ("max([1, 'a'])", "max cannot compare 1, 'a'", 1),
])
def test_run_time_errors_are_eval_errors_with_a_place(text, message, col):
    code = compile_expression(text, locate, FakeScope())
    with pytest.raises(EvalError) as info:
        code(Env())
    assert (info.value.message, info.value.span.col) == (message, col)


def test_comparing_with_none_works():
    assert run("trump == none") is True and run("trump != none") is False
    assert run("none == 0") is False


# ---------------------------------------------------------------- generated code


class NoteScope(FakeScope):
    """`note(x)` records x and returns it: the order in which operands run."""

    def __init__(self):
        super().__init__()
        self.notes = []
        self.functions["note"] = lambda x: self.notes.append(x) or x


@settings(max_examples=150, deadline=None)
@given(st.recursive(st.integers(-20, 20),
                    lambda inner: st.tuples(inner, st.sampled_from(["+", "-", "*", "/", "//", "%"]), inner),
                    max_leaves=10))
def test_arithmetic_of_locals_matches_fractions(tree):
    # The same as test_arithmetic_matches_fractions with locals for leaves: nothing folds, so
    # this runs the int fast paths and the slow paths of the generated code.
    leaves = {}

    def build(t):
        if not isinstance(t, tuple):
            name = f"a{len(leaves)}"
            leaves[name] = t
            return name, Fraction(t)
        (lt, lv), op, (rt, rv) = build(t[0]), t[1], build(t[2])
        if op in ("/", "//", "%") and rv == 0:
            return f"({lt} + {rt})", lv + rv
        value = {"+": lv + rv, "-": lv - rv, "*": lv * rv, "/": lv / rv if rv else None,
                 "//": lv // rv if rv else None, "%": lv % rv if rv else None}[op]
        return f"({lt} {op} {rt})", Fraction(value)
    text, value = build(tree)
    result = run(text, **leaves)
    assert result == value
    assert type(result) is (int if value.denominator == 1 else Fraction)


def test_operands_run_left_to_right():
    scope = NoteScope()
    assert run("note(1) + sum(note(x) for x in [2, 3]) + note(4)", scope) == 10
    assert run("[note(5), count(note(x) for x in [6]), note(7)]", scope) == [5, 1, 7]
    assert run("note(8) < note(9) < count(note(x) for x in [10])", scope) is False
    assert run("note(0) and [note(x) for x in [11]]", scope) == 0
    assert run("note(12) if note(13) else [note(x) for x in [14]]", scope) == 12
    assert run("xs[note(0)] + xs[note(1)]", scope) == 4
    assert scope.notes == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 13, 12, 0, 1]


def test_any_all_first_count_stop_early():
    # The answer is known before `none > 1` runs: no error.
    assert run("any(x > 1 for x in [2, none])") is True
    assert run("all(x > 1 for x in [0, none])") is False
    assert run("first(x for x in [0, 1, none] if x > 0)") == 1
    assert run("count(x for x in [0, none, false, true, 'a'])") == 3
    with pytest.raises(EvalError) as info:
        run("any(x > 1 for x in [0, none])")
    assert (info.value.message, info.value.span.col) == ("cannot compare none > 1", 7)


def test_loop_variables_are_restored_after_an_error():
    env = Env(p="outer")
    code = compile_expression("[q for q in [1, 2] if [p for p in [q]][0] > none]", locate, FakeScope(), ["p"])
    with pytest.raises(EvalError):
        code(env)
    assert env.locals == {"p": "outer"}


def test_a_local_without_a_value():
    for text, col in [("p + 1", 1), ("1 + lives(p)", 11), ("[x for x in [1] if x == p]", 25)]:
        with pytest.raises(EvalError) as info:
            compile_expression(text, locate, FakeScope(), ["p"])(Env())
        assert (info.value.message, info.value.span.col) == ("'p' has no value here", col)
    scope = FakeScope()
    scope.functions["broken"] = lambda x: {}[x]  # the scope's own KeyError is not a local's
    with pytest.raises(KeyError):
        compile_expression("broken(p) + p", locate, scope, ["p"])(Env(p=1))


def test_integer_division_and_indexing_fast_paths():
    assert run("p // 2", p=7) == 3 and run("p // 2", p=-7) == -4 and run("p % 2", p=-7) == 1
    assert run("p // q", p=7, q=-2) == -4 and run("p % q", p=7, q=-2) == -1
    for text in ("p // 0", "p % q", "p // q"):
        with pytest.raises(EvalError, match="division by zero"):
            run(text, p=7, q=0)
    assert run("xs[p]", p=-1) == 5 and run("xs[p]", p=4) == 5
    for p, message in [(5, "index 5 is out of range for a list of 5"),
                       (-6, "index -6 is out of range for a list of 5"),
                       (True, "an index must be a whole number, not true")]:
        with pytest.raises(EvalError) as info:
            run("xs[p]", p=p)
        assert info.value.message == message
    assert run("'abc'[p]", p=1) == "b"


@pytest.mark.parametrize("text", [
    # deeper than one generated function may nest loops, blocks or indentation
    "[" * 12 + "x" + "".join(f" for x{i} in [1]]" for i in range(12)),
    "sum(" * 10 + "x" + " for x in [1])" * 10,
    "".join(f"(x{i} if any(y > {i} for y in xs) else " for i in range(18)) + "0" + ")" * 18,
    "p and (" * 35 + "any(x > 4 for x in xs)" + ")" * 35,
    " < ".join(["p"] * 600),
    "not " * 38 + "p",
])
def test_deep_expressions_compile_and_run(text):
    code = compile_expression(text, locate, FakeScope(), ["p", "x"] + [f"x{i}" for i in range(18)])
    code(Env(p=1, x=1, **{f"x{i}": i for i in range(18)}))


def test_expression_text_never_becomes_source(monkeypatch):
    # Names, texts and numbers of the expression are constants of the generated function.
    from ruledsl.expr import codegen
    sources = []
    monkeypatch.setattr(codegen, "compile", raising=False,
                        value=lambda source, *rest: sources.append(source) or compile(source, *rest))
    codegen.factory.cache_clear()
    assert run("[evil_name for evil_name in ['__import__', 'os.system'] if evil_name != '1 + 1' "
               "and option.target < 12345]") == ["__import__", "os.system"]
    assert sources
    for word in ("evil", "__import__", "os.system", "1 + 1", "target", "12345"):
        assert word not in "".join(sources)
