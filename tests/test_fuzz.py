"""Fuzzing: whatever a mutated shipped rule file or a generated expression holds, it loads and
plays a short seeded match, or raises RuleError located inside the file, in the author's words
— also through `validate`, `run --watch` and `simulate` (exit 1, a located report, never a
traceback). The cases and the oracle are tests/fuzzing.py's; benchmarks/fuzz.py runs thousands.

Derandomized: the same cases on every run, so CI is deterministic; the long runs find new ones.
A case is drawn as a seed (not shrunk: a smaller seed is not a simpler case), and a failure
names it: `python benchmarks/fuzz.py --show SEED` writes that case out, `--cases 1 --seed SEED`
runs it again.
"""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fuzz_oracle
import fuzzing
import ruledsl
import shipped

FUZZ = settings.get_profile("fuzz")
SEEDS = st.integers(0, 2**32)


@pytest.mark.slow          # 3-19 s of CPU (measured 7 Dec): CI runs it, the everyday loop does not
@settings(FUZZ, max_examples=150)
@given(SEEDS)
def test_a_mutated_rule_file_plays_or_reports_a_located_error(write, seed):
    name, data = fuzzing.case(random.Random(seed))
    assert fuzz_oracle.check(write(name, data), seed) in fuzz_oracle.OUTCOMES


@pytest.mark.slow          # 3-19 s of CPU (measured 7 Dec): CI runs it, the everyday loop does not
@settings(FUZZ, max_examples=12)
@given(SEEDS)
def test_the_command_line_reports_a_mutated_file_located(write, seed):
    name, data = fuzzing.case(random.Random(seed))
    path = write(name, data)
    fuzz_oracle.check_cli(path, fuzz_oracle.check(path))


@pytest.mark.slow          # 3-19 s of CPU (measured 7 Dec): CI runs it, the everyday loop does not
@settings(FUZZ, max_examples=60)
@given(SEEDS, st.sampled_from(["when", "do", "say", "to", "count"]))
def test_a_generated_expression_in_a_field_plays_or_reports_a_located_error(write, seed, key):
    # One sound file, one step of it whose field holds a generated expression (or statements,
    # or a say: text), so that every case reaches the type checker and most reach the play.
    lines = GAME.splitlines()
    at = next(i for i, line in enumerate(lines) if line.lstrip().startswith(f"- {key}:") or
              line.lstrip().startswith(f"{key}:"))
    rng = random.Random(seed)
    placed = fuzzing.placed(rng, lines[at], NAMES, DECLARED)
    text = "\n".join(lines[:at] + [placed] + lines[at + 1:]) + "\n"
    assert fuzz_oracle.check(write("game.yaml", text.encode()), rng.randrange(100)) in fuzz_oracle.OUTCOMES


GAME = """\
name: Fuzzed
players: {min: 2, max: 4}
deck: {pack: french-52, keep: [A, K, Q, J, 10, 9, 8, 7], order: [A, K, Q, J, 10, 9, 8, 7],
       points: {A: 11, K: 4, Q: 3, J: 2, 10: 10}}
zones:
  won: {owner: player, visible: nobody}
  pile: {visible: all}
counters:
  score: {per: player, start: 0}
hand:
  - deal:
      to: each
      count: 4
  - tricks: {}
  - do: score(p) += points(won(p)) for p in seats
    when: hand_number > 0
  - say: "{name(dealer)} deals"
after_hand:
  - when: any(score(p) >= 30 for p in seats)
    end_match: argmax(score(p) for p in seats)
"""
NAMES = ["won", "pile", "score", "hand", "deck", "p", "seats", "player", "dealer"]
DECLARED = fuzzing.Names(seat_zones=("hand", "won"), shared_zones=("deck", "pile"), seat_numbers=("score",))


def test_the_generated_field_game_is_sound(load_rules):
    load_rules(GAME)


# --- issue 12's crash signatures and security cases, through every command -------------------

# Each example of the issue and the error-catalogue case that is it (tests/rulefiles/invalid/):
# test_error_catalogue.py checks `validate`'s report word for word; here `run --watch` and
# `simulate` must print the same report on stderr and exit 1. The other examples have their
# own tests: `before_play` reading the trick (test_play_bounds.py), the capture search and the
# growing texts (test_play_bounds.py), `say:` failing in play (test_validate.py), symlinks,
# FIFOs, devices and a log's `ruleset` (test_files.py).
ISSUE_12 = [
    ("deal.to: 30", "seat_out_of_range"), ("tricks.leader: 21", "leader_out_of_range"),
    ("ask.who: 2**63", "ask_who_huge"), ("ask.who worked out at play", "ask_who_at_play"),
    ("draw.first: 10**30", "draw_first_huge"), ("showdown.among: 13", "showdown_among_number"),
    ("left(played)", "seat_of_card"), ("left(0.5)", "seat_of_fraction"),
    ("move.cards: 10", "move_number"), ("reveal 0.5", "reveal_fraction"),
    ("end_match: 55.17", "end_match_number"), ("eliminate: 1/3", "eliminate_fraction"),
    ("deal.packet: false", "packet_boolean"), ("value(hand_number)", "value_of_number"),
    ("rank(seats)", "rank_of_seats"), ("partner(trick)", "partner_of_trick"),
    ("cards(0, AS)", "cards_of_number"), ("ceil(trick)", "ceil_of_trick"), ("-suit(x)", "negate_suit"),
    ("holds(dealer, QS)", "holds_seat"), ("rank(dealer)", "rank_of_seat"),
    ("points(dealer)", "points_of_seat"), ("beats(QS, 3)", "beats_number"),
    ("trumps.suit: 35", "trumps_suit_number"), ("a counter's start of the wrong type", "counter_start_card"),
    ("deck.values: {4: 20000000000}", "deck_value_huge"), ("limits: {hands: 1000000}", "limits_hands_huge"),
    ("extends: holding a NUL", "extends_nul_byte"), ("extends: /etc/passwd", "extends_etc_passwd"),
    ("extends: ../../../../etc/hostname", "extends_up_and_out"),
    ("extends: /proc/self/environ", "extends_proc_environ"), ("extends: /dev/zero", "extends_dev_zero"),
    ("extends: a directory", "extends_directory"), ("extends: a file that is not a rule file", "extends_not_a_rule_file"),
]


@pytest.mark.parametrize("command", [["run", "--watch", "--seed", "1"], ["simulate", "-n", "1"]])
@pytest.mark.parametrize("example,case", ISSUE_12, ids=[case for _, case in ISSUE_12])
def test_an_issue_12_case_is_the_catalogued_report_in_every_command(monkeypatch, command, example, case):
    from click.testing import CliRunner

    from ruledsl.cli import main
    monkeypatch.chdir(shipped.ROOT)
    path = f"tests/rulefiles/invalid/{case}.yaml"
    result = CliRunner().invoke(main, command + [path])
    assert result.exit_code == 1, result.output
    with open(path.replace(".yaml", ".expected"), encoding="utf-8") as expected:
        assert result.stderr == expected.read()
    assert not any(text in result.output for text in fuzz_oracle.OUTSIDE_TEXT)


# --- what the fuzzing found, one regression each ------------------------------------------------

def test_a_decision_without_a_legal_action_is_located_for_every_caller(monkeypatch):
    # benchmarks/fuzz.py seed 1540: `run --watch` (a bot choosing among no actions) printed a
    # traceback; the state itself now says so, at the decision, for the table, bots and the API.
    from click.testing import CliRunner

    import ruledsl
    from ruledsl.cli import main
    from ruledsl.runtime.failures import PlayError
    monkeypatch.chdir(shipped.ROOT)
    path = "tests/rulefiles/smoke/no_legal_action.yaml"
    st = ruledsl.load_game(path).new_initial_state(seed=0, players=2)
    st.apply_action(st.legal_actions()[0])
    with pytest.raises(PlayError) as info:
        st.legal_actions()
    assert info.value.headline() == (f"{path}:10:5: error: no legal action for the player to move "
                                     "(players=2, seed=0, step 1)")
    result = CliRunner().invoke(main, ["run", path, "--watch", "--seed", "0"])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{path}:10:5: error: no legal action for the player to move (players=2, seed=0")


# --- issue 36: functions seen through their calls --------------------------------------------------

def _functions_file(bodies: dict[str, str], uses: str) -> str:
    lines = ["name: Functions", "players: 3", "deck: {order: [A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2]}",
             "functions:", *(f"  {signature}: \"{body}\"" for signature, body in bodies.items()),
             "hand:", "  - deal: {to: each, count: 5}", "after_hand:", f"  - end_match: \"{uses}\""]
    return "\n".join(lines) + "\n"


def test_a_long_cycle_of_functions_is_one_error_found_in_one_walk(load_rules):
    # 3,000 functions each calling the next, the last the first: the old check walked the whole
    # chain again from each function (9 million steps); one walk names the cycle once.
    n = 3000
    bodies = {f"f{i}(p)": f"f{(i + 1) % n}(p) + 1" for i in range(n)}
    with pytest.raises(ruledsl.RuleErrors) as info:
        load_rules(_functions_file(bodies, "argmax(f0(p) for p in active)"))
    [error] = info.value.errors
    assert error.message.startswith("function 'f0' calls itself: f0() → f1() → f2() → ")
    assert error.message.endswith(" → f2999() → f0()")


@pytest.mark.parametrize("command", [["validate", "--smoke", "1"], ["simulate", "-n", "1"], ["explain"]])
def test_a_chain_of_a_thousand_functions_is_a_located_error_in_every_command(tmp_path, command):
    # issue 36: 150 was enough for a RecursionError traceback from validate and simulate.
    from click.testing import CliRunner

    from ruledsl.cli import main
    bodies = {f"f{i}(p)": f"f{i + 1}(p) + 1" for i in range(999)} | {"f999(p)": "points(hand(p))"}
    path = tmp_path / "chain.yaml"
    path.write_text(_functions_file(bodies, "argmax(f0(p) for p in active)"), encoding="utf-8")
    result = CliRunner().invoke(main, command + [str(path)])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output and "Recursion" not in result.output
    assert (f"{path}:5:3: error: function 'f0' nests too deeply through the functions it calls "
            "(f0() → f1() → … → f999()): more than 40 levels") in result.output


@settings(FUZZ, max_examples=40)
@given(st.integers(2, 25), st.data())
def test_functions_calling_functions_load_or_are_located_errors_in_their_bounds(write, n, data):
    # A random graph of calls, each function calling later ones (no cycle) one to four times:
    # it loads, or each error is located and says which bound it passes; and what loads
    # compiled within the bounds (loading compiles every player count).
    from ruledsl.expr.check import MAX_DEPTH, MAX_INLINED
    bodies = {}
    for i in range(n - 1, -1, -1):
        callees = data.draw(st.lists(st.integers(i + 1, n), min_size=1, max_size=4)) if i < n - 1 else []
        terms = [f"f{j}(p)" for j in callees if j < n] or ["points(hand(p))"]
        bodies[f"f{i}(p)"] = " + ".join(terms)
    text = _functions_file(dict(reversed(bodies.items())), "argmax(f0(p) for p in active)")
    try:
        game = ruledsl.load_game(write("functions.yaml", text.encode()))
    except ruledsl.RuleErrors as errors:
        for error in errors.errors:
            assert error.span.line >= 5
            assert (f"more than {MAX_DEPTH} levels" in error.message or
                    f"more than {MAX_INLINED:,} parts" in error.message), error.message
        return
    assert game.new_initial_state(seed=0, players=3) is not None


# --- issue 36: a move that would duplicate a card ------------------------------------------------

@pytest.mark.parametrize("command", [["validate", "--smoke", "1"], ["simulate", "-n", "1"],
                                     ["run", "--watch", "--seed", "0", "--opponents", "random"]])
def test_moving_a_card_twice_is_an_error_at_the_statement_in_every_command(monkeypatch, command):
    # `move [c, c] to pile` left 53 cards in a 52-card game; run, simulate and the API played on.
    from click.testing import CliRunner

    from ruledsl.cli import main
    monkeypatch.chdir(shipped.ROOT)
    path = "tests/rulefiles/smoke/move_card_twice.yaml"
    result = CliRunner().invoke(main, command + [path])
    assert result.exit_code == 1, result.output
    report = result.stdout if command[0] == "validate" else result.stderr
    assert report.startswith(f"{path}:13:45: error: card ")
    assert " is moved twice in one move (players=3, seed=" in report.splitlines()[0]
    assert "= hint: a card lies in one place: give each card once, e.g. unique(…)" in report


@settings(FUZZ, max_examples=30)
@given(st.lists(st.integers(0, 4), min_size=1, max_size=6))
def test_a_move_keeps_every_card_once_or_is_refused_at_the_rule(write, picks):
    # Any list of the player's cards, repeats and all: moved, every card of the deck is still
    # in exactly one place; with a repeat, a PlayError at the statement names the card.
    from ruledsl.runtime.failures import PlayError
    listed = ", ".join(f"hand(player)[{i}]" for i in picks)
    text = (shipped.ROOT / "tests/rulefiles/smoke/move_card_twice.yaml").read_text(encoding="utf-8")
    text = text.replace('"move [c, c] to pile"', f'"move [{listed}] to pile"').replace("c in hand(player)", "c in range(1)")
    game = ruledsl.load_game(write("twice.yaml", text.encode()))
    state = game.new_initial_state(seed=0, players=3)
    if len(set(picks)) < len(picks):
        with pytest.raises(PlayError) as info:
            state.apply_action(state.legal_actions()[0])
        assert info.value.span.line == 13 and "is moved twice in one move" in info.value.message
    else:
        state.apply_action(state.legal_actions()[0])
        cards = [c for zone in state.zones for c in zone]
        assert len(cards) == len(set(cards)) == 52
