"""Expressions compiled into a game's program, and run against its state (`state.evaluate`).

A small game holds what the expressions read: four seats, counters `lives` (per seat), `pool`,
`trump` and `xs` (a list), a table of two cards and options `target` and `stake`.
"""
from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ruledsl
from ruledsl.errors import RuleError, RuleErrors
from ruledsl.expr import EvalError
from ruledsl.runtime import knowledge

GAME = """\
name: Expressions
players: 4
deck: {pack: french-52, order: [A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2], points: {A: 1/3}}
zones:
  table: {visible: all}
  discard: {visible: all}
options: {target: 21, stake: 2}
counters:
  lives: {per: player, start: 0}
  pool: 0
  trump: {start: none}
  xs: "[3, 1, 4, 1, 5]"
  leaves: "[]"
hand:
  - deal: {to: table, count: 2}
  - do: STATEMENTS
  - ask: {who: dealer, choices: {wait: }}
after_hand:
  - end_match: seats
"""


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    return _game(tmp_path_factory.mktemp("expr"), "pool += 0")


def _game(folder, statements: str):
    path = folder / "rules.yaml"
    path.write_text(GAME.replace("STATEMENTS", statements), encoding="utf-8")
    return ruledsl.load_game(path)


def state(game, **counters):
    start = {"lives": [3, 1, 0, 3]}
    start.update(counters)
    return game.new_initial_state(players=4, dealer=0, counters=start, deals=[{"table": "7C 3D"}])


@pytest.fixture(scope="module")
def run(game):
    st = state(game)

    def evaluate(text, player=None):
        return st.evaluate(text, player)
    return evaluate


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
def test_values(run, text, value):
    result = run(text)
    assert result == value and type(result) is type(value)


def test_the_cards_of_a_suit_are_counted_as_listed(run):
    """count(cards(xs, S)) counts without making the list of cards (Frag.counted): of a zone,
    its cards among the suit's (a zone's cards are distinct), of another list its cards' suits;
    it gives what the list itself has, for every suit (the table holds 7C 3D)."""
    for suit, held in {"C": ["7C"], "D": ["3D"], "H": [], "S": []}.items():
        assert [str(c) for c in run(f"cards(table, {suit})")] == held
        assert run(f"count(cards(table, {suit}))") == run(f"len(cards(table, {suit}))") == len(held)
    assert run("count(cards(table, C)) + count(cards(table, D)) == count(table)") is True
    assert run("count(cards([7C, 7C, 3D], C))") == 2 and run("count(cards(table + [7C], C))") == 2


def test_the_points_of_cards_are_rounded_down_as_the_exact_sum(run):
    """floor(points(cards)) rounds the points down without making the Fraction (Frag.floored);
    it gives what rounding the exact sum gives (+ 0 takes the Fraction's way). An ace is 1/3."""
    aces = ["AS", "AH", "AD", "AC", "AS"]
    for k in range(len(aces) + 1):
        cards = "[" + ", ".join(aces[:k]) + "]"
        assert run(f"floor(points({cards}))") == run(f"floor(points({cards}) + 0)") == k // 3
        assert type(run(f"floor(points({cards}))")) is int
    assert run("floor(points(AS))") == 0 and run("floor(points(table))") == 0
    assert run("floor(points(AS) * 3)") == 1


def test_fractions_are_exact(run):
    assert run("1/3 + 1/3 + 1/3") == 1 and type(run("1/3 + 1/3 + 1/3")) is int
    assert run("6/3") == 2 and type(run("6/3")) is int
    assert run("0.5 + 0.25") == Fraction(3, 4)
    assert run("1/3 * 3") == 1 and type(run("1/3 * 3")) is int
    assert run("(7/2) % 1") == Fraction(1, 2)
    assert run("(7/2) // 1") == 3
    assert run("sum([1/3, 1/3, 1/3])") == 1 and type(run("sum([1/3, 1/3, 1/3])")) is int
    assert run("points(AS) * 3") == 1 and type(run("points(AS) * 3")) is int


def test_floor_ceil_abs_of_fractions(run):
    assert run("floor(7/2)") == 3 and type(run("floor(7/2)")) is int
    assert run("ceil(7/2)") == 4 and type(run("ceil(7/2)")) is int
    assert run("floor(-1/3)") == -1
    assert run("ceil(-7/2)") == -3
    assert run("abs(-5/2)") == Fraction(5, 2)
    assert run("abs(-4/2)") == 2 and type(run("abs(-4/2)")) is int
    assert run("floor(40 / players)") == 10


def _tree(leaf, ops):
    return st.recursive(leaf, lambda inner: st.tuples(inner, st.sampled_from(ops), inner), max_leaves=10)


def _build(t, leaf_text):
    """(text, value) of a tree; a division by zero becomes an addition."""
    if not isinstance(t, tuple):
        return leaf_text(t), Fraction(t)
    (lt, lv), op, (rt, rv) = _build(t[0], leaf_text), t[1], _build(t[2], leaf_text)
    if op in ("/", "//", "%") and rv == 0:
        return f"({lt} + {rt})", lv + rv
    value = {"+": lv + rv, "-": lv - rv, "*": lv * rv, "/": lv / rv if rv else None,
             "//": lv // rv if rv else None, "%": lv % rv if rv else None}[op]
    return f"({lt} {op} {rt})", Fraction(value)


@settings(max_examples=150, deadline=None)
@given(_tree(st.integers(-20, 20), "+-*/"))
def test_arithmetic_matches_fractions(run, tree):
    text, value = _build(tree, lambda n: str(n) if n >= 0 else f"({n})")
    result = run(text)
    assert result == value
    assert type(result) is (int if value.denominator == 1 else Fraction)


@settings(max_examples=150, deadline=None)
@given(_tree(st.integers(-20, 20), ["+", "-", "*", "/", "//", "%"]))
def test_arithmetic_of_values_known_only_at_play_time(game, tree):
    # The leaves are items of a counter: nothing folds, so the generated code's whole-number
    # paths and its helpers run.
    leaves = []

    def leaf(n):
        leaves.append(n)
        return f"leaves[{len(leaves) - 1}]"
    text, value = _build(tree, leaf)
    result = state(game, leaves=leaves).evaluate(text)
    assert result == value
    assert type(result) is (int if value.denominator == 1 else Fraction)


# ---------------------------------------------------------------- lists, comprehensions, aggregates


def test_comprehensions(run):
    assert run("[p for p in active if lives(p) > 0]") == [0, 1, 3]
    assert run("[x * 2 for x in xs]") == [6, 2, 8, 2, 10]
    assert run("[[p * q for q in [1, 2]] for p in [1, 2]]") == [[1, 2], [2, 4]]
    assert run("[p for p in [player, player + 1]]", 2) == [2, 3]   # the sequence sees the outer name
    assert run("[player for player in [1]] + [player]", 3) == [1, 3]


def test_aggregates(run):
    assert run("sum(lives(p) for p in active)") == 7
    assert run("sum(lives(p) for p in active if p != dealer)") == 4
    assert run("count(lives(p) > 1 for p in active)") == 2       # true values
    assert run("count(p for p in active if lives(p) > 0)") == 3  # items (seat 0 counts)
    assert run("count(xs)") == 5 and run("len(table)") == 2
    assert run("max(xs)") == 5 and run("min(xs)") == 1
    assert run("max(lives(p) for p in active)") == 3
    assert run("max(3, 4, 1)") == 4 and run("min(2, 1/2)") == Fraction(1, 2)
    assert run("min([])") is None and run("max(x for x in [])") is None
    assert run("sum([])") == 0 and run("count(x for x in [])") == 0
    assert run("any(x > 4 for x in xs)") is True and run("all(x > 4 for x in xs)") is False
    assert run("all([])") is True and run("any([])") is False
    assert run("sorted(xs)") == [1, 1, 3, 4, 5]
    assert run("unique(xs)") == [3, 1, 4, 5]
    assert run("first(xs)") == 3 and run("last(xs)") == 5
    assert run("first([])") is None and run("last([])") is None
    assert run("xs[-1] + xs[0]") == 8


def test_argmax_keeps_every_tie_in_order(run):
    assert run("argmax(lives(p) for p in active)") == [0, 3]
    assert run("argmin(lives(p) for p in active)") == [2]
    assert run("argmax(lives(p) for p in active if p != 0)") == [3]
    assert run("argmin(x for x in [])") == []


def test_conditionals(run):
    assert run("'many' if players > 3 else 'few'") == "many"
    assert run("1 if trump == none else 2") == 1
    assert run("1 if true else 1/0") == 1  # the other branch never runs
    assert run("lives(player) if player in active else 0", 3) == 3


def test_cards_suits_options(run):
    assert run("QS in [QS, 10H]") is True
    assert run("suit(10H) == H") is True
    assert [str(c) for c in run("[c for c in table if suit(c) == D]")] == ["3D"]
    e = _error(run, "option.tagret > 3")
    assert (e.message, e.hint, e.span.col - 1) == ("unknown option 'tagret'", "did you mean 'target'?", 7)


def test_comparing_with_none_works(run):
    assert run("trump == none") is True and run("trump != none") is False
    assert run("none == 0") is False
    assert run("xs[0] == none") is False and run("none != xs[0]") is True and run("[] == none") is False
    assert run("first(leaves) == none") is True and run("0 == none") is False     # by identity: 0 is not none


def test_an_empty_list_is_told_by_its_truth(run):
    """`count(xs) == 0` and `zone == []` are written as the list's truth (operators.py
    _emptiness): the same answers as the length and Python's equality, as booleans."""
    for text, value in [("count(table) == 0", False), ("count(discard) == 0", True), ("count(leaves) == 0", True),
                        ("count(xs) != 0", True), ("table == []", False), ("discard == []", True),
                        ("discard != []", False), ("table != []", True), ("leaves == []", True),
                        ("count([c for c in table if suit(c) == H]) == 0", True)]:
        assert run(text) is value, text


# ---------------------------------------------------------------- statements


def test_statements_change_counters(tmp_path):
    text = "lives(p) -= 1 for p in active if lives(p) > 0; pool += option.stake * players; trump = S; pool *= 2"
    st = state(_game(tmp_path, text))
    assert [st.evaluate(f"lives({p})") for p in range(4)] == [2, 0, 0, 2]
    assert st.evaluate("pool") == 16 and st.evaluate("trump") == "S"


def test_a_sum_of_whole_numbers_keeps_its_counters_whole(tmp_path):
    """sum() of whole numbers is a whole number (Python's own sum, lang/builtins/lists.py): a counter given
    one, even through its own value (lives), is inferred as whole and its arithmetic written
    plainly; a sum with a fraction in it stays a number, checked and exact."""
    (tmp_path / "whole").mkdir()
    game = _game(tmp_path / "whole", "lives(p) = 1 + sum(lives(q) for q in others(p)) for p in active; "
                                     "pool = 10 - sum(lives(p) for p in active)")
    types = game.program(4).counter_types
    assert types["lives"].only("int") and types["pool"].only("int")
    st = state(game)
    lives = [st.evaluate(f"lives({p})") for p in range(4)]
    assert all(type(x) is int for x in lives) and st.evaluate("pool") == 10 - sum(lives)
    (tmp_path / "fraction").mkdir()
    game = _game(tmp_path / "fraction", "pool = sum([1/3, lives(0)])")
    assert not game.program(4).counter_types["pool"].only("int")
    assert state(game).evaluate("pool") == Fraction(10, 3)          # lives(0) starts at 3


def test_statements_move_and_reveal(tmp_path):
    text = "move table[0] to discard; reveal discard[0]; move table to discard"
    st = state(_game(tmp_path, text))
    assert [str(c) for c in st.evaluate("discard")] == ["7C", "3D"] and st.evaluate("table") == []
    assert knowledge.public(st) == knowledge.mask(st.evaluate("discard")[:1])      # 7C, known to all


def test_a_card_moved_goes_last_where_it_goes_even_from_there(tmp_path):
    """One card moves on its own path (helpers.move_cards, without sets): from its zone to the end of the
    other, or to the end of its own; several cards keep their order."""
    st = state(_game(tmp_path, "move table[0] to table"))
    assert [str(c) for c in st.evaluate("table")] == ["3D", "7C"]
    st = state(_game(tmp_path, "move table[1] to discard; move table to discard"))
    assert [str(c) for c in st.evaluate("discard")] == ["3D", "7C"] and st.evaluate("table") == []


@pytest.mark.parametrize("text, message, col", [
    ("lives(p) =+ 1 for p in active", "unexpected '+' in statement", 11),
    ("livs(p) -= 1 for p in active", "unknown counter 'livs'", 1),
    ("pool = 1 for pool in seats", "cannot assign to 'pool': it is a local name here", 1),
    ("pool += none", "cannot add `pool` (a number) and `none` (none)", 1),
])
def test_statement_errors(tmp_path, text, message, col):
    with pytest.raises(RuleErrors) as info:
        _game(tmp_path, text)
    (e,) = info.value.errors
    assert (e.message, e.span.col - len("  - do: ")) == (message, col)


# ---------------------------------------------------------------- errors


def _error(run, text, player=None):
    with pytest.raises(RuleError) as info:
        run(text, player)
    return info.value


def test_unknown_function_did_you_mean(run):
    e = _error(run, "fooo(1) + 2")
    assert (e.message, e.hint, e.span.col, e.span.width) == ("unknown function 'fooo'", "did you mean 'floor'?", 1, 4)
    e = _error(run, "1 + lifes(player)", 0)
    assert (e.message, e.hint, e.span.col - 1) == ("unknown function 'lifes'", "did you mean 'lives'?", 4)
    e = _error(run, "dealer(1)")
    assert e.hint == "'dealer' is a value, not a function: write it without parentheses"
    e = _error(run, "delaer + 1")
    assert (e.message, e.hint) == ("unknown name 'delaer'", "did you mean 'dealer'?")


@pytest.mark.parametrize("text, message", [
    ("1H + 2", "'1H' is not a number or a card"),
    ("QX", "'QX' is not a card or a suit"),
    ("count(cards(hand(0), B))", "'B' is not a card or a suit"),
])
def test_a_word_that_is_no_card_or_suit_of_the_deck_is_told_in_the_decks_words(run, text, message):
    """Card-shaped words are read as cards of any deck; the game's deck refuses those it lacks."""
    e = _error(run, text, 0)
    assert (e.message, e.hint) == (message, "cards are written like QS, 10H, 7D and suits as S, H, D, C")
    word = message.split("'")[1]
    assert (e.span.col - 1, e.span.width) == (text.index(word), len(word))


def test_builtin_arguments_are_checked(run):
    assert _error(run, "floor(1, 2)").message == "floor takes 1 argument, not 2"
    assert _error(run, "count()").message == "count takes 1 argument, not 0"
    assert _error(run, "max()").message == "max takes at least 1 argument, not 0"
    assert _error(run, "argmax(xs)").message.startswith("argmax needs a generator argument")
    assert _error(run, "floor(x for x in xs)").message == "floor takes a number, not a generator"


def test_nothing_of_python_is_reachable(run):
    assert _error(run, "__import__('os')").message == "unknown function '__import__'"
    assert _error(run, "type(1)").message == "unknown function 'type'"
    with pytest.raises(RuleError):
        run("xs.__class__")
    assert _error(run, "option.__class__").message == "unknown option '__class__'"


@pytest.mark.parametrize("text, message, col", [
    ("trump + 1", "cannot add `trump` (none) and `1` (a number)", 1),        # trump is only ever none
    ("trump < 1", "cannot compare `trump` (none) < `1` (a number)", 1),
    ("[p for p in trump]", "a loop `for … in` takes a list; `trump` is none", 13),
    ("players / (players - 4)", "division by zero", 9),
    ("1 // 0", "division by zero", 3),
    ("xs[10]", "index 10 is out of range for a list of 5", 1),
    ("[x < 1 for x in [trump, 1]]", "cannot compare none < 1", 4),
    ("max([1, 'a'])", "max cannot compare 1, 'a'", 1),
])
def test_run_time_errors_are_located(run, text, message, col):
    """Found at load when the types say so; else when it runs: an EvalError, at its operator."""
    e = _error(run, text)
    assert (e.message, e.span.col) == (message, col)


def test_types_are_checked_where_the_value_is_used(run):
    e = _error(run, "points(dealer)")
    assert (e.message, e.span.col) == ("`points()` takes cards; `dealer` is a seat", 8)
    e = _error(run, "left(0.5)")
    assert e.message == "`left()` takes a seat; `0.5` is a fraction"
    e = _error(run, "left(7)")
    assert e.message == "`left()` takes a seat; there is no seat 7 with 4 players"
    e = _error(run, "-suit(QS)")
    assert e.message == "`-` takes a number; `suit(QS)` is a suit"


def test_any_all_first_count_stop_early(run):
    # The answer is known before `x > 1` meets none: no error.
    assert run("any(x > 1 for x in [2, trump])") is True
    assert run("all(x > 1 for x in [0, trump])") is False
    assert run("first(x for x in [0, 1, trump] if x > 0)") == 1
    assert run("count(x for x in [0, trump, false, true, 'a'])") == 3
    e = _error(run, "any(x > 1 for x in [0, trump])")
    assert (e.message, e.span.col) == ("cannot compare none > 1", 7)


def test_player_without_a_value(run):
    e = _error(run, "player + 1")
    assert (e.message, e.span.col) == ("'player' has no value here", 1)


def test_integer_division_and_indexing(run):
    assert run("player // 2", 3) == 1 and run("(0 - player) // 2", 3) == -2 and run("(0 - player) % 2", 3) == 1
    assert run("xs[player - 4]", 3) == 5 and run("xs[player + 1]", 3) == 5
    for text, message in [("xs[player + 2]", "index 5 is out of range for a list of 5"),
                          ("xs[player - 9]", "index -6 is out of range for a list of 5"),
                          ("player // (player - 3)", "division by zero")]:
        e = _error(run, text, 3)
        assert e.message == message
    assert run("'abc'[player - 2]", 3) == "b"
    # a list typed as one, indexed by a whole number: no type test, the bounds still checked
    assert [run(f"[table[i] for i in range(count(table) - {k})]") for k in (1, 2)] == [[run("table[0]")], []]
    assert _error(run, "[table[i + 1] for i in range(count(table))]").message == \
        "index 2 is out of range for a list of 2"


def test_a_cards_rank_or_suit_compared_with_a_constant_is_read_from_a_table_of_answers(run):
    """`rank(c) == '7'` (either side, == or !=) is read from a table of the answers made when
    compiled (operators._told): the same truth as comparing the texts, for every card."""
    cards = run("table")
    for text, expected in [("rank(c) == '7'", [str(c)[:-1] == "7" for c in cards]),
                           ("'3' != rank(c)", [str(c)[:-1] != "3" for c in cards]),
                           ("suit(c) == D", [str(c)[-1] == "D" for c in cards]),
                           ("C != suit(c)", [str(c)[-1] != "C" for c in cards])]:
        assert run(f"[{text} for c in table]") == expected, text
        assert all(type(x) is bool for x in run(f"[{text} for c in table]"))


def test_a_zones_first_cards_by_index_are_its_slice_and_past_its_end_fail_as_written(run):
    """`[table[i] for i in range(n)]` of a zone is one slice where 0 <= n <= its size
    (loops.listed); a negative n gives none, an n past the end fails at the index, as written."""
    cards = run("table")
    assert [run("[table[i] for i in range(player - 3)]", p) for p in range(6)] == \
        [[], [], [], [], cards[:1], cards[:2]]
    assert _error(run, "[table[i] for i in range(player - 0)]", 3).message == "index 2 is out of range for a list of 2"
    assert run("[table[i] for i in range(count(table) - 1)]") == cards[:1]


@pytest.mark.parametrize("text, value", [
    ("xs[1:3]", [1, 4]), ("xs[:2]", [3, 1]), ("xs[-2:]", [1, 5]), ("xs[3:1]", []), ("xs[2:99]", [4, 1, 5]),
    ("xs[-99:1]", [3]), ("xs[:]", [3, 1, 4, 1, 5]), ("'hello'[1:3]", "el"), ("sum(xs[1:])", 11),
    ("[x * 2 for x in xs[:player - 1]]", [6, 2]), ("xs[player - 4:][0]", 5), ("len(table[1:])", 1),
    ("[[1, 2], [3]][0][1:]", [2]),
])
def test_slices_are_pythons(run, text, value):
    """xs[a:b]: the items from a up to b, a negative index from the end, past either end fewer."""
    assert run(text, 3) == value


def test_a_slice_is_a_new_list_and_its_mistakes_are_located(run, game):
    st = state(game)
    part = st.evaluate("table[:1]")
    part.append("x")
    assert st.evaluate("count(table)") == 2
    for text, message, col in [("xs[trump:]", "a slice's index takes a number; `trump` is none", 4),
                               ("pool[1:]", "a slice `[…:…]` takes a list; `pool` is a number", 1),
                               ("xs[:'a']", "a slice's index takes a number; `'a'` is text", 5)]:
        e = _error(run, text)
        assert (e.message, e.span.col) == (message, col)
    e = _error(run, "xs[1:2:3]")
    assert e.span.col == 7


@pytest.mark.parametrize("text", [
    # deeper than one generated function may nest loops, blocks or indentation
    "[" * 12 + "player" + "".join(f" for x{i} in [1]]" for i in range(12)),
    "sum(" * 10 + "x" + " for x in [1])" * 10,
    "".join(f"(x if any(y > {i} for y in xs) else " for i in range(18)) + "0" + ")" * 18,
    "player and (" * 35 + "any(x > 4 for x in xs)" + ")" * 35,
    " < ".join(["player"] * 400),
    "not " * 38 + "player",
])
def test_deep_expressions_compile_and_run(run, text):
    run(text.replace("(x if", "(player if"), 1)


def test_expression_text_never_becomes_source(game):
    # Names, texts and numbers of the expression are constants of the generated program.
    st = state(game)
    assert st.evaluate("[evil_name for evil_name in ['__import__', 'os.system'] if evil_name != '1 + 1' "
                       "and option.target < 12345]") == ["__import__", "os.system"]
    source = game.program(4).source
    for word in ("evil", "__import__", "os.system", "1 + 1", "target", "12345", "Expressions"):
        assert word not in source


# ---------------------------------------------------------------- range and nested comprehensions


@pytest.mark.parametrize("text, value", [
    ("range(4)", [0, 1, 2, 3]),
    ("range(2, 5)", [2, 3, 4]),
    ("range(3, 1)", []),
    ("[x * 10 + y for x in range(1, 3) for y in range(x)]", [10, 20, 21]),
    ("[[x, y] for x in xs if x > 3 for y in [1, 2] if y != x]", [[4, 1], [4, 2], [5, 1], [5, 2]]),
    ("sum(x * y for x in [1, 2] for y in [10, 100])", 330),
    ("count(s for s in seats for c in table if rank(c) == '7' and s == 0)", 1),
    # bounds the compiler knows (a literal start, an end no larger than a list's size): Python's range
    ("[k for g in [xs, [7]] for k in range(1, len(g) + 1)]", [1, 2, 3, 4, 5, 1]),
    ("[k for k in range(2, len(xs))] + range(len(xs) + 1)", [2, 3, 4, 0, 1, 2, 3, 4, 5]),
    ("[m + [c] for m in [[1], [2, 3]] for c in xs if c > 3] + [[]] + []", [[1, 4], [1, 5], [2, 3, 4], [2, 3, 5], []]),
])
def test_range_and_nested_loops(run, text, value):
    assert run(text) == value


def test_range_is_bounded_and_typed(run, tmp_path):
    with pytest.raises(EvalError, match="range would give more than 10,000 numbers"):
        run("range(pool, 20000)")
    with pytest.raises(EvalError, match="range would give more than 10,000 numbers"):
        run("[k for k in range(-20000, len(xs))]")          # an end the compiler knows, too far from the start
    with pytest.raises(RuleError, match="takes a whole number"):
        run("range('x')")
    with pytest.raises(RuleError, match="argmax and argmin take one loop"):
        run("argmax(x for x in xs for y in xs)")
