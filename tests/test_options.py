"""Options: defaults, defaults that follow other options (issue 18.2: Coteccio's doctor fee is
half the stake, RULES.md §1.2.3 and §7), overrides, and the errors for each."""
import random
from fractions import Fraction
from pathlib import Path

import pytest

import shipped
from ruledsl import OptionError, RuleErrors

ROOT = Path(__file__).parents[1]
COTECCIO = shipped.load(ROOT / "games" / "coteccio.yaml")


def test_the_doctor_fee_follows_the_stake():
    assert COTECCIO.options()["doctor_fee"] == 500              # §7: stake 1000, fee 500
    assert COTECCIO.options({"stake": 2000})["doctor_fee"] == 1000
    assert COTECCIO.options({"stake": "3"})["doctor_fee"] == Fraction(3, 2)     # exact
    assert COTECCIO.options({"stake": 2000, "doctor_fee": 300})["doctor_fee"] == 300   # set: it stays


def test_a_doctor_call_pays_half_the_stake():
    """Random matches until someone calls the doctor: the pool grows by half the stake."""
    for seed in range(200):
        st = COTECCIO.new_initial_state(seed=seed, players=3, options={"stake": 2000})
        rng = random.Random(seed)
        while not st.is_terminal():
            doctor = [a for a in st.legal_actions() if st.action_to_string(a) == "doctor"]
            if doctor:
                pool = st.evaluate("pool")
                st.apply_action(doctor[0])
                assert st.evaluate("pool") == pool + 1000
                return
            st.apply_action(rng.choice(st.legal_actions()))
    pytest.fail("no doctor call in 200 matches")


RULES = """\
name: Options
players: 2
deck: {pack: french-52, keep: [A, K], order: [A, K]}
zones: {won: {owner: player, visible: nobody}}
options:
  base: {default: 6, min: 1}
  half: {default: option.base / 2, min: 1}
  quarter: DEFAULT
hand:
  - deal: {to: each, count: 4}
  - tricks: {follow: suit}
after_hand:
  - when: hand_number >= option.quarter + option.half
    end_match: seats
"""


def test_defaults_follow_in_order(load_rules):
    game = load_rules(RULES.replace("DEFAULT", "option.half / 3"))
    assert game.options() == {"base": 6, "half": 3, "quarter": 1}
    assert game.options({"base": 12}) == {"base": 12, "half": 6, "quarter": 2}
    with pytest.raises(OptionError, match=r"option 'half' must be at least 1, not 1/2"):
        game.options({"base": 1})              # a default that follows is checked like a set value


@pytest.mark.parametrize("default, message", [
    ("option.quarter", "the default of option 'half' depends on itself"),
    ("option.hlaf", "unknown option 'hlaf'"),
    ("dealer + option.base", "the default of option 'quarter' reads 'dealer'"),
    ("option.base + left(0)", "the default of option 'quarter' reads 'left'"),
    ("option.base + len(won(0))", "the default of option 'quarter' reads 'won'"),
])
def test_bad_defaults_are_located_errors(load_rules, default, message):
    text = RULES.replace("DEFAULT", default)
    if default == "option.quarter":
        text = text.replace("option.base / 2", "option.quarter / 2")
    with pytest.raises(RuleErrors) as info:
        load_rules(text)
    (error,) = info.value.errors
    assert error.message == message and error.span.line in (7, 8)


def test_a_default_may_call_the_functions_that_read_nothing_of_the_game(load_rules):
    game = load_rules(RULES.replace("DEFAULT", "max(floor(option.half / 2), 1)"))
    assert game.options()["quarter"] == 1
    assert game.options({"base": 20})["quarter"] == 5


def test_a_quoted_default_is_text(load_rules):
    game = load_rules(RULES.replace("DEFAULT", "'option.base'").replace("option.quarter + ", ""))
    assert game.options()["quarter"] == "option.base"


def test_a_default_that_fails_is_the_files_error_or_the_command_lines(load_rules):
    text = RULES.replace("DEFAULT", "option.base / (option.base - 6)")
    with pytest.raises(RuleErrors) as info:          # with its own defaults: an error of the file
        load_rules(text)
    (error,) = info.value.errors
    assert (error.message, error.span.line, error.span.col) == ("division by zero", 8, 24)
    game = load_rules(text.replace("(option.base - 6)", "(option.base - 5)"))
    with pytest.raises(OptionError, match=r"option 'quarter' follows option.base / \(option.base - 5\), "
                                          r"which fails with base=5: division by zero"):
        game.options({"base": 5})


def test_an_option_given_as_a_whole_number_takes_whole_numbers():
    """language.md §4: the type comes from the default. A whole-number default (choices and
    bounds whole too) takes whole numbers only, and the counters it starts are typed whole, so
    their arithmetic is written plainly (Kozel's chips); a default that follows other options
    may still be a fraction (the doctor fee, above)."""
    kozel = shipped.load(ROOT / "games" / "kozel.yaml")
    assert kozel.options({"chips": "12"})["chips"] == 12
    for value in ("5/2", "2.5", Fraction(5, 2)):
        with pytest.raises(OptionError, match=r"option 'chips' is a whole number, not 5/2"):
            kozel.options({"chips": value})
    types = kozel.program(3).counter_types
    assert all(types[name].only("int") for name in ("chips", "pot", "before"))
    st = kozel.new_initial_state(seed=2, players=3, options={"chips": 7})
    chips = [st.evaluate(f"chips({p})") for p in range(3)]
    assert all(type(c) is int for c in chips) and sum(chips) + st.evaluate("pot") == 3 * 7


def test_an_option_with_a_fraction_in_it_takes_fractions_and_whole_numbers(load_rules):
    game = load_rules(RULES.replace("DEFAULT", "1").replace("option.base / 2", "3/2"))
    assert game.options()["half"] == Fraction(3, 2)
    assert game.options({"half": "5/2"})["half"] == Fraction(5, 2) and game.options({"half": 2})["half"] == 2
