"""Parsing expressions: tree shapes, precedence, error messages and their places, limits."""
from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ruledsl.errors import RuleError
from ruledsl.expr import names_used, parse_binding, parse_expression, parse_statements
from ruledsl.expr.ast import (Assign, Binary, BoolOp, Call, CardLit, Compare, Comprehension, IfElse, Index,
                              ListExpr, Literal, Move, Name, Option, Reveal, SuitLit, Unary)
from ruledsl.expr.grammar import parser
from ruledsl.source import Source, Span


def locate(offset: int, width: int) -> Span:
    return Span(None, 1, offset + 1, width)


def parse(text):
    return parse_expression(text, locate)


def error(text, how=parse_expression) -> RuleError:
    with pytest.raises(RuleError) as info:
        how(text, locate)
    return info.value


def shape(node) -> str:
    """A node as a fully parenthesised string, to test precedence and associativity."""
    if isinstance(node, Name):
        return node.name
    if isinstance(node, Literal):
        return repr(node.value)
    if isinstance(node, (CardLit, SuitLit)):
        return node.text
    if isinstance(node, Binary):
        return f"({shape(node.left)} {node.op} {shape(node.right)})"
    if isinstance(node, BoolOp):
        return f"({shape(node.left)} {node.op} {shape(node.right)})"
    if isinstance(node, Unary):
        return f"({node.op} {shape(node.operand)})"
    if isinstance(node, Compare):
        parts = [shape(node.operands[0])]
        for op, operand in zip(node.ops, node.operands[1:]):
            parts += [op, shape(operand)]
        return "(" + " ".join(parts) + ")"
    if isinstance(node, IfElse):
        return f"({shape(node.then)} if {shape(node.cond)} else {shape(node.orelse)})"
    if isinstance(node, Index):
        return f"{shape(node.value)}[{shape(node.index)}]"
    if isinstance(node, Call):
        return f"{node.name}({', '.join(shape(a) for a in node.args)})"
    if isinstance(node, ListExpr):
        return "[" + ", ".join(shape(i) for i in node.items) + "]"
    if isinstance(node, Option):
        return f"option.{node.name}"
    if isinstance(node, Comprehension):
        loop = node.loop
        cond = f" if {shape(loop.cond)}" if loop.cond is not None else ""
        inner = f"{shape(node.element)} for {loop.var} in {shape(loop.seq)}{cond}"
        return inner if node.generator else f"[{inner}]"
    raise AssertionError(node)


# ---------------------------------------------------------------- shapes and precedence


@pytest.mark.parametrize("text, expected", [
    ("1 + 2 * 3", "(1 + (2 * 3))"),
    ("1 - 2 - 3", "((1 - 2) - 3)"),
    ("8 / 4 / 2", "((8 / 4) / 2)"),
    ("a * b // c % d", "(((a * b) // c) % d)"),
    ("-a * b", "((- a) * b)"),
    ("- - a", "(- (- a))"),
    ("a + b < c * d", "((a + b) < (c * d))"),
    ("a < b <= c", "(a < b <= c)"),
    ("x not in xs", "(x not in xs)"),
    ("not a == b", "(not (a == b))"),
    ("not a and b", "((not a) and b)"),
    ("a or b and c", "(a or (b and c))"),
    ("a and b or c", "((a and b) or c)"),
    ("a or b if c else d", "((a or b) if c else d)"),
    ("a if b else c if d else e", "(a if b else (c if d else e))"),
    ("(1 + 2) * 3", "((1 + 2) * 3)"),
    ("xs[0][-1]", "xs[0][(- 1)]"),
    ("hand(p)[0]", "hand(p)[0]"),
    ("f(a, b + 1)", "f(a, (b + 1))"),
    ("f()", "f()"),
    ("[a, b,]", "[a, b]"),
    ("[]", "[]"),
    ("[p for p in active if lives(p) > 0]", "[p for p in active if (lives(p) > 0)]"),
    ("sum(points(won(p)) for p in others(winner))", "sum(points(won(p)) for p in others(winner))"),
    ("[a if b else c for x in xs]", "[(a if b else c) for x in xs]"),
    ("option.target * 2", "(option.target * 2)"),
    ("QS in hand(p) and suit(c) == S", "((QS in hand(p)) and (suit(c) == S))"),
    ("10H", "10H"),
    ("'Scùa' == \"it's\"", "('Scùa' == \"it's\")"),
    ("true or false or none", "((True or False) or None)"),
])
def test_shape(text, expected):
    assert shape(parse(text)) == expected


def test_numbers_are_exact():
    assert parse("0.5").value == Fraction(1, 2)
    assert type(parse("2.0").value) is int
    assert parse("42").value == 42


def test_offsets_point_into_the_text():
    node = parse("a + lives(p)")
    assert (node.offset, node.width, node.op_offset) == (0, 12, 2)
    assert (node.right.offset, node.right.width) == (4, 8)
    compare = parse("x not in xs")
    assert (compare.op_offsets, compare.op_widths) == ((2,), (6,))


def test_statements():
    a, m, r = parse_statements("lives(p) -= 1 for p in losers if lives(p) > 0; move table to pile(x);"
                               " reveal turned_pair[0];", locate)
    assert isinstance(a, Assign) and a.op == "-=" and a.target.name == "lives"
    assert a.loop.var == "p" and shape(a.loop.cond) == "(lives(p) > 0)"
    assert isinstance(m, Move) and m.zone.name == "pile" and shape(m.zone.index) == "x"
    assert isinstance(r, Reveal) and shape(r.cards) == "turned_pair[0]"
    assert [s.op for s in parse_statements("a = 1; b += 1; c -= 1; d *= 2", locate)] == ["=", "+=", "-=", "*="]


def test_binding():
    name, seq = parse_binding("s in suits_of(hand(player))", locate)
    assert name == "s" and shape(seq) == "suits_of(hand(player))"


def test_names_used_skips_loop_variables():
    node = parse("sum(points(won(p)) for p in others(winner)) + [q for q in xs if q > lim][0] + option.x")
    assert names_used(node) == {"sum", "points", "won", "others", "winner", "xs", "lim", "option.x"}
    a, m = parse_statements("lives(p) -= 1 for p in losers; move table to pile(x)", locate)
    assert names_used(a) == {"lives", "losers"}
    assert names_used(m) == {"table", "pile", "x"}


# ---------------------------------------------------------------- keywords are reserved


def test_keywords_never_lex_as_names():
    types = [t.type for t in parser().lex("andy and android in inside for format")]
    assert types == ["WORD", "AND", "WORD", "IN", "WORD", "FOR", "WORD"]


@pytest.mark.parametrize("text, offset", [
    ("option.and", 7),          # a name is expected after the dot: `and` is still a keyword
    ("[x for and in xs]", 7),
    ("and(3)", 0),
    ("players >= 3 and and dealer", 17),
])
def test_keyword_where_a_name_could_be(text, offset):
    e = error(text)
    assert e.message == "unexpected 'and' in expression"
    assert e.span.col - 1 == offset and e.span.width == 3


# ---------------------------------------------------------------- error messages and places


@pytest.mark.parametrize("text, message, offset, width, hint", [
    ("players >= 3 and and dealer", "unexpected 'and' in expression", 17, 3,
     "two operators in a row; is an operand missing?"),
    ("lives(p) +", "expression ends too early", 9, 1, "is an operand missing after '+'?"),
    ("max(a, b", "unclosed '('", 3, 1, "add ')' to close it"),
    ("[1, 2", "unclosed '['", 0, 1, "add ']' to close it"),
    ("a $ b", "unexpected character '$'", 2, 1, None),
    ("a && b", "unexpected character '&'", 2, 1, "write 'and'"),
    ("a b", "unexpected name 'b' in expression", 2, 1, "two values in a row; is an operator missing?"),
    ("f(a b)", "unexpected name 'b' in expression", 4, 1,
     "two values in a row; is an operator or ',' missing?"),
    ("a = b", "unexpected '=' in expression", 2, 1, "to compare, write '=='"),
    ("a)", "unmatched ')'", 1, 1, "nothing before it is open"),
    ("(a]", "unexpected ']'", 2, 1, "expected ')' to close '('"),
    ("'abc", "unclosed text", 0, 1, "a text ends with the quote it starts with: add a closing '"),
    ("and x", "unexpected 'and' in expression", 0, 3, "is an operand missing before 'and'?"),
    ("f(1 +)", "unexpected ')' in expression", 5, 1, "is an operand missing after '+'?"),
    ("a if b", "expression ends too early", 5, 1, "expected 'else'"),
    (".y", "unexpected '.' in expression", 0, 1, "a dot comes after a record, before a field's name (b.value), or "
     "after option, before an option's name (option.stake)"),
    ("x.3", "unexpected number 3 in expression", 2, 1, "expected a name"),
    ("", "expression is empty", 0, 1, None),
    ("2 ** 3", "unexpected '*' in expression", 3, 1, "two operators in a row; is an operand missing?"),
    ("[1,,2]", "unexpected ',' in expression", 3, 1, "expected a value or ']'"),
    ("x not y", "unexpected name 'y' in expression", 6, 1, "expected 'in'"),
    ("Lives(p)", "'Lives' is not a name: names are lower case", 0, 5, "did you mean 'lives'?"),
    ("True", "'True' is not a name: names are lower case", 0, 4, "did you mean 'true'?"),
    ("[c for QS in xs]", "'QS' is a card, not a name", 7, 2, "names are lower case"),
    ("option.Stake", "'Stake' is not a name: names are lower case", 7, 5, "did you mean 'stake'?"),
])
def test_expression_errors(text, message, offset, width, hint):
    e = error(text)
    assert (e.message, e.span.col - 1, e.span.width, e.hint) == (message, offset, width, hint)


@pytest.mark.parametrize("text, message, offset, hint", [
    ("lives(p) > 1", "unexpected '>' in statement", 9, "expected '=', '+=', '-=' or '*='"),
    ("move x", "statement ends too early", 5, "expected 'to'"),
    ("x = 1 y = 2", "unexpected name 'y' in statement", 6,
     "two values in a row; is an operator or ';' missing?"),
    ("trump = ", "statement ends too early", 6, "is a value missing after '='?"),
    ("+= 3", "unexpected '+=' in statement", 0, "expected a name, 'move', 'reveal' or 'shuffle'"),
    ("", "statement is empty", 0, None),
])
def test_statement_errors(text, message, offset, hint):
    e = error(text, parse_statements)
    assert (e.message, e.span.col - 1, e.hint) == (message, offset, hint)


def test_binding_errors():
    e = error("s suits", parse_binding)
    assert (e.message, e.span.col - 1, e.hint) == ("unexpected name 'suits' in expression", 2, "expected 'in'")
    e = error("3 in xs", parse_binding)
    assert (e.message, e.span.col - 1, e.hint) == ("unexpected number 3 in expression", 0, "expected a name")


def test_error_renders_with_the_caret_under_the_token():
    line = 'when: "players >= 3 and and dealer"'
    source = Source("games/ciapano.yaml", line)
    with pytest.raises(RuleError) as info:
        parse_expression("players >= 3 and and dealer", lambda o, w: Span(source, 1, 8 + o, w))
    e = info.value
    assert e.render().splitlines() == [
        "games/ciapano.yaml:1:25: error: unexpected 'and' in expression",
        "  |",
        '1 | when: "players >= 3 and and dealer"',
        "  |                         ^^^",
        "  = hint: two operators in a row; is an operand missing?",
    ]


# ---------------------------------------------------------------- limits


def test_depth_limit():
    parse("f(" * 39 + "1" + ")" * 39)
    e = error("f(" * 41 + "1" + ")" * 41)
    assert e.message == "expression nests too deeply"
    assert error("-" * 60 + "1").message == "expression nests too deeply"
    assert error("1+" * 1999 + "1").message == "expression nests too deeply"  # no RecursionError


def test_length_limit():
    parse("1" + " + 1" * 20 + " " * (4000 - 81))
    e = error("x" * 4001)
    assert e.message == "expression is too long (4001 characters, at most 4000)"
    assert e.span.col - 1 == 4000


# ---------------------------------------------------------------- never anything but RuleError


def _parses_or_fails_inside(text: str, how) -> None:
    try:
        how(text, locate)
    except RuleError as e:
        assert 0 <= e.span.col - 1 <= len(text), (text, e.span)
        assert e.message


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_any_text_parses_or_fails_inside_the_text(text):
    for how in (parse_expression, parse_statements, parse_binding):
        _parses_or_fails_inside(text, how)


TOKENS = ["a", "xs", "p", "f", "QS", "10H", "S", "Lives", "1H", "3", "0.5", "'t'", '"u', "true",
          "none", "option", ".", "(", ")", "[", "]", ",", ";", "+", "-", "*", "/", "//", "%",
          "==", "!=", "<", "<=", ">", ">=", "=", "+=", "-=", "*=", "and", "or", "not", "in",
          "if", "else", "for", "move", "to", "reveal", "$", "!"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(TOKENS), max_size=14), st.sampled_from([" ", ""]))
def test_token_soup_parses_or_fails_inside_the_text(tokens, sep):
    text = sep.join(tokens)
    for how in (parse_expression, parse_statements, parse_binding):
        _parses_or_fails_inside(text, how)


def test_every_grammar_rule_has_an_example_comment():
    from ruledsl.expr.grammar import grammar_text
    lines = grammar_text().splitlines()
    for i, line in enumerate(lines):
        if line and not line[0].isspace() and not line.startswith(("//", "%")):
            assert lines[i - 1].startswith("//"), f"no comment above: {line}"
