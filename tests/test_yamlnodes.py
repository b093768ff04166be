from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ruledsl.errors import Collector, RuleError, RuleErrors
from ruledsl.source import Source
from ruledsl.front.yamlnodes import (Map, Scalar, Seq, as_bool, as_int, as_list, as_map, as_number,
                               as_text, check_keys, node_kind, read_yaml)


def read(text):
    return read_yaml(Source("t.yaml", text))


def errors(text):
    with pytest.raises(RuleErrors) as info:
        read(text)
    return info.value.errors


def at(span):
    """The text a span underlines, read back from its source."""
    line = span.source.line(span.line)
    return line[span.col - 1:span.col - 1 + span.width]


# --- positions ---

def test_positions_of_keys_and_scalars():
    doc = read("game: briscola\nplayers: 4\nscoring:\n  points: {A: 11, '3': 10}\n")
    assert isinstance(doc, Map)
    assert doc.keys() == ["game", "players", "scoring"]
    game = doc.key_node("game")
    assert (game.span.line, game.span.col, at(game.span)) == (1, 1, "game")
    value = doc.get("players")
    assert (value.span.line, value.span.col, at(value.span)) == (2, 10, "4")
    points = doc.get("scoring").get("points")
    assert (points.span.line, points.span.col) == (4, 11)
    three = points.key_node("3")
    assert (three.style, three.span.col, at(three.span)) == ("'", 19, "'3'")
    assert at(points.get("A").span) == "11"
    assert doc.get("missing") is None and doc.key_node("missing") is None


def test_sequences_and_empty_values():
    doc = read("deal:\n  - 3\n  - [a, b]\nnothing:\n")
    items = as_list(doc.get("deal"), "the deal")
    assert [node_kind(i) for i in items] == ["text", "a list"]
    assert (items[0].span.line, items[0].span.col) == (2, 5)
    empty = doc.get("nothing")
    assert empty == Scalar("", "", empty.span) and node_kind(empty) == "nothing"


def test_anchors_do_not_shift_positions():
    doc = read("base: &b  {x: 1}\nvalue: &v  hello\ncopy: *b\n")
    assert at(doc.get("value").span) == "hello"
    assert doc.get("copy") == doc.get("base")


def test_empty_documents():
    assert read("") is None
    assert read("# only a comment\n") is None
    assert read("---\n") is None


# --- locate ---

def test_locate_plain():
    doc = read("when: score >= 3 and x\n")
    s = doc.get("when")
    span = s.locate(s.text.index(">="), 2)
    assert (span.line, span.col, at(span)) == (1, 13, ">=")
    end = s.locate(len(s.text))
    assert (end.line, end.col) == (1, 23)


def test_locate_single_quoted():
    doc = read("say: 'it''s a b'\n")
    s = doc.get("say")
    assert s.text == "it's a b"
    assert at(s.locate(0)) == "i"
    assert at(s.locate(2)) == "''"
    assert at(s.locate(s.text.index("b"))) == "b"


def test_locate_double_quoted():
    doc = read('say: "a\\tb \\u00e9 c"\n')
    s = doc.get("say")
    assert s.text == "a\tb \u00e9 c"
    assert at(s.locate(1)) == "\\t"
    assert at(s.locate(2)) == "b"
    assert at(s.locate(4)) == "\\u00e9"
    assert at(s.locate(6)) == "c"


def test_locate_multiline_plain_and_quoted():
    text = "rule: first part\n  second >= part\nq: \"one\n   two\"\n"
    doc = read(text)
    s = doc.get("rule")
    assert s.text == "first part second >= part"
    span = s.locate(s.text.index(">="), 2)
    assert (span.line, span.col, at(span)) == (2, 10, ">=")
    q = doc.get("q")
    span = q.locate(q.text.index("two"), 3)
    assert (span.line, span.col, at(span)) == (4, 4, "two")


def test_locate_block_scalars():
    text = "effect: |\n  draw 2\n    then play\nnote: >-\n  folded\n  text\n"
    doc = read(text)
    lit = doc.get("effect")
    assert lit.style == "|" and lit.text == "draw 2\n  then play\n"
    assert at(lit.span) == "|"
    span = lit.locate(lit.text.index("then"), 4)
    assert (span.line, span.col, at(span)) == (3, 5, "then")
    assert (lit.locate(0).line, lit.locate(0).col) == (2, 3)
    folded = doc.get("note")
    assert folded.text == "folded text"
    span = folded.locate(folded.text.index("text"))
    assert (span.line, span.col) == (6, 3)


# --- problems found while reading ---

def test_duplicate_keys_all_reported():
    errs = errors("deck: 40\nplayers: 2\ndeck: 52\nhand:\n  size: 3\n  size: 4\n")
    assert [(e.message, e.span.line, e.hint) for e in errs] == [
        ("duplicate key 'deck'", 3, "first given at line 1"),
        ("duplicate key 'size'", 6, "first given at line 5"),
    ]


def test_no_stays_text_and_as_bool_rejects_it():
    doc = read("trumps: no\nopen: TRUE\nclosed: false\ncount: 010\n")
    assert doc.get("trumps").text == "no"
    assert doc.get("count").text == "010" and as_int(doc.get("count"), "count") == 10
    assert as_bool(doc.get("open"), "open") is True
    assert as_bool(doc.get("closed"), "closed") is False
    with pytest.raises(RuleError) as info:
        as_bool(doc.get("trumps"), "trumps")
    assert info.value.message == "'no' is not true or false"
    assert info.value.hint == "YAML 1.1 reads no as false; write true or false"
    assert (info.value.span.line, info.value.span.col) == (1, 9)


def test_syntax_error_bad_indent_reports_its_line():
    errs = errors("game: x\nplayers: 4\n  deck: 40\n")
    assert errs[0].span.line == 3
    assert errs[0].message == "a key cannot start here: this line continues the value above it"
    errs = errors("a:\n  b: 1\n c: 2\n")
    assert (errs[0].span.line, errs[0].span.col) == (3, 2)
    assert "<" not in errs[0].message  # no PyYAML token names


def test_syntax_error_hints():
    tab = errors("a:\n\tb: 1\n")[0]
    assert tab.span.line == 2 and "YAML does not allow tabs for indentation" in tab.hint
    colon = errors("when: if a: b\n")[0]
    assert (colon.span.line, colon.span.col) == (1, 11) and "quote the value" in colon.hint
    quote = errors("a: 'abc\nb: 2\n")[0]
    assert (quote.span.line, quote.span.col, quote.message) == (1, 4, "this quote is never closed")


def test_tags_rejected():
    errs = errors("a: !!python/object/apply:os.system ['ls']\nb: !done\n")
    assert [(e.message, e.span.line, e.span.col) for e in errs] == [
        ("tags are not allowed in rule files", 1, 4), ("tags are not allowed in rule files", 2, 4)]


def test_alias_bomb_rejected():
    lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
    for prev, name in zip("abcdef", "bcdefg"):
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 10) + "]")
    errs = errors("\n".join(lines) + "\n")
    assert errs[0].message == "the file expands to too many nodes"


def test_aliases_allowed_and_cycles_rejected():
    doc = read("base: &b [1, 2]\ncopy: *b\n")
    assert doc.get("copy") == doc.get("base")
    assert "contains it" in errors("a: &a [1, *a]\n")[0].message


def test_non_scalar_key_and_size_limit():
    assert errors("? [a, b]\n: 1\n")[0].message == "a key must be plain text"
    big = errors("a: " + "x" * (1 << 20) + "\n")[0]
    assert (big.message, big.span.line, big.span.col) == ("rule file is larger than 1 MiB", 1, 1)


# --- typed readers ---

def test_as_number_is_exact():
    doc = read("a: 3\nb: -2\nc: 1/3\nd: 0.5\ne: 4/2\nf: 2 1/3\ng: 1e3\n")
    assert as_number(doc.get("a"), "a") == 3 and type(as_number(doc.get("a"), "a")) is int
    assert as_number(doc.get("b"), "b") == -2
    assert as_number(doc.get("c"), "c") == Fraction(1, 3)
    assert as_number(doc.get("d"), "d") == Fraction(1, 2)
    assert type(as_number(doc.get("e"), "e")) is int
    for bad in "fg":
        with pytest.raises(RuleError):
            as_number(doc.get(bad), bad)


def test_as_int_and_ranges():
    doc = read("n: 1\nx: three\n")
    with pytest.raises(RuleError) as info:
        as_int(doc.get("n"), "the number of players", min=2)
    assert info.value.message == "the number of players must be at least 2"
    with pytest.raises(RuleError) as info:
        as_int(doc.get("x"), "the hand size")
    assert info.value.message == "expected a whole number for the hand size, found 'three'"


def test_shape_readers():
    doc = read("m: {a: 1}\nl: [1]\ns: one\n")
    assert as_text(doc.get("s"), "s") == "one"
    assert as_map(doc.get("m"), "m").keys() == ["a"]
    with pytest.raises(RuleError) as info:
        as_text(doc.get("m"), "the name")
    assert info.value.message == "expected text for the name, found a mapping"
    with pytest.raises(RuleError) as info:
        as_list(doc.get("s"), "the deal")  # a lone scalar is not silently a list
    assert info.value.message == "expected a list for the deal, found text"
    with pytest.raises(RuleError):
        as_map(doc.get("l"), "m")


def test_check_keys():
    doc = read("game:\n  name: x\n  phasse: []\n  zzz: 1\n")
    collector = Collector()
    check_keys(doc.get("game"), ["name", "phases", "deck"], "the game", collector, required=["deck"])
    found = [(e.message, e.span.line, e.hint) for e in collector.errors]
    assert found == [
        ("unknown key 'phasse' in the game", 3, "did you mean 'phases'?"),
        ("unknown key 'zzz' in the game", 4, "expected one of: name, phases, deck"),
        ("the game needs 'deck'", 2, None),
    ]


# --- robustness ---

def _scalars(node):
    if isinstance(node, Scalar):
        yield node
    elif isinstance(node, Seq):
        for item in node.items:
            yield from _scalars(item)
    elif isinstance(node, Map):
        for key, value in node.entries:
            yield key
            yield from _scalars(value)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(), st.text(alphabet=" \n\t\r:-?[]{},'\"\\|>#&*!abcn01\u2028")))
def test_any_text_reads_or_reports_errors_on_real_lines(text):
    limit = len(text.splitlines()) + 1
    try:
        node = read(text)
    except RuleErrors as e:
        assert e.errors and all(1 <= err.span.line <= limit for err in e.errors)
        return
    for s in _scalars(node):
        for offset in range(len(s.text) + 1):
            assert 1 <= s.locate(offset).line <= limit
