"""The generated code can be read and debugged: a traceback or pdb going through it shows the
generated line and the place in the rule file it was written for; its constants are named by
role and shared when equal; it is indented by four spaces; Python compiles it without a
SyntaxWarning (no `1 is not None`: a whole number is written as itself)."""
import gc
import io
import linecache
import pdb
import random
import re
import traceback
import warnings
from pathlib import Path

import pytest

import fuzzing
import ruledsl
import shipped
from ruledsl.compile.constants import constant_key
from ruledsl.compile.output import Output
from ruledsl.errors import RuleError, RuleErrors

GAMES = Path(__file__).resolve().parents[1] / "games"
SHIPPED = sorted(GAMES.glob("*.yaml")) + sorted((GAMES.parent / "examples").glob("*.yaml"))


@pytest.fixture(scope="module")
def coteccio():
    return shipped.load(GAMES / "coteccio.yaml")


def broken(game):
    """A state whose zones are gone: the first generated line that reads one fails."""
    st = game.new_initial_state(seed=1, players=4)
    st.zones = None
    return st


def test_a_traceback_shows_the_generated_line_and_its_place_in_the_rule_file(coteccio):
    prog = coteccio.program(4)
    with pytest.raises(TypeError) as info:
        prog.legal[0](broken(coteccio))
    frame = traceback.extract_tb(info.value.__traceback__)[-1]
    assert frame.filename == prog.filename and "coteccio.yaml, 4 players" in frame.filename
    assert frame.line.startswith("hand = st.zones[")
    path, line, col = re.search(r"# (\S+):(\d+):(\d+)$", frame.line).groups()
    tricks = (GAMES / "coteccio.yaml").read_text(encoding="utf-8").splitlines()[int(line) - 1]
    assert path.endswith("coteccio.yaml") and tricks[int(col) - 1:].startswith("tricks:")


def test_a_traceback_through_an_evaluated_expression_shows_its_line(coteccio):
    """The author's error in words, with Python's own chained to it for a developer."""
    with pytest.raises(RuleError, match="this cannot be computed here: a value of the wrong kind") as info:
        broken(coteccio).evaluate("count(hand(dealer)) + 1")
    assert isinstance(info.value.__cause__, TypeError)
    frame = traceback.extract_tb(info.value.__cause__.__traceback__)[-1]
    assert frame.filename.startswith("<ruledsl expression") and "count(hand(dealer))" in frame.filename
    assert "st.zones[" in frame.line


def test_pdb_lists_the_generated_lines(coteccio):
    prog, out = coteccio.program(4), io.StringIO()
    debugger = pdb.Pdb(stdin=io.StringIO("list\ncontinue\n"), stdout=out, nosigint=True)
    debugger.runcall(prog.legal[0], coteccio.new_initial_state(seed=1, players=4))
    assert "hand = st.zones[" in out.getvalue() and "coteccio.yaml:54:5" in out.getvalue()


def test_the_lines_go_when_the_program_goes():
    game = ruledsl.load_game(GAMES / "ciapano.yaml")
    names = [game.program(n).filename for n in range(game.min_players, game.max_players + 1)]
    assert all(linecache.getline(name, 1) for name in names)
    del game
    gc.collect()
    assert not any(name in linecache.cache for name in names)


def test_constants_are_named_by_role_and_equal_ones_shared(coteccio):
    prog = coteccio.program(4)
    names = prog.constants
    assert all(re.fullmatch(r"[A-Z][A-Z0-9_]*", name) for name in names)
    assert not re.search(r"\b_k\d", prog.source)
    # a function by its name, a place in the file by its line and column, the tables by role
    assert "EXPLAINED" in names and "SEAT" in names and "ALL_SEATS" in names and "PLAYS" not in names
    assert any(re.fullmatch(r"AT_\d+_\d+", name) for name in names)
    keys = [constant_key(value) for value in names.values()]
    shared = [k for k in keys if k is not None]
    assert len(shared) == len(set(shared))               # no two constants are equal
    assert names["ALL_SEATS"] == (0, 1, 2, 3) and prog.source.count("ALL_SEATS") > 2


def test_whole_numbers_and_none_are_written_as_themselves(coteccio):
    prog = coteccio.program(4)
    assert not any(type(v) in (int, bool) or v is None for v in prog.constants.values())
    assert re.search(r"_deal\(st, \w+, 5, 1, AT_\d+_\d+\)", prog.source)     # 5 cards each, in ones


def test_the_player_to_move_is_named_when_nobody_is_or_the_match_is_over(coteccio):
    source = coteccio.program(4).source
    assert "st.player = TERMINAL" in source and "st.player = NOBODY" in source
    assert "st.player = -" not in source


def test_four_spaces_a_level(coteccio):
    source = coteccio.program(4).source
    indents = {len(line) - len(line.lstrip(" ")) for line in source.splitlines() if line.strip()}
    assert {0, 4, 8} <= indents and all(i % 4 == 0 for i in indents)


def test_a_function_reading_the_slots_or_counters_often_reads_them_through_a_local(coteccio):
    """`st.vars` and `st.cv` (never replaced during play) are read from `_vars` / `_cv`, set as
    the function begins, in a function that reads them four times or more; each line still
    shows its place in the rule file (the local's own line has none)."""
    prog = coteccio.program(4)
    functions = re.split(r"\n(?=def )", prog.source)
    aliased = 0
    for f in functions:
        for name in ("vars", "cv"):
            if f"\n    _{name} = st.{name}\n" in f:
                aliased += 1
                assert f"st.{name}[" not in f and f.count(f"_{name}[") >= 4
            else:
                assert f.count(f"st.{name}[") < 4 and f"_{name}[" not in f
    assert aliased >= 4
    lines = prog.source.splitlines()
    assert len(lines) == len(prog.spans)
    for line, span, before in zip(lines, prog.spans, [None, *prog.spans]):
        if line.strip() in ("_vars = st.vars", "_cv = st.cv"):
            assert span is None
        elif line.startswith("def "):
            assert span is None and before is None       # (the blank line between functions)


# ---------------------------------------------------------------- no SyntaxWarning


def test_a_zones_first_cards_taken_by_index_are_one_slice():
    """Mau-Mau's `under_top()`, `[pile[i] for i in range(count(pile) - 1)]`, is written as one
    slice of the pile where its bound allows (expr/loops.py `listed`), the loop kept beside it,
    and moved as the pile's first cards."""
    game = ruledsl.load_game(Path(__file__).parents[1] / "games" / "maumau.yaml")
    source = game.new_initial_state(seed=0, players=4).prog.source
    sliced = re.findall(r"if 0 <= (_t\d+) <= _len\((_t\d+)\):\n\s+_t\d+ = \2\[:\1\]", source)
    assert len(sliced) == 1 and "INDEX(" in source
    # and moved to the deck by one slice taken off the pile (compile/moves.py move_first)
    assert re.search(r"if (_t\d+):\n\s+\w+\(st, MASK\(\1\)\)\n\s+del _t\d+\[:_len\(\1\)\]\n\s+st\.zones\[0\] \+= \1\n", source)
    assert "_move_cards(st, _list(" not in source


def test_a_rank_compared_with_a_constant_compares_no_text():
    """Mau-Mau's `rank(c) == '7'`, `rank(c) == 'J'`: a table of the answers read by the card."""
    game = ruledsl.load_game(Path(__file__).parents[1] / "games" / "maumau.yaml")
    source = game.new_initial_state(seed=0, players=4).prog.source
    assert "RANK_OF[" in source and not re.search(r"RANK_OF\[[^\]]+\] [!=]= [A-Z]+(_\d+)?\b", source)


def test_a_rank_or_suit_compared_with_the_top_cards_reads_a_row_of_equalities():
    """Mau-Mau's `suit(c) == suit(upcard())` and `rank(c) == rank(upcard())` on each card of the
    hand: the rows of the tables' equalities at the top card are read once a decision (two, in
    each of the two loops that test them), each card's test one read of a row (lang/steps/rows.py);
    the top card's suit, read by no test then, is not worked out."""
    game = ruledsl.load_game(Path(__file__).parents[1] / "games" / "maumau.yaml")
    source = game.new_initial_state(seed=0, players=4).prog.source
    listing = source[source.index("def _l0"):source.index("def _a0")]
    rows = re.findall(r"(_t\d+) = EQUAL(?:_\d+)?\[_t\d+\]", listing)
    assert len(rows) == 4 and all(re.search(rf"\b{row}\[_v\d+\]", listing) for row in rows)
    assert not re.search(r"RANK_OF\[_v\d+\] [!=]= _t", listing)
    assert not re.search(r"_t\d+ = SUIT\[_t\d+\]$", listing, re.M)


@pytest.fixture
def syntax_warnings_are_errors():
    with warnings.catch_warnings():
        warnings.simplefilter("error", SyntaxWarning)
        yield


@pytest.mark.parametrize("path", SHIPPED, ids=lambda path: path.name)
def test_every_shipped_program_compiles_without_a_syntax_warning(path, syntax_warnings_are_errors):
    game = ruledsl.load_game(path)
    for n in range(game.min_players, game.max_players + 1):
        assert game.program(n).source


EXPRESSION_GAME = """\
name: Literals
players: 4
deck: {pack: french-52, keep: [A, K, Q, J, 10, 9, 8, 7], order: [A, K, Q, J, 10, 9, 8, 7]}
zones:
  won: {owner: player, visible: nobody}
  pile: {visible: all}
counters:
  score: {per: player, start: 0}
hand:
  - deal: {to: each, count: 4}
  - tricks: {}
after_hand:
  - end_match: seats
"""
LITERALS = ["0", "1", "-1", "13", "1000000000000000000000000000000", "true", "false", "none", "'x'", "AS"]
# Where the compiler tests a value it is given: gathered, compared, chosen between, indexed.
FORMS = ["count(L for p in seats)", "any(L for p in seats)", "all(L for p in seats)",
         "first(L for p in seats)", "sum(L for p in seats)", "[L for p in seats if L]",
         "L == L", "L != none", "L < 2", "L + 1 > score(dealer)", "not L", "L and L", "L or L",
         "L if L else L", "[L, L][0]", "L in seats", "max(L, 1)", "len([L])"]


@pytest.fixture(scope="module")
def literal_state(tmp_path_factory):
    path = tmp_path_factory.mktemp("literals") / "rules.yaml"
    path.write_text(EXPRESSION_GAME, encoding="utf-8")
    return ruledsl.load_game(path).new_initial_state(players=4, seed=1)


def compiled(st, text):
    """`text` compiled for seat 0 (not run), or the error an author gets for it."""
    try:
        return st.prog.expressions(text, True, None)
    except (RuleError, RuleErrors) as error:
        return error


def test_a_literal_wherever_an_expression_goes_compiles_without_a_syntax_warning(literal_state, syntax_warnings_are_errors):
    for form in FORMS:
        for literal in LITERALS:
            compiled(literal_state, form.replace("L", literal))


def test_generated_expressions_compile_without_a_syntax_warning(literal_state, syntax_warnings_are_errors):
    """The fuzz tests' expressions (tests/fuzzing.py), any and well-typed, as many as they try."""
    names = ["won", "pile", "score", "hand", "deck", "p", "seats", "player", "dealer"]
    declared = fuzzing.Names(seat_zones=("won",), shared_zones=("pile",), seat_numbers=("score",))
    for seed in range(300):
        rng = random.Random(seed)
        compiled(literal_state, fuzzing.expression(rng, names))
        compiled(literal_state, fuzzing.typed(rng, rng.choice(fuzzing.TYPES), declared))


def test_a_constant_is_counted_as_any_value_is(literal_state):
    """count() counts every produced value but false and none (a 0 counts): folded when constant."""
    counts = {literal: literal_state.evaluate(f"count({literal} for p in seats)") for literal in LITERALS}
    assert counts == {**dict.fromkeys(LITERALS, 4), "false": 0, "none": 0}
    assert literal_state.evaluate("count(p for p in seats)") == 4        # seat 0 counts too


def test_a_zone_read_into_a_local_is_read_from_it_where_that_read_dominates():
    """compile/output.py: a zone read again after `_tX = st.zones[…]` (where that line dominates)
    is the local; a store to the slot indexing it, a new hand possibly begun (a block run), or a
    later line of a loop the read waits out end it."""
    out = Output()
    out.function("def _a9(st, a):")
    lines = [(1, "_t1 = st.zones[1 + st.vars[4]]"), (1, "if a:"), (2, "_t2 = st.zones[1 + st.vars[4]]"),
             (1, "for _v1 in a:"), (2, "_t3 = st.zones[1 + st.vars[4]]"), (2, "st.vars[4] = _v1"),
             (1, "_t4 = st.zones[1 + st.vars[4]]"), (1, "_t5 = st.zones[6]"), (1, "_t6 = _len(st.zones[6])"),
             (1, "_next = _b9(st)"), (1, "_t7 = st.zones[6]"), (1, "for _v2 in a:"), (2, "_t8 = st.zones[6]"),
             (1, "_t9 = st.zones[6]")]
    for indent, text in lines:
        out.add(indent, text, None)
    written = [line.strip() for line in out.lines[1:]]
    assert written == ["_t1 = st.zones[1 + st.vars[4]]", "if a:", "_t2 = _t1", "for _v1 in a:",
                       "_t3 = st.zones[1 + st.vars[4]]", "st.vars[4] = _v1", "_t4 = st.zones[1 + st.vars[4]]",
                       "_t5 = st.zones[6]", "_t6 = _len(_t5)", "_next = _b9(st)", "_t7 = st.zones[6]",
                       "for _v2 in a:", "_t8 = st.zones[6]", "_t9 = _t7"]
    game = ruledsl.load_game(Path(__file__).parents[1] / "games" / "maumau.yaml")
    source = game.new_initial_state(seed=0, players=4).prog.source
    apply = source[source.index("def _a0"):source.index("def _e1")]
    assert apply.count("= st.zones[1 + _vars[4]]\n") == 2          # the play's and the draw's first reads


def test_a_play_teaches_through_its_zones_column_and_a_turn_is_counted_from_one_read():
    """Mau-Mau's play (a seat's hand to the pile) calls the teacher read from the pile's column of
    the shown teachers, one index; the turn's count is read once for its limit and its step."""
    game = ruledsl.load_game(Path(__file__).parents[1] / "games" / "maumau.yaml")
    source = game.new_initial_state(seed=0, players=4).prog.source
    assert re.search(r"SHOWN_TEACHERS(_\d+)?\[1 \+ _vars\[\d+\]\]\(st, BITS\[", source)
    counted = re.search(r"(_t\d+) = _vars\[(\d+)\]\n\s+if \1 >= 100000:\n.*\n\s+_vars\[\2\] = \1 \+ 1\n", source)
    assert counted and f"_vars[{counted.group(2)}] += 1" not in source
